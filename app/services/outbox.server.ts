import fs from 'node:fs'
import path from 'node:path'

import { createId } from '~/db/ids'
import { env } from '~/env.server'
import type { EmailTransport } from '~/services/email-transport.server'

/** One JSON file per message in DATA_DIR/outbox, named so that a plain sort is chronological. */
export const outboxTransport: EmailTransport = {
  name: 'outbox',
  async send(message) {
    const dir = outboxDir()
    fs.mkdirSync(dir, { recursive: true })
    const id = createId(10)
    const createdAt = new Date().toISOString()
    const file = path.join(dir, `${createdAt.replace(/[:.]/g, '-')}-${id}.json`)
    const body = {
      id,
      to: message.to,
      from: message.from,
      subject: message.subject,
      text: message.text,
      html: message.html,
      tag: message.tag,
      createdAt,
    }
    fs.writeFileSync(`${file}.tmp`, JSON.stringify(body, null, 2))
    fs.renameSync(`${file}.tmp`, file) // readers never see half a message
    return { providerMessageId: id }
  },
}

export function outboxDir() {
  return path.join(env().DATA_DIR, 'outbox')
}
