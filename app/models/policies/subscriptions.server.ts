import { eq } from 'drizzle-orm'

import { db, transaction } from '~/db/client.server'
import { policies, type Policy, type PolicyStatus, profiles, stripeEvents } from '~/db/schema'
import { formatPrice } from '~/domain/format'
import { planName } from '~/domain/plans'
import { isSetupDone } from '~/domain/policies'
import { paymentFailedEmail } from '~/emails/payment-failed'
import { env } from '~/env.server'
import { recordAudit } from '~/models/operations/audit.server'
import { sendEmail } from '~/services/email.server'

/**
 * Keeping a policy in step with its Stripe subscription (docs/decisions/010-stripe-events-out-of-order.md). Webhook events only tell us
 * *that* something changed; the caller re-reads the subscription and hands its current state here, so duplicated and
 * out-of-order events all converge on what Stripe has now.
 */

/**
 * The policy status a subscription status implies, or null when it implies no change.
 * - past_due / unpaid / paused: money is not coming in → past_due (claims blocked).
 * - active / trialing: paid → active, or incomplete while the customer hasn't finished setup.
 * - canceled / incomplete_expired: over → canceled.
 * - incomplete: the first payment is still being attempted; leave the policy as it is.
 */
export function policyStatusFor(subscriptionStatus: string, setupDone: boolean): PolicyStatus | null {
  switch (subscriptionStatus) {
    case 'past_due':
    case 'unpaid':
    case 'paused':
      return 'past_due'
    case 'active':
    case 'trialing':
      return setupDone ? 'active' : 'incomplete'
    case 'canceled':
    case 'incomplete_expired':
      return 'canceled'
    default:
      return null
  }
}

/** The subscription fields we mirror, already re-read from Stripe. Times are Unix seconds as Stripe sends them. */
export type SubscriptionState = {
  id: string
  status: string
  cancelAt: number | null
  canceledAt: number | null
}

export type StripeEventRef = { id: string; type: string; objectId: string | null }

export type SyncOutcome =
  { kind: 'duplicate' } | { kind: 'unknown-subscription' } | { kind: 'synced'; policy: Policy; from: PolicyStatus; to: PolicyStatus }

/** True when this event id was already applied (a redelivery): acknowledge and do nothing. */
export function isEventProcessed(eventId: string) {
  return db().select({ id: stripeEvents.id }).from(stripeEvents).where(eq(stripeEvents.id, eventId)).get() !== undefined
}

/** Records an event that needs no effect (not ours, or nothing to change) so a redelivery is skipped quickly. */
export function recordEvent(event: StripeEventRef) {
  db().insert(stripeEvents).values(event).onConflictDoNothing().run()
}

export function findPolicyBySubscription(subscriptionId: string) {
  return db().select().from(policies).where(eq(policies.stripeSubscriptionId, subscriptionId)).get()
}

const toIso = (unixSeconds: number | null) => (unixSeconds === null ? null : new Date(unixSeconds * 1000).toISOString())

/**
 * Applies the subscription's current state to its policy and records the event, in one transaction: either both
 * happen or neither (so a crash mid-way makes Stripe's retry do the work again). A transition into past_due e-mails
 * the customer once, after the commit.
 */
export async function syncPolicyWithSubscription(subscription: SubscriptionState, event: StripeEventRef | null): Promise<SyncOutcome> {
  const outcome = transaction((tx): SyncOutcome => {
    if (event && tx.select({ id: stripeEvents.id }).from(stripeEvents).where(eq(stripeEvents.id, event.id)).get()) {
      return { kind: 'duplicate' }
    }
    const policy = tx.select().from(policies).where(eq(policies.stripeSubscriptionId, subscription.id)).get()
    // Not recorded: the caller decides whether this is worth a retry, and a retry must not be skipped.
    if (!policy) return { kind: 'unknown-subscription' }
    if (event) tx.insert(stripeEvents).values(event).run()

    const from = policy.status
    // A policy we have cancelled stays cancelled: Stripe cannot revive a cancelled subscription either.
    const to = from === 'canceled' ? 'canceled' : (policyStatusFor(subscription.status, isSetupDone(policy)) ?? from)
    const cancelAt = toIso(subscription.cancelAt)
    const canceledAt =
      to === 'canceled' ? (policy.canceledAt ?? toIso(subscription.canceledAt) ?? new Date().toISOString()) : policy.canceledAt

    if (to === from && cancelAt === policy.cancelAt && canceledAt === policy.canceledAt) {
      return { kind: 'synced', policy, from, to }
    }
    const updated = tx.update(policies).set({ status: to, cancelAt, canceledAt }).where(eq(policies.id, policy.id)).returning().get()
    const detail = { subscriptionId: subscription.id, subscriptionStatus: subscription.status, eventId: event?.id ?? null }
    if (to !== from) {
      recordAudit(tx, { actor: 'stripe', action: `policy.${to}`, entityId: policy.id, detail: { ...detail, from, to } })
    }
    if (cancelAt !== policy.cancelAt) {
      recordAudit(tx, {
        actor: 'stripe',
        action: cancelAt ? 'policy.renewal_off' : 'policy.renewal_on',
        entityId: policy.id,
        detail: { ...detail, cancelAt },
      })
    }
    return { kind: 'synced', policy: updated, from, to }
  })

  if (outcome.kind === 'synced' && outcome.to === 'past_due' && outcome.from !== 'past_due') {
    await emailPaymentFailed(outcome.policy)
  }
  return outcome
}

async function emailPaymentFailed(policy: Policy) {
  const profile = db().select().from(profiles).where(eq(profiles.id, policy.profileId)).get()
  if (!profile) return
  const config = env()
  const email = await paymentFailedEmail({
    planName: planName(policy),
    monthlyPrice: formatPrice(policy.monthlyPriceCents),
    dashboardUrl: `${config.APP_URL}/customer`,
    supportEmail: config.SUPPORT_EMAIL,
  })
  await sendEmail({ to: profile.email, ...email, tag: 'payment-failed' })
}
