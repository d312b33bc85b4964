/** A text message's lists, safe in the browser (the text_messages table's columns read them). */

/** What became of a text: handed to the provider (or the outbox), or refused before it was sent (no consent, a stop). */
export const TEXT_MESSAGE_STATUSES = ['sent', 'refused'] as const
export type TextMessageStatus = (typeof TEXT_MESSAGE_STATUSES)[number]
