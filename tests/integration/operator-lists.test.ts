import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'

import { db } from '~/db/client.server'
import { auditLog, partnerLocations, profiles, vehicles } from '~/db/schema'
import { ftsQueryOf } from '~/models/people/customer-search.server'
import * as adminActivityRoute from '~/routes/admin.activity'
import * as adminClaimsRoute from '~/routes/admin.claims'
import * as adminPoliciesRoute from '~/routes/admin.policies'

import {
  createActivePolicy,
  createClaim,
  createPartnerGroup,
  createProfile,
  findOrCreateProfile,
  sessionCookieFor,
} from '../support/factories'
import { inOperatorArea, makeRequest, routeArgs, settle } from '../support/requests'

const activityLoader = inOperatorArea(adminActivityRoute.loader)
const claimsLoader = inOperatorArea(adminClaimsRoute.loader)
const policiesLoader = inOperatorArea(adminPoliciesRoute.loader)

// This file's database holds only what these tests make, so counts are exact.
const HOUR = 60 * 60 * 1000
const hoursAgo = (hours: number) => new Date(Date.now() - hours * HOUR).toISOString()
const operator = () => sessionCookieFor(findOrCreateProfile('operator@example.com').id)

async function get<T>(load: (args: never) => Promise<T>, path: string) {
  const result = await settle(async () => load(routeArgs(makeRequest(path, { cookie: await operator() }))))
  return { status: result.status, data: result.data as Awaited<T> extends { data: infer D } ? D : never }
}

describe('the claim queue', () => {
  // 120 waiting claims, one an hour, oldest 130.5 hours ago: every 10th is an appeal (waiting since its appeal, 1 hour
  // ago), every 7th filed late, every 5th a crack; the first 30 come from customers who signed up through a shop of
  // group A. Claims waiting more than 48 hours: the 83 submitted 130.5..48.5 hours ago, minus the appeals among them.
  const groupA = createPartnerGroup('Group A Glass')
  const location = db()
    .insert(partnerLocations)
    .values({ name: 'A Main St', slug: 'a-main-st', partnerGroupId: groupA.id })
    .returning()
    .get()
  const made = Array.from({ length: 120 }, (_, index) => {
    const { policy } = createActivePolicy(createProfile().id, index < 30 ? { partnerLocationId: location.id } : {})
    return createClaim(policy.id, {
      submittedAt: hoursAgo(130.5 - index),
      appealedAt: index % 10 === 9 ? hoursAgo(1) : null,
      filedLate: index % 7 === 0,
      damageType: index % 5 === 0 ? 'crack' : 'chip',
    })
  })
  // A decided claim assigned to group A, not in the waiting queue.
  const { policy: decidedPolicy } = createActivePolicy(createProfile().id)
  const decided = createClaim(decidedPolicy.id, { approvalStatus: 'approved', reviewedAt: hoursAgo(2), assignedPartnerGroupId: groupA.id })

  it('pages 50 at a time, longest waiting first (an appeal from its appeal), with the total', async () => {
    const first = await get(claimsLoader, '/admin/claims')
    expect(first.status).toBe(200)
    expect(first.data.page).toEqual({ page: 1, pages: 3, total: 120, offset: 0 })
    expect(first.data.rows).toHaveLength(50)
    expect(first.data.rows[0]!.id).toBe(made[0]!.id)
    const byWait = made.filter((_, index) => index % 10 !== 9)
    expect(first.data.rows.map((row) => row.id)).toEqual(byWait.slice(0, 50).map((claim) => claim.id))
    const last = await get(claimsLoader, '/admin/claims?page=3')
    expect(last.data.rows).toHaveLength(20)
    // The appeals wait from their appeal, 1 hour ago: they are last.
    expect(last.data.rows.slice(-12).every((row) => row.appeal)).toBe(true)
    const all = [...first.data.rows, ...(await get(claimsLoader, '/admin/claims?page=2')).data.rows, ...last.data.rows]
    expect(new Set(all.map((row) => row.id)).size).toBe(120)
  })

  it('filters by appeal, lateness, the 48-hour promise, damage and partner group', async () => {
    const total = async (query: string) => (await get(claimsLoader, `/admin/claims?${query}`)).data.page.total
    expect(await total('show=appeal')).toBe(12)
    expect(await total('show=new')).toBe(108)
    expect(await total('show=late')).toBe(made.filter((_, index) => index % 7 === 0).length)
    const overdue = made.filter((_, index) => 130.5 - index > 48 && index % 10 !== 9).length
    expect(await total('show=overdue')).toBe(overdue)
    expect(await total('damage=crack')).toBe(24)
    expect(await total(`group=${groupA.id}`)).toBe(30)
    expect(await total(`group=${groupA.id}&damage=crack&show=late`)).toBe(
      made.filter((_, index) => index < 30 && index % 5 === 0 && index % 7 === 0).length,
    )
    // Decided claims are under their status, newest first; the group filter finds the assigned shop.
    const approved = await get(claimsLoader, `/admin/claims?status=approved&group=${groupA.id}`)
    expect(approved.data.rows.map((row) => row.id)).toEqual([decided.id])
    expect(approved.data.rows[0]!.partnerGroup).toBe('Group A Glass')
  })

  it('answers a bad page or filter with a 400, the reason, and the first page', async () => {
    for (const [query, message] of [
      ['page=0', 'The page must be a whole number, 1 or more.'],
      ['page=-3', 'The page must be a whole number, 1 or more.'],
      ['page=abc', 'The page must be a whole number, 1 or more.'],
      ['page=1.5', 'The page must be a whole number, 1 or more.'],
      ['page=1000000000', 'There is no page 1,000,000,000: this list has 3 pages.'],
      ['page=1e400', 'The page must be a whole number, 1 or more.'],
      ['page=99999999999999999999', 'The page must be a whole number, 1 or more.'],
      ['status=lost', 'Unknown status: choose one from the list.'],
      ['show=everything', 'Unknown filter: choose one from the list.'],
      ['damage=scratch', 'Unknown damage type: choose one from the list.'],
      ['group=nope', 'Unknown partner group: choose one from the list.'],
      [`group=${'x'.repeat(5000)}`, 'Unknown partner group: choose one from the list.'],
    ] as const) {
      const answer = await get(claimsLoader, `/admin/claims?${query}`)
      expect(answer.status, query).toBe(400)
      expect(answer.data.notice, query).toBe(message)
      expect(answer.data.page.page).toBe(1)
      expect(answer.data.rows.length).toBeGreaterThan(0)
    }
  })
})

