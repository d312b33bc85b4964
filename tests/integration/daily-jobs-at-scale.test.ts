import { describe, expect, it } from 'vitest'

import { runDailyJobs } from '~/jobs.server'

import { createActivePolicy, createClaim, createPartnerGroup, createProfile } from '../support/factories'
import { passesOverGrowingTables, statementsOf } from '../support/query-plans'

/**
 * The daily jobs run inside the server, between requests: at 1,000,000 policies a pass over every row of a large table
 * blocks every page for as long as it takes (docs/benchmarks.md). So no statement the jobs run may scan a table that
 * grows with the business; each reads an index range that holds its work.
 */
describe('the daily jobs at any size', () => {
  it('read index ranges of the growing tables, never every row', async () => {
    // Something for each job to look at: live policies bought a year and more ago, a claim completed for a group.
    for (const createdAt of ['2024-11-20T10:00:00.000Z', '2025-11-20T10:00:00.000Z', '2026-06-01T10:00:00.000Z']) {
      const { policy } = createActivePolicy(createProfile().id, { createdAt, governingState: 'CA' })
      createClaim(policy.id, { assignedPartnerGroupId: createPartnerGroup().id })
    }
    const statements = await statementsOf(() => runDailyJobs(new Date('2026-11-25T12:00:00.000Z')))
    expect(statements.size).toBeGreaterThan(5)
    expect(passesOverGrowingTables(statements)).toEqual([])
  })
})
