import { parseWithZod } from '@conform-to/zod/v4'
import { z } from 'zod'

import { allowedDamageTypes, REVERSAL_GROUNDS } from '~/domain/claims'
import {
  DAMAGE_ANSWER,
  DAMAGE_ANSWER_NAMES,
  DAMAGE_ANSWERS,
  type DamageAnswer,
  type DamageAnswerName,
  isAsked,
  REPAIR_FAILURE_ANSWER_NAMES,
  type RepairFailureAnswerName,
} from '~/domain/damage-answers'
import { DISPUTE_OUTCOMES } from '~/domain/invoice'
import {
  CLAIM_FIELD_MESSAGES,
  CLAIM_FORM_PROBLEMS,
  CLAIM_THREAD_MESSAGES,
  DAMAGE_DATE_REQUIRED,
  DENIAL_REASON_REQUIRED,
  DESCRIPTION_REQUIRED,
  DISPUTE_MESSAGES,
  firstProblemToast,
  INVOICE_REJECTION_REASONS,
  INVOICE_REVIEW_MESSAGES,
  type InvoiceRejectionReason,
  MISSING_INFORMATION,
  NOT_COVERED,
  PHOTO_REQUEST_MESSAGES,
  PHOTOS_REQUIRED,
  RULES_DECISION_MESSAGES,
  STORM_MESSAGES,
  SUBMIT_FAILED,
  type ToastMessage,
} from '~/domain/messages'
import type { PlanType } from '~/domain/plans'
import { ZIP_PATTERN } from '~/domain/shops'

import { dayField } from './days'
import { invoiceShape } from './invoice'
import { MAX_LENGTH } from './limits'
import { freeText, singleLineText } from './text'

/** One answer about the damage: one of its choices, else its message beside it; kept as its declaration reads it. */
function answerRule<Name extends string, Value>(answer: DamageAnswer<Name, Value>) {
  const choices = answer.choices.map(([choice]) => choice) as [string, ...string[]]
  return z.enum(choices, { error: answer.required }).transform(answer.read)
}

/**
 * The answers about the damage (domain/damage-answers.ts), each checked by its declaration. One asked of chips only is
 * optional here: checkClaimForm requires it of a chip.
 */
export const damageAnswerShape = {
  damageSize: answerRule(DAMAGE_ANSWER.damageSize),
  inLineOfSight: answerRule(DAMAGE_ANSWER.inLineOfSight),
  chipCount: answerRule(DAMAGE_ANSWER.chipCount).optional(),
  damageZone: answerRule(DAMAGE_ANSWER.damageZone),
} satisfies Record<DamageAnswerName, z.ZodType>

/** /customer/submit-claim (the photos are files, checked beside this schema). */
export const SubmitClaimSchema = z.object({
  policyId: singleLineText({ error: MISSING_INFORMATION.description }).min(1, MISSING_INFORMATION.description),
  damageType: z.enum(['chip', 'crack'], { error: CLAIM_FIELD_MESSAGES.damageType }).default('chip'),
  description: freeText({ error: DESCRIPTION_REQUIRED.description })
    .min(1, DESCRIPTION_REQUIRED.description)
    .max(MAX_LENGTH.longText, CLAIM_FIELD_MESSAGES.descriptionTooLong),
  damageDate: dayField(DAMAGE_DATE_REQUIRED),
  ...damageAnswerShape,
  /** Where the vehicle is kept: optional, it gives damage in a declared storm's area that storm's filing window. */
  vehicleZip: singleLineText({ error: STORM_MESSAGES.vehicleZipFormat })
    .regex(ZIP_PATTERN, STORM_MESSAGES.vehicleZipFormat)
    .optional()
    .or(z.literal('').transform(() => undefined))
    .transform((value) => value ?? null),
})
export type SubmitClaimValues = z.infer<typeof SubmitClaimSchema>

