import fs from 'node:fs'
import path from 'node:path'

import { env } from '~/env.server'

import { outboxDir, outboxFileName, writeWhole } from './outbox.server'
import type { SmsTransport } from './sms-transport.server'
import { swappableAdapter } from './swappable-adapter.server'

/**
 * The text-message adapter: Twilio when TWILIO_* is set, otherwise an offline twin that writes each text as a JSON
 * file into the local outbox (listed at /dev/outbox). Both take the same text; app/models/people/texts.server.ts records what
 * came back.
 */

export function textsDir() {
  return path.join(outboxDir(), 'texts')
}

/** One JSON file per text in DATA_DIR/outbox/texts, named so that a plain sort is chronological. */
export const outboxSmsTransport: SmsTransport = {
  name: 'outbox',
  async send(text) {
    const dir = textsDir()
    fs.mkdirSync(dir, { recursive: true })
    const createdAt = new Date().toISOString()
    const file = path.join(dir, `${outboxFileName(createdAt, text.id)}.json`)
    writeWhole(file, JSON.stringify({ id: text.id, to: text.to, body: text.body, kind: text.kind, createdAt }, null, 2))
    return { providerMessageId: `outbox:${text.id}` }
  },
}

const transport = swappableAdapter<SmsTransport>(async () => {
  const config = env()
  if (config.sms !== 'twilio') return outboxSmsTransport
  const { twilioTransport } = await import('./twilio.server')
  return twilioTransport({
    accountSid: config.TWILIO_ACCOUNT_SID!,
    authToken: config.TWILIO_AUTH_TOKEN!,
    from: config.TWILIO_FROM_NUMBER!,
    apiUrl: config.TWILIO_API_URL,
  })
})

export const smsTransport = transport.get
/** Tests may swap the transport (e.g. the Twilio SDK pointed at a local fake). */
export const setSmsTransport = transport.set
