import { count } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'

import { db } from '~/db/client.server'
import { calibrationProofs, type Claim, claimDocuments, claims, partnerGroups, partnerLocations, shopRatings, shopStaff } from '~/db/schema'
import { CALIBRATION_FILE_TYPES, type CalibrationFileType } from '~/domain/calibration'
import { PAGE_SIZE } from '~/domain/paging'
import { MIN_JOBS_TO_JUDGE, type Scorecard, SCORECARD_DAYS } from '~/domain/scorecards'
import { CUSTOMER_CHOOSES_SHOP } from '~/domain/shops'
import { DAY_MS, HOUR_MS } from '~/domain/time'
import { approveClaim } from '~/models/claims/claim-review.server'
import { recordSubmission, settleSubmission } from '~/models/shops/invoice-review.server'
import {
  countScorecards,
  forgetScorecards,
  forgetServiceTimes,
  recentServiceTimes,
  RECOUNT_SLICE_DAYS,
  recountScorecards,
  scorecardRecounts,
  scorecardsOf,
  SERVICE_FIGURES_MAX_AGE_MS,
  serviceTimesByGroup,
} from '~/models/shops/shop-scorecards.server'
import * as scorecardsRoute from '~/routes/admin.scorecards'
import * as chooseRoute from '~/routes/customer.claims.$claimId.shop'
import * as shopRoute from '~/routes/shop'

import {
  createActivePolicy,
  createClaim,
  createPartnerGroup,
  createProfile,
  ensureSeeded,
  findOrCreateProfile,
  sessionCookieFor,
  uniqueEmail,
} from '../support/factories'
import { passesOverGrowingTables, planOf, statementsOf } from '../support/query-plans'
import { makeRequest, routeArgs, settle } from '../support/requests'

const operator = () => findOrCreateProfile('operator@example.com')
const at = (iso: string) => new Date(iso).toISOString()

/** A job the group completed: approved at `reviewedAt`, finished at `completedAt`. */
function job(groupId: string, facts: Partial<typeof claims.$inferInsert> & { reviewedAt: string }): Claim {
  const { policy } = createActivePolicy(createProfile().id, { planType: 'comprehensive', hasAdas: true })
  return createClaim(policy.id, {
    approvalStatus: facts.completedAt ? 'completed' : 'approved',
    assignedPartnerGroupId: groupId,
    damageType: facts.repairType === 'replacement' ? 'crack' : 'chip',
    repairType: facts.completedAt ? 'repair' : null,
    actualCostCents: facts.completedAt ? 9900 : null,
    ...facts,
  })
}

/** The invoice's submissions and their answers, in order (a job rejected then accepted: ['rejected', 'accepted']). */
function invoiceAnswers(claim: Claim, outcomes: ('accepted' | 'rejected' | 'pending')[]) {
  const when = new Date(claim.completedAt!)
  for (const outcome of outcomes) {
    recordSubmission(db(), {
      claimId: claim.id,
      actor: null,
      fields: { partNumber: null, laborHours: 1, kitMoulding: null, adasCalibration: claim.adasCalibration, actualCostCents: 9900 },
      now: when,
    })
    if (outcome !== 'pending')
      settleSubmission(db(), {
        claimId: claim.id,
        outcome,
        actorId: operator().id,
        reason: outcome === 'rejected' ? 'part_number' : undefined,
        now: when,
      })
  }
}

/** A calibration proof of the job with these files (its method and result as given). */
function proof(claim: Claim, method: 'static' | 'dynamic' | 'both', result: 'pass' | 'fail', files: readonly CalibrationFileType[]) {
  db()
    .insert(calibrationProofs)
    .values({ claimId: claim.id, method, toolMake: 'Autel', toolSerial: 'SN-1', technicianName: 'Pat', result })
    .run()
  for (const type of files)
    db()
      .insert(claimDocuments)
      .values({ claimId: claim.id, documentType: type, filePath: `claims/${claim.id}/${type}.jpg`, fileName: `${type}.jpg` })
      .run()
}

