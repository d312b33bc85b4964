import { and, asc, eq, isNotNull, isNull, sql } from 'drizzle-orm'

import { db, transaction } from '~/db/client.server'
import { claims, type PartnerGroup, partnerGroups, payouts } from '~/db/schema'
import { RuleError } from '~/domain/errors'
import { CONNECT_MESSAGES } from '~/domain/messages'
import { isPaymentDue } from '~/domain/payouts'
import { logger } from '~/logger.server'
import { createPayout, hasOpenDispute, markPayoutPaid } from '~/models/money/payouts.server'
import { recordAudit } from '~/models/operations/audit.server'
import { payments } from '~/services/payments.server'

/**
 * Paying the shops without the operator's hands: the daily job puts each group's accepted jobs into a payout before
 * the five-business-day clock of the oldest runs out, and sends it to the group's Stripe Connect account as a transfer.
 * A group with no ready Connect account keeps the operator's bank transfer (marked paid with its reference) as before.
 * Why: docs/decisions/070-shops-paid-in-five-business-days.md.
 */

/** Who the audit log names for what the daily job and Stripe's events do. */
const DAILY_JOB = 'system'
const STRIPE = 'stripe'

/** The longest refusal kept on a payout: Stripe's messages are a sentence or two. */
const TRANSFER_ERROR_MAX = 300

// --- onboarding ---------------------------------------------------------------------------------------------------

/**
 * Opens the group's Express account at Stripe (once: the same key finds the first one again) and answers the hosted
 * onboarding link the shop is sent to. Returning there again (a link expires) makes a new link for the same account.
 */
export async function startConnectOnboarding(
  input: { groupId: string; actorId: string; returnUrl: string; refreshUrl: string },
  now = new Date(),
): Promise<{ url: string }> {
  const group = db().select().from(partnerGroups).where(eq(partnerGroups.id, input.groupId)).get()
  if (!group) throw new Error(`No partner group ${input.groupId}`)
  const adapter = await payments()
  let accountId = group.stripeAccountId
  if (!accountId) {
    const created = await adapter.createConnectedAccount(group, `connect-account-${group.id}`)
    const saved = db()
      .update(partnerGroups)
      .set({ stripeAccountId: created.accountId, updatedAt: now.toISOString() })
      .where(and(eq(partnerGroups.id, group.id), isNull(partnerGroups.stripeAccountId)))
      .returning({ id: partnerGroups.id })
      .get()
    // Two clicks at once: the idempotency key gave both the same account, so whichever saved it, it is this one.
    accountId = created.accountId
    if (saved)
      recordAudit(db(), {
        actor: input.actorId,
        action: 'partner_group.connect_started',
        entityId: group.id,
        detail: { partnerGroup: group.name, account: accountId },
      })
  }
  return adapter.createAccountLink(accountId, { refreshUrl: input.refreshUrl, returnUrl: input.returnUrl })
}

/** Asks Stripe whether the group's account can receive transfers now and records the answer (the shop's return). */
export async function refreshConnectStatus(groupId: string, now = new Date()): Promise<{ ready: boolean } | null> {
  const group = db().select().from(partnerGroups).where(eq(partnerGroups.id, groupId)).get()
  if (!group?.stripeAccountId) return null
  const { ready } = await (await payments()).connectedAccountReady(group.stripeAccountId)
  setAccountReady(group, ready, DAILY_JOB, now)
  return { ready }
}

/** Records whether a connected account is ready (audited when it changes); by the account, for Stripe's events. */
export function setConnectedAccountReady(accountId: string, ready: boolean, now = new Date()): boolean {
  const group = db().select().from(partnerGroups).where(eq(partnerGroups.stripeAccountId, accountId)).get()
  if (!group) return false
  setAccountReady(group, ready, STRIPE, now)
  return true
}

function setAccountReady(group: PartnerGroup, ready: boolean, actor: string, now: Date) {
  if (group.stripePayoutsEnabled === ready) return
  db().update(partnerGroups).set({ stripePayoutsEnabled: ready, updatedAt: now.toISOString() }).where(eq(partnerGroups.id, group.id)).run()
  recordAudit(db(), {
    actor,
    action: 'partner_group.connect_ready',
    entityId: group.id,
    detail: { partnerGroup: group.name, account: group.stripeAccountId, ready },
  })
}

