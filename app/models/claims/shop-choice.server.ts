import { and, asc, count, eq, inArray, isNotNull, isNull, lt, ne, or } from 'drizzle-orm'

import { db, transaction } from '~/db/client.server'
import { type Claim, claims, partnerGroups, type PartnerLocation, partnerLocations, profiles } from '~/db/schema'
import { SERVICE_ZONE } from '~/domain/calendar'
import { RuleError } from '~/domain/errors'
import { formatLongDate } from '~/domain/format'
import { SHOP_CHOICE_MESSAGES, SHOP_LOCATION_MESSAGES, STORM_MESSAGES } from '~/domain/messages'
import { formatPhone } from '~/domain/phones'
import { EMPTY_FIGURE, type OnTimeForCustomers, onTimeForCustomers } from '~/domain/scorecards'
import {
  bookableDates,
  type Booking,
  BOOKING_DAYS,
  bookingOutlook,
  locationAddress,
  milesBetween,
  NEAREST_SHOP_MILES,
  offersAll,
  placeInLine,
  rankByDistance,
  type ServicePlace,
  servicesNeeded,
  type ShopService,
  type TimeSlot,
} from '~/domain/shops'
import { getClaimForProfile, shopAssignedEmailFor, tellTheShop } from '~/models/claims/claims.server'
import { decidedClaim } from '~/models/claims/claims-read.server'
import { recordAudit } from '~/models/operations/audit.server'
import { groupsOfferedJobs, scheduleInForce } from '~/models/shops/price-schedule.server'
import { NO_RATINGS, type RatingSummary, ratingSummaryByLocation } from '~/models/shops/shop-ratings.server'
import { onTimeOfGroups } from '~/models/shops/shop-scorecards.server'
import { zipPlace, zoneOfZip } from '~/services/zip-centroids.server'
import { notFound } from '~/utils/refusal'

/**
 * The customer chooses the shop (when the operator left the choice to them at approval): the nearest active locations
 * offering what the claim needs, then a day, morning or afternoon, and the shop or its mobile service.
 */

/** A refusal of the choice, told next to its field. */
function refuse(field: string, description: string, status = 400) {
  return RuleError.from({ title: SHOP_CHOICE_MESSAGES.correct.title, description }, { field, status })
}

/** How many shops the customer is shown. */
export const SHOPS_SHOWN = 5

/** An approved claim whose operator left the shop to the customer, who has not chosen yet. */
export function awaitsShopChoice(claim: Pick<Claim, 'approvalStatus' | 'assignedPartnerGroupId' | 'chosenLocationId'>) {
  return claim.approvalStatus === 'approved' && !claim.assignedPartnerGroupId && !claim.chosenLocationId
}

export type ShopOption = {
  id: string
  name: string
  groupName: string
  address: string
  phone: string | null
  hours: string | null
  mobileService: boolean
  mobileRadiusMiles: number | null
  /** Whether its mobile service reaches the customer's ZIP. */
  mobileReaches: boolean
  miles: number
  /** Its days with room, its full days and the customer's place in its line (domain/shops: bookingOutlook). */
  booking: Booking
  /** Its group's on-time rate from the scorecards, or that the group is too new to judge. */
  onTime: OnTimeForCustomers
  /** Every rating of the location by its customers: the average, how many, the latest comments (app/domain/ratings.ts). */
  ratings: RatingSummary
}

function addressOf(location: Pick<PartnerLocation, 'address' | 'city' | 'state' | 'zip'>) {
  return locationAddress(location)
}

/**
 * Every active location of an active group that has a ZIP, offers the services needed and whose group accepted the
 * price schedule in force, with its position.
 */