/** A repair-failure claim on a repaired job, decided as given. */
function failure(repaired: Claim, approvalStatus: 'pending_review' | 'approved' | 'denied') {
  const { policy } = createActivePolicy(createProfile().id)
  return createClaim(policy.id, { damageType: 'crack', repairFailureOfClaimId: repaired.id, approvalStatus })
}

/** The claimant's rating of a completed job, at a location of its group made for it. */
function rating(claim: Claim, score: number, overrides: Partial<typeof shopRatings.$inferInsert> = {}) {
  const location = db()
    .insert(partnerLocations)
    .values({ partnerGroupId: claim.assignedPartnerGroupId, name: 'Rated place', slug: `rated-${claim.id}` })
    .returning()
    .get()
  db()
    .insert(shopRatings)
    .values({
      claimId: claim.id,
      partnerLocationId: location.id,
      partnerGroupId: claim.assignedPartnerGroupId,
      score,
      comment: 'Words.',
      ...overrides,
    })
    .run()
}

describe("a shop group's scorecard", () => {
  ensureSeeded()
  // A Friday; the window runs back 90 days, to 22 August.
  const now = new Date('2026-11-20T12:00:00Z')

  it('counts a late job, an invoice rejected then accepted, a rework claim and an incomplete calibration proof', () => {
    const group = createPartnerGroup()
    // Chip repairs: one within 24 hours, one late (and failed since), one whose failure claim was denied.
    const quick = job(group.id, { reviewedAt: at('2026-11-10T10:00Z'), completedAt: at('2026-11-10T20:00Z') })
    const late = job(group.id, { reviewedAt: at('2026-11-09T10:00Z'), completedAt: at('2026-11-11T10:00Z') })
    const deniedFailure = job(group.id, { reviewedAt: at('2026-11-12T10:00Z'), completedAt: at('2026-11-12T18:00Z') })
    failure(late, 'approved')
    failure(deniedFailure, 'denied')
    // Replacements within 3 business days (Monday to Wednesday), one calibration proven in full, one missing files.
    const proven = job(group.id, {
      reviewedAt: at('2026-11-16T15:00Z'),
      completedAt: at('2026-11-18T15:00Z'),
      repairType: 'replacement',
      adasCalibration: 'static',
    })
    proof(proven, 'static', 'pass', CALIBRATION_FILE_TYPES)
    const unproven = job(group.id, {
      reviewedAt: at('2026-11-16T15:00Z'),
      completedAt: at('2026-11-17T15:00Z'),
      repairType: 'replacement',
      adasCalibration: 'dynamic',
    })
    proof(unproven, 'dynamic', 'pass', ['calibration_pre_scan'])
    // A replacement whose calibration did not pass: its proof is not complete for payment, so not for the scorecard.
    const failedCalibration = job(group.id, {
      reviewedAt: at('2026-11-16T15:00Z'),
      completedAt: at('2026-11-17T16:00Z'),
      repairType: 'replacement',
      adasCalibration: 'dynamic',
    })
    proof(failedCalibration, 'dynamic', 'fail', ['calibration_pre_scan', 'calibration_post_scan', 'calibration_tool_screen'])
    // Invoices: accepted as sent; rejected then accepted; one still waiting (not judged yet).
    invoiceAnswers(quick, ['accepted'])
    invoiceAnswers(late, ['rejected', 'accepted'])
    invoiceAnswers(proven, ['pending'])
    // An open job already past its promise counts as late; one completed before the window does not count at all.
    job(group.id, { reviewedAt: at('2026-11-01T10:00Z') })
    const old = job(group.id, { reviewedAt: at('2026-06-01T10:00Z'), completedAt: at('2026-06-05T10:00Z') })
    invoiceAnswers(old, ['rejected', 'accepted'])
    failure(old, 'approved')
    // The customers' ratings of the window's jobs, each counted whatever its comment (a hidden one too); the old job's not.
    rating(quick, 5)
    rating(late, 2, { hiddenReason: 'obscenity' })
    rating(proven, 4)
    rating(old, 1)

    // Another group's jobs, late, rejected and failed, never reach this group's scorecard.
    const other = createPartnerGroup()
    const theirs = job(other.id, { reviewedAt: at('2026-11-02T10:00Z'), completedAt: at('2026-11-06T10:00Z') })
    invoiceAnswers(theirs, ['rejected', 'accepted'])
    failure(theirs, 'approved')

    const cards = countScorecards([group.id, other.id], now)
    expect(cards.get(group.id)).toEqual<Scorecard>({
      onTime: { count: 5, of: 7 },
      firstTimeInvoices: { count: 1, of: 2 },
      rework: { count: 1, of: 3 },
      calibrationProof: { count: 1, of: 3 },
      ratings: { count: 2, of: 3 },
    })
    expect(cards.get(other.id)).toEqual<Scorecard>({
      onTime: { count: 0, of: 1 },
      firstTimeInvoices: { count: 0, of: 1 },
      rework: { count: 1, of: 1 },
      calibrationProof: { count: 0, of: 0 },
      ratings: { count: 0, of: 0 },
    })
    // Before the late chip repair's completion and before the open job's deadline, neither was late yet.
    expect(countScorecards([group.id], new Date('2026-11-02T09:00:00Z')).get(group.id)!.onTime).toEqual({ count: 0, of: 0 })
  })

  it('a reschedule the customer asked for before the deadline does not count against the shop', () => {
    const group = createPartnerGroup()
    job(group.id, {
      reviewedAt: at('2026-11-10T10:00Z'),
      rescheduleRequestedAt: at('2026-11-10T12:00Z'),
      completedAt: at('2026-11-13T10:00Z'),
    })
    job(group.id, {
      reviewedAt: at('2026-11-10T10:00Z'),
      rescheduleRequestedAt: at('2026-11-12T12:00Z'),
      completedAt: at('2026-11-13T10:00Z'),
    })
    expect(countScorecards([group.id], now).get(group.id)!.onTime).toEqual({ count: 1, of: 2 })
  })

  it('reads the window’s jobs by index, never a pass over the claims', async () => {
    const group = createPartnerGroup()
    const statements = await statementsOf(async () => {
      countScorecards([group.id], now)
      await recountScorecards([group.id], now)
    })
    expect(statements.size).toBeGreaterThan(0)
    const plans = [...statements].flatMap(planOf).join('\n')
    expect(plans).toContain('claims_group_completed_idx')
    // The recount's pages of open jobs follow their index's order: nothing sorted.
    expect(plans).toContain('claims_group_open_idx')
    expect(plans).not.toContain('TEMP B-TREE')
    expect(passesOverGrowingTables(statements)).toEqual([])
  })

  it('counts the same a group and ten days at a time, a job on a step’s edge once, with requests answered between steps', async () => {
    const group = createPartnerGroup()
    const since = now.getTime() - SCORECARD_DAYS * DAY_MS
    const done = (time: number, hoursToDo: number) =>
      job(group.id, { reviewedAt: new Date(time - hoursToDo * HOUR_MS).toISOString(), completedAt: new Date(time).toISOString() })
    done(since - 1, 2) // just before the window: not counted
    done(since, 2) // the window's first moment
    done(since + RECOUNT_SLICE_DAYS * DAY_MS, 40) // on the edge between the first two steps, late
    done(since + RECOUNT_SLICE_DAYS * DAY_MS - 1, 2)
    done(since + 45 * DAY_MS, 2)
    done(now.getTime(), 30) // the window's last moment, late
    // Seven open jobs past their promise (late), read three at a time below.
    for (let index = 0; index < 7; index++) job(group.id, { reviewedAt: new Date(now.getTime() - (50 + index) * HOUR_MS).toISOString() })
    const whole = countScorecards([group.id], now).get(group.id)!
    expect(whole.onTime).toEqual({ count: 3, of: 12 })

    const events: string[] = []
    const recount = recountScorecards([group.id], now, { onStep: () => events.push('step'), openJobsPage: 3 })
    setImmediate(() => events.push('a request'))
    const sliced = (await recount).get(group.id)!
    expect(sliced).toEqual(whole)
    // Nine steps of ten days, then the open jobs in three pages.
    expect(events.filter((event) => event === 'step')).toHaveLength(Math.ceil(SCORECARD_DAYS / RECOUNT_SLICE_DAYS) + 3)
    // The request that arrived during the recount was answered before the recount's last step, not after it.
    expect(events.indexOf('a request')).toBeGreaterThan(0)
    expect(events.indexOf('a request')).toBeLessThan(events.lastIndexOf('step'))
  })

  it('a new group has an empty scorecard', () => {
    const group = createPartnerGroup()
    expect(countScorecards([group.id], now).get(group.id)).toEqual<Scorecard>({
      onTime: { count: 0, of: 0 },
      firstTimeInvoices: { count: 0, of: 0 },
      rework: { count: 0, of: 0 },
      calibrationProof: { count: 0, of: 0 },
      ratings: { count: 0, of: 0 },
    })
  })
})

