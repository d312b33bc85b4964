import { and, asc, eq, isNull } from 'drizzle-orm'

import { db, transaction } from '~/db/client.server'
import { createId } from '~/db/ids'
import { type Claim, claims, type InvoiceDispute, invoiceDisputeFiles, invoiceDisputes, partnerGroups, payouts } from '~/db/schema'
import { RuleError } from '~/domain/errors'
import { formatLongDate, formatPrice } from '~/domain/format'
import {
  DISPUTE_FILES_FIELD,
  DISPUTE_KIND_NAMES,
  disputeAnswerDue,
  type DisputeKind,
  type DisputeOutcome,
  isDisputeOverdue,
  MAX_DISPUTE_FILES,
} from '~/domain/invoice'
import { DISPUTE_MESSAGES } from '~/domain/messages'
import { adminClaimPath, shopJobPath } from '~/domain/paths'
import { MAX_UPLOAD_MB } from '~/domain/uploads'
import { disputeAnsweredEmail, disputeOpenedEmail } from '~/emails/invoice-review'
import { env } from '~/env.server'
import { operatorAddresses, tellTheShop } from '~/models/claims/claims.server'
import { recordAudit } from '~/models/operations/audit.server'
import { settleSubmission } from '~/models/shops/invoice-review.server'
import { stagePdfOrPhoto } from '~/models/shops/shop-documents.server'
import { sendEmail } from '~/services/email.server'
import { type UploadedFile } from '~/services/multipart.server'
import { StagedFiles } from '~/services/staged-files.server'
import { storedFileName } from '~/services/storage.server'
import { notFound } from '~/utils/refusal'

/**
 * Disputes: a shop disputes its rejected invoice or a short-pay with a message and files; the operator answers within
 * DISPUTE_ANSWER_BUSINESS_DAYS business days, and an upheld dispute changes what the job pays. A job with an open
 * dispute stays out of payouts (payouts.server's hasOpenDispute); a job in a payout cannot be disputed.
 */

const refuse = (description: string, field = 'message', status = 409) =>
  RuleError.from({ ...DISPUTE_MESSAGES.correct, description }, { field, status })

/** What the shop may dispute on this job now: its kind, or why not. */
export function disputeStanding(
  claim: {
    invoiceRejectedAt: string | null
    acceptedCostCents: number | null
    actualCostCents: number | null
    payoutId: string | null
  },
  payout: { paidAt: string | null; reference: string | null } | null,
  open: boolean,
): { kind: DisputeKind; refusal: null } | { kind: null; refusal: string } {
  if (claim.payoutId) {
    return { kind: null, refusal: payout?.paidAt ? DISPUTE_MESSAGES.paid(payout.reference ?? '') : DISPUTE_MESSAGES.inPayout }
  }
  if (open) return { kind: null, refusal: DISPUTE_MESSAGES.alreadyOpen }
  if (claim.invoiceRejectedAt) return { kind: 'rejection', refusal: null }
  if (claim.acceptedCostCents !== null && claim.acceptedCostCents < (claim.actualCostCents ?? 0))
    return { kind: 'short_pay', refusal: null }
  return { kind: null, refusal: DISPUTE_MESSAGES.nothingToDispute }
}

/** A group's completed job, its payout and whether a dispute of it is open; another group's (or none) is a 404. */
function jobForDispute(groupId: string, claimId: string) {
  const row = db()
    .select({ claim: claims, payout: { paidAt: payouts.paidAt, reference: payouts.reference } })
    .from(claims)
    .leftJoin(payouts, eq(payouts.id, claims.payoutId))
    .where(and(eq(claims.id, claimId), eq(claims.assignedPartnerGroupId, groupId), eq(claims.approvalStatus, 'completed')))
    .get()
  if (!row) notFound()
  return { ...row, open: hasOpenDisputeOf(claimId) }
}

function hasOpenDisputeOf(claimId: string) {
  return Boolean(
    db()
      .select({ id: invoiceDisputes.id })
      .from(invoiceDisputes)
      .where(and(eq(invoiceDisputes.claimId, claimId), isNull(invoiceDisputes.answeredAt)))
      .get(),
  )
}

/** The shop's page: whether it may dispute the job now (and why not). */
export function disputeStandingOf(groupId: string, claimId: string) {
  const { claim, payout, open } = jobForDispute(groupId, claimId)
  return disputeStanding(claim, payout, open)
}