function candidateLocations(needed: readonly ShopService[], now = new Date()) {
  const offered = groupsOfferedJobs(now)
  return db()
    .select({ location: partnerLocations, groupName: partnerGroups.name })
    .from(partnerLocations)
    .innerJoin(partnerGroups, eq(partnerGroups.id, partnerLocations.partnerGroupId))
    .where(and(eq(partnerLocations.isActive, true), eq(partnerGroups.isActive, true), isNotNull(partnerLocations.zip)))
    .orderBy(asc(partnerLocations.name))
    .all()
    .filter(({ location }) => offersAll(location, needed) && (offered === null || offered.has(location.partnerGroupId ?? '')))
    .map(({ location, groupName }) => ({ location, groupName, name: location.name, position: zipPlace(location.zip) }))
}

/**
 * The nearest shops to a ZIP that offer what the claim needs and have room on at least one of the days offered (a
 * location full on every day is not offered), none farther than NEAREST_SHOP_MILES; null when the ZIP is not a known US
 * ZIP.
 */
export function nearestShops(needed: readonly ShopService[], zip: string, limit = SHOPS_SHOWN, now = new Date()): ShopOption[] | null {
  const origin = zipPlace(zip)
  if (!origin) return null
  const dates = bookingDaysNear(zip, now)
  const shops: Omit<ShopOption, 'onTime' | 'ratings'>[] = []
  const groupOf = new Map<string, string>()
  // Nearest first, past the full ones: the bookings of only the locations looked at are read.
  for (const { location, groupName, miles } of rankByDistance(origin, candidateLocations(needed, now), Number.POSITIVE_INFINITY)) {
    // Nearest first: past the limit, nothing after is near either.
    if (miles > NEAREST_SHOP_MILES) break
    const booking = bookingOutlook(dates, location.dailyCapacity, bookingsOf(location.id, dates), openJobsAt(location.id))
    if (!booking.freeDates.length) continue
    shops.push({
      id: location.id,
      name: location.name,
      groupName,
      address: addressOf(location),
      phone: location.phone,
      hours: location.hours,
      mobileService: location.mobileService,
      mobileRadiusMiles: location.mobileRadiusMiles,
      mobileReaches: location.mobileService && miles <= (location.mobileRadiusMiles ?? 0),
      miles,
      booking,
    })
    if (location.partnerGroupId) groupOf.set(location.id, location.partnerGroupId)
    if (shops.length === limit) break
  }
  const onTime = onTimeOfGroups([...groupOf.values()], now)
  const ratings = ratingSummaryByLocation(
    db(),
    shops.map((shop) => shop.id),
  )
  return shops.map((shop) => ({
    ...shop,
    onTime: onTimeForCustomers(onTime.get(groupOf.get(shop.id) ?? '') ?? EMPTY_FIGURE),
    ratings: ratings.get(shop.id) ?? NO_RATINGS,
  }))
}

/** How many jobs a location has booked on each of these days (the day the customer asked for; denied claims free theirs). */
export function bookingsOf(locationId: string, dates: readonly string[], database: Pick<ReturnType<typeof db>, 'select'> = db()) {
  const rows = database
    .select({ date: claims.preferredDate, jobs: count() })
    .from(claims)
    .where(and(eq(claims.chosenLocationId, locationId), inArray(claims.preferredDate, [...dates]), decidedClaim()))
    .groupBy(claims.preferredDate)
    .all()
  return new Map(rows.map((row) => [row.date!, row.jobs]))
}

/** The location's line: its jobs approved and not yet completed. */
export function openJobsAt(locationId: string) {
  return (
    db()
      .select({ jobs: count() })
      .from(claims)
      .where(and(eq(claims.chosenLocationId, locationId), eq(claims.approvalStatus, 'approved')))
      .get()?.jobs ?? 0
  )
}

/**
 * The line of the location a customer chose for a storm claim (approved, the shop not yet giving a time): their place
 * and the days their turn may come, as they were told while choosing. Ahead of them: the location's open jobs whose
 * shop was chosen before theirs (or given by the operator, with no time of choosing). Null outside a storm, at a
 * location with no daily capacity, and once the shop has given a time (that time is the answer then).
 */
