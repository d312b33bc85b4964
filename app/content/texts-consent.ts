/**
 * What a customer agrees to when they ask for text messages about their claims, shown beside the checkbox on the
 * dashboard. The consent record keeps the version; change the words → a new version (keep the old one's text beside
 * it, so a record can always be read against what was shown).
 */
export const TEXTS_CONSENT_VERSION = 'texts-2026-1'

export const TEXTS_CONSENT_LABEL = 'Text me about my claims'

/** The words shown with the checkbox, for the support line that answers HELP. */
export function textsConsentText(supportPhone: string): string[] {
  return [
    'Glass Plan will text this mobile number when your claim is decided, when your appointment is booked, when the technician is on the way and when the work is done: up to about five texts per claim.',
    'Message and data rates may apply. Agreeing is not a condition of buying or using a plan.',
    `Reply STOP to end texts at any time, or HELP for help; or call ${supportPhone}.`,
  ]
}
