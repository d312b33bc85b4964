/**
 * The yearly reminder of an automatically renewing plan, sent to every subscriber (app/domain/state-rules.ts
 * `yearlyReminder`; Minnesota and California require it): on each anniversary of the purchase, the plan, its price
 * and how to cancel. Pure.
 */

import { addCalendarMonths, calendarYearsBetween } from './calendar'
import { DAY_MS } from './time'

/**
 * How late a missed reminder is still sent: the daily job may miss days (a deploy, an outage), and the next run
 * catches up; a reminder for an anniversary longer ago than this waits for the next one.
 */
export const REMINDER_CATCH_UP_DAYS = 30

/** The `n`th anniversary of a purchase (same month and day; February 29 falls on February 28). */
export function anniversaryOf(purchasedAt: Date | string, n: number): Date {
  return addCalendarMonths(new Date(purchasedAt), 12 * n)
}

/**
 * The anniversary whose reminder is due at `now`: the latest one reached (1 for the first), while it is at most
 * `REMINDER_CATCH_UP_DAYS` old; null before the first anniversary or when the latest is too old.
 */
export function dueAnniversary(purchasedAt: Date | string, now: Date): { number: number; at: Date } | null {
  const start = new Date(purchasedAt)
  let n = Math.max(0, calendarYearsBetween(now, start))
  while (n > 0 && anniversaryOf(start, n).getTime() > now.getTime()) n--
  if (n < 1) return null
  const at = anniversaryOf(start, n)
  if (now.getTime() - at.getTime() > REMINDER_CATCH_UP_DAYS * DAY_MS) return null
  return { number: n, at }
}

/** A day either side of a purchase window: month ends and leap days move an anniversary by up to a day or two. */
const WINDOW_SLACK_DAYS = 2

/**
 * The purchase dates whose reminder may be due at `now`, one window per anniversary number from 1 to `years`: every
 * purchase `dueAnniversary` finds due lies in one of them (a little more, never less), so the daily job reads these
 * ranges of the purchase-date index instead of every policy.
 */
export function purchaseWindows(now: Date, years: number): { from: Date; to: Date }[] {
  const slack = WINDOW_SLACK_DAYS * DAY_MS
  const earliest = new Date(now.getTime() - REMINDER_CATCH_UP_DAYS * DAY_MS)
  return Array.from({ length: Math.max(0, years) }, (_, index) => ({
    from: new Date(addCalendarMonths(earliest, -12 * (index + 1)).getTime() - slack),
    to: new Date(addCalendarMonths(now, -12 * (index + 1)).getTime() + slack),
  }))
}
