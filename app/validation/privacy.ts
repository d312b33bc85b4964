import { z } from 'zod'

import { CODE_FORMAT, INVALID_EMAIL, PRIVACY_MESSAGES } from '~/domain/messages'
import { toE164UsPhone } from '~/domain/phones'

import { MAX_LENGTH } from './limits'
import { singleLineText, sixDigitCode } from './text'

/**
 * The customer's phone, optional: a US number in any common punctuation, stored in E.164 (domain/phones); blank is
 * none. Shared by the details form and the setup wizard.
 */
export function phoneField() {
  return singleLineText()
    .max(MAX_LENGTH.phone, PRIVACY_MESSAGES.phone)
    .transform((value, ctx) => {
      if (value === '') return null
      const e164 = toE164UsPhone(value)
      if (!e164) ctx.addIssue({ code: 'custom', message: PRIVACY_MESSAGES.phone })
      return e164
    })
    .optional()
    .transform((value) => value ?? null)
}

export const DetailsSchema = z.object({
  intent: z.literal('update-details'),
  fullName: singleLineText({ error: PRIVACY_MESSAGES.name })
    .min(1, PRIVACY_MESSAGES.name)
    .max(MAX_LENGTH.personName, PRIVACY_MESSAGES.name),
  phone: phoneField(),
})

export const EmailChangeSchema = z.object({
  intent: z.literal('change-email'),
  email: singleLineText({ error: INVALID_EMAIL.description })
    .max(MAX_LENGTH.email, INVALID_EMAIL.description)
    .pipe(z.email({ error: INVALID_EMAIL.description })),
})

export const DeletionCodeSchema = z.object({ intent: z.literal('deletion-code') })

export const DeleteAccountSchema = z.object({
  intent: z.literal('delete-account'),
  code: sixDigitCode(CODE_FORMAT),
})

/** Withdrawing the consent to electronic delivery: paper copies from now on. */
export const WithdrawEsignSchema = z.object({ intent: z.literal('withdraw-esign') })

export const PrivacySchema = z.discriminatedUnion('intent', [
  DetailsSchema,
  EmailChangeSchema,
  DeletionCodeSchema,
  DeleteAccountSchema,
  WithdrawEsignSchema,
])
