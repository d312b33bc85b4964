import { and, eq, inArray, sql } from 'drizzle-orm'

import { db, transaction } from '~/db/client.server'
import { createId } from '~/db/ids'
import { calibrationProofs, claimDocuments, claims, partnerGroups, partnerLocations, policies, vehicles } from '~/db/schema'
import {
  CALIBRATION_FILE_TYPES,
  CALIBRATION_FILES,
  CALIBRATION_REPORT_TYPES,
  type CalibrationFileType,
  type CalibrationProofFacts,
  calibrationProofGaps,
  isCalibrationFileType,
  needsCalibrationProof,
  requiredCalibrationFiles,
} from '~/domain/calibration'
import { RuleError } from '~/domain/errors'
import { CALIBRATION_MESSAGES } from '~/domain/messages'
import { MAX_UPLOAD_MB } from '~/domain/uploads'
import { decidedClaim } from '~/models/claims/claims-read.server'
import { recordAudit } from '~/models/operations/audit.server'
import { stageCalibrationReport } from '~/models/shops/shop-documents.server'
import { prepareImage } from '~/services/images.server'
import { type UploadedFile, UploadError } from '~/services/multipart.server'
import { StagedFiles } from '~/services/staged-files.server'
import { deleteStored, storedFileName } from '~/services/storage.server'
import { notFound } from '~/utils/refusal'

/**
 * The calibration proof of a job (app/domain/calibration.ts): recorded by the staff of the job's group once the job is
 * completed with a calibration, read by the owner's certificate and the vehicle's glass record, and checked before the
 * job is approved for payment.
 */

/** The proof's facts and files of a claim (null facts: none recorded). */
export function calibrationProofOf(claimId: string) {
  const proof = db().select().from(calibrationProofs).where(eq(calibrationProofs.claimId, claimId)).get() ?? null
  const files = db()
    .select()
    .from(claimDocuments)
    .where(and(eq(claimDocuments.claimId, claimId), inArray(claimDocuments.documentType, [...CALIBRATION_FILE_TYPES])))
    .all()
    .filter((file) => isCalibrationFileType(file.documentType))
  return { proof, files }
}

/** A job of the group that is completed with a calibration; another group's job (or none) is a 404. */
function calibratedJobOf(groupId: string, claimId: string) {
  const job = db()
    .select({
      id: claims.id,
      code: claims.confirmationCode,
      approvalStatus: claims.approvalStatus,
      adasCalibration: claims.adasCalibration,
      paymentApprovedAt: claims.paymentApprovedAt,
    })
    .from(claims)
    .where(and(eq(claims.id, claimId), eq(claims.assignedPartnerGroupId, groupId), decidedClaim()))
    .get()
  if (!job) notFound()
  return job
}

/** What the shop's calibration page shows: the job, the proof so far and what it still lacks. */
export function shopCalibrationView(groupId: string, claimId: string) {
  const job = calibratedJobOf(groupId, claimId)
  const { proof, files } = calibrationProofOf(job.id)
  return {
    job,
    proof,
    files,
    open: job.approvalStatus === 'completed' && needsCalibrationProof(job) && !job.paymentApprovedAt,
    gaps: calibrationProofGaps(
      job,
      proof,
      files.map((file) => file.documentType),
    ),
  }
}

/** Stages a photo of the proof; anything that is not one is refused in the proof's words. */
async function stagePhoto(staged: StagedFiles, file: UploadedFile, path: string, field: string, label: string) {
  try {
    return await staged.addImage(await prepareImage(file), path)
  } catch (error) {
    if (!(error instanceof UploadError)) throw error
    const message = error.status === 413 ? CALIBRATION_MESSAGES.tooLarge(label, MAX_UPLOAD_MB) : CALIBRATION_MESSAGES.notPhoto(label)
    throw new UploadError(field, message, error.status)
  }
}

export type RecordCalibrationInput = {
  groupId: string
  actorId: string
  claimId: string
  facts: CalibrationProofFacts
  /** The files sent, by their form field (CALIBRATION_FILES); a file not sent keeps the one recorded before. */
  files: UploadedFile[]
}

