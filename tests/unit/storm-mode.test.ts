import { describe, expect, it } from 'vitest'

import { byUrgency, filingDeadline, isFiledLate, urgencyOf } from '~/domain/claims'
import { bookingOutlook, placeInLine } from '~/domain/shops'
import {
  areaCodes,
  areaCovers,
  areaInWords,
  daysOverlap,
  overlappingCode,
  stormFor,
  type StormWindow,
  stormWindowInWords,
} from '~/domain/storms'
import { StormEventSchema } from '~/validation/storms'

const omaha: StormWindow = {
  id: 's1',
  name: 'Omaha hail',
  area: ['681', '68022'],
  startsOn: '2026-06-03',
  endsOn: '2026-06-04',
  filingDays: 30,
}
const denver: StormWindow = { id: 's2', name: 'Denver hail', area: ['802'], startsOn: '2026-06-04', endsOn: '2026-06-04', filingDays: 14 }

describe('a storm area', () => {
  it('reads the codes typed with spaces, commas or new lines, each once', () => {
    expect(areaCodes(' 681, 68022\n68022;802 ')).toEqual(['681', '68022', '802'])
  })
  it('covers a ZIP by itself or by its three-digit prefix, and nothing else', () => {
    expect(areaCovers(omaha.area, '68102')).toBe(true)
    expect(areaCovers(omaha.area, '68022')).toBe(true)
    expect(areaCovers(omaha.area, '68023')).toBe(false)
    expect(areaCovers(omaha.area, '68210')).toBe(false)
    expect(areaInWords(omaha.area)).toBe('681xx, 68022')
  })
  it('overlaps another when a code of one covers or equals a code of the other', () => {
    expect(overlappingCode(['68102'], ['681'])).toBe('68102')
    expect(overlappingCode(['681'], ['68102', '50309'])).toBe('68102')
    expect(overlappingCode(['68022'], ['68022'])).toBe('68022')
    expect(overlappingCode(['681'], ['682', '68022'])).toBeNull()
  })
  it('days overlap when they share a day, ends included', () => {
    expect(daysOverlap(omaha, denver)).toBe(true)
    expect(daysOverlap(omaha, { startsOn: '2026-06-05', endsOn: '2026-06-09' })).toBe(false)
    expect(daysOverlap(omaha, { startsOn: '2026-05-01', endsOn: '2026-06-03' })).toBe(true)
  })
})

describe('the storm a claim falls in', () => {
  const events = [omaha, denver]
  it('is the one whose area holds the ZIP and whose days hold the damage date', () => {
    expect(stormFor(events, '68102', '2026-06-03')).toBe(omaha)
    expect(stormFor(events, '68102', '2026-06-04')).toBe(omaha)
    expect(stormFor(events, '80202', '2026-06-04')).toBe(denver)
  })
  it('is none for damage outside its days, a vehicle outside its area, or no ZIP given', () => {
    expect(stormFor(events, '68102', '2026-06-02')).toBeNull()
    expect(stormFor(events, '68102', '2026-06-05')).toBeNull()
    expect(stormFor(events, '84101', '2026-06-03')).toBeNull()
    expect(stormFor(events, null, '2026-06-03')).toBeNull()
  })
  it('is said on the claim form with its days, area and window', () => {
    expect(stormWindowInWords(omaha)).toBe(
      'Omaha hail: damage on June 3, 2026 to June 4, 2026 to a vehicle kept in ZIP 681xx, 68022 may be claimed within 30 days.',
    )
  })
})

describe('the filing window', () => {
  // The 3rd ends at 10:00 UTC on the 4th in Hawaii.
  it('is 48 hours without a storm, the storm’s days with one, counted from the end of the damage day in Hawaii', () => {
    expect(filingDeadline('2026-06-03').toISOString()).toBe('2026-06-06T10:00:00.000Z')
    expect(filingDeadline('2026-06-03', omaha).toISOString()).toBe('2026-07-04T10:00:00.000Z')
  })
  it('accepts damage from 10 days ago in a 30-day storm, and calls it late without one', () => {
    const tenDaysLater = new Date('2026-06-13T18:00:00Z')
    expect(isFiledLate('2026-06-03', tenDaysLater, omaha)).toBe(false)
    expect(isFiledLate('2026-06-03', tenDaysLater)).toBe(true)
    expect(isFiledLate('2026-06-03', tenDaysLater, null)).toBe(true)
  })
  it('is late past the storm’s own days, to the minute', () => {
    expect(isFiledLate('2026-06-04', new Date('2026-06-19T09:59:00Z'), denver)).toBe(false)
    expect(isFiledLate('2026-06-04', new Date('2026-06-19T10:01:00Z'), denver)).toBe(true)
  })
})