describe('the customer search', () => {
  const jane = createProfile({ email: 'jane.smith@example.com', fullName: 'Jane Smith', phone: '+1 (801) 555-0142' })
  const { policy, vehicle } = createActivePolicy(jane.id)
  db().update(vehicles).set({ licensePlate: '7KQ-201' }).where(eq(vehicles.id, vehicle.id)).run()
  const claim = createClaim(policy.id, { confirmationCode: 'CS-7KQ2MZ', approvalStatus: 'denied', reviewedAt: hoursAgo(3) })
  // Someone with a similar name, who must not match the narrower queries.
  createProfile({ email: 'janet.smithers@example.org', fullName: 'Janet Smithers' })

  const found = async (q: string) => {
    const answer = await get(policiesLoader, `/admin/policies?q=${encodeURIComponent(q)}`)
    expect(answer.status, q).toBe(200)
    return answer.data.rows.map((row) => row.email)
  }

  it('finds a customer by e-mail, name, phone, plate, policy id and claim code, whole or by prefix', async () => {
    for (const q of [
      'jane.smith@example.com',
      'JANE.SMITH@',
      'jane.smi',
      'Jane Smith',
      'jane smi',
      '(801) 555-0142',
      '8015550142',
      '801555',
      '7KQ201',
      '7kq 201',
      '7KQ-2',
      policy.id,
      'CS-7KQ2MZ',
      'cs-7kq2',
    ]) {
      expect(await found(q), q).toEqual(['jane.smith@example.com'])
    }
    // A prefix finds every customer it starts a word of, newest first.
    expect(await found('smith')).toEqual(['janet.smithers@example.org', 'jane.smith@example.com'])
    expect(await found('jan')).toEqual(['janet.smithers@example.org', 'jane.smith@example.com'])
    expect(await found('nobody-like-this')).toEqual([])
  })

  it('offers the claim itself when the search is a claim code', async () => {
    const answer = await get(policiesLoader, '/admin/policies?q=cs-7kq2mz')
    expect(answer.data.claim).toEqual({ id: claim.id, code: 'CS-7KQ2MZ' })
  })

  it('keeps the index current when a name, a plate or an e-mail changes', async () => {
    db().update(profiles).set({ fullName: 'Jane Okafor' }).where(eq(profiles.id, jane.id)).run()
    expect(await found('okafor')).toEqual(['jane.smith@example.com'])
    db().update(vehicles).set({ licensePlate: 'NEW900' }).where(eq(vehicles.id, vehicle.id)).run()
    expect(await found('new900')).toEqual(['jane.smith@example.com'])
    expect(await found('7kq201')).toEqual([])
  })

  it('makes any typed text a safe query, and refuses an over-long one with a 400', async () => {
    expect(ftsQueryOf('jane smi')).toBe('"jane smi"* OR "janesmi"*')
    expect(ftsQueryOf('smith')).toBe('"smith"*')
    // E-mail addresses and claim codes are looked up run together (their parts are in many documents).
    expect(ftsQueryOf('jane.smith@exam')).toBe('"janesmithexam"*')
    expect(ftsQueryOf('CS-7KQ2')).toBe('"cs7kq2"*')
    expect(ftsQueryOf('" OR * NEAR(')).toBe('"or near"* OR "ornear"*')
    expect(ftsQueryOf('-- ;')).toBeNull()
    for (const q of ['"', '*', 'AND', 'NEAR(a b)', '^x', ':'])
      expect((await get(policiesLoader, `/admin/policies?q=${encodeURIComponent(q)}`)).status).toBe(200)
    const long = await get(policiesLoader, `/admin/policies?q=${'a'.repeat(5000)}`)
    expect(long.status).toBe(400)
    expect(long.data.notice).toBe('Search for at most 100 characters.')
    expect((await get(policiesLoader, '/admin/policies?status=gone')).status).toBe(400)
    expect((await get(policiesLoader, '/admin/policies?page=99')).data.notice).toMatch(/^There is no page 99/)
  })

  it('lists the customers of one policy status, counted from the counters', async () => {
    const answer = await get(policiesLoader, '/admin/policies?status=active')
    expect(answer.data.page.total).toBe(122)
    expect(answer.data.rows.every((row) => row.policies.length === 1 && row.policies[0]!.status === 'active')).toBe(true)
  })
})

