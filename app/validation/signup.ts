import { z } from 'zod'
import { LOOKUP_KEYS, type LookupKey, type PlanType, type VehicleType } from '~/content/marketing'
import { freeText } from './text'

export { LOOKUP_KEYS }

export function isLookupKey(value: unknown): value is LookupKey {
  return typeof value === 'string' && (LOOKUP_KEYS as readonly string[]).includes(value)
}

/** The plan a lookup key stands for (chip_only has no vehicle class or ADAS). */
export function planForLookupKey(key: LookupKey): { planType: PlanType; vehicleType: VehicleType | null; hasAdas: boolean | null } {
  if (key === 'chip_only') return { planType: 'chip_only', vehicleType: null, hasAdas: null }
  const [, vehicleType, , adas] = key.split('_') as [string, VehicleType, string, 'true' | 'false']
  return { planType: 'comprehensive', vehicleType, hasAdas: adas === 'true' }
}

// SPEC §5 / §8 wording: the field messages are the toast descriptions.
export const ADAS_REQUIRED = { title: 'ADAS Selection Required', description: 'Please select whether your vehicle has ADAS features.' }
export const TERMS_REQUIRED = { title: 'Terms of Service Required', description: 'Please accept the Terms of Service to continue.' }
export const PRICING_ERROR = { title: 'Pricing Error', description: 'Unable to load pricing. Please refresh the page.' }
export const PRICE_CHANGED = { title: 'Pricing Error', description: 'The price of this plan has changed. Please check the price shown and subscribe again.' }
export const CHECKOUT_ERROR = { title: 'Checkout Error', description: 'Failed to create checkout session. Please try again.' }
export const UNKNOWN_PLAN = 'Please choose one of our plans.'

/**
 * The configure form (/signup). The browser sends the plan as chosen and the price it showed; the server derives the
 * lookup key and its own price from these, and refuses a shown price that differs (a tampered or stale page).
 */
export const SignupSchema = z
  .object({
    planType: z.enum(['chip_only', 'comprehensive'], { error: UNKNOWN_PLAN }),
    vehicleType: z.enum(['car', 'trucksuv'], { error: UNKNOWN_PLAN }).default('car'),
    hasAdas: z.enum(['true', 'false']).optional(),
    acceptTerms: z.boolean().optional(),
    /** JSON map of the prices the page showed, by lookup key. */
    shownPrices: z.string().max(2000).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.planType === 'comprehensive' && !value.hasAdas) {
      ctx.addIssue({ code: 'custom', path: ['hasAdas'], message: ADAS_REQUIRED.description })
    }
    if (value.acceptTerms !== true) {
      ctx.addIssue({ code: 'custom', path: ['acceptTerms'], message: TERMS_REQUIRED.description })
    }
  })

export type SignupValue = z.infer<typeof SignupSchema>

export function lookupKeyOf(value: Pick<SignupValue, 'planType' | 'vehicleType' | 'hasAdas'>): LookupKey {
  if (value.planType === 'chip_only') return 'chip_only'
  return `comprehensive_${value.vehicleType}_adas_${value.hasAdas === 'true'}`
}

/** POST /api/create-checkout (SPEC §7): snake_case JSON. */
export const CreateCheckoutSchema = z.object({
  lookup_key: z.string().refine(isLookupKey, UNKNOWN_PLAN),
  partner_location_id: z.string().min(1).max(64).nullish(),
  tos_version: z.string().min(1).max(20),
  tos_accepted_at: z.iso.datetime({ offset: true }),
})

/** The local test checkout's Pay form (/dev/checkout/:id). */
export const LocalPaySchema = z.object({
  email: z.string({ error: 'Email is required' }).trim().toLowerCase().pipe(z.email('Please enter a valid email address')),
  fullName: freeText({ error: 'Full name is required' }).min(1, 'Full name is required').max(120, 'Please use at most 120 characters'),
})

/** Cancellation, renewal and billing-portal buttons of a policy: one form, several intents. */
export const PolicyCancelSchema = z.object({
  intent: z.enum(['cancel', 'renewal-off', 'renewal-on', 'billing-portal']),
})