/**
 * Records (or corrects) a job's calibration proof. Every file is checked by its bytes (a scan report: a PDF that
 * passes pdfProblem, or a photo; the others: photos) before anything is written; the proof is saved only whole, with
 * every file its method needs, and a file sent replaces the one of its kind. Refused: a job not completed with a
 * calibration, or already approved for payment (its proof is then what was paid for).
 */
export async function recordCalibrationProof(input: RecordCalibrationInput, now = new Date()) {
  const job = calibratedJobOf(input.groupId, input.claimId)
  if (job.approvalStatus !== 'completed' || !needsCalibrationProof(job)) {
    throw RuleError.from(CALIBRATION_MESSAGES.notAdas, { status: 409 })
  }
  if (job.paymentApprovedAt) throw RuleError.from(CALIBRATION_MESSAGES.locked, { status: 409 })

  const errors: Record<string, string[]> = {}
  const staged = new StagedFiles()
  const stamp = now.getTime()
  const fresh: { documentType: CalibrationFileType; fileName: string; filePath: string; thumbPath: string | null }[] = []
  try {
    for (const type of CALIBRATION_FILE_TYPES) {
      const { field, label } = CALIBRATION_FILES[type]
      const file = input.files.find((sent) => sent.fieldName === field)
      if (!file) continue
      const path = `claim-documents/${job.id}/${stamp}_${type}_${createId(6)}`
      try {
        const stored = CALIBRATION_REPORT_TYPES.includes(type)
          ? await stageCalibrationReport(staged, file, path, field)
          : await stagePhoto(staged, file, path, field, label)
        fresh.push({ documentType: type, fileName: file.fileName, filePath: stored.filePath, thumbPath: stored.thumbPath })
      } catch (error) {
        if (!(error instanceof UploadError)) throw error
        ;(errors[field] ??= []).push(`${file.fileName}: ${error.message}`)
      }
    }
    const kept = calibrationProofOf(job.id).files.map((file) => file.documentType)
    for (const type of requiredCalibrationFiles(input.facts.method)) {
      const { field, label } = CALIBRATION_FILES[type]
      if (!errors[field] && !kept.includes(type) && !fresh.some((file) => file.documentType === type)) {
        errors[field] = [CALIBRATION_MESSAGES.fileRequired(label)]
      }
    }
    if (Object.keys(errors).length) {
      const [field] = Object.keys(errors)
      throw RuleError.from(
        { title: CALIBRATION_MESSAGES.correct.title, description: errors[field!]![0]! },
        { field, status: 400, fieldErrors: errors },
      )
    }

    const replaced = transaction((tx) => {
      // Decided again inside the transaction: an approval for payment racing this post wins.
      const current = tx.select({ paymentApprovedAt: claims.paymentApprovedAt }).from(claims).where(eq(claims.id, job.id)).get()!
      if (current.paymentApprovedAt) throw RuleError.from(CALIBRATION_MESSAGES.locked, { status: 409 })
      const values = { ...input.facts, recordedBy: input.actorId, updatedAt: now.toISOString() }
      tx.insert(calibrationProofs)
        .values({ claimId: job.id, ...values, createdAt: now.toISOString() })
        .onConflictDoUpdate({ target: calibrationProofs.claimId, set: values })
        .run()
      const gone: string[] = []
      for (const file of fresh) {
        const old = tx
          .delete(claimDocuments)
          .where(and(eq(claimDocuments.claimId, job.id), eq(claimDocuments.documentType, file.documentType)))
          .returning({ filePath: claimDocuments.filePath, thumbPath: claimDocuments.thumbPath })
          .all()
        gone.push(...old.flatMap((row) => [row.filePath, ...(row.thumbPath ? [row.thumbPath] : [])]))
        tx.insert(claimDocuments)
          .values({ claimId: job.id, ...file, fileName: storedFileName(file.fileName), uploadedByProfileId: input.actorId })
          .run()
      }
      recordAudit(tx, {
        actor: input.actorId,
        action: 'claim.calibration_recorded',
        entityId: job.id,
        detail: { code: job.code, method: input.facts.method, result: input.facts.result },
      })
      staged.commit()
      return gone
    })
    if (replaced.length) deleteStored(replaced)
  } finally {
    staged.discard()
  }
}

