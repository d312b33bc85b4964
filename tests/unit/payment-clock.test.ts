import { describe, expect, it } from 'vitest'

import { isPaymentDue, PAYMENT_BUSINESS_DAYS, paymentDueBy } from '~/domain/payouts'

const at = (iso: string) => new Date(iso)

describe('the five-business-day payment clock', () => {
  it('counts five business days after the day of acceptance, skipping the weekend', () => {
    expect(PAYMENT_BUSINESS_DAYS).toBe(5)
    // Accepted Monday Nov 2, 2026 (late in the day counts the same): Tue, Wed, Thu, Fri, Mon.
    expect(paymentDueBy(at('2026-11-02T23:30:00Z')).toISOString()).toBe('2026-11-10T00:00:00.000Z')
    // Accepted on a Saturday: the clock starts Monday.
    expect(paymentDueBy(at('2026-11-14T10:00:00Z')).toISOString()).toBe('2026-11-21T00:00:00.000Z')
  })

  it('does not count federal holidays: Veterans Day, Thanksgiving, Christmas and New Year (observed)', () => {
    // Accepted Mon Nov 9: Tue 10, (Wed 11 Veterans Day), Thu 12, Fri 13, Mon 16, Tue 17.
    expect(paymentDueBy(at('2026-11-09T12:00:00Z')).toISOString()).toBe('2026-11-18T00:00:00.000Z')
    // Accepted Wed Nov 25: (Thu 26 Thanksgiving), Fri 27, Mon 30, Tue Dec 1, Wed 2, Thu 3.
    expect(paymentDueBy(at('2026-11-25T12:00:00Z')).toISOString()).toBe('2026-12-04T00:00:00.000Z')
    // Accepted Wed Dec 23: Thu 24, (Fri 25 Christmas), Mon 28, Tue 29, Wed 30, Thu 31, (Fri Jan 1 2027).
    expect(paymentDueBy(at('2026-12-23T12:00:00Z')).toISOString()).toBe('2027-01-01T00:00:00.000Z')
    // Accepted Thu Dec 30, 2027: New Year's Day 2028 is a Saturday, observed Fri Dec 31; then Mon Jan 3 to Fri Jan 7.
    expect(paymentDueBy(at('2027-12-30T12:00:00Z')).toISOString()).toBe('2028-01-08T00:00:00.000Z')
  })

  it('pays a group once its oldest job is two days from the end of its clock, not before', () => {
    const accepted = at('2026-11-02T16:00:00Z') // due by the end of Mon Nov 9
    expect(isPaymentDue(accepted, at('2026-11-07T23:59:59Z'))).toBe(false)
    expect(isPaymentDue(accepted, at('2026-11-08T00:00:00Z'))).toBe(true)
    // A run that comes late still pays.
    expect(isPaymentDue(accepted, at('2026-11-20T00:00:00Z'))).toBe(true)
  })
})
