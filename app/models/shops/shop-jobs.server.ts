import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/sqlite-core'

import { db, transaction } from '~/db/client.server'
import { type Claim, claims, partnerGroups, partnerLocations, policies, profiles, vehicles } from '~/db/schema'
import { dayAfter, dayOf, isCalendarDay, SERVICE_ZONE } from '~/domain/calendar'
import { byUrgency, urgencyOf } from '~/domain/claims'
import { RuleError } from '~/domain/errors'
import { formatLongDate } from '~/domain/format'
import { amountPaidCents } from '~/domain/invoice'
import { APPOINTMENT_MESSAGES, SHOP_CHOICE_MESSAGES, TEXT_MESSAGES } from '~/domain/messages'
import { reschedulePath, shopJobPath } from '~/domain/paths'
import { formatPhone } from '~/domain/phones'
import { claimantName, isDeletedAccount } from '~/domain/privacy'
import { isPastPromise } from '~/domain/service-promise'
import {
  appointmentValue,
  bookableDates,
  BOOKING_DAYS,
  DONE_SHOWN,
  insideSlot,
  locationAddress,
  minutesOf,
  PROPOSAL_DAYS,
  PROPOSAL_HOURS,
  SLOT_HOURS,
  type TimeSlot,
} from '~/domain/shops'
import { appointmentEmail, rescheduleRequestedEmail } from '~/emails/appointments'
import { env } from '~/env.server'
import { claimContext, claimPageUrl, getClaimForProfile, tellTheShop, toClaimant } from '~/models/claims/claims.server'
import { decidedClaim } from '~/models/claims/claims-read.server'
import { shopZoneOf } from '~/models/claims/shop-choice.server'
import { payoutStatesFor } from '~/models/money/payouts.server'
import { recordAudit } from '~/models/operations/audit.server'
import { textClaimStep } from '~/models/people/texts.server'
import { zoneOfCustomerPolicy } from '~/models/policies/policies.server'
import { sendEmail } from '~/services/email.server'
import { notFound } from '~/utils/refusal'

/**
 * A partner group's jobs as its staff see them on /shop: the claims assigned to the group, approved (to schedule and
 * do) or completed. Every read and write here takes the group: a job of another group is the same 404 as none.
 */

const jobColumns = {
  id: claims.id,
  code: claims.confirmationCode,
  damageType: claims.damageType,
  damageSize: claims.damageSize,
  inLineOfSight: claims.inLineOfSight,
  description: claims.description,
  approvalStatus: claims.approvalStatus,
  reviewedAt: claims.reviewedAt,
  preferredDate: claims.preferredDate,
  preferredSlot: claims.preferredSlot,
  serviceAt: claims.serviceAt,
  serviceAddress: claims.serviceAddress,
  appointmentAt: claims.appointmentAt,
  appointmentProposed: claims.appointmentProposed,
  rescheduleRequestedAt: claims.rescheduleRequestedAt,
  technicianOnTheWayAt: claims.technicianOnTheWayAt,
  completedAt: claims.completedAt,
  repairType: claims.repairType,
  actualCostCents: claims.actualCostCents,
  partNumber: claims.partNumber,
  laborHours: claims.laborHours,
  kitMoulding: claims.kitMoulding,
  adasCalibration: claims.adasCalibration,
  partnerNotes: claims.partnerNotes,
  invoiceRejectedAt: claims.invoiceRejectedAt,
  acceptedCostCents: claims.acceptedCostCents,
  planHasAdas: policies.hasAdas,
  customerName: profiles.fullName,
  customerEmail: profiles.email,
  customerPhone: profiles.phone,
  year: vehicles.year,
  make: vehicles.make,
  model: vehicles.model,
  vin: vehicles.vin,
  locationName: partnerLocations.name,
  locationStreet: partnerLocations.address,
  locationCity: partnerLocations.city,
  locationState: partnerLocations.state,
  locationZip: partnerLocations.zip,
  locationPhone: partnerLocations.phone,
}

function jobsQuery() {
  return (
    db()
      .select(jobColumns)
      .from(claims)
      .innerJoin(policies, eq(policies.id, claims.policyId))
      // The claimant, who the shop calls (after a transfer, not the policy's owner today).
      .leftJoin(profiles, eq(profiles.id, claims.filedByProfileId))
      // The claim's own vehicle: a transfer after filing leaves the claim on the vehicle it was filed for.
      .leftJoin(vehicles, eq(vehicles.id, sql`coalesce(${claims.vehicleId}, ${policies.vehicleId})`))
      .leftJoin(partnerLocations, eq(partnerLocations.id, claims.chosenLocationId))
  )
}

