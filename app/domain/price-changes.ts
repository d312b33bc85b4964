/**
 * The rules of a price change (terms "Price changes": at least 30 days' notice by e-mail; the new price applies only to
 * charges made after those 30 days). Pure.
 */

import { DAY_MS } from './time'

export const PRICE_NOTICE_DAYS = 30

/** The earliest effective date the operator may choose: 30 days after today (UTC), as YYYY-MM-DD. */
export function earliestEffectiveOn(now = new Date()) {
  return new Date(Date.parse(now.toISOString().slice(0, 10)) + PRICE_NOTICE_DAYS * DAY_MS).toISOString().slice(0, 10)
}

/** `months` calendar months after `start` (UTC), on the same day, or the month's last day when it has no such day. */
export function addMonths(start: Date, months: number) {
  const year = start.getUTCFullYear()
  const month = start.getUTCMonth() + months
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate()
  const day = Math.min(start.getUTCDate(), lastDay)
  return new Date(Date.UTC(year, month, day, start.getUTCHours(), start.getUTCMinutes(), start.getUTCSeconds(), start.getUTCMilliseconds()))
}

/**
 * From when a subscriber pays the new price: not before the effective date, and not before 30 days after their own
 * notice (a notice that went out late, or was retried, still gives them the full 30 days). Stripe charges the new price
 * from the first renewal after this moment; in local mode `firstRenewalFrom` finds that renewal.
 */
export function priceChangeStartsAt(effectiveOn: string, noticeSentAt: string) {
  return new Date(Math.max(Date.parse(`${effectiveOn}T00:00:00Z`), Date.parse(noticeSentAt) + PRICE_NOTICE_DAYS * DAY_MS))
}

/** A policy renews every month on the day it was bought: its first renewal at or after `from`. */
export function firstRenewalFrom(purchasedAt: string, from: Date) {
  const start = new Date(purchasedAt)
  let months = Math.max(1, (from.getUTCFullYear() - start.getUTCFullYear()) * 12 + from.getUTCMonth() - start.getUTCMonth() - 1)
  let renewal = addMonths(start, months)
  while (renewal.getTime() < from.getTime()) renewal = addMonths(start, ++months)
  return renewal
}
