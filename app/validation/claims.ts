import { parseWithZod } from '@conform-to/zod/v4'
import { z } from 'zod'

import { allowedDamageTypes, CHIP_COUNTS, DAMAGE_SIZES, WINDSHIELD_ZONES } from '~/domain/claims'
import {
  CLAIM_FIELD_MESSAGES,
  CLAIM_FORM_PROBLEMS,
  CODE_FORMAT_MESSAGE,
  DAMAGE_DATE_REQUIRED,
  DENIAL_REASON_REQUIRED,
  DESCRIPTION_REQUIRED,
  firstProblemToast,
  MISSING_INFORMATION,
  NOT_COVERED,
  PHOTOS_REQUIRED,
  STORM_MESSAGES,
  SUBMIT_FAILED,
  type ToastMessage,
} from '~/domain/messages'
import type { PlanType } from '~/domain/plans'
import { ZIP_PATTERN } from '~/domain/shops'

import { freeText, singleLineText } from './text'

const isoDate = /^\d{4}-\d{2}-\d{2}$/

/** /customer/submit-claim (the photos are files, checked beside this schema). */
export const SubmitClaimSchema = z.object({
  policyId: singleLineText({ error: MISSING_INFORMATION.description }).min(1, MISSING_INFORMATION.description),
  damageType: z.enum(['chip', 'crack'], { error: CLAIM_FIELD_MESSAGES.damageType }).default('chip'),
  description: freeText({ error: DESCRIPTION_REQUIRED.description })
    .min(1, DESCRIPTION_REQUIRED.description)
    .max(4000, CLAIM_FIELD_MESSAGES.descriptionTooLong),
  damageDate: singleLineText({ error: DAMAGE_DATE_REQUIRED })
    .regex(isoDate, DAMAGE_DATE_REQUIRED)
    .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), DAMAGE_DATE_REQUIRED),
  // The questions the decision rules need, as radio buttons: an answer that is missing or not one of the choices is
  // refused next to its question. How many chips is asked of chips only (checkClaimForm).
  damageSize: z.enum(DAMAGE_SIZES, { error: CLAIM_FIELD_MESSAGES.damageSize }),
  inLineOfSight: z.enum(['yes', 'no'], { error: CLAIM_FIELD_MESSAGES.inLineOfSight }).transform((answer) => answer === 'yes'),
  chipCount: z.enum(CHIP_COUNTS, { error: CLAIM_FIELD_MESSAGES.chipCount }).optional(),
  damageZone: z.enum(WINDSHIELD_ZONES, { error: CLAIM_FIELD_MESSAGES.damageZone }),
  /** Where the vehicle is kept: optional, it gives damage in a declared storm's area that storm's filing window. */
  vehicleZip: singleLineText({ error: STORM_MESSAGES.vehicleZipFormat })
    .regex(ZIP_PATTERN, STORM_MESSAGES.vehicleZipFormat)
    .optional()
    .or(z.literal('').transform(() => undefined))
    .transform((value) => value ?? null),
})
/** The claim form's questions about the damage, in the form's order. */
export const DAMAGE_ANSWER_FIELDS = ['damageSize', 'inLineOfSight', 'chipCount', 'damageZone'] as const
export type SubmitClaimValues = z.infer<typeof SubmitClaimSchema>

/** /customer/claims/:claimId/appeal */
export const AppealSchema = z.object({
  appealText: freeText({ error: CLAIM_FIELD_MESSAGES.appeal })
    .min(10, CLAIM_FIELD_MESSAGES.appealTooShort)
    .max(4000, CLAIM_FIELD_MESSAGES.appealTooLong),
})

/**
 * /customer/claims/:claimId/repair-failed: what the customer tells us about a repaired chip that failed (the photos are
 * files, checked beside this schema). The damage is a crack under the guarantee; size and chip count are not asked.
 */
export const RepairFailureSchema = SubmitClaimSchema.pick({ description: true, damageDate: true, inLineOfSight: true, damageZone: true })
export type RepairFailureValues = z.infer<typeof RepairFailureSchema>

/** The operator's decision on /admin/claims/:claimId, keyed on the button pressed. */
export const ReviewSchema = z.discriminatedUnion('intent', [
  z.object({
    intent: z.literal('approve'),
    partnerGroupId: singleLineText({ error: CLAIM_FIELD_MESSAGES.partnerGroup }).min(1, CLAIM_FIELD_MESSAGES.partnerGroup),
  }),
  // The operator approves the shop's completed job for payment (no fields: the claim is the page's).
  z.object({ intent: z.literal('approve-payment') }),
  // The operator releases an invoice held above its service's ceiling, after checking it.
  z.object({ intent: z.literal('release-invoice') }),
  z.object({
    intent: z.literal('deny'),
    reason: freeText({ error: DENIAL_REASON_REQUIRED.description })
      .min(1, DENIAL_REASON_REQUIRED.description)
      .max(2000, CLAIM_FIELD_MESSAGES.reasonTooLong),
  }),
  // The operator turns an approval the decision rules made into a denial, with the reason the customer reads.
  z.object({
    intent: z.literal('reverse'),
    reason: freeText({ error: DENIAL_REASON_REQUIRED.description })
      .min(1, DENIAL_REASON_REQUIRED.description)
      .max(2000, CLAIM_FIELD_MESSAGES.reasonTooLong),
  }),
])

/** The shop's completion form (the invoice and repair photos are files, checked beside this schema). */
export const CompleteClaimSchema = z.object({
  code: singleLineText({ error: CODE_FORMAT_MESSAGE }).min(1, CODE_FORMAT_MESSAGE),
  repairType: z.enum(['repair', 'replacement'], { error: CLAIM_FIELD_MESSAGES.repairType }).default('repair'),
  actualCost: singleLineText()
    .optional()
    .transform((value, context) => {
      if (!value) return null
      const cleaned = value.replace(/^\$/, '').replace(/,/g, '')
      if (!/^\d{1,6}(\.\d{1,2})?$/.test(cleaned)) {
        context.addIssue({ code: 'custom', message: CLAIM_FIELD_MESSAGES.actualCost })
        return z.NEVER
      }
      return Math.round(Number(cleaned) * 100)
    }),
  partnerNotes: freeText()
    .max(4000, CLAIM_FIELD_MESSAGES.notesTooLong)
    .optional()
    .transform((value) => value || null),
})

/** The claim form's field errors: per field, the messages shown next to it. */
export type SubmitClaimErrors = Partial<
  Record<
    'form' | 'policyId' | 'damageType' | 'damageDate' | 'vehicleZip' | 'description' | 'photos' | (typeof DAMAGE_ANSWER_FIELDS)[number],
    string[]
  >
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
  if (values.damageType !== 'crack' && !values.chipCount) errors.chipCount = [CLAIM_FIELD_MESSAGES.chipCount]
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
    damageSize: text('damageSize'),
    inLineOfSight: text('inLineOfSight'),
    chipCount: text('chipCount'),
    damageZone: text('damageZone'),
    vehicleZip: text('vehicleZip'),
  }
}
