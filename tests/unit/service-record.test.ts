import { describe, expect, it } from 'vitest'

import {
  claimFigures,
  decisionTimeInWords,
  MIN_CLAIMS_TO_REPORT,
  percentile,
  type PeriodTally,
  RECENT_PERIOD,
  type RecordClaim,
  recordPeriods,
  recordReadsFrom,
  shareOf,
  tallyClaim,
} from '~/domain/service-record'

const now = new Date('2026-12-03T12:00:00.000Z')
const months = new Set(
  recordPeriods(now)
    .map((entry) => entry.period)
    .filter((period) => period !== RECENT_PERIOD),
)

/** A chip filed an hour before a person approved it on Nov 10 (Denver), not yet repaired. */
function claim(overrides: Partial<RecordClaim> = {}): RecordClaim {
  return {
    approvalStatus: 'approved',
    submittedAt: '2026-11-10T16:00:00.000Z',
    reviewedAt: '2026-11-10T17:00:00.000Z',
    decidedByRulesVersion: null,
    appealedAt: null,
    damageType: 'chip',
    repairType: null,
    completedAt: null,
    rescheduleRequestedAt: null,
    assignedPartnerGroupId: 'group',
    chosenLocationId: 'location',
    shopChosenAt: null,
    preferredDate: null,
    customerZone: 'America/Denver',
    credit: null,
    ...overrides,
  }
}

function tally(...claims: RecordClaim[]) {
  const tallies = new Map<string, PeriodTally>()
  for (const each of claims) tallyClaim(tallies, each, now, months)
  return tallies
}

const hoursAfter = (iso: string, hours: number) => new Date(new Date(iso).getTime() + hours * 3_600_000).toISOString()

describe('the periods', () => {
  it('are the last 30 days, then twelve calendar months newest first, the current one included', () => {
    const periods = recordPeriods(now)
    expect(periods[0]).toEqual({ period: RECENT_PERIOD, firstDay: '2026-11-04', lastDay: '2026-12-03' })
    expect(periods.slice(1).map((entry) => entry.period)).toEqual([
      '2026-12',
      '2026-11',
      '2026-10',
      '2026-09',
      '2026-08',
      '2026-07',
      '2026-06',
      '2026-05',
      '2026-04',
      '2026-03',
      '2026-02',
      '2026-01',
    ])
    expect(periods.find((entry) => entry.period === '2026-02')).toMatchObject({ firstDay: '2026-02-01', lastDay: '2026-02-28' })
    // An appeal filed on January 1 may be of a denial made 14 days before: the read reaches back that far.
    expect(recordReadsFrom(now, 14).toISOString()).toBe('2025-12-17T00:00:00.000Z')
  })
})

describe('a month with too few claims', () => {
  const many = (count: number) => Array.from({ length: count }, () => claim())

  it(`shows nothing but its count below ${MIN_CLAIMS_TO_REPORT} decided claims`, () => {
    const figures = claimFigures(tally(...many(19)).get('2026-11')!)
    expect(figures.claimsDecided).toBe(19)
    expect(Object.entries(figures).filter(([name, value]) => name !== 'claimsDecided' && value !== null)).toEqual([])
  })

  it('shows every figure from 20', () => {
    const figures = claimFigures(tally(...many(20)).get('2026-11')!)
    expect(figures).toMatchObject({
      claimsDecided: 20,
      decidedAtOnce: 0,
      timedDecisions: 20,
      decisionMinutesP50: 60,
      decisionMinutesP90: 60,
    })
  })

  it('counts only decided claims towards the 20: a claim waiting for review is not one', () => {
    const waiting = claim({ approvalStatus: 'pending_review', reviewedAt: null })
    expect(claimFigures(tally(...many(19), waiting).get('2026-11')!).claimsDecided).toBe(19)
  })
})