type JobRow = Awaited<ReturnType<ReturnType<typeof jobsQuery>['all']>>[number]

function toJob(row: JobRow, now = new Date()) {
  return {
    id: row.id,
    code: row.code,
    damageType: row.damageType,
    damageSize: row.damageSize,
    inLineOfSight: row.inLineOfSight,
    urgency: urgencyOf(row),
    description: row.description,
    completed: row.approvalStatus === 'completed',
    vehicle: row.year ? { year: row.year, make: row.make!, model: row.model!, vin: row.vin } : null,
    customer: {
      name: claimantName(row.customerEmail === null ? null : { fullName: row.customerName, email: row.customerEmail }),
      phone: row.customerPhone,
      email: row.customerEmail && !isDeletedAccount({ email: row.customerEmail }) ? row.customerEmail : null,
    },
    asked: row.preferredDate && row.preferredSlot ? { date: row.preferredDate, slot: row.preferredSlot } : null,
    place: row.serviceAt === 'mobile' ? { mobile: true, address: row.serviceAddress } : { mobile: false, address: null },
    // The location the customer chose or the operator assigned: the same place the customer's pages name.
    location: row.locationName
      ? {
          name: row.locationName,
          address: locationAddress({ address: row.locationStreet, city: row.locationCity, state: row.locationState, zip: row.locationZip }),
          phone: row.locationPhone,
        }
      : null,
    appointmentAt: row.appointmentAt,
    appointmentProposed: row.appointmentProposed,
    rescheduleRequestedAt: row.rescheduleRequestedAt,
    technicianOnTheWayAt: row.technicianOnTheWayAt,
    completedAt: row.completedAt,
    repairType: row.repairType,
    actualCostCents: row.actualCostCents,
    partNumber: row.partNumber,
    laborHours: row.laborHours,
    kitMoulding: row.kitMoulding,
    adasCalibration: row.adasCalibration,
    partnerNotes: row.partnerNotes,
    /** The operator rejected the invoice: the shop corrects it and sends it again. */
    invoiceRejectedAt: row.invoiceRejectedAt,
    /** A short-pay: what the operator accepted, when less than the invoice. */
    acceptedCostCents: row.acceptedCostCents,
    /** Once completed, what the job is paid: the amount its page, its payout and the remittance show. */
    paidCents: row.approvalStatus === 'completed' ? amountPaidCents(row) : null,
    planHasAdas: Boolean(row.planHasAdas),
    /** Later than the service promise (chip repair in 24 hours, replacement in 3 business days from approval). */
    pastPromise: isPastPromise(row, now),
  }
}

/**
 * Today's date where the shop works, as the appointments are written (docs/decisions/045-appointments-in-the-shops-local-time.md):
 * the zone of the job's location, or of the group's first one. At 11 PM in Chicago it is still today there.
 */
function today(now: Date, zone: string | null) {
  return dayOf(now, zone ?? SERVICE_ZONE)
}

/** The zone of the place a job is done (its chosen location's, else its group's first location's). */
export function jobZone(claimId: string) {
  const claim = db()
    .select({ chosenLocationId: claims.chosenLocationId, assignedPartnerGroupId: claims.assignedPartnerGroupId })
    .from(claims)
    .where(eq(claims.id, claimId))
    .get()
  return claim ? shopZoneOf(claim) : null
}

/**
 * The group's jobs by state: new (no time given yet, or the customer asked for another), scheduled (today's first, then
 * by time) and done (the newest DONE_SHOWN).
 */
