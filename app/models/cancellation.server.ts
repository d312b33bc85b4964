import { and, eq, isNotNull, isNull, lte, ne } from 'drizzle-orm'

import { transaction } from '~/db/client.server'
import { policies, type Policy } from '~/db/schema'
import { RuleError } from '~/domain/errors'
import {
  ALREADY_CANCELED,
  BILLING_UNAVAILABLE,
  CANCEL_NOT_DONE,
  CANCEL_NOW_INSTEAD,
  cancelRefused,
  commitmentNote,
  POLICY_NOT_FOUND,
  RENEWAL_NOT_CHANGED,
} from '~/domain/messages'
import { isInInitialTerm } from '~/domain/policies'
import { logger } from '~/logger.server'
import { getPolicyForProfile } from '~/models/policies.server'
import { payments } from '~/services/payments.server'

import { recordAudit } from './audit.server'

/**
 * Who may end a policy, and when: only its owner; not before the
 * 12-month commitment ends (the server refuses even a hand-made request); never twice. During the commitment the
 * owner can instead turn off renewal, so the subscription ends with the commitment.
 */

/** What the owner can do with this policy now; the screens and the actions both ask this. */
export function cancellationOptions(policy: Policy, now = new Date()) {
  const open = policy.status !== 'canceled'
  const committed = isInInitialTerm(policy, now)
  return {
    canCancel: open && !committed,
    canTurnOffRenewal: open && committed && !policy.cancelAt,
    canTurnOnRenewal: open && committed && Boolean(policy.cancelAt),
    /** Stripe's portal needs a Stripe customer; local-mode policies have none. */
    canManageBilling: open && Boolean(policy.stripeCustomerId),
  }
}

/** Refusals are RuleErrors (the one way a model refuses): 404 not found or not yours, 409 not now, 502 Stripe failed. */
const notFound = () => RuleError.from(POLICY_NOT_FOUND, { status: 404 })
const refused = (message: string, status = 409) => RuleError.from(cancelRefused(message), { status })

/** The operator acting for the customer (at their request): recorded in the audit entry with the reason. */
export type OnBehalf = { actorId: string; reason: string }

function auditFields(profileId: string, by: OnBehalf | undefined) {
  return { actor: by?.actorId ?? profileId, extra: by ? { onBehalfOf: profileId, reason: by.reason } : {} }
}

/** Ends the subscription now and marks the policy canceled (after the commitment only). */
export async function cancelPolicy(profileId: string, policyId: string, now = new Date(), by?: OnBehalf): Promise<Policy> {
  const policy = getPolicyForProfile(profileId, policyId)
  if (!policy) throw notFound()
  if (policy.status === 'canceled') throw refused(ALREADY_CANCELED)
  if (isInInitialTerm(policy, now)) throw refused(commitmentNote(policy.initialTermEndsAt))

  try {
    await (await payments()).cancelSubscriptionNow(policy)
  } catch (error) {
    logger.error({ policyId: policy.id, err: error }, 'cancelling the subscription of a policy failed')
    throw RuleError.from(CANCEL_NOT_DONE, { status: 502 })
  }

  // The policy becomes canceled only after the cancel call succeeded.
  const canceled = transaction((tx) => {
    const updated = tx
      .update(policies)
      .set({ status: 'canceled', canceledAt: now.toISOString() })
      .where(eq(policies.id, policy.id))
      .returning()
      .get()
    const { actor, extra } = auditFields(profileId, by)
    recordAudit(tx, {
      actor,
      action: 'policy.canceled',
      entityId: policy.id,
      detail: { previousStatus: policy.status, ...extra },
    })
    return updated
  })
  return canceled
}

/**
 * During the commitment: `renew = false` makes the subscription end when the commitment does (Stripe `cancel_at`),
 * `renew = true` undoes that.
 */
export async function setPolicyRenewal(
  profileId: string,
  policyId: string,
  renew: boolean,
  now = new Date(),
  by?: OnBehalf,
): Promise<Policy> {
  const policy = getPolicyForProfile(profileId, policyId)
  if (!policy) throw notFound()
  if (policy.status === 'canceled') throw refused(ALREADY_CANCELED)
  if (!isInInitialTerm(policy, now)) throw refused(CANCEL_NOW_INSTEAD)
  const cancelAt = renew ? null : new Date(policy.initialTermEndsAt)
  try {
    await (await payments()).setRenewal(policy, cancelAt)
  } catch (error) {
    logger.error({ policyId: policy.id, err: error }, 'changing the renewal of a policy failed')
    throw refused(RENEWAL_NOT_CHANGED, 502)
  }
  const updated = transaction((tx) => {
    const row = tx
      .update(policies)
      .set({ cancelAt: cancelAt?.toISOString() ?? null })
      .where(eq(policies.id, policy.id))
      .returning()
      .get()
    const { actor, extra } = auditFields(profileId, by)
    recordAudit(tx, {
      actor,
      action: renew ? 'policy.renewal_on' : 'policy.renewal_off',
      entityId: policy.id,
      detail: { cancelAt: row.cancelAt, ...extra },
    })
    return row
  })
  return updated
}

/** A Stripe customer-portal link for card updates and invoices (Stripe mode only). */
export async function billingPortalUrl(profileId: string, policyId: string, returnUrl: string): Promise<string> {
  const policy = getPolicyForProfile(profileId, policyId)
  if (!policy) throw notFound()
  const adapter = await payments()
  if (!adapter.createPortalSession || !policy.stripeCustomerId) throw notFound()
  try {
    return (await adapter.createPortalSession(policy, returnUrl)).url
  } catch (error) {
    logger.error({ policyId: policy.id, err: error }, 'billing portal failed')
    throw refused(BILLING_UNAVAILABLE, 502)
  }
}

/**
 * Local mode has no subscription to lapse: a policy whose renewal was turned off ends here when its `cancel_at`
 * passes (Stripe policies end through Stripe's `customer.subscription.deleted`). For the daily job; idempotent.
 */
export function endLocalPoliciesWithRenewalOff(now = new Date()) {
  return transaction((tx) => {
    const due = tx
      .select({ id: policies.id, status: policies.status, profileId: policies.profileId })
      .from(policies)
      .where(
        and(
          ne(policies.status, 'canceled'),
          isNotNull(policies.cancelAt),
          lte(policies.cancelAt, now.toISOString()),
          isNull(policies.stripeSubscriptionId),
        ),
      )
      .all()
    for (const policy of due) {
      tx.update(policies).set({ status: 'canceled', canceledAt: now.toISOString() }).where(eq(policies.id, policy.id)).run()
      recordAudit(tx, {
        actor: 'system',
        action: 'policy.canceled',
        entityId: policy.id,
        detail: { reason: 'renewal_off', previousStatus: policy.status },
      })
    }
    return due.length
  })
}