export function lineAfterChoosing(
  claim: Pick<Claim, 'id' | 'approvalStatus' | 'stormEventId' | 'chosenLocationId' | 'shopChosenAt' | 'preferredDate' | 'appointmentAt'>,
  now = new Date(),
) {
  if (claim.approvalStatus !== 'approved' || !claim.stormEventId || !claim.chosenLocationId || claim.appointmentAt) return null
  const capacity = db()
    .select({ dailyCapacity: partnerLocations.dailyCapacity })
    .from(partnerLocations)
    .where(eq(partnerLocations.id, claim.chosenLocationId))
    .get()?.dailyCapacity
  if (!capacity) return null
  const chosenBefore = claim.shopChosenAt
    ? or(isNull(claims.shopChosenAt), lt(claims.shopChosenAt, claim.shopChosenAt))
    : isNull(claims.shopChosenAt)
  const ahead =
    db()
      .select({ jobs: count() })
      .from(claims)
      .where(
        and(
          eq(claims.chosenLocationId, claim.chosenLocationId),
          eq(claims.approvalStatus, 'approved'),
          ne(claims.id, claim.id),
          chosenBefore,
        ),
      )
      .get()?.jobs ?? 0
  return placeInLine(
    ahead,
    capacity,
    claim.preferredDate,
    now,
    shopZoneOf({ chosenLocationId: claim.chosenLocationId, assignedPartnerGroupId: null }) ?? SERVICE_ZONE,
  )
}

/**
 * The days a customer may ask a shop near `zip` for, counted on that place's clock (the ZIP's zone), where the work is
 * done (docs/decisions/045-appointments-in-the-shops-local-time.md): every shop offered is within NEAREST_SHOP_MILES
 * of it, and one list serves them all. At 11 PM in Chicago the first day is tomorrow in Chicago, not the day after, as
 * counting from the UTC day made it. The choose-shop page offers these and chooseShop accepts only these.
 */
export function bookingDaysNear(zip: string, now = new Date()) {
  return bookableDates(now, BOOKING_DAYS, zoneOfZip(zip) ?? SERVICE_ZONE)
}

/** The ZIP the customer last gave (choosing a shop, or where the vehicle is kept when filing), or null. */
export function savedZipOf(profileId: string) {
  return db().select({ zip: profiles.zip }).from(profiles).where(eq(profiles.id, profileId)).get()?.zip ?? null
}

/** The customer's claim awaiting their choice, with what it needs; a claim not theirs is a 404. */
export function claimForShopChoice(profileId: string, claimId: string) {
  const found = getClaimForProfile(profileId, claimId)
  if (!found) notFound()
  return {
    claim: found.claim,
    awaiting: awaitsShopChoice(found.claim),
    needed: servicesNeeded({ damageType: found.claim.damageType, hasAdas: Boolean(found.policy.hasAdas) }),
    savedZip: savedZipOf(profileId),
  }
}

export type ShopChoice = {
  profileId: string
  claimId: string
  zip: string
  locationId: string
  preferredDate: string
  preferredSlot: TimeSlot
  serviceAt: ServicePlace
  serviceAddress: string | null
}

/**
 * Records the customer's shop, day and place; the claim goes to that location's group, the ZIP is remembered, the
 * choice is audited and the shop is e-mailed. Every refusal names its field.
 */
