import { describe, expect, it } from 'vitest'

import type { Policy } from '~/db/schema'
import {
  allowedDamageTypes,
  appealDeadline,
  appealDecisionStanding,
  APPROVAL_STATUSES,
  canAppeal,
  isDecided,
  isFiledLate,
  isFutureDate,
  planYear,
  responseHoursLeft,
} from '~/domain/claims'
import { confirmationCodeHint } from '~/domain/messages'
import { canFileClaim, claimFilingRefusal } from '~/domain/policies'

const policy = (overrides: Partial<Policy> = {}) =>
  ({
    id: 'p1',
    profileId: 'me',
    status: 'active',
    windshieldPhotosUploaded: true,
    planType: 'comprehensive',
    coverageStartDate: '2025-03-01',
    createdAt: '2025-02-27T10:00:00.000Z',
    ...overrides,
  }) as Policy

describe('who may file a claim', () => {
  it('only the owner, on an active policy with its photos uploaded', () => {
    expect(claimFilingRefusal(policy(), 'me')).toBeNull()
    expect(claimFilingRefusal(policy(), 'someone-else')).toBe('not_found')
    expect(claimFilingRefusal(null, 'me')).toBe('not_found')
    for (const status of ['incomplete', 'past_due', 'canceled'] as const) {
      expect(claimFilingRefusal(policy({ status }), 'me')).toBe('not_active')
    }
    expect(claimFilingRefusal(policy({ windshieldPhotosUploaded: false }), 'me')).toBe('not_active')
    // The card's button asks the same rule without an owner.
    expect(canFileClaim(policy())).toBe(true)
    expect(canFileClaim(policy({ status: 'past_due' }))).toBe(false)
  })

  it('Chip Repair Only covers chips only', () => {
    expect(allowedDamageTypes(policy({ planType: 'chip_only' }))).toEqual(['chip'])
    expect(allowedDamageTypes(policy())).toEqual(['chip', 'crack'])
  })
})

describe('damage dates', () => {
  const now = new Date('2025-06-10T18:00:00Z')
  it('a date after today (UTC) is in the future; today is not', () => {
    expect(isFutureDate('2025-06-10', now)).toBe(false)
    expect(isFutureDate('2025-06-11', now)).toBe(true)
  })
  it('is late only when more than 48 hours have certainly passed since the damage day ended anywhere in the US', () => {
    expect(isFiledLate('2025-06-10', now)).toBe(false)
    expect(isFiledLate('2025-06-08', now)).toBe(false) // the 8th ends at 10:00 UTC on the 9th in Hawaii: 32 h ago
    expect(isFiledLate('2025-06-07', now)).toBe(true) // 56 h after the end of the 7th in Hawaii
  })
})

describe('plan years', () => {
  it('count from the coverage start date', () => {
    const p = policy({ coverageStartDate: '2025-03-01' })
    expect(planYear(p, new Date('2025-03-01T00:00:00Z')).start.toISOString().slice(0, 10)).toBe('2025-03-01')
    expect(planYear(p, new Date('2026-02-28T23:59:59Z')).start.toISOString().slice(0, 10)).toBe('2025-03-01')
    expect(planYear(p, new Date('2026-03-01T00:00:00Z')).start.toISOString().slice(0, 10)).toBe('2026-03-01')
    expect(planYear(p, new Date('2026-03-01T00:00:00Z')).end.toISOString().slice(0, 10)).toBe('2027-03-01')
  })
  it('fall back to the policy creation date before setup', () => {
    expect(
      planYear(policy({ coverageStartDate: null }), new Date('2025-12-01T00:00:00Z'))
        .start.toISOString()
        .slice(0, 10),
    ).toBe('2025-02-27')
  })
})

describe('appeals and the response promise', () => {
  const denied = { approvalStatus: 'denied' as const, reviewedAt: '2025-01-01T12:00:00.000Z', appealedAt: null }
  it('a denial may be appealed once, for 14 days', () => {
    expect(appealDeadline(denied)?.toISOString()).toBe('2025-01-15T12:00:00.000Z')
    expect(canAppeal(denied, new Date('2025-01-15T12:00:00Z'))).toBe(true)
    expect(canAppeal(denied, new Date('2025-01-15T12:00:01Z'))).toBe(false)
    expect(canAppeal({ ...denied, appealedAt: '2025-01-02T00:00:00.000Z' }, new Date('2025-01-03T00:00:00Z'))).toBe(false)
    expect(canAppeal({ ...denied, approvalStatus: 'approved' }, new Date('2025-01-03T00:00:00Z'))).toBe(false)
  })
  it('48 hours to answer, counted from the submission or the appeal', () => {
    const now = new Date('2025-01-02T12:00:00Z')
    expect(responseHoursLeft({ submittedAt: '2025-01-01T12:00:00.000Z', appealedAt: null }, now)).toBe(24)
    expect(responseHoursLeft({ submittedAt: '2024-12-01T12:00:00.000Z', appealedAt: '2025-01-02T00:00:00.000Z' }, now)).toBe(36)
    expect(responseHoursLeft({ submittedAt: '2024-12-30T12:00:00.000Z', appealedAt: null }, now)).toBe(-24)
  })
})

describe('the 30-day decision on an appeal', () => {
  const appealedAt = '2025-03-01T09:00:00.000Z'
  it('is due 30 days after the appeal, flagged in its last week and once past', () => {
    expect(appealDecisionStanding(appealedAt, new Date('2025-03-02T09:00:00Z'))).toEqual({
      deadline: '2025-03-31T09:00:00.000Z',
      daysLeft: 29,
      standing: 'on-track',
    })
    expect(appealDecisionStanding(appealedAt, new Date('2025-03-24T08:59:59Z')).standing).toBe('on-track')
    expect(appealDecisionStanding(appealedAt, new Date('2025-03-24T09:00:00Z')).standing).toBe('due-soon')
    expect(appealDecisionStanding(appealedAt, new Date('2025-03-31T09:00:00Z'))).toMatchObject({ daysLeft: 0, standing: 'due-soon' })
    expect(appealDecisionStanding(appealedAt, new Date('2025-03-31T09:00:01Z'))).toMatchObject({ daysLeft: -1, standing: 'overdue' })
  })
})

describe('the confirmation code hint', () => {
  it('says "Give this to the shop" only while a shop can act on the claim', () => {
    expect(confirmationCodeHint('approved')).toBe('Give this to the shop')
    for (const status of ['pending_review', 'denied', 'completed'] as const) {
      expect(confirmationCodeHint(status)).not.toContain('Give this to the shop')
      expect(confirmationCodeHint(status)).toMatch(/^Your claim’s reference/)
    }
  })
})

describe('a decided claim', () => {
  it('is one approved or repaired since; one waiting or denied is not', () => {
    expect(APPROVAL_STATUSES.filter((approvalStatus) => isDecided({ approvalStatus }))).toEqual(['approved', 'completed'])
  })
})
