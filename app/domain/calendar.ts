/**
 * Calendar days, months and years in a time zone, on date-fns and @date-fns/tz: the one place the product counts days
 * (the claim window, plan years, the commitment's end, renewals and price notices, the console's weeks and months, and
 * business days for what a promise counts in working days). Safe in the browser.
 *
 * The service's calendar is UTC: a date the product stores or shows is a UTC date (US dates are never ahead of it), so
 * every helper counts in `SERVICE_ZONE` unless told another zone. Every helper returns a plain `Date` (a TZDate prints
 * its ISO string with `+00:00` instead of `Z`, which would change what is stored and compared).
 */
import { tz, TZDate } from '@date-fns/tz'
import {
  addBusinessDays as addBusinessDaysIn,
  addDays,
  addMonths,
  addYears,
  differenceInCalendarDays,
  differenceInCalendarMonths,
  differenceInCalendarYears,
  getDate,
  getMonth,
  isWeekend,
  startOfDay,
  startOfMonth,
  startOfWeek,
  subMonths,
} from 'date-fns'

import { DAY_MS } from './time'

/** The zone the service's dates are read in. */
export const SERVICE_ZONE = 'UTC'

/**
 * The westernmost US time zone the product counts a customer's day in: Hawaii's, UTC−10 all year (no daylight
 * saving). A day that has ended there has ended everywhere in the US it sells.
 */
export const WESTERNMOST_US_ZONE = 'Pacific/Honolulu'

/**
 * The zones an operator may read the console's times in (/admin/settings), west to east, and the one used until they
 * choose: the operator runs the product from Salt Lake City.
 */
export const OPERATOR_ZONES = [
  ['Pacific/Honolulu', 'Hawaii'],
  ['America/Anchorage', 'Alaska'],
  ['America/Los_Angeles', 'Pacific'],
  ['America/Phoenix', 'Arizona (no daylight saving)'],
  ['America/Denver', 'Mountain'],
  ['America/Chicago', 'Central'],
  ['America/New_York', 'Eastern'],
  ['UTC', 'UTC'],
] as const
export type OperatorZone = (typeof OPERATOR_ZONES)[number][0]
export const DEFAULT_OPERATOR_ZONE: OperatorZone = 'America/Denver'

export function isOperatorZone(value: unknown): value is OperatorZone {
  return OPERATOR_ZONES.some(([zone]) => zone === value)
}

const momentFormats = new Map<string, Intl.DateTimeFormat>()

/**
 * A moment as the clock in `zone` shows it, labelled with the zone's abbreviation for that date (daylight saving
 * included): 'Nov 21, 2026, 3:04 PM MST'. The label is part of the text so a time is never read in the wrong zone.
 */
export function formatMomentIn(date: Date, zone = SERVICE_ZONE): string {
  let format = momentFormats.get(zone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      timeZone: zone,
      timeZoneName: 'short',
    })
    momentFormats.set(zone, format)
  }
  return format.format(date)
}

/**
 * The abbreviation of `zone` at a wall-clock time there ('YYYY-MM-DDTHH:MM', how appointments are stored): 'MST' in
 * December, 'MDT' in July.
 */
export function zoneAbbreviationAt(wallClock: string, zone: string): string {
  const moment = momentOfWallClock(wallClock, zone)
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'short' }).formatToParts(moment)
  return parts.find((part) => part.type === 'timeZoneName')?.value ?? zone
}

/**
 * The moment a wall-clock time in `zone` ('YYYY-MM-DDTHH:MM', how appointments are stored) happens: what a calendar
 * file needs to put an appointment at the right hour wherever the customer's phone is.
 */
export function momentOfWallClock(wallClock: string, zone: string): Date {
  const [day, time = '00:00'] = wallClock.split('T') as [string, string?]
  const [year, month, date] = day.split('-').map(Number) as [number, number, number]
  const [hours, minutes] = time.split(':').map(Number) as [number, number]
  return plain(new TZDate(year, month - 1, date, hours, minutes, zone))
}

const contexts = new Map<string, ReturnType<typeof tz>>()
function zoned(zone: string) {
  let context = contexts.get(zone)
  if (!context) contexts.set(zone, (context = tz(zone)))
  return { in: context }
}

const plain = (date: Date) => new Date(date.getTime())

const pad = (value: number, length = 2) => String(value).padStart(length, '0')

const dayFormats = new Map<string, Intl.DateTimeFormat>()

/**
 * The calendar day `date` falls on in `zone`, as YYYY-MM-DD. Read from one kept formatter per zone, not through a
 * zoned date: the daily count of the public service record asks it twice for each of some 150,000 claims, and a
 * zoned date's start of day cost some 40 µs each (docs/benchmarks.md).
 */
