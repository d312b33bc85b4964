/**
 * The public service record's counting (docs/decisions/106-public-service-record.md), pure and safe in the browser: the
 * daily job (app/models/operations/service-record.server.ts) feeds it every claim decided or appealed in the record's
 * window and stores what it adds up; /service-record and its CSV only read the stored figures.
 *
 * Each claim is counted in the periods its moments fall in on its customer's own clock (app/domain/calendar.ts
 * `customerZone`): a claim decided at 11:30 PM in Los Angeles on November 30 is November's, though UTC has it in
 * December. Whether a promise was kept is the service-promise credit's own rule (`missedPromiseOnOurSide`, which the
 * shops' scorecards count by too), never a second count.
 */
import { addCalendarDays, dayAfter, dayOf, monthSpan, monthsUpTo, SERVICE_ZONE } from './calendar'
import { appealDecisionDeadline, isDecided } from './claims'
import { type CreditClaim, type CreditState, missedPromiseOnOurSide } from './credits'
import { promisedService } from './service-promise'
import { MINUTE_MS } from './time'

/** Below this many claims decided in a period, its claim figures are not shown: too few to mean anything, or to keep anyone's claim unrecognisable. */
export const MIN_CLAIMS_TO_REPORT = 20

/** The calendar months the record covers, the current one (so far) included. */
export const SERVICE_RECORD_MONTHS = 12
/** The rolling period shown beside the months: the last this many days, today included, on the customer's clock. */
export const SERVICE_RECORD_RECENT_DAYS = 30
/** The rolling period's key (a month's is YYYY-MM). */
export const RECENT_PERIOD = 'last-30-days'

/** What the record reads of a claim: the credit rule's columns, when it was filed and appealed, and its customer's zone. */
export type RecordClaim = CreditClaim & {
  submittedAt: string
  decidedByRulesVersion: string | null
  appealedAt: string | null
  /** The zone of the customer's days (calendar.ts `customerZone`). */
  customerZone: string
  /** The claim's service-promise credit, if one was recorded. */
  credit: { state: CreditState; amountCents: number } | null
}

/** What is added up for one period. */
export type PeriodTally = {
  claimsDecided: number
  decidedAtOnce: number
  /** Minutes from filing to decision of each claim a person decided (appeals aside). */
  decisionMinutes: number[]
  chipsJudged: number
  chipsOnTime: number
  replacementsJudged: number
  replacementsOnTime: number
  creditsPaid: number
  creditsPaidCents: number
  appealsFiled: number
  appealsDecidedInTime: number
  appealsForCustomer: number
}

export const emptyTally = (): PeriodTally => ({
  claimsDecided: 0,
  decidedAtOnce: 0,
  decisionMinutes: [],
  chipsJudged: 0,
  chipsOnTime: 0,
  replacementsJudged: 0,
  replacementsOnTime: 0,
  creditsPaid: 0,
  creditsPaidCents: 0,
  appealsFiled: 0,
  appealsDecidedInTime: 0,
  appealsForCustomer: 0,
})

/** A period of the record: its key and the days it covers (a month's in full; the rolling one's on the service's clock). */
export type RecordPeriod = { period: string; firstDay: string; lastDay: string }

/** The record's periods at `now`: the last 30 days, then the twelve months newest first (the current one so far). */
export function recordPeriods(now: Date): RecordPeriod[] {
  const today = dayOf(now, SERVICE_ZONE)
  const months = monthsUpTo(now, SERVICE_RECORD_MONTHS, SERVICE_ZONE).map((month) => ({
    period: month,
    firstDay: `${month}-01`,
    lastDay: dayOf(addCalendarDays(monthSpan(month, SERVICE_ZONE).end, -1, SERVICE_ZONE), SERVICE_ZONE),
  }))
  return [{ period: RECENT_PERIOD, firstDay: dayAfter(today, 1 - SERVICE_RECORD_RECENT_DAYS), lastDay: today }, ...months]
}

/**
 * The earliest moment a claim the record counts can have been decided: the start of its oldest month, less the time
 * an appeal may be filed after a denial (an appeal of the oldest month keeps its earlier denial's moment until it is
 * decided), and a day for the US zones, whose months start after UTC's.
 */
export function recordReadsFrom(now: Date, appealWindowDays: number): Date {
  const oldest = monthsUpTo(now, SERVICE_RECORD_MONTHS, SERVICE_ZONE).at(-1)!
  return addCalendarDays(monthSpan(oldest, SERVICE_ZONE).start, -(appealWindowDays + 1), SERVICE_ZONE)
}

/** The first of the rolling period's days on `zone`'s clock at `now`, kept for the last `now` asked about (one count's). */
const recentFirstDays = new Map<string, string>()
let recentFirstDaysAt = Number.NaN
function recentFirstDay(now: Date, zone: string) {
  if (recentFirstDaysAt !== now.getTime()) {
    recentFirstDays.clear()
    recentFirstDaysAt = now.getTime()
  }
  let day = recentFirstDays.get(zone)
  if (day === undefined) recentFirstDays.set(zone, (day = dayAfter(dayOf(now, zone), 1 - SERVICE_RECORD_RECENT_DAYS)))
  return day
}

/** The periods a moment falls in on `zone`'s clock: its month when the record shows it, and the rolling period when recent. */
export function periodsOfMoment(moment: string, zone: string, now: Date, months: ReadonlySet<string>): string[] {
  const at = new Date(moment)
  if (at.getTime() > now.getTime()) return []
  const periods: string[] = []
  const day = dayOf(at, zone)
  if (months.has(day.slice(0, 7))) periods.push(day.slice(0, 7))
  if (day >= recentFirstDay(now, zone)) periods.push(RECENT_PERIOD)
  return periods
}

