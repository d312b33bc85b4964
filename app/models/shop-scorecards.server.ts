import { asc, count, sql } from 'drizzle-orm'

import { db } from '~/db/client.server'
import { partnerGroups } from '~/db/schema'
import { CALIBRATION_FILE_TYPES, type CalibrationMethod, calibrationProofGaps, type CalibrationResult } from '~/domain/calibration'
import { missedPromiseOnOurSide } from '~/domain/credits'
import { PAGE_SIZE, pageOf } from '~/domain/paging'
import { EMPTY_FIGURE, type Scorecard, SCORECARD_DAYS, type ScoreFigure } from '~/domain/scorecards'
import type { AdasCalibration } from '~/domain/shops'
import { DAY_MS, HOUR_MS } from '~/domain/time'
import { logger } from '~/logger.server'

import { yieldToRequests } from './batches.server'

/**
 * The partner groups' scorecards (app/domain/scorecards.ts), one model for the shop's own page, the operator's page and
 * the customer's shop choice, so the three always show the same figure. Why it is counted this way:
 * docs/decisions/086-shop-scorecards.md.
 */

type JobRow = {
  group_id: string
  approval_status: string
  reviewed_at: string | null
  damage_type: string
  repair_type: string | null
  completed_at: string | null
  reschedule_requested_at: string | null
  adas_calibration: AdasCalibration | null
  first_invoice: string | null
  failed: number | null
  proof_method: CalibrationMethod | null
  proof_result: CalibrationResult | null
  proof_files: string | null
}

const CALIBRATION_TYPES = sql.join(
  CALIBRATION_FILE_TYPES.map((type) => sql`${type}`),
  sql`, `,
)

/**
 * The facts of each job the groups completed from `since` up to (not including) `before`, one row each. The jobs are ranges of the (group,
 * completed_at) index, groups as the outer loop; each job's first invoice (by the (claim, number) unique index), its
 * repair-failure claims (their partial index), its calibration proof (by key) and the proof's files (the claim's
 * documents index) are looked up by key, so the cost follows the window's jobs, never every claim ever filed.
 */
function completedJobs(groupIds: readonly string[], since: string, before: string) {
  if (!groupIds.length) return []
  return db().all<JobRow>(sql`
    SELECT c.assigned_partner_group_id AS group_id, c.approval_status, c.reviewed_at, c.damage_type, c.repair_type,
           c.completed_at, c.reschedule_requested_at, c.adas_calibration,
           (SELECT s.outcome FROM invoice_submissions s WHERE s.claim_id = c.id AND s.number = 1) AS first_invoice,
           CASE WHEN c.repair_type = 'repair' THEN EXISTS (
             SELECT 1 FROM claims f
             WHERE f.repair_failure_of_claim_id = c.id AND f.repair_failure_of_claim_id IS NOT NULL AND f.approval_status <> 'denied'
           ) END AS failed,
           p.method AS proof_method, p.result AS proof_result,
           CASE WHEN p.claim_id IS NOT NULL THEN (
             SELECT group_concat(d.document_type) FROM claim_documents d
             WHERE d.claim_id = c.id AND d.document_type IN (${CALIBRATION_TYPES})
           ) END AS proof_files
    FROM partner_groups g
    CROSS JOIN claims c ON c.assigned_partner_group_id = g.id AND c.completed_at >= ${since} AND c.completed_at < ${before}
    LEFT JOIN calibration_proofs p ON p.claim_id = c.id
    WHERE g.id IN (${sql.join(
      groupIds.map((id) => sql`${id}`),
      sql`, `,
    )})
  `)
}

/** The groups' approved jobs not yet done (the shop's open list, by its partial index): the late ones count against them. */
function openJobs(groupIds: readonly string[], page?: { size: number; number: number }) {
  if (!groupIds.length) return []
  return db().all<
    Pick<JobRow, 'group_id' | 'approval_status' | 'reviewed_at' | 'damage_type' | 'repair_type' | 'reschedule_requested_at'>
  >(sql`
    SELECT c.assigned_partner_group_id AS group_id, c.approval_status, c.reviewed_at, c.damage_type, c.repair_type,
           c.reschedule_requested_at
    FROM claims c
    WHERE c.approval_status = 'approved' AND c.assigned_partner_group_id IN (${sql.join(
      groupIds.map((id) => sql`${id}`),
      sql`, `,
    )})
    ${page ? sql`ORDER BY c.assigned_partner_group_id, c.preferred_date, c.reviewed_at, c.rowid LIMIT ${page.size} OFFSET ${page.size * page.number}` : sql``}
  `)
}

const promiseClaim = (
  row: Pick<JobRow, 'approval_status' | 'reviewed_at' | 'damage_type' | 'repair_type' | 'reschedule_requested_at'>,
) => ({
  approvalStatus: row.approval_status,
  reviewedAt: row.reviewed_at,
  damageType: row.damage_type,
  repairType: row.repair_type,
  rescheduleRequestedAt: row.reschedule_requested_at,
})

