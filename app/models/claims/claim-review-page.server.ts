import type { AuditEntry } from '~/db/schema'
import { zoneAbbreviationAt } from '~/domain/calendar'
import { filingDeadline } from '~/domain/claims'
import { damageAnswersInWords, damageAnswersOf } from '~/domain/damage-answers'
import { formatDateTime, formatPrice } from '~/domain/format'
import { invoiceLines, isDisputeOverdue, latestInvoiceFirst } from '~/domain/invoice'
import { INVOICE_HOLD_MESSAGES, RULES_DECISION_MESSAGES, SHOP_LOCATION_MESSAGES } from '~/domain/messages'
import { type InvoiceService, invoiceServiceName, isInvoiceHeld, PAYOUT_STATE_NAMES } from '~/domain/payouts'
import { FLAG_LABELS } from '~/domain/photo-integrity'
import { isPastPromise, promiseDeadline } from '~/domain/service-promise'
import { areaInWords, stormDaysInWords } from '~/domain/storms'
import { activePartnerGroups, type claimForReview } from '~/models/claims/claim-review.server'
import { claimFlagsFor } from '~/models/claims/photo-integrity.server'
import { groupLocationsFor, shopZoneOf } from '~/models/claims/shop-choice.server'
import { getStormEvent } from '~/models/claims/storms.server'
import { payoutStateOfClaim } from '~/models/money/payouts.server'
import { isAdmin } from '~/models/people/operator.server'
import { invoiceHistory } from '~/models/shops/invoice-review.server'
import { fileUrl } from '~/utils/file-url'
import { setupPhotoLabel } from '~/validation/policy-setup'

type ClaimReview = NonNullable<ReturnType<typeof claimForReview>>

