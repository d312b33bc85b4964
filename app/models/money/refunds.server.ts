import { and, count, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm'
import type { SQLiteUpdateSetSource } from 'drizzle-orm/sqlite-core'

import { type Db, db, transaction } from '~/db/client.server'
import { claims, policies, type Policy, profiles, type Refund as RefundRow, refunds, serviceCredits } from '~/db/schema'
import { RuleError } from '~/domain/errors'
import { formatPrice } from '~/domain/format'
import { CUSTOMER_ADMIN_MESSAGES, REFUND_MESSAGES, refundExplanation } from '~/domain/messages'
import { policyEmailNames } from '~/domain/plans'
import { refundableCents, transferRefund, withinRefundable } from '~/domain/refunds'
import { inFreeLook, lateRefundPenalty, type Refund, refundDueBy, refundFor, rulesFor, type StateRules } from '~/domain/state-rules'
import { HOUR_MS } from '~/domain/time'
import { refundEmail } from '~/emails/refund'
import { env } from '~/env.server'
import { logger } from '~/logger.server'
import { recordAudit } from '~/models/operations/audit.server'
import { claimAndDeliver } from '~/models/operations/batches.server'
import { zoneOfCustomerPolicy } from '~/models/policies/policies.server'
import { sendEmail } from '~/services/email.server'
import { payments } from '~/services/payments.server'
import { notFound } from '~/utils/refusal'

/**
 * Refunds on cancellation: what the customer's state gives back (app/domain/state-rules.ts), computed from what the
 * payments side says was paid and what the plan paid shops for the policy's claims; paid back through the payments
 * adapter at once, and, when the provider fails, kept as a failed row that the daily job retries until it is paid.
 */

export type RefundQuote = Refund & {
  rules: StateRules
  /** The service credit left on the customer's Stripe balance, paid back with the refund (part of `amountCents`). */
  balanceCreditCents: number
  /** What earlier refunds left no room for on the charges: taken off `amountCents` (never asked of the card). */
  nettedCents: number
}

/**
 * The credit still on the customer's Stripe balance that this policy's credits put there: what the balance holds, at
 * most what the policy's applied balance credits came to (an invoice may have used some; a customer shared with another
 * policy keeps that one's). The provider is asked only when the policy has such a credit.
 */
async function balanceCreditLeft(policy: Policy) {
  const row = db()
    .select({ cents: sql<number>`coalesce(sum(${serviceCredits.amountCents}), 0)` })
    .from(serviceCredits)
    .where(and(eq(serviceCredits.policyId, policy.id), eq(serviceCredits.method, 'stripe_balance'), eq(serviceCredits.state, 'applied')))
    .get()
  const credited = Number(row?.cents ?? 0)
  if (credited <= 0 || !policy.stripeCustomerId) return 0
  return Math.min(credited, await (await payments()).balanceCreditCents(policy))
}

/** What the plan paid shops for the policy's completed claims, and how many claims were filed at all. */
function claimsOf(policyId: string) {
  const row = db()
    .select({
      made: count(),
      paid: sql<number>`coalesce(sum(CASE WHEN ${claims.approvalStatus} = 'completed' THEN ${claims.actualCostCents} END), 0)`,
    })
    .from(claims)
    .where(eq(claims.policyId, policyId))
    .get()
  return { made: row?.made ?? 0, paidCents: Number(row?.paid ?? 0) }
}

/** A policy as the refund rules read it; `timeZone` when the caller has it (else it is found from the customer's ZIP). */
type RefundPolicy = Policy & { timeZone?: string }

function zoneOf(policy: RefundPolicy) {
  return policy.timeZone ?? zoneOfCustomerPolicy(policy)
}

/**
 * The refund a cancellation at `now` gives, to the cent; the confirmation page shows it and the cancellation pays it.
 * A payment for a period that starts after `now` (taken while a cancellation waited for the payments provider) is
 * given back whole. `rules` replaces the state's own where the cancellation is the provider's
 * (domain/provider-cancellation).
 */
export async function quoteRefund(
  policy: RefundPolicy,
  now = new Date(),
  rules: StateRules = rulesFor(policy.governingState),
): Promise<RefundQuote> {
  const at = now.toISOString()
  const all = await (await payments()).paymentsFor(policy)
  const paid = all.filter((payment) => payment.periodStart <= at)
  const paidAfter = all.filter((payment) => payment.periodStart > at).reduce((sum, payment) => sum + payment.amountCents, 0)
  const current = paid.find((payment) => payment.periodStart <= at && at < payment.periodEnd) ?? null
  const claimed = claimsOf(policy.id)
  const refund = refundFor(rules, {
    purchasedAt: policy.createdAt,
    now,
    zone: zoneOf(policy),
    totalPaidCents: paid.reduce((sum, payment) => sum + payment.amountCents, 0),
    period: current ? { start: current.periodStart, end: current.periodEnd, paidCents: current.amountCents } : null,
    claimsPaidCents: claimed.paidCents,
    claimsMade: claimed.made,
  })
  // No refund asks the charges for more than earlier refunds left on them (a yearly payer's credit paid back to the
  // card), and a credit left on the balance goes back with the cancellation as far as the payments can carry it: a
  // credit is money off what the customer pays, so what comes back never exceeds what was paid
  // (docs/decisions/104-money-owed-said-before-it-happens.md).
  const room = refundableCents(all)
  const { amountCents: stateCents, nettedCents } = withinRefundable(refund.amountCents + paidAfter, room)
  const balanceCreditCents = Math.min(await balanceCreditLeft(policy), room - stateCents)
  const rule = refund.rule === 'none' && (paidAfter > 0 || balanceCreditCents > 0) ? 'pro_rata' : refund.rule
  return {
    ...refund,
    rule,
    amountCents: stateCents + balanceCreditCents,
    grossCents: refund.grossCents + paidAfter,
    rules,
    balanceCreditCents,
    nettedCents,
  }
}

/**
 * What the seller of a plan passed to the next owner gets back at `at` where the paid period does not stay with the
 * plan: the unused whole days of the payment covering `at` (app/domain/refunds.ts `transferRefund`), within what the
 * seller's payments can still give back. `policy` is the seller's: their subscription, state and ZIP.
 */
export async function quoteTransferRefund(policy: RefundPolicy, at: Date) {
  const all = await (await payments()).paymentsFor(policy)
  const iso = at.toISOString()
  const current = all.find((payment) => payment.periodStart <= iso && iso < payment.periodEnd) ?? null
  const share = transferRefund({
    period: current ? { start: current.periodStart, end: current.periodEnd, paidCents: current.amountCents } : null,
    now: at,
    zone: zoneOf(policy),
  })
  const room = refundableCents(all)
  const { amountCents: shareCents, nettedCents } = withinRefundable(share.amountCents, room)
  // The seller's credit left on their balance goes back too: their subscription ends, no invoice of theirs will use it.
  const balanceCreditCents = Math.min(await balanceCreditLeft(policy), room - shareCents)
  return {
    amountCents: shareCents + balanceCreditCents,
    grossCents: share.amountCents,
    nettedCents,
    balanceCreditCents,
    unusedDays: share.unusedDays,
    periodDays: share.periodDays,
    paidUntil: current?.periodEnd ?? null,
    dueBy: refundDueBy(rulesFor(policy.governingState), at, zoneOf(policy), { freeLook: false }),
  }
}
export type TransferRefundQuote = Awaited<ReturnType<typeof quoteTransferRefund>>

/** The one key of a transfer's refund to its seller. */
export const transferRefundKey = (transferId: string) => `transfer:${transferId}`
const isTransferRefund = (refund: Pick<RefundRow, 'idempotencyKey'>) => refund.idempotencyKey.startsWith('transfer:')

/**
 * Records what a transfer owes its seller before any money moves: pending with its amount, or `unsettled` (no amount
 * yet) when the payments provider could not be asked, for the daily job to work out as of this moment. The row names
 * the seller and their subscription, so a retry refunds their payments, never the buyer's. Null when the transfer has
 * its row already.
 */
export function createTransferRefund(
  tx: Db,
  input: { transferId: string; seller: Policy; quote: TransferRefundQuote | null; now: Date },
): RefundRow | null {
  const { seller, quote, now } = input
  const row = tx
    .insert(refunds)
    .values({
      policyId: seller.id,
      idempotencyKey: transferRefundKey(input.transferId),
      amountCents: quote?.amountCents ?? 0,
      reason: 'transfer',
      rule: 'pro_rata',
      grossCents: quote?.grossCents ?? 0,
      claimsDeductedCents: 0,
      feeCents: 0,
      unusedDays: quote?.unusedDays ?? null,
      periodDays: quote?.periodDays ?? null,
      nettedCents: quote?.nettedCents ?? 0,
      balanceCreditCents: quote?.balanceCreditCents ?? 0,
      state: seller.governingState,
      profileId: seller.profileId,
      stripeSubscriptionId: seller.stripeSubscriptionId,
      provider: env().payments,
      status: quote ? 'pending' : 'unsettled',
      dueBy: quote?.dueBy ?? null,
      createdAt: now.toISOString(),
      updatedAt: now.toISOString(),
    })
    .onConflictDoNothing()
    .returning()
    .get()
  if (!row) return null
  recordAudit(tx, {
    actor: 'system',
    action: 'refund.created',
    entityId: row.id,
    detail: {
      policyId: seller.id,
      transferId: input.transferId,
      toProfileId: seller.profileId,
      amountCents: row.amountCents,
      rule: row.rule,
      state: row.state,
      reason: row.reason,
      status: row.status,
    },
  })
  return row
}

export function explainRefund(
  refund: Pick<
    RefundRow,
    'rule' | 'grossCents' | 'claimsDeductedCents' | 'feeCents' | 'unusedDays' | 'periodDays' | 'balanceCreditCents' | 'nettedCents'
  > & {
    state: string | null
  },
) {
  const rules = rulesFor(refund.state)
  return refundExplanation({ ...refund, freeLookDays: rules.freeLookDays, laterRefundPercent: rules.laterRefundPercent })
}

/** The one key of a policy's cancellation refund: a second submit finds the first's row. */
export function refundKey(policyId: string) {
  return `cancel:${policyId}`
}

export function refundOfPolicy(policyId: string) {
  return (
    db()
      .select()
      .from(refunds)
      .where(eq(refunds.idempotencyKey, refundKey(policyId)))
      .get() ?? null
  )
}

/**
 * Records the refund a cancellation owes (pending), before the provider is asked to cancel: the row is the claim on the
 * cancellation. Returns null when a row for this policy exists already (another submit got there first). The caller
 * audits it once the cancellation is done, and removes it if the cancellation fails.
 */
export function createRefund(tx: Db, policy: Policy, quote: RefundQuote, input: { reason: string; now: Date }): RefundRow | null {
  if (quote.rule === 'none') throw new Error('A refund needs a free-look or pro-rata rule')
  const row = tx
    .insert(refunds)
    .values({
      policyId: policy.id,
      idempotencyKey: refundKey(policy.id),
      amountCents: quote.amountCents,
      reason: input.reason,
      rule: quote.rule,
      grossCents: quote.grossCents,
      claimsDeductedCents: quote.claimsDeductedCents,
      feeCents: quote.feeCents,
      unusedDays: quote.unusedDays,
      periodDays: quote.periodDays,
      balanceCreditCents: quote.balanceCreditCents,
      nettedCents: quote.nettedCents,
      state: policy.governingState,
      provider: env().payments,
      dueBy: quote.dueBy,
      createdAt: input.now.toISOString(),
    })
    .onConflictDoNothing()
    .returning()
    .get()
  return row ?? null
}

/**
 * Records a cancellation the payments provider could not be asked about (its refund not yet known): `unsettled`, with
 * the rule the cancellation's day gives and no amount; `settleRefund` works the amount out as of the cancellation and
 * pays it. Null when the policy has a refund row already.
 */
export function createUnsettledRefund(tx: Db, policy: RefundPolicy, input: { reason: string; now: Date }): RefundRow | null {
  const rules = rulesFor(policy.governingState)
  const row = tx
    .insert(refunds)
    .values({
      policyId: policy.id,
      idempotencyKey: refundKey(policy.id),
      amountCents: 0,
      reason: input.reason,
      rule: inFreeLook(rules, policy.createdAt, input.now, zoneOf(policy)) ? 'free_look' : 'pro_rata',
      grossCents: 0,
      claimsDeductedCents: 0,
      feeCents: 0,
      state: policy.governingState,
      provider: env().payments,
      status: 'unsettled',
      createdAt: input.now.toISOString(),
      updatedAt: input.now.toISOString(),
    })
    .onConflictDoNothing()
    .returning()
    .get()
  return row ?? null
}

/** Writes `values` (and the time of the change) to one refund row, and returns the row as it now stands. */
function updateRefund(tx: Db, refundId: string, values: SQLiteUpdateSetSource<typeof refunds>, now: Date) {
  return tx
    .update(refunds)
    .set({ ...values, updatedAt: now.toISOString() })
    .where(eq(refunds.id, refundId))
    .returning()
    .get()!
}

/**
 * Finishes a cancellation that went through while the payments provider was down: ends the subscription there, works
 * out the refund as of the moment of the cancellation (the row's `createdAt`) and pays it, with the late penalty where
 * the state sets one. A cancellation that owes nothing loses its row. Throws while the provider still fails (the row
 * stays unsettled for the next run).
 */
export async function settleRefund(refund: RefundRow, current: Policy, now = new Date()): Promise<RefundRow | null> {
  const policy = payerOf(refund, current)
  const adapter = await payments()
  await adapter.cancelSubscriptionNow(policy)
  const canceledAt = new Date(refund.createdAt)
  // A transfer's seller is owed the unused days of their own period, not a cancellation's refund.
  const quote = isTransferRefund(refund)
    ? {
        ...(await quoteTransferRefund(policy, canceledAt)),
        rule: 'pro_rata' as const,
        claimsDeductedCents: 0,
        feeCents: 0,
      }
    : await quoteRefund(policy, canceledAt)
  if (quote.rule === 'none' || quote.amountCents <= 0) {
    transaction((tx) => {
      tx.delete(refunds).where(eq(refunds.id, refund.id)).run()
      recordAudit(tx, { actor: 'system', action: 'refund.settled', entityId: refund.id, detail: { policyId: policy.id, amountCents: 0 } })
    })
    return null
  }
  const settled = transaction((tx) => {
    const row = updateRefund(
      tx,
      refund.id,
      {
        status: 'pending',
        amountCents: quote.amountCents,
        rule: quote.rule === 'none' ? 'pro_rata' : quote.rule,
        grossCents: quote.grossCents,
        claimsDeductedCents: quote.claimsDeductedCents,
        feeCents: quote.feeCents,
        unusedDays: quote.unusedDays,
        periodDays: quote.periodDays,
        balanceCreditCents: quote.balanceCreditCents,
        nettedCents: quote.nettedCents,
        dueBy: quote.dueBy,
      },
      now,
    )
    recordAudit(tx, {
      actor: 'system',
      action: 'refund.settled',
      entityId: refund.id,
      detail: { policyId: policy.id, amountCents: quote.amountCents, rule: row.rule, state: row.state, dueBy: row.dueBy },
    })
    return row
  })
  const paid = await payRefund(settled, policy, now)
  await sendRefundEmail(paid, policy)
  return paid
}

/**
 * Pays a refund back through the payments adapter and records the outcome, with the state's penalty when it is paid
 * after its deadline (worked out again at each attempt, so a later retry pays the penalty its day owes). Never throws:
 * a failure is kept (status failed, the error) for the operator and the daily retry.
 */
export async function payRefund(refund: RefundRow, current: Policy, now = new Date()): Promise<RefundRow> {
  const policy = payerOf(refund, current)
  const { penaltyCents, periodsLate } = lateRefundPenalty(rulesFor(refund.state), refund, now, zoneOf(policy))
  try {
    // The penalty may come to more than the card's payments can give back (a refund never exceeds its charge): the
    // part above is owed all the same, kept on the row for the operator to pay by hand, never dropped.
    const { stripeRefundIds, shortCents } = await (
      await payments()
    ).refund(policy, {
      refundId: refund.id,
      amountCents: refund.amountCents + penaltyCents,
      mayFallShortCents: penaltyCents,
    })
    // The credit now refunded to the card leaves the balance, so no invoice could use it again (keyed by the refund).
    if (refund.balanceCreditCents > 0) {
      await (await payments()).takeBackBalance(policy, { refundId: refund.id, amountCents: refund.balanceCreditCents })
    }
    return transaction((tx) => {
      const row = updateRefund(
        tx,
        refund.id,
        {
          penaltyCents,
          penaltyByHandCents: shortCents,
          status: 'succeeded',
          attempts: sql`${refunds.attempts} + 1`,
          lastError: null,
          stripeRefundId: stripeRefundIds.join(' ') || null,
          succeededAt: now.toISOString(),
        },
        now,
      )
      recordAudit(tx, {
        actor: 'system',
        action: 'refund.succeeded',
        entityId: refund.id,
        detail: { stripeRefundIds, ...(penaltyCents > 0 ? { penaltyCents, periodsLate } : {}) },
      })
      if (shortCents > 0) {
        recordAudit(tx, {
          actor: 'system',
          action: 'refund.penalty_by_hand',
          entityId: refund.id,
          detail: { policyId: policy.id, penaltyByHandCents: shortCents },
        })
      }
      return row
    })
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    logger.error({ refundId: refund.id, policyId: policy.id, err: error }, 'a refund failed; the daily job retries it')
    return transaction((tx) => {
      const row = updateRefund(
        tx,
        refund.id,
        { status: 'failed', penaltyCents, attempts: sql`${refunds.attempts} + 1`, lastError: message.slice(0, 500) },
        now,
      )
      recordAudit(tx, { actor: 'system', action: 'refund.failed', entityId: refund.id, detail: { error: message.slice(0, 200) } })
      return row
    })
  }
}

/**
 * The policy as the refund pays it: the one who is refunded and the subscription whose payments go back. A transfer's
 * seller (the row's `profileId`, `stripeSubscriptionId` and state) is refunded from their own subscription, never the
 * buyer's the policy has now.
 */
export function payerOf(refund: Pick<RefundRow, 'profileId' | 'stripeSubscriptionId' | 'state'>, policy: Policy): Policy {
  if (!refund.stripeSubscriptionId && !refund.profileId) return policy
  // The zone read for the policy's owner now is not the seller's: theirs is found again from their own ZIP and state.
  const { timeZone: _ownersZone, ...rest } = policy as RefundPolicy
  return {
    ...rest,
    profileId: refund.profileId ?? policy.profileId,
    stripeSubscriptionId: refund.stripeSubscriptionId ?? policy.stripeSubscriptionId,
    governingState: refund.state,
  }
}

/** Tells the customer the amount and how it was computed (once, when the cancellation is made). */
export async function sendRefundEmail(refund: RefundRow, current: Policy) {
  const policy = payerOf(refund, current)
  const profile = db().select({ email: profiles.email }).from(profiles).where(eq(profiles.id, policy.profileId)).get()
  if (!profile) return false
  const config = env()
  const message = await refundEmail({
    ...policyEmailNames(policy),
    amount: formatPrice(refund.amountCents + refund.penaltyCents),
    explanation: [
      explainRefund(refund),
      ...(refund.penaltyCents > 0 ? [REFUND_MESSAGES.withPenalty(formatPrice(refund.penaltyCents))] : []),
      ...(refund.penaltyByHandCents > 0 ? [REFUND_MESSAGES.penaltyByHand(formatPrice(refund.penaltyByHandCents))] : []),
    ].join(' '),
    dashboardUrl: `${config.APP_URL}/customer`,
    supportEmail: config.SUPPORT_EMAIL,
  })
  return sendEmail({ to: profile.email, ...message, tag: 'refund' })
}

/** A pending refund older than this was left by an attempt that never finished (a crash): the retry takes it. */
const STALE_PENDING_MS = HOUR_MS

/**
 * The daily job: every failed refund (and one left pending by a crash) is tried again, until it succeeds. Each is
 * claimed first (status back to pending, stamped now), so two runs at once do not both pay it.
 */
export async function retryFailedRefunds(now = new Date()) {
  const staleBefore = new Date(now.getTime() - STALE_PENDING_MS).toISOString()
  // The literal condition lets the planner read the partial index of unpaid refunds (refunds_unpaid_idx).
  const unpaid = and(
    sql`${refunds.status} != 'succeeded'`,
    or(eq(refunds.status, 'failed'), and(eq(refunds.status, 'pending'), lt(refunds.updatedAt, staleBefore))),
  )
  const due = db().select({ id: refunds.id }).from(refunds).where(unpaid).all()
  return claimAndDeliver(
    due.map((row) => row.id),
    (tx, id) => {
      const refund = tx
        .update(refunds)
        .set({ status: 'pending', updatedAt: now.toISOString() })
        .where(and(eq(refunds.id, id), unpaid))
        .returning()
        .get()
      if (!refund) return null
      const policy = tx.select().from(policies).where(eq(policies.id, refund.policyId)).get()
      return policy ? { refund, policy } : null
    },
    async ({ refund, policy }) => (await payRefund(refund, policy, now)).status === 'succeeded',
  )
}

/**
 * The daily job's first step for refunds: every cancellation that went through while the payments provider was down
 * is finished (`settleRefund`). One the provider still refuses stays unsettled for the next run. Two runs at once may
 * both settle one: the provider's refund is keyed by the row, so it is paid once.
 */
export async function settleUnsettledRefunds(now = new Date()) {
  const due = db()
    .select({ refund: refunds, policy: policies })
    .from(refunds)
    .innerJoin(policies, eq(policies.id, refunds.policyId))
    // The literal condition lets the planner read the partial index of unpaid refunds (refunds_unpaid_idx).
    .where(and(sql`${refunds.status} != 'succeeded'`, eq(refunds.status, 'unsettled')))
    .all()
  let settled = 0
  for (const { refund, policy } of due) {
    try {
      await settleRefund(refund, policy, now)
      settled++
    } catch (error) {
      logger.error({ refundId: refund.id, policyId: policy.id, err: error }, 'settling a refund failed; the next daily run tries again')
    }
  }
  return settled
}

/** The refunds of a customer's policies, newest first (the operator's customer page). */
export function refundsOfPolicies(policyIds: string[]) {
  if (policyIds.length === 0) return []
  return db().select().from(refunds).where(inArray(refunds.policyId, policyIds)).orderBy(desc(refunds.createdAt)).all()
}

/**
 * The refunds owed on the policy a local test checkout paid for: local mode moves no money, so the test checkout page
 * shows what would have been paid back.
 */
export function localRefundsOfCheckout(checkoutId: string) {
  return db()
    .select({ refund: refunds })
    .from(refunds)
    .innerJoin(policies, eq(policies.id, refunds.policyId))
    .where(and(eq(policies.stripeCheckoutSessionId, checkoutId), eq(refunds.provider, 'local')))
    .orderBy(desc(refunds.createdAt))
    .all()
    .map((row) => row.refund)
}

/** The late penalties, or their parts, above what the card could take back, not yet paid by the operator by hand. */
export function penaltiesByHand() {
  return (
    db()
      .select({ count: count(), cents: sql<number>`coalesce(sum(${refunds.penaltyByHandCents}), 0)` })
      .from(refunds)
      .where(and(sql`${refunds.penaltyByHandCents} > 0`, isNull(refunds.penaltyByHandPaidAt)))
      .get() ?? { count: 0, cents: 0 }
  )
}

/**
 * The operator records the part of a late penalty that a card refund could not carry as paid by hand, with the
 * payment's reference. Only a refund of one of this customer's policies: any other is a 404. Audited; once only.
 */
export function markPenaltyPaidByHand(
  input: { actorId: string; profileId: string; refundId: string; reference: string },
  now = new Date(),
) {
  return transaction((tx) => {
    const found = tx
      .select({ refund: refunds })
      .from(refunds)
      .innerJoin(policies, eq(policies.id, refunds.policyId))
      .where(and(eq(refunds.id, input.refundId), eq(policies.profileId, input.profileId)))
      .get()
    if (!found) notFound()
    const { refund } = found
    if (refund.penaltyByHandCents <= 0) throw RuleError.from(CUSTOMER_ADMIN_MESSAGES.penaltyNotOwed, { status: 409 })
    const row = tx
      .update(refunds)
      .set({ penaltyByHandPaidAt: now.toISOString(), penaltyByHandReference: input.reference, updatedAt: now.toISOString() })
      .where(and(eq(refunds.id, refund.id), isNull(refunds.penaltyByHandPaidAt)))
      .returning()
      .get()
    if (!row) throw RuleError.from(CUSTOMER_ADMIN_MESSAGES.penaltyAlreadyPaid, { status: 409 })
    recordAudit(tx, {
      actor: input.actorId,
      action: 'refund.penalty_paid_by_hand',
      entityId: row.id,
      detail: { policyId: row.policyId, penaltyByHandCents: row.penaltyByHandCents, reference: input.reference },
    })
    return row
  })
}

/** How many refunds have failed and wait for the daily retry (the console's home page). */
export function failedRefundCount() {
  return (
    db()
      .select({ n: count() })
      .from(refunds)
      .where(sql`${refunds.status} = 'failed'`)
      .get()?.n ?? 0
  )
}
