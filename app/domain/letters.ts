/**
 * Paper letters: the address they go to, what they say, and which kinds there are. Plain data, no I/O; the postal
 * adapter (services/mail.server.ts) posts them and the letters model (models/letters.server.ts) records each.
 */

/** A US postal address, as a letter is addressed. */
export type MailingAddress = { name: string; line1: string; line2: string | null; city: string; state: string; zip: string }

/** What a letter says: a title, its date line and its paragraphs (plain text). */
export type LetterContent = { title: string; date: string; paragraphs: string[] }

/** The kinds of letter, for the record and the outbox (one name per template, like the e-mail tags). */
export const LETTER_TEMPLATES = {
  'provider-cancellation': 'Notice that the provider cancels the plan',
  'renewal-notice': 'Notice of the coming renewal',
  'paper-copy': 'Paper copy of a notice (electronic delivery withdrawn)',
} as const
export type LetterTemplate = keyof typeof LETTER_TEMPLATES

/** How often the daily job tries a letter the provider refused before it waits for the operator alone. */
export const LETTER_MAX_ATTEMPTS = 8

export function addressLines(address: MailingAddress): string[] {
  return [address.name, address.line1, ...(address.line2 ? [address.line2] : []), `${address.city}, ${address.state} ${address.zip}`]
}

/** A stored address (JSON text), or null when none is stored or it is unusable. */
export function parseMailingAddress(stored: string | null | undefined): MailingAddress | null {
  if (!stored) return null
  try {
    const value = JSON.parse(stored) as Partial<MailingAddress>
    if (!value.name || !value.line1 || !value.city || !value.state || !value.zip) return null
    return { name: value.name, line1: value.line1, line2: value.line2 ?? null, city: value.city, state: value.state, zip: value.zip }
  } catch {
    return null
  }
}
