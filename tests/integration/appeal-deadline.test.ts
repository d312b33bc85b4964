import { describe, expect, it } from 'vitest'

import * as adminClaimsRoute from '~/routes/admin.claims'

import { createActivePolicy, createClaim, createProfile, findOrCreateProfile, sessionCookieFor } from '../support/factories'
import { inOperatorArea, makeRequest, routeArgs, settle } from '../support/requests'

const claimsLoader = inOperatorArea(adminClaimsRoute.loader)

// Terms: an appeal is decided within 30 days. The queue flags the appeals in their last week and those past it.
const DAY = 24 * 60 * 60 * 1000
const daysAgo = (days: number) => new Date(Date.now() - days * DAY).toISOString()
const operator = () => sessionCookieFor(findOrCreateProfile('operator@example.com').id)

function appeal(appealedDaysAgo: number) {
  const { policy } = createActivePolicy(createProfile().id)
  return createClaim(policy.id, {
    submittedAt: daysAgo(appealedDaysAgo + 20),
    reviewedAt: daysAgo(appealedDaysAgo + 5),
    denialReason: 'The damage is on a side window.',
    appealText: 'It is the windshield, see the new photo.',
    appealedAt: daysAgo(appealedDaysAgo),
  })
}

describe('the appeal decision deadline in the operator queue', () => {
  const fresh = appeal(2)
  const dueSoon = appeal(25)
  const overdue = appeal(33)
  const newClaim = createClaim(createActivePolicy(createProfile().id).policy.id, { submittedAt: daysAgo(40) })

  it('flags appeals within a week of their deadline and past it, and nothing else', async () => {
    const page = await settle(async () => claimsLoader(routeArgs(makeRequest('/admin/claims', { cookie: await operator() }))))
    expect(page.status).toBe(200)
    const rows = (page.data as { rows: Array<{ id: string; appealDue: { standing: string; date: string } | null }> }).rows
    const due = (id: string) => rows.find((row) => row.id === id)!.appealDue
    expect(due(fresh.id)).toBeNull()
    expect(due(newClaim.id)).toBeNull()
    expect(due(dueSoon.id)).toEqual({ standing: 'due-soon', date: expect.any(String) })
    expect(due(overdue.id)).toEqual({ standing: 'overdue', date: expect.any(String) })
    const deadline = new Date(Date.parse(dueSoon.appealedAt!) + 30 * DAY)
    expect(due(dueSoon.id)!.date).toBe(
      deadline.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }),
    )
  })

  it('are not flagged once decided', async () => {
    const page = await settle(async () => claimsLoader(routeArgs(makeRequest('/admin/claims?status=denied', { cookie: await operator() }))))
    expect((page.data as { rows: Array<{ appealDue: unknown }> }).rows.every((row) => row.appealDue === null)).toBe(true)
  })
})
