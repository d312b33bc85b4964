import { and, asc, desc, eq, inArray } from 'drizzle-orm'

import { type Db, db, transaction } from '~/db/client.server'
import { claims, invoiceDisputeFiles, invoiceDisputes, invoiceSubmissions, policies } from '~/db/schema'
import { RuleError } from '~/domain/errors'
import { calibrationRequired, type InvoiceColumns, invoiceLines } from '~/domain/invoice'
import { INVOICE_FIELD_MESSAGES, INVOICE_REJECTION_REASONS, INVOICE_REVIEW_MESSAGES, type InvoiceRejectionReason } from '~/domain/messages'
import { shopJobPath } from '~/domain/paths'
import { heldInvoiceService } from '~/domain/payouts'
import { vehicleName } from '~/domain/vehicles'
import { invoiceRejectedEmail } from '~/emails/invoice-review'
import { env } from '~/env.server'
import { notFound } from '~/utils/refusal'

import { recordAudit } from './audit.server'
import { tellTheShop } from './claims.server'
import { priceOfJob } from './price-schedule.server'

/**
 * The life of a shop's invoice after completion: each submission kept (invoice_submissions), the operator's rejection
 * with a typed reason and a note, and the shop's correction of the same invoice. Accepting is approving the job for
 * payment (payouts.server's approveJobsForPayment), which settles the submission waiting.
 */

/** The invoice's columns of a claims row, as a submission keeps them. */
export function invoiceColumnsOfClaim(claim: InvoiceColumns): InvoiceColumns {
  return {
    partNumber: claim.partNumber,
    laborHours: claim.laborHours,
    kitMoulding: claim.kitMoulding,
    adasCalibration: claim.adasCalibration,
    actualCostCents: claim.actualCostCents,
  }
}

/** Keeps one more submission of the claim's invoice (1 at completion, then one per correction). */
export function recordSubmission(tx: Db, input: { claimId: string; actor: string | null; fields: InvoiceColumns; now: Date }) {
  const last = tx
    .select({ number: invoiceSubmissions.number })
    .from(invoiceSubmissions)
    .where(eq(invoiceSubmissions.claimId, input.claimId))
    .orderBy(desc(invoiceSubmissions.number))
    .limit(1)
    .get()
  return tx
    .insert(invoiceSubmissions)
    .values({
      claimId: input.claimId,
      number: (last?.number ?? 0) + 1,
      fields: input.fields,
      submittedBy: input.actor,
      submittedAt: input.now.toISOString(),
    })
    .returning()
    .get()
}

/**
 * The operator's answer on the submission waiting for one. A job completed before submissions were kept has none:
 * its invoice as it stands becomes submission 1, so its history starts with the answer.
 */
export function settleSubmission(
  tx: Db,
  input: { claimId: string; outcome: 'accepted' | 'rejected'; actorId: string; reason?: string; note?: string; now: Date },
) {
  let waiting = tx
    .select()
    .from(invoiceSubmissions)
    .where(and(eq(invoiceSubmissions.claimId, input.claimId), eq(invoiceSubmissions.outcome, 'pending')))
    .orderBy(desc(invoiceSubmissions.number))
    .limit(1)
    .get()
  if (!waiting) {
    const claim = tx.select().from(claims).where(eq(claims.id, input.claimId)).get()!
    waiting = recordSubmission(tx, {
      claimId: claim.id,
      actor: null,
      fields: invoiceColumnsOfClaim(claim),
      now: new Date(claim.completedAt ?? input.now.toISOString()),
    })
  }
  tx.update(invoiceSubmissions)
    .set({
      outcome: input.outcome,
      reason: input.reason ?? null,
      note: input.note ?? null,
      decidedBy: input.actorId,
      decidedAt: input.now.toISOString(),
    })
    .where(eq(invoiceSubmissions.id, waiting.id))
    .run()
}