/** The jobs among these (claim rows) whose completion names a calibration without a complete, passed proof. */
export function jobsWithoutCalibrationProof(
  database: Pick<ReturnType<typeof db>, 'select'>,
  jobs: readonly { id: string; code: string; adasCalibration: CalibrationProofFacts['method'] | 'none' | null }[],
) {
  const calibrated = jobs.filter(needsCalibrationProof)
  if (!calibrated.length) return []
  const ids = calibrated.map((job) => job.id)
  const proofs = new Map(
    database
      .select()
      .from(calibrationProofs)
      .where(inArray(calibrationProofs.claimId, ids))
      .all()
      .map((proof) => [proof.claimId, proof]),
  )
  const files = database
    .select({ claimId: claimDocuments.claimId, documentType: claimDocuments.documentType })
    .from(claimDocuments)
    .where(and(inArray(claimDocuments.claimId, ids), inArray(claimDocuments.documentType, [...CALIBRATION_FILE_TYPES])))
    .all()
  return calibrated
    .filter(
      (job) =>
        calibrationProofGaps(
          job,
          proofs.get(job.id) ?? null,
          files.filter((file) => file.claimId === job.id).map((file) => file.documentType),
        ).length > 0,
    )
    .map((job) => job.code)
}

/** Which of these claims have a calibration proof recorded (the dashboard links their certificates), in one query. */
export function claimsWithCalibrationProof(claimIds: readonly string[]) {
  if (!claimIds.length) return new Set<string>()
  return new Set(
    db()
      .select({ claimId: calibrationProofs.claimId })
      .from(calibrationProofs)
      .where(inArray(calibrationProofs.claimId, [...claimIds]))
      .all()
      .map((row) => row.claimId),
  )
}

/**
 * The calibration certificate of a claim for a signed-in customer: whoever filed the claim, or owns the claim's
 * policy now (the vehicle's next owner too: the certificate holds no personal data, only the vehicle, the shop and the
 * work). Anyone else, or a claim with no proof recorded, is a 404.
 */
export function calibrationCertificate(profileId: string, claimId: string) {
  const row = db()
    .select({
      claimId: claims.id,
      code: claims.confirmationCode,
      ownerId: policies.profileId,
      filedBy: claims.filedByProfileId,
      completedAt: claims.completedAt,
      adasCalibration: claims.adasCalibration,
      partNumber: claims.partNumber,
      year: vehicles.year,
      make: vehicles.make,
      model: vehicles.model,
      vin: vehicles.vin,
      groupName: partnerGroups.name,
      locationName: partnerLocations.name,
    })
    .from(claims)
    .innerJoin(policies, eq(policies.id, claims.policyId))
    // The claim's own vehicle: a transfer after filing leaves the claim on the vehicle it was filed for.
    .leftJoin(vehicles, eq(vehicles.id, sql`coalesce(${claims.vehicleId}, ${policies.vehicleId})`))
    .leftJoin(partnerGroups, eq(partnerGroups.id, claims.assignedPartnerGroupId))
    .leftJoin(partnerLocations, eq(partnerLocations.id, claims.chosenLocationId))
    .where(eq(claims.id, claimId))
    .get()
  if (!row || (row.ownerId !== profileId && row.filedBy !== profileId)) notFound()
  const { proof, files } = calibrationProofOf(row.claimId)
  if (!proof || !row.completedAt) notFound()
  return {
    code: row.code,
    completedAt: row.completedAt,
    vehicle: row.year ? { year: row.year, make: row.make!, model: row.model!, vin: row.vin } : null,
    shop: row.locationName ?? row.groupName,
    partNumber: row.partNumber,
    proof: {
      method: proof.method,
      toolMake: proof.toolMake,
      toolSerial: proof.toolSerial,
      technicianName: proof.technicianName,
      result: proof.result,
      recordedAt: proof.updatedAt,
    },
    complete:
      calibrationProofGaps(
        row,
        proof,
        files.map((file) => file.documentType),
      ).length === 0,
    files: CALIBRATION_FILE_TYPES.flatMap((type) => files.filter((file) => file.documentType === type)),
  }
}

export type CalibrationCertificate = ReturnType<typeof calibrationCertificate>
