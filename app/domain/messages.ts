/**
 * Every message a person reads when a form or a rule answers them — the product's own and ours beside them — written
 * once and grouped by area. Forms, validation schemas, models, routes, e-mails and the demo import them from here, so
 * the same situation reads the same everywhere. (Page copy — headings, marketing, terms — lives in `app/content/`.)
 */
import { ANSWER_PROMISE, APPROVAL_STATUS_LABELS, type ApprovalStatus, type ChipCount, type DamageSize, type WindshieldZone } from './claims'
import { formatLongDate, formatPrice } from './format'
import { paidThroughStripe } from './payouts'
import type { KeptRecordKind } from './state-rules'
import { MAX_ADDITIONAL_PHOTOS, MAX_REPAIR_PHOTOS, type RequiredPhotoType } from './uploads'
import { MIN_VEHICLE_YEAR } from './vehicles'

export type Message = { readonly title: string; readonly description: string }
/** A toast's kinds; one shows as `info` when it names none. */
export const TOAST_TYPES = ['success', 'error', 'info'] as const
export type ToastType = (typeof TOAST_TYPES)[number]
/** A toast: a flash message after a redirect (app/toast.server.ts) or an action's own (app/components/toast.tsx). */
export type ToastMessage = { type?: ToastType; title: string; description?: string }

// --- signing in and whose data it is -------------------------------------------------------------------------------
export const PLEASE_LOG_IN = 'Please Log In'
/** Anything that is not there, or not this person's: one wording, answered with the 404 page (`notFound()`). */
export const NOT_FOUND = 'Not found'
export const INVALID_EMAIL = { title: 'Validation Error', description: 'Please enter a valid email address' } as const
export const LINK_SENT = { title: 'Check your email!', description: "We've sent you a magic link to sign in." } as const
export const SIGNED_OUT = { title: 'Signed out', description: "You've been successfully logged out." } as const
export const UNEXPECTED_ERROR = 'An unexpected error occurred. Please try again.'
export const PROFILE_NOT_FOUND = 'Profile not found'
export const signedOutElsewhere = (ended: number): Message => ({
  title: 'Signed out of other devices',
  description: ended === 0 ? 'You were not signed in anywhere else.' : `Ended ${ended} other ${ended === 1 ? 'session' : 'sessions'}.`,
})
/** The dashboard when its policies could not be read. */
export const DASHBOARD_LOAD_FAILED: Message = { title: 'Failed to load your policies', description: 'Please refresh the page in a moment.' }
/** A limit on sign-in e-mails or code attempts said no: the toast's title; its message says how long to wait. */
export const TOO_MANY_REQUESTS = 'Too many requests'
export const TOO_MANY_ATTEMPTS = 'Too many attempts'
export const SIGN_IN_FAILED = 'Sign-in failed'
export const LINK_NOT_SENT: Message = {
  title: 'Error',
  description: "We couldn't send the login e-mail just now. Please try again in a moment.",
}
export const CODE_FORMAT = 'Enter the 6-digit code from the e-mail'
export const POLICY_NOT_FOUND: Message = { title: 'Policy Not Found', description: 'Unable to find the specified policy' }
export const NO_POLICY_ID = 'No policy ID provided'
export const SETUP_ALREADY_COMPLETE: Message = { title: 'Already Complete', description: 'This policy is already set up.' }
export const POLICY_CANCELLED: Message = { title: 'Policy Cancelled', description: 'This policy has been cancelled' }
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

// --- cancellation (the dashboard's wording; the server's refusals use the same strings) ---------------------------
export const CANCEL_CONFIRM_TITLE = 'Are you sure?'
export const CANCEL_CONFIRM_TEXT =
  'This will cancel your policy. You will lose coverage and any active claims may be affected. This action cannot be undone.'

export const CANCEL_SUCCESS = { title: 'Policy Cancelled', description: 'Your policy has been successfully cancelled.' }
export const CANCEL_FAILED = 'Failed to cancel policy. Please try again.'
export const ALREADY_CANCELED = 'This policy has been cancelled.'
export const CANCEL_NOW_INSTEAD = 'Your commitment has ended: you can cancel this policy now instead.'
export const RENEWAL_NOT_CHANGED = 'Failed to change renewal. Please try again.'
export const BILLING_UNAVAILABLE = 'Unable to open billing right now. Please try again.'
export const RENEWAL_ON: Message = {
  title: 'Renewal turned on',
  description: 'Your policy will renew month to month after your commitment.',
}
export const renewalOff = (endsAt: string): Message => ({
  title: 'Renewal turned off',
  description: `Your policy will end on ${formatLongDate(endsAt)}.`,
})
/** Stripe (or the local adapter) did not cancel: one sentence, the toast's title and its message. */
export const CANCEL_NOT_DONE: Message = { title: CANCEL_FAILED, description: CANCEL_FAILED }
/** A cancellation or renewal change the rules do not allow now: `description` says why. */
export const cancelRefused = (description: string): Message => ({ title: 'Request not possible', description })

export function commitmentNote(initialTermEndsAt: string) {
  return `Annual commitment until ${formatLongDate(initialTermEndsAt)}. Cancellation available after this date.`
}

/**
 * A cancellation with a refund the customer's state gives them (app/domain/state-rules.ts): the amount, said before
 * they confirm and after, and how it was computed, in plain words. Amounts come formatted ('$19.99').
 */
export const REFUND_MESSAGES = {
  willBeRefunded: (amount: string) => `You will be refunded ${amount}.`,
  noRefund: 'No refund is due for this cancellation.',
  anyTime: 'Your state lets you cancel this plan at any time.',
  freeLook: (days: number, paid: string) => `You are within the ${days}-day free look: you get back everything you paid (${paid})`,
  proRata: (unusedDays: number, periodDays: number, gross: string, percent = 100) =>
    percent === 100
      ? `You get back the unused part of your current payment: ${unusedDays} of its ${periodDays} days, ${gross}`
      : `You get back ${percent} % of the unused part of your current payment: ${unusedDays} of its ${periodDays} days, ${gross}`,
  lessClaims: (amount: string) => `less ${amount} the plan paid shops for your claims`,
  lessFee: (amount: string) => `less a ${amount} cancellation fee`,
  /** A monthly payer's service credit still on their Stripe balance goes back with the cancellation. */
  plusBalanceCredit: (amount: string) => `plus ${amount} of service credit still on your account`,
  /** Earlier refunds (a yearly payer's credit paid back to the card) left less on the charges than the rule gives. */
  lessAlreadyRefunded: (amount: string) => `less ${amount} your card payments no longer hold because it was refunded to you already`,
  /** Only a credit goes back: no payment is refunded under the state's rules. */
  balanceCreditOnly: (amount: string) => `You get back the ${amount} of service credit still on your account`,
  refunded: (amount: string) => `Refund of ${amount}`,
  /** A late refund pays the state's penalty on top. */
  withPenalty: (penalty: string) => `It includes ${penalty} your state adds for a refund paid after its deadline.`,
  /** The part of a penalty above what the card's payments could take back (a refund never exceeds its charge). */
  penaltyByHand: (part: string) =>
    `${part} of it is more than your card payments can take back, so it does not reach your card: we pay it to you separately.`,
  status: {
    unsettled: 'to be worked out',
    pending: 'on its way',
    succeeded: 'paid back to your card',
    failed: 'being retried',
  } as const,
  /** The cancellation went through while the payments provider could not be asked. */
  unsettled:
    'Your policy is cancelled. Our payment provider could not be reached, so your refund will be worked out as of the moment you cancelled and paid within a few days; we will e-mail you the amount.',
  /** In local mode no card was charged: the refund is recorded, nothing moves. */
  localNote: 'Test mode: no card was charged, so the refund is recorded only.',
  quoteFailed:
    'We could not work out your refund just now. You can still cancel: your refund is then worked out as of the moment you cancel and paid within a few days.',
}

