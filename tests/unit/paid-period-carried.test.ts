import { describe, expect, it } from 'vitest'

import { nextOwnerAssignmentLines } from '~/content/disclosures'
import { paidPeriodCarriedOver, SHORTEST_CARRIED_PERIOD_MS } from '~/domain/billing'
import { rulesFor } from '~/domain/state-rules'

// Florida keeps the period the seller has paid with the contract when it passes to the vehicle's next owner: the
// buyer's subscription starts with that time free, to the seller's next renewal.

const bought = (iso: string, governingState: string | null, billingInterval = 'month') => ({
  createdAt: iso,
  billingAnchorAt: null,
  billingInterval,
  governingState,
})

describe("the seller's paid period carried to the next owner", () => {
  it("in Florida, runs to the seller's next renewal: a monthly payer's next month day, a yearly payer's anniversary", () => {
    const now = new Date('2027-03-10T12:00:00Z')
    expect(paidPeriodCarriedOver(bought('2027-01-25T15:00:00Z', 'FL'), now)?.toISOString()).toBe('2027-03-25T15:00:00.000Z')
    expect(paidPeriodCarriedOver(bought('2026-06-01T09:00:00Z', 'FL', 'year'), now)?.toISOString()).toBe('2027-06-01T09:00:00.000Z')
  })

  it('is not carried in a state whose law keeps no such rule, nor while the state is unknown', () => {
    const now = new Date('2027-03-10T12:00:00Z')
    for (const state of ['TX', 'NY', 'CA', 'GA', null]) {
      expect(paidPeriodCarriedOver(bought('2027-01-25T15:00:00Z', state), now)).toBeNull()
    }
  })

  it('is carried only when more than two days of it are left (a Checkout trial cannot end sooner)', () => {
    const renewal = new Date('2027-03-25T15:00:00Z')
    const justInside = new Date(renewal.getTime() - SHORTEST_CARRIED_PERIOD_MS - 1)
    const atTheLimit = new Date(renewal.getTime() - SHORTEST_CARRIED_PERIOD_MS)
    expect(paidPeriodCarriedOver(bought('2027-01-25T15:00:00Z', 'FL'), justInside)?.toISOString()).toBe(renewal.toISOString())
    expect(paidPeriodCarriedOver(bought('2027-01-25T15:00:00Z', 'FL'), atTheLimit)).toBeNull()
  })

  it('on the renewal moment itself, the period just paid is the one carried', () => {
    const policy = bought('2027-01-25T15:00:00Z', 'FL')
    expect(paidPeriodCarriedOver(policy, new Date('2027-02-25T15:00:00Z'))?.toISOString()).toBe('2027-03-25T15:00:00.000Z')
  })

  it("Florida's contract states it with the assignment's other conditions; a state without the rule says nothing of it", () => {
    const florida = nextOwnerAssignmentLines(rulesFor('FL').nextOwnerAssignment!)
    expect(florida.join(' ')).toContain('The period you have already paid for stays with the contract')
    const withoutRule = nextOwnerAssignmentLines({ openDaysAfterSale: 15, feeCapCents: 4000, paidPeriodStays: false })
    expect(withoutRule.join(' ')).not.toContain('already paid')
  })
})
