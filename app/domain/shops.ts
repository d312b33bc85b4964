import type { DamageType } from './claims'

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

/** The days a customer may choose from (YYYY-MM-DD, UTC dates): tomorrow and the days after, Sundays left out. */
export function bookableDates(now: Date, days = BOOKING_DAYS) {
  const dates: string[] = []
  for (let offset = 1; dates.length < days && offset <= days * 2; offset++) {
    const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + offset))
    if (day.getUTCDay() !== 0) dates.push(day.toISOString().slice(0, 10))
  }
  return dates
}

/** The option to leave the choice of shop to the customer, in the operator's approval form. */
export const CUSTOMER_CHOOSES_SHOP = 'customer-chooses'
