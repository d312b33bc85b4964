import { describe, expect, it } from 'vitest'

import {
  addBusinessDays,
  addCalendarDays,
  addCalendarMonths,
  anniversary,
  calendarDaysBetween,
  calendarMonthsBetween,
  dayAfter,
  dayOf,
  DEFAULT_OPERATOR_ZONE,
  endOfDayIn,
  formatMomentIn,
  isCalendarDay,
  isOperatorZone,
  isWeekendIn,
  momentOfWallClock,
  mondayOf,
  monthSpan,
  monthsUpTo,
  startOfDayIn,
  weekdayOf,
  WESTERNMOST_US_ZONE,
  wholeYearsSince,
  zoneAbbreviationAt,
} from '~/domain/calendar'

const at = (iso: string) => new Date(iso)

describe('the calendar (app/domain/calendar.ts)', () => {
  it('names the day and returns plain dates, whose ISO text ends in Z as stored', () => {
    expect(dayOf(at('2026-03-08T23:59:59.999Z'))).toBe('2026-03-08')
    expect(dayOf(at('2026-03-08T23:59:59Z'), 'America/Los_Angeles')).toBe('2026-03-08')
    expect(dayOf(at('2026-03-09T06:59:59Z'), 'America/Los_Angeles')).toBe('2026-03-08')
    const next = addCalendarDays(at('2026-01-31T10:00:00Z'), 1)
    expect(Object.getPrototypeOf(next)).toBe(Date.prototype)
    expect(next.toISOString()).toBe('2026-02-01T10:00:00.000Z')
    expect(dayAfter('2026-12-31')).toBe('2027-01-01')
  })

  it('names the day in each zone at its midnights, either side of a change of clocks', () => {
    // New York leaves daylight saving on 1 November 2026: midnight is 04:00 UTC that day and 05:00 UTC the next.
    expect(dayOf(at('2026-11-01T03:59:59.999Z'), 'America/New_York')).toBe('2026-10-31')
    expect(dayOf(at('2026-11-01T04:00:00Z'), 'America/New_York')).toBe('2026-11-01')
    expect(dayOf(at('2026-11-02T04:59:59Z'), 'America/New_York')).toBe('2026-11-01')
    expect(dayOf(at('2026-11-02T05:00:00Z'), 'America/New_York')).toBe('2026-11-02')
    expect(dayOf(at('2027-01-01T09:59:59Z'), 'Pacific/Honolulu')).toBe('2026-12-31')
    expect(dayOf(at('2027-01-01T10:00:00Z'), 'Pacific/Honolulu')).toBe('2027-01-01')
    expect(dayOf(at('0999-06-01T12:00:00Z'))).toBe('0999-06-01')
    expect(isCalendarDay('2026-02-30')).toBe(false)
  })

  it("counts a day's end in the westernmost US zone: UTC−10, all year", () => {
    expect(endOfDayIn('2026-01-05', WESTERNMOST_US_ZONE).toISOString()).toBe('2026-01-06T10:00:00.000Z')
    expect(endOfDayIn('2026-07-05', WESTERNMOST_US_ZONE).toISOString()).toBe('2026-07-06T10:00:00.000Z')
    expect(endOfDayIn('2026-07-05').toISOString()).toBe('2026-07-06T00:00:00.000Z')
  })

  it('keeps the wall-clock time across a daylight-saving change in a zone that has one', () => {
    // Los Angeles moves its clocks forward on 2026-03-08: a calendar day later is 23 hours later.
    const before = startOfDayIn('2026-03-08', 'America/Los_Angeles')
    expect(before.toISOString()).toBe('2026-03-08T08:00:00.000Z')
    expect(addCalendarDays(before, 1, 'America/Los_Angeles').toISOString()).toBe('2026-03-09T07:00:00.000Z')
    expect(calendarDaysBetween(at('2026-03-09T07:00:00Z'), before, 'America/Los_Angeles')).toBe(1)
  })

  it('adds months on the same day, or the last day of a shorter month', () => {
    expect(addCalendarMonths(at('2026-01-31T12:30:00Z'), 1).toISOString()).toBe('2026-02-28T12:30:00.000Z')
    expect(addCalendarMonths(at('2028-01-31T00:00:00Z'), 1).toISOString()).toBe('2028-02-29T00:00:00.000Z')
    expect(addCalendarMonths(at('2026-03-15T00:00:00Z'), -3).toISOString()).toBe('2025-12-15T00:00:00.000Z')
    expect(calendarMonthsBetween(at('2027-02-01T00:00:00Z'), at('2026-11-30T23:00:00Z'))).toBe(3)
  })

  it("puts a Feb 29's anniversary in a common year on Mar 1", () => {
    const leapDay = at('2028-02-29T00:00:00Z')
    expect(anniversary(leapDay, 1).toISOString()).toBe('2029-03-01T00:00:00.000Z')
    expect(anniversary(leapDay, 4).toISOString()).toBe('2032-02-29T00:00:00.000Z')
    expect(anniversary(at('2026-02-28T05:00:00Z'), 1).toISOString()).toBe('2027-02-28T05:00:00.000Z')
    expect(wholeYearsSince(leapDay, at('2029-02-28T23:59:59Z'))).toBe(0)
    expect(wholeYearsSince(leapDay, at('2029-03-01T00:00:00Z'))).toBe(1)
    expect(wholeYearsSince(leapDay, at('2027-01-01T00:00:00Z'))).toBe(0)
  })

  it('names weeks by their Monday and lists months newest first', () => {
    expect(mondayOf(at('2026-11-29T23:00:00Z'))).toBe('2026-11-23') // a Sunday
    expect(mondayOf(at('2026-11-30T00:00:00Z'))).toBe('2026-11-30')
    expect(monthsUpTo(at('2026-02-15T00:00:00Z'), 4)).toEqual(['2026-02', '2026-01', '2025-12', '2025-11'])
    const { start, end } = monthSpan('2026-12')
    expect([start.toISOString(), end.toISOString()]).toEqual(['2026-12-01T00:00:00.000Z', '2027-01-01T00:00:00.000Z'])
  })

  it('counts business days Monday to Friday', () => {
    const friday = at('2026-11-27T15:00:00Z')
    expect(isWeekendIn(friday)).toBe(false)
    expect(isWeekendIn(at('2026-11-28T15:00:00Z'))).toBe(true)
    expect(addBusinessDays(friday, 1).toISOString()).toBe('2026-11-30T15:00:00.000Z')
    expect(addBusinessDays(friday, 5).toISOString()).toBe('2026-12-04T15:00:00.000Z')
  })
})