export async function chooseShop(input: ShopChoice, now = new Date()) {
  const { claim, awaiting, needed } = claimForShopChoice(input.profileId, input.claimId)
  if (!awaiting) throw refuse('locationId', SHOP_CHOICE_MESSAGES.alreadyChosen, 409)
  const origin = zipPlace(input.zip)
  if (!origin) throw refuse('zip', SHOP_CHOICE_MESSAGES.unknownZip)
  const candidate = candidateLocations(needed, now).find(({ location }) => location.id === input.locationId)
  if (!candidate?.position) throw refuse('locationId', SHOP_CHOICE_MESSAGES.chooseShop)
  const { location } = candidate
  // The list offers none farther; a hand-made post may name one.
  if (milesBetween(origin, candidate.position) > NEAREST_SHOP_MILES) {
    throw refuse('locationId', SHOP_CHOICE_MESSAGES.tooFar(location.name, NEAREST_SHOP_MILES))
  }
  // The same days the list offered for this ZIP, counted on the same clock.
  const dates = bookingDaysNear(input.zip, now)
  if (!dates.includes(input.preferredDate)) {
    throw refuse('preferredDate', SHOP_CHOICE_MESSAGES.chooseDay)
  }
  const dayFull = (database: Pick<ReturnType<typeof db>, 'select'>) => {
    const booked = bookingsOf(location.id, dates, database)
    if (location.dailyCapacity === null || (booked.get(input.preferredDate) ?? 0) < location.dailyCapacity) return null
    const firstFree = bookingOutlook(dates, location.dailyCapacity, booked, 0).freeDates[0]
    return refuse('preferredDate', STORM_MESSAGES.dayFull(location.name, firstFree ? formatLongDate(firstFree) : null), 409)
  }
  const full = dayFull(db())
  if (full) throw full
  if (input.serviceAt === 'mobile') {
    if (!location.mobileService || milesBetween(origin, candidate.position) > (location.mobileRadiusMiles ?? 0)) {
      throw refuse('serviceAt', SHOP_CHOICE_MESSAGES.mobileOutOfReach(location.name))
    }
    if (!input.serviceAddress) throw refuse('serviceAddress', SHOP_CHOICE_MESSAGES.addressRequired)
  }
  const chosen = transaction((tx) => {
    // Counted again where the booking is written: two customers taking a location's last place that day cannot both have it.
    const fullNow = dayFull(tx)
    if (fullNow) throw fullNow
    const row = tx
      .update(claims)
      .set({
        assignedPartnerGroupId: location.partnerGroupId,
        chosenLocationId: location.id,
        preferredDate: input.preferredDate,
        preferredSlot: input.preferredSlot,
        serviceAt: input.serviceAt,
        serviceAddress: input.serviceAt === 'mobile' ? input.serviceAddress : null,
        shopChosenAt: now.toISOString(),
        // The job is given under the schedule in force now: its price comes from this version (decision 087).
        priceScheduleId: scheduleInForce(now, tx)?.id ?? null,
      })
      // Decided again here: two tabs choosing at once must not both win.
      .where(and(eq(claims.id, claim.id), eq(claims.approvalStatus, 'approved'), isNull(claims.assignedPartnerGroupId)))
      .returning()
      .get()
    if (!row) throw refuse('locationId', SHOP_CHOICE_MESSAGES.alreadyChosen, 409)
    tx.update(profiles).set({ zip: input.zip }).where(eq(profiles.id, input.profileId)).run()
    recordAudit(tx, {
      actor: input.profileId,
      action: 'claim.shop_chosen',
      entityId: claim.id,
      detail: {
        location: location.name,
        locationId: location.id,
        preferredDate: input.preferredDate,
        preferredSlot: input.preferredSlot,
        serviceAt: input.serviceAt,
      },
    })
    return row
  })
  await emailChosenShop(chosen.id, input.profileId)
  return { claim: chosen, location }
}

/** The chosen location's group hears of the job with the day and place asked for; whether it went out is audited. */
function emailChosenShop(claimId: string, actorId: string) {
  return tellTheShop(claimId, actorId, {
    tag: 'claim-assigned-shop',
    compose: (context) => {
      const { claim, profile } = context
      const location = claim.chosenLocationId
        ? db().select().from(partnerLocations).where(eq(partnerLocations.id, claim.chosenLocationId)).get()
        : undefined
      return shopAssignedEmailFor(
        context,
        location
          ? {
              location: location.name,
              preferredDate: claim.preferredDate!,
              preferredSlot: claim.preferredSlot!,
              place: claim.serviceAt === 'mobile' ? `Mobile service at ${claim.serviceAddress}` : 'At the shop',
              customerPhone: profile?.phone ? formatPhone(profile.phone) : null,
            }
          : undefined,
      )
    },
  })
}

/**
 * The time zone of the place a claim's work is done, to read its wall-clock appointment in (decision 045): the chosen
 * location's ZIP, else the first active location of the assigned group that has one. Null when no place has a ZIP.
 */