describe('a claim decided across midnight', () => {
  // 11:30 PM on November 30 in Los Angeles, 2:30 AM on December 1 in New York: one moment.
  const decidedAt = '2026-12-01T07:30:00.000Z'

  it('belongs to the month of its customer’s own clock', () => {
    const west = tally(claim({ reviewedAt: decidedAt, submittedAt: hoursAfter(decidedAt, -2), customerZone: 'America/Los_Angeles' }))
    expect(west.get('2026-11')?.claimsDecided).toBe(1)
    expect(west.get('2026-12')).toBeUndefined()
    const east = tally(claim({ reviewedAt: decidedAt, submittedAt: hoursAfter(decidedAt, -2), customerZone: 'America/New_York' }))
    expect(east.get('2026-12')?.claimsDecided).toBe(1)
    expect(east.get('2026-11')).toBeUndefined()
  })

  it('is in the last 30 days by its customer’s day: the 30th day back counts, the 31st does not', () => {
    // Nov 4 is the first of the 30 days to Dec 3: 11:30 PM on Nov 4 in Los Angeles is Nov 5 in UTC, 11:30 PM on Nov 3 is out.
    const inside = tally(claim({ reviewedAt: '2026-11-05T07:30:00.000Z', customerZone: 'America/Los_Angeles' }))
    expect(inside.get(RECENT_PERIOD)?.claimsDecided).toBe(1)
    const outside = tally(claim({ reviewedAt: '2026-11-04T07:30:00.000Z', customerZone: 'America/Los_Angeles' }))
    expect(outside.get(RECENT_PERIOD)).toBeUndefined()
    expect(outside.get('2026-11')?.claimsDecided).toBe(1)
  })

  it('is left out when its month is before the record’s first', () => {
    const tallies = tally(claim({ reviewedAt: '2026-01-01T05:00:00.000Z', customerZone: 'America/Los_Angeles' }))
    expect([...tallies.keys()]).toEqual([])
  })
})

describe('decisions', () => {
  it('counts a claim the published rules approved as decided at once, and times only the others', () => {
    const tallies = tally(
      claim({ decidedByRulesVersion: '3', reviewedAt: '2026-11-10T16:00:01.000Z' }),
      claim({ reviewedAt: hoursAfter('2026-11-10T16:00:00.000Z', 30) }),
      claim({ approvalStatus: 'denied', reviewedAt: hoursAfter('2026-11-10T16:00:00.000Z', 2) }),
    )
    const november = tallies.get('2026-11')!
    expect(november.claimsDecided).toBe(3)
    expect(november.decidedAtOnce).toBe(1)
    expect(november.decisionMinutes.toSorted((a, b) => a - b)).toEqual([120, 1800])
  })

  it('does not time an appealed claim (its first decision’s moment is the appeal’s now)', () => {
    const november = tally(claim({ appealedAt: '2026-11-09T10:00:00.000Z' })).get('2026-11')!
    expect(november.claimsDecided).toBe(1)
    expect(november.decisionMinutes).toEqual([])
  })
})

describe('the median and 90th percentile (nearest rank)', () => {
  it('on small sets is always one of the values', () => {
    expect(percentile([], 50)).toBeNull()
    expect(percentile([7], 50)).toBe(7)
    expect(percentile([7], 90)).toBe(7)
    expect(percentile([4, 1], 50)).toBe(1)
    expect(percentile([4, 1], 90)).toBe(4)
    expect(percentile([3, 1, 4, 2], 50)).toBe(2)
    expect(percentile([3, 1, 4, 2], 90)).toBe(4)
    expect(percentile([1, 2, 3, 4, 5], 50)).toBe(3)
    const ten = [10, 9, 8, 7, 6, 5, 4, 3, 2, 1]
    expect(percentile(ten, 50)).toBe(5)
    expect(percentile(ten, 90)).toBe(9)
    const twenty = Array.from({ length: 20 }, (_, index) => index + 1)
    expect(percentile(twenty, 50)).toBe(10)
    expect(percentile(twenty, 90)).toBe(18)
  })

  it('reads as minutes, hours or days', () => {
    expect(decisionTimeInWords(1)).toBe('1 minute')
    expect(decisionTimeInWords(45)).toBe('45 minutes')
    expect(decisionTimeInWords(60)).toBe('1 hour')
    expect(decisionTimeInWords(210)).toBe('3.5 hours')
    expect(decisionTimeInWords(47 * 60)).toBe('47 hours')
    expect(decisionTimeInWords(3 * 24 * 60)).toBe('3 days')
  })
})