/** /customer/claims/:claimId/appeal */
export const AppealSchema = z.object({
  appealText: freeText({ error: CLAIM_FIELD_MESSAGES.appeal })
    .min(10, CLAIM_FIELD_MESSAGES.appealTooShort)
    .max(MAX_LENGTH.longText, CLAIM_FIELD_MESSAGES.appealTooLong),
})

/** A message on a claim's thread, from the customer, the operator or the shop: text only. */
export const ClaimMessageSchema = z.object({
  body: freeText({ error: CLAIM_THREAD_MESSAGES.bodyRequired })
    .min(1, CLAIM_THREAD_MESSAGES.bodyRequired)
    .max(MAX_LENGTH.message, CLAIM_THREAD_MESSAGES.bodyTooLong(MAX_LENGTH.message)),
})

/** The operator asks the customer or the shop for more photos of a claim (/admin/claims/:claimId). */
export const PhotoRequestSchema = z.object({
  audience: z.enum(['customer', 'shop'], { error: PHOTO_REQUEST_MESSAGES.audience }),
  note: freeText({ error: PHOTO_REQUEST_MESSAGES.noteRequired })
    .min(1, PHOTO_REQUEST_MESSAGES.noteRequired)
    .max(MAX_LENGTH.note, PHOTO_REQUEST_MESSAGES.noteTooLong(MAX_LENGTH.note)),
})

/**
 * /customer/claims/:claimId/repair-failed: what the customer tells us about a repaired chip that failed (the photos are
 * files, checked beside this schema): the questions a failed repair is asked (domain/damage-answers.ts).
 */
export const RepairFailureSchema = SubmitClaimSchema.pick({
  description: true,
  damageDate: true,
  ...(Object.fromEntries(REPAIR_FAILURE_ANSWER_NAMES.map((name) => [name, true])) as Record<RepairFailureAnswerName, true>),
})

/** The operator's decision on /admin/claims/:claimId, keyed on the button pressed. */
export const ReviewSchema = z.discriminatedUnion('intent', [
  z.object({
    intent: z.literal('approve'),
    partnerGroupId: singleLineText({ error: CLAIM_FIELD_MESSAGES.partnerGroup }).min(1, CLAIM_FIELD_MESSAGES.partnerGroup),
    // Empty: the group's location nearest the customer (app/models/claims/shop-choice.server.ts: locationForAssignment).
    partnerLocationId: singleLineText({ error: CLAIM_FIELD_MESSAGES.partnerGroup }).optional(),
  }),
  // The operator accepts the shop's invoice, approving the job for payment (the claim is the page's); an amount below
  // the invoice's total is a short-pay, recorded as the amount accepted.
  z.object({
    intent: z.literal('approve-payment'),
    acceptedAmount: invoiceShape.actualCost.refine((cents) => cents === null || cents >= 0, INVOICE_REVIEW_MESSAGES.acceptedAmount),
  }),
  // The operator rejects the shop's invoice with a typed reason and a note the shop acts on.
  z.object({
    intent: z.literal('reject-invoice'),
    reason: z.enum(Object.keys(INVOICE_REJECTION_REASONS) as [InvoiceRejectionReason, ...InvoiceRejectionReason[]], {
      error: INVOICE_REVIEW_MESSAGES.chooseReason,
    }),
    note: freeText({ error: INVOICE_REVIEW_MESSAGES.noteRequired })
      .min(1, INVOICE_REVIEW_MESSAGES.noteRequired)
      .max(MAX_LENGTH.message, INVOICE_REVIEW_MESSAGES.noteTooLong),
  }),
  // The operator answers a shop's dispute; an upheld short-pay may name the amount now accepted (else the invoice's).
  z.object({
    intent: z.literal('answer-dispute'),
    disputeId: singleLineText({ error: DISPUTE_MESSAGES.notOpen }).min(1, DISPUTE_MESSAGES.notOpen),
    outcome: z.enum(DISPUTE_OUTCOMES, { error: DISPUTE_MESSAGES.chooseOutcome }),
    answer: freeText({ error: DISPUTE_MESSAGES.answerRequired })
      .min(1, DISPUTE_MESSAGES.answerRequired)
      .max(MAX_LENGTH.message, DISPUTE_MESSAGES.messageTooLong),
    acceptedAmount: invoiceShape.actualCost,
  }),
  // The operator releases an invoice held above its service's ceiling, after checking it.
  z.object({ intent: z.literal('release-invoice') }),
  z.object({
    intent: z.literal('deny'),
    reason: freeText({ error: DENIAL_REASON_REQUIRED.description })
      .min(1, DENIAL_REASON_REQUIRED.description)
      .max(MAX_LENGTH.message, CLAIM_FIELD_MESSAGES.reasonTooLong),
  }),
  // The operator turns an approval the decision rules made into a denial, with the reason the customer reads.
  z.object({
    intent: z.literal('reverse'),
    ground: z.enum(REVERSAL_GROUNDS, { error: RULES_DECISION_MESSAGES.reversalGroundRequired }),
    reason: freeText({ error: DENIAL_REASON_REQUIRED.description })
      .min(1, DENIAL_REASON_REQUIRED.description)
      .max(MAX_LENGTH.message, CLAIM_FIELD_MESSAGES.reasonTooLong),
  }),
])

