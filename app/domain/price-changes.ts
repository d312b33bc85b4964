/**
 * The rules of a price change (terms "Price changes": at least 30 days' notice by e-mail; the new price applies only to
 * charges made after those 30 days). Pure.
 */

import { addCalendarDays, addCalendarMonths, calendarMonthsBetween, dayOf, startOfDayIn } from './calendar'

export const PRICE_NOTICE_DAYS = 30

/** The earliest effective date the operator may choose: 30 days after today (UTC), as YYYY-MM-DD. */
export function earliestEffectiveOn(now = new Date()) {
  return dayOf(addCalendarDays(now, PRICE_NOTICE_DAYS))
}

/** `months` calendar months after `start` (UTC), on the same day, or the month's last day when it has no such day. */
export function addMonths(start: Date, months: number) {
  return addCalendarMonths(start, months)
}

/**
 * From when a subscriber pays the new price: not before the effective date, and not before 30 days after their own
 * notice (a notice that went out late, or was retried, still gives them the full 30 days). Stripe charges the new price
 * from the first renewal after this moment; in local mode `firstRenewalFrom` finds that renewal.
 */
export function priceChangeStartsAt(effectiveOn: string, noticeSentAt: string) {
  return new Date(Math.max(startOfDayIn(effectiveOn).getTime(), addCalendarDays(new Date(noticeSentAt), PRICE_NOTICE_DAYS).getTime()))
}

/** A policy renews every month on the day it was bought: its first renewal at or after `from`. */
export function firstRenewalFrom(purchasedAt: string, from: Date) {
  const start = new Date(purchasedAt)
  let months = Math.max(1, calendarMonthsBetween(from, start) - 1)
  let renewal = addMonths(start, months)
  while (renewal.getTime() < from.getTime()) renewal = addMonths(start, ++months)
  return renewal
}