export function shopJobs(groupId: string, now = new Date()) {
  const open = jobsQuery()
    // Written out so the planner reads the open jobs' partial index (claims_group_open_idx), not the group's history.
    .where(and(eq(claims.assignedPartnerGroupId, groupId), sql`${claims.approvalStatus} = 'approved'`))
    .orderBy(asc(claims.preferredDate), asc(claims.reviewedAt))
    .all()
    .map((row) => toJob(row, now))
  const day = today(now, shopZoneOf({ chosenLocationId: null, assignedPartnerGroupId: groupId }))
  const scheduled = open
    .filter((job) => job.appointmentAt)
    .sort(
      (a, b) =>
        Number(!a.appointmentAt!.startsWith(day)) - Number(!b.appointmentAt!.startsWith(day)) ||
        a.appointmentAt!.localeCompare(b.appointmentAt!),
    )
  const finished = jobsQuery()
    .where(and(eq(claims.assignedPartnerGroupId, groupId), eq(claims.approvalStatus, 'completed')))
    .orderBy(desc(claims.completedAt))
    .limit(DONE_SHOWN)
    .all()
  // Where each finished job's payment stands (one query): done and waiting to be paid, or paid with its reference.
  const payments = payoutStatesFor(finished.map((row) => row.id))
  const withPayment = finished.map((row) => ({ ...toJob(row, now), payment: payments.get(row.id) ?? null }))
  const done = withPayment.filter((job) => job.payment?.state !== 'paid')
  const paid = withPayment.filter((job) => job.payment?.state === 'paid')
  // New jobs most urgent first (a shattered windshield or damage in the driver's sight before chips), then by day asked.
  return { fresh: byUrgency(open.filter((job) => !job.appointmentAt)), scheduled, done, paid, today: day }
}

/**
 * The rework on the group's record: claims under the repair-failure guarantee whose failed chip repair this group did,
 * newest first (the latest DONE_SHOWN). The group sees the repaired job it did and where the guarantee claim stands,
 * nothing of the new claim's customer details unless the claim is assigned to it as well.
 */
export function shopRework(groupId: string) {
  const repaired = alias(claims, 'repaired')
  return db()
    .select({
      id: claims.id,
      code: claims.confirmationCode,
      approvalStatus: claims.approvalStatus,
      submittedAt: claims.submittedAt,
      repairedId: repaired.id,
      repairedCode: repaired.confirmationCode,
      repairedAt: repaired.completedAt,
    })
    .from(claims)
    .innerJoin(repaired, eq(repaired.id, claims.repairFailureOfClaimId))
    .where(eq(repaired.assignedPartnerGroupId, groupId))
    .orderBy(desc(claims.submittedAt))
    .limit(DONE_SHOWN)
    .all()
}

/** One job of the group (approved or completed); anything else, another group's above all, is a 404. */
export function shopJob(groupId: string, claimId: string) {
  const row = jobsQuery()
    .where(and(eq(claims.id, claimId), eq(claims.assignedPartnerGroupId, groupId), decidedClaim()))
    .get()
  if (!row) notFound()
  return toJob(row)
}

/** A refusal of the appointment form, told next to its field. */
function refuse(field: string, description: string, status = 400) {
  return RuleError.from({ title: APPOINTMENT_MESSAGES.correct.title, description }, { field, status })
}

/** '8:00 AM to 12:00 PM on Tuesday, December 8, 2026': the window the customer asked for, in words. */
export function windowInWords(asked: { date: string; slot: TimeSlot }) {
  const { from, until } = SLOT_HOURS[asked.slot]
  const clock = (hour: number) => `${((hour + 11) % 12) + 1}:00 ${hour < 12 ? 'AM' : 'PM'}`
  return `${clock(from)} to ${clock(until)} on ${formatLongDate(asked.date, asked.date)}`
}

export type AppointmentInput =
  | { groupId: string; actorId: string; claimId: string; intent: 'confirm'; time: string }
  | { groupId: string; actorId: string; claimId: string; intent: 'propose'; date: string; time: string }

/**
 * The shop gives the appointment: a time inside the window the customer asked for (confirm), or another day and time
 * (propose). Either replaces a time given before, clears a pending request for another time, is audited, and e-mails
 * the customer. Another group's job is a 404; a completed one is refused.
 */