export function dayOf(date: Date, zone = SERVICE_ZONE): string {
  const year = date.getUTCFullYear()
  // Not a moment (an unreal day's start), or outside the years the formatter writes plainly: the zoned date's answer.
  if (!(year >= 1000 && year <= 9998)) {
    const day = startOfDay(date, zoned(zone))
    return `${pad(day.getFullYear(), 4)}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`
  }
  if (zone === SERVICE_ZONE) return date.toISOString().slice(0, 10)
  let format = dayFormats.get(zone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone: zone, year: 'numeric', month: 'numeric', day: 'numeric' })
    dayFormats.set(zone, format)
  }
  const parts = format.formatToParts(date)
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((entry) => entry.type === type)!.value)
  return `${pad(part('year'), 4)}-${pad(part('month'))}-${pad(part('day'))}`
}

/** The month `date` falls in, in `zone`, as YYYY-MM. */
export function monthOf(date: Date, zone = SERVICE_ZONE): string {
  return dayOf(date, zone).slice(0, 7)
}

/** Whether `day` is a real calendar day written YYYY-MM-DD (not 2026-02-30, not 2026-13-01). */
export function isCalendarDay(day: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(day) && dayOf(startOfDayIn(day)) === day
}

/** The moment a day (YYYY-MM-DD) starts in `zone`. */
export function startOfDayIn(day: string, zone = SERVICE_ZONE): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number]
  return plain(new TZDate(year, month - 1, date, zone))
}

/** The moment the day after `day` (YYYY-MM-DD) starts in `zone`: the end of `day` there. */
export function endOfDayIn(day: string, zone = SERVICE_ZONE): Date {
  const start = startOfDayIn(day, zone)
  return plain(addDays(start, 1, zoned(zone)))
}

/** `days` calendar days after `date` in `zone`, at the same time of day (negative: before). */
export function addCalendarDays(date: Date, days: number, zone = SERVICE_ZONE): Date {
  return plain(addDays(date, days, zoned(zone)))
}

/** `days` calendar days after a day (YYYY-MM-DD), as YYYY-MM-DD. */
export function dayAfter(day: string, days = 1): string {
  return dayOf(addCalendarDays(startOfDayIn(day), days))
}

/** The day of the week of a day (YYYY-MM-DD): 0 for Sunday to 6 for Saturday. */
export function weekdayOf(day: string): number {
  return startOfDayIn(day, 'UTC').getUTCDay()
}

/** `months` calendar months after `date` in `zone`, on the same day, or the month's last day when it has no such day. */
export function addCalendarMonths(date: Date, months: number, zone = SERVICE_ZONE): Date {
  return plain(addMonths(date, months, zoned(zone)))
}

/**
 * The date `years` after `date` in `zone`, at the same time of day. A Feb 29 falls on Mar 1 in a common year (a plan
 * year or commitment that started on a leap day has then run its whole length), where date-fns would give Feb 28.
 */
export function anniversary(date: Date, years: number, zone = SERVICE_ZONE): Date {
  const context = zoned(zone)
  const next = addYears(date, years, context)
  const leapDay = getMonth(date, context) === 1 && getDate(date, context) === 29
  return plain(leapDay && getDate(next, context) === 28 ? addDays(next, 1, context) : next)
}

/** Whole calendar years from `start` to `now` in `zone` (0 before the first anniversary; never negative). */
export function wholeYearsSince(start: Date, now: Date, zone = SERVICE_ZONE): number {
  let years = Number(dayOf(now, zone).slice(0, 4)) - Number(dayOf(start, zone).slice(0, 4))
  if (anniversary(start, years, zone).getTime() > now.getTime()) years--
  return Math.max(0, years)
}

/** Calendar days from `earlier` to `later` in `zone` (by their days, whatever their times). */
export function calendarDaysBetween(later: Date, earlier: Date, zone = SERVICE_ZONE): number {
  return differenceInCalendarDays(later, earlier, zoned(zone))
}

/** Calendar years from `earlier` to `later` in `zone` (by their years, whatever their months and days). */
export function calendarYearsBetween(later: Date, earlier: Date, zone = SERVICE_ZONE): number {
  return differenceInCalendarYears(later, earlier, zoned(zone))
}

/** Days from one day (YYYY-MM-DD) to another, whichever comes first (0 for the same day). */
export function daysApart(a: string, b: string): number {
  return Math.abs(calendarDaysBetween(startOfDayIn(a), startOfDayIn(b)))
}

