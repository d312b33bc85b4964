/**
 * The rules of a claim (docs/decisions/009-claim-rules.md), pure and safe in the browser.
 */
import {
  addCalendarDays,
  addCalendarMonths,
  anniversary,
  dayOf,
  endOfDayIn,
  SERVICE_ZONE,
  startOfDayIn,
  WESTERNMOST_US_ZONE,
  wholeYearsSince,
} from './calendar'
import type { PlanType } from './plans'
import { DAY_MS, HOUR_MS } from './time'

/** Claims are due within 48 hours of the damage, and we promise an answer within 48 hours. */
export const CLAIM_DEADLINE_HOURS = 48
export const RESPONSE_PROMISE_HOURS = 48
/**
 * The answer promise as every page and e-mail says it, from the hours the claims queue holds us to (one promise, said
 * one way: an earlier "2 working days" beside "48 hours" said two). The terms state it in their own signed words.
 */
export const ANSWER_PROMISE = `within ${RESPONSE_PROMISE_HOURS} hours (typically sooner)`
/**
 * A claim's review (claims.approval_status): waiting for the operator (filed, or appealed), approved and sent to a
 * shop, denied, or its repair done.
 */
export const APPROVAL_STATUSES = ['pending_review', 'approved', 'denied', 'completed'] as const
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number]

/**
 * The only grounds on which the operator may reverse an approval the decision rules made, as the terms list them
 * (app/content/terms.ts, "How claims are decided"): the claim is not what the rules read.
 */
export const REVERSAL_GROUNDS = ['damage_differs', 'date_differs', 'photos_differ', 'photos_reused'] as const
export type ReversalGround = (typeof REVERSAL_GROUNDS)[number]

/** Each ground as the operator picks it and the customer reads it, before the operator's own words. */
export const REVERSAL_GROUND_LABELS: Record<ReversalGround, string> = {
  damage_differs: 'The damage differs from what was filed',
  date_differs: 'The date of the damage differs from what was filed',
  photos_differ: 'The photos differ from what was filed',
  photos_reused: 'A check on the photos found they were used before',
}

/** Each review status in the words the customer's card and the operator's console show. */
export const APPROVAL_STATUS_LABELS: Record<ApprovalStatus, string> = {
  pending_review: 'Pending Review',
  approved: 'Approved',
  denied: 'Denied',
  completed: 'Completed',
}

/**
 * Decided for the customer: approved, and perhaps repaired since. A decided claim has its shop (which may then reach
 * the claim, its thread and its files) and counts as covered; `DECIDED_STATUSES` is the list its SQL form reads
 * (app/models/claims/claims-read.server.ts, `decidedClaim`).
 */
export const DECIDED_STATUSES = ['approved', 'completed'] as const satisfies readonly ApprovalStatus[]
export function isDecided(claim: { approvalStatus: ApprovalStatus }): boolean {
  return (DECIDED_STATUSES as readonly ApprovalStatus[]).includes(claim.approvalStatus)
}

/** A denial may be appealed once, within 14 days. */
export const APPEAL_WINDOW_DAYS = 14

export const DAMAGE_TYPES = ['chip', 'crack'] as const
export type DamageType = (typeof DAMAGE_TYPES)[number]

/**
 * What the customer tells us about the damage, asked on the claim form as radio buttons: the rules that decide a
 * claim when it is filed read these answers, and the repair-failure guarantee compares zones.
 * Older claims have none of them (null).
 */
export const DAMAGE_SIZES = ['under_quarter', 'up_to_6_inches', 'longer'] as const
export type DamageSize = (typeof DAMAGE_SIZES)[number]
export const CHIP_COUNTS = ['one', 'two', 'three_or_more'] as const
export type ChipCount = (typeof CHIP_COUNTS)[number]
/** Where on the windshield, seen from the driver's seat: a few zones a customer can tell apart. */
export const WINDSHIELD_ZONES = ['driver', 'center', 'passenger', 'edge', 'camera'] as const
export type WindshieldZone = (typeof WINDSHIELD_ZONES)[number]

/** The damage types a plan covers: Chip Repair Only covers chips, nothing else. */
export function allowedDamageTypes(policy: { planType: PlanType }): DamageType[] {
  return policy.planType === 'chip_only' ? ['chip'] : ['chip', 'crack']
}

/**
 * A claim is late when it is filed more than 48 hours after the damage, or, for damage a declared storm covers (the
 * vehicle kept in its area, the damage on its days: domain/storms), more than the storm's filing days after it. We only
 * know the day of the damage, so we count from the end of that day in the westernmost US time zone (Hawaii's, UTC−10):
 * a customer is never flagged unfairly.
 */