export async function setAppointment(input: AppointmentInput, now = new Date()) {
  const job = shopJob(input.groupId, input.claimId)
  if (job.completed) throw refuse('time', APPOINTMENT_MESSAGES.notOpen, 409)
  let at: string
  if (input.intent === 'confirm') {
    if (!job.asked) throw refuse('time', APPOINTMENT_MESSAGES.noWindow)
    if (!insideSlot(job.asked.slot, input.time)) throw refuse('time', APPOINTMENT_MESSAGES.outsideWindow(windowInWords(job.asked)))
    at = appointmentValue(job.asked.date, input.time)
  } else {
    const first = today(now, jobZone(job.id))
    const last = dayAfter(first, PROPOSAL_DAYS)
    if (!isCalendarDay(input.date) || input.date < first || input.date > last) {
      throw refuse('date', APPOINTMENT_MESSAGES.proposalDay(PROPOSAL_DAYS))
    }
    const minutes = minutesOf(input.time)
    if (minutes < PROPOSAL_HOURS.from * 60 || minutes > PROPOSAL_HOURS.until * 60) throw refuse('time', APPOINTMENT_MESSAGES.proposalHours)
    at = appointmentValue(input.date, input.time)
  }
  const proposed = input.intent === 'propose'
  transaction((tx) => {
    const changed = tx
      .update(claims)
      .set({ appointmentAt: at, appointmentProposed: proposed, appointmentConfirmedAt: now.toISOString() })
      // Decided again here: the job may have been completed or moved to another group meanwhile.
      .where(and(eq(claims.id, job.id), eq(claims.assignedPartnerGroupId, input.groupId), eq(claims.approvalStatus, 'approved')))
      .run().changes
    if (!changed) throw refuse('time', APPOINTMENT_MESSAGES.notOpen, 409)
    recordAudit(tx, {
      actor: input.actorId,
      action: proposed ? 'claim.appointment_proposed' : 'claim.appointment_confirmed',
      entityId: job.id,
      detail: { appointmentAt: at },
    })
  })
  await emailCustomer(job.id)
  await textClaimStep(job.id, 'claim_booked')
  return { appointmentAt: at, proposed }
}

// --- the shop's "On the way" -------------------------------------------------------------------------------------

/**
 * The shop's technician leaves for a mobile appointment: the time is recorded once, audited, and the customer is
 * texted. Another group's job is a 404; a job that is not a mobile one with a time given, or is done, is refused.
 */
export async function markOnTheWay(input: { groupId: string; actorId: string; claimId: string }, now = new Date()) {
  const job = shopJob(input.groupId, input.claimId)
  if (job.technicianOnTheWayAt)
    throw RuleError.from({ title: 'Already on the way', description: TEXT_MESSAGES.onTheWayAlready }, { status: 409 })
  if (job.completed || !job.place.mobile || !job.appointmentAt) {
    throw RuleError.from({ title: 'Not a mobile appointment', description: TEXT_MESSAGES.onTheWayNotMobile }, { status: 409 })
  }
  const at = now.toISOString()
  transaction((tx) => {
    const changed = tx
      .update(claims)
      .set({ technicianOnTheWayAt: at })
      .where(
        and(
          eq(claims.id, job.id),
          eq(claims.assignedPartnerGroupId, input.groupId),
          eq(claims.approvalStatus, 'approved'),
          isNull(claims.technicianOnTheWayAt),
        ),
      )
      .run().changes
    if (!changed) throw RuleError.from({ title: 'Already on the way', description: TEXT_MESSAGES.onTheWayAlready }, { status: 409 })
    recordAudit(tx, { actor: input.actorId, action: 'claim.technician_on_the_way', entityId: job.id, detail: { at } })
  })
  await textClaimStep(job.id, 'claim_on_the_way')
  return at
}

function placeOf(claim: Pick<Claim, 'serviceAt' | 'serviceAddress'>, location: { name: string; address: string | null } | null) {
  if (claim.serviceAt === 'mobile') return `Mobile service at ${claim.serviceAddress}`
  return location?.address ? `At the shop, ${location.address}` : 'At the shop'
}

function locationOf(claim: Pick<Claim, 'chosenLocationId'>) {
  if (!claim.chosenLocationId) return null
  const row = db().select().from(partnerLocations).where(eq(partnerLocations.id, claim.chosenLocationId)).get()
  return row
    ? {
        name: row.name,
        phone: row.phone,
        address: locationAddress(row) || null,
      }
    : null
}

/** The customer hears the time the shop gave (and whether they may still ask for another). */
async function emailCustomer(claimId: string) {
  const context = claimContext(claimId)
  if (!context?.claim.appointmentAt) return
  const { claim, profile, partnerGroup } = context
  const location = locationOf(claim)
  const messages = toClaimant(profile, {
    ...(await appointmentEmail({
      confirmationCode: claim.confirmationCode,
      shop: location?.name ?? partnerGroup?.name ?? 'Your shop',
      shopPhone: location?.phone ?? partnerGroup?.phone ?? null,
      appointmentAt: claim.appointmentAt!,
      proposed: claim.appointmentProposed,
      place: placeOf(claim, location),
      rescheduleUrl: claim.rescheduleRequestedAt ? null : `${env().APP_URL}${reschedulePath(claim.id)}`,
      claimUrl: claimPageUrl(claim.confirmationCode),
    })),
    tag: 'claim-appointment',
  })
  for (const message of messages) await sendEmail(message)
}