/** The claim form's field errors: per field, the messages shown next to it. */
export type SubmitClaimErrors = Partial<
  Record<'form' | 'policyId' | 'damageType' | 'damageDate' | 'vehicleZip' | 'description' | 'photos' | DamageAnswerName, string[]>
>

export type ClaimFormCheck =
  { ok: true; value: SubmitClaimValues } | { ok: false; errors: SubmitClaimErrors; toast: ToastMessage; values: Record<string, string> }

/**
 * The claim form's rules, in one place for the real form (its action), the demo's action and the demo in the browser:
 * the schema, at least one photo, the plan's covered damage types, and one toast for the first problem in the form's order
 * (`firstProblemToast`). The same input gets the same messages on every screen.
 */
export function checkClaimForm(fields: FormData, photoCount: number, planType: PlanType | null): ClaimFormCheck {
  const submission = parseWithZod(fields, { schema: SubmitClaimSchema })
  const values = claimFormValues(fields)
  const errors: SubmitClaimErrors = submission.status === 'success' ? {} : ((submission.reply().error ?? {}) as SubmitClaimErrors)
  const damageType = values.damageType === 'crack' ? 'crack' : 'chip'
  for (const answer of DAMAGE_ANSWERS) {
    if (answer.chipsOnly && isAsked(answer, damageType) && !values[answer.name]) errors[answer.name] = [answer.required]
  }
  if (submission.status === 'success' && planType && !allowedDamageTypes({ planType }).includes(submission.value.damageType)) {
    errors.damageType = [NOT_COVERED.description]
  }
  if (photoCount === 0) errors.photos = [PHOTOS_REQUIRED.description]
  if (submission.status === 'success' && Object.values(errors).every((list) => !list?.length)) return { ok: true, value: submission.value }
  return { ok: false, errors, values, toast: firstProblemToast(errors, CLAIM_FORM_PROBLEMS, SUBMIT_FAILED) }
}

/** What the customer sent, to show again with a refusal: the typed text and the chosen answers are kept. */
export function claimFormValues(fields: FormData) {
  const text = (name: string) => String(fields.get(name) ?? '')
  return {
    damageType: text('damageType'),
    damageDate: text('damageDate'),
    description: text('description'),
    ...sentAnswers(fields),
    vehicleZip: text('vehicleZip'),
  }
}

/** The answers about the damage as sent, each by its name (to show a refused form again). */
export function sentAnswers<Name extends DamageAnswerName = DamageAnswerName>(
  fields: FormData,
  names: readonly Name[] = DAMAGE_ANSWER_NAMES as Name[],
) {
  return Object.fromEntries(names.map((name) => [name, String(fields.get(name) ?? '')])) as Record<Name, string>
}
