import { and, count, eq, lt, lte, sql } from 'drizzle-orm'
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core'

import { TOO_FEW_CLAIMS } from '~/content/service-record'
import { db, preparedQuery, transaction } from '~/db/client.server'
import {
  claims,
  partnerGroups,
  partnerLocations,
  policies,
  profiles,
  type ServiceCredit,
  serviceCredits,
  type ServiceRecordPeriod,
  serviceRecordPeriods,
} from '~/db/schema'
import { customerZone, endOfDayIn, monthSpan, SERVICE_ZONE, startOfDayIn } from '~/domain/calendar'
import { APPEAL_WINDOW_DAYS } from '~/domain/claims'
import { formatDollars } from '~/domain/format'
import { averageInWords } from '~/domain/ratings'
import {
  claimFigures,
  emptyTally,
  enoughToReport,
  type PeriodTally,
  RECENT_PERIOD,
  type RecordClaim,
  recordPeriods,
  recordReadsFrom,
  shareOf,
  tallyClaim,
} from '~/domain/service-record'
import { shopZoneOf } from '~/models/claims/shop-choice.server'
import { stepClock } from '~/models/operations/batches.server'
import { networkRatingAverage } from '~/models/shops/shop-ratings.server'
import { zipPlace, zoneOfZip } from '~/services/zip-centroids.server'
import { toCsv } from '~/utils/csv'

/**
 * The public service record (docs/decisions/106-public-service-record.md): the daily job counts it from the claims,
 * credits, shops and ratings, and stores one row per period; /service-record and its CSV read only those rows, so a
 * visit costs the same at any size. The counting rules are app/domain/service-record.ts's.
 */

/**
 * Claims read in one query, in the order of the reviewed_at index (one prepared statement serves every page): at
 * 1,000,000 policies the record reads some 150,000. A query of this many takes a few milliseconds; the claims it read
 * are then counted for at most STEP_BUDGET_MS at a time, the requests waiting answered in between, so that a step holds
 * the server about as long on a busy machine as on a quiet one (docs/benchmarks.md).
 */
const PAGE_ROWS = 100

/**
 * A column of the claim's credit for its missed promise, as a subquery by the one-per-claim index (its kind written
 * out, so that the partial index is the one read). Joined instead, the credits cost each page of 100 claims some
 * 11 ms more at 45,000 credits, and more as they grow (docs/benchmarks.md); a subquery per claim costs an index look-up.
 */
const missedPromiseCredit = (column: SQLiteColumn) =>
  sql`select ${column} from ${serviceCredits} where ${serviceCredits.claimId} = ${claims.id} and ${serviceCredits.kind} = 'missed_promise'`

/**
 * The claims decided in [from, to] after the (reviewed_at, rowid) position given, with what the record reads of each:
 * the credit rule's columns, the customer's place, the claim's credit.
 */
const claimsDecidedAfter = preparedQuery((database) =>
  database
    .select({
      rowid: sql<number>`${claims}.rowid`,
      approvalStatus: claims.approvalStatus,
      reviewedAt: claims.reviewedAt,
      submittedAt: claims.submittedAt,
      decidedByRulesVersion: claims.decidedByRulesVersion,
      appealedAt: claims.appealedAt,
      damageType: claims.damageType,
      repairType: claims.repairType,
      completedAt: claims.completedAt,
      rescheduleRequestedAt: claims.rescheduleRequestedAt,
      assignedPartnerGroupId: claims.assignedPartnerGroupId,
      chosenLocationId: claims.chosenLocationId,
      shopChosenAt: claims.shopChosenAt,
      preferredDate: claims.preferredDate,
      governingState: policies.governingState,
      zip: profiles.zip,
      creditState: sql<ServiceCredit['state'] | null>`(${missedPromiseCredit(serviceCredits.state)})`,
      creditCents: sql<number | null>`(${missedPromiseCredit(serviceCredits.amountCents)})`,
    })
    .from(claims)
    .innerJoin(policies, eq(policies.id, claims.policyId))
    .leftJoin(profiles, eq(profiles.id, policies.profileId))
    .where(
      and(
        sql`(${claims.reviewedAt}, ${claims}.rowid) > (${sql.placeholder('at')}, ${sql.placeholder('rowid')})`,
        lte(claims.reviewedAt, sql.placeholder('to')),
      ),
    )
    .orderBy(claims.reviewedAt, sql`${claims}.rowid`)
    .limit(PAGE_ROWS)
    .prepare(),
)

