/**
 * The network's published price schedule: what it pays a shop per service, in versions that each take effect on a date
 * and are never edited once published (a new version replaces the one in force). Which version is in force at a moment,
 * the dates the operator may choose, and what a job pays under a version. Pure, safe in the browser.
 */
import { addCalendarDays, dayOf, startOfDayIn } from './calendar'
import { formatPrice } from './format'

/** A new version is announced this many days before it takes effect (the shops' notice); the very first one takes effect at once. */
export const SCHEDULE_NOTICE_DAYS = 30

/** The services a schedule prices, in the order the pages list them. */
export const SCHEDULE_SERVICES = [
  'chipRepair',
  'replacementCar',
  'replacementCarAdas',
  'replacementTrucksuv',
  'replacementTrucksuvAdas',
  'calibrationStatic',
  'calibrationDynamic',
  'mobileSurcharge',
] as const
export type ScheduleService = (typeof SCHEDULE_SERVICES)[number]

/** A schedule's amounts, in cents. */
export type ScheduleAmounts = Record<ScheduleService, number>

export const SCHEDULE_SERVICE_LABELS: Record<ScheduleService, string> = {
  chipRepair: 'Chip repair',
  replacementCar: 'Replacement, car, no ADAS',
  replacementCarAdas: 'Replacement, car, with ADAS',
  replacementTrucksuv: 'Replacement, truck/SUV, no ADAS',
  replacementTrucksuvAdas: 'Replacement, truck/SUV, with ADAS',
  calibrationStatic: 'Static calibration',
  calibrationDynamic: 'Dynamic calibration',
  mobileSurcharge: 'Mobile service surcharge',
}

/**
 * The bounds each amount must sit within, in cents: wide enough for any US market, narrow enough that a slipped digit
 * (a windshield at $45,000, a chip at 5 cents) is refused. A surcharge may be nothing; a service is never free.
 */
export const SCHEDULE_BOUNDS: Record<ScheduleService, { min: number; max: number }> = {
  chipRepair: { min: 1_000, max: 30_000 },
  replacementCar: { min: 5_000, max: 300_000 },
  replacementCarAdas: { min: 5_000, max: 300_000 },
  replacementTrucksuv: { min: 5_000, max: 300_000 },
  replacementTrucksuvAdas: { min: 5_000, max: 300_000 },
  calibrationStatic: { min: 1_000, max: 150_000 },
  calibrationDynamic: { min: 1_000, max: 150_000 },
  mobileSurcharge: { min: 0, max: 20_000 },
}

/** What the rules need of a published version. */
export type ScheduleVersion = ScheduleAmounts & { id: string; version: number; effectiveAt: string }

/**
 * The version in force at `now`: the latest to have taken effect. Null before the first is published (there is then
 * nothing for a shop to accept, and no price to hold an invoice against).
 */
export function versionInForce<V extends Pick<ScheduleVersion, 'version' | 'effectiveAt'>>(versions: readonly V[], now: Date): V | null {
  let found: V | null = null
  for (const version of versions) {
    if (version.effectiveAt > now.toISOString()) continue
    if (!found || version.version > found.version) found = version
  }
  return found
}

/** The version published but not yet in force (at most one waits: a newer one replaces it), or null. */
export function pendingVersion<V extends Pick<ScheduleVersion, 'version' | 'effectiveAt'>>(versions: readonly V[], now: Date): V | null {
  const inForce = versionInForce(versions, now)
  let found: V | null = null
  for (const version of versions) {
    if (version.effectiveAt <= now.toISOString() || (inForce && version.version < inForce.version)) continue
    if (!found || version.version > found.version) found = version
  }
  return found
}

/** The earliest day (YYYY-MM-DD, UTC) a new version may take effect when published at `now`: 30 days on. */
export function earliestScheduleDay(now: Date) {
  return dayOf(addCalendarDays(now, SCHEDULE_NOTICE_DAYS))
}

/**
 * When a version published at `now` takes effect: the first at once; any later one at the start (UTC) of the chosen
 * day, which must be at least 30 days on. Returns null when the day is too soon.
 */
export function scheduleEffectiveAt(input: { isFirst: boolean; effectiveOn: string | null; now: Date }): string | null {
  if (input.isFirst) return input.now.toISOString()
  if (!input.effectiveOn || input.effectiveOn < earliestScheduleDay(input.now)) return null
  return startOfDayIn(input.effectiveOn).toISOString()
}

/** What a job is, as its price tells it apart. */
export type PricedJob = {
  repairType: 'repair' | 'replacement'
  /** The policy's vehicle class; unknown is priced as the larger one (the shop is not short-paid for our gap). */
  vehicleType: 'car' | 'trucksuv' | null
  hasAdas: boolean
  adasCalibration: 'none' | 'static' | 'dynamic' | 'both' | null
  mobile: boolean
}

/** The lines of a job's price under a version: the work, each calibration done, the mobile surcharge. */
export function jobPriceLines(schedule: ScheduleAmounts, job: PricedJob): { service: ScheduleService; cents: number }[] {
  const work: ScheduleService =
    job.repairType === 'repair'
      ? 'chipRepair'
      : job.vehicleType === 'car'
        ? job.hasAdas
          ? 'replacementCarAdas'
          : 'replacementCar'
        : job.hasAdas
          ? 'replacementTrucksuvAdas'
          : 'replacementTrucksuv'
  const services: ScheduleService[] = [work]
  if (job.adasCalibration === 'static' || job.adasCalibration === 'both') services.push('calibrationStatic')
  if (job.adasCalibration === 'dynamic' || job.adasCalibration === 'both') services.push('calibrationDynamic')
  if (job.mobile) services.push('mobileSurcharge')
  return services.map((service) => ({ service, cents: schedule[service] }))
}

/** What a job pays under a version, in cents. */
export function jobPriceCents(schedule: ScheduleAmounts, job: PricedJob): number {
  return jobPriceLines(schedule, job).reduce((sum, line) => sum + line.cents, 0)
}

/** 'Replacement, car, with ADAS $450.00 + Static calibration $250.00 = $700.00' */
export function jobPriceInWords(schedule: ScheduleAmounts, job: PricedJob): string {
  const lines = jobPriceLines(schedule, job)
  const parts = lines.map((line) => `${SCHEDULE_SERVICE_LABELS[line.service]} ${formatPrice(line.cents)}`).join(' + ')
  return lines.length > 1 ? `${parts} = ${formatPrice(jobPriceCents(schedule, job))}` : parts
}
