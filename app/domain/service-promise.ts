/**
 * The service promise our marketing makes once a claim is approved: a chip is repaired within 24 hours, a windshield
 * replaced within 3 business days (Saturdays, Sundays and US federal holidays do not count). Pure and safe in the
 * browser: the operator's queue, the shop's job list and the figures all read it from here. Dates are read in UTC, like
 * every date of the product (app/domain/time.ts); why the clock is counted this way: docs/decisions/055-shop-payouts-and-service-promise.md.
 */
import { endOfBusinessDaysAfter, endOfDayIn, momentOfWallClock, WESTERNMOST_US_ZONE } from './calendar'
import type { ApprovalStatus } from './claims'
import { SLOT_HOURS, type TimeSlot } from './shops'
import { HOUR_MS } from './time'

export const CHIP_REPAIR_PROMISE_HOURS = 24
export const REPLACEMENT_PROMISE_BUSINESS_DAYS = 3
/** No promise runs out sooner than this after approval (a replacement's 3 business days are longer than a chip's day). */
export const SHORTEST_PROMISE_HOURS = CHIP_REPAIR_PROMISE_HOURS

export type PromisedService = 'chip_repair' | 'replacement'

/** What a claim needs to be measured: when it was approved, what it is, and when (if) the shop finished. */
export type PromiseClaim = {
  approvalStatus: ApprovalStatus
  reviewedAt: string | null
  damageType: string
  repairType?: string | null
  completedAt?: string | null
  /** When the customer chose the shop the operator left to them: the clock starts then, not at approval. */
  shopChosenAt?: string | null
  /** The day the customer asked for (choosing the shop, or asking for another time): a day past the promise is theirs. */
  preferredDate?: string | null
  /**
   * The zone of the place the work is done, the asked-for day is read in; unknown, the westernmost US zone's day (one
   * that has ended there has ended everywhere we sell).
   */
  workZone?: string | null
}

/** The service the promise is about: what the shop did when it says so, else what the damage calls for. */
export function promisedService(claim: Pick<PromiseClaim, 'damageType' | 'repairType'>): PromisedService {
  if (claim.repairType) return claim.repairType === 'replacement' ? 'replacement' : 'chip_repair'
  return claim.damageType === 'chip' ? 'chip_repair' : 'replacement'
}

export { endOfBusinessDaysAfter, federalHolidays, isBusinessDay } from './calendar'

/**
 * When the promise runs out for an approved claim, or null for a claim that was never approved. The clock runs against
 * us only: it starts at approval, or when the customer chose the shop left to them if that came later; and a day the
 * customer asked for beyond the promise is their choice, so the promise runs to the end of that day instead.
 */
export function promiseDeadline(claim: PromiseClaim): Date | null {
  if (!claim.reviewedAt || (claim.approvalStatus !== 'approved' && claim.approvalStatus !== 'completed')) return null
  const approvedAt = new Date(claim.reviewedAt)
  const chosenAt = claim.shopChosenAt ? new Date(claim.shopChosenAt) : null
  const startsAt = chosenAt && chosenAt > approvedAt ? chosenAt : approvedAt
  const promised =
    promisedService(claim) === 'chip_repair'
      ? new Date(startsAt.getTime() + CHIP_REPAIR_PROMISE_HOURS * HOUR_MS)
      : endOfBusinessDaysAfter(startsAt, REPLACEMENT_PROMISE_BUSINESS_DAYS)
  const askedFor = claim.preferredDate ? endOfDayIn(claim.preferredDate, claim.workZone ?? WESTERNMOST_US_ZONE) : null
  return askedFor && askedFor > promised ? askedFor : promised
}

/**
 * When a job's service time starts (the operator's service figures and the shops' medians,
 * app/models/shops/shop-scorecards.server.ts): the clock the promise runs on, so the time a customer takes is not counted
 * against the shop. The latest of the approval, the customer's choice of the shop left to them, and the start of the
 * half day they asked for (its first hour where the work is done: 8 AM for a morning). Null for a claim never approved.
 */
export function serviceClockStart(claim: PromiseClaim & { preferredSlot?: TimeSlot | null }): Date | null {
  if (!claim.reviewedAt) return null
  const moments = [new Date(claim.reviewedAt)]
  if (claim.shopChosenAt) moments.push(new Date(claim.shopChosenAt))
  if (claim.preferredDate) {
    const hour = SLOT_HOURS[claim.preferredSlot ?? 'morning'].from
    moments.push(momentOfWallClock(`${claim.preferredDate}T${String(hour).padStart(2, '0')}:00`, claim.workZone ?? WESTERNMOST_US_ZONE))
  }
  return new Date(Math.max(...moments.map((moment) => moment.getTime())))
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