type DecidedRow = ReturnType<ReturnType<typeof claimsDecidedAfter>['all']>[number]

/** The zones the count needs, each looked up once: a customer's ZIP's, and the place a shop does the work. */
function zoneCaches() {
  const zips = new Map<string, { state: string; zone: string | null } | null>()
  const shops = new Map<string, string | null>()
  return {
    customer(row: Pick<DecidedRow, 'governingState' | 'zip'>) {
      const zip = row.zip
      if (zip && !zips.has(zip)) {
        const place = zipPlace(zip)
        zips.set(zip, place ? { state: place.state, zone: zoneOfZip(zip) } : null)
      }
      return customerZone(row.governingState, zip ? zips.get(zip) : null)
    },
    work(row: Pick<DecidedRow, 'chosenLocationId' | 'assignedPartnerGroupId'>) {
      const key = `${row.chosenLocationId ?? ''}|${row.assignedPartnerGroupId ?? ''}`
      if (!shops.has(key)) shops.set(key, shopZoneOf(row))
      return shops.get(key)!
    },
  }
}

/** The network at a period's end: the active locations of active groups that had joined by then. */
function shopsJoinedBefore(end: Date) {
  const row = db()
    .select({ shops: count() })
    .from(partnerLocations)
    .innerJoin(partnerGroups, eq(partnerGroups.id, partnerLocations.partnerGroupId))
    .where(and(eq(partnerLocations.isActive, true), eq(partnerGroups.isActive, true), lt(partnerLocations.createdAt, end.toISOString())))
    .get()
  return row?.shops ?? 0
}

export type ServiceRecordReport = { periods: number; claimsRead: number }

/**
 * Counts the record at `now` and replaces the stored one with it, in one transaction (a page never reads half of two
 * counts; two runs at once each write a whole record). The claims are read a page at a time, the requests answered in
 * between.
 */
export async function countServiceRecord(now = new Date()): Promise<ServiceRecordReport> {
  const periods = recordPeriods(now)
  const months = new Set(periods.filter((entry) => entry.period !== RECENT_PERIOD).map((entry) => entry.period))
  const tallies = new Map<string, PeriodTally>()
  const zones = zoneCaches()
  let claimsRead = 0
  const to = now.toISOString()
  let after = { at: recordReadsFrom(now, APPEAL_WINDOW_DAYS).toISOString(), rowid: -1 }
  const step = stepClock()
  for (;;) {
    const rows = claimsDecidedAfter().all({ ...after, to })
    for (const row of rows) {
      if (step.due()) await step.yieldToRequests()
      const claim: RecordClaim = {
        ...row,
        workZone: row.preferredDate ? zones.work(row) : null,
        customerZone: zones.customer(row),
        credit: row.creditState === null || row.creditCents === null ? null : { state: row.creditState, amountCents: row.creditCents },
      }
      tallyClaim(tallies, claim, now, months)
    }
    claimsRead += rows.length
    if (rows.length < PAGE_ROWS) break
    const last = rows.at(-1)!
    after = { at: last.reviewedAt!, rowid: last.rowid }
    await step.yieldToRequests()
  }
  const countedAt = now.toISOString()
  // A period's figures read its month of ratings and sort its decision times: one period a step.
  const rows: (typeof serviceRecordPeriods.$inferInsert)[] = []
  for (const { period, firstDay, lastDay } of periods) {
    await step.yieldToRequests()
    const span =
      period === RECENT_PERIOD
        ? { from: startOfDayIn(firstDay, SERVICE_ZONE), to: now }
        : { from: monthSpan(period, SERVICE_ZONE).start, to: minDate(monthSpan(period, SERVICE_ZONE).end, now) }
    const ratings = networkRatingAverage(db(), span)
    rows.push({
      period,
      firstDay,
      lastDay,
      ...claimFigures(tallies.get(period) ?? emptyTally()),
      shops: shopsJoinedBefore(minDate(endOfDayIn(lastDay, SERVICE_ZONE), now)),
      ratings: ratings.count,
      ratingAverage: ratings.average,
      countedAt,
    })
  }
  transaction((tx) => {
    tx.delete(serviceRecordPeriods).run()
    tx.insert(serviceRecordPeriods).values(rows).run()
  })
  return { periods: rows.length, claimsRead }
}

