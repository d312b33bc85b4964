/**
 * What a text-message transport is given and must do: Twilio (twilio.server.ts) and the outbox twin (sms.server.ts)
 * implement it, and sms.server.ts chooses one. It imports neither, so no transport and the chooser import each other.
 */

export type OutgoingText = {
  /** The text's own id (the log row's): the twin's file name. */
  id: string
  /** E.164, like '+18015550142'. */
  to: string
  body: string
  /** What the text is about ('claim_booked', 'help', ...): for the outbox page. */
  kind: string
}

export interface SmsTransport {
  name: 'twilio' | 'outbox'
  send(text: OutgoingText): Promise<{ providerMessageId: string }>
}