export function filingDeadline(damageDate: string, storm?: { filingDays: number } | null) {
  const endOfDamageDay = endOfDayIn(damageDate, WESTERNMOST_US_ZONE)
  return storm
    ? addCalendarDays(endOfDamageDay, storm.filingDays, WESTERNMOST_US_ZONE)
    : new Date(endOfDamageDay.getTime() + CLAIM_DEADLINE_HOURS * HOUR_MS)
}

export function isFiledLate(damageDate: string, now = new Date(), storm?: { filingDays: number } | null) {
  return now.getTime() > filingDeadline(damageDate, storm).getTime()
}

/**
 * How urgent the work is, most urgent first: a windshield that is shattered (a crack longer than 6 inches) or damaged
 * in the driver's line of sight makes the car unsafe to drive; then other cracks, which spread; chips wait best. A claim
 * filed before the form asked (no answers) is ranked by its damage type alone. The queue's SQL follows the same ranks
 * (models/claims/claim-queue.server.ts).
 */
export const URGENCY_RANKS = { unsafe: 0, crack: 1, chip: 2 } as const
export type Urgency = keyof typeof URGENCY_RANKS

export function urgencyOf(claim: { damageType: DamageType; damageSize: DamageSize | null; inLineOfSight: boolean | null }): Urgency {
  if (claim.inLineOfSight || (claim.damageType === 'crack' && claim.damageSize === 'longer')) return 'unsafe'
  return claim.damageType === 'crack' ? 'crack' : 'chip'
}

/** Most urgent first; equally urgent in the order given (sorting is stable), so each list keeps its own tie-break. */
export function byUrgency<T extends Parameters<typeof urgencyOf>[0]>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => URGENCY_RANKS[urgencyOf(a)] - URGENCY_RANKS[urgencyOf(b)])
}

/**
 * Whether a damage day is after today on `zone`'s clock: the customer's (zoneOfCustomerPolicy), the same day their claim
 * form offers as the latest. Counted in UTC, a Chicago customer at 11 PM could date damage tomorrow.
 */
export function isFutureDate(date: string, now = new Date(), zone = SERVICE_ZONE) {
  return date > dayOf(now, zone)
}

type AppealFields = { approvalStatus: ApprovalStatus; reviewedAt: string | null; appealedAt: string | null }

/** The last moment an appeal may be filed, or null when the claim cannot be appealed (not denied, or appealed once). */
export function appealDeadline(claim: AppealFields) {
  if (claim.approvalStatus !== 'denied' || !claim.reviewedAt || claim.appealedAt) return null
  return addCalendarDays(new Date(claim.reviewedAt), APPEAL_WINDOW_DAYS)
}

export function canAppeal(claim: AppealFields, now = new Date()) {
  const deadline = appealDeadline(claim)
  return deadline !== null && now.getTime() <= deadline.getTime()
}

/** Terms: an appeal is decided within 30 days of being filed. */
export const APPEAL_DECISION_DAYS = 30

export function appealDecisionDeadline(appealedAt: string) {
  return addCalendarDays(new Date(appealedAt), APPEAL_DECISION_DAYS)
}

/** The operator's queue flags an appeal this many days before its decision deadline. */
export const APPEAL_DEADLINE_WARNING_DAYS = 7

/**
 * Where a waiting appeal stands against its 30-day decision deadline: 'overdue' past it, 'due-soon' within the last
 * week, else 'on-track'. `daysLeft` is whole days, rounded down (0 on the last day).
 */
export function appealDecisionStanding(appealedAt: string, now = new Date()) {
  const deadline = appealDecisionDeadline(appealedAt)
  const msLeft = deadline.getTime() - now.getTime()
  const daysLeft = Math.floor(msLeft / DAY_MS)
  const standing =
    msLeft < 0 ? ('overdue' as const) : msLeft <= APPEAL_DEADLINE_WARNING_DAYS * DAY_MS ? ('due-soon' as const) : ('on-track' as const)
  return { deadline: deadline.toISOString(), daysLeft, standing }
}

/** The moment a waiting claim breaks the 48-hour answer promise when it has waited since `waitingSince`. */
export function overdueCutoff(now = new Date()) {
  return new Date(now.getTime() - RESPONSE_PROMISE_HOURS * HOUR_MS)
}

/** Hours left of the 48-hour answer promise; an appeal waits from its appeal. Negative when overdue. */
export function responseHoursLeft(claim: { submittedAt: string; appealedAt: string | null }, now = new Date()) {
  const waitingSince = Date.parse(claim.appealedAt ?? claim.submittedAt)
  return (waitingSince + RESPONSE_PROMISE_HOURS * HOUR_MS - now.getTime()) / HOUR_MS
}

// --- plan years and replacements -----------------------------------------------------------------------------------

