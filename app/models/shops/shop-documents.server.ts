import { type Db } from '~/db/client.server'
import { createId } from '~/db/ids'
import { claimDocuments } from '~/db/schema'
import { SHOP_FILE_FIELDS, type ShopDocumentType } from '~/domain/invoice'
import { INVOICE_FIELD_MESSAGES } from '~/domain/messages'
import { MAX_UPLOAD_BYTES, MAX_UPLOAD_MB } from '~/domain/uploads'
import { indexPhoto } from '~/models/claims/photo-integrity.server'
import { prepareImage } from '~/services/images.server'
import { type UploadedFile, UploadError, uploadHead } from '~/services/multipart.server'
import { type PdfProblem, pdfProblem } from '~/services/pdfs.server'
import type { StagedFiles } from '~/services/staged-files.server'
import { storedFileName } from '~/services/storage.server'

/**
 * The shop's files of a job (its invoice, repair photos and calibration report): checked and staged the one way, and
 * recorded as the claim's documents the one way, whether they come with the completion (claim-shop.server) or with
 * the correction of a rejected invoice (invoice-review.server).
 */

export type ShopFile = {
  documentType: ShopDocumentType
  filePath: string
  thumbPath: string | null
  fileName: string
  /** A photo's hash and EXIF facts (images.server photoFacts); none on a PDF. */
  phash?: string | null
  orientedHashes?: string | null
  capturedAt?: string | null
  camera?: string | null
}

/** The shop's files of a form, each from its field (SHOP_FILE_FIELDS): the invoice photo, repair photos and report. */
export function shopFilesOf(files: UploadedFile[]) {
  const one = (type: ShopDocumentType) => files.find((file) => file.fieldName === SHOP_FILE_FIELDS[type]) ?? null
  return {
    invoice: one('invoice'),
    repairPhotos: files.filter((file) => file.fieldName === SHOP_FILE_FIELDS.repair_photo),
    calibrationReport: one('calibration_report'),
  }
}

/** What a file that may be a PDF or a photo is refused with, in its form's words, next to `field`. */
export type PdfOrPhotoRefusals = {
  field: string
  tooLarge: string
  pdfRefused: (problem: PdfProblem) => string
  notPdfOrPhoto: string
}

/**
 * Stages a file that may be a PDF or a photo (a calibration report, a dispute's file): a PDF (it must start as one,
 * whatever its name or type says) is kept as sent once its structure passes pdfProblem (nothing that runs, nothing
 * inside, no HTML), under the upload limit a photo has; anything else must be a photo, prepared like the others. An
 * UploadError tells the shop what is wrong, in `refusals`' words.
 */
export async function stagePdfOrPhoto(staged: StagedFiles, file: UploadedFile, pathWithoutExt: string, refusals: PdfOrPhotoRefusals) {
  if (uploadHead(file).subarray(0, 5).toString('latin1') === '%PDF-') {
    if (file.bytes.length > MAX_UPLOAD_BYTES) throw new UploadError(refusals.field, refusals.tooLarge, 413)
    const problem = await pdfProblem(file.bytes)
    if (problem) throw new UploadError(refusals.field, refusals.pdfRefused(problem), 400)
    const filePath = `${pathWithoutExt}.pdf`
    await staged.add(filePath, file.bytes)
    return { filePath, thumbPath: null }
  }
  try {
    return await staged.addImage(await prepareImage(file), pathWithoutExt)
  } catch (error) {
    if (!(error instanceof UploadError)) throw error
    throw new UploadError(refusals.field, refusals.notPdfOrPhoto, error.status)
  }
}

/** Stages a calibration report (a PDF or a photo), refused next to `field`: the completion's report, or a proof's scan. */
export function stageCalibrationReport(
  staged: StagedFiles,
  file: UploadedFile,
  pathWithoutExt: string,
  field: string = SHOP_FILE_FIELDS.calibration_report,
) {
  return stagePdfOrPhoto(staged, file, pathWithoutExt, {
    field,
    tooLarge: INVOICE_FIELD_MESSAGES.calibrationReportTooLarge(MAX_UPLOAD_MB),
    pdfRefused: (problem) => INVOICE_FIELD_MESSAGES.calibrationReportRefused[problem],
    notPdfOrPhoto: INVOICE_FIELD_MESSAGES.calibrationReportNotPdf,
  })
}

/**
 * Checks and stages the shop's files of a claim: the invoice and repair photos as photos (prepareImage), the report
 * as a PDF or a photo. A file refused is told to `problem` under its field (with its name and its status) and left
 * out; the others are returned, staged (nothing visible until the caller commits them with its rows).
 */
export async function stageShopFiles(
  staged: StagedFiles,
  input: { claimId: string; now: Date; invoice: UploadedFile | null; repairPhotos: UploadedFile[]; calibrationReport: UploadedFile | null },
  problem: (field: string, message: string, status: number) => void,
): Promise<ShopFile[]> {
  const stamp = input.now.getTime()
  const label = (type: string) => `claim-documents/${input.claimId}/${stamp}_${type}_${createId(6)}`
  const fresh: ShopFile[] = []
  for (const [file, documentType] of [
    ...(input.invoice ? [[input.invoice, 'invoice'] as const] : []),
    ...input.repairPhotos.map((photo) => [photo, 'repair_photo'] as const),
  ]) {
    try {
      fresh.push({ documentType, fileName: file.fileName, ...(await staged.addImage(await prepareImage(file), label(documentType))) })
    } catch (error) {
      if (!(error instanceof UploadError)) throw error
      problem(SHOP_FILE_FIELDS[documentType], `${file.fileName}: ${error.message}`, error.status)
    }
  }
  if (input.calibrationReport) {
    const file = input.calibrationReport
    try {
      fresh.push({
        documentType: 'calibration_report',
        fileName: file.fileName,
        ...(await stageCalibrationReport(staged, file, label('calibration_report'))),
      })
    } catch (error) {
      if (!(error instanceof UploadError)) throw error
      problem(SHOP_FILE_FIELDS.calibration_report, `${file.fileName}: ${error.message}`, error.status)
    }
  }
  return fresh
}

/**
 * Records the shop's files as the claim's documents, inside the caller's transaction (which commits the staged files
 * last). The repair photos join the photo index too: a later claim that sends one as its damage is caught.
 */
export function storeShopDocuments(tx: Db, input: { claimId: string; policyId: string; files: ShopFile[]; uploadedBy?: string | null }) {
  for (const file of input.files) {
    const document = tx
      .insert(claimDocuments)
      .values({
        claimId: input.claimId,
        documentType: file.documentType,
        filePath: file.filePath,
        thumbPath: file.thumbPath,
        fileName: storedFileName(file.fileName),
        uploadedByProfileId: input.uploadedBy ?? null,
        phash: file.phash ?? null,
        orientedHashes: file.orientedHashes ?? null,
        capturedAt: file.capturedAt ?? null,
        camera: file.camera ?? null,
      })
      .returning({ id: claimDocuments.id })
      .get()
    if (file.documentType === 'repair_photo' && file.phash) {
      indexPhoto(tx, {
        photoId: document.id,
        policyId: input.policyId,
        source: 'shop',
        hash: file.phash,
        orientedHashes: file.orientedHashes,
      })
    }
  }
}