type ScorecardsPage = Extract<Awaited<ReturnType<typeof scorecardsRoute.loader>>, { data: unknown }>['data']

describe('the scorecards on the pages', () => {
  ensureSeeded()
  const recent = (hoursAgo: number) => new Date(Date.now() - hoursAgo * HOUR_MS).toISOString()

  /** A group with `onTime` chip repairs done within the promise and `late` done two days after approval. */
  function groupWithJobs(onTime: number, late: number) {
    const group = createPartnerGroup(`Scored ${uniqueEmail('g')}`)
    for (let index = 0; index < onTime; index++) job(group.id, { reviewedAt: recent(30), completedAt: recent(20) })
    for (let index = 0; index < late; index++) job(group.id, { reviewedAt: recent(72), completedAt: recent(10) })
    return group
  }

  it('each shop sees its own scorecard on /shop, never another group’s', async () => {
    forgetScorecards()
    const mine = groupWithJobs(3, 1)
    groupWithJobs(0, 5)
    const staff = createProfile({ email: uniqueEmail('staff') })
    db().insert(shopStaff).values({ partnerGroupId: mine.id, email: staff.email, addedBy: operator().id }).run()
    const loaded = await settle(async () => shopRoute.loader(routeArgs(makeRequest('/shop', { cookie: await sessionCookieFor(staff.id) }))))
    expect(loaded.status).toBe(200)
    const { scorecard } = loaded.data as { scorecard: { card: Scorecard; days: number } }
    expect(scorecard.days).toBe(90)
    expect(scorecard.card.onTime).toEqual({ count: 3, of: 4 })
    // Someone who is not a shop's staff gets no scorecard at all.
    const customer = createProfile()
    const refused = await settle(async () =>
      shopRoute.loader(routeArgs(makeRequest('/shop', { cookie: await sessionCookieFor(customer.id) }))),
    )
    expect(refused.status).toBe(404)
  })

  it('an hour-old scorecard is shown as it was while it is counted again in the background', async () => {
    forgetScorecards()
    const group = groupWithJobs(2, 0)
    const first = new Date()
    expect(scorecardsOf([group.id], first).get(group.id)).toMatchObject({ card: { onTime: { count: 2, of: 2 } } })
    job(group.id, { reviewedAt: recent(72), completedAt: recent(10) })

    const anHourOn = new Date(first.getTime() + HOUR_MS)
    // The page does not wait for the count: it gets the last one, with when it was made.
    expect(scorecardsOf([group.id], anHourOn).get(group.id)).toMatchObject({
      card: { onTime: { count: 2, of: 2 } },
      countedAt: first.toISOString(),
    })
    // Asked again while that count runs: no second count is started.
    scorecardsOf([group.id], anHourOn)
    await scorecardRecounts()
    expect(scorecardsOf([group.id], new Date(anHourOn.getTime() + 60_000)).get(group.id)).toMatchObject({
      card: { onTime: { count: 2, of: 3 } },
      countedAt: anHourOn.toISOString(),
    })
  })

  it('the operator sees every group’s scorecard', async () => {
    forgetScorecards()
    const scored = groupWithJobs(2, 2)
    const load = async (query = '') => {
      const answer = await settle(async () => scorecardsRoute.loader(routeArgs(makeRequest(`/admin/scorecards${query}`))))
      return { status: answer.status, ...(answer.data as ScorecardsPage) }
    }
    const first = await load()
    expect(first.status).toBe(200)
    const shown = async () => {
      const pages = []
      for (let page = 1; page <= first.page.pages; page++) pages.push(...(await load(page > 1 ? `?page=${page}` : '')).groups)
      return pages
    }
    const row = (await shown()).find((group) => group.id === scored.id)!
    expect(row.card.onTime).toEqual({ count: 2, of: 4 })
    expect(row.empty).toBe(false)
    expect((await shown()).find((group) => group.name === 'Sample Auto Glass')).toBeDefined()
  })

  it('the operator’s scorecards come a page of groups at a time; a page past the last shows the first and says why', async () => {
    const countGroups = () => db().select({ count: count() }).from(partnerGroups).get()!.count
    while (countGroups() <= PAGE_SIZE) createPartnerGroup(`Paged ${uniqueEmail('g')}`)
    const total = countGroups()
    const load = async (query: string) => {
      const answer = await settle(async () => scorecardsRoute.loader(routeArgs(makeRequest(`/admin/scorecards${query}`))))
      return { status: answer.status, ...(answer.data as ScorecardsPage) }
    }
    const [one, two] = [await load(''), await load('?page=2')]
    expect(one.groups).toHaveLength(PAGE_SIZE)
    expect(two.groups).toHaveLength(Math.min(PAGE_SIZE, total - PAGE_SIZE))
    expect(new Set([...one.groups, ...two.groups].map((group) => group.id)).size).toBe(one.groups.length + two.groups.length)
    expect(one.page).toMatchObject({ page: 1, total })

    const past = await load('?page=999')
    expect(past.status).toBe(400)
    expect(past.notice).toMatch(/There is no page 999/)
    expect(past.page.page).toBe(1)
    const notAPage = await load('?page=two')
    expect(notAPage.status).toBe(400)
    expect(notAPage.notice).toBe('The page must be a whole number, 1 or more.')
  })

  it('a customer choosing a shop sees its on-time rate with its count, or "New to the network"', async () => {
    forgetScorecards()
    const judged = groupWithJobs(MIN_JOBS_TO_JUDGE - 1, 1)
    const fresh = groupWithJobs(MIN_JOBS_TO_JUDGE - 2, 1)
    const place = (groupId: string, name: string) =>
      db()
        .insert(partnerLocations)
        .values({ partnerGroupId: groupId, name, slug: name.toLowerCase().replace(/\W+/g, '-'), zip: '84047', address: '1 Main St' })
        .run()
    place(judged.id, `Judged ${judged.id}`)
    place(fresh.id, `Fresh ${fresh.id}`)
    const customer = createProfile()
    const { policy } = createActivePolicy(customer.id)
    const claim = createClaim(policy.id)
    await approveClaim({ claimId: claim.id, partnerGroupId: CUSTOMER_CHOOSES_SHOP, actorId: operator().id })
    const loaded = await settle(async () =>
      chooseRoute.loader(
        routeArgs(makeRequest(`/customer/claims/${claim.id}/shop?zip=84047`, { cookie: await sessionCookieFor(customer.id) }), {
          claimId: claim.id,
        }),
      ),
    )
    const shops = (loaded.data as { shops: { name: string; onTime: unknown }[] }).shops
    expect(shops.find((shop) => shop.name === `Judged ${judged.id}`)!.onTime).toEqual({
      judged: true,
      rate: 90,
      count: MIN_JOBS_TO_JUDGE - 1,
      of: MIN_JOBS_TO_JUDGE,
    })
    expect(shops.find((shop) => shop.name === `Fresh ${fresh.id}`)!.onTime).toEqual({ judged: false })
  })
})