/**
 * The operator rejects a completed job's invoice with a typed reason and a note: the job waits for the shop's
 * correction (it cannot be accepted meanwhile). Only an invoice still waiting for an answer can be: not one accepted,
 * in a payout, or already rejected.
 */
export function rejectInvoice(input: { claimId: string; actorId: string; reason: InvoiceRejectionReason; note: string }, now = new Date()) {
  return transaction((tx) => {
    const claim = tx.select().from(claims).where(eq(claims.id, input.claimId)).get()
    if (!claim) notFound()
    if (!claim.completedAt || claim.paymentApprovedAt || claim.payoutId || claim.invoiceRejectedAt) {
      throw RuleError.from(
        { ...INVOICE_REVIEW_MESSAGES.correct, description: INVOICE_REVIEW_MESSAGES.notRejectable },
        {
          field: 'reason',
          status: 409,
        },
      )
    }
    tx.update(claims).set({ invoiceRejectedAt: now.toISOString(), updatedAt: now.toISOString() }).where(eq(claims.id, claim.id)).run()
    settleSubmission(tx, { claimId: claim.id, outcome: 'rejected', actorId: input.actorId, reason: input.reason, note: input.note, now })
    recordAudit(tx, {
      actor: input.actorId,
      action: 'claim.invoice_rejected',
      entityId: claim.id,
      detail: { code: claim.confirmationCode, reason: input.reason, note: input.note },
    })
    return claim
  })
}

/** Tells the shop its invoice was rejected, with the reason and the operator's note, and where to correct it. */
export function tellShopInvoiceRejected(input: { claimId: string; actorId: string; reason: InvoiceRejectionReason; note: string }) {
  return tellTheShop(input.claimId, input.actorId, {
    tag: 'invoice-rejected',
    about: 'invoice rejected',
    compose: ({ claim, partnerGroup, vehicle }) =>
      invoiceRejectedEmail({
        partnerGroup: partnerGroup.name,
        code: claim.confirmationCode,
        vehicle: vehicle ? vehicleName(vehicle) : 'vehicle not recorded',
        reason: INVOICE_REJECTION_REASONS[input.reason],
        note: input.note,
        jobUrl: `${env().APP_URL}${shopJobPath(claim.id)}`,
        supportEmail: env().SUPPORT_EMAIL,
      }),
  })
}

/** A completed job of the group, with its plan's ADAS; another group's (or none) is a 404. */
function groupJob(database: Db, groupId: string, claimId: string) {
  const row = database
    .select({ claim: claims, planHasAdas: policies.hasAdas, vehicleType: policies.vehicleType })
    .from(claims)
    .innerJoin(policies, eq(policies.id, claims.policyId))
    .where(and(eq(claims.id, claimId), eq(claims.assignedPartnerGroupId, groupId), eq(claims.approvalStatus, 'completed')))
    .get()
  if (!row) notFound()
  return row
}

/**
 * The shop corrects its rejected invoice and sends it again: the claim's invoice columns take the new values, the
 * rejection is cleared, a new submission waits for the operator, and the ceiling's hold is decided again on the new
 * total. A calibration is required after a replacement on a plan with ADAS, and needs a report on file.
 */
