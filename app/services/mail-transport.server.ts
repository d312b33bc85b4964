import type { LetterContent, MailingAddress } from '~/domain/letters'

/**
 * What a postal-mail transport is given and must do: Lob (lob.server.ts) and the outbox twin (mail.server.ts) implement
 * it, and mail.server.ts chooses one. It imports neither, so no transport and the chooser import each other.
 */

export type OutgoingLetter = {
  /** The letter's own id: Lob's idempotency key, and the twin's file name. */
  id: string
  template: string
  to: MailingAddress
  from: { name: string; address: string }
  content: LetterContent
  certified: boolean
}

/** `mailedAt`: when the letter goes into the mail (Lob's send date); null: as it is posted (the twin). */
export type PostedLetter = { providerLetterId: string; trackingNumber: string | null; costCents: number | null; mailedAt: string | null }

export interface MailTransport {
  name: 'lob' | 'outbox'
  send(letter: OutgoingLetter): Promise<PostedLetter>
}

/** The same letter as the HTML Lob prints (Lob renders a letter's `file` from HTML). */
export function letterHtml(letter: OutgoingLetter): string {
  const escape = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
  return [
    '<html><body style="font-family: Helvetica, Arial, sans-serif; font-size: 11pt;">',
    `<p style="margin-top: 3.5in;">${escape(letter.content.date)}</p>`,
    `<h1 style="font-size: 13pt;">${escape(letter.content.title)}</h1>`,
    ...letter.content.paragraphs.map((paragraph) => `<p>${escape(paragraph)}</p>`),
    '</body></html>',
  ].join('')
}
