/**
 * An e-mail address as we store, compare and send to it: trimmed and lower-cased. The one function for it: sign-in,
 * accounts, shop staff, the configuration's operator list and the e-mail log all compare addresses this way. Pure.
 */
export function normalizeEmail(email: string) {
  return email.trim().toLowerCase()
}
