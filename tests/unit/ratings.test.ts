import { describe, expect, it } from 'vitest'

import { averageInWords, ratingEditable, ratingEditWindow } from '~/domain/ratings'

describe('a rating’s edit window', () => {
  it('runs through the 30th calendar day after the day it was given, on the customer’s clock', () => {
    // 11:30 PM on November 2 in Denver is already November 3 in UTC: the customer's day is the 2nd.
    const given = new Date('2026-11-03T06:30:00.000Z')
    expect(ratingEditWindow(given, 'America/Denver').lastDay).toBe('2026-12-02')
    expect(ratingEditWindow(given, 'UTC').lastDay).toBe('2026-12-03')
    // December 2 ends at 7 AM UTC in Denver (MST, after the clocks went back on November 1).
    expect(ratingEditWindow(given, 'America/Denver').until.toISOString()).toBe('2026-12-03T07:00:00.000Z')
    expect(ratingEditable(given, new Date('2026-12-03T06:59:59.999Z'), 'America/Denver')).toBe(true)
    expect(ratingEditable(given, new Date('2026-12-03T07:00:00.000Z'), 'America/Denver')).toBe(false)
  })

  it('says an average to one decimal', () => {
    expect(averageInWords(4)).toBe('4.0')
    expect(averageInWords(13 / 3)).toBe('4.3')
    expect(averageInWords(4.25)).toBe('4.3')
  })
})
