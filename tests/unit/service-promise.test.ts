import { describe, expect, it } from 'vitest'

import type { ApprovalStatus } from '~/domain/claims'
import {
  endOfBusinessDaysAfter,
  federalHolidays,
  isBusinessDay,
  isPastPromise,
  promiseDeadline,
  promisedService,
} from '~/domain/service-promise'

const at = (iso: string) => new Date(iso)
const approved = (reviewedAt: string, damageType: 'chip' | 'crack', extra: Record<string, string | null> = {}) => ({
  approvalStatus: 'approved' as ApprovalStatus,
  reviewedAt,
  damageType,
  ...extra,
})

describe('US federal holidays', () => {
  it('lists the eleven observed holidays of a year, moving a weekend date to the nearest weekday', () => {
    expect([...federalHolidays(2026)].sort()).toEqual([
      '2026-01-01',
      '2026-01-19', // third Monday of January
      '2026-02-16',
      '2026-05-25', // last Monday of May
      '2026-06-19',
      '2026-07-03', // July 4 is a Saturday: observed on Friday
      '2026-09-07',
      '2026-10-12',
      '2026-11-11',
      '2026-11-26', // fourth Thursday of November
      '2026-12-25',
    ])
    // 2022's New Year fell on a Saturday and was observed on December 31, 2021.
    expect(federalHolidays(2021).has('2021-12-31')).toBe(true)
    expect(federalHolidays(2022).has('2021-12-31')).toBe(false)
    expect(federalHolidays(2027).has('2027-12-24')).toBe(true) // Christmas 2027 is a Saturday
  })

  it('counts weekdays that are not holidays as business days', () => {
    expect(isBusinessDay(at('2026-11-20T12:00:00Z'))).toBe(true) // Friday
    expect(isBusinessDay(at('2026-11-21T12:00:00Z'))).toBe(false) // Saturday
    expect(isBusinessDay(at('2026-11-22T12:00:00Z'))).toBe(false) // Sunday
    expect(isBusinessDay(at('2026-11-26T12:00:00Z'))).toBe(false) // Thanksgiving
  })
})

describe('the replacement promise: 3 business days', () => {
  it('runs Monday to Wednesday for a Friday approval', () => {
    expect(endOfBusinessDaysAfter(at('2026-11-13T16:30:00Z'), 3).toISOString()).toBe('2026-11-19T00:00:00.000Z')
  })

  it('skips the weekend for a Saturday or Sunday approval', () => {
    expect(endOfBusinessDaysAfter(at('2026-11-14T09:00:00Z'), 3).toISOString()).toBe('2026-11-19T00:00:00.000Z')
    expect(endOfBusinessDaysAfter(at('2026-11-15T23:59:00Z'), 3).toISOString()).toBe('2026-11-19T00:00:00.000Z')
  })

  it('skips a holiday: approved the day before Thanksgiving, due by the end of the next Tuesday', () => {
    expect(endOfBusinessDaysAfter(at('2026-11-25T10:00:00Z'), 3).toISOString()).toBe('2026-12-02T00:00:00.000Z')
    // A Thursday approval before the observed Independence Day (Friday July 3, 2026) and the weekend.
    expect(endOfBusinessDaysAfter(at('2026-07-02T10:00:00Z'), 3).toISOString()).toBe('2026-07-09T00:00:00.000Z')
  })

  it('applies to a crack, and to whatever the shop reports it did', () => {
    expect(promisedService({ damageType: 'crack' })).toBe('replacement')
    expect(promisedService({ damageType: 'chip' })).toBe('chip_repair')
    expect(promisedService({ damageType: 'chip', repairType: 'replacement' })).toBe('replacement')
    expect(promisedService({ damageType: 'crack', repairType: 'repair' })).toBe('chip_repair')
    expect(promiseDeadline(approved('2026-11-13T16:30:00Z', 'crack'))?.toISOString()).toBe('2026-11-19T00:00:00.000Z')
  })
})

describe('isPastPromise', () => {
  it('gives a chip repair 24 hours from approval', () => {
    const claim = approved('2026-11-13T16:30:00Z', 'chip')
    expect(promiseDeadline(claim)?.toISOString()).toBe('2026-11-14T16:30:00.000Z')
    expect(isPastPromise(claim, at('2026-11-14T16:30:00Z'))).toBe(false)
    expect(isPastPromise(claim, at('2026-11-14T16:30:01Z'))).toBe(true)
  })

  it('judges a completed claim by its completion, not by today', () => {
    const onTime = {
      ...approved('2026-11-13T16:30:00Z', 'crack'),
      approvalStatus: 'completed' as const,
      completedAt: '2026-11-18T20:00:00Z',
    }
    const late = { ...onTime, completedAt: '2026-11-19T00:00:01Z' }
    expect(isPastPromise(onTime, at('2027-01-01T00:00:00Z'))).toBe(false)
    expect(isPastPromise(late, at('2026-11-19T00:00:02Z'))).toBe(true)
  })

  it('has no promise for a claim that was not approved', () => {
    expect(isPastPromise({ approvalStatus: 'pending_review', reviewedAt: null, damageType: 'chip' }, at('2030-01-01T00:00:00Z'))).toBe(
      false,
    )
    expect(
      isPastPromise({ approvalStatus: 'denied', reviewedAt: '2026-01-01T00:00:00Z', damageType: 'chip' }, at('2030-01-01T00:00:00Z')),
    ).toBe(false)
  })
})
