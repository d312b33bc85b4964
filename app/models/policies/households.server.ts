import { and, asc, eq, inArray } from 'drizzle-orm'

import { db } from '~/db/client.server'
import { policies } from '~/db/schema'
import { nextRenewalAfter, previousRenewal } from '~/domain/billing'
import { RuleError } from '~/domain/errors'
import { additionCharge, householdPrice, MAX_HOUSEHOLD_VEHICLES, mayAddVehicle } from '~/domain/households'
import { HOUSEHOLD_MESSAGES } from '~/domain/messages'
import { type BillingInterval, lookupKeyFor, type NamedPlan, planName, type VehicleType } from '~/domain/plans'
import { zoneOfPolicy } from '~/domain/policies'
import { getPricing, householdDiscountPercent, priceFor } from '~/models/policies/pricing.server'

/**
 * Household plans (docs/decisions/111-household-plans.md): the customer's vehicles billed together on the subscription
 * of their oldest running policy. Each vehicle stays a policy of its own; this reads what the household pays.
 */

/** The statuses of a policy still billed with its household. */
const BILLED = ['active', 'past_due'] as const

/** The customer's policies billed on one subscription, oldest first: the first pays its full price. */
export function householdPolicies(profileId: string) {
  const billed = db()
    .select()
    .from(policies)
    .where(and(eq(policies.profileId, profileId), inArray(policies.status, [...BILLED])))
    .orderBy(asc(policies.createdAt), asc(policies.id))
    .all()
  const first = billed[0]
  if (!first) return []
  // Offline no subscription exists: the customer's billed policies are the household. With Stripe, those on the
  // oldest policy's subscription.
  return first.stripeSubscriptionId ? billed.filter((policy) => policy.stripeSubscriptionId === first.stripeSubscriptionId) : billed
}

export type AddedPlan = { planType: NamedPlan['planType']; vehicleType: VehicleType | null; hasAdas: boolean | null }

/**
 * What adding this plan to the household costs, shown before paying: every vehicle's line and the new total each
 * interval, the discount, and the days left charged once now. Refuses (RuleError) a household that is full, or a
 * customer without a running plan to bill it with.
 */
export async function householdQuote(profileId: string, plan: AddedPlan, now = new Date()) {
  const members = householdPolicies(profileId)
  const first = members[0]
  if (!first) throw new RuleError('form', HOUSEHOLD_MESSAGES.noHousehold.description, HOUSEHOLD_MESSAGES.noHousehold.title, 409)
  const refusal = mayAddVehicle({ vehiclesNow: members.length, use: 'personal' })
  if (refusal === 'full') {
    const message = HOUSEHOLD_MESSAGES.full(MAX_HOUSEHOLD_VEHICLES)
    throw new RuleError('form', message.description, message.title, 409)
  }
  const interval = first.billingInterval as BillingInterval
  const lookupKey = lookupKeyFor(plan.planType, plan.vehicleType ?? 'car', plan.hasAdas ?? false, interval)
  const listCents = priceFor(await getPricing(), lookupKey)
  if (listCents <= 0) throw new RuleError('form', HOUSEHOLD_MESSAGES.noPrice.description, HOUSEHOLD_MESSAGES.noPrice.title, 409)
  const discountPercent = householdDiscountPercent()
  // Members pay what they pay now (a price change reaches each at its own renewal); the new vehicle today's price.
  const vehicles = [
    ...members.map((policy) => ({ policyId: policy.id as string | null, name: planName(policy), listCents: policy.monthlyPriceCents })),
    { policyId: null, name: planName(plan), listCents },
  ]
  const before = householdPrice(vehicles.slice(0, -1), discountPercent)
  const after = householdPrice(vehicles, discountPercent)
  const nextChargeAt = nextRenewalAfter(first, now)
  const period = { start: previousRenewal(first, nextChargeAt), end: nextChargeAt }
  const added = after.lines[after.lines.length - 1]!
  const charge = additionCharge({ chargedCents: added.chargedCents, period, now, zone: zoneOfPolicy(first) })
  return { household: first, lookupKey, interval, before, after, added, charge, nextChargeAt: nextChargeAt.toISOString() }
}
