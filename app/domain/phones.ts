import { parsePhoneNumberFromString } from 'libphonenumber-js'

/**
 * Customers' phone numbers: stored in E.164 ('+18015550142'), so a shop's dialer, a search and a comparison all see
 * one spelling whatever punctuation was typed, and shown in the US national format ('(801) 555-0142').
 */

/** A US number as typed (any punctuation, with or without +1) in E.164; null when it is not a valid US number. */
export function toE164UsPhone(value: string): string | null {
  const parsed = parsePhoneNumberFromString(value, 'US')
  // An extension has no place in E.164, and a foreign number is not one a US shop calls.
  if (!parsed || !parsed.isValid() || parsed.country !== 'US' || parsed.ext) return null
  return parsed.number
}

/** '+18015550142' → '(801) 555-0142'. Numbers saved before they were normalised are shown as they were typed. */
export function formatPhone(stored: string): string {
  const parsed = parsePhoneNumberFromString(stored, 'US')
  return parsed?.isValid() && parsed.country === 'US' ? parsed.formatNational() : stored
}

/** The href that dials a stored number ('tel:+18015550142'). */
export function phoneHref(stored: string): string {
  return `tel:${toE164UsPhone(stored) ?? stored.replace(/[^\d+]/g, '')}`
}

/** How a shop will reach the customer, in a sentence's words: by phone when they gave one, else by e-mail. */
export function reachInWords(contact: { phone: string | null; email: string }): string {
  return contact.phone ? `by phone at ${formatPhone(contact.phone)}` : `by e-mail at ${contact.email}`
}

/** The NANP's toll-free area codes. */
const TOLL_FREE_AREA_CODES = ['800', '833', '844', '855', '866', '877', '888']

/** Whether a number as typed is a US toll-free one (a statute asking for a toll-free number accepts no other). */
export function isTollFreeUsPhone(value: string): boolean {
  const parsed = parsePhoneNumberFromString(value, 'US')
  if (!parsed || parsed.countryCallingCode !== '1' || parsed.ext) return false
  const national = String(parsed.nationalNumber)
  return national.length === 10 && TOLL_FREE_AREA_CODES.includes(national.slice(0, 3))
}

/**
 * A number that can take claim texts, as typed, in E.164; null when it cannot: not a valid US number, or a toll-free
 * one (toll-free numbers are not mobiles, and text providers send to them only under their own registration).
 */
export function toE164TextPhone(value: string): string | null {
  const e164 = toE164UsPhone(value)
  return e164 && !isTollFreeUsPhone(e164) ? e164 : null
}
