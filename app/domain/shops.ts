import { dayAfter, dayOf, startOfDayIn, weekdayOf } from './calendar'
import type { DamageType } from './claims'
import { formatLongDate } from './format'

/** What a partner location can do for a claim; a location offers each service or not (three flags on its row). */
export const SHOP_SERVICES = ['chip_repair', 'replacement', 'calibration'] as const
export type ShopService = (typeof SHOP_SERVICES)[number]

export const SHOP_SERVICE_NAMES: Record<ShopService, string> = {
  chip_repair: 'Chip repair',
  replacement: 'Windshield replacement',
  calibration: 'ADAS calibration',
}

export type ServiceFlags = { offersChipRepair: boolean; offersReplacement: boolean; offersCalibration: boolean }

/**
 * The services a claim needs from its shop: a chip is repaired; a crack means a new windshield, and on a plan with ADAS
 * the cameras behind it must be recalibrated afterwards, so the shop must offer calibration too.
 */
export function servicesNeeded(claim: { damageType: DamageType; hasAdas: boolean }): ShopService[] {
  if (claim.damageType === 'chip') return ['chip_repair']
  return claim.hasAdas ? ['replacement', 'calibration'] : ['replacement']
}

export function servicesOffered(location: ServiceFlags): ShopService[] {
  return SHOP_SERVICES.filter(
    (service) =>
      (service === 'chip_repair' && location.offersChipRepair) ||
      (service === 'replacement' && location.offersReplacement) ||
      (service === 'calibration' && location.offersCalibration),
  )
}

export function offersAll(location: ServiceFlags, needed: readonly ShopService[]) {
  const offered = servicesOffered(location)
  return needed.every((service) => offered.includes(service))
}

export type LatLng = { latitude: number; longitude: number }

const EARTH_RADIUS_MILES = 3958.8

/** The great-circle distance between two points, in miles (haversine): ZIP centroids are ~1 mile apart, so this is plenty. */
export function milesBetween(a: LatLng, b: LatLng) {
  const radians = (degrees: number) => (degrees * Math.PI) / 180
  const dLat = radians(b.latitude - a.latitude)
  const dLng = radians(b.longitude - a.longitude)
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLng / 2) ** 2
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)))
}

/**
 * The places nearest the origin first (ties by name), each with its distance rounded to a tenth of a mile; places whose
 * position is unknown are left out, and at most `limit` are kept.
 */
export function rankByDistance<T extends { name: string; position: LatLng | null }>(origin: LatLng, places: T[], limit = 5) {
  return places
    .flatMap((place) => (place.position ? [{ ...place, miles: Math.round(milesBetween(origin, place.position) * 10) / 10 }] : []))
    .sort((a, b) => a.miles - b.miles || a.name.localeCompare(b.name))
    .slice(0, limit)
}