// --- the customer's one request for another time -------------------------------------------------------------

/** The customer's approved claim with a time given, and whether they may still ask for another; not theirs is a 404. */
export function claimForReschedule(profileId: string, claimId: string, now = new Date()) {
  // The one rule for "the customer's claim": a previous owner's claim on a policy that passed to them is not.
  const found = getClaimForProfile(profileId, claimId)
  if (!found) notFound()
  const { claim } = found
  const location = locationOf(claim)
  // The shop's days, where the work is done (docs/decisions/045-appointments-in-the-shops-local-time.md); the form
  // offers these and requestReschedule accepts only these.
  const dates = bookableDates(now, BOOKING_DAYS, shopZoneOf(claim) ?? zoneOfCustomerPolicy(found.policy))
  const group = claim.assignedPartnerGroupId
    ? db().select({ name: partnerGroups.name }).from(partnerGroups).where(eq(partnerGroups.id, claim.assignedPartnerGroupId)).get()
    : undefined
  return {
    claim,
    shop: location?.name ?? group?.name ?? 'your shop',
    dates,
    /** Why the customer may not ask (null: they may). */
    refusal:
      claim.rescheduleRequestedAt !== null
        ? APPOINTMENT_MESSAGES.rescheduleOnce
        : claim.approvalStatus !== 'approved' || !claim.appointmentAt
          ? APPOINTMENT_MESSAGES.rescheduleNothing
          : null,
  }
}

/**
 * The customer asks for another day and half day, once: the time given is cleared (the job is new again on the shop's
 * list), the request is audited, and the shop is e-mailed. A second request is refused.
 */
export async function requestReschedule(
  input: { profileId: string; claimId: string; preferredDate: string; preferredSlot: TimeSlot },
  now = new Date(),
) {
  const { claim, refusal, dates } = claimForReschedule(input.profileId, input.claimId, now)
  if (refusal)
    throw RuleError.from(
      { title: APPOINTMENT_MESSAGES.rescheduleCorrect.title, description: refusal },
      { field: 'preferredDate', status: 409 },
    )
  if (!dates.includes(input.preferredDate)) {
    throw RuleError.from(
      { title: APPOINTMENT_MESSAGES.rescheduleCorrect.title, description: SHOP_CHOICE_MESSAGES.chooseDay },
      { field: 'preferredDate' },
    )
  }
  const previous = claim.appointmentAt!
  transaction((tx) => {
    const changed = tx
      .update(claims)
      .set({
        preferredDate: input.preferredDate,
        preferredSlot: input.preferredSlot,
        appointmentAt: null,
        appointmentConfirmedAt: null,
        appointmentProposed: false,
        rescheduleRequestedAt: now.toISOString(),
      })
      // Once: decided again here, so two tabs cannot both ask.
      .where(and(eq(claims.id, claim.id), eq(claims.approvalStatus, 'approved'), isNull(claims.rescheduleRequestedAt)))
      .run().changes
    if (!changed) {
      throw RuleError.from(
        { title: APPOINTMENT_MESSAGES.rescheduleCorrect.title, description: APPOINTMENT_MESSAGES.rescheduleOnce },
        { field: 'preferredDate', status: 409 },
      )
    }
    recordAudit(tx, {
      actor: input.profileId,
      action: 'claim.reschedule_requested',
      entityId: claim.id,
      detail: { previous, preferredDate: input.preferredDate, preferredSlot: input.preferredSlot },
    })
  })
  await emailShop(claim.id, input.profileId, previous)
}

/** The group hears that the customer asks for another time; whether it went out is audited, as for new jobs. */
function emailShop(claimId: string, actorId: string, previous: string) {
  return tellTheShop(claimId, actorId, {
    tag: 'claim-reschedule-requested',
    about: 'another time',
    compose: ({ claim, profile, partnerGroup }) =>
      rescheduleRequestedEmail({
        partnerGroup: partnerGroup.name,
        confirmationCode: claim.confirmationCode,
        customerName: claimantName(profile),
        customerPhone: profile?.phone ? formatPhone(profile.phone) : null,
        previous,
        preferredDate: claim.preferredDate!,
        preferredSlot: claim.preferredSlot!,
        jobUrl: `${env().APP_URL}${shopJobPath(claim.id)}`,
      }),
  })
}