const minDate = (a: Date, b: Date) => (a.getTime() < b.getTime() ? a : b)

/**
 * The stored rows, prepared once: every visit to the page and the CSV reads them, and building the select of the
 * table's 25 columns each time cost more than reading its thirteen rows (docs/benchmarks.md).
 */
const storedPeriods = preparedQuery((database) => database.select().from(serviceRecordPeriods).prepare())

/** The stored record: the last 30 days first, then the months newest first; empty before the daily job first counted it. */
export function storedServiceRecord(): ServiceRecordPeriod[] {
  const rows = storedPeriods().all()
  const recent = rows.filter((row) => row.period === RECENT_PERIOD)
  const months = rows.filter((row) => row.period !== RECENT_PERIOD).toSorted((a, b) => (a.period < b.period ? 1 : -1))
  return [...recent, ...months]
}

/** The CSV's columns, one row per stored period: a period with too few claims has its note and no claim figure. */
const CSV_HEADER = [
  'period',
  'first_day',
  'last_day',
  'note',
  'claims_decided',
  'decided_at_once',
  'decided_at_once_percent',
  'decisions_timed',
  'decision_minutes_median',
  'decision_minutes_p90',
  'chips_judged',
  'chips_on_time',
  'chips_on_time_percent',
  'replacements_judged',
  'replacements_on_time',
  'replacements_on_time_percent',
  'credits_paid',
  'credits_paid_dollars',
  'appeals_filed',
  'appeals_decided_within_30_days',
  'appeals_decided_for_customer',
  'shops',
  'ratings',
  'average_rating',
  'counted_at',
]

/** The stored record as CSV (only a header before the daily job first counted it). */
export function serviceRecordCsv(): string {
  const rows = storedServiceRecord().map((row) => {
    const reported = enoughToReport(row.claimsDecided)
    return [
      row.period,
      row.firstDay,
      row.lastDay,
      reported ? '' : TOO_FEW_CLAIMS,
      reported ? row.claimsDecided : null,
      row.decidedAtOnce,
      shareOf(row.decidedAtOnce, reported ? row.claimsDecided : null),
      row.timedDecisions,
      row.decisionMinutesP50,
      row.decisionMinutesP90,
      row.chipsJudged,
      row.chipsOnTime,
      shareOf(row.chipsOnTime, row.chipsJudged),
      row.replacementsJudged,
      row.replacementsOnTime,
      shareOf(row.replacementsOnTime, row.replacementsJudged),
      row.creditsPaid,
      row.creditsPaidCents === null ? null : formatDollars(row.creditsPaidCents),
      row.appealsFiled,
      row.appealsDecidedInTime,
      row.appealsForCustomer,
      row.shops,
      row.ratings,
      row.ratingAverage === null ? null : averageInWords(row.ratingAverage),
      row.countedAt,
    ]
  })
  return toCsv([CSV_HEADER, ...rows])
}
