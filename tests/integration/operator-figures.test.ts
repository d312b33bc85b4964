import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'

import { db } from '~/db/client.server'
import { claims, policies } from '~/db/schema'
import { businessFigures, histogramMedian, recentWeeks, weekOf } from '~/models/operations/business.server'
import * as adminRoute from '~/routes/admin._index'

import { createClaim, createPolicy, createProfile, findOrCreateProfile, sessionCookieFor } from '../support/factories'
import { inOperatorArea, makeRequest, routeArgs, settle } from '../support/requests'

const homeLoader = inOperatorArea(adminRoute.loader)

// This file's database holds only the data set below (each test file has its own), so every figure on /admin can be
// compared with a value worked out by hand. "Now" is Wednesday 25 November 2026, noon UTC; its week starts Monday 23.
const NOW = new Date('2026-11-25T12:00:00.000Z')

function seed() {
  const customer = createProfile()
  const policy = (plan: Partial<typeof policies.$inferInsert>, status: (typeof policies.$inferInsert)['status'], createdAt: string) =>
    createPolicy(customer.id, { status, createdAt, ...plan })
  const chip = { planType: 'chip_only' as const, vehicleType: null, hasAdas: null, lookupKey: 'chip_only', monthlyPriceCents: 799 }
  policy(chip, 'active', '2026-11-23T10:00:00.000Z')
  const p2 = policy({ monthlyPriceCents: 1999 }, 'active', '2026-11-16T09:00:00.000Z')
  policy({ hasAdas: true, lookupKey: 'comprehensive_car_adas_true', monthlyPriceCents: 2999 }, 'past_due', '2026-11-16T09:00:00.000Z')
  policy(
    { vehicleType: 'trucksuv', lookupKey: 'comprehensive_trucksuv_adas_false', monthlyPriceCents: 2499 },
    'canceled',
    '2026-10-01T09:00:00.000Z',
  )
  policy(chip, 'incomplete', '2026-11-24T09:00:00.000Z')
  // Counted through the update trigger: set up, then activated.
  const p6 = policy(chip, 'incomplete', '2026-11-25T09:00:00.000Z')
  db().update(policies).set({ status: 'active' }).where(eq(policies.id, p6.id)).run()

  const decide = (id: string, approvalStatus: 'approved' | 'denied', reviewedAt: string) =>
    db().update(claims).set({ approvalStatus, reviewedAt }).where(eq(claims.id, id)).run()
  const c1 = createClaim(p2.id, { submittedAt: '2026-11-20T00:00:00.000Z' })
  decide(c1.id, 'approved', '2026-11-20T10:00:00.000Z') // 10 h, week of 16 Nov
  const c2 = createClaim(p2.id, { submittedAt: '2026-11-18T00:00:00.000Z' })
  decide(c2.id, 'denied', '2026-11-19T06:00:00.000Z') // 30 h, week of 16 Nov
  const c3 = createClaim(p2.id, { submittedAt: '2026-11-23T00:00:00.000Z' })
  decide(c3.id, 'approved', '2026-11-23T04:00:00.000Z') // 4 h, week of 23 Nov
  db().update(claims).set({ approvalStatus: 'completed', completedAt: '2026-11-24T00:00:00.000Z' }).where(eq(claims.id, c3.id)).run()
  const c4 = createClaim(p2.id, { submittedAt: '2026-11-22T00:00:00.000Z' })
  decide(c4.id, 'denied', '2026-11-22T12:00:00.000Z') // 12 h, Sunday 22 Nov: still the week of 16 Nov
  db() // appealed: waiting again since the appeal, 60 h before NOW (past the 48-hour promise)
    .update(claims)
    .set({ approvalStatus: 'pending_review', appealedAt: '2026-11-23T00:00:00.000Z' })
    .where(eq(claims.id, c4.id))
    .run()
  createClaim(p2.id, { submittedAt: '2026-11-25T00:00:00.000Z' }) // waiting 12 h
  createClaim(p2.id, { submittedAt: '2026-11-24T06:00:00.000Z' }) // waiting 30 h
}

