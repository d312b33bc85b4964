/**
 * When a plan renews: every month on the day it was bought, or every year on the day its yearly billing began (the
 * purchase, or the monthly renewal at which a monthly payer switched to yearly). Pure and safe in the browser.
 */

import { addCalendarMonths, calendarMonthsBetween, customerZone, dayAfter, dayOf } from './calendar'
import { rulesFor } from './state-rules'

export type RenewalFields = {
  createdAt: string
  billingInterval: string
  /** When the current interval began; null: at purchase. */
  billingAnchorAt: string | null
}

/** The moment renewals count from. */
export function billingAnchor(policy: Pick<RenewalFields, 'createdAt' | 'billingAnchorAt'>): string {
  return policy.billingAnchorAt ?? policy.createdAt
}

/** The first renewal at or after `from`: at least one interval after the anchor. */
export function renewalAtOrAfter(policy: RenewalFields, from: Date): Date {
  const start = new Date(billingAnchor(policy))
  const step = policy.billingInterval === 'year' ? 12 : 1
  // Start near `from` rather than walking from the anchor interval by interval.
  let n = Math.max(1, Math.floor(calendarMonthsBetween(from, start) / step) - 1)
  let renewal = addCalendarMonths(start, n * step)
  while (renewal.getTime() < from.getTime()) renewal = addCalendarMonths(start, ++n * step)
  return renewal
}

/** The first renewal strictly after `now`. */
export function nextRenewalAfter(policy: RenewalFields, now: Date): Date {
  return renewalAtOrAfter(policy, new Date(now.getTime() + 1))
}

/** The renewal before `renewal` (the anchor itself for the first): a notice sent since then is this renewal's. */
export function previousRenewal(policy: RenewalFields, renewal: Date): Date {
  const start = new Date(billingAnchor(policy))
  const step = policy.billingInterval === 'year' ? 12 : 1
  let k = 1
  while (addCalendarMonths(start, k * step).getTime() < renewal.getTime()) k++
  return addCalendarMonths(start, (k - 1) * step)
}

/**
 * The shortest carried period the buyer's subscription can start with: Stripe's Checkout refuses a trial that ends
 * less than 48 hours after the session is made; a seller's period ending sooner is not carried (the buyer pays at
 * checkout, as in every other state).
 */
export const SHORTEST_CARRIED_PERIOD_MS = 48 * 60 * 60 * 1000

/**
 * Where the state's law makes the period the seller has already paid go with the contract to the vehicle's next owner
 * (the state table's `nextOwnerAssignment.paidPeriodStays`, read for the seller's state): the end of that period, the
 * seller's next renewal, which is when the buyer is first charged. Null where the state keeps no such rule or the
 * period ends too soon to carry.
 */
export function paidPeriodCarriedOver(policy: RenewalFields & { governingState: string | null }, now: Date): Date | null {
  if (!rulesFor(policy.governingState).nextOwnerAssignment?.paidPeriodStays) return null
  const paidUntil = nextRenewalAfter(policy, now)
  return paidUntil.getTime() - now.getTime() > SHORTEST_CARRIED_PERIOD_MS ? paidUntil : null
}

/**
 * The deadline to act before a charge, written in the offer and the notices (New York and Illinois require it): the
 * last whole day before the charge's day in the customer's own zone (YYYY-MM-DD; format it with formatLongDate).
 * Cancelling or turning renewal off by the end of that day always comes before the charge.
 */
export function actByDay(chargeAt: Date | string, governingState: string | null | undefined): string {
  return dayAfter(dayOf(new Date(chargeAt), customerZone(governingState)), -1)
}
