import { and, eq, isNotNull, isNull, lte, ne, sql } from 'drizzle-orm'

import { transaction } from '~/db/client.server'
import { policies, type Policy, type Refund as RefundRow, refunds } from '~/db/schema'
import { RuleError } from '~/domain/errors'
import {
  ALREADY_CANCELED,
  BILLING_UNAVAILABLE,
  CANCEL_NOT_DONE,
  CANCEL_NOW_INSTEAD,
  cancelRefused,
  commitmentNote,
  REFUND_MESSAGES,
  RENEWAL_NOT_CHANGED,
} from '~/domain/messages'
import { commitmentHolds, isInInitialTerm } from '~/domain/policies'
import { providerRefundRules } from '~/domain/provider-cancellation'
import { rulesFor } from '~/domain/state-rules'
import { logger } from '~/logger.server'
import {
  createRefund,
  createUnsettledRefund,
  payRefund,
  quoteRefund,
  refundOfPolicy,
  type RefundQuote,
  sendRefundEmail,
} from '~/models/money/refunds.server'
import { recordAudit } from '~/models/operations/audit.server'
import { getPolicyForProfile } from '~/models/policies/policies.server'
import { payments } from '~/services/payments.server'
import { notFound } from '~/utils/refusal'

/**
 * Who may end a policy, and when: only its owner (or the operator for them); never twice; not while the 12-month
 * commitment binds — which only happens where the customer's state lets a contract restrict cancellation, after its
 * free look (app/domain/state-rules.ts). While it binds, the owner can instead turn off renewal, so the subscription
 * ends with the commitment. Elsewhere the owner may cancel at any time and is refunded what their state gives back.
 */

/** What the owner can do with this policy now; the screens and the actions both ask this. */
export function cancellationOptions(policy: Policy, now = new Date()) {
  const open = policy.status !== 'canceled'
  const committed = commitmentHolds(policy, now)
  return {
    canCancel: open && !committed,
    canTurnOffRenewal: open && committed && !policy.cancelAt,
    // Renewal turned off earlier can be turned back on while the commitment runs.
    canTurnOnRenewal: open && isInInitialTerm(policy, now) && Boolean(policy.cancelAt),
    /** Stripe's portal needs a Stripe customer; local-mode policies have none. */
    canManageBilling: open && Boolean(policy.stripeCustomerId),
  }
}

/** Refusals are RuleErrors (the one way a model refuses): 409 not now, 502 Stripe failed; not found or not yours is notFound(). */
const refused = (message: string, status = 409) => RuleError.from(cancelRefused(message), { status })

/** The operator acting for the customer (at their request): recorded in the audit entry with the reason. */
export type OnBehalf = { actorId: string; reason: string }

function auditFields(profileId: string, by: OnBehalf | undefined) {
  return { actor: by?.actorId ?? profileId, extra: by ? { onBehalfOf: profileId, reason: by.reason } : {} }
}

/** The refund rules of a cancellation: the state's, or the provider's own where the provider ends the policy. */
function refundRulesOf(policy: Policy, byProvider: boolean) {
  const rules = rulesFor(policy.governingState)
  return byProvider ? providerRefundRules(rules) : rules
}

/** A cancellation done: the policy, and the refund it gave (null when the state's rules give none). */
export type Cancellation = { policy: Policy; refund: RefundRow | null }

/**
 * What a cancellation now would refund, for the confirmation page. Null while the commitment binds (no cancellation)
 * or for a canceled policy. When the payments provider cannot be asked, a RuleError says so: the page then still
 * offers the cancellation, whose refund is settled later.
 */
export async function cancellationQuote(policy: Policy, now = new Date(), byProvider = false): Promise<RefundQuote | null> {
  if (policy.status === 'canceled' || (!byProvider && commitmentHolds(policy, now))) return null
  try {
    return await quoteRefund(policy, now, refundRulesOf(policy, byProvider))
  } catch (error) {
    logger.error({ policyId: policy.id, err: error }, 'working out a refund failed')
    throw refused(REFUND_MESSAGES.quoteFailed, 502)
  }
}

/**
 * Ends the subscription now and marks the policy canceled, with the refund the customer's state gives back. The refund
 * row is written before the provider is asked to cancel (one per policy: a second submit finds it and gets the same
 * result) and paid right after; a failed payment is kept for the daily retry.
 *
 * A cancellation never waits for the payments provider: when it cannot be asked (the quote or the cancel fails), the
 * policy is cancelled all the same and its refund is kept `unsettled`, for the daily job to end the subscription there,
 * work the refund out as of this moment and pay it (with the state's late penalty if that takes past its deadline).
 * `waitForProvider` is for a caller that must not go on with a subscription still live at the provider (deleting the
 * account): then a provider failure refuses the cancellation (502) and changes nothing.
 * `byProvider`: the provider ends the policy after its notice (domain/provider-cancellation): no commitment holds it,
 * and the refund carries no fee.
 */
