/**
 * Household plans (docs/decisions/111-household-plans.md): one customer's vehicles, each a policy of its own, billed
 * together on one subscription. The first vehicle pays its plan's price; each one after it pays that price less the
 * operator's household discount. Pure and safe in the browser.
 */

import { calendarDaysBetween } from './calendar'
import { type Refund, refundFor, type RefundInput, type StateRules } from './state-rules'

/** The most vehicles one household holds: a family's cars, not a fleet (fleets are sold otherwise). */
export const MAX_HOUSEHOLD_VEHICLES = 6

/** The discount on each vehicle after the first, in whole percent, until the operator sets one with the prices. */
export const DEFAULT_HOUSEHOLD_DISCOUNT_PERCENT = 10

/** The largest discount the operator may set: beyond it a second vehicle would cost less than its claims. */
export const MAX_HOUSEHOLD_DISCOUNT_PERCENT = 50

/** How a vehicle may be used to join a household: a household covers a family's own cars, never a business's. */
export const HOUSEHOLD_VEHICLE_USES = ['personal'] as const

/** One vehicle of a household, in the order it joined (the first pays the full price). */
export type HouseholdVehicle = {
  /** Its plan's price for the household's interval, before the household discount, in cents. */
  listCents: number
}

export type HouseholdLine<V extends HouseholdVehicle = HouseholdVehicle> = V & {
  /** What the discount takes off this vehicle's price (0 for the first). */
  discountCents: number
  /** What the household pays for this vehicle each interval. */
  chargedCents: number
}

export type HouseholdPrice<V extends HouseholdVehicle = HouseholdVehicle> = {
  lines: HouseholdLine<V>[]
  /** Every vehicle's price before the discount. */
  listCents: number
  discountCents: number
  /** What one payment of the household takes, each month or each year. */
  totalCents: number
  discountPercent: number
}

/**
 * The discount on one vehicle's price, rounded to the cent as Stripe rounds a percent-off coupon on an item, so the
 * total shown before paying is the total charged.
 */
export function householdDiscountCents(listCents: number, discountPercent: number): number {
  return Math.round((listCents * clampPercent(discountPercent)) / 100)
}

function clampPercent(percent: number): number {
  if (!Number.isFinite(percent)) return 0
  return Math.min(MAX_HOUSEHOLD_DISCOUNT_PERCENT, Math.max(0, Math.trunc(percent)))
}

/**
 * The household's price: each vehicle's line and the total each interval. The vehicles come in the order they joined;
 * the first pays its full price, every later one its price less the discount.
 */
export function householdPrice<V extends HouseholdVehicle>(vehicles: readonly V[], discountPercent: number): HouseholdPrice<V> {
  const percent = clampPercent(discountPercent)
  const lines = vehicles.map((vehicle, index) => {
    const discountCents = index === 0 ? 0 : householdDiscountCents(vehicle.listCents, percent)
    return { ...vehicle, discountCents, chargedCents: vehicle.listCents - discountCents }
  })
  const sum = (pick: (line: HouseholdLine<V>) => number) => lines.reduce((total, line) => total + pick(line), 0)
  return {
    lines,
    listCents: sum((l) => l.listCents),
    discountCents: sum((l) => l.discountCents),
    totalCents: sum((l) => l.chargedCents),
    discountPercent: percent,
  }
}

/** Why a vehicle cannot join the household now, or null when it may. */
export type HouseholdRefusal = 'full' | 'not_personal'

export function mayAddVehicle(input: { vehiclesNow: number; use: string }): HouseholdRefusal | null {
  if (!(HOUSEHOLD_VEHICLE_USES as readonly string[]).includes(input.use)) return 'not_personal'
  if (input.vehiclesNow >= MAX_HOUSEHOLD_VEHICLES) return 'full'
  return null
}

/** The household's billing period `now` falls in: from the last charge to the next renewal. */
export type BillingPeriod = { start: Date | string; end: Date | string }

/**
 * The whole days of the period left at `now`, counting today: the period's every day on the day it starts (a vehicle
 * added on the renewal day, after the charge, pays the whole period), none on the day it ends (the renewal's charge
 * bills the new vehicle with the others). Days are the customer's (`zone`).
 */
export function daysLeftInPeriod(period: BillingPeriod, now: Date | string, zone: string): { daysLeft: number; periodDays: number } {
  const start = new Date(period.start)
  const end = new Date(period.end)
  const periodDays = Math.max(1, calendarDaysBetween(end, start, zone))
  const daysLeft = Math.min(periodDays, Math.max(0, calendarDaysBetween(end, new Date(now), zone)))
  return { daysLeft, periodDays }
}

/**
 * What adding a vehicle charges once, now: its household price for the days left in the period the household has
 * paid, rounded to the cent. From the next renewal it is billed with the others.
 */
export function additionCharge(input: { chargedCents: number; period: BillingPeriod; now: Date | string; zone: string }) {
  const { daysLeft, periodDays } = daysLeftInPeriod(input.period, input.now, input.zone)
  return { amountCents: Math.round((input.chargedCents * daysLeft) / periodDays), daysLeft, periodDays }
}

/**
 * What the household pays after a vehicle leaves, and whether the discount ends with it (one vehicle left). The others
 * keep the order they joined in, so the oldest left pays the full price.
 */
export function householdAfterRemoval<V extends HouseholdVehicle>(vehicles: readonly V[], removedIndex: number, discountPercent: number) {
  const before = householdPrice(vehicles, discountPercent)
  const after = householdPrice(
    vehicles.filter((_, index) => index !== removedIndex),
    discountPercent,
  )
  return { before, after, discountEnds: before.discountCents > 0 && after.discountCents === 0 }
}

/**
 * The credit for a vehicle leaving the household: its own cancellation under its own state's rules (its free look
 * counted from its own purchase), of what the household paid for this vehicle — its line's price for the current
 * period, and everything paid for it since it joined — never the household's whole payment.
 */
export function removalRefund(
  rules: StateRules,
  input: {
    line: Pick<HouseholdLine, 'chargedCents'>
    /** The period the household's last charge paid for; null when it paid nothing for this vehicle. */
    period: BillingPeriod | null
    /** Everything paid for this vehicle since it joined, net of earlier refunds. */
    paidForVehicleCents: number
  } & Pick<RefundInput, 'purchasedAt' | 'now' | 'zone' | 'claimsPaidCents' | 'claimsMade'>,
): Refund {
  const { line, period, paidForVehicleCents, ...rest } = input
  return refundFor(rules, {
    ...rest,
    totalPaidCents: paidForVehicleCents,
    period: period ? { ...period, paidCents: Math.min(line.chargedCents, paidForVehicleCents) } : null,
  })
}