// --- the daily job ----------------------------------------------------------------------------------------------

export type ShopPaymentsReport = {
  /** Payouts the run made of groups' accepted jobs whose clock was about to run out. */
  payoutsCreated: number
  /** Payouts sent to a Connect account and marked paid with the transfer. */
  transfersSent: number
  /** Transfers Stripe refused on this run: the payouts wait for the next run, and the operator sees why. */
  transfersRefused: number
}

/**
 * The daily job's part: payouts for the groups whose oldest accepted job is due (all their accepted jobs together),
 * then a transfer for every unpaid payout of a group with a ready Connect account. Run twice, the second run finds the
 * jobs in their payouts and the payouts paid: nothing is made or sent twice.
 */
export async function payAcceptedJobs(now = new Date()): Promise<ShopPaymentsReport> {
  const report: ShopPaymentsReport = { payoutsCreated: 0, transfersSent: 0, transfersRefused: 0 }
  for (const group of groupsWithAcceptedJobs()) {
    if (!isPaymentDue(new Date(group.oldestAcceptedAt), now)) continue
    const jobs = acceptedJobsOf(group.groupId)
    if (!jobs.length) continue
    try {
      const { created } = createPayout({ groupId: group.groupId, claimIds: jobs, actorId: DAILY_JOB }, now)
      if (created) report.payoutsCreated++
    } catch (error) {
      // A rule that refuses one group's payout (a job changed under the run) must not keep the other groups waiting.
      if (!(error instanceof RuleError)) throw error
      logger.warn({ groupId: group.groupId, err: error }, 'daily payout refused; the next run tries again')
    }
  }
  for (const payout of payoutsToTransfer()) {
    const sent = await transferPayout(payout, now)
    if (sent) report.transfersSent++
    else report.transfersRefused++
  }
  return report
}

/** Groups with completed, accepted jobs in no payout, and when the oldest of them was accepted. */
function groupsWithAcceptedJobs() {
  return db()
    .select({ groupId: sql<string>`${claims.assignedPartnerGroupId}`, oldestAcceptedAt: sql<string>`min(${claims.paymentApprovedAt})` })
    .from(claims)
    .where(
      and(
        isNotNull(claims.assignedPartnerGroupId),
        isNotNull(claims.completedAt),
        isNotNull(claims.paymentApprovedAt),
        isNull(claims.payoutId),
        // A disputed job waits for the operator's answer, which may change what it pays.
        sql`not ${hasOpenDispute}`,
      ),
    )
    .groupBy(claims.assignedPartnerGroupId)
    .all()
}

function acceptedJobsOf(groupId: string) {
  return db()
    .select({ id: claims.id })
    .from(claims)
    .where(
      and(
        eq(claims.assignedPartnerGroupId, groupId),
        isNotNull(claims.completedAt),
        isNotNull(claims.paymentApprovedAt),
        isNull(claims.payoutId),
        // A disputed job waits for the operator's answer, which may change what it pays.
        sql`not ${hasOpenDispute}`,
      ),
    )
    .all()
    .map((row) => row.id)
}

/** Unpaid payouts of groups whose Connect account is ready, oldest first. */
function payoutsToTransfer() {
  return db()
    .select({
      id: payouts.id,
      totalCents: payouts.totalCents,
      transferAttempts: payouts.transferAttempts,
      accountId: sql<string>`${partnerGroups.stripeAccountId}`,
    })
    .from(payouts)
    .innerJoin(partnerGroups, eq(partnerGroups.id, payouts.partnerGroupId))
    .where(
      and(
        isNull(payouts.paidAt),
        // A payout whose transfer Stripe reversed is the operator's to pay (recordTransferReversed).
        isNull(payouts.transferReversedAt),
        isNotNull(partnerGroups.stripeAccountId),
        eq(partnerGroups.stripePayoutsEnabled, true),
      ),
    )
    .orderBy(asc(payouts.createdAt))
    .all()
}

