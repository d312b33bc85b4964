/**
 * The user-facing messages of SPEC §8 (and the few of ours beside them), written once. Forms, models, routes, e-mails
 * and the demo import them from here, so the same situation reads the same everywhere.
 */
import { formatLongDate } from './format'

export type Message = { readonly title: string; readonly description: string }
export type ToastType = 'success' | 'error' | 'info'
export type ToastMessage = { type: ToastType; title: string; description?: string }

// --- signing in and whose data it is -------------------------------------------------------------------------------
export const PLEASE_LOG_IN = 'Please Log In'
export const POLICY_NOT_FOUND: Message = { title: 'Policy Not Found', description: 'Unable to find the specified policy' }
export const POLICY_NOT_ACTIVE: Message = { title: 'Policy Not Active', description: 'This policy is not active or not yet completed' }

// --- signup and checkout ------------------------------------------------------------------------------------------
export const ADAS_REQUIRED: Message = {
  title: 'ADAS Selection Required',
  description: 'Please select whether your vehicle has ADAS features.',
}
export const TERMS_REQUIRED: Message = {
  title: 'Terms of Service Required',
  description: 'Please accept the Terms of Service to continue.',
}
export const PRICING_ERROR: Message = { title: 'Pricing Error', description: 'Unable to load pricing. Please refresh the page.' }
export const PRICE_CHANGED: Message = {
  title: 'Pricing Error',
  description: 'The price of this plan has changed. Please check the price shown and subscribe again.',
}
export const CHECKOUT_ERROR: Message = { title: 'Checkout Error', description: 'Failed to create checkout session. Please try again.' }
export const UNKNOWN_PLAN = 'Please choose one of our plans.'

// --- cancellation (SPEC §2 dashboard wording; the server's refusals use the same strings) ------------------------
export const CANCEL_CONFIRM_TITLE = 'Are you sure?'
export const CANCEL_CONFIRM_TEXT =
  'This will cancel your policy. You will lose coverage and any active claims may be affected. This action cannot be undone.'

export function commitmentNote(initialTermEndsAt: string) {
  return `Annual commitment until ${formatLongDate(initialTermEndsAt)}. Cancellation available after this date.`
}

// --- claims -------------------------------------------------------------------------------------------------------
export const PHOTOS_REQUIRED: Message = { title: 'Photos Required', description: 'Please upload at least one photo of the damage.' }
export const DESCRIPTION_REQUIRED: Message = {
  title: 'Description Required',
  description: 'Please provide a description of what happened.',
}
export const MISSING_INFORMATION: Message = { title: 'Error', description: 'Missing required information' }
export const SUBMIT_FAILED: Message = { title: 'Error', description: 'Failed to submit claim' }
export const CHIP_ONLY_NOTE = 'Your chip repair plan covers chip damage only.'
export const NOT_COVERED: Message = { title: 'Not Covered', description: CHIP_ONLY_NOTE }
export const DAMAGE_DATE_REQUIRED = 'Please enter the date the damage happened.'
export const DAMAGE_DATE_FUTURE: Message = { title: 'Check the Date', description: 'The damage date cannot be in the future.' }
export const INVOICE_REQUIRED: Message = { title: 'Invoice Required', description: 'Please upload an invoice photo.' }
export const REPAIR_PHOTOS_REQUIRED: Message = { title: 'Repair Photos Required', description: 'Please upload at least one repair photo.' }
/** The shop's banner when both are missing: one title for the two, and both messages. */
export const INVOICE_AND_REPAIR_PHOTOS_REQUIRED: Message = {
  title: 'Invoice and Repair Photos Required',
  description: `${INVOICE_REQUIRED.description} ${REPAIR_PHOTOS_REQUIRED.description}`,
}

/** A form's field errors, as Conform reports them: field name → messages. */
export type FieldErrors = Partial<Record<string, string[] | null | undefined>>

/**
 * The one toast a refused form shows: the first problem in the form's own order (SPEC names an order per form). Each
 * entry maps a field to its toast; the message next to the field stays the field's own. Anything else falls back to
 * `fallback`'s title with the first field message (SPEC §8: "'Error' with message").
 */
export function firstProblemToast(errors: FieldErrors, order: [field: string, toast: Message][], fallback: Message): ToastMessage {
  for (const [field, toast] of order) {
    if (errors[field]?.length) return { type: 'error', title: toast.title, description: toast.description }
  }
  const first = Object.values(errors).flatMap((messages) => messages ?? [])[0]
  return { type: 'error', title: fallback.title, description: first ?? fallback.description }
}

/** The claim form's order (SPEC §5 "Claim form"): who and which policy, then photos, description, what is covered. */
export const CLAIM_FORM_PROBLEMS: [string, Message][] = [
  ['policyId', MISSING_INFORMATION],
  ['photos', PHOTOS_REQUIRED],
  ['description', DESCRIPTION_REQUIRED],
  ['damageType', NOT_COVERED],
]

/**
 * What a claim's confirmation code is for, by the claim's state (issue 12 item 3): SPEC's 'Give this to the shop' only
 * while a shop can act on it (approved).
 */
export function confirmationCodeHint(approvalStatus: string) {
  switch (approvalStatus) {
    case 'approved':
      return 'Give this to the shop'
    case 'pending_review':
      return 'Your claim’s reference. Once the claim is approved, give it to the shop.'
    case 'completed':
      return 'Your claim’s reference. The repair is done.'
    case 'denied':
      return 'Your claim’s reference, if you write to us about this claim.'
    default:
      return 'Your claim’s reference.'
  }
}