describe('the figures on /admin', () => {
  seed()

  it('names weeks by their Monday (UTC) and shows the last 12, the current one last', () => {
    expect(weekOf(NOW)).toBe('2026-11-23')
    expect(weekOf(new Date('2026-11-22T23:59:59Z'))).toBe('2026-11-16')
    expect(weekOf(new Date('2026-11-23T00:00:00Z'))).toBe('2026-11-23')
    const weeks = recentWeeks(NOW)
    expect(weeks).toHaveLength(12)
    expect(weeks[0]).toBe('2026-09-07')
    expect(weeks.at(-1)).toBe('2026-11-23')
  })

  it('takes the median of a histogram of hours, the mean of the middle two for an even count', () => {
    expect(histogramMedian([])).toBeNull()
    expect(
      histogramMedian([
        { hours: 30, decisions: 1 },
        { hours: 10, decisions: 1 },
        { hours: 12, decisions: 1 },
      ]),
    ).toBe(12)
    expect(
      histogramMedian([
        { hours: 4, decisions: 1 },
        { hours: 10, decisions: 1 },
      ]),
    ).toBe(7)
    expect(
      histogramMedian([
        { hours: 2, decisions: 3 },
        { hours: 50, decisions: 1 },
      ]),
    ).toBe(2)
  })

  it('equals the values worked out by hand from the data set', () => {
    const figures = businessFigures(NOW)
    expect(figures.policies).toEqual({ active: 3, pastDue: 1, canceled: 1, incomplete: 1 })
    // Active and past-due monthly prices: 7.99 + 19.99 + 29.99 + 7.99.
    expect(figures.mrrCents).toBe(799 + 1999 + 2999 + 799)
    const byPlan = Object.fromEntries(figures.plans.map((row) => [`${row.planType}/${row.vehicleType}/${row.hasAdas}`, row]))
    expect(byPlan['chip_only/null/false']).toMatchObject({
      byStatus: { active: 2, incomplete: 1, past_due: 0, canceled: 0 },
      mrrCents: 1598,
    })
    expect(byPlan['comprehensive/car/false']).toMatchObject({
      byStatus: { active: 1, incomplete: 0, past_due: 0, canceled: 0 },
      mrrCents: 1999,
    })
    expect(byPlan['comprehensive/car/true']).toMatchObject({ byStatus: { past_due: 1 }, mrrCents: 2999 })
    expect(byPlan['comprehensive/trucksuv/false']).toMatchObject({ byStatus: { canceled: 1 }, mrrCents: 0 })

    const week = (monday: string) => figures.weeks.find((entry) => entry.week === monday)!
    expect(week('2026-11-23')).toMatchObject({
      newPolicies: 3,
      decisions: 1,
      approvals: 1,
      approvalRate: 1,
      medianHoursToDecision: 4,
      completed: 1,
    })
    // Decided in the week of 16 Nov: 10 h (approved), 30 h and 12 h (denied).
    expect(week('2026-11-16')).toMatchObject({ newPolicies: 2, decisions: 3, approvals: 1, medianHoursToDecision: 12, completed: 0 })
    expect(week('2026-11-16').approvalRate).toBeCloseTo(1 / 3)
    expect(week('2026-09-28')).toMatchObject({ newPolicies: 1, decisions: 0, approvalRate: null, medianHoursToDecision: null })
    expect(figures.weeks.reduce((sum, entry) => sum + entry.newPolicies, 0)).toBe(6)

    expect(figures.waiting).toMatchObject({ total: 3, overdue: 1, oldestSince: '2026-11-23T00:00:00.000Z', oldestHours: 60 })
    expect(figures.appeals).toEqual({
      total: 1,
      pastDeadline: 0,
      dueWithinWeek: 0,
      nextDeadline: '2026-12-23T00:00:00.000Z',
      deadlineDays: 30,
    })
  })

  it('keeps the counters right when a policy changes plan, price or status, or is deleted', () => {
    const customer = createProfile()
    const policy = createPolicy(customer.id, { status: 'active', monthlyPriceCents: 1999, createdAt: '2026-11-25T10:00:00.000Z' })
    const before = businessFigures(NOW)
    db().update(policies).set({ monthlyPriceCents: 2199 }).where(eq(policies.id, policy.id)).run()
    expect(businessFigures(NOW).mrrCents).toBe(before.mrrCents + 200)
    db().update(policies).set({ status: 'canceled' }).where(eq(policies.id, policy.id)).run()
    expect(businessFigures(NOW).mrrCents).toBe(before.mrrCents - 1999)
    expect(businessFigures(NOW).policies.canceled).toBe(before.policies.canceled + 1)
    db().delete(policies).where(eq(policies.id, policy.id)).run()
    expect(businessFigures(NOW).policies).toEqual({ ...before.policies, active: before.policies.active - 1 })
  })

  it('is the operator’s page: a 404 for a customer, the figures for the operator', async () => {
    const customer = await sessionCookieFor(createProfile().id)
    expect((await settle(() => homeLoader(routeArgs(makeRequest('/admin', { cookie: customer }))))).status).toBe(404)
    const operator = await sessionCookieFor(findOrCreateProfile('operator@example.com').id)
    const page = await homeLoader(routeArgs(makeRequest('/admin', { cookie: operator })))
    expect(page.policies.active).toBeGreaterThanOrEqual(3)
    expect(page.mrr).toMatch(/^\$\d/)
  })
})