export async function cancelPolicy(
  profileId: string,
  policyId: string,
  now = new Date(),
  by?: OnBehalf,
  { waitForProvider = false, byProvider = false }: { waitForProvider?: boolean; byProvider?: boolean } = {},
): Promise<Cancellation> {
  const policy = getPolicyForProfile(profileId, policyId)
  if (!policy) notFound()
  if (policy.status === 'canceled') {
    const earlier = refundOfPolicy(policy.id)
    if (earlier) return { policy, refund: earlier } // a repeated submit: the same result, nothing done twice
    throw refused(ALREADY_CANCELED)
  }
  if (!byProvider && commitmentHolds(policy, now)) throw refused(commitmentNote(policy.initialTermEndsAt))

  const { actor, extra } = auditFields(profileId, by)
  const reason = byProvider ? `provider: ${by?.reason ?? ''}` : by ? `operator: ${by.reason}` : 'customer'
  const earlierResult = () => ({ policy: getPolicyForProfile(profileId, policyId) ?? policy, refund: refundOfPolicy(policy.id) })

  let providerDown = false
  let quote: RefundQuote | null = null
  try {
    quote = await quoteRefund(policy, now, refundRulesOf(policy, byProvider))
  } catch (error) {
    logger.error({ policyId: policy.id, err: error }, 'working out a refund failed; the cancellation goes ahead, the daily job settles it')
    if (waitForProvider) throw RuleError.from(CANCEL_NOT_DONE, { status: 502 })
    providerDown = true
  }

  let refund: RefundRow | null = null
  const owed = quote
  if (owed && owed.rule !== 'none' && owed.amountCents > 0) {
    refund = transaction((tx) => createRefund(tx, policy, owed, { reason, now }))
    // Another submit of the same cancellation is under way or done: answer with its result.
    if (!refund) return earlierResult()
  }

  if (!providerDown) {
    try {
      await (await payments()).cancelSubscriptionNow(policy)
    } catch (error) {
      logger.error({ policyId: policy.id, err: error }, 'cancelling the subscription of a policy failed; the daily job ends it')
      const unpaid = refund
      if (unpaid) transaction((tx) => tx.delete(refunds).where(eq(refunds.id, unpaid.id)).run())
      if (waitForProvider) throw RuleError.from(CANCEL_NOT_DONE, { status: 502 })
      providerDown = true
      refund = null
    }
  }
  if (providerDown) {
    refund = transaction((tx) => createUnsettledRefund(tx, policy, { reason, now }))
    if (!refund) return earlierResult()
  }

  const canceled = transaction((tx) => {
    const updated = tx
      .update(policies)
      .set({ status: 'canceled', canceledAt: now.toISOString() })
      .where(eq(policies.id, policy.id))
      .returning()
      .get()
    recordAudit(tx, {
      actor,
      action: 'policy.canceled',
      entityId: policy.id,
      detail: {
        previousStatus: policy.status,
        state: policy.governingState,
        ...(refund ? { refundId: refund.id, refundCents: refund.amountCents, rule: refund.rule } : {}),
        ...(providerDown ? { settledLater: true } : {}),
        ...extra,
      },
    })
    if (refund) {
      recordAudit(tx, {
        actor,
        action: 'refund.created',
        entityId: refund.id,
        detail: {
          policyId: policy.id,
          amountCents: refund.amountCents,
          rule: refund.rule,
          state: refund.state,
          reason: refund.reason,
          status: refund.status,
        },
      })
    }
    return updated
  })
  if (refund && refund.status !== 'unsettled') {
    refund = await payRefund(refund, canceled, now)
    await sendRefundEmail(refund, canceled)
  }
  return { policy: canceled, refund }
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
  if (!policy) notFound()
  if (policy.status === 'canceled') throw refused(ALREADY_CANCELED)
  if (!isInInitialTerm(policy, now)) throw refused(CANCEL_NOW_INSTEAD)
  // Where the commitment does not bind the customer simply cancels; turning renewal back on stays possible.
  if (!renew && !commitmentHolds(policy, now)) throw refused(REFUND_MESSAGES.anyTime)
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
  if (!policy) notFound()
  const adapter = await payments()
  if (!adapter.createPortalSession || !policy.stripeCustomerId) notFound()
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
          // The unary plus keeps the planner on the renewal-off index: in local mode every policy has no subscription.
          isNull(sql`+${policies.stripeSubscriptionId}`),
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
