import { eq, inArray, or } from 'drizzle-orm'

import { db } from '~/db/client.server'
import { claims } from '~/db/schema'
import { SERVICE_ZONE } from '~/domain/calendar'
import { isDecided, repairGuaranteeEnds } from '~/domain/claims'
import { awaitsCustomerChoice, clockStoppedAt } from '~/domain/credits'
import { formatDateTime, formatLongDate } from '~/domain/format'
import { CLAIM_PAGE_MESSAGES as WORDS, RULES_DECISION_MESSAGES } from '~/domain/messages'
import { calibrationCertificatePath, claimCalendarPath, HOW_CLAIMS_ARE_DECIDED_PATH } from '~/domain/paths'
import { promiseDeadline, promisedService } from '~/domain/service-promise'
import { describeAppointment, mapLink, TIME_SLOT_NAMES } from '~/domain/shops'
import { readThread, shopOnThread } from '~/models/claims/claim-messages.server'
import { claimDocumentsOf, claimLiveStatus, claimPageUrl } from '~/models/claims/claims.server'
import { type CustomerClaim, listClaimsForProfile } from '~/models/claims/claims-read.server'
import { shopZoneOf } from '~/models/claims/shop-choice.server'
import { getPolicyForProfile } from '~/models/policies/policies.server'
import { claimsWithCalibrationProof } from '~/models/shops/calibration.server'
import { ratingCardOf } from '~/models/shops/shop-ratings.server'
import { appointmentCalendarFile } from '~/services/calendar-file.server'
import { fileUrl } from '~/utils/file-url'
import { notFound } from '~/utils/refusal'

/**
 * A claim's own page for its customer (/customer/claims/:code): the timeline of its steps, the shop, the appointment
 * and its calendar file, the photos, what the customer can do next, and the thread. The claim is found by its
 * confirmation code among the customer's own claims, so anyone else's — a previous owner's after the policy passed to
 * this customer included — is a 404, like a code that does not exist.
 */

export type StepState = 'done' | 'current' | 'upcoming'

export type TimelineStep = {
  key: 'filed' | 'decided' | 'booked' | 'on_the_way' | 'done' | 'calibration' | 'guarantee'
  title: string
  state: StepState
  /** When it happened, as the customer reads it ('December 8, 2026'; an appointment at the shop's hour). */
  when: string | null
  detail: string | null
  link: { href: string; label: string } | null
}

/** The customer's claim with this code, or a 404. */
export function ownClaimByCode(profileId: string, code: string): CustomerClaim {
  const claim = listClaimsForProfile(profileId).find((candidate) => candidate.confirmationCode === code && !candidate.previousOwner)
  if (!claim) notFound()
  return claim
}

/** The shop the work is booked with: the place the customer chose, else the group the operator assigned. */
function shopOf(claim: CustomerClaim) {
  if (claim.chosenLocation) return { ...claim.chosenLocation, map: mapLink(claim.chosenLocation.address) }
  const contact = claim.assignedShop
  if (!contact) return null
  const place = contact.places[0]
  return {
    name: contact.name,
    address: place?.address ?? null,
    phone: place?.phone ?? contact.phone,
    map: place ? mapLink(place.address) : null,
  }
}

/** The claims linked by the repair-failure guarantee: the repaired claim this one reworks, and the rework of this one. */
function guaranteeLinks(claim: CustomerClaim) {
  const rows = db()
    .select({ id: claims.id, code: claims.confirmationCode, reworkOf: claims.repairFailureOfClaimId })
    .from(claims)
    .where(
      or(
        eq(claims.repairFailureOfClaimId, claim.id),
        claim.repairFailureOfClaimId ? inArray(claims.id, [claim.repairFailureOfClaimId]) : undefined,
      ),
    )
    .all()
  return {
    reworkOf: rows.find((row) => row.id === claim.repairFailureOfClaimId)?.code ?? null,
    reworkedBy: rows.find((row) => row.reworkOf === claim.id)?.code ?? null,
  }
}

