/**
 * The rules of a price change (terms "Price changes": at least 30 days' notice by e-mail; the new price applies only to
 * charges made after those 30 days), and when each subscriber is told: inside their state's window before the first
 * charge at the new price (app/domain/notice-windows.ts). Days are calendar days. Pure.
 */

import { renewalAtOrAfter, type RenewalFields } from './billing'
import { addCalendarDays, addCalendarMonths, calendarDaysBetween, calendarMonthsBetween, dayOf, startOfDayIn } from './calendar'
import { NOTICE_DEFAULT, NOTICE_TABLE, noticeRules, type NoticeWindow } from './notice-windows'

export const PRICE_NOTICE_DAYS = 30

/** The earliest effective date the operator may choose: 30 days after today (UTC), as YYYY-MM-DD. */
export function earliestEffectiveOn(now = new Date()) {
  return dayOf(addCalendarDays(now, PRICE_NOTICE_DAYS))
}

/**
 * From when a subscriber pays the new price: not before the effective date, and not before 30 days after their own
 * notice (a notice that went out late, or was retried, still gives them the full 30 days). Stripe charges the new price
 * from the first renewal after this moment; in local mode `firstRenewalFrom` finds that renewal.
 */
export function priceChangeStartsAt(effectiveOn: string, noticeSentAt: string) {
  // From the start of the 30th calendar day after the notice: a notice sent late in the evening of the window's last
  // day still reaches the charge it announced.
  const thirtiethDay = startOfDayIn(dayOf(addCalendarDays(new Date(noticeSentAt), PRICE_NOTICE_DAYS)))
  return new Date(Math.max(startOfDayIn(effectiveOn).getTime(), thirtiethDay.getTime()))
}

/** While the state is unknown, the days every state's window allows (the most protective rule, as for refunds). */
const MOST_PROTECTIVE_PRICE_WINDOW: NoticeWindow = (() => {
  const windows = [NOTICE_DEFAULT, ...Object.values(NOTICE_TABLE)].map((row) => row.priceChange ?? NOTICE_DEFAULT.priceChange)
  return {
    earliestDays: Math.min(...windows.map((window) => window.earliestDays)),
    latestDays: Math.max(...windows.map((window) => window.latestDays)),
  }
})()

/**
 * How many days before the charge a subscriber of this state is told of a new price: the state's window, but never
 * fewer than the terms' 30 days (New York's and California's 30-day limit then leaves the 30th day alone).
 */
export function priceNoticeWindow(governingState: string | null | undefined): NoticeWindow {
  const window = governingState ? noticeRules(governingState).priceChange : MOST_PROTECTIVE_PRICE_WINDOW
  const latestDays = Math.max(window.latestDays, PRICE_NOTICE_DAYS)
  return { earliestDays: Math.max(window.earliestDays, latestDays), latestDays }
}

/**
 * For one subscriber and a change taking effect on `effectiveOn`: the charge the new price first reaches (their first
 * renewal on or after the date that is still far enough away for a full notice: a closer one keeps the old price), and
 * whether the notice goes today (inside the window) or waits.
 */
export function priceNoticeTiming(
  policy: RenewalFields & { governingState: string | null },
  effectiveOn: string,
  now: Date,
): { chargeAt: Date; due: boolean } {
  const window = priceNoticeWindow(policy.governingState)
  let chargeAt = renewalAtOrAfter(policy, startOfDayIn(effectiveOn))
  while (calendarDaysBetween(chargeAt, now) < window.latestDays) chargeAt = renewalAtOrAfter(policy, new Date(chargeAt.getTime() + 1))
  return { chargeAt, due: calendarDaysBetween(chargeAt, now) <= window.earliestDays }
}

/** A policy renews every month on the day it was bought: its first renewal at or after `from`. */
export function firstRenewalFrom(purchasedAt: string, from: Date) {
  const start = new Date(purchasedAt)
  let months = Math.max(1, calendarMonthsBetween(from, start) - 1)
  let renewal = addCalendarMonths(start, months)
  while (renewal.getTime() < from.getTime()) renewal = addCalendarMonths(start, ++months)
  return renewal
}