/** A dispute's file: a PDF kept as sent, or a photo prepared like the others (stagePdfOrPhoto). */
function stageFile(staged: StagedFiles, file: UploadedFile, pathWithoutExt: string) {
  return stagePdfOrPhoto(staged, file, pathWithoutExt, {
    field: DISPUTE_FILES_FIELD,
    tooLarge: DISPUTE_MESSAGES.fileTooLarge(MAX_UPLOAD_MB),
    pdfRefused: () => `${file.fileName}: ${DISPUTE_MESSAGES.fileRefused}`,
    notPdfOrPhoto: `${file.fileName}: ${DISPUTE_MESSAGES.fileNotPdfOrPhoto}`,
  })
}

/**
 * The shop disputes its job's rejection or short-pay. Refused with the reason for a job in a payout (a paid one names
 * its bank reference), with nothing to dispute, or with a dispute already open. Files are stored before the rows.
 */
export async function openDispute(
  input: { groupId: string; claimId: string; actorId: string; message: string; files: UploadedFile[] },
  now = new Date(),
) {
  const job = jobForDispute(input.groupId, input.claimId)
  const standing = disputeStanding(job.claim, job.payout, job.open)
  if (!standing.kind) throw refuse(standing.refusal)
  if (input.files.length > MAX_DISPUTE_FILES) throw refuse(DISPUTE_MESSAGES.tooManyFiles(MAX_DISPUTE_FILES), DISPUTE_FILES_FIELD, 413)
  const staged = new StagedFiles()
  try {
    const stored: { fileName: string; filePath: string; thumbPath: string | null }[] = []
    for (const file of input.files) {
      const path = `dispute-files/${job.claim.id}/${now.getTime()}_${createId(6)}`
      stored.push({ fileName: storedFileName(file.fileName), ...(await stageFile(staged, file, path)) })
    }
    const dispute = transaction((tx) => {
      // Decided again inside the transaction: a payout or a second dispute may have come meanwhile.
      const claim = tx.select().from(claims).where(eq(claims.id, job.claim.id)).get()!
      const payout = claim.payoutId ? (tx.select().from(payouts).where(eq(payouts.id, claim.payoutId)).get() ?? null) : null
      const again = disputeStanding(claim, payout, hasOpenDisputeOf(claim.id))
      if (!again.kind) throw refuse(again.refusal)
      const row = tx
        .insert(invoiceDisputes)
        .values({
          claimId: claim.id,
          kind: again.kind,
          message: input.message,
          openedBy: input.actorId,
          openedAt: now.toISOString(),
          answerDueAt: disputeAnswerDue(now).toISOString(),
        })
        .returning()
        .get()
      for (const file of stored)
        tx.insert(invoiceDisputeFiles)
          .values({ disputeId: row.id, ...file })
          .run()
      recordAudit(tx, {
        actor: input.actorId,
        action: 'claim.dispute_opened',
        entityId: claim.id,
        detail: { code: claim.confirmationCode, kind: again.kind, files: stored.length, answerDueAt: row.answerDueAt },
      })
      staged.commit()
      return row
    })
    const dueOn = formatLongDate(dispute.answerDueAt)
    await tellOperatorOfDispute(dispute, job.claim, dueOn)
    return { dispute, dueOn }
  } finally {
    staged.discard()
  }
}

/** The operator's e-mail about a new dispute: whose, of what, the shop's words and the day the answer is due. */
async function tellOperatorOfDispute(
  dispute: InvoiceDispute,
  claim: Pick<Claim, 'id' | 'confirmationCode' | 'assignedPartnerGroupId'>,
  dueOn: string,
) {
  const group = db()
    .select({ name: partnerGroups.name })
    .from(partnerGroups)
    .where(eq(partnerGroups.id, claim.assignedPartnerGroupId!))
    .get()
  const message = await disputeOpenedEmail({
    partnerGroup: group?.name ?? 'A partner shop',
    code: claim.confirmationCode,
    kind: DISPUTE_KIND_NAMES[dispute.kind],
    message: dispute.message,
    dueOn,
    claimUrl: `${env().APP_URL}${adminClaimPath(claim.id)}`,
  })
  for (const to of operatorAddresses()) await sendEmail({ to, ...message, tag: 'invoice-dispute-operator' })
}