const add = (figure: ScoreFigure, counted: boolean): ScoreFigure => ({ count: figure.count + (counted ? 1 : 0), of: figure.of + 1 })

const emptyCard = (): Scorecard => ({
  onTime: EMPTY_FIGURE,
  firstTimeInvoices: EMPTY_FIGURE,
  rework: EMPTY_FIGURE,
  calibrationProof: EMPTY_FIGURE,
})

/** Adds the window's completed jobs to their groups' cards. */
function addCompletedJobs(cards: Map<string, Scorecard>, rows: readonly JobRow[], now: Date) {
  for (const row of rows) {
    const card = cards.get(row.group_id)!
    if (row.reviewed_at)
      card.onTime = add(card.onTime, !missedPromiseOnOurSide({ ...promiseClaim(row), completedAt: row.completed_at }, now))
    if (row.first_invoice === 'accepted' || row.first_invoice === 'rejected')
      card.firstTimeInvoices = add(card.firstTimeInvoices, row.first_invoice === 'accepted')
    if (row.failed !== null) card.rework = add(card.rework, row.failed === 1)
    const proof = row.proof_method && row.proof_result ? { method: row.proof_method, result: row.proof_result } : null
    const needsProof = row.adas_calibration !== null && row.adas_calibration !== 'none'
    if (needsProof) {
      const gaps = calibrationProofGaps(
        { adasCalibration: row.adas_calibration },
        proof && { ...proof, toolMake: '', toolSerial: '', technicianName: '' },
        row.proof_files?.split(',') ?? [],
      )
      card.calibrationProof = add(card.calibrationProof, gaps.length === 0)
    }
  }
}

/** Adds the groups' open jobs already past their promise, as late. */
function addOpenJobs(cards: Map<string, Scorecard>, rows: ReturnType<typeof openJobs>, now: Date) {
  for (const row of rows) {
    if (missedPromiseOnOurSide(promiseClaim(row), now)) {
      const card = cards.get(row.group_id)!
      card.onTime = add(card.onTime, false)
    }
  }
}

/** The window a scorecard counts at `now`: SCORECARD_DAYS days up to and including `now`. */
function windowAt(now: Date) {
  return { since: now.getTime() - SCORECARD_DAYS * DAY_MS, before: now.getTime() + 1 }
}

/**
 * Counts the groups' scorecards at `now`: over the jobs completed in the last SCORECARD_DAYS days, how many were on time
 * (open jobs already past their promise count as late), how many invoices were accepted as first sent (of those
 * answered), how many chip repairs failed since, and how many calibrations have a complete, passed proof.
 */
export function countScorecards(groupIds: readonly string[], now = new Date()): Map<string, Scorecard> {
  const { since, before } = windowAt(now)
  const cards = new Map(groupIds.map((id) => [id, emptyCard()]))
  addCompletedJobs(cards, completedJobs(groupIds, new Date(since).toISOString(), new Date(before).toISOString()), now)
  addOpenJobs(cards, openJobs(groupIds), now)
  return cards
}

/**
 * Days of completed jobs read in one step of a recount. At 1,000,000 policies a count of every group at once read
 * ~70,000 jobs in one synchronous call (1.3 s, docs/benchmarks.md): a group and ten days at a time, with requests
 * answered in between, keeps each step to a small part of that.
 */
export const RECOUNT_SLICE_DAYS = 10
/** Open jobs read in one step of a recount, in the order of their index (a shop with a backlog has thousands). */
export const RECOUNT_OPEN_JOBS_PAGE = 2_000

/**
 * The same count as countScorecards, a group and RECOUNT_SLICE_DAYS days of its completed jobs (then
 * RECOUNT_OPEN_JOBS_PAGE of its open ones) at a time, letting the requests that arrived meanwhile be answered between
 * steps. The steps are not one snapshot: a job that moves on between two of them may count in neither or both, which
 * an hourly figure of 90 days can bear. `onStep` is told after each step (for the test that checks the yields).
 */
export async function recountScorecards(
  groupIds: readonly string[],
  now = new Date(),
  { onStep, openJobsPage = RECOUNT_OPEN_JOBS_PAGE }: { onStep?: () => void; openJobsPage?: number } = {},
) {
  const { since, before } = windowAt(now)
  const cards = new Map<string, Scorecard>()
  for (const id of groupIds) {
    const card = new Map([[id, emptyCard()]])
    const steps = Math.ceil(SCORECARD_DAYS / RECOUNT_SLICE_DAYS)
    for (let step = 0; step < steps; step++) {
      const from = since + step * RECOUNT_SLICE_DAYS * DAY_MS
      // The last step runs to the window's end, `now` included.
      const to = step === steps - 1 ? before : from + RECOUNT_SLICE_DAYS * DAY_MS
      addCompletedJobs(card, completedJobs([id], new Date(from).toISOString(), new Date(to).toISOString()), now)
      onStep?.()
      await yieldToRequests()
    }
    for (let number = 0; ; number++) {
      const rows = openJobs([id], { size: openJobsPage, number })
      addOpenJobs(card, rows, now)
      onStep?.()
      await yieldToRequests()
      if (rows.length < openJobsPage) break
    }
    cards.set(id, card.get(id)!)
  }
  return cards
}