/** What the operator's claim page (admin.claims.$claimId.tsx, its sections in components/admin/claim/) shows of a claim. */
export function reviewPage(review: ClaimReview, zone: string, now = new Date()) {
  const { claim, policy, profile, vehicle, partnerGroup } = review
  const payout = payoutStateOfClaim(claim.id)
  const deadline = promiseDeadline(claim)
  // The invoice photo to read first (a correction's), the earlier ones after it, labelled.
  const documents = latestInvoiceFirst(review.documents).map((document) => ({
    id: document.id,
    type: document.documentType,
    fileName: document.fileName,
    earlier: document.earlier,
    full: fileUrl(document.filePath),
    thumb: fileUrl(document.thumbPath ?? document.filePath),
    /** What the photo's EXIF said (kept on the row, never in the file): when and with what it was taken. */
    capturedAt: document.capturedAt,
    camera: document.camera,
  }))
  const storm = claim.stormEventId ? getStormEvent(claim.stormEventId) : null
  return {
    /**
     * The declared storm the damage falls in (as the claim was filed): its days, area and the filing window it gave,
     * with the deadline that window made for this claim.
     */
    storm: storm
      ? {
          id: storm.id,
          name: storm.name,
          days: stormDaysInWords(storm),
          area: areaInWords(storm.area),
          filingDays: storm.filingDays,
          deadline: claim.damageDate ? filingDeadline(claim.damageDate, storm).toISOString() : null,
          vehicleZip: claim.vehicleZip,
        }
      : null,
    /** Why the integrity checks hold the claim for a person, in words the operator reads (never shown to the customer). */
    flags: claimFlagsFor(claim.id).map((flag) => ({ id: flag.id, kind: flag.kind, label: FLAG_LABELS[flag.kind], detail: flag.detail })),
    claim: {
      id: claim.id,
      code: claim.confirmationCode,
      status: claim.approvalStatus,
      damageType: claim.damageType,
      damageDate: claim.damageDate,
      /** The customer's answers about the damage, each question with its words (domain/damage-answers.ts). */
      answers: damageAnswersInWords(damageAnswersOf(claim), claim.damageType),
      description: claim.description,
      filedLate: claim.filedLate,
      submittedAt: claim.submittedAt,
      reviewedAt: claim.reviewedAt,
      denialReason: claim.denialReason,
      appealText: claim.appealText,
      appealedAt: claim.appealedAt,
      completedAt: claim.completedAt,
      repairType: claim.repairType,
      partnerNotes: claim.partnerNotes,
      appointmentAt: claim.appointmentAt,
      appointmentZone: claim.appointmentAt ? appointmentZoneLabel(claim.appointmentAt, shopZoneOf(claim)) : null,
      appointmentProposed: claim.appointmentProposed,
      partnerGroup: partnerGroup?.name ?? null,
    },
    /** The invoice by its declaration, its history and disputes, and whether the operator may reject it now. */
    invoice: invoiceView(claim, now),
    /** The service promise: when it runs out, and whether the claim broke it. */
    promise: deadline ? { deadline: deadline.toISOString(), past: isPastPromise(claim, now) } : null,
    /** Where the shop's payment stands (completed jobs only); approving it for payment is offered once completed. */
    payout: payout
      ? {
          state: payout.state,
          label: PAYOUT_STATE_NAMES[payout.state],
          paidAt: payout.paidAt,
          reference: payout.reference,
          approvable: payout.state === 'not_approved' && Boolean(claim.assignedPartnerGroupId) && !isInvoiceHeld(claim),
        }
      : null,
    /** An invoice held above the job's scheduled price at completion: the flag, the figures, and its release once made. */
    invoiceHold: claim.invoiceHeldFor
      ? {
          flag: INVOICE_HOLD_MESSAGES.flag(invoiceServiceName(claim.invoiceHeldFor as InvoiceService)),
          detail: INVOICE_HOLD_MESSAGES.detail(
            formatPrice(claim.actualCostCents ?? 0),
            claim.scheduledPriceCents === null ? null : formatPrice(claim.scheduledPriceCents),
          ),
          releasedAt: claim.invoiceReleasedAt,
        }
      : null,
    /** Who filed the claim (after a transfer, not the policy's owner today); null where no record says. */
    customer: profile ? { id: profile.id, name: profile.fullName, email: profile.email, phone: profile.phone } : null,
    setupPhotos: review.setupPhotos.map((photo) => ({
      id: photo.id,
      type: setupPhotoLabel(photo.photoType),
      fileName: photo.fileName,
      full: fileUrl(photo.filePath),
      thumb: fileUrl(photo.thumbPath ?? photo.filePath),
      caption: `${setupPhotoLabel(photo.photoType)} · ${formatDateTime(photo.createdAt, undefined, zone)}`,
    })),
    policy: {
      id: policy.id,
      policyNumber: policy.policyNumber,
      planType: policy.planType,
      status: policy.status,
      coverageStartDate: policy.coverageStartDate,
      vehicleType: policy.vehicleType,
      hasAdas: policy.hasAdas,
    },
    vehicle: vehicle
      ? { year: vehicle.year, make: vehicle.make, model: vehicle.model, plate: vehicle.licensePlate, state: vehicle.licensePlateState }
      : null,
    documents,
    previousClaims: review.previousClaims.map((previous) => ({
      id: previous.id,
      code: previous.confirmationCode,
      status: previous.approvalStatus,
      damageType: previous.damageType,
      submittedAt: previous.submittedAt,
      repairType: previous.repairType,
    })),
    replacementsLeft: review.replacementsLeft,
    hoursLeft: review.hoursLeft,
    history: review.history.map(({ entry, actorEmail, actorRole }) => ({
      id: entry.id,
      action: entry.action,
      actor: entry.actor,
      actorEmail,
      operator: actorEmail ? isAdmin({ email: actorEmail, role: actorRole ?? 'customer' }) : false,
      at: entry.createdAt,
    })),
    shopEmail: shopEmailOf(review.history.map((row) => row.entry)),
    rules: rulesDecisionOf(
      claim,
      review.history.map((row) => row.entry),
    ),
    partnerGroups: claim.approvalStatus === 'pending_review' ? groupsToAssign(claim) : [],
  }
}

