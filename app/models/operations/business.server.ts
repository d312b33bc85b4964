import { and, asc, count, eq, gte, isNotNull, lt, min } from 'drizzle-orm'

import { db } from '~/db/client.server'
import { claims, decisionHours, policyStats, weeklyStats } from '~/db/schema'
import { addCalendarDays, dayOf, mondayOf, startOfDayIn } from '~/domain/calendar'
import {
  APPEAL_DEADLINE_WARNING_DAYS,
  APPEAL_DECISION_DAYS,
  appealDecisionDeadline,
  overdueCutoff,
  RESPONSE_PROMISE_HOURS,
} from '~/domain/claims'
import { type PlanType, type VehicleType } from '~/domain/plans'
import type { PolicyStatus } from '~/domain/policies'
import { HOUR_MS } from '~/domain/time'
import { claimCount } from '~/models/claims/claim-queue.server'

/**
 * How the business is doing, for /admin. Every figure is read from counters the database keeps in the same
 * transaction as the change (policy_stats, weekly_stats, decision_hours: triggers in drizzle/0001) or from a short
 * index range (the waiting claims), so the page costs the same at 1,000 and at 100,000 policies.
 */

export const WEEKS_SHOWN = 12

export type PlanRow = {
  planType: PlanType
  vehicleType: VehicleType | null
  hasAdas: boolean
  byStatus: Record<PolicyStatus, number>
  /** Monthly cents of its active and past-due policies. */
  mrrCents: number
}

/** The Monday (UTC) that starts the week of `date`, as YYYY-MM-DD: how the counters name weeks. */
export function weekOf(date: Date) {
  return mondayOf(date)
}

/** The last `WEEKS_SHOWN` weeks, oldest first, ending with the current one. */
export function recentWeeks(now = new Date()) {
  const current = startOfDayIn(weekOf(now))
  return Array.from({ length: WEEKS_SHOWN }, (_, index) => dayOf(addCalendarDays(current, -(WEEKS_SHOWN - 1 - index) * 7)))
}

/** The median of a histogram of whole hours (the mean of the two middle values when the count is even). */
export function histogramMedian(buckets: { hours: number; decisions: number }[]) {
  const sorted = [...buckets].filter((bucket) => bucket.decisions > 0).sort((a, b) => a.hours - b.hours)
  const total = sorted.reduce((sum, bucket) => sum + bucket.decisions, 0)
  if (total === 0) return null
  const valueAt = (position: number) => {
    let seen = 0
    for (const bucket of sorted) {
      seen += bucket.decisions
      if (seen >= position) return bucket.hours
    }
    return sorted.at(-1)!.hours
  }
  return total % 2 ? valueAt((total + 1) / 2) : (valueAt(total / 2) + valueAt(total / 2 + 1)) / 2
}

function planRows(): PlanRow[] {
  const rows = new Map<string, PlanRow>()
  for (const stat of db().select().from(policyStats).all()) {
    const key = `${stat.planType}|${stat.vehicleType}|${stat.hasAdas}`
    let row = rows.get(key)
    if (!row) {
      row = {
        planType: stat.planType as PlanType,
        vehicleType: (stat.vehicleType || null) as VehicleType | null,
        hasAdas: stat.hasAdas === 1,
        byStatus: { incomplete: 0, active: 0, past_due: 0, canceled: 0 },
        mrrCents: 0,
      }
      rows.set(key, row)
    }
    row.byStatus[stat.status as PolicyStatus] += stat.policies
    if (stat.status === 'active' || stat.status === 'past_due') row.mrrCents += stat.monthlyCents
  }
  return [...rows.values()]
    .filter((row) => Object.values(row.byStatus).some((n) => n > 0))
    .sort((a, b) => `${a.planType}${a.vehicleType}${a.hasAdas}`.localeCompare(`${b.planType}${b.vehicleType}${b.hasAdas}`))
}

function weekly(weeks: string[]) {
  const rows = db().select().from(weeklyStats).where(gte(weeklyStats.week, weeks[0]!)).all()
  const hours = db().select().from(decisionHours).where(gte(decisionHours.week, weeks[0]!)).all()
  const value = (week: string, metric: string) => rows.find((row) => row.week === week && row.metric === metric)?.value ?? 0
  return weeks.map((week) => {
    const decisions = value(week, 'decisions')
    const approvals = value(week, 'approvals')
    return {
      week,
      newPolicies: value(week, 'new_policies'),
      decisions,
      approvals,
      approvalRate: decisions ? approvals / decisions : null,
      medianHoursToDecision: histogramMedian(hours.filter((bucket) => bucket.week === week)),
      completed: value(week, 'completed'),
    }
  })
}

