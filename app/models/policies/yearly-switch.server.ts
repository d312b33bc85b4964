import { and, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm'

import { db, transaction } from '~/db/client.server'
import { policies, type Policy } from '~/db/schema'
import { nextRenewalAfter } from '~/domain/billing'
import { RuleError } from '~/domain/errors'
import { formatPrice } from '~/domain/format'
import { YEARLY_SWITCH_MESSAGES } from '~/domain/messages'
import { isLookupKey, yearlyKeyOf } from '~/domain/plans'
import { isCanceled } from '~/domain/policies'
import { logger } from '~/logger.server'
import { recordAudit } from '~/models/operations/audit.server'
import { yieldToRequests } from '~/models/operations/batches.server'
import { getPolicyForProfile } from '~/models/policies/policies.server'
import { getPricing, priceFor } from '~/models/policies/pricing.server'
import { payments } from '~/services/payments.server'
import { notFound } from '~/utils/refusal'

/**
 * A monthly payer switches to yearly billing from the policy card. Nothing changes for the month already paid: the
 * switch happens at the next monthly renewal, at the yearly price shown when it was asked for, and the yearly
 * renewals count from that day. The commitment (the first 12 months from purchase) and the one replacement per plan
 * year are unchanged. Stripe: a subscription schedule moves the subscription at the end of its month, without
 * proration (services/stripe-billing.server.ts); local: the daily job applies it (`applyYearlySwitches`).
 */

const LIVE_STATUSES = ['incomplete', 'active', 'past_due'] as const

export type YearlySwitchOffer = { yearlyCents: number; at: string }

type SwitchFields = Pick<Policy, 'status' | 'billingInterval' | 'yearlySwitchAt' | 'cancelAt'>

/** Why a policy cannot switch, whatever the prices are, or null. */
function policyRefusal(policy: SwitchFields) {
  if (isCanceled(policy)) return YEARLY_SWITCH_MESSAGES.notLive
  if (policy.billingInterval === 'year') return YEARLY_SWITCH_MESSAGES.alreadyYearly
  if (policy.yearlySwitchAt) return YEARLY_SWITCH_MESSAGES.alreadyRequested(policy.yearlySwitchAt)
  if (policy.cancelAt) return YEARLY_SWITCH_MESSAGES.renewalOff
  return null
}

/**
 * Whether the policy card offers 'Switch to yearly billing': a live monthly policy that renews and has not asked
 * already. The billing page then tells the yearly price (or that there is none), as `requestYearlySwitch` refuses.
 */
export function maySwitchToYearly(policy: SwitchFields): boolean {
  return policyRefusal(policy) === null
}

/** Why a policy cannot switch now, or null. */
function switchRefusal(policy: Policy, yearlyCents: number) {
  const refusal = policyRefusal(policy)
  if (refusal) return refusal
  if (!isLookupKey(policy.lookupKey) || yearlyCents <= 0) return YEARLY_SWITCH_MESSAGES.noYearlyPrice
  return null
}

/** What switching would mean for this policy now (price and date), or null when it cannot switch. */
export async function yearlySwitchOffer(policy: Policy, now = new Date()): Promise<YearlySwitchOffer | null> {
  if (!isLookupKey(policy.lookupKey) || policy.billingInterval !== 'month') return null
  const yearlyCents = priceFor(await getPricing().catch(() => ({})), yearlyKeyOf(policy.lookupKey))
  if (switchRefusal(policy, yearlyCents)) return null
  return { yearlyCents, at: nextRenewalAfter(policy, now).toISOString() }
}

/** Records the switch (and, with Stripe, schedules it there). Refused with a reason; another customer's policy is a 404. */
export async function requestYearlySwitch(profileId: string, policyId: string, now = new Date()) {
  const policy = getPolicyForProfile(profileId, policyId)
  if (!policy) notFound()
  const yearlyKey = isLookupKey(policy.lookupKey) ? yearlyKeyOf(policy.lookupKey) : null
  const yearlyCents = yearlyKey ? priceFor(await getPricing(), yearlyKey) : 0
  const refusal = switchRefusal(policy, yearlyCents)
  if (refusal || !yearlyKey) throw RuleError.from(refusal ?? YEARLY_SWITCH_MESSAGES.noYearlyPrice, { status: 409 })
  let scheduled: { at: Date | null }
  try {
    scheduled = await (await payments()).scheduleYearlySwitch(policy, yearlyKey)
  } catch (error) {
    logger.error({ policyId, err: error }, 'scheduling the switch to yearly billing failed')
    throw RuleError.from(YEARLY_SWITCH_MESSAGES.failed, { status: 502 })
  }
  const at = (scheduled.at ?? nextRenewalAfter(policy, now)).toISOString()
  return transaction((tx) => {
    const updated = tx
      .update(policies)
      .set({ yearlySwitchAt: at, yearlySwitchCents: yearlyCents, updatedAt: now.toISOString() })
      .where(eq(policies.id, policy.id))
      .returning()
      .get()
    recordAudit(tx, {
      actor: profileId,
      action: 'policy.yearly_switch_requested',
      entityId: policy.id,
      detail: { at, yearlyCents, lookupKey: yearlyKey },
    })
    return { policy: updated, message: YEARLY_SWITCH_MESSAGES.requested(at, formatPrice(yearlyCents)) }
  })
}

/**
 * The daily job: each live policy whose switch is due becomes yearly from that renewal (its price, lookup key and the
 * day its yearly renewals count from). With Stripe the subscription schedule has already moved the subscription; this
 * records it. Returns how many switched.
 */
export async function applyYearlySwitches(now = new Date()) {
  const due = db()
    .select()
    .from(policies)
    .where(
      and(
        // The booked switches' partial index holds the work; the unary plus keeps the planner off the status index.
        isNotNull(policies.yearlySwitchAt),
        lte(policies.yearlySwitchAt, now.toISOString()),
        inArray(sql`+${policies.status}`, [...LIVE_STATUSES]),
        eq(policies.billingInterval, 'month'),
      ),
    )
    .all()
  let switched = 0
  for (const policy of due) {
    if (!isLookupKey(policy.lookupKey) || !policy.yearlySwitchAt) continue
    const yearlyKey = yearlyKeyOf(policy.lookupKey)
    const at = policy.yearlySwitchAt
    const cents = policy.yearlySwitchCents ?? 0
    transaction((tx) => {
      const changed = tx
        .update(policies)
        .set({
          billingInterval: 'year',
          lookupKey: yearlyKey,
          monthlyPriceCents: cents,
          billingAnchorAt: at,
          yearlySwitchAt: null,
          yearlySwitchCents: null,
          updatedAt: now.toISOString(),
        })
        .where(and(eq(policies.id, policy.id), eq(policies.billingInterval, 'month')))
        .run()
      if (changed.changes !== 1) return
      recordAudit(tx, {
        actor: 'system',
        action: 'policy.yearly_switch_applied',
        entityId: policy.id,
        detail: { at, from: policy.monthlyPriceCents, to: cents, lookupKey: yearlyKey },
      })
      switched++
    })
    await yieldToRequests()
  }
  return switched
}
