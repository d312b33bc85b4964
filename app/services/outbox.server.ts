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
    const file = path.join(dir, `${outboxFileName(createdAt, id)}.json`)
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
    writeWhole(file, JSON.stringify(body, null, 2))
    return { providerMessageId: id }
  },
}

export function outboxDir() {
  return path.join(env().DATA_DIR, 'outbox')
}

/** An outbox file's name without its extension, which a plain sort keeps in time order: `<createdAt>-<id>`. */
export function outboxFileName(createdAt: string, id: string) {
  return `${createdAt.replace(/[:.]/g, '-')}-${id}`
}

/** Writes the file under a temporary name and renames it when complete: the outbox's readers never see half of one. */
export function writeWhole(file: string, content: string | Buffer) {
  fs.writeFileSync(`${file}.tmp`, content)
  fs.renameSync(`${file}.tmp`, file)
}