export function claimTimeline(
  claim: CustomerClaim,
  extras: { calibrationReport: string | null; certificate: string | null; reworkOf: string | null; reworkedBy: string | null },
  now = new Date(),
  // The customer's zone (their policy's): each step's day is the day it was on their clock.
  zone = SERVICE_ZONE,
): TimelineStep[] {
  const steps: TimelineStep[] = []
  const shop = shopOf(claim)
  steps.push({
    key: 'filed',
    title: WORDS.filed,
    state: 'done',
    when: formatLongDate(claim.submittedAt, '', zone),
    detail: extras.reworkOf ? WORDS.reworkOf(extras.reworkOf) : null,
    link: null,
  })

  if (claim.approvalStatus === 'pending_review') {
    steps.push({
      key: 'decided',
      title: claim.appealedAt ? WORDS.appealWaiting : WORDS.waiting,
      state: 'current',
      when: null,
      detail: claim.appealedAt ? null : WORDS.waitingDetail,
      link: null,
    })
  } else if (claim.approvalStatus === 'denied') {
    steps.push({
      key: 'decided',
      title: WORDS.deniedByOperator,
      state: 'done',
      when: formatLongDate(claim.reviewedAt, '', zone),
      detail: WORDS.denialReason(claim.denialReason),
      link: null,
    })
    return steps
  } else {
    steps.push({
      key: 'decided',
      title: claim.decidedByRulesVersion ? WORDS.approvedByRules(claim.decidedByRulesVersion) : WORDS.approvedByOperator,
      state: 'done',
      when: formatLongDate(claim.reviewedAt, '', zone),
      detail: claim.decidedByRulesVersion ? RULES_DECISION_MESSAGES.decidedBy(claim.decidedByRulesVersion) : null,
      link: claim.decidedByRulesVersion ? { href: HOW_CLAIMS_ARE_DECIDED_PATH, label: 'How claims are decided' } : null,
    })
  }

  const completed = claim.approvalStatus === 'completed'
  const booked = Boolean(claim.appointmentAt)
  steps.push({
    key: 'booked',
    title: booked || completed ? WORDS.booked : WORDS.bookWaiting,
    state: booked || completed ? 'done' : isDecided(claim) ? 'current' : 'upcoming',
    when: claim.appointmentAt ? describeAppointment(claim.appointmentAt) : null,
    detail: !isDecided(claim)
      ? null
      : booked
        ? (shop?.name ?? claim.partnerGroupName)
        : claim.chosenLocation && claim.preferredDate && claim.preferredSlot
          ? WORDS.bookAsked(
              claim.chosenLocation.name,
              formatLongDate(claim.preferredDate),
              TIME_SLOT_NAMES[claim.preferredSlot].toLowerCase(),
            )
          : shop
            ? WORDS.bookContact(shop.name)
            : completed
              ? null
              : WORDS.bookChoose,
    link: null,
  })

  if (claim.serviceAt === 'mobile') {
    steps.push({
      key: 'on_the_way',
      title: claim.technicianOnTheWayAt ? WORDS.onTheWay : WORDS.onTheWayWaiting,
      state: claim.technicianOnTheWayAt || completed ? 'done' : booked ? 'current' : 'upcoming',
      when: claim.technicianOnTheWayAt ? formatLongDate(claim.technicianOnTheWayAt, '', zone) : null,
      detail: null,
      link: null,
    })
  }

  steps.push({
    key: 'done',
    title: WORDS.done,
    state: completed ? 'done' : 'upcoming',
    when: completed ? formatLongDate(claim.completedAt, '', zone) : null,
    detail: completed && claim.repairType ? WORDS.doneDetail(claim.repairType, claim.partnerGroupName) : null,
    link: null,
  })

  if (extras.certificate || extras.calibrationReport) {
    steps.push({
      key: 'calibration',
      title: WORDS.calibration,
      state: 'done',
      when: formatLongDate(claim.completedAt, '', zone),
      detail: WORDS.calibrationDetail,
      // The certificate (the shop's structured proof, app/models/shops/calibration.server.ts) where there is one.
      link: extras.certificate
        ? { href: extras.certificate, label: 'See the calibration certificate' }
        : { href: extras.calibrationReport!, label: 'Download the calibration report' },
    })
  }

  const until = repairGuaranteeEnds(claim)
  if (until) {
    steps.push({
      key: 'guarantee',
      title: WORDS.guarantee,
      state: extras.reworkedBy || until.getTime() < now.getTime() ? 'done' : 'current',
      when: null,
      detail: extras.reworkedBy
        ? WORDS.guaranteeUsed(extras.reworkedBy)
        : until.getTime() < now.getTime()
          ? WORDS.guaranteeEnded(formatLongDate(until, '', zone))
          : WORDS.guaranteeUntil(formatLongDate(until, '', zone)),
      link: null,
    })
  }
  return steps
}

/**
 * The service promise of an approved claim not yet done, as its page tells it (terms "Service promise and credits"):
 * the promise date, at the shop's clock, and why it is that date; or that it waits for the customer's choice, or no
 * longer applies after they asked for another time. The same reading as the daily job's (domain/credits).
 */
function promiseOf(claim: CustomerClaim) {
  if (claim.approvalStatus !== 'approved') return null
  if (awaitsCustomerChoice(claim)) return { date: null, detail: WORDS.promiseWaits }
  if (clockStoppedAt(claim)) return { date: null, detail: WORDS.promiseRescheduled }
  const workZone = shopZoneOf(claim)
  const deadline = promiseDeadline({ ...claim, workZone })
  if (!deadline) return null
  if (claim.preferredDate && deadline.getTime() !== promiseDeadline({ ...claim, preferredDate: null })?.getTime()) {
    return { date: WORDS.promiseEndOf(formatLongDate(claim.preferredDate)), detail: WORDS.promiseYourDay }
  }
  return {
    date: formatDateTime(deadline, '', workZone ?? SERVICE_ZONE),
    detail: WORDS.promiseBy(promisedService(claim) === 'replacement' ? 'replacement' : 'repair'),
  }
}