/** The refund explained: the rule, then each deduction. */
export function refundExplanation(refund: {
  rule: 'free_look' | 'pro_rata'
  freeLookDays: number
  /** The share of the unused amount a later refund gives (Florida: 90). */
  laterRefundPercent?: number
  grossCents: number
  claimsDeductedCents: number
  feeCents: number
  unusedDays: number | null
  periodDays: number | null
  balanceCreditCents?: number
  nettedCents?: number
}) {
  const credit = refund.balanceCreditCents ?? 0
  const parts =
    refund.grossCents === 0 && credit > 0
      ? [REFUND_MESSAGES.balanceCreditOnly(formatPrice(credit))]
      : [
          refund.rule === 'free_look'
            ? REFUND_MESSAGES.freeLook(refund.freeLookDays, formatPrice(refund.grossCents))
            : REFUND_MESSAGES.proRata(
                refund.unusedDays ?? 0,
                refund.periodDays ?? 0,
                formatPrice(refund.grossCents),
                refund.laterRefundPercent,
              ),
        ]
  if (refund.claimsDeductedCents > 0) parts.push(REFUND_MESSAGES.lessClaims(formatPrice(refund.claimsDeductedCents)))
  if (refund.feeCents > 0) parts.push(REFUND_MESSAGES.lessFee(formatPrice(refund.feeCents)))
  if (credit > 0 && refund.grossCents > 0) parts.push(REFUND_MESSAGES.plusBalanceCredit(formatPrice(credit)))
  if ((refund.nettedCents ?? 0) > 0) parts.push(REFUND_MESSAGES.lessAlreadyRefunded(formatPrice(refund.nettedCents ?? 0)))
  return `${parts.join(', ')}.`
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
/** Any typed day that is written right but is not on the calendar (2026-02-30, 2026-13-01): said by its field. */
export const NOT_A_CALENDAR_DAY = 'There is no such day on the calendar: check the month and the day.'
export const DAMAGE_DATE_FUTURE: Message = { title: 'Check the Date', description: 'The damage date cannot be in the future.' }
export const VEHICLE_ZIP_UNKNOWN: Message = {
  title: 'Check the ZIP Code',
  description: 'That ZIP code does not exist. Check the five digits.',
}
export const INVOICE_REQUIRED: Message = { title: 'Invoice Required', description: 'Please upload an invoice photo.' }
export const TOO_MANY_REPAIR_PHOTOS: Message = {
  title: 'Too Many Photos',
  description: `Please upload no more than ${MAX_REPAIR_PHOTOS} repair photos.`,
}
export const REPAIR_PHOTOS_REQUIRED: Message = { title: 'Repair Photos Required', description: 'Please upload at least one repair photo.' }
/** Every image slot is taken and the queue is full (answered 503 with Retry-After): nothing of the form was kept. */
export const IMAGES_BUSY: Message = {
  title: 'Busy With Other Photos',
  description: 'We are busy processing other photos right now. Please wait a few seconds and send the form again.',
}
export const tooManyClaimPhotos = (max: number): Message => ({
  title: 'Too Many Photos',
  description: `Please upload no more than ${max} photos.`,
})
export const TOO_MANY_CLAIMS: Message = {
  title: 'Too Many Claims',
  description: 'You have filed many claims in a short time. Please try again later or contact support.',
}
/** The claim forms' own field messages (the schemas in app/validation/claims.ts). */
export const CLAIM_FIELD_MESSAGES = {
  damageType: 'Please choose the type of damage.',
  damageSize: 'Please choose the size of the damage.',
  inLineOfSight: 'Please tell us whether the damage is in the driver’s line of sight.',
  chipCount: 'Please choose how many chips there are.',
  damageZone: 'Please choose where on the windshield the damage is.',
  descriptionTooLong: 'Please keep the description under 4,000 characters.',
  appeal: 'Please tell us why the decision should change.',
  appealTooShort: 'Please tell us why the decision should change (at least 10 characters).',
  appealTooLong: 'Please keep the appeal under 4,000 characters.',
  partnerGroup: 'Please choose a partner group.',
  reasonTooLong: 'Please keep the reason under 2,000 characters.',
  repairType: 'Please choose the service type.',
  actualCost: 'Enter the cost in dollars and cents, like 89.50.',
  notesTooLong: 'Please keep the notes under 4,000 characters.',
} as const
/** A refused appeal form: the title, with the field's message (or `description` when there is none). */
export const APPEAL_REQUIRED: Message = { title: 'Appeal Required', description: 'Please check the form.' }
export const APPEAL_SUBMITTED: Message = {
  title: 'Appeal Submitted',
  description: 'Your claim is back in review. We decide appeals within 30 days and will e-mail you.',
}
/** The service-promise credit and the operator's credits (app/models/money/credits.server.ts). */
export const CREDIT_MESSAGES = {
  missedPromise: (code: string) =>
    `We missed our service promise on claim ${code} (chip repair within 24 hours of approval; replacement within 3 business days), so we credit you one month's price.`,
  howPaid: {
    stripe_balance: 'It is taken off your next invoice.',
    stripe_refund: 'You pay yearly, so we refund it to the card you paid with. Your bank may take 5 to 10 business days to show it.',
    local_ledger: 'It is recorded on your account and taken off your next payment.',
  },
  stateNames: { pending: 'Due: being paid', applied: 'Paid', waived: 'Waived' },
  reasonRequired: 'Please give the reason for the credit (the customer reads it).',
  amountInvalid: (max: string) => `Enter an amount in dollars, more than $0 and at most ${max}.`,
  waiveReasonRequired: 'Please give the reason for waiving this credit.',
  added: { title: 'Credit Added', description: 'The credit is recorded and paid (or retried daily if the payments provider refuses it).' },
  formExpired: 'This form has expired: reload the page and add the credit again.',
  waived: { title: 'Credit Waived', description: 'The credit will not be paid.' },
  notWaivable: { title: 'Cannot Waive', description: 'Only a credit not yet paid can be waived.' },
} as const

/** The repair-failure guarantee ("My repair failed"), filed from a repaired claim. */
export const REPAIR_FAILURE_MESSAGES = {
  notARepair: {
    title: 'Not a Repair',
    description: 'Only a chip we repaired can be claimed under the repair guarantee, once the shop has completed it.',
  },
  outsideWindow: (months: number, ended: string): Message => ({
    title: 'Guarantee Ended',
    description: `The repair guarantee lasts ${months} months after the repair; for this repair it ended on ${formatLongDate(ended)}. File a new claim instead.`,
  }),
  alreadyFiled: {
    title: 'Already Filed',
    description: 'A repair-failure claim for this repair is already open or was approved. You can follow it on your dashboard.',
  },
  filed: {
    title: 'Claim Filed',
    description: 'Your repair-failure claim is filed. We e-mail you when it is decided, and it does not use your plan year’s replacement.',
  },
  /** The claim card's offer, under a completed chip repair. */
  offer: (months: number, until: string) =>
    `Did the repaired chip crack? Our repairs are guaranteed for ${months} months: until ${formatLongDate(until)}, a replacement is covered on your plan and does not use your plan year’s replacement.`,
  /** The claim card of a guarantee claim, and the shop's note. */
  reworkOf: (code: string) => `Repair-failure claim for the chip repaired under claim ${code}.`,
  shopRework: (code: string, repairedOn: string, zone?: string) =>
    `Rework: your shop repaired this chip under claim ${code} on ${formatLongDate(repairedOn, '', zone)}, and the repair failed. The replacement is covered by the repair guarantee.`,
} as const
export const APPEAL_ONLY_DENIED: Message = {
  title: 'Appeal Not Possible',
  description: 'Only a denied claim can be appealed, once, within 14 days of the decision.',
}
export const appealNotPossible = (windowDays: number): Message => ({
  title: 'Appeal Not Possible',
  description: `This claim can no longer be appealed. Denials may be appealed once, within ${windowDays} days.`,
})
/** The shop's banner when both are missing: one title for the two, and both messages. */
export const INVOICE_AND_REPAIR_PHOTOS_REQUIRED: Message = {
  title: 'Invoice and Repair Photos Required',
  description: `${INVOICE_REQUIRED.description} ${REPAIR_PHOTOS_REQUIRED.description}`,
}

/** A form's field errors, as Conform reports them: field name → messages. */
export type FieldErrors = Partial<Record<string, string[] | null | undefined>>

/**
 * The one toast a refused form shows: the first problem in the form's own order (each form has its order). Each
 * entry maps a field to its toast; the message next to the field stays the field's own. Anything else falls back to
 * `fallback`'s title with the first field message (as in "'Error' with message").
 */
export function firstProblemToast(errors: FieldErrors, order: [field: string, toast: Message][], fallback: Message): ToastMessage {
  for (const [field, toast] of order) {
    if (errors[field]?.length) return { type: 'error', title: toast.title, description: toast.description }
  }
  const first = Object.values(errors).flatMap((messages) => messages ?? [])[0]
  return { type: 'error', title: fallback.title, description: first ?? fallback.description }
}

/** A claim form without (or with an unknown) answer to one of the questions about the damage. */
export const DAMAGE_ANSWERS_REQUIRED: Message = {
  title: 'Tell Us About the Damage',
  description: 'Please answer each question about the damage.',
}

/** The claim form's questions about the damage (radio buttons) and the words of each answer. */
export const DAMAGE_QUESTIONS = {
  damageSize: 'How big is the damage?',
  inLineOfSight: 'Is it in the driver’s line of sight?',
  chipCount: 'How many chips are there?',
  damageZone: 'Where on the windshield is it?',
} as const
export const DAMAGE_SIZE_LABELS: Record<DamageSize, string> = {
  under_quarter: 'Smaller than a quarter',
  up_to_6_inches: 'Up to 6 inches',
  longer: 'Longer than 6 inches',
}
export const LINE_OF_SIGHT_LABELS = { yes: 'Yes, in front of the driver’s eyes', no: 'No' } as const
export const CHIP_COUNT_LABELS: Record<ChipCount, string> = { one: 'One', two: 'Two', three_or_more: 'Three or more' }
export const WINDSHIELD_ZONE_LABELS: Record<WindshieldZone, string> = {
  driver: 'In front of the driver',
  center: 'In the center',
  passenger: 'In front of the passenger',
  edge: 'Near the edge of the glass (within 2 inches)',
  camera: 'By the mirror and the camera',
}
/** Said by the question, for the form without JavaScript (with it, the question shows for a chip only). */
export const CHIP_COUNT_HINT = 'For chips only. For a crack, leave it unanswered.'
/** A filed claim's question with no answer (filed before the form asked it). */
export const NOT_ANSWERED = 'Not answered'

/** The claim form's order: who and which policy, then photos, description, what is covered, the damage questions. */
export const CLAIM_FORM_PROBLEMS: [string, Message][] = [
  ['policyId', MISSING_INFORMATION],
  ['photos', PHOTOS_REQUIRED],
  ['description', DESCRIPTION_REQUIRED],
  ['damageType', NOT_COVERED],
  ['damageSize', DAMAGE_ANSWERS_REQUIRED],
  ['inLineOfSight', DAMAGE_ANSWERS_REQUIRED],
  ['chipCount', DAMAGE_ANSWERS_REQUIRED],
  ['damageZone', DAMAGE_ANSWERS_REQUIRED],
]

/**
 * What a claim's confirmation code is for, by the claim's state: 'Give this to the shop' only
 * while a shop can act on it (approved; docs/decisions/033-claim-card-code-hint.md).
 */
export function confirmationCodeHint(approvalStatus: ApprovalStatus) {
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

// --- the shop completing a claim -----------------------------------------------------------------------------------
export const CODE_FORMAT_MESSAGE = 'Enter the code from the customer: CS- and six letters or digits.'
export const NO_CLAIM_WITH_CODE: Message = { title: 'Claim Not Found', description: 'No claim has this confirmation code.' }
export const CLAIM_NOT_APPROVED: Message = { title: 'Not Approved', description: 'This claim is not approved for service yet.' }
export const REPLACEMENT_NOT_COVERED: Message = {
  title: 'Replacement Not Covered',
  description: 'This is a Chip Repair Only plan: it does not cover a windshield replacement.',
}
/** The shop page's refusals that are not a rule's: a bad code, a file that could not be read. */
export const shopFormError = (description: string): Message => ({ title: 'Error', description })
export const shopUploadFailed = (detail: string): Message => ({ title: 'Error', description: `Failed to upload: ${detail}` })
export const COMPLETE_FAILED: Message = { title: 'Error', description: 'Failed to complete claim' }
export const claimCompleted = (claimId: string): Message => ({
  title: 'Claim Completed!',
  description: `Claim ${claimId} has been marked as complete.`,
})
/** The shop's completion whose invoice is above its service's ceiling (app/domain/payouts.ts): done, payment held. */
export const claimCompletedHeld = (claimId: string, service: string): Message => ({
  title: 'Claim Completed!',
  description: `Claim ${claimId} has been marked as complete. Its invoice is above what we expect for ${service}, so it is held for review before it is paid.`,
})
export const replacementLimitReached = (nextFrom: string): Message => ({
  title: 'Replacement Limit Reached',
  description: `This plan already used its one windshield replacement for this plan year. The next replacement is covered from ${nextFrom}.`,
})

// --- the operator's console ----------------------------------------------------------------------------------------
/**
 * The operator's approval to a group: the location that does the work is the group's nearest to the customer, or the
 * operator picks it when that cannot be told (app/models/claims/claim-review.server.ts).
 */
export const SHOP_LOCATION_MESSAGES = {
  title: 'Choose the Location',
  unknownPlace: (group: string) =>
    `We do not know where the customer is (no ZIP on the claim or their account), and ${group} has more than one location: choose the one that will do the work.`,
  noneNear: (group: string, zip: string, miles: number, nearest: { name: string; miles: number } | null) =>
    `No location of ${group} is within ${miles} miles of the customer's ZIP ${zip}${nearest ? ` (the nearest, ${nearest.name}, is ${Math.round(nearest.miles).toLocaleString('en-US')} miles away)` : ''}. Choose another group, let the customer choose a shop near them, or choose a location below if the customer has agreed to go there.`,
  notOfGroup: (group: string) => `Choose one of ${group}'s active locations, or leave it to the nearest.`,
  /** The approval form's location select (app/components/admin/claim/decision.tsx). */
  field: 'Location',
  nearest: 'Nearest to the customer',
  hint: "Leave it to the nearest, or pick one of the chosen group's locations.",
  option: (name: string, city: string | null, miles: number | null) =>
    [name, city, miles === null ? null : `${Math.round(miles).toLocaleString('en-US')} miles from the customer`]
      .filter(Boolean)
      .join(' · '),
} as const

export const PARTNER_GROUP_REQUIRED: Message = {
  title: 'Partner Group Required',
  description:
    'That partner group does not exist or is not active, or has not accepted the price schedule. Please choose one from the list.',
}
export const DENIAL_REASON_REQUIRED: Message = { title: 'Reason Required', description: 'Please give the reason for the denial.' }
/** A refused operator form's toast title; its message is the first field's. */
export const CHECK_THE_FORM: Message = { title: 'Please Check the Form', description: 'Please check the form.' }
/** The operator's own settings (/admin/settings). */
export const OPERATOR_SETTINGS_MESSAGES = {
  chooseZone: 'Choose one of the time zones in the list.',
  saved: (zoneName: string): Message => ({ title: 'Settings Saved', description: `The console now shows times in ${zoneName} time.` }),
}
/** The automatic approval settings (/admin/settings): the published rules' mode and daily cap. */
export const AUTOMATIC_APPROVAL_MESSAGES = {
  chooseMode: 'Choose one of the automatic approval modes in the list.',
  dailyCap: (max: number) => `Enter the daily cap as a whole number from 0 to ${max.toLocaleString('en-US')}.`,
  modes: {
    off: 'Off: every claim waits for you',
    chips: 'Chips only (the default)',
    chips_and_cracks: 'Chips and cracks',
  },
  saved: { title: 'Settings Saved', description: 'Automatic approval now follows the new settings.' } as Message,
}
/** A claim the published rules decided, as the customer and the operator read it. */
export const RULES_DECISION_MESSAGES = {
  approvedAtOnce: (version: string) =>
    `Approved at once by our published decision rules (version ${version}). Choose a shop near you and a time that suits you.`,
  decidedBy: (version: string) => `Decided by rules v${version}`,
  waited: 'Waited for review: the decision rules did not all hold',
  reverseHint:
    'Reversing turns this automatic approval into a denial with the ground and your reason: the customer is e-mailed and may appeal within 14 days. The terms allow only the grounds listed.',
  reversalGroundRequired: 'Choose the ground, one the terms list for a reversal.',
  notReversible: {
    title: 'Cannot Reverse',
    description: 'Only a claim approved by the decision rules and not yet completed can be reversed.',
  } as Message,
  reversed: (code: string): Message => ({
    title: 'Approval Reversed',
    description: `Claim ${code} is now denied; the customer was e-mailed.`,
  }),
}
/** The operator's customer page: its three forms' answers. */
/** The customer's mailing address (setup's last page, the dashboard, /customer/mailing-address) and its checks. */
export const ADDRESS_MESSAGES = {
  unknownZip: 'That ZIP code does not exist. Check the five digits.',
  zipInOtherState: (state: string) => `That ZIP code is in ${state}: check the state or the ZIP.`,
  saved: (posted: number): Message => ({
    title: 'Mailing Address Saved',
    description: posted
      ? `Paper notices go there. ${posted === 1 ? 'The letter' : `The ${posted} letters`} waiting for it ${posted === 1 ? 'is' : 'are'} in the mail.`
      : 'Paper notices go there.',
  }),
  /** The dashboard's ask while a letter waits for the address. */
  letterWaiting: (count: number) =>
    `${count === 1 ? 'A letter to you is' : `${count} letters to you are`} waiting: the law requires some notices on paper, and we have no address to post ${count === 1 ? 'it' : 'them'} to.`,
  missing: 'Some notices must reach you on paper (the law of your state may require it): tell us where to post them.',
} as const

export const CUSTOMER_ADMIN_MESSAGES = {
  mailingAddressSaved: (posted: number): Message => ({
    title: 'Mailing Address Saved',
    description: posted
      ? `Paper letters go there; ${posted} held ${posted === 1 ? 'letter was' : 'letters were'} posted.`
      : 'Paper letters go there.',
  }),
  chooseResend: 'Please choose what to resend.',
  unknownAction: 'Unknown action.',
  emailSent: (kind: string, to: string) => ({ title: 'E-mail Sent', description: `The ${kind} e-mail is on its way to ${to}.` }),
  cancelledNow: {
    title: 'Policy Cancelled',
    description: 'The policy and its subscription are cancelled; the customer has been e-mailed.',
  },
  renewalOff: { title: 'Renewal Turned Off', description: 'The policy ends with its commitment; the customer has been e-mailed.' },
  cancelledWithRefund: (amount: string) => ({
    title: 'Policy Cancelled',
    description: `The policy and its subscription are cancelled and ${amount} is refunded; the customer has been e-mailed.`,
  }),
  vehicleCorrected: { title: 'Vehicle Corrected', description: 'The vehicle details are saved and audited.' },
  penaltyPaid: (amount: string) => ({ title: 'Penalty Paid', description: `${amount} paid by hand is recorded and audited.` }),
  penaltyReferenceRequired: "Enter the payment's reference (a cheque number or a bank transfer id).",
  penaltyNotOwed: { title: 'Nothing Owed', description: 'Nothing is owed by hand on this refund.' },
  penaltyAlreadyPaid: { title: 'Already Paid', description: 'This penalty is already recorded as paid.' },
} as const
export const claimApproved = (code: string): Message => ({
  title: 'Claim Approved',
  description: `${code} is approved; the customer has been e-mailed.`,
})
export const claimDenied = (code: string): Message => ({
  title: 'Claim Denied',
  description: `${code} is denied; the customer has been e-mailed with the reason.`,
})
export const alreadyDecided = (status: ApprovalStatus): Message => ({
  title: 'Already Decided',
  description: `This claim was already decided (${APPROVAL_STATUS_LABELS[status].toLowerCase()}).`,
})
export const emailNotSent = (kind: string): Message => ({
  title: 'E-mail Not Sent',
  description: `The ${kind} e-mail could not be sent. See the e-mail log, then try again.`,
})
export const stillInCommitment = (until: string): Message => ({
  title: 'Still in Commitment',
  description: `This policy is in its 12-month commitment until ${until}: it can end at the end of the commitment.`,
})
export const COMMITMENT_OVER: Message = {
  title: 'Commitment Over',
  description: 'The commitment has already ended: this policy can be cancelled now.',
}

/** The operator's partners page: its forms' refusals (the first group: a stale page or a hand-made post) and answers. */
export const PARTNER_MESSAGES = {
  unknownGroup: 'That partner group does not exist. Choose one from the list.',
  slugTaken: 'That signup link is already in use.',
  unknownZip: 'That ZIP code does not exist. Check the five digits.',
  zipInOtherState: (state: string) => `That ZIP code is in ${state}: check the state or the ZIP.`,
  groupGone: 'That partner group does not exist (any more). Reload the page.',
  locationGone: 'That location does not exist (any more). Reload the page.',
  correct: { title: 'Please correct the highlighted fields.' },
  groupAdded: (name: string) => ({ title: 'Partner group added', description: name }),
  groupSaved: (name: string) => ({ title: 'Partner group saved', description: name }),
  locationAdded: (slug: string) => ({ title: 'Location added', description: `Signup link: /signup/${slug}` }),
  locationSaved: (slug: string) => ({ title: 'Location saved', description: `Signup link: /signup/${slug}` }),
  group: (active: boolean) => ({ title: active ? 'Group activated' : 'Group deactivated' }),
  location: (active: boolean) => ({ title: active ? 'Location activated' : 'Location deactivated' }),
} as const

/** The operator's payouts: approving completed jobs for payment, grouping them into a payout, marking it paid. */
/** An invoice above the job's price under the schedule, held for the operator (app/domain/payouts.ts). */
export const INVOICE_HOLD_MESSAGES = {
  flag: (service: string) => `Held: above the ceiling for ${service}`,
  /** `price` is null for a job held before the price schedule, under the fixed ceilings of that time. */
  detail: (amount: string, price: string | null) =>
    `The invoice is ${amount}; ${price ? `the price schedule pays ${price} for this job` : 'that was above the ceiling of its service when it was completed'}. Check it with the shop, then release it to approve it for payment.`,
  released: { title: 'Invoice released', description: 'The job may now be approved for payment.' },
  notHeld: { title: 'Not held', description: 'This job’s invoice is not held.' },
} as const

/** The claim page's badge for the integrity checks' flags (domain/photo-integrity integrityBadge). */
export const INTEGRITY_MESSAGES = {
  held: 'Held: integrity checks',
  flagged: 'Flagged by the integrity checks',
} as const

/** Paying the shops through Stripe Connect: the shop's onboarding and the operator's view of refused transfers. */
export const CONNECT_MESSAGES = {
  started: { title: 'Stripe payouts', description: 'Finish the set-up at Stripe to be paid there.' },
  ready: {
    title: 'Stripe payouts ready',
    description: 'Your payouts are sent to your Stripe account within five business days of acceptance.',
  },
  notReady: {
    title: 'Stripe payouts not ready yet',
    description: 'Stripe still needs details from you. Continue the set-up; until then we pay by bank transfer.',
  },
  unavailable: {
    title: 'Stripe is not answering',
    description: 'We could not reach Stripe. Nothing was changed; please try again in a few minutes.',
  },
  /** The operator's line on a payout whose transfer Stripe refused. */
  refused: (attempts: number, error: string) =>
    `Stripe refused the transfer ${attempts === 1 ? 'once' : `${attempts} times`}: ${error} The daily job tries again.`,
  reversed: (transferId: string) => `Stripe reversed transfer ${transferId}. Pay this payout by bank transfer.`,
  /** A bank payment refused: the group is paid through Stripe, and a transfer may already be on its way. */
  paidByTransfer: {
    title: 'Paid through Stripe',
    description:
      'This partner group is paid through Stripe: the daily job sends this payout as a transfer, so paying it by bank as well would pay it twice.',
  },
  /** The operator's payouts page, in place of "Mark paid", for a group paid through Stripe. */
  awaitingTransfer: 'Sent through Stripe by the daily job.',
  /** How the operator's payouts page says the group is paid. */
  operatorState: (group: { stripeAccountId: string | null; stripePayoutsEnabled: boolean }) =>
    paidThroughStripe(group)
      ? `Paid through Stripe (account ${group.stripeAccountId}): the daily job sends each payout within five business days of acceptance.`
      : group.stripeAccountId
        ? `Stripe set-up not finished (account ${group.stripeAccountId}): pay its payouts by bank transfer and mark them paid.`
        : 'No Stripe account: the daily job makes its payouts; pay them by bank transfer and mark them paid.',
  /** The shop's own page. */
  shopState: (group: { stripeAccountId: string | null; stripePayoutsEnabled: boolean }) =>
    paidThroughStripe(group)
      ? 'Your payouts go to your Stripe account within five business days of each job’s acceptance, with no fee.'
      : group.stripeAccountId
        ? 'Stripe still needs details from you. Continue the set-up to be paid there; until then we pay by bank transfer.'
        : 'Be paid within five business days of each job’s acceptance, with no fee, through Stripe. Until then we pay by bank transfer.',
} as const

export const PAYOUT_MESSAGES = {
  chooseJobs: 'Choose at least one job.',
  unknownJob: 'That job does not exist. Reload the page.',
  unknownGroup: 'That partner group does not exist. Choose one from the list.',
  referenceRequired: 'Enter the bank transfer’s reference.',
  referenceTooLong: (max: number) => `Keep the reference under ${max} characters.`,
  correct: { title: 'Please check the form.' },
  notPayable: {
    title: 'Nothing to approve',
    description: 'None of these jobs can be approved for payment: only completed jobs with a partner group can.',
  },
  nothingToPay: {
    title: 'Nothing to pay',
    description: 'None of these jobs is approved for payment and outside a payout any more. Reload the page.',
  },
  approved: (count: number) => ({
    title: 'Approved for payment',
    description: count === 1 ? '1 job is approved for payment.' : `${count} jobs are approved for payment.`,
  }),
  alreadyApproved: { title: 'Already approved', description: 'These jobs were already approved for payment.' },
  created: (count: number, total: string) => ({
    title: 'Payout created',
    description: `${count === 1 ? '1 job' : `${count} jobs`}, ${total}. Send the bank transfer, then mark the payout paid with its reference.`,
  }),
  alreadyCreated: { title: 'Payout already created', description: 'These jobs are already in this payout.' },
  heldJobs: (codes: readonly string[]) => ({
    title: 'Invoice held',
    description: `${codes.length === 1 ? `Job ${codes[0]} is` : `Jobs ${codes.join(', ')} are`} held: the invoice is above the ceiling for its service. Release it on its claim page first. Nothing was approved.`,
  }),
  otherGroupsJobs: (codes: readonly string[], group: string) => ({
    title: 'Payout not created',
    description: `${codes.length === 1 ? `Job ${codes[0]} is` : `Jobs ${codes.join(', ')} are`} not ${group}’s. Nothing was saved; reload the page and create the payout from its list.`,
  }),
  paid: (to: string | null) => ({
    title: 'Payout marked paid',
    description: to ? `The remittance is on its way to ${to}.` : 'The partner group has no e-mail address: no remittance was sent.',
  }),
  paidNotSent: { title: 'Payout marked paid', description: 'The remittance could not be sent; see the e-mail log.' },
  alreadyPaid: { title: 'Already paid', description: 'This payout was already marked paid with this reference.' },
  paidOtherReference: (reference: string) => ({
    title: 'Already paid',
    description: `This payout was already marked paid with the reference ${reference}.`,
  }),
} as const

export const SHOP_CHOICE_MESSAGES = {
  zipFormat: 'Enter your five-digit ZIP code, like 84101.',
  unknownZip: 'That ZIP code does not exist. Check the five digits.',
  chooseShop: 'Choose one of the shops listed.',
  chooseDay: 'Choose a day from the list.',
  chooseSlot: 'Choose morning or afternoon.',
  choosePlace: 'Choose at the shop or mobile service.',
  addressRequired: 'Enter the address where the mobile service should come.',
  addressTooLong: 'Keep the address under 160 characters.',
  mobileOutOfReach: (shop: string) => `${shop} has no mobile service that reaches your ZIP. Choose at the shop, or another shop.`,
  alreadyChosen: 'A shop is already chosen for this claim.',
  /** No location offering the work is within NEAREST_SHOP_MILES (app/domain/shops.ts) of the customer's ZIP. */
  noneNear: (zip: string, miles: number, services: string) =>
    `No partner shop within ${miles} miles of ${zip} offers ${services} yet. Your claim stays approved: write to us on your claim's page and our claims team will arrange a shop for you.`,
  tooFar: (shop: string, miles: number) => `${shop} is more than ${miles} miles from your ZIP. Choose one of the shops listed.`,
  correct: { title: 'Please check your choice.' },
  chosen: (shop: string, reachBy: string) => ({
    title: 'Shop chosen',
    description: `${shop} will reach you ${reachBy} to confirm a time.`,
  }),
  notAwaiting: { title: 'No shop to choose', description: 'This claim is not waiting for you to choose a shop.' },
} as const

/** Storm mode: the operator's declaration of a storm, the ZIP on the claim form, and a shop's daily capacity. */
export const STORM_MESSAGES = {
  nameRequired: 'Give the storm a name, like "Omaha hail, June 2026".',
  nameTooLong: 'Keep the name under 80 characters.',
  areaRequired: 'List the ZIP codes or three-digit ZIP prefixes the storm covers.',
  areaTooLong: (most: number) => `List at most ${most} ZIP codes or prefixes.`,
  areaCodeFormat: (code: string) => `"${code}" is neither a five-digit ZIP code nor a three-digit ZIP prefix.`,
  unknownZip: (code: string) => `${code} is not a US ZIP code. Check the five digits.`,
  unknownPrefix: (code: string) => `No US ZIP code starts with ${code}.`,
  overlaps: (code: string, other: string) =>
    `${code} is already in "${other}", declared for days that overlap these. Leave it out, or change the days.`,
  dateFormat: 'Enter a date like 2026-06-03.',
  startInFuture: 'A storm is declared once it has begun: the first day cannot be after today.',
  endBeforeStart: 'The last day cannot be before the first day.',
  filingDays: (min: number, max: number) => `Enter a whole number of days from ${min} to ${max}.`,
  correct: { title: 'Please check the storm.' },
  declared: (name: string) => ({ title: 'Storm declared', description: `${name}: claims in its area now have its filing window.` }),
  edited: (name: string) => ({
    title: 'Storm changed',
    description: `${name}: claims filed from now on follow the new area, days and window; claims already filed keep theirs.`,
  }),
  vehicleZipFormat: 'Enter the five-digit ZIP code where the vehicle is kept, like 84101.',
  filedLate: (window: string) =>
    `This claim was filed late: more than ${window} after the damage. We will still review it, and tell you what we decide.`,
  capacityCorrect: { title: 'Please check the capacity.' },
  capacity: (most: number) => `Enter how many jobs the location takes a day: a whole number from 1 to ${most}, or leave it empty.`,
  capacitySet: (location: string, jobs: number | null) => ({
    title: 'Daily capacity saved',
    description:
      jobs === null ? `${location} has no daily limit now.` : `${location} is offered to customers for at most ${jobs} jobs a day.`,
  }),
  dayFull: (shop: string, firstFree: string | null) =>
    firstFree
      ? `${shop} is fully booked that day. Its first day with room is ${firstFree}.`
      : `${shop} is fully booked on every day offered. Choose another shop.`,
} as const

/** The operator's list of a partner group's staff (who may sign in to the shop's pages). */
export const SHOP_STAFF_MESSAGES = {
  emailFormat: 'Enter a valid email address.',
  alreadyStaff: (group: string) => `That address is already staff of ${group}.`,
  added: (email: string) => ({ title: 'Staff added', description: `${email} can now sign in to the shop's pages.` }),
  removed: (email: string) => ({ title: 'Staff removed', description: `${email} no longer has the shop's pages.` }),
} as const

/** The shop's pages: the appointment it gives, and the customer's one request for another time. */
export const APPOINTMENT_MESSAGES = {
  timeFormat: 'Enter a time like 09:30.',
  dateFormat: 'Enter a date like 2026-12-08.',
  outsideWindow: (window: string) => `Choose a time inside the window asked for: ${window}.`,
  noWindow: 'The customer asked for no time: propose a day and time.',
  proposalDay: (days: number) => `Propose a day from today to ${days} days ahead.`,
  proposalHours: 'Propose a time between 7:00 AM and 8:00 PM.',
  notOpen: 'This job is not open for an appointment (it is completed or not approved).',
  correct: { title: 'Please check the appointment.' },
  confirmed: { title: 'Appointment confirmed', description: 'The customer has been e-mailed the time.' },
  proposed: { title: 'Other time proposed', description: 'The customer has been e-mailed the time you propose.' },
  rescheduleOnce: 'You have already asked for another time once. Please call the shop to change it again.',
  rescheduleNothing: 'The shop has not given a time yet: there is nothing to change.',
  rescheduleCorrect: { title: 'Please check your request.' },
  rescheduleAsked: { title: 'Another time asked for', description: 'The shop has been e-mailed and will give you a new time.' },
} as const

/**
 * Why the operator rejects a shop's invoice: the shop reads the reason (and the operator's note), corrects the same
 * invoice and sends it again.
 */
export const INVOICE_REJECTION_REASONS = {
  part_number: 'The part number does not match the vehicle or the work',
  vehicle: "The vehicle on the invoice is not the claim's vehicle",
  calibration: 'The calibration or its report is missing or does not match',
  amount: 'The amount is more than the work pays',
  labor: 'The labor hours or the kit are not what the work needs',
  documents: 'The invoice or the photos cannot be read',
  other: 'Another reason (see the note)',
} as const
export type InvoiceRejectionReason = keyof typeof INVOICE_REJECTION_REASONS

/** The operator's answer to an invoice, and the shop's correction. */
export const INVOICE_REVIEW_MESSAGES = {
  chooseReason: 'Choose why the invoice is rejected.',
  noteRequired: 'Write a note the shop can act on.',
  noteTooLong: 'Keep the note under 2,000 characters.',
  rejected: (code: string) => ({ title: 'Invoice rejected', description: `The shop sees the reason for ${code} and can correct it.` }),
  notRejectable: 'Only a completed job whose invoice is waiting for you can be rejected (not one accepted or in a payout).',
  rejectedWaiting: (codes: string[]) => `Rejected invoices wait for the shop's correction: ${codes.join(', ')}.`,
  resubmitted: { title: 'Invoice sent again', description: 'The operator will check it again.' },
  notRejected: 'This invoice is not rejected: there is nothing to correct.',
  correct: { title: 'Please check the invoice.' },
  acceptedAmount: 'Enter the amount accepted in dollars and cents, no more than the invoice, like 250.00.',
} as const

/**
 * The correction of a rejected invoice with files: a readable invoice photo, the calibration report, more repair
 * photos. The reasons about files tell the shop (on its page and in the rejection's e-mail) that it can send them.
 */
export const INVOICE_CORRECTION_FILES = {
  filesHint: {
    calibration: 'You can send the calibration report (a PDF or a photo) with the corrected invoice.',
    documents: 'You can send a readable invoice photo and more repair photos with the corrected invoice.',
  } as Partial<Record<InvoiceRejectionReason, string>>,
  heading: 'Corrected files (optional)',
  invoice: 'New invoice photo (it replaces the one sent; the earlier one is kept)',
  calibrationReport: 'Calibration report (PDF or photo; required with a calibration)',
  repairPhotos: 'More repair photos',
  /** The operator's label for an invoice photo a correction replaced. */
  earlierInvoice: 'Earlier invoice (replaced by a correction)',
} as const

/** A shop's dispute of a rejection or a short-pay, and the operator's answer. */
export const DISPUTE_MESSAGES = {
  correct: { title: 'Please check the dispute.' },
  messageRequired: 'Tell the operator why you dispute it.',
  messageTooLong: 'Keep the message under 4,000 characters.',
  nothingToDispute: 'There is nothing to dispute: the invoice is not rejected, and it was accepted in full.',
  alreadyOpen: 'A dispute of this job is already waiting for the operator’s answer.',
  paid: (reference: string) =>
    `This job is already paid (bank reference ${reference}): a paid payout cannot change. Write to the operator instead.`,
  inPayout: 'This job is already in a payout that is being paid: a dispute would change what that transfer pays.',
  opened: (due: string) => ({ title: 'Dispute sent', description: `The operator will answer by ${due}.` }),
  fileNotPdfOrPhoto: 'Send each file as a PDF or a photo.',
  fileTooLarge: (mb: number) => `Each file must be under ${mb} MB.`,
  tooManyFiles: (max: number) => `Send at most ${max} files.`,
  fileRefused: 'This PDF contains something that runs or opens other files. Print it to a new PDF, or send a photo of it.',
  chooseOutcome: 'Choose whether the shop is right.',
  answerRequired: 'Write the answer the shop will read.',
  notOpen: 'This dispute is already answered.',
  answered: { title: 'Dispute answered', description: 'The shop sees the outcome; the payout follows it.' },
  amount: 'Enter the amount accepted in dollars and cents, no more than the invoice and no less than accepted before.',
} as const

/** A claim's own page (/customer/claims/:code): the steps of its timeline, in the customer's words. */
export const CLAIM_PAGE_MESSAGES = {
  filed: 'Claim filed',
  reworkOf: (code: string) => `Filed under the repair-failure guarantee of claim ${code}.`,
  waiting: 'Waiting for a decision',
  waitingDetail: `We're reviewing your claim and will e-mail you ${ANSWER_PROMISE}.`,
  appealWaiting: 'Appeal in review',
  approvedByRules: (version: string) => `Approved at once by our published decision rules (version ${version})`,
  approvedByOperator: 'Approved by our claims team',
  deniedByOperator: 'Denied by our claims team',
  denialReason: (reason: string | null) => `Reason: ${reason ?? 'Not given.'}`,
  booked: 'Shop and time booked',
  bookWaiting: 'Shop and time',
  bookChoose: 'Choose a shop near you and a time that suits you.',
  bookAsked: (shop: string, day: string, slot: string) => `You asked ${shop} for ${day}, ${slot}. The shop will confirm the time.`,
  bookContact: (shop: string) => `Contact ${shop} to book your repair and give them your confirmation code.`,
  onTheWay: 'Technician on the way',
  onTheWayWaiting: 'Technician on the way (mobile service)',
  done: 'Done',
  doneDetail: (work: 'repair' | 'replacement', shop: string | null) =>
    `${work === 'replacement' ? 'Windshield replaced' : 'Chip repaired'}${shop ? ` by ${shop}` : ''}.`,
  calibration: 'Calibration report',
  calibrationDetail: 'The shop recalibrated the driver-assistance camera after the work.',
  guarantee: 'Repair guarantee',
  guaranteeUntil: (date: string) => `If this repair fails, its replacement is covered until ${date}.`,
  guaranteeEnded: (date: string) => `The repair guarantee ended on ${date}.`,
  guaranteeUsed: (code: string) => `This repair failed and is replaced under claim ${code}.`,
  noCalendar: 'The appointment is not in a calendar file until the shop gives a time.',
  /** The service promise on the claim's page (terms "Service promise and credits"). */
  promiseTitle: 'Your promise date',
  promiseEndOf: (day: string) => `By the end of ${day}, the day you chose`,
  promiseBy: (work: 'repair' | 'replacement') =>
    `Your ${work === 'replacement' ? 'windshield is replaced' : 'chip is repaired'} by this time, or we credit you one month's price of your plan.`,
  promiseYourDay:
    "You asked for a day past our promise, so the promise runs to the end of the day you chose. If the work is not done by then, we credit you one month's price of your plan.",
  promiseWaits:
    'Your promise date starts when you choose a shop and a time: chip repair within 24 hours of your choice, replacement within 3 business days. Until you choose, the clock waits for you.',
  promiseRescheduled: 'You asked for another time, so the new time is yours and the service promise no longer applies to this claim.',
  /** The claim's photos, in two groups: what the customer sent of the damage, what the shop sent of its work. */
  damagePhotos: 'Damage photos',
  repairPhotos: 'Repair photos',
} as const

/** A claim's thread between the customer, the operator and the shop. */
export const CLAIM_THREAD_MESSAGES = {
  bodyRequired: 'Write your message.',
  bodyTooLong: (max: number) => `Keep the message under ${max} characters.`,
  correct: { title: 'Please check your message.' },
  sent: { title: 'Message sent', description: 'We e-mailed it to the others on this claim.' },
  closed: 'Messages on this claim are closed: the previous owner filed it.',
  shopNotBooked: 'The shop joins the messages once the claim is booked with it.',
  /** Past the posting limit (app/auth/claim-limits.server.ts): said next to the message, which stays in the box. */
  tooMany: {
    title: 'Too many messages',
    description: (wait: string) =>
      `You have sent many messages on this claim in a few minutes. Please wait ${wait} before sending this one: it is still in the box.`,
  },
} as const

/** The operator's request for more photos, and the page its link opens. */
export const PHOTO_REQUEST_MESSAGES = {
  noteRequired: 'Say which photos you need.',
  noteTooLong: (max: number) => `Keep the request under ${max} characters.`,
  audience: 'Choose who is asked: the customer or the shop.',
  noShop: 'This claim has no shop with an e-mail address to ask.',
  noCustomer: 'The customer of this claim cannot be e-mailed (no known claimant, or the account was deleted).',
  correct: { title: 'Please check the request.' },
  sent: (who: string): Message => ({ title: 'Photos requested', description: `We e-mailed ${who} a link to add photos.` }),
  photosRequired: 'Choose at least one photo.',
  added: { title: 'Photos added', description: 'Thank you. The photos are on the claim and our claims team can see them.' },
  refused: {
    invalid: {
      title: 'This link is not valid',
      description: 'The link is incomplete or was changed. Please use the link from the e-mail as it is.',
    },
    otherClaim: {
      title: 'This link is for another claim',
      description: 'The link does not belong to this claim. Please use the link from the e-mail about it.',
    },
    expired: {
      title: 'This link has expired',
      description: 'A link to add photos works for a few days only. Reply to our e-mail and we will send a new one.',
    },
    used: {
      title: 'This link was already used',
      description: 'Each link adds photos once. Reply to our e-mail if you have more photos to send.',
    },
  } satisfies Record<string, Message>,
} as const

/** The shop's completion: what the glass trade invoices, each refused next to its field. */
export const INVOICE_FIELD_MESSAGES = {
  partNumber:
    'Enter the part number as NAGS writes it: D or F, the glass (W, B, D, Q, V or R), 4 or 5 digits and its option letters, like FW04567 GTY.',
  calibrationRequired: 'Choose the calibration done: the plan covers ADAS, so a replacement needs its camera calibrated.',
  laborHours: 'Enter the labor hours as a number from 0 to 24, like 1.5.',
  kitMoulding: 'Keep the kit or moulding under 120 characters.',
  adasCalibration: 'Choose none, static, dynamic, or both.',
  calibrationReportRequired: 'Upload the calibration report (a PDF or a photo): a calibration was done.',
  calibrationReportNotPdf: 'The calibration report is not a PDF or a photo we can read.',
  calibrationReportTooLarge: (mb: number) => `The calibration report is larger than ${mb} MB.`,
  /** Why a PDF report was refused (app/services/pdfs.server.ts): what the shop can do about it, in its words. */
  calibrationReportRefused: {
    unreadable: 'The calibration report is not a PDF we can read. Save it again as a PDF, or send a photo of it.',
    encrypted: 'The calibration report is password-protected. Save it without a password, or send a photo of it.',
    script: 'The calibration report contains JavaScript or actions that run when it opens. Print it to a new PDF, or send a photo of it.',
    launch: 'The calibration report asks to open other files or programs. Print it to a new PDF, or send a photo of it.',
    embedded_file: 'The calibration report has files attached inside it. Print it to a new PDF, or send a photo of it.',
    html: 'The calibration report contains web page code. Print it to a new PDF, or send a photo of it.',
  },
} as const

/** The shop's calibration proof (app/domain/calibration.ts), the owner's certificate and the payment check. */
export const CALIBRATION_MESSAGES = {
  method: 'Choose static, dynamic, or both.',
  toolMake: 'Enter the make of the calibration tool, under 80 characters.',
  toolSerial: "Enter the tool's serial number, under 60 characters.",
  technicianName: "Enter the technician's name, under 100 characters.",
  result: 'Choose whether the calibration passed.',
  fileRequired: (label: string) => `Upload the ${label.toLowerCase()}.`,
  notPhoto: (label: string) => `The ${label.toLowerCase()} must be a photo (JPEG, PNG, WebP or HEIC).`,
  tooLarge: (label: string, mb: number) => `The ${label.toLowerCase()} is larger than ${mb} MB.`,
  correct: { title: 'Please check the calibration proof.' },
  completeFirst: 'Complete the job first, naming its ADAS calibration; then record the proof here.',
  locked: {
    title: 'Proof locked',
    description: 'This job is already approved for payment: its calibration proof can no longer change.',
  },
  notAdas: {
    title: 'No calibration on this job',
    description: 'The completion names no ADAS calibration, so there is no proof to record.',
  },
  recorded: { title: 'Calibration proof recorded', description: "The vehicle's owner can now see the calibration certificate." },
  /** Payment approval of jobs whose completion names a calibration without a complete, passed proof: nothing is approved. */
  proofMissing: (codes: readonly string[]) => ({
    title: 'Calibration proof missing',
    description: `${codes.length === 1 ? `Job ${codes[0]} has` : `Jobs ${codes.join(', ')} have`} no complete, passed calibration proof: the shop records it on the job's page. Nothing was approved.`,
  }),
} as const

export const PRICES_MESSAGES = {
  correct: { title: 'Please correct the highlighted prices.' },
  saved: { title: 'Prices saved', description: 'New signups pay these prices; existing policies keep theirs.' },
  householdDiscount: (max: number) => `Enter a whole percent from 0 to ${max}, like 10.`,
  householdDiscountSaved: (percent: number) => ({
    title: 'Household discount saved',
    description: `Each vehicle after a household's first is ${percent} % off from its next charge.`,
  }),
} as const

export const PRICE_CHANGE_MESSAGES = {
  tooSoon: (earliest: string) => ({
    title: 'Too soon',
    description: `Choose a date on or after ${formatLongDate(earliest)}: the terms promise subscribers 30 days' notice.`,
  }),
  samePrice: { title: 'Nothing to change', description: 'That is already the price of this plan.' },
  alreadyScheduled: (on: string) => ({
    title: 'Already scheduled',
    description: `A change of this plan's price is already scheduled for ${formatLongDate(on)}. Cancel it first.`,
  }),
  scheduled: (on: string) => ({
    title: 'Price change scheduled',
    description: `New signups pay it from ${formatLongDate(on)}; subscribers are told by e-mail in the next daily run.`,
  }),
  notCancellable: { title: 'Not cancellable', description: 'This price change is already in effect and cannot be cancelled.' },
  cancelled: { title: 'Price change cancelled', description: 'Nobody will be moved to that price.' },
  // A higher price that the customer's state lets reach them only once they accept it.
  consentAccepted: (startsOn: string) => ({
    title: 'New price accepted',
    description: `Your plan continues at the new price from ${formatLongDate(startsOn)}.`,
  }),
  consentClosed: {
    title: 'Nothing to accept',
    description: 'This price change was called off or your plan has ended, so your price does not change.',
  },
} as const

/** A monthly payer's switch to yearly billing (the policy card's 'Switch to yearly billing'). */
export const YEARLY_SWITCH_MESSAGES = {
  requested: (at: string, price: string) => ({
    title: 'Switching to yearly billing',
    description: `From ${formatLongDate(at)} your plan is billed ${price} once a year; until then nothing changes.`,
  }),
  alreadyYearly: { title: 'Already yearly', description: 'This plan is already billed once a year.' },
  alreadyRequested: (at: string) => ({
    title: 'Already requested',
    description: `This plan switches to yearly billing on ${formatLongDate(at)}.`,
  }),
  notLive: { title: 'Not available', description: 'Only a plan that is still running can switch to yearly billing.' },
  renewalOff: {
    title: 'Renewal is off',
    description: 'This plan ends at the end of its commitment. Turn renewal back on to switch to yearly billing.',
  },
  noYearlyPrice: { title: 'Not available', description: 'Yearly billing is not available for this plan right now.' },
  failed: { title: 'Switch failed', description: 'We could not reach our payment provider. Please try again in a few minutes.' },
} as const

/** Household plans (app/domain/households.ts): adding a vehicle to the one bill. */
export const HOUSEHOLD_MESSAGES = {
  full: (max: number) => ({ title: 'Household full', description: `One household covers at most ${max} vehicles.` }),
  notPersonal: { title: 'Not available', description: 'A household covers personal vehicles only.' },
  noHousehold: { title: 'Not available', description: 'Add a vehicle to a plan that is running and paid by card.' },
  noPrice: { title: 'Not available', description: 'This plan cannot be added right now. Please try again later.' },
} as const

// --- setting up a policy: photos and vehicle -----------------------------------------------------------------------
export const PHOTO_SLOTS: Record<RequiredPhotoType, { label: string; description: string }> = {
  head_on: { label: 'Head-on view', description: 'Stand in front of the vehicle and capture the whole windshield.' },
  inside_drivers: { label: "Inside driver's side", description: "From the driver's seat, looking out through the windshield." },
  inside_passengers: { label: "Inside passenger's side", description: "From the passenger's seat, looking out through the windshield." },
}

export const PHOTO_TIPS = ['Use good lighting', 'Make sure the whole windshield is visible', 'Keep photos clear and in focus'] as const

export const PHOTO_MESSAGES = {
  missing: (type: RequiredPhotoType) => `Please upload ${PHOTO_SLOTS[type].label.toLowerCase()} photo`,
  notImage: 'Please select an image file',
  notImages: 'Please select only image files',
  invalidFile: 'Invalid File',
  uploadFailed: 'Upload Failed',
  failedType: (type: RequiredPhotoType) => `Failed to upload ${PHOTO_SLOTS[type].label.toLowerCase()} photo`,
  failedAdditional: (n: number) => `Failed to upload additional photo ${n}`,
  recordFailed: 'Failed to save photo record',
  additionalRecordFailed: 'Failed to save additional photo record',
  duringUpload: 'An error occurred during upload',
  tooManyAdditional: `You can add up to ${MAX_ADDITIONAL_PHOTOS} additional photos.`,
  uploaded: { title: 'Photos Uploaded', description: 'All photos uploaded successfully!' },
  removed: { title: 'Photo Removed', description: 'The additional photo was removed.' },
} as const

export const VEHICLE_MESSAGES = {
  plate: 'Please enter your license plate',
  plateFormat: 'Use letters, numbers, spaces and dashes only (up to 10)',
  state: 'Please select the state on your plate',
  year: (currentYear: number) => `Please select a year from ${MIN_VEHICLE_YEAR} to ${currentYear}`,
  make: 'Please select a make',
  excludedMake: 'This make is not eligible for Comprehensive plans. See the excluded vehicles list.',
  model: 'Please select a model',
  modelNotListed: 'Please select a model from the list',
  saveFailed: 'Failed to save vehicle information',
  updateFailed: 'Failed to update policy',
  success: { title: 'Success!', description: 'Your policy is now complete' },
  noModels: (make: string, year: number | string) => ({
    title: 'No Models Found',
    description: `No models found for ${make} in ${year}. Try a different year or make.`,
  }),
  modelsError: { title: 'Error Loading Models', description: 'Failed to load vehicle models. Please try again.' },
} as const

/** The setup refusals that are a single sentence: it is both the toast's title and the message. */
export const SETUP_MESSAGES = {
  canceled: { title: 'This policy has been cancelled', description: 'This policy has been cancelled' },
  excludedMake: { title: VEHICLE_MESSAGES.saveFailed, description: VEHICLE_MESSAGES.excludedMake },
  saveFailed: { title: VEHICLE_MESSAGES.saveFailed, description: VEHICLE_MESSAGES.saveFailed },
  updateFailed: { title: VEHICLE_MESSAGES.updateFailed, description: VEHICLE_MESSAGES.updateFailed },
  missingPhoto: (type: RequiredPhotoType) => ({ title: PHOTO_MESSAGES.missing(type), description: PHOTO_MESSAGES.missing(type) }),
} as const

// A setup held for the operator because its VIN is already on another active policy (policies.setup_hold): the customer
// is told it is being checked, never whose policy holds the VIN.
export const SETUP_HOLD_MESSAGES = {
  beingChecked: {
    title: 'We are checking your setup',
    description: 'We need to check your vehicle details before your coverage starts. We will e-mail you when it is done.',
  },
  /** The dashboard card's line while it is held. */
  cardLine: 'We are checking your vehicle details before your coverage starts',
  /** The card's and the wizard's line when the operator asked for a correction. */
  correctionAsked: 'Please check your vehicle details, especially the VIN, and complete setup again',
  /** What the operator reads as the reason. */
  operatorReason: 'Its VIN is already on another active policy',
  approved: { title: 'Setup approved', description: 'Coverage has started and the customer has been e-mailed.' },
  correctionSent: { title: 'Correction asked', description: 'The customer can correct the vehicle and complete setup again.' },
  notHeld: { title: 'Not waiting', description: 'This setup is no longer waiting for a decision.' },
} as const

// --- the VIN (domain/vin.ts): typed at setup, at a transfer and by the operator -------------------------------------
export const VIN_MESSAGES = {
  length: (typed: number) => `A VIN has 17 letters and digits; this one has ${typed}.`,
  tooLong: 'A VIN has 17 letters and digits.',
  empty: 'Please enter the VIN to look it up.',
  forbiddenLetters: 'A VIN never contains the letters I, O or Q: they are the digits 1 and 0.',
  characters: 'A VIN has letters and digits only.',
  checkDigit: 'This VIN is not valid: its check digit (the 9th character) does not match. Please check it for typos.',
  modelYear: 'This VIN is not valid: its 10th character is not a model-year code.',
  /** A VIN of a car on a truck/SUV plan, or the other way round. */
  classMismatch: (decoded: string, plan: string) => `This VIN is for a ${decoded}, but your plan covers a ${plan}.`,
  notDecoded: {
    title: 'VIN not recognised',
    description: 'We could not look this VIN up. Please choose the year, make and model.',
  },
  decoded: { title: 'Vehicle found', description: 'Please check the year, make and model.' },
  lookupFailed: 'Failed to look up this VIN. Please try again.',
  tooManyLookups: (wait: string) => `Too many VIN lookups. Please try again in ${wait}.`,
} as const

// --- moving a plan to a replacement vehicle ------------------------------------------------------------------------
export const TRANSFER_VEHICLE_MESSAGES = {
  vehicleType: 'Please choose the class of your new vehicle',
  hasAdas: 'Please say whether your new vehicle has ADAS',
} as const

export const TRANSFER_MESSAGES = {
  alreadyUsed: {
    title: 'Transfer already used',
    description: 'This plan has already been moved to a replacement vehicle once, and the terms allow one transfer per plan.',
  },
  notActive: {
    title: 'Transfer not available',
    description: 'A plan can move to a replacement vehicle once it is active and set up with its photos.',
  },
  photosFirst: {
    title: PHOTO_MESSAGES.uploadFailed,
    description: 'Please upload the three windshield photos of your new vehicle first.',
  },
  sameVehicle: {
    title: 'Same vehicle',
    description: 'This is the vehicle your plan already covers. Enter the plate of your new vehicle.',
  },
  /** `planClass` and `other` are the class names people read (car, truck/SUV). */
  classMismatch: (planClass: string, other: string) => ({
    title: 'This vehicle needs another plan',
    description: `Your plan is priced for a ${planClass}, so it can only move to a ${planClass}. For a ${other}, keep this plan on your current vehicle or choose the ${other} plan when you sign up for a new one.`,
  }),
  adasMismatch: (planHasAdas: boolean) => ({
    title: 'This vehicle needs another plan',
    description: planHasAdas
      ? 'Your plan is priced for a vehicle with ADAS, so it can only move to a vehicle with ADAS. To move it to one without, write to us and we will change the plan and its price.'
      : 'Your plan is priced for a vehicle without ADAS and does not cover the recalibration ADAS needs after a replacement, so it can only move to a vehicle without ADAS. For a vehicle with ADAS, choose a plan with ADAS.',
  }),
  success: (vehicle: string) => ({ title: 'Plan transferred', description: `Your plan now covers your ${vehicle}.` }),
} as const

// --- passing a policy to the vehicle's next owner -----------------------------------------------------------------
export const OWNERSHIP_TRANSFER_MESSAGES = {
  notAvailable: {
    title: 'Transfer to the next owner not available',
    description: 'Only an active plan that is set up with its vehicle and photos can pass to the next owner of the vehicle.',
  },
  ownAddress: {
    title: 'Validation Error',
    description: "Enter the buyer's e-mail address, not your own.",
  },
  openOffer: {
    title: 'An offer is already open',
    description: 'This plan is already offered to a buyer. Withdraw that offer first to offer it to someone else.',
  },
  tooManyOffers: (wait: string) => ({
    title: 'Too many offers',
    description: `You have sent several offers today. Please try again in ${wait}.`,
  }),
  offered: (email: string, paidPeriod: string) => ({
    title: 'Offer sent',
    description: `We e-mailed ${email} a link to take over this plan. Nothing changes until they pay. ${paidPeriod}`,
  }),
  /**
   * What becomes of the period the seller has paid for, said before they offer the plan, in the offer's toast and in
   * the e-mail once it has passed (docs/decisions/104-money-owed-said-before-it-happens.md).
   */
  paidPeriodCarried: (until: string) =>
    `The time you have already paid for, until ${until}, stays with the plan as your state's law provides: the buyer pays nothing until then, and it is not refunded to you.`,
  paidPeriodRefunded:
    'When the buyer pays, your subscription ends and we refund you the unused part of the period you have paid for, in whole days from that day (the day itself counts as used), without a fee.',
  paidPeriodRefundToday: (amount: string, paidUntil: string) =>
    `If they paid today, that would be ${amount}: your payment covers you until ${paidUntil}.`,
  paidPeriodRefundedShort: 'When they pay, the unused part of the period you paid for is refunded to you.',
  paidPeriodCarriedShort: (until: string) => `The time you paid for, until ${until}, stays with the plan.`,
  /** The seller's e-mail once the plan has passed. */
  sellerRefund: (amount: string, explanation: string) => `We are refunding ${amount} to your card. ${explanation}`,
  sellerRefundLater:
    'We are working out the refund of the unused part of the period you paid for; we will e-mail you the amount and pay it within a few days.',
  sellerNothingToRefund: 'No paid time is left over to refund: the period you paid for ends today.',
  withdrawn: { title: 'Offer withdrawn', description: 'The link we sent the buyer no longer works. The plan stays yours.' },
  nothingToWithdraw: { title: 'No open offer', description: 'There is no open offer to withdraw on this plan.' },
  /** The buyer's link: unknown, withdrawn, expired or already used. */
  linkUnknown: {
    title: 'Offer not found',
    description: 'This link does not lead to an offer. Check that you copied the whole link from the e-mail.',
  },
  linkWithdrawn: {
    title: 'Offer withdrawn',
    description: 'The owner of the vehicle withdrew this offer, so the plan can no longer be taken over with this link.',
  },
  linkExpired: {
    title: 'Offer expired',
    description: 'This offer has expired. Ask the owner of the vehicle to send you a new one.',
  },
  linkUsed: { title: 'Offer already taken', description: 'This plan has already been taken over with this link.' },
  planEnded: { title: 'Plan no longer available', description: 'This plan has ended, so it can no longer be taken over.' },
  otherAccount: {
    title: 'This offer is for another e-mail address',
    description:
      'You are signed in with an address this offer was not sent to. Sign out, then sign in with the address the offer e-mail reached.',
  },
  sellerCannotAccept: { title: 'This is your own offer', description: 'The buyer accepts this offer from their own account.' },
  tooManyLookups: (wait: string) => ({
    title: 'Too many attempts',
    description: `Too many offer links were opened from your network. Please try again in ${wait}.`,
  }),
  stateRequired: 'Choose your state of residence',
  paid: {
    title: 'The plan is yours',
    description: 'Payment received: the plan and its vehicle are now on your dashboard, with coverage active.',
  },
} as const

// --- the arbitration opt-out ---------------------------------------------------------------------------------------
export const OPT_OUT_MESSAGES = {
  done: { title: 'You opted out of arbitration', description: 'Disputes about this plan can go to court. We sent you a confirmation.' },
  windowClosed: (endedAt: string) => ({
    title: 'The opt-out window has closed',
    description: `Arbitration could be opted out of within 30 days of accepting the terms, until ${formatLongDate(endedAt)}.`,
  }),
  already: { title: 'Already opted out', description: 'You have already opted out of arbitration for this plan.' },
  unconfirmed: 'Tick the box to confirm that you opt out of arbitration.',
} as const

// --- privacy: details, e-mail address, deleting the account --------------------------------------------------------
export const PRIVACY_MESSAGES = {
  detailsSaved: { title: 'Details saved', description: 'Your name and phone number are up to date.' },
  name: 'Please enter your name (up to 100 characters)',
  phone: 'Enter a US phone number, e.g. (801) 555-0142',
} as const

export const EMAIL_CHANGE_MESSAGES = {
  sent: (to: string) => ({
    title: 'Check your new inbox',
    description: `We sent a link to ${to}. Your e-mail address changes when you open it.`,
  }),
  same: { title: 'Nothing to change', description: 'This is already your e-mail address.' },
  done: (to: string, signedIn: boolean) => ({
    title: 'E-mail address changed',
    description: signedIn
      ? `You now sign in and receive our e-mails at ${to}. We signed you out on every other device.`
      : `You now sign in and receive our e-mails at ${to}. We signed you out on every device: sign in with your new address.`,
  }),
  taken: {
    title: 'Address already in use',
    description: 'That e-mail address belongs to another account, so we could not move yours to it.',
  },
  invalid: {
    title: 'Link not valid',
    description: 'This link was already used, has expired, or is not ours. Ask for a new one on your privacy page.',
  },
} as const

export const DELETION_MESSAGES = {
  codeSent: (to: string) => ({
    title: 'Code sent',
    description: `We sent a 6-digit code to ${to}. Enter it below to delete your account.`,
  }),
  wrongCode: { title: 'That code is not right', description: 'Enter the 6-digit code from the newest e-mail, or ask for a new code.' },
  /** `blockers`: each reason the account must stay for now, in the words `deletionBlockers` gives. */
  refused: (blockers: string[]) => ({ title: 'Your account cannot be deleted yet', description: blockers.join(' ') }),
  failed: {
    title: 'We could not delete your account. Nothing was deleted; please try again.',
    description: 'We could not delete your account. Nothing was deleted; please try again.',
  },
  done: { title: 'Your account was deleted', description: 'Your personal data and photos are gone. We sent a last e-mail to confirm.' },
  /** After a deletion that kept records the law requires: the last e-mail lists each with its date. */
  doneKept: (count: number) => ({
    title: 'Your account was deleted',
    description: `Your personal data and photos are gone, except ${count === 1 ? 'one record' : `${count} records`} the law requires us to keep, which only our staff can see and which we delete on the dates listed on the deletion page and in the last e-mail we sent you.`,
  }),
  /** Said before the customer confirms (the deletion card) and in the last e-mail, above the records kept. */
  keptIntro: 'The law requires us to keep these records after your account is deleted:',
  /** One sentence per record kept (app/models/people/kept-records.server.ts), its law and the day we delete it. */
  keptRecord: (record: { kind: KeptRecordKind; statute: string; policyNumber: string; mayGoOn: string }) =>
    record.kind === 'service_contract'
      ? `Policy ${record.policyNumber}: Texas law (${record.statute}) requires us to keep your name and postal address, the contract you accepted with its dates and payments, and the date and description of each claim, until a year after its coverage ends. We delete them on ${formatLongDate(record.mayGoOn)}.`
      : `Policy ${record.policyNumber}: California law (${record.statute}) requires us to keep the record of your consent to automatic renewal (the terms and price you agreed to, when, and the internet address and browser you used), with your name, for 3 years, or a year after the plan ends if that is later. We delete it on ${formatLongDate(record.mayGoOn)}.`,
  keptWho:
    'Only our staff can see these records: once your account is deleted you can no longer sign in, and no page shows them to anyone else. Everything else that identifies you goes now: your e-mail address, phone, postal address, vehicles, windshield photos and claim documents.',
  keptNone:
    'No law requires us to keep anything that identifies you: your name, e-mail address, phone, postal address, vehicles, windshield photos and claim documents all go now. We keep only the anonymous accounting of your plans, payments and completed repairs.',
} as const

// --- selling lawfully: the customer's state, where the product is sold, consent records ----------------------------
export const STATE_MESSAGES = {
  required: { title: 'State Required', description: 'Please choose your state of residence.' },
  unknown: 'Please choose one of the 50 states or the District of Columbia.',
  notSold: (stateName: string): Message => ({
    title: 'Not Available in Your State',
    description: `Glass Plan is not sold in ${stateName} yet, so we cannot start a plan for you there.`,
  }),
  /** The dashboard's question, asked once for plans bought before signup asked for the state. */
  saved: (stateName: string): Message => ({
    title: 'State saved',
    description: `Your plans are governed by the law of ${stateName}.`,
  }),
  corrected: (stateName: string): Message => ({
    title: 'State Corrected',
    description: `The policy is now governed by the law of ${stateName}; the change is audited.`,
  }),
  reasonRequired: 'Please say why the state is corrected.',
  salesOpened: (stateName: string): Message => ({ title: 'Sales Opened', description: `New customers in ${stateName} can sign up.` }),
  salesClosed: (stateName: string): Message => ({
    title: 'Sales Closed',
    description: `Signup now refuses customers in ${stateName}; existing plans are unchanged.`,
  }),
  /** Opening a state whose table row still has a question for counsel (`needsCounsel`): refused, with the question. */
  needsCounsel: (stateName: string, question: string): Message => ({
    title: 'Needs Counsel',
    description: `${stateName} cannot be opened for sale until counsel answers this question: ${question}`,
  }),
} as const

/** The provider ending a policy on a ground the customer's state permits (domain/provider-cancellation). */
export const PROVIDER_CANCEL_MESSAGES = {
  chooseGround: 'Choose the ground for cancelling.',
  explain: 'Please explain the ground to the customer (it is in their notice).',
  alreadyCanceled: { title: 'Already Cancelled', description: 'This policy is already cancelled.' },
  alreadyNoticed: (endsOn: string): Message => ({
    title: 'Already Noticed',
    description: `This policy already has a cancellation notice; it ends on ${endsOn}.`,
  }),
  groundNotAllowed: (stateName: string, allowed: string[]): Message => ({
    title: 'Ground Not Permitted',
    description: `${stateName} does not permit cancelling this policy on that ground now. Permitted: ${allowed.join('; ') || 'none'}.`,
  }),
  noticed: (endsOn: string, channel: string): Message => ({
    title: 'Cancellation Noticed',
    description: `The customer was sent the notice (${channel}); the policy ends on ${endsOn} with its refund.`,
  }),
  emailFailed: (noticeDays: number): Message => ({
    title: 'Notice Not Yet E-mailed',
    description: `The notice e-mail could not be sent; it is tried again daily. The policy ends ${noticeDays} days after it goes out, not before.`,
  }),
} as const

/** /admin/states: a state's registration and insurer facts, and opening it (app/domain/state-readiness.ts). */
export const STATE_FACTS_MESSAGES = {
  required: 'Required before this state may be opened.',
  missing: (labels: string[]): Message => ({
    title: 'Facts Missing',
    description: `This state cannot be opened until these are filled in: ${labels.join(', ')}.`,
  }),
  needsCounsel: (note: string): Message => ({ title: 'Needs Counsel', description: `This state cannot be opened yet: ${note}` }),
  check: (labels: string[]): Message => ({ title: 'Check the Facts', description: `Please correct: ${labels.join(', ')}.` }),
  saved: (stateName: string): Message => ({ title: 'Facts Saved', description: `The facts for ${stateName} are saved.` }),
  savedAndOpened: (stateName: string): Message => ({
    title: 'Sales Opened',
    description: `The facts for ${stateName} are saved and new customers there can sign up.`,
  }),
  /** Opening a state held by something other than its facts (the service number, an unfiled form): each in words. */
  held: (problems: string[]): Message => ({ title: 'Not Ready', description: `This state cannot be opened yet. ${problems.join(' ')}` }),
  filingRecorded: (stateName: string, version: string): Message => ({
    title: 'Filing Recorded',
    description: `Terms ${version} are recorded as filed in ${stateName}; they may be sold there once everything else is ready.`,
  }),
  filingNotRequired: { title: 'No Filing Needed', description: 'This state does not require the contract form filed before use.' },
  filingVersionUnknown: { title: 'Check the Filing', description: 'Choose a published terms version.' },
  filingDay: 'Enter the day the regulator received the filing, e.g. 2026-12-01.',
  filingDayFuture: { title: 'Check the Filing', description: 'The filing day cannot be after today.' },
} as const

export const CONSENT_MESSAGES = {
  renewalRequired: {
    title: 'Consent Required',
    description: 'Please agree to the automatic renewal terms to continue.',
  },
  esignRequired: {
    title: 'Consent Required',
    description: 'Please agree to receive your contract and notices electronically to continue.',
  },
  /** The code printed in the disclosure's PDF: typing it shows the customer can open the PDFs we send. */
  esignCodeRequired: {
    title: 'Open the PDF',
    description: 'Open the disclosure PDF and type the code printed in it, to show your device opens PDF files.',
  },
  esignCodeWrong: {
    title: 'Check the code',
    description: 'That is not the code printed in the disclosure PDF. Open the PDF and type its 6-character code.',
  },
  esignWithdrawn: {
    title: 'Paper copies requested',
    description: 'You withdrew your consent to electronic delivery. We will post paper copies of your contract and notices.',
  },
  esignAlreadyWithdrawn: {
    title: 'Paper copies requested',
    description: 'You already asked for paper copies; we post them to you.',
  },
} as const

/** Texts about claims (app/models/people/texts.server.ts): the opt-in on the dashboard, and the texts themselves. */
export const TEXT_MESSAGES = {
  phone: 'Enter a US mobile number, e.g. (801) 555-0142',
  /** Why a number cannot take texts, shown next to the field (app/domain/phones.ts checkTextPhone tells which). */
  phoneRefused: {
    invalid: 'Enter a US mobile number, e.g. (801) 555-0142',
    premium: 'This is a premium-rate number. Enter a mobile number: texts go only to mobiles.',
    toll_free: 'This is a toll-free number. Enter a mobile number: texts go only to mobiles.',
    shared_cost: 'This is a shared-cost number. Enter a mobile number: texts go only to mobiles.',
    personal: 'This is a personal-service (5XX) number. Enter a mobile number: texts go only to mobiles.',
    voip: 'This is an internet (VoIP) number. Enter a mobile number: texts go only to mobiles.',
    landline: 'This is a landline. Enter a mobile number: texts go only to mobiles.',
    not_mobile: 'This is not a mobile number. Enter a mobile number: texts go only to mobiles.',
  },
  consentRequired: 'Tick the box to agree to texts about your claims.',
  correct: { title: 'Please check the mobile number.' },
  optedIn: (phone: string) => ({
    title: 'Texts turned on',
    description: `We will text ${phone} about your claims. Reply STOP to end them.`,
  }),
  optedOut: { title: 'Texts turned off', description: 'We will not text you about your claims.' },
  /** The number is confirmed before any claim text goes to it (docs/decisions/100-texts-number-confirmed-first.md). */
  codeText: (code: string, minutes: number) =>
    `Glass Plan: ${code} is your code to confirm texts about your claims, or reply YES. It works for ${minutes} minutes. Not you? Ignore this.`,
  codeSent: (phone: string) => ({
    title: 'Code texted',
    description: `We texted a 6-digit code to ${phone}. Type it here to turn texts on.`,
  }),
  codeWaiting: (phone: string) => `We texted a code to ${phone}. Type it below, or reply YES to that text, to turn texts on.`,
  codeNotSent: (phone: string) => `We have not texted ${phone} a code yet. Send one to confirm it is your number.`,
  code: 'Enter the 6-digit code we texted you.',
  codeWrong: (triesLeft: string) => `That code is not the one we texted. ${triesLeft} left.`,
  codeExpired: 'This code has expired. Send a new code.',
  codeUsedUp: 'Too many wrong codes for this one. Send a new code.',
  noCodeWaiting: 'No number is waiting for a code. Enter your mobile number first.',
  codeRefused: { title: 'Please check the code.' },
  codeNotDelivered: 'We could not text this number. Check it, or try another mobile number.',
  /** Past the day's cap (app/domain/texts.ts): the code cannot wait for the next day's texts. */
  codeAfterCap: 'We have sent as many texts as we may today. Please try again tomorrow; your claims are still e-mailed to you.',
  tooManyCodes: (wait: string) => ({
    title: 'Too many codes',
    description: `Too many codes were texted. Please try again in ${wait}.`,
  }),
  tooManyTries: (wait: string) => ({
    title: 'Too many codes tried',
    description: `Too many codes were tried. Please try again in ${wait}.`,
  }),
  numberOnFile: (phone: string) => `The number on your account, ${phone}, is filled in. Type another mobile to use that one instead.`,
  onTheWay: { title: 'Customer told you are on the way', description: 'The time is recorded on the job.' },
  onTheWayAlready: 'The customer was already told you are on the way.',
  onTheWayNotMobile: 'Only a mobile appointment with a time given can be marked on the way.',
  decidedApproved: (code: string) => `Glass Plan: your claim ${code} is approved. See what happens next: `,
  decidedDenied: (code: string) => `Glass Plan: your claim ${code} was not approved. The reason and how to appeal: `,
  booked: (code: string, shop: string, when: string) => `Glass Plan: ${shop} booked claim ${code} for ${when}. Details: `,
  onTheWayText: (code: string, shop: string) => `Glass Plan: the technician from ${shop} is on the way for claim ${code}.`,
  done: (code: string) => `Glass Plan: the work on claim ${code} is done. Details: `,
  stopFooter: ' Reply STOP to end texts.',
  help: (supportPhone: string, supportEmail: string) =>
    `Glass Plan claim texts. Help: call ${supportPhone} or write to ${supportEmail}. Reply STOP to end texts. Msg & data rates may apply.`,
  /** The one text that says a confirmed number is signed up, what it will get and how to stop, as carriers expect after an opt-in. */
  confirmedText:
    'Glass Plan: texts about your claims are on for this number. Msg & data rates may apply. Reply HELP for help, STOP to end.',
  /** The one text that confirms a stop said in other words than the provider's own (which it confirms itself). */
  stopConfirmed: 'Glass Plan: you will get no more texts from us. To have them again, turn texts on in your account.',
} as const

/** The public "Join the network" application and the operator's review of it (app/models/shops/shop-applications.server.ts). */
export const SHOP_APPLICATION_MESSAGES = {
  businessName: 'Enter the business name (2 to 120 characters).',
  contactName: 'Enter your name (up to 100 characters).',
  email: 'Enter a valid e-mail address: we write to you there, and it becomes your sign-in.',
  phone: 'Enter a US phone number, e.g. (801) 555-0142',
  locationName: 'Enter the location’s name (2 to 120 characters).',
  address: 'Enter the street address (up to 160 characters).',
  city: 'Enter the city (up to 80 characters).',
  state: 'Enter the two-letter state, like UT.',
  zip: 'Enter the five-digit ZIP code, like 84101.',
  locationsRequired: 'Give at least one location.',
  insuranceCarrier: 'Enter your liability insurer (up to 100 characters).',
  insurancePolicyNumber: 'Enter the insurance policy number (up to 60 characters).',
  insuranceExpiresOn: 'Enter the date your insurance runs to, like 2027-06-30: it must not have ended.',
  certifications: 'Keep the certifications under 500 characters.',
  servicesRequired: 'Tick chip repair, replacement, or both.',
  correct: { title: 'Please check the application.' },
  received: {
    title: 'Application received',
    description: 'Thank you. We review applications within 5 business days and will e-mail you the outcome.',
  },
  tooMany: (wait: string) => `Too many applications from your network. Please try again in ${wait}.`,
  declineReason: 'Give the reason the applicant will read (up to 1,000 characters).',
  notPending: 'This application was already decided.',
  approved: (business: string) => ({
    title: 'Application approved',
    description: `${business} is now a partner group; the applicant was e-mailed.`,
  }),
  declined: (business: string) => ({ title: 'Application declined', description: `${business} was e-mailed the reason.` }),
} as const

/** The shops' scorecards (app/domain/scorecards.ts): each figure's name, its count in words, and the empty states. */
export const SCORECARD_MESSAGES = {
  figures: {
    onTime: {
      label: 'On time',
      counted: (count: number, of: number) => `${count} of ${of} on time`,
      explain:
        'Jobs finished within the service promise (chip repair within 24 hours of approval, replacement within 3 business days), with open jobs already past it counted as late. A reschedule the customer asked for before the deadline does not count against you.',
    },
    firstTimeInvoices: {
      label: 'Invoices accepted first time',
      counted: (count: number, of: number) => `${count} of ${of} accepted first time`,
      explain: 'Of the invoices we have answered, those accepted as first sent, without a rejection and a correction.',
    },
    rework: {
      label: 'Rework',
      counted: (count: number, of: number) => `${count} of ${of} chip repairs failed`,
      explain:
        'Chip repairs claimed since under the repair guarantee because they failed (a claim we denied is not counted). Lower is better.',
    },
    calibrationProof: {
      label: 'Calibration proof complete',
      counted: (count: number, of: number) => `${count} of ${of} with complete proof`,
      explain: 'Jobs with an ADAS calibration whose proof is recorded, complete and passed, as payment requires.',
    },
    ratings: {
      label: 'Rated 4 or 5 stars',
      counted: (count: number, of: number) => `${count} of ${of} ratings 4 or 5 stars`,
      explain: "Of these jobs' ratings by their customers, every one counted (a hidden comment's score too), those of 4 or 5 stars.",
    },
  },
  nothingToMeasure: 'Nothing to measure yet',
  window: (days: number) => `Over the jobs completed in the last ${days} days.`,
  countedAt: (when: string) => `Counted ${when}; the figures are counted again at most every hour.`,
  empty: (days: number) =>
    `No jobs completed in the last ${days} days yet. Your scorecard fills in as you complete jobs: on time, invoices accepted first time, rework and calibration proof.`,
  newToNetwork: 'New to the network',
  customerOnTime: (rate: number, count: number, of: number, days: number) =>
    `${rate}% on time (${count} of ${of} jobs in the last ${days} days)`,
} as const

/** The shops' price schedule (app/domain/price-schedule.ts): the operator's page and the shop's answer on /shop. */
export const PRICE_SCHEDULE_MESSAGES = {
  correct: { title: 'Please check the schedule.', description: 'Nothing was published: see the message next to each field.' },
  amount: (label: string, min: string, max: string) => `${label}: enter an amount in dollars, from ${min} to ${max}.`,
  effectiveOn: (earliest: string) => `Choose the day it takes effect: ${earliest} or later (30 days' notice to the shops).`,
  published: (version: number, from: string) => ({
    title: `Version ${version} published`,
    description: `It takes effect ${from}. Every shop's staff were e-mailed it.`,
  }),
  /** The shop's page. */
  mustAccept: 'You get no new jobs until you accept the schedule in force.',
  refusedPending: (from: string) => `You refused this version: from ${from} you get no new jobs. Jobs you already have keep going.`,
  accepted: (version: number) => ({ title: 'Schedule accepted', description: `You accepted version ${version} of the price schedule.` }),
  refused: (version: number) => ({
    title: 'Schedule refused',
    description: `You refused version ${version}. From the day it takes effect you get no new jobs; jobs you already have keep going.`,
  }),
  notOpen: {
    title: 'This version cannot be answered',
    description: 'That version of the schedule is no longer in force or waiting. Reload the page to see the current one.',
  },
  /** The completion form's line. */
  jobPays: (version: number) => `What this job pays (price schedule version ${version})`,
  noSchedule: 'No price schedule applies to this job: the invoice is paid as accepted by the operator.',
  fixedOnCompletion:
    'The work you choose below, plus each calibration you record, is the most an invoice is paid without our review: the job is paid your invoice as accepted, up to this price. The price is fixed when you complete the job; a later version of the schedule does not change it.',
  /** A completed job's page: the one amount it is paid, the same as its payout and remittance. */
  paid: (price: string) => `This job is paid ${price}: your invoice as accepted.`,
} as const

/** The shops' ratings by their customers (app/domain/ratings.ts): the claim page's card, the shop choice, /shop, the operator. */
export const SHOP_RATING_MESSAGES = {
  correct: { title: 'Please check your rating.', description: 'Nothing was saved: see the message next to each field.' },
  scoreRequired: 'Choose from 1 to 5 stars.',
  commentTooLong: (max: number) => `Keep the comment to ${max} characters.`,
  answerRequired: 'Write your answer.',
  answerTooLong: (max: number) => `Keep the answer to ${max} characters.`,
  reasonRequired: 'Choose one of the listed reasons.',
  notRateable: {
    title: 'Not ready to rate',
    description: 'You can rate the shop once the job on this claim is done.',
  },
  editOver: (until: string) => ({
    title: 'Your rating can no longer be changed',
    description: `Ratings can be changed for 30 days; yours could be changed until ${until}.`,
  }),
  given: (shop: string) => ({
    title: 'Thank you for your rating',
    description: `Your rating of ${shop} is shown to customers choosing a shop.`,
  }),
  edited: (shop: string) => ({ title: 'Rating changed', description: `Your rating of ${shop} is changed.` }),
  alreadyAnswered: { title: 'Already answered', description: 'Each rating takes one answer from the shop, and this one has it.' },
  answered: { title: 'Answer published', description: 'Your answer is shown under the rating.' },
  alreadyHidden: { title: 'Already hidden', description: 'This comment is already hidden.' },
  noComment: { title: 'Nothing to hide', description: 'This rating has no comment; its score always counts.' },
  hidden: { title: 'Comment hidden', description: 'The reason is shown in its place; the score still counts.' },
  /** The card on the claim page, and the e-mail. */
  askTitle: (shop: string) => `How did ${shop} do?`,
  ask: 'Rate the shop that did your job, from 1 to 5 stars, with a comment if you like. Every rating is shown to customers choosing a shop, whatever it says, and nothing is given for it.',
  yours: (score: number) => `You rated it ${score} of 5.`,
  editableUntil: (until: string) => `You can change your rating until ${until}.`,
  /** How a location's figure reads. */
  average: (average: string, count: number) => `${average} of 5 from ${count} ${count === 1 ? 'rating' : 'ratings'}`,
  none: 'No ratings yet',
  shopAnswer: 'The shop answered',
  allShown:
    'Every rating customers give is shown here, whatever its score: a comment is hidden only for personal information, a threat, obscene language, or words not about the job, and its score still counts.',
} as const

/** The plan card in Apple Wallet and Google Wallet (app/models/policies/wallet-card.server.ts), and its links. */
export const WALLET_MESSAGES = {
  addToApple: 'Add to Apple Wallet',
  saveToGoogle: 'Save to Google Wallet',
  /** The card's status, by the policy's: an ended plan's card says so whenever it is downloaded again. */
  status: { active: 'Active', past_due: 'Past due', canceled: 'Ended' },
  statusLine: {
    active: 'Your plan is active: file a claim online at any time.',
    activeUntil: (endsOn: string) => `Your plan is active until ${endsOn}: renewal is turned off.`,
    past_due: 'Your last payment failed: claims are paused until it goes through.',
    canceled: (endedOn: string) => `This plan ended on ${endedOn} and no longer covers the vehicle.`,
  },
  description: 'Glass Plan windshield protection plan',
  fileClaim: 'File a claim',
  fileClaimLink: 'File a claim online',
  support: 'Support',
  testPass: 'TEST PASS',
  testPassLine:
    'A test pass, signed by a certificate this server made for itself: it shows how the card looks, and no wallet will take it as ours.',
} as const
