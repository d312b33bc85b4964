import { and, asc, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm'

import { type Db, db, transaction } from '~/db/client.server'
import { type Claim, claims, partnerGroups, type Payout, payoutCounts, payouts } from '~/db/schema'
import { SERVICE_ZONE } from '~/domain/calendar'
import { RuleError } from '~/domain/errors'
import { formatLongDate, formatPrice } from '~/domain/format'
import { CALIBRATION_MESSAGES, CONNECT_MESSAGES, INVOICE_HOLD_MESSAGES, INVOICE_REVIEW_MESSAGES, PAYOUT_MESSAGES } from '~/domain/messages'
import { generatePayoutNumber, isInvoiceHeld, JOBS_LISTED, paidThroughStripe, type PayoutState, payoutStateOf } from '~/domain/payouts'
import { remittanceEmail } from '~/emails/remittance'
import { env } from '~/env.server'
import { shopZoneOf } from '~/models/claims/shop-choice.server'
import { recordAudit } from '~/models/operations/audit.server'
import { jobsWithoutCalibrationProof } from '~/models/shops/calibration.server'
import { settleSubmission } from '~/models/shops/invoice-review.server'
import { sendEmail } from '~/services/email.server'
import { notFound } from '~/utils/refusal'

/**
 * Paying the shops: the operator approves completed jobs for payment, groups a partner group's approved jobs into a
 * payout (a job joins one payout only: its payout_id), sends the bank transfer and marks the payout paid with the
 * transfer's reference, which e-mails the group a remittance. Why bank references only:
 * docs/decisions/055-shop-payouts-and-service-promise.md.
 */

/** How many of a group's payouts the page lists, newest first. */
export const PAYOUTS_LISTED = 20

// --- the state of a job, for the operator's claim page and the shop's job list ----------------------------------

/** The payout state of each of these jobs (claim ids), read in one query; a job not completed has none (left out). */
export function payoutStatesFor(claimIds: readonly string[]): Map<string, PayoutState> {
  const states = new Map<string, PayoutState>()
  if (!claimIds.length) return states
  const rows = db()
    .select({
      id: claims.id,
      completedAt: claims.completedAt,
      paymentApprovedAt: claims.paymentApprovedAt,
      payoutId: claims.payoutId,
      paidAt: payouts.paidAt,
      reference: payouts.reference,
    })
    .from(claims)
    .leftJoin(payouts, eq(payouts.id, claims.payoutId))
    .where(inArray(claims.id, [...claimIds]))
    .all()
  for (const row of rows) {
    const state = payoutStateOf({ ...row, payout: { paidAt: row.paidAt, reference: row.reference } })
    if (state) states.set(row.id, state)
  }
  return states
}

/** One job's payout state (null when it is not completed, or unknown). */
export function payoutStateOfClaim(claimId: string): PayoutState | null {
  return payoutStatesFor([claimId]).get(claimId) ?? null
}

// --- disputes and the amount a job pays ---------------------------------------------------------------------------

/**
 * The one condition "the job has an open dispute" (a shop disputes its rejection or a short-pay, and the operator has
 * not answered): such a job stays out of every payout until the answer, which may change what it pays.
 */
// Written with the table's name: inside a subquery an unqualified "id" would be the dispute's own.
export const hasOpenDispute = sql<boolean>`exists (select 1 from invoice_disputes d where d.claim_id = "claims"."id" and d.answered_at is null)`

/** What a job is paid, for the sums: `amountPaidCents` (app/domain/invoice.ts) in SQL, so a page and a payout agree. */
export const jobAmountCents = sql<number>`coalesce(${claims.acceptedCostCents}, ${claims.actualCostCents}, 0)`

// --- approving jobs for payment -----------------------------------------------------------------------------------

/**
 * Approves completed jobs for payment. A job already approved stays as it was (a second click changes nothing); a job
 * that is not completed, or has no partner group to pay, cannot be approved.
 */
export function approveJobsForPayment(
  input: { claimIds: readonly string[]; actorId: string; acceptedCents?: number | null },
  now = new Date(),
) {
  return transaction((tx) => {
    const rows = tx
      .select({
        id: claims.id,
        completedAt: claims.completedAt,
        groupId: claims.assignedPartnerGroupId,
        approvedAt: claims.paymentApprovedAt,
        code: claims.confirmationCode,
        invoiceHeldFor: claims.invoiceHeldFor,
        invoiceReleasedAt: claims.invoiceReleasedAt,
        adasCalibration: claims.adasCalibration,
        invoiceRejectedAt: claims.invoiceRejectedAt,
        actualCostCents: claims.actualCostCents,
      })
      .from(claims)
      .where(inArray(claims.id, [...input.claimIds]))
      .all()
    const payable = rows.filter((row) => row.completedAt && row.groupId)
    if (!payable.length) throw RuleError.from(PAYOUT_MESSAGES.notPayable, { field: 'claimId', status: 400 })
    refuseHeld(payable.filter((row) => !row.approvedAt))
    // A job whose completion names an ADAS calibration is paid only with its proof complete and passed.
    const unproven = jobsWithoutCalibrationProof(
      tx,
      payable.filter((row) => !row.approvedAt),
    )
    if (unproven.length) throw RuleError.from(CALIBRATION_MESSAGES.proofMissing(unproven.toSorted()), { field: 'claimId', status: 409 })
    // A rejected invoice waits for the shop's correction: accepting it as it stands would pay what was refused.
    const rejected = payable.filter((row) => !row.approvedAt && row.invoiceRejectedAt).map((row) => row.code)
    if (rejected.length) {
      throw RuleError.from(
        { ...PAYOUT_MESSAGES.correct, description: INVOICE_REVIEW_MESSAGES.rejectedWaiting(rejected.toSorted()) },
        {
          field: 'claimId',
          status: 409,
        },
      )
    }
    // A short-pay is one job's (the claim page's amount): less than its invoice, never more.
    const shortPay = input.acceptedCents ?? null
    if (shortPay !== null) {
      const job = payable.length === 1 ? payable[0]! : null
      if (!job || shortPay < 0 || shortPay > (job.actualCostCents ?? 0)) {
        throw RuleError.from(
          { ...PAYOUT_MESSAGES.correct, description: INVOICE_REVIEW_MESSAGES.acceptedAmount },
          {
            field: 'acceptedAmount',
          },
        )
      }
    }
    const toApprove = payable.filter((row) => !row.approvedAt).map((row) => row.id)
    const approved = toApprove.length
      ? tx
          .update(claims)
          .set({
            paymentApprovedAt: now.toISOString(),
            paymentApprovedBy: input.actorId,
            updatedAt: now.toISOString(),
            ...(shortPay !== null && shortPay < (payable[0]!.actualCostCents ?? 0) ? { acceptedCostCents: shortPay } : {}),
          })
          .where(
            and(
              inArray(claims.id, toApprove),
              isNull(claims.paymentApprovedAt),
              isNotNull(claims.completedAt),
              isNull(claims.invoiceRejectedAt),
            ),
          )
          .returning({
            id: claims.id,
            code: claims.confirmationCode,
            costCents: claims.actualCostCents,
            acceptedCents: claims.acceptedCostCents,
          })
          .all()
      : []
    for (const job of approved) {
      // Approving for payment is accepting the invoice: the submission waiting gets its answer.
      settleSubmission(tx, { claimId: job.id, outcome: 'accepted', actorId: input.actorId, now })
      if (job.acceptedCents !== null) {
        recordAudit(tx, {
          actor: input.actorId,
          action: 'claim.invoice_short_paid',
          entityId: job.id,
          detail: { code: job.code, invoicedCents: job.costCents ?? 0, acceptedCents: job.acceptedCents },
        })
      }
      recordAudit(tx, {
        actor: input.actorId,
        action: 'claim.payment_approved',
        entityId: job.id,
        detail: { code: job.code, amountCents: job.acceptedCents ?? job.costCents ?? 0 },
      })
    }
    return { approved: approved.length }
  })
}

/** A request that takes in a job whose invoice is held is refused whole, naming the held jobs: nothing is approved. */
function refuseHeld(rows: { code: string; invoiceHeldFor: string | null; invoiceReleasedAt: string | null }[]) {
  const held = rows.filter(isInvoiceHeld).map((row) => row.code)
  if (held.length) throw RuleError.from(PAYOUT_MESSAGES.heldJobs(held.toSorted()), { field: 'claimId', status: 409 })
}

/**
 * The operator releases a job's held invoice (above its service's ceiling) after checking it: the job may then be
 * approved for payment. Audited; releasing one that is not held is refused, a second release too.
 */
export function releaseInvoiceHold(input: { claimId: string; actorId: string }, now = new Date()) {
  return transaction((tx) => {
    const claim = tx.select().from(claims).where(eq(claims.id, input.claimId)).get()
    if (!claim) notFound()
    if (!isInvoiceHeld(claim)) throw RuleError.from(INVOICE_HOLD_MESSAGES.notHeld, { field: 'form', status: 409 })
    tx.update(claims)
      .set({ invoiceReleasedAt: now.toISOString(), invoiceReleasedBy: input.actorId, updatedAt: now.toISOString() })
      .where(eq(claims.id, claim.id))
      .run()
    recordAudit(tx, {
      actor: input.actorId,
      action: 'claim.invoice_released',
      entityId: claim.id,
      detail: { code: claim.confirmationCode, service: claim.invoiceHeldFor, amountCents: claim.actualCostCents },
    })
  })
}

// --- payouts ------------------------------------------------------------------------------------------------------

/**
 * A payout for a partner group's approved jobs among `claimIds` (the ones the operator saw listed): jobs not approved,
 * or already in a payout are left out. A job of another group refuses the whole request, naming its code: the form
 * only lists the group's own jobs, so one of another group means the post is not what the operator saw, and paying
 * the rest without it would send a transfer short by a job nobody was told about. Submitted twice, the second finds
 * its jobs in the first payout and answers with it (`created: false`), so a double click makes one payout.
 */
export function createPayout(input: { groupId: string; claimIds: readonly string[]; actorId: string }, now = new Date()) {
  return transaction((tx) => {
    const group = tx.select().from(partnerGroups).where(eq(partnerGroups.id, input.groupId)).get()
    if (!group)
      throw RuleError.from({ ...PAYOUT_MESSAGES.correct, description: PAYOUT_MESSAGES.unknownGroup }, { field: 'groupId', status: 404 })
    const asked = tx
      .select({
        id: claims.id,
        code: claims.confirmationCode,
        groupId: claims.assignedPartnerGroupId,
        costCents: jobAmountCents,
        payoutId: claims.payoutId,
        approvedAt: claims.paymentApprovedAt,
        completedAt: claims.completedAt,
        invoiceHeldFor: claims.invoiceHeldFor,
        invoiceReleasedAt: claims.invoiceReleasedAt,
        disputed: hasOpenDispute,
      })
      .from(claims)
      .where(inArray(claims.id, [...input.claimIds]))
      .all()
    const foreign = asked.filter((row) => row.groupId !== group.id).map((row) => row.code)
    if (foreign.length)
      throw RuleError.from(PAYOUT_MESSAGES.otherGroupsJobs(foreign.toSorted(), group.name), { field: 'claimId', status: 409 })
    const rows = asked
    refuseHeld(rows.filter((row) => !row.payoutId))
    // A disputed job waits for the operator's answer, which may change what it pays.
    const jobs = rows.filter((row) => row.completedAt && row.approvedAt && !row.payoutId && !row.disputed)
    if (!jobs.length) {
      const earlier = new Set(rows.map((row) => row.payoutId))
      const [payoutId] = [...earlier]
      if (earlier.size === 1 && payoutId && rows.length === input.claimIds.length) {
        const payout = tx.select().from(payouts).where(eq(payouts.id, payoutId)).get()!
        return { payout, created: false }
      }
      throw RuleError.from(PAYOUT_MESSAGES.nothingToPay, { field: 'claimId', status: 409 })
    }
    const totalCents = jobs.reduce((sum, job) => sum + (job.costCents ?? 0), 0)
    const payout = tx
      .insert(payouts)
      .values({
        payoutNumber: unusedPayoutNumber(tx),
        partnerGroupId: group.id,
        jobCount: jobs.length,
        totalCents,
        createdBy: input.actorId,
        createdAt: now.toISOString(),
      })
      .returning()
      .get()
    tx.update(claims)
      .set({ payoutId: payout.id, updatedAt: now.toISOString() })
      .where(
        and(
          inArray(
            claims.id,
            jobs.map((job) => job.id),
          ),
          isNull(claims.payoutId),
        ),
      )
      .run()
    recordAudit(tx, {
      actor: input.actorId,
      action: 'payout.created',
      entityId: payout.id,
      detail: { partnerGroup: group.name, jobs: jobs.map((job) => job.code), totalCents },
    })
    return { payout, created: true }
  })
}

/** A payout number no payout has yet, read inside the transaction that writes it (the unique index is the last word). */
function unusedPayoutNumber(database: Db) {
  for (let attempt = 0; attempt < 20; attempt++) {
    const number = generatePayoutNumber()
    if (!database.select({ id: payouts.id }).from(payouts).where(eq(payouts.payoutNumber, number)).get()) return number
  }
  // 31^6 ≈ 887 million numbers: twenty collisions in a row means something else is wrong.
  throw new Error('Could not find an unused payout number')
}

export type PayoutLine = { claimId: string; code: string; completedAt: string; costCents: number }

function payoutLines(payoutId: string): PayoutLine[] {
  return db()
    .select({ claimId: claims.id, code: claims.confirmationCode, completedAt: claims.completedAt, costCents: jobAmountCents })
    .from(claims)
    .where(eq(claims.payoutId, payoutId))
    .orderBy(asc(claims.completedAt), asc(claims.confirmationCode))
    .all()
    .map((row) => ({ ...row, completedAt: row.completedAt ?? '', costCents: row.costCents ?? 0 }))
}

/**
 * Marks a payout paid with the bank transfer's reference (the operator) or the Stripe transfer's id (the daily job,
 * Stripe's event) and e-mails the group its remittance. The same reference a second time changes nothing (and sends
 * nothing); another reference is refused: a payout is paid once. A bank payment is refused for a group paid through
 * Stripe: the daily job's transfer may already be on its way, and both would reach the shop.
 */
export async function markPayoutPaid(input: { payoutId: string; reference: string; actorId: string; byBank?: boolean }, now = new Date()) {
  const reference = input.reference.trim()
  const outcome = transaction((tx) => {
    const payout = tx.select().from(payouts).where(eq(payouts.id, input.payoutId)).get()
    if (!payout) notFound()
    if (payout.paidAt) {
      if (payout.reference === reference) return { payout, paidNow: false }
      throw RuleError.from(PAYOUT_MESSAGES.paidOtherReference(payout.reference ?? ''), { field: 'reference', status: 409 })
    }
    // A group paid through Stripe is paid by the daily job's transfers, unless Stripe reversed the one that paid this.
    if (input.byBank && !payout.transferReversedAt) {
      const group = tx
        .select({ stripeAccountId: partnerGroups.stripeAccountId, stripePayoutsEnabled: partnerGroups.stripePayoutsEnabled })
        .from(partnerGroups)
        .where(eq(partnerGroups.id, payout.partnerGroupId))
        .get()
      if (group && paidThroughStripe(group)) throw RuleError.from(CONNECT_MESSAGES.paidByTransfer, { field: 'reference', status: 409 })
    }
    const paid = tx
      .update(payouts)
      .set({ paidAt: now.toISOString(), paidBy: input.actorId, reference })
      .where(and(eq(payouts.id, payout.id), isNull(payouts.paidAt)))
      .returning()
      .get()!
    recordAudit(tx, {
      actor: input.actorId,
      action: 'payout.paid',
      entityId: payout.id,
      detail: { reference, totalCents: payout.totalCents, jobs: payout.jobCount },
    })
    return { payout: paid, paidNow: true }
  })
  if (!outcome.paidNow) return { payout: outcome.payout, paidNow: false, remittance: null }
  return { payout: outcome.payout, paidNow: true, remittance: await sendRemittance(outcome.payout, input.actorId) }
}

/** E-mails the group the jobs a paid payout covers; audited either way. */
async function sendRemittance(payout: Payout, actorId: string) {
  const group = db().select().from(partnerGroups).where(eq(partnerGroups.id, payout.partnerGroupId)).get()!
  if (!group.email) {
    recordAudit(db(), {
      actor: actorId,
      action: 'payout.remittance_not_sent',
      entityId: payout.id,
      detail: { partnerGroup: group.name, reason: 'The partner group has no e-mail address.' },
    })
    return { sent: false, to: null }
  }
  const lines = payoutLines(payout.id)
  const zone = shopZoneOf({ chosenLocationId: null, assignedPartnerGroupId: group.id }) ?? SERVICE_ZONE
  const sent = await sendEmail({
    to: group.email,
    ...(await remittanceEmail({
      partnerGroup: group.name,
      // The days on the shop's clock (its first location's zone), as /shop tells them.
      paidOn: formatLongDate(payout.paidAt, '', zone),
      reference: payout.reference ?? '',
      total: formatPrice(payout.totalCents),
      jobs: lines.map((line) => ({
        code: line.code,
        completedOn: formatLongDate(line.completedAt, '', zone),
        amount: formatPrice(line.costCents),
      })),
      payoutNumber: payout.payoutNumber,
      supportEmail: env().PARTNER_EMAIL,
    })),
    tag: 'payout-remittance',
    profileId: null,
  })
  recordAudit(db(), {
    actor: actorId,
    action: sent ? 'payout.remittance_sent' : 'payout.remittance_not_sent',
    entityId: payout.id,
    detail: { partnerGroup: group.name, to: group.email, ...(sent ? {} : { reason: 'The e-mail could not be sent; see the e-mail log.' }) },
  })
  return { sent: Boolean(sent), to: group.email }
}

/** Every partner group's id and name, by name: the rows of the payouts page's tables. */
function groupsByName() {
  return db().select({ id: partnerGroups.id, name: partnerGroups.name }).from(partnerGroups).orderBy(asc(partnerGroups.name)).all()
}

// --- the payouts page ---------------------------------------------------------------------------------------------

type JobTally = { group_id: string; count: number; total_cents: number }

/**
 * Per group, the jobs the counters hold that no one can act on yet: unpaid jobs whose invoice is rejected (waiting
 * for the shop's correction, not for approval), and approved ones under an open dispute (waiting for the answer
 * before a payout takes them). Both are few, read from their partial indexes.
 */
function jobsWaitingOnOthers() {
  const rejected = db().all<JobTally>(sql`
    SELECT assigned_partner_group_id AS group_id, count(*) AS count, sum(${jobAmountCents}) AS total_cents
    FROM claims
    WHERE invoice_rejected_at IS NOT NULL AND payout_id IS NULL AND completed_at IS NOT NULL AND payment_approved_at IS NULL
    GROUP BY assigned_partner_group_id
  `)
  const disputed = db().all<JobTally>(sql`
    SELECT assigned_partner_group_id AS group_id, count(*) AS count, sum(${jobAmountCents}) AS total_cents
    FROM claims
    WHERE id IN (SELECT d.claim_id FROM invoice_disputes d WHERE d.answered_at IS NULL)
      AND payout_id IS NULL AND completed_at IS NOT NULL AND payment_approved_at IS NOT NULL
    GROUP BY assigned_partner_group_id
  `)
  return { rejected, disputed }
}

/**
 * Per partner group: its completed jobs waiting for the operator's approval, its approved jobs a payout can take, its
 * jobs waiting on the shop (rejected invoices) or on a dispute's answer, and its unpaid payouts. The figures match the
 * lists of the group's page: a rejected or disputed job is counted apart, not as waiting for approval or payment.
 */
export function payoutOverview() {
  // The jobs from the counters the claims' triggers keep (payout_counts), less the few rejected or disputed ones; the
  // payouts from the partial index of unpaid ones: the page reads a few rows per group, however many claims there are.
  const jobs = db().select().from(payoutCounts).all()
  const { rejected, disputed } = jobsWaitingOnOthers()
  const open = db()
    .select({ groupId: payouts.partnerGroupId, count: sql<number>`count(*)`, totalCents: sql<number>`sum(${payouts.totalCents})` })
    .from(payouts)
    .where(isNull(payouts.paidAt))
    .groupBy(payouts.partnerGroupId)
    .all()
  const groups = groupsByName()
  const empty = { count: 0, totalCents: 0 }
  const tallied = (rows: JobTally[], groupId: string) => {
    const row = rows.find((entry) => entry.group_id === groupId)
    return row ? { count: row.count, totalCents: row.total_cents } : empty
  }
  const counted = (groupId: string, approved: boolean) => {
    const row = jobs.find((entry) => entry.partnerGroupId === groupId && Boolean(entry.approved) === approved)
    const apart = tallied(approved ? disputed : rejected, groupId)
    return row ? { count: row.jobs - apart.count, totalCents: row.totalCents - apart.totalCents } : empty
  }
  return groups.map((group) => {
    const unpaid = open.find((row) => row.groupId === group.id) ?? empty
    return {
      ...group,
      waiting: counted(group.id, false),
      approved: counted(group.id, true),
      rejected: tallied(rejected, group.id),
      disputed: tallied(disputed, group.id),
      unpaidPayouts: { count: unpaid.count, totalCents: unpaid.totalCents },
    }
  })
}

type JobRow = Pick<
  Claim,
  | 'id'
  | 'confirmationCode'
  | 'completedAt'
  | 'repairType'
  | 'actualCostCents'
  | 'paymentApprovedAt'
  | 'invoiceHeldFor'
  | 'invoiceReleasedAt'
  | 'invoiceRejectedAt'
>

/** One group's jobs to approve, its approved jobs to put in a payout, and its recent payouts; null for an unknown group. */
export function groupPayouts(groupId: string) {
  const group = db().select().from(partnerGroups).where(eq(partnerGroups.id, groupId)).get()
  if (!group) return null
  const jobsWhere = (approved: boolean) =>
    and(
      eq(claims.assignedPartnerGroupId, group.id),
      isNotNull(claims.completedAt),
      isNull(claims.payoutId),
      // An approved job under dispute waits for the answer before a payout takes it.
      // A rejected invoice waits for the shop's correction, not for approval.
      approved
        ? and(isNotNull(claims.paymentApprovedAt), sql`not ${hasOpenDispute}`)
        : and(isNull(claims.paymentApprovedAt), isNull(claims.invoiceRejectedAt)),
    )
  const list = (approved: boolean): JobRow[] =>
    db()
      .select({
        id: claims.id,
        confirmationCode: claims.confirmationCode,
        completedAt: claims.completedAt,
        repairType: claims.repairType,
        actualCostCents: jobAmountCents,
        paymentApprovedAt: claims.paymentApprovedAt,
        invoiceHeldFor: claims.invoiceHeldFor,
        invoiceReleasedAt: claims.invoiceReleasedAt,
        invoiceRejectedAt: claims.invoiceRejectedAt,
      })
      .from(claims)
      .where(jobsWhere(approved))
      .orderBy(asc(claims.completedAt))
      .limit(JOBS_LISTED)
      .all()
  const recent = db()
    .select()
    .from(payouts)
    .where(eq(payouts.partnerGroupId, group.id))
    .orderBy(desc(payouts.createdAt))
    .limit(PAYOUTS_LISTED)
    .all()
  const overview = payoutOverview().find((row) => row.id === group.id)!
  return { group, waiting: list(false), approved: list(true), payouts: recent, overview }
}