/** The Monday that starts the week of `date` in `zone`, as YYYY-MM-DD. */
export function mondayOf(date: Date, zone = SERVICE_ZONE): string {
  return dayOf(startOfWeek(date, { weekStartsOn: 1, ...zoned(zone) }), zone)
}

/** The months (YYYY-MM) of `date` and the `count - 1` before it in `zone`, newest first. */
export function monthsUpTo(date: Date, count: number, zone = SERVICE_ZONE): string[] {
  const context = zoned(zone)
  const current = startOfMonth(date, context)
  return Array.from({ length: count }, (_, index) => monthOf(subMonths(current, index, context), zone))
}

/** The moments a month (YYYY-MM) starts and the next one starts, in `zone`. */
export function monthSpan(month: string, zone = SERVICE_ZONE): { start: Date; end: Date } {
  const start = startOfDayIn(`${month}-01`, zone)
  return { start, end: plain(addMonths(start, 1, zoned(zone))) }
}

/** Saturday or Sunday in `zone`. */
export function isWeekendIn(date: Date, zone = SERVICE_ZONE): boolean {
  return isWeekend(date, zoned(zone))
}

/** `days` business days (Monday to Friday) after `date` in `zone`, at the same time of day. */
export function addBusinessDays(date: Date, days: number, zone = SERVICE_ZONE): Date {
  return plain(addBusinessDaysIn(date, days, zoned(zone)))
}

/** Calendar months from `earlier` to `later` in `zone` (by their months, whatever their days). */
export function calendarMonthsBetween(later: Date, earlier: Date, zone = SERVICE_ZONE): number {
  return differenceInCalendarMonths(later, earlier, zoned(zone))
}

/**
 * The zone a customer's contract days are counted in when only their state is known: the zone of the state's western
 * part where it has two (Texas's El Paso, Florida's panhandle, ...), whose day ends last, so a deadline counted in it
 * is never shorter than the one the customer's own clock shows. A ZIP in the state names the customer's own zone
 * (`customerZone`).
 */
export const STATE_ZONES: Readonly<Record<string, string>> = {
  AK: 'America/Adak',
  AL: 'America/Chicago',
  AR: 'America/Chicago',
  AZ: 'America/Phoenix',
  CA: 'America/Los_Angeles',
  CO: 'America/Denver',
  CT: 'America/New_York',
  DC: 'America/New_York',
  DE: 'America/New_York',
  FL: 'America/Chicago',
  GA: 'America/New_York',
  HI: 'Pacific/Honolulu',
  IA: 'America/Chicago',
  ID: 'America/Los_Angeles',
  IL: 'America/Chicago',
  IN: 'America/Chicago',
  KS: 'America/Denver',
  KY: 'America/Chicago',
  LA: 'America/Chicago',
  MA: 'America/New_York',
  MD: 'America/New_York',
  ME: 'America/New_York',
  MI: 'America/Chicago',
  MN: 'America/Chicago',
  MO: 'America/Chicago',
  MS: 'America/Chicago',
  MT: 'America/Denver',
  NC: 'America/New_York',
  ND: 'America/Denver',
  NE: 'America/Denver',
  NH: 'America/New_York',
  NJ: 'America/New_York',
  NM: 'America/Denver',
  NV: 'America/Los_Angeles',
  NY: 'America/New_York',
  OH: 'America/New_York',
  OK: 'America/Chicago',
  OR: 'America/Los_Angeles',
  PA: 'America/New_York',
  RI: 'America/New_York',
  SC: 'America/New_York',
  SD: 'America/Denver',
  TN: 'America/Chicago',
  TX: 'America/Denver',
  UT: 'America/Denver',
  VA: 'America/New_York',
  VT: 'America/New_York',
  WA: 'America/Los_Angeles',
  WI: 'America/Chicago',
  WV: 'America/New_York',
  WY: 'America/Denver',
}

/**
 * The zone a customer's contract days are counted in: their ZIP's zone when the ZIP lies in their state (where a
 * state has two zones, that is their own), else their state's (`STATE_ZONES`), else, with no state known, the
 * westernmost US zone, whose day ends last.
 */
export function customerZone(state: string | null | undefined, zip?: { state: string; zone: string | null } | null): string {
  if (!state || !STATE_ZONES[state]) return WESTERNMOST_US_ZONE
  if (zip && zip.state === state && zip.zone) return zip.zone
  return STATE_ZONES[state]
}

// --- business days with the US federal holidays (UTC dates) -----------------------------------------------------
// The service promise and the shops' payment clock count these: a holiday is no more a working day than a Sunday.

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
