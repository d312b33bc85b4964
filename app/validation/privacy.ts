import { z } from 'zod'

import { CODE_FORMAT, INVALID_EMAIL, PRIVACY_MESSAGES } from '~/domain/messages'

import { singleLineText } from './text'

/** A US phone number: 10 digits, or 11 starting with 1, in any common punctuation. Stored as typed, trimmed. */
const phone = singleLineText()
  .max(30, PRIVACY_MESSAGES.phone)
  .refine((value) => {
    if (!/^[\d\s()+.-]*$/.test(value)) return false
    const digits = value.replace(/\D/g, '')
    return digits.length === 10 || (digits.length === 11 && digits.startsWith('1'))
  }, PRIVACY_MESSAGES.phone)

export const DetailsSchema = z.object({
  intent: z.literal('update-details'),
  fullName: singleLineText({ error: PRIVACY_MESSAGES.name }).min(1, PRIVACY_MESSAGES.name).max(100, PRIVACY_MESSAGES.name),
  phone: phone.optional().transform((value) => value || null),
})

export const EmailChangeSchema = z.object({
  intent: z.literal('change-email'),
  email: singleLineText({ error: INVALID_EMAIL.description })
    .max(254, INVALID_EMAIL.description)
    .pipe(z.email({ error: INVALID_EMAIL.description })),
})

export const DeletionCodeSchema = z.object({ intent: z.literal('deletion-code') })

export const DeleteAccountSchema = z.object({
  intent: z.literal('delete-account'),
  code: singleLineText({ error: CODE_FORMAT }).regex(/^\d{6}$/, CODE_FORMAT),
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