/**
 * The groups the operator may assign, each with its active locations nearest the customer first, so the approval form
 * can name the one that does the work (approveClaim refuses when the nearest cannot be told). Every group's locations
 * are listed at once: the form works without JavaScript, and approveClaim refuses a location of another group.
 */
function groupsToAssign(claim: ClaimReview['claim']) {
  const groups = activePartnerGroups()
  const places = groupLocationsFor(
    claim,
    groups.map((group) => group.id),
  )
  return groups.map((group) => ({
    id: group.id,
    name: group.name,
    locations: places
      .filter(({ location }) => location.partnerGroupId === group.id)
      .map(({ location, miles }) => ({
        id: location.id,
        label: SHOP_LOCATION_MESSAGES.option(location.name, [location.city, location.state].filter(Boolean).join(', ') || null, miles),
      })),
  }))
}

/**
 * What the decision rules made of the claim when it was filed: the version that approved it (and whether the operator
 * may still reverse that), or the reasons it was left for a person. Null for a claim filed before the rules ran.
 */
function rulesDecisionOf(claim: ClaimReview['claim'], history: AuditEntry[]) {
  const approved = claim.decidedByRulesVersion
  if (approved) {
    return { label: RULES_DECISION_MESSAGES.decidedBy(approved), reasons: [], reversible: claim.approvalStatus === 'approved' }
  }
  const waited = history.filter((entry) => entry.action === 'claim.left_for_review').at(-1)
  if (!waited) return null
  const detail = (waited.detail ?? {}) as { reasons?: string[] }
  return { label: RULES_DECISION_MESSAGES.waited, reasons: detail.reasons ?? [], reversible: false }
}

/** Whether the assigned shop was e-mailed about the claim (the latest attempt), for the operator's page. */
function shopEmailOf(history: AuditEntry[]) {
  const last = history.filter((entry) => entry.action === 'claim.shop_emailed' || entry.action === 'claim.shop_not_emailed').at(-1)
  if (!last) return null
  const detail = (last.detail ?? {}) as { to?: string; reason?: string }
  return { sent: last.action === 'claim.shop_emailed', to: detail.to ?? null, reason: detail.reason ?? null, at: last.createdAt }
}

/** An appointment is the shop's wall-clock time: named with the shop's zone ('MST, the shop's time'), never the operator's. */
function appointmentZoneLabel(appointmentAt: string, zone: string | null) {
  return zone ? `${zoneAbbreviationAt(appointmentAt, zone)}, the shop's time` : "the shop's local time"
}

/** The invoice's fields in words, its submissions and disputes (with their files' links and the overdue flag). */
function invoiceView(claim: ClaimReview['claim'], now: Date) {
  const { submissions, disputes } = invoiceHistory(claim.id)
  return {
    lines: invoiceLines(claim),
    accepted: claim.acceptedCostCents === null ? null : formatPrice(claim.acceptedCostCents),
    rejected: claim.invoiceRejectedAt !== null,
    rejectable: Boolean(claim.completedAt) && !claim.paymentApprovedAt && !claim.payoutId && claim.invoiceRejectedAt === null,
    submissions,
    disputes: disputes.map((dispute) => ({
      id: dispute.id,
      kind: dispute.kind,
      message: dispute.message,
      openedAt: dispute.openedAt,
      answerDueAt: dispute.answerDueAt,
      overdue: isDisputeOverdue(dispute, now),
      outcome: dispute.outcome,
      answer: dispute.answer,
      answeredAt: dispute.answeredAt,
      files: dispute.files.map((file) => ({ id: file.id, fileName: file.fileName, url: fileUrl(file.filePath) })),
    })),
  }
}