describe('the activity log', () => {
  const subject = createProfile({ email: 'audited@example.com' })
  for (let index = 0; index < 60; index++) {
    db()
      .insert(auditLog)
      .values({
        actor: subject.id,
        action: 'test.entry',
        entityType: 'profile',
        entityId: subject.id,
        createdAt: `2026-0${index < 30 ? 3 : 4}-1${index % 10}T12:00:00.000Z`,
      })
      .run()
  }

  it('pages 50 at a time and filters by record and by day, naming who did it', async () => {
    const one = await get(activityLoader, `/admin/activity?entity=profile&id=${subject.id}`)
    expect(one.status).toBe(200)
    expect(one.data.result.rows).toHaveLength(50)
    expect(one.data.result.hasNext).toBe(true)
    const two = await get(activityLoader, `/admin/activity?entity=profile&id=${subject.id}&page=2`)
    expect(two.data.result.rows).toHaveLength(10)
    expect(two.data.result.hasNext).toBe(false)
    const april = await get(activityLoader, `/admin/activity?entity=profile&id=${subject.id}&from=2026-04-01&to=2026-04-30`)
    expect(april.data.result.rows).toHaveLength(30)
    const row = april.data.result.rows[0]! as { actorEmail: string | null; operator: boolean }
    expect(row.actorEmail).toBe('audited@example.com')
    expect(row.operator).toBe(false)
  })

  it('answers bad filters with a 400 and the reason', async () => {
    for (const [query, message] of [
      ['log=secrets', 'Unknown log: choose one from the list.'],
      ['entity=nuclear', 'Unknown kind of record: choose one from the list.'],
      ['from=2026-13-45', 'There is no such day on the calendar: check the month and the day.'],
      ['from=yesterday', 'Dates are written YYYY-MM-DD.'],
      ['from=2026-05-01&to=2026-04-01', 'The first day must not be after the last day.'],
      ['page=0', 'The page must be a whole number, 1 or more.'],
      ['page=400', 'There is no page 400 of this log.'],
    ] as const) {
      const answer = await get(activityLoader, `/admin/activity?${query}`)
      expect(answer.status, query).toBe(400)
      expect(answer.data.notice, query).toBe(message)
    }
  })
})
