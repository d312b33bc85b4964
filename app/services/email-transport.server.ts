/**
 * What an e-mail transport is given and must do: Postmark (postmark.server.ts) and the outbox on disk
 * (outbox.server.ts) implement it, and email.server.ts chooses one. It imports neither, so no transport and the
 * chooser import each other.
 */

import type { EmailTag } from '~/domain/audit'

export type EmailMessage = {
  to: string
  subject: string
  html: string
  text: string
  /** What kind of e-mail this is ('sign-in', 'claim-approved', ...): for the log, the metrics and Postmark's tag. */
  tag: EmailTag
  /** Sign-in links must not be rewritten by click tracking. */
  trackLinks?: boolean
  /**
   * The account the e-mail is for, recorded on its log row (the data export and the operator's customer page read the
   * history by account). Left out, it is the account that has the address now; null: no account's.
   */
  profileId?: string | null
}

export interface EmailTransport {
  name: 'postmark' | 'outbox'
  send(message: EmailMessage & { from: string }): Promise<{ providerMessageId: string }>
}
