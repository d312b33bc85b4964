/**
 * An e-mail address as we store, compare and send to it: trimmed and lower-cased. The one function for it: sign-in,
 * accounts, shop staff, the configuration's operator list and the e-mail log all compare addresses this way. Pure.
 */
export function normalizeEmail(email: string) {
  return email.trim().toLowerCase()
}

/**
 * How often an e-mail that must arrive (a provider's cancellation notice, a shop's price schedule notice) is tried, the
 * first send included, before the daily job stops and leaves it to the operator, who sees it on their page. One a day:
 * a week of a mail provider's outage is covered. The letters' retries are bounded alike (LETTER_MAX_ATTEMPTS).
 */
export const NOTICE_EMAIL_MAX_ATTEMPTS = 8