/** A location of the group in Chicago (Central time), so its jobs' days and times are read there. */
function chicagoLocation(groupId: string) {
  return db()
    .insert(partnerLocations)
    .values({
      partnerGroupId: groupId,
      name: `Loop ${groupId}`,
      slug: `loop-${groupId.toLowerCase()}`,
      zip: '60601',
      address: '1 Wacker Dr',
    })
    .returning()
    .get()
}

describe('the clock the scorecard and the service times run on', () => {
  ensureSeeded()
  const now = new Date('2026-11-20T12:00:00Z')

  it('counts a chip repaired on the day the customer asked for as on time, read where the work is done', () => {
    const group = createPartnerGroup()
    const loop = chicagoLocation(group.id)
    // Approved on Monday; the customer asked for Thursday morning: the 24 hours are theirs to give away.
    job(group.id, {
      reviewedAt: at('2026-11-16T15:00Z'),
      preferredDate: '2026-11-19',
      preferredSlot: 'morning',
      chosenLocationId: loop.id,
      // 11:30 PM on the Thursday in Chicago (05:30 UTC on Friday): still the day asked for there.
      completedAt: at('2026-11-20T05:30Z'),
    })
    // Approved, then left to the customer, who chose the shop two days later: the clock starts at the choice.
    job(group.id, { reviewedAt: at('2026-11-10T15:00Z'), shopChosenAt: at('2026-11-12T15:00Z'), completedAt: at('2026-11-13T10:00Z') })
    expect(countScorecards([group.id], now).get(group.id)!.onTime).toEqual({ count: 2, of: 2 })
  })

  it('a job completed after the count shows on the card at once when it was empty, and in the background otherwise', async () => {
    forgetScorecards()
    const group = createPartnerGroup()
    const first = new Date()
    expect(scorecardsOf([group.id], first).get(group.id)!.card.onTime).toEqual({ count: 0, of: 0 })
    // Completed a minute later, well inside the hour the count is kept for.
    const done = new Date(first.getTime() + 60_000)
    job(group.id, { reviewedAt: new Date(first.getTime() - HOUR_MS).toISOString(), completedAt: done.toISOString() })
    const minutesLater = new Date(first.getTime() + 3 * 60_000)
    const shown = scorecardsOf([group.id], minutesLater).get(group.id)!
    expect(shown.card.onTime).toEqual({ count: 1, of: 1 })
    expect(shown.countedAt).toBe(minutesLater.toISOString())
    // Another completion: the card shown is the count of one, while it is counted again in the background.
    job(group.id, {
      reviewedAt: new Date(first.getTime() - HOUR_MS).toISOString(),
      completedAt: new Date(first.getTime() + 4 * 60_000).toISOString(),
    })
    const later = new Date(first.getTime() + 5 * 60_000)
    expect(scorecardsOf([group.id], later).get(group.id)!.card.onTime).toEqual({ count: 1, of: 1 })
    await scorecardRecounts()
    expect(scorecardsOf([group.id], later).get(group.id)!.card.onTime).toEqual({ count: 2, of: 2 })
    forgetScorecards()
  })

  it('gives each group’s median hours to the appointment and to completion over the last 90 days, from when the clock starts', async () => {
    const group = createPartnerGroup('Median Glass')
    const approved = Date.parse('2026-11-02T00:00:00.000Z')
    const hoursLater = (hours: number) => new Date(approved + hours * 3600_000).toISOString()
    const completed = (toAppointment: number | null, toCompletion: number) =>
      job(group.id, {
        reviewedAt: hoursLater(0),
        appointmentAt: toAppointment === null ? null : hoursLater(toAppointment).slice(0, 16),
        completedAt: hoursLater(toCompletion),
      })
    completed(4, 10)
    completed(6, 20)
    completed(20, 30)
    completed(null, 100)
    // Completed long before the last 90 days: left out.
    job(group.id, { reviewedAt: '2026-01-01T00:00:00.000Z', appointmentAt: '2026-02-01T00:00', completedAt: '2026-03-01T00:00:00.000Z' })
    const at20th = new Date('2026-11-20T00:00:00.000Z')
    expect(serviceTimesByGroup(at20th).find((row) => row.groupId === group.id)).toEqual({
      groupId: group.id,
      name: 'Median Glass',
      completed: 4,
      medianHoursToAppointment: 6,
      medianHoursToCompletion: 25,
    })
    const empty = createPartnerGroup('Empty Median Glass')
    expect(serviceTimesByGroup(at20th).find((row) => row.groupId === empty.id)).toMatchObject({
      completed: 0,
      medianHoursToAppointment: null,
      medianHoursToCompletion: null,
    })

    // A Chicago shop: a customer who asked for a day three days on is served from that morning, 8 AM Central (14:00
    // UTC in November), not from the approval; one who chose the shop a day after approval, from the choice.
    const chicago = createPartnerGroup('Central Median Glass')
    const loop = chicagoLocation(chicago.id)
    job(chicago.id, {
      reviewedAt: '2026-11-02T15:00:00.000Z',
      preferredDate: '2026-11-05',
      preferredSlot: 'morning',
      chosenLocationId: loop.id,
      // 9:30 AM in Chicago, the wall clock the shop typed.
      appointmentAt: '2026-11-05T09:30',
      completedAt: '2026-11-05T17:30:00.000Z',
    })
    expect(serviceTimesByGroup(at20th).find((row) => row.groupId === chicago.id)).toMatchObject({
      completed: 1,
      medianHoursToAppointment: 1.5,
      medianHoursToCompletion: 3.5,
    })
    const chosen = createPartnerGroup('Chosen Median Glass')
    job(chosen.id, {
      reviewedAt: '2026-11-02T15:00:00.000Z',
      shopChosenAt: '2026-11-03T15:00:00.000Z',
      completedAt: '2026-11-03T19:00:00.000Z',
    })
    expect(serviceTimesByGroup(at20th).find((row) => row.groupId === chosen.id)).toMatchObject({ medianHoursToCompletion: 4 })

    // The groups' jobs are read as ranges of the (group, completed_at) index.
    const statements = await statementsOf(() => serviceTimesByGroup(at20th))
    expect([...statements].flatMap(planOf).join('\n')).toMatch(
      /INDEX claims_group_completed_idx \(assigned_partner_group_id=\? AND completed_at>\?\)/,
    )
  })

  it('reuses the service figures for an hour, says when they were counted, and lists a group added since', () => {
    forgetServiceTimes()
    const group = createPartnerGroup('Hourly Glass')
    const counted = new Date('2026-11-20T00:00:00.000Z')
    const completedNow = () => job(group.id, { reviewedAt: '2026-11-18T00:00:00.000Z', completedAt: '2026-11-19T00:00:00.000Z' })
    completedNow()
    const first = recentServiceTimes(counted)
    expect(first.countedAt).toBe(counted.toISOString())
    expect(first.rows.find((row) => row.groupId === group.id)).toMatchObject({ completed: 1, medianHoursToCompletion: 24 })

    completedNow()
    const added = createPartnerGroup('Newer Glass')
    const later = recentServiceTimes(new Date(counted.getTime() + SERVICE_FIGURES_MAX_AGE_MS - 1))
    expect(later.countedAt).toBe(counted.toISOString())
    expect(later.rows.find((row) => row.groupId === group.id)!.completed).toBe(1)
    expect(later.rows.find((row) => row.groupId === added.id)).toEqual({
      groupId: added.id,
      name: 'Newer Glass',
      completed: 0,
      medianHoursToAppointment: null,
      medianHoursToCompletion: null,
    })

    const recounted = recentServiceTimes(new Date(counted.getTime() + SERVICE_FIGURES_MAX_AGE_MS))
    expect(recounted.countedAt).toBe(new Date(counted.getTime() + SERVICE_FIGURES_MAX_AGE_MS).toISOString())
    expect(recounted.rows.find((row) => row.groupId === group.id)!.completed).toBe(2)
    forgetServiceTimes()
  })
})