/** Comprehensive allows one full replacement per plan year; Chip Repair Only none. */
export const REPLACEMENTS_PER_PLAN_YEAR = { chip_only: 0, comprehensive: 1 } as const

/**
 * The plan year `now` falls in: years count from the coverage start date (or the policy's creation). A plan that
 * started on Feb 29 has its anniversary on Mar 1 in a common year (`anniversary`).
 */
export function planYear(policy: { coverageStartDate: string | null; createdAt: string }, now = new Date()) {
  const start = startOfDayIn(policy.coverageStartDate ?? policy.createdAt.slice(0, 10))
  const years = wholeYearsSince(start, now)
  return { start: anniversary(start, years), end: anniversary(start, years + 1) }
}

/** Replacements left this plan year, given the completion times of the policy's completed replacements. */
export function replacementsLeftOf(
  policy: { planType: PlanType; coverageStartDate: string | null; createdAt: string },
  replacementCompletedAts: (string | null)[],
  now = new Date(),
) {
  const allowance = REPLACEMENTS_PER_PLAN_YEAR[policy.planType]
  if (allowance === 0) return 0
  const { start, end } = planYear(policy, now)
  const used = replacementCompletedAts.filter((at) => at && Date.parse(at) >= start.getTime() && Date.parse(at) < end.getTime()).length
  return Math.max(0, allowance - used)
}

// --- the repair-failure guarantee --------------------------------------------------------------------------------

/**
 * A chip we repaired that cracks within this many months of the repair is replaced under the guarantee, on both plans,
 * without using the plan year's replacement (docs/decisions/076-repair-failure-guarantee.md).
 */
export const REPAIR_GUARANTEE_MONTHS = 12

/** The repaired claim, as the guarantee reads it. */
export type GuaranteedRepair = { approvalStatus: ApprovalStatus; repairType: string | null; completedAt: string | null }

/** The last moment of the guarantee on a repair, or null when the claim is not a completed chip repair. */
export function repairGuaranteeEnds(repair: GuaranteedRepair): Date | null {
  if (repair.approvalStatus !== 'completed' || repair.repairType !== 'repair' || !repair.completedAt) return null
  return addCalendarMonths(new Date(repair.completedAt), REPAIR_GUARANTEE_MONTHS)
}

export type GuaranteeRefusal = 'not_a_repair' | 'outside_window'

/** Why "My repair failed" cannot be filed on a claim now, or null when it can. */
export function repairGuaranteeRefusal(repair: GuaranteedRepair, now = new Date()): GuaranteeRefusal | null {
  const ends = repairGuaranteeEnds(repair)
  if (!ends) return 'not_a_repair'
  return now.getTime() > ends.getTime() ? 'outside_window' : null
}

/**
 * Whether the damage the customer reports falls in the guarantee: it happened on or after the repair's day and no later
 * than the guarantee's last day (a damage date is a day, so the whole last day counts).
 */
export function damageWithinGuarantee(repair: GuaranteedRepair, damageDate: string) {
  const ends = repairGuaranteeEnds(repair)
  if (!ends) return false
  return damageDate >= dayOf(new Date(repair.completedAt!)) && damageDate <= dayOf(ends)
}

// --- confirmation codes ------------------------------------------------------------------------------------------

/** No 0/O and no 1/I/L: a code read aloud over a shop counter must not be misheard or mistyped. */
export const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789'
export const CODE_PATTERN = new RegExp(`^CS-[${CODE_ALPHABET}]{6}$`)

/**
 * A prefix and six random characters of CODE_ALPHABET from the Web Crypto API (Node and browsers alike), without
 * modulo bias: a claim's confirmation code ('CS-'), a policy's number ('GP-', domain/policies) and a payout's number
 * ('PY-', domain/payouts) alike.
 */
export function randomCode(prefix: 'CS-' | 'GP-' | 'PY-') {
  let code = prefix
  const byte = new Uint8Array(1)
  while (code.length < prefix.length + 6) {
    globalThis.crypto.getRandomValues(byte)
    // 248 = 8 × 31: values at or above it would favour the first letters.
    if (byte[0]! < 248) code += CODE_ALPHABET[byte[0]! % CODE_ALPHABET.length]
  }
  return code
}

export function generateConfirmationCode() {
  return randomCode('CS-')
}

/** What a shop typed, tidied: upper case, no spaces, 'CS-' added when left out. Null when it cannot be a code. */
export function normalizeCode(input: unknown): string | null {
  if (typeof input !== 'string') return null
  let code = input.trim().toUpperCase().replace(/\s+/g, '')
  if (/^CS[A-Z0-9]{6}$/.test(code)) code = `CS-${code.slice(2)}`
  if (/^[A-Z0-9]{6}$/.test(code)) code = `CS-${code}`
  return CODE_PATTERN.test(code) ? code : null
}