type PayoutToTransfer = ReturnType<typeof payoutsToTransfer>[number]

/**
 * One payout's transfer. Sent: the payout is marked paid with the transfer's id and the remittance e-mailed. Refused:
 * the attempt and Stripe's words are kept on the payout for the operator, and the next run tries again with a new
 * attempt number (the adapter finds a transfer an earlier attempt made, so the shop is never paid twice).
 */
async function transferPayout(payout: PayoutToTransfer, now: Date): Promise<boolean> {
  const attempt = payout.transferAttempts + 1
  let transferId: string
  try {
    ;({ transferId } = await (
      await payments()
    ).transferPayout({ payoutId: payout.id, accountId: payout.accountId, amountCents: payout.totalCents, attempt }))
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).slice(0, TRANSFER_ERROR_MAX)
    logger.warn({ payoutId: payout.id, attempt, err: error }, 'payout transfer refused; the daily job retries it')
    db()
      .update(payouts)
      .set({ transferAttempts: attempt, transferError: message, transferFailedAt: now.toISOString() })
      .where(and(eq(payouts.id, payout.id), isNull(payouts.paidAt)))
      .run()
    recordAudit(db(), {
      actor: DAILY_JOB,
      action: 'payout.transfer_refused',
      entityId: payout.id,
      detail: { attempt, error: message, amountCents: payout.totalCents },
    })
    return false
  }
  await recordTransfer(payout.id, transferId, DAILY_JOB, now)
  return true
}

/**
 * A transfer Stripe made for a payout (the daily job's answer, or Stripe's event when that answer was lost): the
 * payout is paid with it. The same transfer again changes nothing; a payout the operator already paid by bank is left
 * as it is and the clash audited, for the operator to recover the second payment.
 */
export async function recordTransfer(payoutId: string, transferId: string, actorId: string, now = new Date()) {
  const payout = db().select().from(payouts).where(eq(payouts.id, payoutId)).get()
  if (!payout) return { recorded: false }
  try {
    await markPayoutPaid({ payoutId, reference: transferId, actorId }, now)
    return { recorded: true }
  } catch (error) {
    if (!(error instanceof RuleError)) throw error
    logger.error({ payoutId, transferId }, 'a Stripe transfer for a payout already paid with another reference')
    recordAudit(db(), {
      actor: actorId,
      action: 'payout.transfer_reversed',
      entityId: payoutId,
      detail: { transfer: transferId, note: `Already paid with ${payout.reference ?? ''}: recover this transfer at Stripe.` },
    })
    return { recorded: false }
  }
}

/**
 * Stripe reversed a payout's transfer. When it was the transfer that paid the payout, the payout is open again: not
 * paid, held from the daily job's transfers (a reversal is someone's decision at Stripe, not a refusal to retry), with
 * the reversal shown on it and the bank-transfer form offered to the operator. A reversal of another transfer (one
 * the payout was not paid with) is only noted. The same event again changes nothing.
 */
export function recordTransferReversed(payoutId: string, transferId: string, now = new Date()) {
  const payout = db().select().from(payouts).where(eq(payouts.id, payoutId)).get()
  if (!payout) return false
  const note = CONNECT_MESSAGES.reversed(transferId)
  if (payout.transferError === note) return true
  const reopen = payout.reference === transferId
  transaction((tx) => {
    tx.update(payouts)
      .set({
        transferError: note,
        transferFailedAt: now.toISOString(),
        ...(reopen ? { paidAt: null, paidBy: null, reference: null, transferReversedAt: now.toISOString() } : {}),
      })
      .where(eq(payouts.id, payoutId))
      .run()
    recordAudit(tx, {
      actor: STRIPE,
      action: 'payout.transfer_reversed',
      entityId: payoutId,
      detail: { transfer: transferId, reopened: reopen },
    })
  })
  if (reopen) logger.warn({ payoutId, transferId }, 'Stripe reversed the transfer that paid a payout: it waits for the operator')
  return true
}
