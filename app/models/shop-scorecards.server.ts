import { asc, sql } from 'drizzle-orm'

import { db } from '~/db/client.server'
import { partnerGroups } from '~/db/schema'
import { CALIBRATION_FILE_TYPES, type CalibrationMethod, calibrationProofGaps, type CalibrationResult } from '~/domain/calibration'
import { missedPromiseOnOurSide } from '~/domain/credits'
import { EMPTY_FIGURE, type Scorecard, SCORECARD_DAYS, type ScoreFigure } from '~/domain/scorecards'
import type { AdasCalibration } from '~/domain/shops'
import { DAY_MS, HOUR_MS } from '~/domain/time'

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
 * The facts of each job the groups completed between `since` and `until`, one row each. The jobs are ranges of the (group,
 * completed_at) index, groups as the outer loop; each job's first invoice (by the (claim, number) unique index), its
 * repair-failure claims (their partial index), its calibration proof (by key) and the proof's files (the claim's
 * documents index) are looked up by key, so the cost follows the window's jobs, never every claim ever filed.
 */
function completedJobs(groupIds: readonly string[], since: string, until: string) {
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
    CROSS JOIN claims c ON c.assigned_partner_group_id = g.id AND c.completed_at >= ${since} AND c.completed_at <= ${until}
    LEFT JOIN calibration_proofs p ON p.claim_id = c.id
    WHERE g.id IN (${sql.join(
      groupIds.map((id) => sql`${id}`),
      sql`, `,
    )})
  `)
}

/** The groups' approved jobs not yet done (the shop's open list, by its partial index): the late ones count against them. */
function openJobs(groupIds: readonly string[]) {
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

/**
 * Counts the groups' scorecards at `now`: over the jobs completed in the last SCORECARD_DAYS days, how many were on time
 * (open jobs already past their promise count as late), how many invoices were accepted as first sent (of those
 * answered), how many chip repairs failed since, and how many calibrations have a complete, passed proof.
 */
export function countScorecards(groupIds: readonly string[], now = new Date()): Map<string, Scorecard> {
  const since = new Date(now.getTime() - SCORECARD_DAYS * DAY_MS).toISOString()
  const cards = new Map(groupIds.map((id) => [id, emptyCard()]))
  for (const row of completedJobs(groupIds, since, now.toISOString())) {
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
  for (const row of openJobs(groupIds)) {
    if (missedPromiseOnOurSide(promiseClaim(row), now)) {
      const card = cards.get(row.group_id)!
      card.onTime = add(card.onTime, false)
    }
  }
  return cards
}

/** How long a group's scorecard is shown before it is counted again. */
export const SCORECARD_MAX_AGE_MS = HOUR_MS

const counted = new Map<string, { at: number; card: Scorecard }>()

/**
 * The groups' scorecards, each counted at most an hour before `now`, with when. A scorecard reads every job of its
 * group's last 90 days, a cost that grows with the business, and its rates move slowly: so the pages reuse one count
 * for an hour (the page says when it was counted), and the groups not counted within the hour are counted together.
 */
export function scorecardsOf(groupIds: readonly string[], now = new Date()) {
  const stale = groupIds.filter((id) => {
    const entry = counted.get(id)
    return !entry || now.getTime() - entry.at >= SCORECARD_MAX_AGE_MS || now.getTime() < entry.at
  })
  for (const [id, card] of countScorecards(stale, now)) counted.set(id, { at: now.getTime(), card })
  return new Map(groupIds.map((id) => [id, { ...counted.get(id)!, countedAt: new Date(counted.get(id)!.at).toISOString() }]))
}

/** One group's scorecard, for its own staff (the caller has checked that the person works for it). */
export function scorecardOfGroup(groupId: string, now = new Date()) {
  const { card, countedAt } = scorecardsOf([groupId], now).get(groupId)!
  return { card, countedAt, days: SCORECARD_DAYS }
}

/** Every group's scorecard, by name, for the operator. */
export function allScorecards(now = new Date()) {
  const groups = db()
    .select({ id: partnerGroups.id, name: partnerGroups.name, isActive: partnerGroups.isActive })
    .from(partnerGroups)
    .orderBy(asc(partnerGroups.name))
    .all()
  const cards = scorecardsOf(
    groups.map((group) => group.id),
    now,
  )
  return { days: SCORECARD_DAYS, groups: groups.map((group) => ({ ...group, ...cards.get(group.id)! })) }
}

/** The on-time figure of each group, for the customers choosing a shop. */
export function onTimeOfGroups(groupIds: readonly string[], now = new Date()): Map<string, ScoreFigure> {
  const unique = [...new Set(groupIds)]
  return new Map([...scorecardsOf(unique, now)].map(([id, { card }]) => [id, card.onTime]))
}

/** For tests that complete jobs and read the scorecards again at the same moment. */
export function forgetScorecards() {
  counted.clear()
}
