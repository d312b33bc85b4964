import { z } from 'zod'

import { ADAS_REQUIRED, CONSENT_MESSAGES, STATE_MESSAGES, TERMS_REQUIRED, UNKNOWN_PLAN } from '~/domain/messages'
import { BILLING_INTERVALS, isLookupKey, type LookupKey, lookupKeyFor, PLAN_TYPES, VEHICLE_TYPES } from '~/domain/plans'
import { isStateCode } from '~/domain/state-rules'

import { MAX_LENGTH } from './limits'
import { singleLineText } from './text'

// The product's wording lives in ~/domain/messages: the field messages are the toast descriptions.

/**
 * The configure form (/signup). The browser sends the plan as chosen and the price it showed; the server derives the
 * lookup key and its own price from these, and refuses a shown price that differs (a tampered or stale page).
 */
export const SignupSchema = z
  .object({
    planType: z.enum(PLAN_TYPES, { error: UNKNOWN_PLAN }),
    vehicleType: z.enum(VEHICLE_TYPES, { error: UNKNOWN_PLAN }).default('car'),
    hasAdas: z.enum(['true', 'false']).optional(),
    /** Pay monthly or once a year (the yearly price); monthly when not sent. */
    billingInterval: z.enum(BILLING_INTERVALS, { error: UNKNOWN_PLAN }).default('month'),
    /**
     * The customer's state of residence: its law governs the plan (app/domain/state-rules.ts). Checked below with the
     * other rules, so a missing state and unticked terms are both shown at once.
     */
    governingState: singleLineText().optional(),
    acceptTerms: z.boolean().optional(),
    /** Express consent to the automatic-renewal terms (app/content/renewal-consent.ts): its own unticked checkbox. */
    acceptRenewal: z.boolean().optional(),
    /** Consent to electronic delivery, after the E-SIGN disclosures (app/content/esign.ts): its own unticked checkbox. */
    acceptEsign: z.boolean().optional(),
    /**
     * The code printed in the disclosure's PDF, typed to show the PDF opens (15 U.S.C. §7001(c)(1)(C)(ii)); the action
     * checks it is the right one (app/models/people/esign-code.server.ts).
     */
    esignCode: singleLineText().max(MAX_LENGTH.esignCode).optional(),
    /** JSON map of the prices the page showed, by lookup key. */
    shownPrices: singleLineText().max(MAX_LENGTH.shownPrices).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.planType === 'comprehensive' && !value.hasAdas) {
      ctx.addIssue({ code: 'custom', path: ['hasAdas'], message: ADAS_REQUIRED.description })
    }
    if (value.acceptTerms !== true) {
      ctx.addIssue({ code: 'custom', path: ['acceptTerms'], message: TERMS_REQUIRED.description })
    }
    if (value.acceptRenewal !== true) {
      ctx.addIssue({ code: 'custom', path: ['acceptRenewal'], message: CONSENT_MESSAGES.renewalRequired.description })
    }
    if (value.acceptEsign !== true) {
      ctx.addIssue({ code: 'custom', path: ['acceptEsign'], message: CONSENT_MESSAGES.esignRequired.description })
    }
    if (!value.esignCode) {
      ctx.addIssue({ code: 'custom', path: ['esignCode'], message: CONSENT_MESSAGES.esignCodeRequired.description })
    }
    if (!value.governingState) {
      ctx.addIssue({ code: 'custom', path: ['governingState'], message: STATE_MESSAGES.required.description })
    } else if (!isStateCode(value.governingState.toUpperCase())) {
      ctx.addIssue({ code: 'custom', path: ['governingState'], message: STATE_MESSAGES.unknown })
    }
  })

/** A USPS code of the 50 states or DC, from the "State of residence" select (required). */
export function stateOfResidence() {
  return singleLineText({ error: STATE_MESSAGES.required.description })
    .transform((code) => code.toUpperCase())
    .refine(isStateCode, STATE_MESSAGES.unknown)
}

export type SignupValue = z.infer<typeof SignupSchema>

/** The state of an accepted signup (the schema refused a missing or unknown one), as its USPS code. */
export function signupState(value: SignupValue): string {
  if (!value.governingState) throw new Error('signupState: the schema lets no signup through without a state')
  return value.governingState.toUpperCase()
}

export function lookupKeyOf(
  value: Pick<SignupValue, 'planType' | 'vehicleType' | 'hasAdas'> & { billingInterval?: SignupValue['billingInterval'] },
): LookupKey {
  return lookupKeyFor(value.planType, value.vehicleType ?? 'car', value.hasAdas === 'true', value.billingInterval ?? 'month')
}

/** The dashboard's question for plans bought before signup asked: the customer's state, once. */
export const GoverningStateSchema = z.object({
  intent: z.literal('set-state'),
  governingState: stateOfResidence(),
})

/** POST /api/create-checkout: snake_case JSON. */
export const CreateCheckoutSchema = z.object({
  lookup_key: singleLineText().refine(isLookupKey, UNKNOWN_PLAN),
  partner_location_id: singleLineText().min(1).max(MAX_LENGTH.recordId).nullish(),
  tos_version: singleLineText().min(1).max(MAX_LENGTH.termsVersion),
  tos_accepted_at: z.iso.datetime({ offset: true }),
  governing_state: stateOfResidence(),
  /** The buyer ticked the automatic-renewal consent and the electronic-delivery consent, each shown to them. */
  renewal_consent: z.literal(true, { error: CONSENT_MESSAGES.renewalRequired.description }),
  esign_consent: z.literal(true, { error: CONSENT_MESSAGES.esignRequired.description }),
  /** The code the buyer read in the disclosure's PDF, as on the signup form. */
  esign_code: singleLineText({ error: CONSENT_MESSAGES.esignCodeRequired.description })
    .min(1, CONSENT_MESSAGES.esignCodeRequired.description)
    .max(MAX_LENGTH.esignCode),
})

/** The local test checkout's Pay form (/dev/checkout/:id). */
export const LocalPaySchema = z.object({
  email: singleLineText({ error: 'Email is required' }).toLowerCase().pipe(z.email('Please enter a valid email address')),
  fullName: singleLineText({ error: 'Full name is required' })
    .min(1, 'Full name is required')
    .max(MAX_LENGTH.buyerName, `Please use at most ${MAX_LENGTH.buyerName} characters`),
})

/** Cancellation, renewal and billing-portal buttons of a policy: one form, several intents. */
export const PolicyCancelSchema = z.object({
  intent: z.enum(['cancel', 'renewal-off', 'renewal-on', 'billing-portal']),
})

/** The contract page's arbitration opt-out: a ticked confirmation. */
export const ArbitrationOptOutSchema = z.object({
  intent: z.literal('opt-out-arbitration'),
  confirm: z.boolean({ error: 'Tick the box to confirm that you opt out of arbitration.' }).refine((value) => value, {
    message: 'Tick the box to confirm that you opt out of arbitration.',
  }),
})