export function resubmitInvoice(
  input: { groupId: string; claimId: string; actorId: string; fields: InvoiceColumns; hasCalibrationReport: boolean },
  now = new Date(),
) {
  return transaction((tx) => {
    const { claim, planHasAdas, vehicleType } = groupJob(tx, input.groupId, input.claimId)
    if (!claim.invoiceRejectedAt) {
      throw RuleError.from(
        { ...INVOICE_REVIEW_MESSAGES.correct, description: INVOICE_REVIEW_MESSAGES.notRejected },
        {
          field: 'form',
          status: 409,
        },
      )
    }
    const calibration = input.fields.adasCalibration ?? 'none'
    const repairType = claim.repairType ?? 'repair'
    if (calibrationRequired({ planHasAdas, repairType }) && calibration === 'none') {
      throw RuleError.from(
        { ...INVOICE_REVIEW_MESSAGES.correct, description: INVOICE_FIELD_MESSAGES.calibrationRequired },
        { field: 'adasCalibration' },
      )
    }
    if (calibration !== 'none' && !input.hasCalibrationReport) {
      throw RuleError.from(
        { ...INVOICE_REVIEW_MESSAGES.correct, description: INVOICE_FIELD_MESSAGES.calibrationReportRequired },
        { field: 'calibrationReport' },
      )
    }
    // Priced again under the same version (a calibration added or dropped changes the lines, never the version): a job
    // priced by no schedule at completion stays so.
    const priced = claim.priceScheduleId
      ? priceOfJob(
          claim,
          { repairType, vehicleType, hasAdas: Boolean(planHasAdas), adasCalibration: calibration, mobile: claim.serviceAt === 'mobile' },
          now,
          tx,
        )
      : { priceCents: null }
    const heldFor = heldInvoiceService({
      repairType,
      vehicleType,
      adasCalibration: calibration,
      actualCostCents: input.fields.actualCostCents,
      priceCents: priced.priceCents,
    })
    const stillReleased = heldFor !== null && heldFor === claim.invoiceHeldFor && claim.invoiceReleasedAt !== null
    tx.update(claims)
      .set({
        ...input.fields,
        invoiceRejectedAt: null,
        invoiceHeldFor: heldFor,
        scheduledPriceCents: priced.priceCents,
        invoiceReleasedAt: stillReleased ? claim.invoiceReleasedAt : null,
        invoiceReleasedBy: stillReleased ? claim.invoiceReleasedBy : null,
        updatedAt: now.toISOString(),
      })
      .where(eq(claims.id, claim.id))
      .run()
    const submission = recordSubmission(tx, { claimId: claim.id, actor: input.actorId, fields: input.fields, now })
    recordAudit(tx, {
      actor: input.actorId,
      action: 'claim.invoice_resubmitted',
      entityId: claim.id,
      detail: { code: claim.confirmationCode, submission: submission.number, ...input.fields },
    })
    return submission
  })
}

export type InvoiceHistoryEntry = ReturnType<typeof invoiceHistory>['submissions'][number]

/**
 * A job's invoice history for both sides: each submission with its fields in words and the operator's answer (the
 * reason in words), newest first, and the disputes with their files.
 */
export function invoiceHistory(claimId: string) {
  const submissions = db()
    .select()
    .from(invoiceSubmissions)
    .where(eq(invoiceSubmissions.claimId, claimId))
    .orderBy(desc(invoiceSubmissions.number))
    .all()
    .map((row) => ({
      id: row.id,
      number: row.number,
      submittedAt: row.submittedAt,
      outcome: row.outcome,
      reason: row.reason ? (INVOICE_REJECTION_REASONS[row.reason as InvoiceRejectionReason] ?? row.reason) : null,
      note: row.note,
      decidedAt: row.decidedAt,
      lines: invoiceLines(row.fields as unknown as InvoiceColumns).filter((line) => line.shown),
    }))
  const disputes = db()
    .select()
    .from(invoiceDisputes)
    .where(eq(invoiceDisputes.claimId, claimId))
    .orderBy(desc(invoiceDisputes.openedAt))
    .all()
  const files = disputes.length
    ? db()
        .select()
        .from(invoiceDisputeFiles)
        .where(
          inArray(
            invoiceDisputeFiles.disputeId,
            disputes.map((dispute) => dispute.id),
          ),
        )
        .orderBy(asc(invoiceDisputeFiles.createdAt))
        .all()
    : []
  return {
    submissions,
    disputes: disputes.map((dispute) => ({ ...dispute, files: files.filter((file) => file.disputeId === dispute.id) })),
  }
}
