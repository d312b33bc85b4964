import { describe, expect, it } from 'vitest'

import { SCORECARD_MESSAGES } from '~/domain/messages'
import {
  EMPTY_FIGURE,
  enoughToJudge,
  isEmptyScorecard,
  MIN_JOBS_TO_JUDGE,
  onTimeForCustomers,
  SCORECARD_DAYS,
  scoreRate,
} from '~/domain/scorecards'
import { SERVICE_FIGURE_DAYS } from '~/domain/service-promise'

describe('the scorecard rates', () => {
  it('is a whole percentage of the jobs measured, rounded half up', () => {
    expect(scoreRate({ count: 12, of: 14 })).toBe(86)
    expect(scoreRate({ count: 1, of: 8 })).toBe(13)
    expect(scoreRate({ count: 1, of: 3 })).toBe(33)
    expect(scoreRate({ count: 2, of: 3 })).toBe(67)
    expect(scoreRate({ count: 0, of: 5 })).toBe(0)
    expect(scoreRate({ count: 5, of: 5 })).toBe(100)
  })

  it('has no rate when nothing was measured, rather than a made-up 0 %', () => {
    expect(scoreRate(EMPTY_FIGURE)).toBeNull()
    expect(
      isEmptyScorecard({
        onTime: EMPTY_FIGURE,
        firstTimeInvoices: EMPTY_FIGURE,
        rework: EMPTY_FIGURE,
        calibrationProof: EMPTY_FIGURE,
        ratings: EMPTY_FIGURE,
      }),
    ).toBe(true)
    expect(
      isEmptyScorecard({
        onTime: EMPTY_FIGURE,
        firstTimeInvoices: EMPTY_FIGURE,
        rework: { count: 0, of: 1 },
        calibrationProof: EMPTY_FIGURE,
        ratings: EMPTY_FIGURE,
      }),
    ).toBe(false)
  })

  it('counts over the same window as the operator’s service figures', () => {
    expect(SCORECARD_DAYS).toBe(SERVICE_FIGURE_DAYS)
    expect(SCORECARD_MESSAGES.window(SCORECARD_DAYS)).toBe('Over the jobs completed in the last 90 days.')
  })
})

describe('the minimum before customers see a rate', () => {
  it('shows a group with fewer jobs than the minimum as new to the network', () => {
    const below = { count: MIN_JOBS_TO_JUDGE - 1, of: MIN_JOBS_TO_JUDGE - 1 }
    expect(enoughToJudge(below)).toBe(false)
    expect(onTimeForCustomers(below)).toEqual({ judged: false })
    expect(onTimeForCustomers(EMPTY_FIGURE)).toEqual({ judged: false })
  })

  it('shows the rate with its count from the minimum on', () => {
    const at = { count: MIN_JOBS_TO_JUDGE - 3, of: MIN_JOBS_TO_JUDGE }
    expect(enoughToJudge(at)).toBe(true)
    expect(onTimeForCustomers(at)).toEqual({ judged: true, rate: 70, count: 7, of: 10 })
    expect(SCORECARD_MESSAGES.customerOnTime(70, 7, 10, SCORECARD_DAYS)).toBe('70% on time (7 of 10 jobs in the last 90 days)')
  })
})
