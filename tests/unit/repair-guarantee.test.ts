import { describe, expect, it } from 'vitest'

import {
  type ApprovalStatus,
  damageWithinGuarantee,
  REPAIR_GUARANTEE_MONTHS,
  repairGuaranteeEnds,
  repairGuaranteeRefusal,
} from '~/domain/claims'

/** A chip repaired on 2026-03-10 at 15:00 UTC. */
const repaired = { approvalStatus: 'completed' as ApprovalStatus, repairType: 'repair', completedAt: '2026-03-10T15:00:00.000Z' }

describe('the repair-failure guarantee window', () => {
  it(`lasts ${REPAIR_GUARANTEE_MONTHS} months from the repair's completion`, () => {
    expect(repairGuaranteeEnds(repaired)?.toISOString()).toBe('2027-03-10T15:00:00.000Z')
    expect(repairGuaranteeRefusal(repaired, new Date('2027-03-10T15:00:00.000Z'))).toBeNull()
    expect(repairGuaranteeRefusal(repaired, new Date('2027-03-10T15:00:00.001Z'))).toBe('outside_window')
  })

  it('a repair done on Feb 29 ends on the last day of February a year later', () => {
    expect(repairGuaranteeEnds({ ...repaired, completedAt: '2028-02-29T12:00:00.000Z' })?.toISOString()).toBe('2029-02-28T12:00:00.000Z')
  })

  it('applies only to a completed chip repair', () => {
    const now = new Date('2026-04-01T00:00:00Z')
    expect(repairGuaranteeRefusal({ ...repaired, repairType: 'replacement' }, now)).toBe('not_a_repair')
    expect(repairGuaranteeRefusal({ ...repaired, approvalStatus: 'approved', completedAt: null }, now)).toBe('not_a_repair')
    expect(repairGuaranteeRefusal({ ...repaired, repairType: null }, now)).toBe('not_a_repair')
    expect(repairGuaranteeEnds({ ...repaired, approvalStatus: 'denied' })).toBeNull()
  })

  it('covers damage from the repair day to the last day of the guarantee, both included', () => {
    expect(damageWithinGuarantee(repaired, '2026-03-09')).toBe(false)
    expect(damageWithinGuarantee(repaired, '2026-03-10')).toBe(true)
    expect(damageWithinGuarantee(repaired, '2027-03-10')).toBe(true)
    expect(damageWithinGuarantee(repaired, '2027-03-11')).toBe(false)
    expect(damageWithinGuarantee({ ...repaired, repairType: 'replacement' }, '2026-04-01')).toBe(false)
  })
})