/** How long a group's scorecard is shown before it is counted again. */
export const SCORECARD_MAX_AGE_MS = HOUR_MS

const counted = new Map<string, { at: number; card: Scorecard }>()
/** Groups being counted again in the background, so a page asking meanwhile does not start a second recount. */
const recounting = new Set<string>()
let recounts: Promise<void> = Promise.resolve()
/** Bumped when the counts are forgotten, so a recount started before does not bring its old count back. */
let generation = 0

/**
 * Counts the stale groups again in the background (recountScorecards), each at most once at a time. A failure is
 * logged and the old count stays shown; the next page that finds it stale tries again.
 */
function recountInBackground(groupIds: readonly string[], now: Date) {
  const todo = groupIds.filter((id) => !recounting.has(id))
  if (!todo.length) return
  for (const id of todo) recounting.add(id)
  const startedIn = generation
  const run = recountScorecards(todo, now)
    .then((cards) => {
      if (startedIn !== generation) return
      for (const [id, card] of cards) counted.set(id, { at: now.getTime(), card })
    })
    .catch((error: unknown) => logger.error({ err: error, groups: todo.length }, 'the scorecards could not be counted again'))
    .finally(() => {
      for (const id of todo) recounting.delete(id)
    })
  recounts = Promise.all([recounts, run]).then(() => undefined)
}

/**
 * The groups' scorecards, each counted at most an hour before `now`, with when. A scorecard reads every job of its
 * group's last 90 days, a cost that grows with the business, and its rates move slowly: so the pages reuse one count
 * for an hour (the page says when it was counted). A group never counted is counted at once; one counted over an hour
 * ago is shown as it was while it is counted again in the background, so no page waits for a recount of the whole
 * network.
 */
export function scorecardsOf(groupIds: readonly string[], now = new Date()) {
  const missing = groupIds.filter((id) => {
    const entry = counted.get(id)
    return !entry || now.getTime() < entry.at
  })
  for (const [id, card] of countScorecards(missing, now)) counted.set(id, { at: now.getTime(), card })
  const stale = groupIds.filter((id) => now.getTime() - counted.get(id)!.at >= SCORECARD_MAX_AGE_MS)
  if (stale.length) recountInBackground(stale, now)
  return new Map(groupIds.map((id) => [id, { ...counted.get(id)!, countedAt: new Date(counted.get(id)!.at).toISOString() }]))
}

/** For tests: the background recounts started so far, finished. */
export function scorecardRecounts() {
  return recounts
}

/** One group's scorecard, for its own staff (the caller has checked that the person works for it). */
export function scorecardOfGroup(groupId: string, now = new Date()) {
  const { card, countedAt } = scorecardsOf([groupId], now).get(groupId)!
  return { card, countedAt, days: SCORECARD_DAYS }
}

/**
 * A page of every group's scorecard, by name, for the operator (PAGE_SIZE groups a page, only that page's groups
 * counted); null when `page` is past the last.
 */
export function allScorecards(page = 1, now = new Date()) {
  const total = db().select({ count: count() }).from(partnerGroups).get()!.count
  const slice = pageOf(page, total)
  if (!slice) return null
  const groups = db()
    .select({ id: partnerGroups.id, name: partnerGroups.name, isActive: partnerGroups.isActive })
    .from(partnerGroups)
    .orderBy(asc(partnerGroups.name), asc(partnerGroups.id))
    .limit(PAGE_SIZE)
    .offset(slice.offset)
    .all()
  const cards = scorecardsOf(
    groups.map((group) => group.id),
    now,
  )
  return { days: SCORECARD_DAYS, page: slice, groups: groups.map((group) => ({ ...group, ...cards.get(group.id)! })) }
}

/** The on-time figure of each group, for the customers choosing a shop. */
export function onTimeOfGroups(groupIds: readonly string[], now = new Date()): Map<string, ScoreFigure> {
  const unique = [...new Set(groupIds)]
  return new Map([...scorecardsOf(unique, now)].map(([id, { card }]) => [id, card.onTime]))
}

/** For tests that complete jobs and read the scorecards again at the same moment. */
export function forgetScorecards() {
  generation++
  counted.clear()
}
