import { and, asc, count, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm'

import { db } from '~/db/client.server'
import { claims, partnerGroups, partnerLocations } from '~/db/schema'
import { momentOfWallClock, SERVICE_ZONE } from '~/domain/calendar'
import { CALIBRATION_FILE_TYPES, type CalibrationMethod, calibrationProofGaps, type CalibrationResult } from '~/domain/calibration'
import type { ApprovalStatus } from '~/domain/claims'
import { missedPromiseOnOurSide } from '~/domain/credits'
import { PAGE_SIZE, pageOf } from '~/domain/paging'
import { EMPTY_FIGURE, isEmptyScorecard, SATISFIED_RATING, type Scorecard, SCORECARD_DAYS, type ScoreFigure } from '~/domain/scorecards'
import { SERVICE_FIGURE_DAYS, serviceClockStart } from '~/domain/service-promise'
import type { AdasCalibration, TimeSlot } from '~/domain/shops'
import { DAY_MS, HOUR_MS } from '~/domain/time'
import { logger } from '~/logger.server'
import { yieldToRequests } from '~/models/operations/batches.server'
import { zoneOfZip } from '~/services/zip-centroids.server'

/**
 * The partner groups' scorecards (app/domain/scorecards.ts), one model for the shop's own page, the operator's page and
 * the customer's shop choice, so the three always show the same figure. Why it is counted this way:
 * docs/decisions/086-shop-scorecards.md.
 */

type JobRow = {
  group_id: string
  approval_status: ApprovalStatus
  reviewed_at: string | null
  damage_type: string
  repair_type: string | null
  completed_at: string | null
  reschedule_requested_at: string | null
  shop_chosen_at: string | null
  preferred_date: string | null
  chosen_location_id: string | null
  location_zip: string | null
  adas_calibration: AdasCalibration | null
  first_invoice: string | null
  failed: number | null
  proof_method: CalibrationMethod | null
  proof_result: CalibrationResult | null
  proof_files: string | null
  rating_score: number | null
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
           c.completed_at, c.reschedule_requested_at, c.shop_chosen_at, c.preferred_date, c.chosen_location_id,
           l.zip AS location_zip, c.adas_calibration,
           (SELECT s.outcome FROM invoice_submissions s WHERE s.claim_id = c.id AND s.number = 1) AS first_invoice,
           CASE WHEN c.repair_type = 'repair' THEN EXISTS (
             SELECT 1 FROM claims f
             WHERE f.repair_failure_of_claim_id = c.id AND f.repair_failure_of_claim_id IS NOT NULL AND f.approval_status <> 'denied'
           ) END AS failed,
           p.method AS proof_method, p.result AS proof_result,
           CASE WHEN p.claim_id IS NOT NULL THEN (
             SELECT group_concat(d.document_type) FROM claim_documents d
             WHERE d.claim_id = c.id AND d.document_type IN (${CALIBRATION_TYPES})
           ) END AS proof_files,
           (SELECT r.score FROM shop_ratings r WHERE r.claim_id = c.id) AS rating_score
    FROM partner_groups g
    CROSS JOIN claims c ON c.assigned_partner_group_id = g.id AND c.completed_at >= ${since} AND c.completed_at < ${before}
    LEFT JOIN calibration_proofs p ON p.claim_id = c.id
    LEFT JOIN partner_locations l ON l.id = c.chosen_location_id
    WHERE g.id IN (${sql.join(
      groupIds.map((id) => sql`${id}`),
      sql`, `,
    )})
  `)
}

/** The groups' approved jobs not yet done (the shop's open list, by its partial index): the late ones count against them. */
function openJobs(groupIds: readonly string[], page?: { size: number; number: number }) {
  if (!groupIds.length) return []
  return db().all<PromiseRow>(sql`
    SELECT c.assigned_partner_group_id AS group_id, c.approval_status, c.reviewed_at, c.damage_type, c.repair_type,
           c.reschedule_requested_at, c.shop_chosen_at, c.preferred_date, c.chosen_location_id, l.zip AS location_zip
    FROM claims c
    LEFT JOIN partner_locations l ON l.id = c.chosen_location_id
    WHERE c.approval_status = 'approved' AND c.assigned_partner_group_id IN (${sql.join(
      groupIds.map((id) => sql`${id}`),
      sql`, `,
    )})
    ${page ? sql`ORDER BY c.assigned_partner_group_id, c.preferred_date, c.reviewed_at, c.rowid LIMIT ${page.size} OFFSET ${page.size * page.number}` : sql``}
  `)
}

type PromiseRow = Pick<
  JobRow,
  | 'group_id'
  | 'approval_status'
  | 'reviewed_at'
  | 'damage_type'
  | 'repair_type'
  | 'reschedule_requested_at'
  | 'shop_chosen_at'
  | 'preferred_date'
  | 'chosen_location_id'
  | 'location_zip'
>

/**
 * The zones the work of the groups' jobs is done in, for a count: a job's chosen location's (by its ZIP), else its
 * group's first active location's (as shopZoneOf reads it), each ZIP looked up once.
 */
function workZones(groupIds: readonly string[]) {
  const byZip = new Map<string, string | null>()
  const ofZip = (zip: string | null) => {
    if (!zip) return null
    if (!byZip.has(zip)) byZip.set(zip, zoneOfZip(zip))
    return byZip.get(zip)!
  }
  // Each group's first active location by name (a few rows a group), sorted here rather than by a sort in SQL.
  const places = groupIds.length
    ? db()
        .select({ groupId: partnerLocations.partnerGroupId, name: partnerLocations.name, zip: partnerLocations.zip })
        .from(partnerLocations)
        .where(
          and(
            inArray(partnerLocations.partnerGroupId, [...groupIds]),
            eq(partnerLocations.isActive, true),
            isNotNull(partnerLocations.zip),
          ),
        )
        .all()
        .toSorted((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    : []
  const byGroup = new Map<string, string | null>()
  for (const id of groupIds) byGroup.set(id, ofZip(places.find((place) => place.groupId === id)?.zip ?? null))
  return (row: { group_id: string; chosen_location_id: string | null; location_zip: string | null }) =>
    row.chosen_location_id ? ofZip(row.location_zip) : (byGroup.get(row.group_id) ?? null)
}

type ZoneOf = ReturnType<typeof workZones>

/**
 * A row as the promise reads it (missedPromiseOnOurSide, the rule that pays the customer's credit): the clock starts
 * when the customer chose the shop left to them, and a day they asked for past the promise, read where the work is
 * done, is theirs.
 */
const promiseClaim = (row: PromiseRow, zoneOf: ZoneOf) => ({
  approvalStatus: row.approval_status,
  reviewedAt: row.reviewed_at,
  damageType: row.damage_type,
  repairType: row.repair_type,
  rescheduleRequestedAt: row.reschedule_requested_at,
  shopChosenAt: row.shop_chosen_at,
  preferredDate: row.preferred_date,
  assignedPartnerGroupId: row.group_id,
  chosenLocationId: row.chosen_location_id,
  workZone: row.preferred_date ? zoneOf(row) : null,
})

const add = (figure: ScoreFigure, counted: boolean): ScoreFigure => ({ count: figure.count + (counted ? 1 : 0), of: figure.of + 1 })

const emptyCard = (): Scorecard => ({
  onTime: EMPTY_FIGURE,
  firstTimeInvoices: EMPTY_FIGURE,
  rework: EMPTY_FIGURE,
  calibrationProof: EMPTY_FIGURE,
  ratings: EMPTY_FIGURE,
})

/** Adds the window's completed jobs to their groups' cards. */
function addCompletedJobs(cards: Map<string, Scorecard>, rows: readonly JobRow[], now: Date, zoneOf: ZoneOf) {
  for (const row of rows) {
    const card = cards.get(row.group_id)!
    if (row.reviewed_at)
      card.onTime = add(card.onTime, !missedPromiseOnOurSide({ ...promiseClaim(row, zoneOf), completedAt: row.completed_at }, now))
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
    // Every rating of the job counts, whatever it says and whether its comment is hidden (app/domain/ratings.ts).
    if (row.rating_score !== null) card.ratings = add(card.ratings, row.rating_score >= SATISFIED_RATING)
  }
}

/** Adds the groups' open jobs already past their promise, as late. */
function addOpenJobs(cards: Map<string, Scorecard>, rows: ReturnType<typeof openJobs>, now: Date, zoneOf: ZoneOf) {
  for (const row of rows) {
    if (missedPromiseOnOurSide(promiseClaim(row, zoneOf), now)) {
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
 * answered), how many chip repairs failed since, how many calibrations have a complete, passed proof, and how many of
 * the jobs' ratings by their customers were 4 or 5 stars.
 */
export function countScorecards(groupIds: readonly string[], now = new Date()): Map<string, Scorecard> {
  const { since, before } = windowAt(now)
  const cards = new Map(groupIds.map((id) => [id, emptyCard()]))
  const zoneOf = workZones(groupIds)
  addCompletedJobs(cards, completedJobs(groupIds, new Date(since).toISOString(), new Date(before).toISOString()), now, zoneOf)
  addOpenJobs(cards, openJobs(groupIds), now, zoneOf)
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
    const zoneOf = workZones([id])
    const steps = Math.ceil(SCORECARD_DAYS / RECOUNT_SLICE_DAYS)
    for (let step = 0; step < steps; step++) {
      const from = since + step * RECOUNT_SLICE_DAYS * DAY_MS
      // The last step runs to the window's end, `now` included.
      const to = step === steps - 1 ? before : from + RECOUNT_SLICE_DAYS * DAY_MS
      addCompletedJobs(card, completedJobs([id], new Date(from).toISOString(), new Date(to).toISOString()), now, zoneOf)
      onStep?.()
      await yieldToRequests()
    }
    for (let number = 0; ; number++) {
      const rows = openJobs([id], { size: openJobsPage, number })
      addOpenJobs(card, rows, now, zoneOf)
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
  // A group that completed a job since its count is not shown a count without it: an empty card (its first jobs, cheap
  // to count) is counted again at once, any other in the background like an hour-old one.
  const completedSince = new Set(groupIds.filter((id) => completedSinceCount(id)))
  const missing = groupIds.filter((id) => {
    const entry = counted.get(id)
    return !entry || now.getTime() < entry.at || (completedSince.has(id) && isEmptyScorecard(entry.card))
  })
  for (const [id, card] of countScorecards(missing, now)) counted.set(id, { at: now.getTime(), card })
  const stale = groupIds.filter(
    (id) => now.getTime() - counted.get(id)!.at >= SCORECARD_MAX_AGE_MS || (completedSince.has(id) && !missing.includes(id)),
  )
  if (stale.length) recountInBackground(stale, now)
  return new Map(groupIds.map((id) => [id, { ...counted.get(id)!, countedAt: new Date(counted.get(id)!.at).toISOString() }]))
}

/**
 * Whether the group completed a job after its count was made: its latest completion, read at the end of its range of
 * the (group, completed_at) index, one row per group.
 */
function completedSinceCount(groupId: string) {
  const entry = counted.get(groupId)
  if (!entry) return false
  const latest = db()
    .select({ completedAt: claims.completedAt })
    .from(claims)
    .where(and(eq(claims.assignedPartnerGroupId, groupId), isNotNull(claims.completedAt)))
    .orderBy(desc(claims.completedAt))
    .limit(1)
    .get()
  return Boolean(latest?.completedAt && Date.parse(latest.completedAt) > entry.at)
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

// --- the shops' service times, for the operator's payouts page ------------------------------------------------------

export type ServiceTimes = {
  groupId: string
  name: string
  completed: number
  medianHoursToAppointment: number | null
  medianHoursToCompletion: number | null
}

type ServiceTimeRow = {
  group_id: string
  reviewed_at: string
  shop_chosen_at: string | null
  preferred_date: string | null
  preferred_slot: TimeSlot | null
  appointment_at: string | null
  completed_at: string
  chosen_location_id: string | null
  location_zip: string | null
}

const hoursBetween = (later: Date, earlier: Date) => Math.max(0, (later.getTime() - earlier.getTime()) / HOUR_MS)

/**
 * Per partner group, over its claims completed in the last 90 days: how many, and the median hours to the appointment
 * and to completion, counted from when the promise's clock starts (serviceClockStart: the approval, or the customer's
 * later choice of the shop, or the start of the half day they asked for), not from the approval alone: a customer who
 * asks for next Tuesday has not made the shop slow. The appointment is a wall-clock time where the work is done
 * (decision 045), read in that zone. The jobs are ranges of the (group, completed_at) index; the medians are sorted here.
 */
export function serviceTimesByGroup(now = new Date()): ServiceTimes[] {
  const since = new Date(now.getTime() - SERVICE_FIGURE_DAYS * DAY_MS).toISOString()
  const groups = db().select({ id: partnerGroups.id, name: partnerGroups.name }).from(partnerGroups).orderBy(asc(partnerGroups.name)).all()
  const times = db().all<ServiceTimeRow>(sql`
    SELECT c.assigned_partner_group_id AS group_id, c.reviewed_at, c.shop_chosen_at, c.preferred_date, c.preferred_slot,
           c.appointment_at, c.completed_at, c.chosen_location_id, l.zip AS location_zip
    -- CROSS JOIN keeps the groups as the outer loop, so each group's claims are a range of the index.
    FROM partner_groups g
    CROSS JOIN claims c ON c.assigned_partner_group_id = g.id AND c.completed_at >= ${since}
    LEFT JOIN partner_locations l ON l.id = c.chosen_location_id
    WHERE c.reviewed_at IS NOT NULL
  `)
  const zoneOf = workZones(groups.map((group) => group.id))
  const byGroup = new Map<string, { appointment: number[]; completion: number[] }>()
  for (const row of times) {
    const workZone = zoneOf(row)
    const start = serviceClockStart({
      approvalStatus: 'completed',
      reviewedAt: row.reviewed_at,
      damageType: 'chip',
      shopChosenAt: row.shop_chosen_at,
      preferredDate: row.preferred_date,
      preferredSlot: row.preferred_slot,
      workZone,
    })!
    const entry = byGroup.get(row.group_id) ?? { appointment: [], completion: [] }
    if (row.appointment_at) entry.appointment.push(hoursBetween(momentOfWallClock(row.appointment_at, workZone ?? SERVICE_ZONE), start))
    entry.completion.push(hoursBetween(new Date(row.completed_at), start))
    byGroup.set(row.group_id, entry)
  }
  const round = (hours: number | null) => (hours === null ? null : Math.round(hours * 10) / 10)
  return groups.map((group) => {
    const entry = byGroup.get(group.id)
    return {
      groupId: group.id,
      name: group.name,
      completed: entry?.completion.length ?? 0,
      medianHoursToAppointment: round(median(entry?.appointment ?? [])),
      medianHoursToCompletion: round(median(entry?.completion ?? [])),
    }
  })
}

/** The middle value, or the mean of the two middle values of an even count; null for none. */
function median(values: number[]) {
  if (values.length === 0) return null
  const sorted = values.toSorted((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

/** How long the payouts page shows the service figures before it counts them again. */
export const SERVICE_FIGURES_MAX_AGE_MS = HOUR_MS

const EMPTY_FIGURES = { completed: 0, medianHoursToAppointment: null, medianHoursToCompletion: null }

let countedTimes: { at: number; rows: Map<string, ServiceTimes> } | null = null

/**
 * The service figures for the payouts page: counted at most an hour before `now`, with the moment they were counted.
 * Their medians read every completion of the last 90 days, a cost that grows with the business, and a median moves
 * slowly; so the page reuses one count for an hour and says when it was made. Groups added since show no figures yet.
 */
export function recentServiceTimes(now = new Date()) {
  const stale = !countedTimes || now.getTime() - countedTimes.at >= SERVICE_FIGURES_MAX_AGE_MS || now.getTime() < countedTimes.at
  if (stale) countedTimes = { at: now.getTime(), rows: new Map(serviceTimesByGroup(now).map((row) => [row.groupId, row])) }
  const { at, rows } = countedTimes!
  const groups = db().select({ id: partnerGroups.id, name: partnerGroups.name }).from(partnerGroups).orderBy(asc(partnerGroups.name)).all()
  return {
    countedAt: new Date(at).toISOString(),
    rows: groups.map((group): ServiceTimes => ({ ...(rows.get(group.id) ?? EMPTY_FIGURES), groupId: group.id, name: group.name })),
  }
}

/** For tests that complete jobs and read the figures again at the same moment. */
export function forgetServiceTimes() {
  countedTimes = null
}
