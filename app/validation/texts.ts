import { z } from 'zod'

import { TEXT_MESSAGES } from '~/domain/messages'
import { checkTextPhone } from '~/domain/phones'

import { MAX_LENGTH } from './limits'
import { singleLineText, sixDigitCode } from './text'

/**
 * The dashboard's texts forms: turn texts on for a mobile number (with the consent box ticked), type the code texted to
 * it, ask for a new code, or turn texts off.
 */
export const TextsSchema = z.discriminatedUnion('intent', [
  z.object({
    intent: z.literal('texts-on'),
    phone: singleLineText({ error: TEXT_MESSAGES.phone })
      .min(1, TEXT_MESSAGES.phone)
      .max(MAX_LENGTH.phone, TEXT_MESSAGES.phone)
      .transform((value, ctx) => {
        const checked = checkTextPhone(value)
        if ('e164' in checked) return checked.e164
        ctx.addIssue({ code: 'custom', message: TEXT_MESSAGES.phoneRefused[checked.refused] })
        return ''
      }),
    // Its own unticked checkbox, checked like the signup consents: only a tick is a yes.
    consent: z
      .boolean()
      .default(false)
      .superRefine((value, ctx) => {
        if (value !== true) ctx.addIssue({ code: 'custom', message: TEXT_MESSAGES.consentRequired })
      }),
  }),
  // The code texted to the number, typed back (docs/decisions/100-texts-number-confirmed-first.md); spaces and dashes are forgiven.
  z.object({
    intent: z.literal('texts-confirm'),
    code: sixDigitCode(TEXT_MESSAGES.code),
  }),
  z.object({ intent: z.literal('texts-code') }),
  z.object({ intent: z.literal('texts-off') }),
])
