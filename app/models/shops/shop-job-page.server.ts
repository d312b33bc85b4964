import { SERVICE_ZONE } from '~/domain/calendar'
import { isCalibrationFileType, needsCalibrationProof } from '~/domain/calibration'
import { invoiceFormValues, invoiceLines, latestInvoiceFirst } from '~/domain/invoice'
import { INVOICE_CORRECTION_FILES } from '~/domain/messages'
import { SLOT_HOURS } from '~/domain/shops'
import { readThread } from '~/models/claims/claim-messages.server'
import { draftsOf } from '~/models/claims/claim-shop.server'
import { claimDocumentsOf } from '~/models/claims/claims.server'
import { disputeStandingOf } from '~/models/claims/disputes.server'
import { shopCalibrationView } from '~/models/shops/calibration.server'
import { invoiceHistory } from '~/models/shops/invoice-review.server'
import { jobPriceView } from '~/models/shops/price-schedule.server'
import { jobZone, shopJob, windowInWords } from '~/models/shops/shop-jobs.server'
import { shopThumbPath } from '~/services/images.server'
import { signedFileUrl } from '~/services/signed-links.server'

/**
 * What the shop's job page (shop.jobs.$claimId.tsx, its sections in components/shop/) shows of one job of the group.
 * Another group's job (or none) is a 404, thrown by shopJob.
 */
export function shopJobPage(groupId: string, claimId: string) {
  const job = shopJob(groupId, claimId)
  const stored = claimDocumentsOf(job.id)
  // The calibration proof's files are listed on its own page (shop.job-calibration.tsx).
  const documents = job.completed
    ? stored.filter((document) => document.documentType !== 'damage_photo' && !isCalibrationFileType(document.documentType))
    : []
  const drafts = job.completed ? [] : draftsOf(job.id)
  const kept = (type: string) => drafts.filter((draft) => draft.documentType === type).map(({ id, fileName }) => ({ id, fileName }))
  return {
    job,
    // The shop's times are told on its own clock, with the zone's abbreviation (decision 045).
    zone: jobZone(job.id) ?? SERVICE_ZONE,
    // /files/ answers with the thumbnail for an older photo that has no small copy: no lookup per photo here.
    damagePhotos: stored
      .filter((document) => document.documentType === 'damage_photo')
      .map((photo) => ({ id: photo.id, thumb: signedFileUrl(shopThumbPath(photo.filePath)), full: signedFileUrl(photo.filePath) })),
    window: job.asked ? { words: windowInWords(job.asked), ...SLOT_HOURS[job.asked.slot] } : null,
    // The invoice photo that stands first (a correction's); one it replaced stays listed, labelled as earlier.
    documents: latestInvoiceFirst(documents).map((document) => ({
      id: document.id,
      type: document.documentType,
      earlier: document.earlier,
      fileName: document.fileName,
      url: signedFileUrl(document.filePath),
    })),
    // A job completed with an ADAS calibration: where its proof stands (app/components/shop/calibration-proof.tsx).
    calibration:
      job.completed && needsCalibrationProof(job) ? (({ gaps, open }) => ({ gaps, open }))(shopCalibrationView(groupId, job.id)) : null,
    // The claim's thread with the customer and our claims team (the job is the group's: it is on the thread).
    thread: readThread(job.id, 'shop').map(({ id, ...message }) => ({ key: id, ...message })),
    attached: {
      invoice: kept('invoice'),
      repairPhotos: kept('repair_photo'),
      calibrationReport: kept('calibration_report'),
    },
    /** What the job pays under the price schedule: before completion, and the price fixed at completion. */
    price: jobPriceView(job.id),
    /** The invoice's history, the operator's answers and the disputes (completed jobs only). */
    review: job.completed ? reviewOf(groupId, job) : null,
  }
}

/** A completed job's invoice review: its history, the correction's values when rejected, and the dispute's standing. */
function reviewOf(groupId: string, job: ReturnType<typeof shopJob>) {
  const history = invoiceHistory(job.id)
  const rejection = job.invoiceRejectedAt ? history.submissions.find((entry) => entry.outcome === 'rejected') : undefined
  return {
    ...history,
    lines: invoiceLines(job),
    correction: job.invoiceRejectedAt ? invoiceFormValues(job) : null,
    /** Where the rejection's reason is about files: that the correction can send them. */
    filesHint: rejection?.reasonKey ? (INVOICE_CORRECTION_FILES.filesHint[rejection.reasonKey] ?? null) : null,
    dispute: disputeStandingOf(groupId, job.id),
  }
}
