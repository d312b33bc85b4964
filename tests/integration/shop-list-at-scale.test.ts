import { describe, expect, it } from 'vitest'

import { shopJobs } from '~/models/shops/shop-jobs.server'

import { createActivePolicy, createClaim, createPartnerGroup, createProfile } from '../support/factories'
import { passesOverGrowingTables, planOf, statementsOf } from '../support/query-plans'

/**
 * A shop loads /shop all day, and its group's completed jobs only ever grow: the list reads its open jobs from an index
 * that holds only open ones, in the list's order, and its newest completed jobs from the group's completion index.
 */
describe("the shop's job list at any size", () => {
  it('reads the open jobs from their own index and never the whole history', async () => {
    const group = createPartnerGroup()
    const { policy } = createActivePolicy(createProfile().id)
    createClaim(policy.id, { assignedPartnerGroupId: group.id, approvalStatus: 'approved', reviewedAt: new Date().toISOString() })
    createClaim(policy.id, {
      assignedPartnerGroupId: group.id,
      approvalStatus: 'completed',
      completedAt: new Date().toISOString(),
    })
    let jobs: ReturnType<typeof shopJobs> | undefined
    const statements = await statementsOf(() => {
      jobs = shopJobs(group.id)
    })
    expect(jobs!.fresh).toHaveLength(1)
    expect(jobs!.done.length + jobs!.paid.length).toBe(1)
    expect(passesOverGrowingTables(statements)).toEqual([])
    const open = [...statements].filter((source) => source.includes(`= 'approved'`))
    expect(open).toHaveLength(1)
    const plan = planOf(open[0]!)
    expect(plan.some((step) => step.includes('claims_group_open_idx'))).toBe(true)
    expect(plan.some((step) => step.includes('TEMP B-TREE'))).toBe(false)
  })
})