describe('the service promise, as the credit rule counts it', () => {
  const approvedAt = '2026-11-10T17:00:00.000Z' // a Tuesday

  it('judges a chip kept within 24 hours, and one finished an hour late as missed', () => {
    const november = tally(
      claim({ approvalStatus: 'completed', completedAt: hoursAfter(approvedAt, 24) }),
      claim({ approvalStatus: 'completed', completedAt: hoursAfter(approvedAt, 25) }),
    ).get('2026-11')!
    expect([november.chipsJudged, november.chipsOnTime]).toEqual([2, 1])
  })

  it('judges an open chip past its promise as missed, and leaves one still within it unjudged', () => {
    const late = claim({ reviewedAt: hoursAfter(now.toISOString(), -30), submittedAt: hoursAfter(now.toISOString(), -31) })
    const early = claim({ reviewedAt: hoursAfter(now.toISOString(), -3), submittedAt: hoursAfter(now.toISOString(), -4) })
    const december = tally(late, early).get('2026-12')!
    expect(december.claimsDecided).toBe(2)
    expect([december.chipsJudged, december.chipsOnTime]).toEqual([1, 0])
  })

  it('counts a replacement’s 3 business days: done on the third is kept, on the fourth missed', () => {
    // Approved Tuesday Nov 10: Wednesday to Friday (the 11th is Veterans Day: Wed 11 does not count) → Mon 16 ends the third.
    const replacement = { damageType: 'crack' as const, repairType: 'replacement' as const, approvalStatus: 'completed' as const }
    const november = tally(
      claim({ ...replacement, completedAt: '2026-11-16T20:00:00.000Z' }),
      claim({ ...replacement, completedAt: '2026-11-17T20:00:00.000Z' }),
    ).get('2026-11')!
    expect([november.replacementsJudged, november.replacementsOnTime, november.chipsJudged]).toEqual([2, 1, 0])
  })

  it('does not hold against us a customer who asked for another time before the deadline', () => {
    const november = tally(
      claim({ approvalStatus: 'completed', completedAt: hoursAfter(approvedAt, 72), rescheduleRequestedAt: hoursAfter(approvedAt, 2) }),
    ).get('2026-11')!
    expect([november.chipsJudged, november.chipsOnTime]).toEqual([1, 1])
  })

  it('adds up the credits paid for missed promises, not those still pending', () => {
    const november = tally(
      claim({ credit: { state: 'applied', amountCents: 1999 } }),
      claim({ credit: { state: 'applied', amountCents: 799 } }),
      claim({ credit: { state: 'pending', amountCents: 2999 } }),
    ).get('2026-11')!
    expect([november.creditsPaid, november.creditsPaidCents]).toEqual([2, 2798])
  })

  it('has no promise for a denied claim', () => {
    const november = tally(claim({ approvalStatus: 'denied', reviewedAt: approvedAt })).get('2026-11')!
    expect([november.chipsJudged, november.replacementsJudged]).toEqual([0, 0])
  })
})

describe('appeals', () => {
  const appealedAt = '2026-10-05T15:00:00.000Z'

  it('counts one filed in its month, decided within the 30 days, and for the customer when approved', () => {
    const october = tally(
      claim({ appealedAt, reviewedAt: hoursAfter(appealedAt, 29 * 24) }),
      claim({ appealedAt, approvalStatus: 'denied', reviewedAt: hoursAfter(appealedAt, 30 * 24) }),
      claim({
        appealedAt,
        approvalStatus: 'completed',
        reviewedAt: hoursAfter(appealedAt, 30 * 24 + 1),
        completedAt: hoursAfter(appealedAt, 31 * 24),
      }),
      // Still waiting: its moment is the denial's, before the appeal.
      claim({ appealedAt, approvalStatus: 'pending_review', reviewedAt: hoursAfter(appealedAt, -48) }),
    ).get('2026-10')!
    expect([october.appealsFiled, october.appealsDecidedInTime, october.appealsForCustomer]).toEqual([4, 2, 2])
  })
})

describe('shares', () => {
  it('are whole percentages, and none without anything to measure', () => {
    expect(shareOf(1, 3)).toBe(33)
    expect(shareOf(2, 3)).toBe(67)
    expect(shareOf(0, 0)).toBeNull()
    expect(shareOf(null, 5)).toBeNull()
  })
})