/** Tells the shop the operator's answer to its dispute: the outcome, what the job pays when that changed, and the words. */
export function tellShopDisputeAnswered(answered: InvoiceDispute, actorId: string) {
  return tellTheShop(answered.claimId, actorId, {
    tag: 'invoice-dispute-answered',
    about: 'dispute answered',
    compose: ({ claim, partnerGroup }) =>
      disputeAnsweredEmail({
        partnerGroup: partnerGroup.name,
        code: claim.confirmationCode,
        kind: DISPUTE_KIND_NAMES[answered.kind],
        upheld: answered.outcome === 'upheld',
        accepted: answered.acceptedCostCents === null ? null : formatPrice(answered.acceptedCostCents),
        answer: answered.answer ?? '',
        jobUrl: `${env().APP_URL}${shopJobPath(claim.id)}`,
      }),
  })
}

/**
 * The operator answers a dispute. Upheld, a rejection's invoice is accepted as it stands (approved for payment), and a
 * short-pay's amount is raised to `acceptedCents` (the whole invoice when none is given); refused, nothing changes. A
 * second answer is refused.
 */
export function answerDispute(
  input: { disputeId: string; actorId: string; outcome: DisputeOutcome; answer: string; acceptedCents?: number | null },
  now = new Date(),
) {
  return transaction((tx) => {
    const dispute = tx.select().from(invoiceDisputes).where(eq(invoiceDisputes.id, input.disputeId)).get()
    if (!dispute) notFound()
    if (dispute.answeredAt) throw refuse(DISPUTE_MESSAGES.notOpen, 'outcome')
    const claim = tx.select().from(claims).where(eq(claims.id, dispute.claimId)).get()!
    let acceptedCents: number | null = null
    if (input.outcome === 'upheld' && dispute.kind === 'short_pay') {
      const invoiced = claim.actualCostCents ?? 0
      const amount = input.acceptedCents ?? invoiced
      if (amount > invoiced || amount < (claim.acceptedCostCents ?? 0)) throw refuse(DISPUTE_MESSAGES.amount, 'acceptedAmount', 400)
      acceptedCents = amount
      tx.update(claims)
        .set({ acceptedCostCents: amount < invoiced ? amount : null, updatedAt: now.toISOString() })
        .where(eq(claims.id, claim.id))
        .run()
    }
    if (input.outcome === 'upheld' && dispute.kind === 'rejection' && claim.invoiceRejectedAt) {
      tx.update(claims)
        .set({
          invoiceRejectedAt: null,
          paymentApprovedAt: claim.paymentApprovedAt ?? now.toISOString(),
          paymentApprovedBy: claim.paymentApprovedBy ?? input.actorId,
          updatedAt: now.toISOString(),
        })
        .where(eq(claims.id, claim.id))
        .run()
      // The rejected submission stands in the history; the one now accepted is the same invoice, sent again by the answer.
      settleSubmission(tx, { claimId: claim.id, outcome: 'accepted', actorId: input.actorId, note: input.answer, now })
    }
    const answered = tx
      .update(invoiceDisputes)
      .set({
        outcome: input.outcome,
        answer: input.answer,
        acceptedCostCents: acceptedCents,
        answeredBy: input.actorId,
        answeredAt: now.toISOString(),
      })
      .where(and(eq(invoiceDisputes.id, dispute.id), isNull(invoiceDisputes.answeredAt)))
      .returning()
      .get()
    if (!answered) throw refuse(DISPUTE_MESSAGES.notOpen, 'outcome')
    recordAudit(tx, {
      actor: input.actorId,
      action: 'claim.dispute_answered',
      entityId: claim.id,
      detail: { code: claim.confirmationCode, kind: dispute.kind, outcome: input.outcome, acceptedCents },
    })
    return answered
  })
}

/** The operator's queue of open disputes, the nearest deadline first, each flagged when overdue. */
export function openDisputes(now = new Date()) {
  return db()
    .select({
      id: invoiceDisputes.id,
      claimId: invoiceDisputes.claimId,
      kind: invoiceDisputes.kind,
      openedAt: invoiceDisputes.openedAt,
      answerDueAt: invoiceDisputes.answerDueAt,
      answeredAt: invoiceDisputes.answeredAt,
      code: claims.confirmationCode,
      group: partnerGroups.name,
    })
    .from(invoiceDisputes)
    .innerJoin(claims, eq(claims.id, invoiceDisputes.claimId))
    .leftJoin(partnerGroups, eq(partnerGroups.id, claims.assignedPartnerGroupId))
    .where(isNull(invoiceDisputes.answeredAt))
    .orderBy(asc(invoiceDisputes.answerDueAt))
    .all()
    .map((row) => ({ ...row, overdue: isDisputeOverdue(row, now) }))
}