/**
 * Adds a claim to the tallies of the periods it falls in (a tally is made for a period on first use):
 * - its decision, in the periods of the moment it was decided (its latest decision: a decided appeal's); decided at
 *   once when the published rules approved it as it was filed; otherwise its time from filing to decision, except
 *   for an appealed claim, whose first decision's moment the appeal's replaces;
 * - an approved claim's service promise, in the same periods, once it is settled: kept when the shop finished it in
 *   time, missed when the credit rule says so (finished late or still open past the deadline, on our side); a
 *   chip repair or a replacement as the promise reads the work (`promisedService`); and its credit, when paid;
 * - an appeal, in the periods of the moment it was filed: decided within the terms' 30 days or not, and decided for
 *   the customer (approved) or not.
 */
export function tallyClaim(tallies: Map<string, PeriodTally>, claim: RecordClaim, now: Date, months: ReadonlySet<string>) {
  const tallyOf = (period: string) => {
    let tally = tallies.get(period)
    if (!tally) tallies.set(period, (tally = emptyTally()))
    return tally
  }
  const decided = claim.reviewedAt !== null && claim.approvalStatus !== 'pending_review'
  if (decided) {
    const missed = isDecided(claim) && missedPromiseOnOurSide(claim, now)
    const settled = isDecided(claim) && (missed || claim.completedAt !== null)
    const chip = promisedService(claim) === 'chip_repair'
    for (const period of periodsOfMoment(claim.reviewedAt!, claim.customerZone, now, months)) {
      const tally = tallyOf(period)
      tally.claimsDecided++
      if (claim.decidedByRulesVersion !== null) tally.decidedAtOnce++
      else if (claim.appealedAt === null) tally.decisionMinutes.push(minutesBetween(claim.submittedAt, claim.reviewedAt!))
      if (settled && chip) {
        tally.chipsJudged++
        if (!missed) tally.chipsOnTime++
      } else if (settled) {
        tally.replacementsJudged++
        if (!missed) tally.replacementsOnTime++
      }
      if (claim.credit?.state === 'applied') {
        tally.creditsPaid++
        tally.creditsPaidCents += claim.credit.amountCents
      }
    }
  }
  if (claim.appealedAt !== null) {
    const appealDecided = decided && claim.reviewedAt! >= claim.appealedAt
    const inTime = appealDecided && new Date(claim.reviewedAt!).getTime() <= appealDecisionDeadline(claim.appealedAt).getTime()
    for (const period of periodsOfMoment(claim.appealedAt, claim.customerZone, now, months)) {
      const tally = tallyOf(period)
      tally.appealsFiled++
      if (inTime) tally.appealsDecidedInTime++
      if (appealDecided && isDecided(claim)) tally.appealsForCustomer++
    }
  }
}

function minutesBetween(from: string, to: string) {
  return Math.max(0, Math.round((new Date(to).getTime() - new Date(from).getTime()) / MINUTE_MS))
}

/**
 * The `p`-th percentile (0–100) of some numbers by the nearest-rank method: the smallest value that at least p % of
 * them do not exceed, always one of the values (the median of 1, 2, 3, 4 is 2). Null for none.
 */
export function percentile(values: readonly number[], p: number): number | null {
  if (!values.length) return null
  const sorted = [...values].sort((a, b) => a - b)
  const rank = Math.ceil((p * sorted.length) / 100)
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!
}

/** Whether a period has enough decided claims for its claim figures to be shown. */
export function enoughToReport(claimsDecided: number) {
  return claimsDecided >= MIN_CLAIMS_TO_REPORT
}

/** The figures stored for a period's claims: all null when too few claims were decided in it (only the count is kept). */
export function claimFigures(tally: PeriodTally) {
  const none = {
    decidedAtOnce: null,
    timedDecisions: null,
    decisionMinutesP50: null,
    decisionMinutesP90: null,
    chipsJudged: null,
    chipsOnTime: null,
    replacementsJudged: null,
    replacementsOnTime: null,
    creditsPaid: null,
    creditsPaidCents: null,
    appealsFiled: null,
    appealsDecidedInTime: null,
    appealsForCustomer: null,
  }
  if (!enoughToReport(tally.claimsDecided)) return { claimsDecided: tally.claimsDecided, ...none }
  const { decisionMinutes, ...counts } = tally
  return {
    ...counts,
    timedDecisions: decisionMinutes.length,
    decisionMinutesP50: percentile(decisionMinutes, 50),
    decisionMinutesP90: percentile(decisionMinutes, 90),
  }
}

/** A share as the record shows it: a whole percentage, or null when there is nothing to measure it on. */
export function shareOf(count: number | null, of: number | null): number | null {
  if (count === null || of === null || of <= 0) return null
  return Math.round((100 * count) / of)
}

/** A time from filing to decision as people read it: '45 minutes', '3.5 hours', '2.1 days'. */
export function decisionTimeInWords(minutes: number) {
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? '' : 's'}`
  const hours = minutes / 60
  if (hours < 48) return `${trimmed(hours)} hour${hours === 1 ? '' : 's'}`
  return `${trimmed(hours / 24)} days`
}

const trimmed = (value: number) => String(Math.round(value * 10) / 10)