/** A location's address on one line: '11 N Main St, Moab, UT 84532' (empty when it has none). */
export function locationAddress(location: { address: string | null; city: string | null; state: string | null; zip: string | null }) {
  return [location.address, location.city, [location.state, location.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ')
}

/**
 * A link that opens an address in a maps app or site, for a customer on their way to a shop. Only the shop's address
 * goes in it, never the customer's.
 */
export function mapLink(address: string) {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`
}

/**
 * The farthest a location may be from the customer and still be offered or assigned as "near" them, in miles (great
 * circle, ZIP centroid to ZIP centroid). 100 miles is about a two-hour drive: the most we ask of someone bringing a car
 * in for a covered repair, and wider than any partner's mobile radius. Farther, nothing is "near": the operator picks a
 * place with the customer, or recruits one (the customer's page and the operator's form both say so).
 */
export const NEAREST_SHOP_MILES = 100

/** How a customer reaches a shop: its name, phone and the addresses of its places (a group may have several). */
export type ShopContact = { name: string; phone: string | null; places: { name: string; address: string; phone: string | null }[] }

/** The most places of a group a claim card or e-mail lists. */
export const SHOP_CONTACT_PLACES = 3

export const ZIP_PATTERN = /^\d{5}$/

/** When the customer would like the work done: a day and half of it; the shop confirms an exact time. */
export const TIME_SLOTS = ['morning', 'afternoon'] as const
export type TimeSlot = (typeof TIME_SLOTS)[number]
export const TIME_SLOT_NAMES: Record<TimeSlot, string> = { morning: 'Morning (8–12)', afternoon: 'Afternoon (12–5)' }

/** Where the work is done: at the shop, or by its mobile service at an address the customer gives. */
export const SERVICE_PLACES = ['shop', 'mobile'] as const
export type ServicePlace = (typeof SERVICE_PLACES)[number]

/** How many days ahead a customer may ask for, starting tomorrow. */
export const BOOKING_DAYS = 10

/**
 * The days a customer may choose from (YYYY-MM-DD): tomorrow and the days after, Sundays left out, counted from the
 * day `zone`'s clock shows (the customer's): at 11 PM in Chicago the UTC day is already tomorrow, and counting from it
 * would make the day after tomorrow the first one offered.
 */
export function bookableDates(now: Date, days = BOOKING_DAYS, zone = 'UTC') {
  const dates: string[] = []
  const today = dayOf(now, zone)
  for (let offset = 1; dates.length < days && offset <= days * 2; offset++) {
    const day = dayAfter(today, offset)
    if (weekdayOf(day) !== 0) dates.push(day)
  }
  return dates
}

/** A shop's application to join the network (shop_applications.status): waiting for the operator, or answered. */
export const SHOP_APPLICATION_STATUSES = ['pending', 'approved', 'declined'] as const
export type ShopApplicationStatus = (typeof SHOP_APPLICATION_STATUSES)[number]
export const SHOP_APPLICATION_STATUS_LABELS: Record<ShopApplicationStatus, string> = {
  pending: 'Waiting for review',
  approved: 'Approved',
  declined: 'Declined',
}

/**
 * A location's booking as the customer choosing it sees it: the days offered with room left at its daily capacity,
 * the full ones, and an honest place in its line with the range of days the customer's turn may come (the jobs ahead
 * of them over the jobs it takes a day, from its first day with room). A location that set no capacity has room every
 * day and no line to tell.
 */
export type Booking = {
  freeDates: string[]
  fullDates: string[]
  line: { place: number; from: string; until: string } | null
}

export function bookingOutlook(
  dates: readonly string[],
  dailyCapacity: number | null,
  booked: ReadonlyMap<string, number>,
  openJobs: number,
): Booking {
  if (dailyCapacity === null) return { freeDates: [...dates], fullDates: [], line: null }
  const freeDates = dates.filter((date) => (booked.get(date) ?? 0) < dailyCapacity)
  const fullDates = dates.filter((date) => !freeDates.includes(date))
  const from = freeDates[0]
  if (!from) return { freeDates, fullDates, line: null }
  // The customer's turn comes on the day the jobs ahead are done, and not before the first day with room.
  const turn = lineTurn(dates[0]!, openJobs, dailyCapacity)
  const until = turn > from ? turn : from
  return { freeDates, fullDates, line: { place: openJobs + 1, from, until } }
}

/**
 * The day a job's turn comes in a location's line: the line is worked from `firstDay`, `dailyCapacity` jobs a working
 * day (Sundays are not worked), and the job comes after the `jobsAhead` before it.
 */
function lineTurn(firstDay: string, jobsAhead: number, dailyCapacity: number) {
  const daysAhead = Math.floor(jobsAhead / dailyCapacity)
  return bookableDates(startOfDayIn(dayAfter(firstDay, -1)), daysAhead + 1).at(-1)!
}

/**
 * The place in line of a customer who has chosen a location, told as it was while choosing: the jobs ahead of theirs
 * (chosen before it and not done) over the jobs the location takes a day, worked from the first day offered now. The
 * range starts at the day they asked for (or that first day, if it has passed) and ends when the jobs ahead are done.
 * `zone` is the location's, whose days were offered (docs/decisions/045-appointments-in-the-shops-local-time.md).
 */
export function placeInLine(jobsAhead: number, dailyCapacity: number, preferredDate: string | null, now: Date, zone = 'UTC') {
  const first = bookableDates(now, 1, zone)[0]!
  const from = preferredDate && preferredDate > first ? preferredDate : first
  const turn = lineTurn(first, jobsAhead, dailyCapacity)
  return { place: jobsAhead + 1, from, until: turn > from ? turn : from }
}

/** The option to leave the choice of shop to the customer, in the operator's approval form. */
export const CUSTOMER_CHOOSES_SHOP = 'customer-chooses'

/**
 * The hours of each half day, on the clock where the work is done: a confirmed appointment starts inside the window
 * asked for (from the first hour, before the last). Appointment times carry no zone: see
 * docs/decisions/045-appointments-in-the-shops-local-time.md.
 */
export const SLOT_HOURS: Record<TimeSlot, { from: number; until: number }> = {
  morning: { from: 8, until: 12 },
  afternoon: { from: 12, until: 17 },
}

/** The hours a shop may propose another time in (its working day, widely taken). */
export const PROPOSAL_HOURS = { from: 7, until: 20 }

/** How many days ahead a shop may propose another day. */
export const PROPOSAL_DAYS = 30

export const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/

/** Minutes after midnight of an 'HH:MM' time. */
export function minutesOf(time: string) {
  const [hours, minutes] = time.split(':').map(Number)
  return hours! * 60 + minutes!
}

/** Whether an 'HH:MM' time starts inside the half day's window. */
export function insideSlot(slot: TimeSlot, time: string) {
  const { from, until } = SLOT_HOURS[slot]
  const minutes = minutesOf(time)
  return minutes >= from * 60 && minutes < until * 60
}

/** An appointment as stored: 'YYYY-MM-DDTHH:MM'. */
export function appointmentValue(date: string, time: string) {
  return `${date}T${time}`
}

/** The appointment's date and time, split back ('2026-12-08T09:30' → date and '09:30'). */
export function appointmentParts(value: string) {
  return { date: value.slice(0, 10), time: value.slice(11, 16) }
}

/** '9:30 AM' from '09:30': how the shop and the customer read a time. */
export function formatClockTime(time: string) {
  const minutes = minutesOf(time)
  const hours = Math.floor(minutes / 60)
  const suffix = hours < 12 ? 'AM' : 'PM'
  return `${((hours + 11) % 12) + 1}:${String(minutes % 60).padStart(2, '0')} ${suffix}`
}

/** 'December 8, 2026 at 9:30 AM' from '2026-12-08T09:30'. */
export function describeAppointment(value: string) {
  const { date, time } = appointmentParts(value)
  return `${formatLongDate(date, date)} at ${formatClockTime(time)}`
}

/** The ADAS camera calibration the shop did after the work (none for most repairs). */
export const ADAS_CALIBRATIONS = ['none', 'static', 'dynamic', 'both'] as const
export type AdasCalibration = (typeof ADAS_CALIBRATIONS)[number]
export const ADAS_CALIBRATION_NAMES: Record<AdasCalibration, string> = {
  none: 'None',
  static: 'Static',
  dynamic: 'Dynamic',
  both: 'Static and dynamic',
}

/** The most labor hours a job may record. */
export const MAX_LABOR_HOURS = 24

/** How many finished jobs a shop's list shows (the newest): the rest are on the partner statements. */
export const DONE_SHOWN = 50
