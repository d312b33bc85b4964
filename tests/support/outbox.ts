import fs from 'node:fs'
import path from 'node:path'

import type { EmailTransport } from '~/services/email-transport.server'
import { outboxTransport } from '~/services/outbox.server'

export type OutboxEmail = {
  id: string
  to: string
  from: string
  subject: string
  text: string
  html: string
  tag: string
  createdAt: string
}

/** E-mails the app wrote to the outbox for this address, newest first. */
export function outboxFor(to: string, dataDir = process.env.DATA_DIR!): OutboxEmail[] {
  const dir = path.join(dataDir, 'outbox')
  if (!fs.existsSync(dir)) return []
  return fs
    .readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .reverse()
    .map((file) => JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as OutboxEmail)
    .filter((email) => email.to.toLowerCase().includes(to.toLowerCase()))
}

export type OutboxText = { id: string; to: string; body: string; kind: string; createdAt: string }

/** Texts the offline twin wrote for this number (E.164) to DATA_DIR/outbox/texts, newest first. */
export function outboxTextsFor(to: string, dataDir = process.env.DATA_DIR!): OutboxText[] {
  const dir = path.join(dataDir, 'outbox', 'texts')
  if (!fs.existsSync(dir)) return []
  return fs
    .readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .reverse()
    .map((file) => JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as OutboxText)
    .filter((text) => text.to === to)
}

/**
 * An e-mail transport that refuses what it is given, as Postmark failing: every e-mail, or only those to `addresses`
 * (the rest go to the outbox). Install it with `setEmailTransport`; `setEmailTransport(undefined)` recovers.
 */
export function failingEmailTransport(addresses?: readonly string[]): EmailTransport {
  return {
    name: 'postmark',
    send: (message) =>
      !addresses || addresses.some((address) => address.toLowerCase() === message.to.toLowerCase())
        ? Promise.reject(new Error('the mail provider is unavailable'))
        : outboxTransport.send(message),
  }
}