describe("times in a zone, with the zone's abbreviation", () => {
  it('labels a moment with the abbreviation its zone uses on that date', () => {
    expect(formatMomentIn(new Date('2026-11-26T17:00:00Z'), 'America/Denver')).toBe('Nov 26, 2026, 10:00 AM MST')
    expect(formatMomentIn(new Date('2026-07-01T17:00:00Z'), 'America/Denver')).toBe('Jul 1, 2026, 11:00 AM MDT')
    expect(formatMomentIn(new Date('2026-07-01T17:00:00Z'), 'America/Phoenix')).toBe('Jul 1, 2026, 10:00 AM MST')
    expect(formatMomentIn(new Date('2026-11-26T17:00:00Z'))).toBe('Nov 26, 2026, 5:00 PM UTC')
  })

  it("finds the moment of a wall-clock appointment in the shop's zone, on both sides of the daylight-saving change", () => {
    expect(momentOfWallClock('2026-12-08T09:30', 'America/Denver').toISOString()).toBe('2026-12-08T16:30:00.000Z')
    expect(momentOfWallClock('2026-07-08T09:30', 'America/Denver').toISOString()).toBe('2026-07-08T15:30:00.000Z')
    // March 8, 2026 in New York: 1:30 AM is still EST, 9:30 AM already EDT.
    expect(momentOfWallClock('2026-03-08T01:30', 'America/New_York').toISOString()).toBe('2026-03-08T06:30:00.000Z')
    expect(momentOfWallClock('2026-03-08T09:30', 'America/New_York').toISOString()).toBe('2026-03-08T13:30:00.000Z')
  })

  it('names the zone of a wall-clock appointment by its own date, across the daylight-saving change', () => {
    expect(zoneAbbreviationAt('2026-12-08T09:30', 'America/Denver')).toBe('MST')
    expect(zoneAbbreviationAt('2026-07-08T09:30', 'America/Denver')).toBe('MDT')
    // March 8, 2026: clocks go forward at 2 AM.
    expect(zoneAbbreviationAt('2026-03-08T01:30', 'America/New_York')).toBe('EST')
    expect(zoneAbbreviationAt('2026-03-08T09:30', 'America/New_York')).toBe('EDT')
    expect(zoneAbbreviationAt('2026-12-08T09:30', 'Pacific/Honolulu')).toBe('HST')
  })

  it('lets an operator choose only the listed zones, Mountain by default', () => {
    expect(DEFAULT_OPERATOR_ZONE).toBe('America/Denver')
    expect(isOperatorZone('America/Chicago')).toBe(true)
    expect(isOperatorZone('Europe/Paris')).toBe(false)
    expect(isOperatorZone(null)).toBe(false)
  })
})

describe('weekdayOf', () => {
  it('names the day of the week of a day, whatever the zone of the machine', () => {
    expect(weekdayOf('2026-11-29')).toBe(0) // a Sunday
    expect(weekdayOf('2026-11-28')).toBe(6)
    expect(weekdayOf('2028-02-29')).toBe(2)
  })
})

describe('isCalendarDay', () => {
  it('takes a real day written YYYY-MM-DD and nothing else', () => {
    expect(['2026-02-28', '2024-02-29', '2026-12-31'].map(isCalendarDay)).toEqual([true, true, true])
    expect(['2026-02-29', '2026-02-30', '2026-13-01', '2026-00-10', '2026-1-5', '26-01-05'].map(isCalendarDay)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
    ])
  })
})
