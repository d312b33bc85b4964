import { z } from 'zod'
import { freeText } from './text'

// SPEC §5 "Claim form", "Partner completion" and §8 wording.
export const PHOTOS_REQUIRED = { title: 'Photos Required', description: 'Please upload at least one photo of the damage.' } as const
export const DESCRIPTION_REQUIRED = { title: 'Description Required', description: 'Please provide a description of what happened.' } as const
export const MISSING_INFORMATION = { title: 'Error', description: 'Missing required information' } as const
export const SUBMIT_FAILED = { title: 'Error', description: 'Failed to submit claim' } as const
export const INVOICE_REQUIRED = { title: 'Invoice Required', description: 'Please upload an invoice photo.' } as const
export const REPAIR_PHOTOS_REQUIRED = { title: 'Repair Photos Required', description: 'Please upload at least one repair photo.' } as const
export const CHIP_ONLY_NOTE = 'Your chip repair plan covers chip damage only.'
export const DAMAGE_DATE_REQUIRED = 'Please enter the date the damage happened.'
export const DAMAGE_DATE_FUTURE = 'The damage date cannot be in the future.'

const isoDate = /^\d{4}-\d{2}-\d{2}$/

/** /customer/submit-claim (the photos are files, checked beside this schema). */
export const SubmitClaimSchema = z.object({
  policyId: z.string({ error: MISSING_INFORMATION.description }).trim().min(1, MISSING_INFORMATION.description),
  damageType: z.enum(['chip', 'crack'], { error: 'Please choose the type of damage.' }).default('chip'),
  description: freeText({ error: DESCRIPTION_REQUIRED.description })
    .min(1, DESCRIPTION_REQUIRED.description)
    .max(4000, 'Please keep the description under 4,000 characters.'),
  damageDate: z
    .string({ error: DAMAGE_DATE_REQUIRED })
    .trim()
    .regex(isoDate, DAMAGE_DATE_REQUIRED)
    .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), DAMAGE_DATE_REQUIRED),
})
export type SubmitClaimValues = z.infer<typeof SubmitClaimSchema>

/** /customer/claims/:claimId/appeal */
export const AppealSchema = z.object({
  appealText: freeText({ error: 'Please tell us why the decision should change.' })
    .min(10, 'Please tell us why the decision should change (at least 10 characters).')
    .max(4000, 'Please keep the appeal under 4,000 characters.'),
})

/** The operator's decision on /admin/claims/:claimId, keyed on the button pressed. */
export const ReviewSchema = z.discriminatedUnion('intent', [
  z.object({
    intent: z.literal('approve'),
    partnerGroupId: z.string({ error: 'Please choose a partner group.' }).trim().min(1, 'Please choose a partner group.'),
  }),
  z.object({
    intent: z.literal('deny'),
    reason: freeText({ error: 'Please give the reason for the denial.' })
      .min(1, 'Please give the reason for the denial.')
      .max(2000, 'Please keep the reason under 2,000 characters.'),
  }),
])

export const CODE_FORMAT_MESSAGE = 'Enter the code from the customer: CS- and six letters or digits.'

/** The shop's completion form (the invoice and repair photos are files, checked beside this schema). */
export const CompleteClaimSchema = z.object({
  code: z.string({ error: CODE_FORMAT_MESSAGE }).trim().min(1, CODE_FORMAT_MESSAGE),
  repairType: z.enum(['repair', 'replacement'], { error: 'Please choose the service type.' }).default('repair'),
  actualCost: z
    .string()
    .trim()
    .optional()
    .transform((value, context) => {
      if (!value) return null
      const cleaned = value.replace(/^\$/, '').replace(/,/g, '')
      if (!/^\d{1,6}(\.\d{1,2})?$/.test(cleaned)) {
        context.addIssue({ code: 'custom', message: 'Enter the cost in dollars and cents, like 89.50.' })
        return z.NEVER
      }
      return Math.round(Number(cleaned) * 100)
    }),
  partnerNotes: freeText()
    .max(4000, 'Please keep the notes under 4,000 characters.')
    .optional()
    .transform((value) => value || null),
})