/** How long the counts that read every waiting claim (past the promise, appeal deadlines) are reused: /admin says their age. */
export const COUNTS_KEPT_MS = 60_000

let counted: { at: number; overdue: number; appealsBefore: Record<number, number> } | null = null

/**
 * The counts that depend on the clock, so no counter can keep them: claims past the 48-hour promise, and appeals past
 * (or within a week of) their 30-day deadline. Each reads the waiting claims it counts, so they are counted at most once
 * a minute and the page shows when (`countedAt`); totals and the oldest claim stay exact on every request.
 */
function clockCounts(now: Date) {
  if (counted && now.getTime() >= counted.at && now.getTime() - counted.at < COUNTS_KEPT_MS) return counted
  const waiting = eq(claims.approvalStatus, 'pending_review')
  const overdue =
    db()
      .select({ n: count() })
      .from(claims)
      .where(and(waiting, lt(claims.waitingSince, overdueCutoff(now).toISOString())))
      .get()?.n ?? 0
  const appeals = and(waiting, isNotNull(claims.appealedAt))
  const before = (days: number) =>
    db()
      .select({ n: count() })
      .from(claims)
      .where(and(appeals, lt(claims.appealedAt, addCalendarDays(now, -days).toISOString())))
      .get()?.n ?? 0
  counted = {
    at: now.getTime(),
    overdue,
    appealsBefore: {
      [APPEAL_DECISION_DAYS]: before(APPEAL_DECISION_DAYS),
      [APPEAL_DECISION_DAYS - APPEAL_DEADLINE_WARNING_DAYS]: before(APPEAL_DECISION_DAYS - APPEAL_DEADLINE_WARNING_DAYS),
    },
  }
  return counted
}

/** For tests that change claims and count again at the same moment. */
export function forgetClockCounts() {
  counted = null
}

function waitingClaims(now: Date) {
  const waiting = eq(claims.approvalStatus, 'pending_review')
  const total = claimCount('pending_review')
  const { overdue } = clockCounts(now)
  const oldest = db().select({ since: claims.waitingSince }).from(claims).where(waiting).orderBy(asc(claims.waitingSince)).limit(1).get()
  const oldestHours = oldest?.since ? (now.getTime() - Date.parse(oldest.since)) / HOUR_MS : null
  return { total, overdue, oldestSince: oldest?.since ?? null, oldestHours, promiseHours: RESPONSE_PROMISE_HOURS }
}

function waitingAppeals(now: Date) {
  // The partial index claims_appeals_waiting_idx holds exactly these rows.
  const appeals = and(eq(claims.approvalStatus, 'pending_review'), isNotNull(claims.appealedAt))
  const summary = db()
    .select({ oldest: min(claims.appealedAt) })
    .from(claims)
    .where(appeals)
    .get()
  const before = (days: number) => clockCounts(now).appealsBefore[days] ?? 0
  return {
    total: claimCount('pending_review', true),
    /** Past the 30-day deadline, and within a week of it. */
    pastDeadline: before(APPEAL_DECISION_DAYS),
    dueWithinWeek: before(APPEAL_DECISION_DAYS - APPEAL_DEADLINE_WARNING_DAYS) - before(APPEAL_DECISION_DAYS),
    nextDeadline: summary?.oldest ? appealDecisionDeadline(summary.oldest).toISOString() : null,
    deadlineDays: APPEAL_DECISION_DAYS,
  }
}

export function businessFigures(now = new Date()) {
  const plans = planRows()
  const sum = (status: PolicyStatus) => plans.reduce((total, row) => total + row.byStatus[status], 0)
  return {
    asOf: now.toISOString(),
    /** When the clock-dependent counts (past the promise, appeal deadlines) were counted: at most a minute before asOf. */
    countedAt: new Date(clockCounts(now).at).toISOString(),
    plans,
    policies: { incomplete: sum('incomplete'), active: sum('active'), pastDue: sum('past_due'), canceled: sum('canceled') },
    mrrCents: plans.reduce((total, row) => total + row.mrrCents, 0),
    weeks: weekly(recentWeeks(now)),
    waiting: waitingClaims(now),
    appeals: waitingAppeals(now),
  }
}
