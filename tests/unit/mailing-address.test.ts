import { describe, expect, it } from 'vitest'

import { addressKey, contentAtMailing, MAILING_END_DATE, normalizeMailingAddress } from '~/domain/letters'
import { freeLookLastDay, stateRules } from '~/domain/state-rules'

describe('a mailing address in USPS’s form', () => {
  it('shortens the suffixes, directions and unit words, and tidies the spaces, the state and the ZIP', () => {
    expect(
      normalizeMailingAddress({
        name: '  Jamie   Rivera ',
        line1: '12  west 31st Street.',
        line2: 'Apartment 4B',
        city: ' New   York ',
        state: 'ny',
        zip: ' 10001-2345 ',
      }),
    ).toEqual({ name: 'Jamie Rivera', line1: '12 W 31st St', line2: 'Apt 4B', city: 'New York', state: 'NY', zip: '10001-2345' })
    expect(
      normalizeMailingAddress({ name: 'A', line1: '500 Northeast Parkway Suite 200', line2: '  ', city: 'X', state: 'TX', zip: '78701' }),
    ).toEqual({
      name: 'A',
      line1: '500 NE Pkwy Ste 200',
      line2: null,
      city: 'X',
      state: 'TX',
      zip: '78701',
    })
  })

  it('is the same place for the address check as the address typed', () => {
    const typed = { line1: '1 Main Street', line2: 'Suite 5', zip: '78701' }
    const stored = normalizeMailingAddress({ name: 'A', city: 'Austin', state: 'TX', ...typed })
    expect(addressKey(stored)).toBe(addressKey(typed))
  })
})

describe('a notice counted from its mailing', () => {
  it('is dated the day it is posted and names the day its days run out, never before the day set', () => {
    const content = {
      title: 'Notice of cancellation',
      date: 'May 1, 2026',
      paragraphs: [`It ends on ${MAILING_END_DATE}, 6 days after this notice.`],
      countsFromMailing: { days: 6, zone: 'America/Chicago', notBefore: '2026-05-07T15:00:00.000Z' },
    }
    // Posted on the day: the day set stands.
    expect(contentAtMailing(content, new Date('2026-05-01T15:00:00.000Z')).paragraphs[0]).toBe(
      'It ends on May 7, 2026, 6 days after this notice.',
    )
    // Held and posted on May 20: dated then, and six days from then.
    const late = contentAtMailing(content, new Date('2026-05-20T15:00:00.000Z'))
    expect(late.date).toBe('May 20, 2026')
    expect(late.paragraphs[0]).toBe('It ends on May 26, 2026, 6 days after this notice.')
    // A letter that counts nothing from its mailing is posted as written.
    const plain = { title: 'T', date: 'May 1, 2026', paragraphs: ['Hello.'] }
    expect(contentAtMailing(plain, new Date('2026-05-20T15:00:00.000Z'))).toBe(plain)
  })
})

describe('California’s free look', () => {
  it('counts from the purchase, when the contract is received (it goes only electronically, at the sale)', () => {
    // The 60th day after March 2 in Los Angeles is May 1.
    expect(freeLookLastDay(stateRules('CA'), '2026-03-02T18:00:00.000Z', 'America/Los_Angeles')).toBe('2026-05-01')
  })
})
