import { describe, expect, it } from 'vitest'

import { startOfDayIn } from '~/domain/calendar'
import { keptRecordIsDue, keptRecordMayGoOn } from '~/domain/privacy'
import { rulesFor, stateRules } from '~/domain/state-rules'

const texas = stateRules('TX').recordsKept[0]!
const california = stateRules('CA').recordsKept[0]!

describe('the day a kept record may go', () => {
  it('Texas: kept through the first anniversary of the day coverage ended, gone from the day after', () => {
    expect(texas).toMatchObject({ kind: 'service_contract', statute: 'Tex. Occ. Code §1304.155' })
    expect(keptRecordMayGoOn(texas, { coverageEndedOn: '2026-12-03', consentedAt: null })).toBe('2027-12-04')
    // Coverage ending on a leap day: its anniversary falls on March 1, so the record may go on March 2.
    expect(keptRecordMayGoOn(texas, { coverageEndedOn: '2028-02-29', consentedAt: null })).toBe('2029-03-02')
  })

  it('California: the later of 3 years after the consent and 1 year after the end', () => {
    expect(california).toMatchObject({ kind: 'renewal_consent', statute: 'Cal. Bus. & Prof. Code §17602' })
    // A consent a month before the end: its third anniversary is later.
    expect(keptRecordMayGoOn(california, { coverageEndedOn: '2026-12-03', consentedAt: '2026-11-03T18:00:00.000Z' })).toBe('2029-11-04')
    // A consent five years before the end: a year after the end is later.
    expect(keptRecordMayGoOn(california, { coverageEndedOn: '2026-12-03', consentedAt: '2021-06-01T18:00:00.000Z' })).toBe('2027-12-04')
  })

  it('is due from the first moment of its day, not the last moment of the day before', () => {
    expect(keptRecordIsDue('2027-12-04', new Date(startOfDayIn('2027-12-04').getTime() - 1))).toBe(false)
    expect(keptRecordIsDue('2027-12-04', startOfDayIn('2027-12-04'))).toBe(true)
    expect(keptRecordIsDue('2027-12-04', startOfDayIn('2027-12-05'))).toBe(true)
  })

  it('a state without a records rule keeps nothing; a policy of unknown state keeps what any state asks', () => {
    expect(stateRules('UT').recordsKept).toEqual([])
    expect(rulesFor(null).recordsKept.map((rule) => rule.kind)).toEqual(['service_contract', 'renewal_consent'])
  })
})
