/** A text message's lists and the reading of a reply, safe in the browser (the text_messages table's columns read them). */

/**
 * What became of a text: handed to the provider (or the outbox); refused (by the provider, or before it was sent);
 * queued past the day's cap for the daily job to send; or told by e-mail instead, when the cap was reached and its
 * news could not wait (app/models/people/texts.server.ts).
 */
export const TEXT_MESSAGE_STATUSES = ['sent', 'refused', 'queued', 'emailed'] as const
export type TextMessageStatus = (typeof TEXT_MESSAGE_STATUSES)[number]

/**
 * The texts one brand may send in a day (a calendar day in Pacific time, when T-Mobile's count starts again): 2,000
 * is what carriers allow a 10DLC brand that is registered but not vetted. A vetted brand is allowed more, and the
 * operator raises TEXTS_DAILY_CAP to its figure (docs/operating.md).
 */
export const UNVETTED_BRAND_DAILY_TEXTS = 2_000
export const TEXTS_CAP_ZONE = 'America/Los_Angeles'

export type ReplyKeyword = 'stop' | 'help' | 'start' | 'other'

/**
 * The words that stop texts wherever they stand in a reply (47 CFR §64.1200(a)(10): a reply using "stop", "quit",
 * "end", "revoke", "opt out", "cancel" or "unsubscribe" revokes consent, and so does any other reasonable way of
 * saying it). When in doubt a reply stops: a wrong stop costs the customer one click on the dashboard, a missed one
 * is a text sent without consent.
 */
const STOP_PATTERNS = [
  /\bstop\b/,
  /\bstopall\b/,
  /\bquit\b/,
  /\bend\b/,
  /\brevoke\b/,
  /\bopt ?out\b/,
  /\bcancel\b/,
  /\bunsubscribe\b/,
  /\bremove me\b/,
  /\bdo not text\b/,
  /\bdont text\b/,
  /\bno more texts?\b/,
]
const HELP_PATTERNS = [/\bhelp\b/, /\binfo\b/]
/** A whole reply that confirms a number waiting for its code (docs/decisions/100-texts-number-confirmed-first.md). */
const START_REPLIES = new Set(['start', 'unstop', 'yes'])

/**
 * The words Twilio itself takes as an opt-out when a reply is only that word (any case, spaces around it): it blocks
 * the number and sends its own confirmation, so ours is not sent a second time.
 */
const PROVIDER_STOP_WORDS = new Set(['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'REVOKE', 'OPTOUT'])

/** The reply in lower case, its punctuation turned to spaces and apostrophes dropped ("Don't" → "dont", "opt-out" → "opt out"). */
function wordsOf(body: string) {
  return body
    .toLowerCase()
    .replace(/['’‘`]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
}

/** What a reply asks for: a stop wherever a stop word stands (before anything else), help, a YES to a code, or nothing. */
export function replyKeyword(body: string): ReplyKeyword {
  const words = wordsOf(body)
  if (STOP_PATTERNS.some((pattern) => pattern.test(words))) return 'stop'
  if (HELP_PATTERNS.some((pattern) => pattern.test(words))) return 'help'
  if (START_REPLIES.has(words)) return 'start'
  return 'other'
}

/**
 * Whether the provider has already confirmed this stop: Twilio's webhook says so (OptOutType, with Advanced Opt-Out),
 * or the reply is one of its own single words. Then a confirmation of ours would be a second one (and Twilio refuses
 * it, the number being blocked).
 */
export function providerConfirmedStop(body: string, optOutType: string | undefined) {
  return optOutType?.toUpperCase() === 'STOP' || PROVIDER_STOP_WORDS.has(body.trim().toUpperCase())
}
