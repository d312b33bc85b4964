import { parsePhoneNumberFromString } from 'libphonenumber-js'
import { type NumberType, parsePhoneNumberFromString as parseWithTypes } from 'libphonenumber-js/max'

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

/** The last number phoneHref was asked about and its href: every page's footer asks it about the support line. */
let lastHref = { stored: '', href: 'tel:' }

/**
 * The href that dials a stored number ('tel:+18015550142'). The support line's is kept: parsing a number costs about
 * as much as reading a public page's stored figures (docs/benchmarks.md), and every page's footer shows it.
 */
export function phoneHref(stored: string): string {
  if (lastHref.stored !== stored) lastHref = { stored, href: `tel:${toE164UsPhone(stored) ?? stored.replace(/[^\d+]/g, '')}` }
  return lastHref.href
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

/** Why a typed number cannot take claim texts (TEXT_MESSAGES.phoneRefused words each one for the customer). */
export type TextPhoneRefusal = 'invalid' | 'premium' | 'toll_free' | 'shared_cost' | 'personal' | 'voip' | 'landline' | 'not_mobile'

/**
 * The number type's verdict for texts. Only a mobile can take them: in the US the metadata cannot tell a mobile from
 * a landline (both are FIXED_LINE_OR_MOBILE), so that type is let through, and the code texted to the number before
 * any claim text is what proves it reaches a phone. A type the metadata does name as not a mobile is refused.
 */
export function textPhoneTypeRefusal(type: NumberType): TextPhoneRefusal | null {
  switch (type) {
    case 'MOBILE':
    case 'FIXED_LINE_OR_MOBILE':
      return null
    case 'PREMIUM_RATE':
      return 'premium'
    case 'TOLL_FREE':
      return 'toll_free'
    case 'SHARED_COST':
      return 'shared_cost'
    case 'PERSONAL_NUMBER':
    case 'UAN':
      return 'personal'
    case 'VOIP':
      return 'voip'
    case 'FIXED_LINE':
      return 'landline'
    default:
      return 'not_mobile'
  }
}

/**
 * A typed number checked for claim texts: its E.164 form, or why it cannot take them. The type comes from the `max`
 * metadata set (libphonenumber-js/max), the one that carries every number type's full pattern; a premium-rate +1 900,
 * a toll-free or a 5XX personal-service number is refused, since a text to one may cost us or reach no phone.
 */
export function checkTextPhone(value: string): { e164: string } | { refused: TextPhoneRefusal } {
  const e164 = toE164UsPhone(value)
  const parsed = e164 ? parseWithTypes(e164) : undefined
  if (!e164 || !parsed?.isValid() || parsed.country !== 'US') return { refused: 'invalid' }
  const refused = textPhoneTypeRefusal(parsed.getType())
  return refused ? { refused } : { e164 }
}

/** A number that can take claim texts, as typed, in E.164; null when it cannot (checkTextPhone says why). */
export function toE164TextPhone(value: string): string | null {
  const checked = checkTextPhone(value)
  return 'e164' in checked ? checked.e164 : null
}
