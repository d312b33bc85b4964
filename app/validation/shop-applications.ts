import { z } from 'zod'

import { SHOP_APPLICATION_MESSAGES as M } from '~/domain/messages'
import { toE164UsPhone } from '~/domain/phones'
import { ZIP_PATTERN } from '~/domain/shops'
import { isStateCode } from '~/domain/state-rules'

import { dayField } from './days'
import { MAX_LENGTH } from './limits'
import { freeText, singleLineText } from './text'

/** How many locations one application form lists (more are added by the operator after approval). */
export const APPLICATION_LOCATIONS = 3

const checkbox = singleLineText()
  .optional()
  .transform((value) => value === 'on')

const LocationSchema = z.object({
  name: singleLineText({ error: M.locationName }).min(2, M.locationName).max(MAX_LENGTH.businessName, M.locationName),
  address: singleLineText({ error: M.address }).min(1, M.address).max(MAX_LENGTH.streetAddress, M.address),
  city: singleLineText({ error: M.city }).min(1, M.city).max(MAX_LENGTH.city, M.city),
  state: singleLineText({ error: M.state })
    .toUpperCase()
    .refine((value) => isStateCode(value), M.state),
  zip: singleLineText({ error: M.zip }).regex(ZIP_PATTERN, M.zip),
})

/** A row of the form left wholly blank is no location (the form offers APPLICATION_LOCATIONS rows). */
function withoutBlankRows(value: unknown) {
  if (!Array.isArray(value)) return value
  return value.filter(
    (row) => row && typeof row === 'object' && Object.values(row as Record<string, unknown>).some((field) => String(field ?? '').trim()),
  )
}

/** The public application, checked field by field; `today` bounds the insurance date. */
export function shopApplicationSchema(today: string) {
  return z
    .object({
      businessName: singleLineText({ error: M.businessName }).min(2, M.businessName).max(MAX_LENGTH.businessName, M.businessName),
      contactName: singleLineText({ error: M.contactName }).min(1, M.contactName).max(MAX_LENGTH.personName, M.contactName),
      email: singleLineText({ error: M.email })
        .max(MAX_LENGTH.email, M.email)
        .pipe(z.email({ error: M.email })),
      phone: singleLineText({ error: M.phone })
        .max(MAX_LENGTH.phone, M.phone)
        .transform((value, ctx) => {
          const e164 = toE164UsPhone(value)
          if (!e164) ctx.addIssue({ code: 'custom', message: M.phone })
          return e164 ?? ''
        }),
      locations: z.preprocess(
        withoutBlankRows,
        z.array(LocationSchema, { error: M.locationsRequired }).min(1, M.locationsRequired).max(APPLICATION_LOCATIONS),
      ),
      insuranceCarrier: singleLineText({ error: M.insuranceCarrier })
        .min(1, M.insuranceCarrier)
        .max(MAX_LENGTH.insuranceCarrier, M.insuranceCarrier),
      insurancePolicyNumber: singleLineText({ error: M.insurancePolicyNumber })
        .min(1, M.insurancePolicyNumber)
        .max(MAX_LENGTH.insurancePolicyNumber, M.insurancePolicyNumber),
      insuranceExpiresOn: dayField(M.insuranceExpiresOn).refine((value) => value >= today, M.insuranceExpiresOn),
      certifications: freeText()
        .max(MAX_LENGTH.note, M.certifications)
        .optional()
        .transform((value) => value || null),
      offersChipRepair: checkbox,
      offersReplacement: checkbox,
      offersCalibration: checkbox,
      mobileService: checkbox,
    })
    .superRefine((value, ctx) => {
      if (!value.offersChipRepair && !value.offersReplacement) {
        ctx.addIssue({ code: 'custom', path: ['offersChipRepair'], message: M.servicesRequired })
      }
    })
}
export type ShopApplicationInput = z.infer<ReturnType<typeof shopApplicationSchema>>

export const ApplicationDecisionSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('approve'), id: singleLineText().min(1) }),
  z.object({
    intent: z.literal('decline'),
    id: singleLineText().min(1),
    reason: freeText({ error: M.declineReason }).min(1, M.declineReason).max(MAX_LENGTH.reason, M.declineReason),
  }),
])