export function shopZoneOf(claim: Pick<Claim, 'chosenLocationId' | 'assignedPartnerGroupId'>): string | null {
  const where = claim.chosenLocationId
    ? eq(partnerLocations.id, claim.chosenLocationId)
    : claim.assignedPartnerGroupId
      ? and(
          eq(partnerLocations.partnerGroupId, claim.assignedPartnerGroupId),
          eq(partnerLocations.isActive, true),
          isNotNull(partnerLocations.zip),
        )
      : null
  if (!where) return null
  const place = db().select({ zip: partnerLocations.zip }).from(partnerLocations).where(where).orderBy(asc(partnerLocations.name)).get()
  return zoneOfZip(place?.zip)
}

/** Where the customer is, to find a shop near: the ZIP the vehicle is kept at on the claim, else the one on their account. */
function customerPlaceOf(claim: Pick<Claim, 'vehicleZip' | 'filedByProfileId'>) {
  const zip = claim.vehicleZip ?? (claim.filedByProfileId ? savedZipOf(claim.filedByProfileId) : null)
  return zip ? zipPlace(zip) : null
}

/**
 * A group's active locations for the operator's approval form, each with its distance from the customer (null when
 * either place is unknown), nearest first.
 */
export function groupLocationsFor(
  claim: Pick<Claim, 'vehicleZip' | 'filedByProfileId'>,
  groupIds: readonly string[],
  database: Pick<ReturnType<typeof db>, 'select'> = db(),
) {
  if (!groupIds.length) return []
  const origin = customerPlaceOf(claim)
  return database
    .select()
    .from(partnerLocations)
    .where(and(inArray(partnerLocations.partnerGroupId, [...groupIds]), eq(partnerLocations.isActive, true)))
    .orderBy(asc(partnerLocations.name))
    .all()
    .map((location) => {
      const position = zipPlace(location.zip)
      const miles = origin && position ? Math.round(milesBetween(origin, position) * 10) / 10 : null
      return { location, miles }
    })
    .sort(
      (a, b) =>
        (a.miles ?? Number.POSITIVE_INFINITY) - (b.miles ?? Number.POSITIVE_INFINITY) || a.location.name.localeCompare(b.location.name),
    )
}

/**
 * The location of the group the operator assigns that does the work, so the customer and the shop see one place: the one
 * the operator picked (of this group), else the group's nearest to the customer within NEAREST_SHOP_MILES. When that
 * cannot be told — the customer's place is unknown and the group has several, or none is near — the operator is asked to
 * pick (a RuleError on `partnerLocationId`). A group with no active location gives none (its own phone is the contact).
 */
export function locationForAssignment(
  claim: Pick<Claim, 'vehicleZip' | 'filedByProfileId'>,
  group: { id: string; name: string },
  pickedLocationId: string | null,
  database: Pick<ReturnType<typeof db>, 'select'> = db(),
): PartnerLocation | null {
  const places = groupLocationsFor(claim, [group.id], database)
  const ask = (description: string) => RuleError.from({ title: SHOP_LOCATION_MESSAGES.title, description }, { field: 'partnerLocationId' })
  if (pickedLocationId) {
    const picked = places.find(({ location }) => location.id === pickedLocationId)
    if (!picked) throw ask(SHOP_LOCATION_MESSAGES.notOfGroup(group.name))
    return picked.location
  }
  if (!places.length) return null
  const origin = customerPlaceOf(claim)
  if (!origin) {
    if (places.length === 1) return places[0]!.location
    throw ask(SHOP_LOCATION_MESSAGES.unknownPlace(group.name))
  }
  const nearest = places[0]!
  if (nearest.miles === null || nearest.miles > NEAREST_SHOP_MILES) {
    throw ask(
      SHOP_LOCATION_MESSAGES.noneNear(
        group.name,
        origin.zip,
        NEAREST_SHOP_MILES,
        nearest.miles === null ? null : { name: nearest.location.name, miles: nearest.miles },
      ),
    )
  }
  return nearest.location
}
