import { and, asc, desc, eq, inArray } from 'drizzle-orm'

import { type Db, db, transaction } from '~/db/client.server'
import { claimDocuments, claims, invoiceDisputeFiles, invoiceDisputes, invoiceSubmissions, policies } from '~/db/schema'
import { RuleError } from '~/domain/errors'
import { calibrationRequired, type InvoiceColumns, invoiceLines, SHOP_FILE_FIELDS } from '~/domain/invoice'
import {
  INVOICE_CORRECTION_FILES,
  INVOICE_FIELD_MESSAGES,
  INVOICE_REJECTION_REASONS,
  INVOICE_REVIEW_MESSAGES,
  type InvoiceRejectionReason,
  TOO_MANY_REPAIR_PHOTOS,
} from '~/domain/messages'
import { shopJobPath } from '~/domain/paths'
import { heldInvoiceService } from '~/domain/payouts'
import { MAX_REPAIR_PHOTOS } from '~/domain/uploads'
import { vehicleName } from '~/domain/vehicles'
import { invoiceRejectedEmail } from '~/emails/invoice-review'
import { env } from '~/env.server'
import { tellTheShop } from '~/models/claims/claims.server'
import { recordAudit } from '~/models/operations/audit.server'
import { priceOfJob } from '~/models/shops/price-schedule.server'
import { stageShopFiles, storeShopDocuments } from '~/models/shops/shop-documents.server'
import type { UploadedFile } from '~/services/multipart.server'
import { StagedFiles } from '~/services/staged-files.server'
import { notFound } from '~/utils/refusal'

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
        filesHint: INVOICE_CORRECTION_FILES.filesHint[input.reason] ?? null,
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

/** Refuses a correction of an invoice that is not rejected (already corrected, or never rejected). */
function assertRejected(claim: { invoiceRejectedAt: string | null }) {
  if (!claim.invoiceRejectedAt) {
    throw RuleError.from(
      { ...INVOICE_REVIEW_MESSAGES.correct, description: INVOICE_REVIEW_MESSAGES.notRejected },
      { field: 'form', status: 409 },
    )
  }
}

/** The files a correction may bring, each optional: a new invoice photo, a calibration report, more repair photos. */
export type CorrectionFiles = { invoice: UploadedFile | null; calibrationReport: UploadedFile | null; repairPhotos: UploadedFile[] }

const NO_FILES: CorrectionFiles = { invoice: null, calibrationReport: null, repairPhotos: [] }

/**
 * The shop corrects its rejected invoice and sends it again: the claim's invoice columns take the new values, the
 * rejection is cleared, a new submission waits for the operator, and the ceiling's hold is decided again on the new
 * total. A calibration is required after a replacement on a plan with ADAS, and needs a report on file or sent now.
 *
 * The files sent with it are checked like the completion's (shop-documents.server) and become the claim's documents
 * in the same transaction as the submission: a refused file or a refused correction keeps nothing. A new invoice photo
 * does not replace the earlier one's row; the operator's review reads the newest first (latestInvoiceFirst, domain/invoice).
 */
export async function resubmitInvoice(
  input: { groupId: string; claimId: string; actorId: string; fields: InvoiceColumns; files?: CorrectionFiles },
  now = new Date(),
) {
  // Refused before any file is checked: another group's job (a 404), or an invoice with nothing to correct.
  assertRejected(groupJob(db(), input.groupId, input.claimId).claim)
  const files = input.files ?? NO_FILES
  if (files.repairPhotos.length > MAX_REPAIR_PHOTOS) {
    throw RuleError.from(TOO_MANY_REPAIR_PHOTOS, { field: SHOP_FILE_FIELDS.repair_photo, status: 413 })
  }
  const calibration = input.fields.adasCalibration ?? 'none'
  const staged = new StagedFiles()
  try {
    const errors: Record<string, string[]> = {}
    let status = 400
    const fresh = await stageShopFiles(
      staged,
      {
        claimId: input.claimId,
        now,
        invoice: files.invoice,
        repairPhotos: files.repairPhotos,
        // As at completion, a report is kept only with a calibration to report.
        calibrationReport: calibration === 'none' ? null : files.calibrationReport,
      },
      (field, message, refusedWith) => {
        if (!Object.keys(errors).length) status = refusedWith
        ;(errors[field] ??= []).push(message)
      },
    )
    if (Object.keys(errors).length) {
      const fields = Object.keys(errors)
      throw RuleError.from(
        { ...INVOICE_REVIEW_MESSAGES.correct, description: fields.flatMap((field) => errors[field]!).join(' ') },
        { field: fields[0], status, fieldErrors: errors },
      )
    }
    const submission = transaction((tx) => {
      // Decided again inside the transaction: a second post (or a double click) may have corrected it meanwhile.
      const { claim, planHasAdas, vehicleType } = groupJob(tx, input.groupId, input.claimId)
      assertRejected(claim)
      const repairType = claim.repairType ?? 'repair'
      if (calibrationRequired({ planHasAdas, repairType }) && calibration === 'none') {
        throw RuleError.from(
          { ...INVOICE_REVIEW_MESSAGES.correct, description: INVOICE_FIELD_MESSAGES.calibrationRequired },
          { field: 'adasCalibration' },
        )
      }
      const hasCalibrationReport =
        fresh.some((file) => file.documentType === 'calibration_report') ||
        Boolean(
          tx
            .select({ id: claimDocuments.id })
            .from(claimDocuments)
            .where(and(eq(claimDocuments.claimId, claim.id), eq(claimDocuments.documentType, 'calibration_report')))
            .get(),
        )
      if (calibration !== 'none' && !hasCalibrationReport) {
        throw RuleError.from(
          { ...INVOICE_REVIEW_MESSAGES.correct, description: INVOICE_FIELD_MESSAGES.calibrationReportRequired },
          { field: SHOP_FILE_FIELDS.calibration_report },
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
      storeShopDocuments(tx, { claimId: claim.id, policyId: claim.policyId, files: fresh, uploadedBy: input.actorId })
      const row = recordSubmission(tx, { claimId: claim.id, actor: input.actorId, fields: input.fields, now })
      recordAudit(tx, {
        actor: input.actorId,
        action: 'claim.invoice_resubmitted',
        entityId: claim.id,
        detail: {
          code: claim.confirmationCode,
          submission: row.number,
          ...input.fields,
          ...(fresh.length ? { documents: fresh.map((file) => file.documentType) } : {}),
        },
      })
      staged.commit()
      return row
    })
    return submission
  } catch (error) {
    staged.discard()
    throw error
  }
}

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
      /** The reason's key, for what follows from it (the files a correction may send). */
      reasonKey: row.reason as InvoiceRejectionReason | null,
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