describe('urgency', () => {
  const claim = (
    damageType: 'chip' | 'crack',
    damageSize: 'under_quarter' | 'up_to_6_inches' | 'longer' | null,
    inLineOfSight: boolean | null,
  ) => ({
    damageType,
    damageSize,
    inLineOfSight,
  })
  it('puts a shattered windshield and line-of-sight damage first, other cracks next, chips last', () => {
    expect(urgencyOf(claim('crack', 'longer', false))).toBe('unsafe')
    expect(urgencyOf(claim('chip', 'under_quarter', true))).toBe('unsafe')
    expect(urgencyOf(claim('crack', 'up_to_6_inches', false))).toBe('crack')
    expect(urgencyOf(claim('crack', null, null))).toBe('crack')
    expect(urgencyOf(claim('chip', 'under_quarter', false))).toBe('chip')
    expect(urgencyOf(claim('chip', null, null))).toBe('chip')
  })
  it('orders most urgent first and keeps the given order among equals', () => {
    const list = [
      { id: 'chip-old', ...claim('chip', 'under_quarter', false) },
      { id: 'crack-old', ...claim('crack', 'up_to_6_inches', false) },
      { id: 'shattered', ...claim('crack', 'longer', false) },
      { id: 'chip-new', ...claim('chip', null, null) },
      { id: 'sight', ...claim('chip', 'under_quarter', true) },
      { id: 'crack-new', ...claim('crack', null, null) },
    ]
    expect(byUrgency(list).map((item) => item.id)).toEqual(['shattered', 'sight', 'crack-old', 'crack-new', 'chip-old', 'chip-new'])
  })
})

describe('the declaration form', () => {
  const form = (fields: Record<string, string>) =>
    StormEventSchema.safeParse({
      name: 'Omaha hail',
      area: '681 68022',
      startsOn: '2026-06-03',
      endsOn: '2026-06-04',
      filingDays: '30',
      ...fields,
    })
  const messages = (fields: Record<string, string>) => {
    const parsed = form(fields)
    return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message]))
  }
  it('takes a name, ZIPs and prefixes, two days in order and a window', () => {
    const parsed = form({})
    expect(parsed.success && parsed.data).toEqual({
      name: 'Omaha hail',
      area: ['681', '68022'],
      startsOn: '2026-06-03',
      endsOn: '2026-06-04',
      filingDays: 30,
    })
  })
  it('refuses days in the wrong order next to the last day', () => {
    expect(messages({ endsOn: '2026-06-02' })).toEqual({ endsOn: 'The last day cannot be before the first day.' })
  })
  it('refuses a code that is neither a ZIP nor a prefix, and an empty area', () => {
    expect(messages({ area: '681 6810' })).toEqual({ area: '"6810" is neither a five-digit ZIP code nor a three-digit ZIP prefix.' })
    expect(messages({ area: ' , ' })).toEqual({ area: 'List the ZIP codes or three-digit ZIP prefixes the storm covers.' })
  })
  it('refuses a window outside 3 to 90 days', () => {
    expect(messages({ filingDays: '2' })).toEqual({ filingDays: 'Enter a whole number of days from 3 to 90.' })
    expect(messages({ filingDays: '12.5' })).toEqual({ filingDays: 'Enter a whole number of days from 3 to 90.' })
  })
})

describe("a location's booking at its daily capacity", () => {
  // Monday 30 November 2026 to Saturday 5 December, then Monday 7 (Sunday is not worked).
  const dates = ['2026-11-30', '2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04', '2026-12-05', '2026-12-07']
  it('has room every day and no line to tell when the shop set no capacity', () => {
    expect(bookingOutlook(dates, null, new Map([['2026-11-30', 40]]), 40)).toEqual({ freeDates: dates, fullDates: [], line: null })
  })
  it('offers only the days with room, and places the customer after the jobs ahead', () => {
    const booked = new Map([
      ['2026-11-30', 3],
      ['2026-12-01', 2],
    ])
    expect(bookingOutlook(dates, 3, booked, 5)).toEqual({
      freeDates: dates.slice(1),
      fullDates: ['2026-11-30'],
      line: { place: 6, from: '2026-12-01', until: '2026-12-01' },
    })
  })
  it('counts the line in working days past the days offered, skipping Sundays', () => {
    // 20 ahead at 3 a day: six full days, the customer's turn on the seventh working day, Monday 7 December.
    expect(bookingOutlook(dates, 3, new Map(), 20).line).toEqual({ place: 21, from: '2026-11-30', until: '2026-12-07' })
    expect(bookingOutlook(dates, 1, new Map(), 7).line).toEqual({ place: 8, from: '2026-11-30', until: '2026-12-08' })
  })
  it('has no day to offer when every day is full', () => {
    expect(bookingOutlook(dates.slice(0, 2), 1, new Map(dates.slice(0, 2).map((date) => [date, 1])), 2)).toEqual({
      freeDates: [],
      fullDates: dates.slice(0, 2),
      line: null,
    })
  })
})

describe('the place in line after choosing', () => {
  // Thursday 26 November 2026: the first day offered is Friday the 27th; Sundays are not worked.
  const now = new Date('2026-11-26T15:00:00Z')

  it('counts the jobs chosen before over the jobs a day, from the day asked for', () => {
    expect(placeInLine(5, 2, '2026-11-27', now)).toEqual({ place: 6, from: '2026-11-27', until: '2026-11-30' })
    expect(placeInLine(0, 2, '2026-11-27', now)).toEqual({ place: 1, from: '2026-11-27', until: '2026-11-27' })
  })

  it('never starts before the first day offered, nor ends before the day asked for', () => {
    // The day asked for has passed: the range starts at the first day offered now.
    expect(placeInLine(1, 1, '2026-11-20', now)).toEqual({ place: 2, from: '2026-11-27', until: '2026-11-28' })
    // Asked for a later day than the jobs ahead need: that day.
    expect(placeInLine(1, 3, '2026-12-03', now)).toEqual({ place: 2, from: '2026-12-03', until: '2026-12-03' })
  })
})
