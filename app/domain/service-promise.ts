/**
 * The service promise our marketing makes once a claim is approved: a chip is repaired within 24 hours, a windshield
 * replaced within 3 business days (Saturdays, Sundays and US federal holidays do not count). Pure and safe in the
 * browser: the operator's queue, the shop's job list and the figures all read it from here. Dates are read in UTC, like
 * every date of the product (app/domain/time.ts); why the clock is counted this way: docs/decisions/055-shop-payouts-and-service-promise.md.
 */
import { DAY_MS, HOUR_MS } from './time'

export const CHIP_REPAIR_PROMISE_HOURS = 24
export const REPLACEMENT_PROMISE_BUSINESS_DAYS = 3

export type PromisedService = 'chip_repair' | 'replacement'

/** What a claim needs to be measured: when it was approved, what it is, and when (if) the shop finished. */
export type PromiseClaim = {
  approvalStatus: string
  reviewedAt: string | null
  damageType: string
  repairType?: string | null
  completedAt?: string | null
}

/** The service the promise is about: what the shop did when it says so, else what the damage calls for. */
export function promisedService(claim: Pick<PromiseClaim, 'damageType' | 'repairType'>): PromisedService {
  if (claim.repairType) return claim.repairType === 'replacement' ? 'replacement' : 'chip_repair'
  return claim.damageType === 'chip' ? 'chip_repair' : 'replacement'
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10)

/** A weekday's date in a month: the `nth` (1-based) of that weekday, or the last one when `nth` is -1. */
function nthWeekday(year: number, month: number, weekday: number, nth: number) {
  if (nth > 0) {
    const first = new Date(Date.UTC(year, month, 1)).getUTCDay()
    return new Date(Date.UTC(year, month, 1 + ((weekday - first + 7) % 7) + (nth - 1) * 7))
  }
  const lastDay = new Date(Date.UTC(year, month + 1, 0))
  return new Date(Date.UTC(year, month, lastDay.getUTCDate() - ((lastDay.getUTCDay() - weekday + 7) % 7)))
}

/** A fixed-date holiday as the federal government observes it: Saturday's on the Friday before, Sunday's on the Monday after. */
function observed(year: number, month: number, day: number) {
  const date = new Date(Date.UTC(year, month, day))
  const weekday = date.getUTCDay()
  if (weekday === 6) return new Date(Date.UTC(year, month, day - 1))
  if (weekday === 0) return new Date(Date.UTC(year, month, day + 1))
  return date
}

const holidayCache = new Map<number, Set<string>>()

/** The observed US federal holidays of a year (5 U.S.C. 6103), as YYYY-MM-DD. */
export function federalHolidays(year: number): Set<string> {
  const cached = holidayCache.get(year)
  if (cached) return cached
  const days = [
    observed(year, 0, 1), // New Year's Day
    nthWeekday(year, 0, 1, 3), // Birthday of Martin Luther King, Jr.: third Monday of January
    nthWeekday(year, 1, 1, 3), // Washington's Birthday: third Monday of February
    nthWeekday(year, 4, 1, -1), // Memorial Day: last Monday of May
    observed(year, 5, 19), // Juneteenth
    observed(year, 6, 4), // Independence Day
    nthWeekday(year, 8, 1, 1), // Labor Day: first Monday of September
    nthWeekday(year, 9, 1, 2), // Columbus Day: second Monday of October
    observed(year, 10, 11), // Veterans Day
    nthWeekday(year, 10, 4, 4), // Thanksgiving: fourth Thursday of November
    observed(year, 11, 25), // Christmas Day
    observed(year + 1, 0, 1), // next New Year's Day, observed on December 31 when it falls on a Saturday
  ]
  const set = new Set(days.map(isoDay).filter((day) => day.startsWith(String(year))))
  holidayCache.set(year, set)
  return set
}

/** Whether a UTC date is a business day: not a Saturday, a Sunday or an observed federal holiday. */
export function isBusinessDay(date: Date) {
  const weekday = date.getUTCDay()
  if (weekday === 0 || weekday === 6) return false
  return !federalHolidays(date.getUTCFullYear()).has(isoDay(date))
}

/**
 * The end of the `days`-th business day after the day of `from` (UTC): approved on a Friday, 3 business days run
 * Monday to Wednesday and end at Wednesday's midnight. The day of approval itself never counts, so a late approval
 * does not eat into the shop's time.
 */
export function endOfBusinessDaysAfter(from: Date, days: number) {
  let day = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate()))
  let counted = 0
  while (counted < days) {
    day = new Date(day.getTime() + DAY_MS)
    if (isBusinessDay(day)) counted++
  }
  return new Date(day.getTime() + DAY_MS)
}

/** When the promise runs out for an approved claim, or null for a claim that was never approved. */
export function promiseDeadline(claim: PromiseClaim): Date | null {
  if (!claim.reviewedAt || (claim.approvalStatus !== 'approved' && claim.approvalStatus !== 'completed')) return null
  const approvedAt = new Date(claim.reviewedAt)
  return promisedService(claim) === 'chip_repair'
    ? new Date(approvedAt.getTime() + CHIP_REPAIR_PROMISE_HOURS * HOUR_MS)
    : endOfBusinessDaysAfter(approvedAt, REPLACEMENT_PROMISE_BUSINESS_DAYS)
}

/**
 * Whether the claim broke the promise: still open after its deadline, or completed after it. A claim that was never
 * approved (waiting, denied) has no promise to break.
 */
export function isPastPromise(claim: PromiseClaim, now = new Date()) {
  const deadline = promiseDeadline(claim)
  if (!deadline) return false
  const finished = claim.completedAt ? new Date(claim.completedAt) : now
  return finished.getTime() > deadline.getTime()
}

/** The promise in the customer's words, for a page or a figure's caption. */
export const SERVICE_PROMISE_TEXT = 'Chip repair within 24 hours of approval; replacement within 3 business days.'

/** The operator's service figures cover the claims completed in this many days. */
export const SERVICE_FIGURE_DAYS = 90
