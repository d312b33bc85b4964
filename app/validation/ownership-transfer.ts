import { z } from 'zod'

import { CONSENT_MESSAGES, INVALID_EMAIL, OWNERSHIP_TRANSFER_MESSAGES, TERMS_REQUIRED } from '~/domain/messages'

import { MAX_LENGTH } from './limits'
import { singleLineText } from './text'

/** The seller's page (/customer/policies/:id/next-owner): offer the plan to a buyer's address, or withdraw the offer. */
export const OwnershipOfferSchema = z.object({
  intent: z.literal('offer'),
  buyerEmail: singleLineText({ error: INVALID_EMAIL.description })
    .toLowerCase()
    .max(MAX_LENGTH.email, INVALID_EMAIL.description)
    .pipe(z.email({ error: INVALID_EMAIL.description })),
})

export const WithdrawOfferSchema = z.object({ intent: z.literal('withdraw') })

export const SellerOfferFormSchema = z.discriminatedUnion('intent', [OwnershipOfferSchema, WithdrawOfferSchema])

/**
 * The buyer's acceptance (/next-owner/:token): the current terms, the automatic renewal terms and electronic delivery,
 * each ticked like at signup (the buyer's consent record is written when they pay), and their state of residence (a
 * code; the model checks it against the list and whether the product is sold there).
 */
export const AcceptOfferSchema = z
  .object({
    intent: z.literal('accept'),
    acceptTerms: z.boolean().optional(),
    acceptRenewal: z.boolean().optional(),
    acceptEsign: z.boolean().optional(),
    /** The code printed in the E-SIGN disclosure's PDF, as at signup (15 U.S.C. §7001(c)(1)(C)(ii)). */
    esignCode: singleLineText().max(MAX_LENGTH.esignCode).optional(),
    state: singleLineText({ error: OWNERSHIP_TRANSFER_MESSAGES.stateRequired }).max(
      MAX_LENGTH.stateCode,
      OWNERSHIP_TRANSFER_MESSAGES.stateRequired,
    ),
  })
  .superRefine((value, ctx) => {
    if (value.acceptTerms !== true) ctx.addIssue({ code: 'custom', path: ['acceptTerms'], message: TERMS_REQUIRED.description })
    if (value.acceptRenewal !== true)
      ctx.addIssue({ code: 'custom', path: ['acceptRenewal'], message: CONSENT_MESSAGES.renewalRequired.description })
    if (value.acceptEsign !== true)
      ctx.addIssue({ code: 'custom', path: ['acceptEsign'], message: CONSENT_MESSAGES.esignRequired.description })
    if (!value.esignCode) ctx.addIssue({ code: 'custom', path: ['esignCode'], message: CONSENT_MESSAGES.esignCodeRequired.description })
  })