/** What the claim page shows (routes/customer.claims.$code.tsx): no internal id, only the code the customer knows. */
export function claimPage(profileId: string, code: string, now = new Date()) {
  const claim = ownClaimByCode(profileId, code)
  const documents = claimDocumentsOf(claim.id)
  const report = documents.find((document) => document.documentType === 'calibration_report')
  const links = guaranteeLinks(claim)
  const live = claimLiveStatus(claim, now)
  const shop = isDecided(claim) ? shopOf(claim) : null
  // What the customer can do next, each an entry: a new action (e.g. "My repair failed") is one more line here.
  const actions = [
    { key: 'appeal', label: 'Appeal the decision', href: live.appealHref },
    { key: 'choose-shop', label: 'Choose a shop', href: live.chooseShopHref },
    { key: 'reschedule', label: 'Ask for another time', href: live.rescheduleHref },
    // The repair-failure guarantee (docs/decisions/076-repair-failure-guarantee.md), once per repair.
    { key: 'repair-failed', label: 'My repair failed', href: links.reworkedBy ? null : (live.repairFailed?.href ?? null) },
  ].filter((action): action is { key: string; label: string; href: string } => Boolean(action.href))
  return {
    claim: {
      code: claim.confirmationCode,
      status: claim.approvalStatus,
      damageType: claim.damageType,
      description: claim.description,
      policy: { number: claim.policyNumber, planName: claim.policyPlanName },
    },
    timeline: claimTimeline(
      claim,
      {
        calibrationReport: report ? fileUrl(report.filePath) : null,
        certificate: claimsWithCalibrationProof([claim.id]).has(claim.id) ? calibrationCertificatePath(claim.id) : null,
        ...links,
      },
      now,
      getPolicyForProfile(profileId, claim.policyId)?.timeZone ?? SERVICE_ZONE,
    ),
    shop,
    promise: promiseOf(claim),
    appointment:
      claim.appointmentAt && claim.approvalStatus === 'approved'
        ? {
            when: describeAppointment(claim.appointmentAt),
            proposed: claim.appointmentProposed,
            place: claim.serviceAt === 'mobile' ? `Mobile service at ${claim.serviceAddress ?? ''}` : 'At the shop',
            calendarHref: claimCalendarPath(claim.confirmationCode),
          }
        : null,
    // Two groups, each with its heading: what the customer sent of the damage, what the shop sent of its work.
    photos: (['damage_photo', 'repair_photo'] as const)
      .map((type) => ({
        type,
        title: type === 'damage_photo' ? WORDS.damagePhotos : WORDS.repairPhotos,
        label: type === 'damage_photo' ? 'Damage photo' : 'Repair photo',
        photos: documents
          .filter((document) => document.documentType === type)
          .map((document) => ({
            key: document.filePath,
            thumb: fileUrl(document.thumbPath ?? document.filePath),
            full: fileUrl(document.filePath),
          })),
      }))
      .filter((group) => group.photos.length > 0),
    actions,
    thread: readThread(claim.id, 'customer').map(({ id, ...message }) => ({ key: id, ...message })),
    shopOnThread: shopOnThread(claim),
    // A finished job asks once how the shop did, then shows the rating given (app/domain/ratings.ts).
    rating: claim.approvalStatus === 'completed' ? ratingCardOf(profileId, claim.id, now) : null,
  }
}

/** The claim's appointment as a calendar file, for its customer; a 404 while the shop has given no time. */
export function claimCalendarFile(profileId: string, code: string) {
  const claim = ownClaimByCode(profileId, code)
  if (!claim.appointmentAt || claim.approvalStatus !== 'approved') notFound()
  const shop = shopOf(claim)
  const shopName = shop?.name ?? claim.partnerGroupName ?? 'your shop'
  const work = claim.damageType === 'crack' ? 'Windshield replacement' : 'Windshield chip repair'
  const location = claim.serviceAt === 'mobile' ? (claim.serviceAddress ?? '') : (shop?.address ?? shopName)
  return appointmentCalendarFile({
    confirmationCode: claim.confirmationCode,
    appointmentAt: claim.appointmentAt,
    zone: shopZoneOf(claim),
    summary: `${work}: ${shopName}`,
    location,
    description: [
      `Glass Plan claim ${claim.confirmationCode}: give this code to the shop.`,
      shop?.phone ? `Shop phone: ${shop.phone}` : null,
      claim.serviceAt === 'mobile' ? 'Mobile service: the technician comes to you.' : null,
      `Your claim: ${claimPageUrl(claim.confirmationCode)}`,
    ]
      .filter(Boolean)
      .join('\n'),
    url: claimPageUrl(claim.confirmationCode),
    host: new URL(claimPageUrl(claim.confirmationCode)).host,
  })
}
