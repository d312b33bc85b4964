import { describe, expect, it } from 'vitest'

import {
  cancellationFee,
  commitmentBinds,
  contractDay,
  MOST_PROTECTIVE,
  NATIONAL_DEFAULT,
  refundFor,
  type RefundInput,
  rulesFor,
  STATE_TABLE,
  stateRules,
} from '~/domain/state-rules'
import { US_STATES } from '~/domain/us-states'

const PURCHASE = '2026-01-01T15:00:00.000Z'
const day = (n: number) => new Date(Date.UTC(2026, 0, n, 12)).toISOString() // day n of the contract

/** A monthly $19.99 plan: `months` payments made, the current period starting on the last payment. */
function monthly(now: string, { months = 1, claimsPaidCents = 0, claimsMade = 0 } = {}): RefundInput {
  const start = new Date(Date.UTC(2026, months - 1, 1, 15))
  const end = new Date(Date.UTC(2026, months, 1, 15))
  return {
    purchasedAt: PURCHASE,
    now,
    totalPaidCents: 1999 * months,
    period: { start, end, paidCents: 1999 },
    claimsPaidCents,
    claimsMade,
  }
}

describe('contract days', () => {
  it('counts the day of purchase as day 1, in UTC days', () => {
    expect(contractDay(PURCHASE, PURCHASE)).toBe(1)
    expect(contractDay(PURCHASE, '2026-01-01T23:59:59.000Z')).toBe(1)
    expect(contractDay(PURCHASE, '2026-01-02T00:00:00.000Z')).toBe(2)
    expect(contractDay(PURCHASE, day(31))).toBe(31)
  })
})

describe('the table', () => {
  it('fills every unlisted state with the national default', () => {
    const ohio = stateRules('OH')
    expect(ohio).toMatchObject({ ...NATIONAL_DEFAULT, code: 'OH', source: 'default' })
    expect(ohio.freeLookDays).toBe(30)
    expect(ohio.commitment).toBe('never')
  })

  it('lists only real states, each with its statute', () => {
    const codes = new Set(US_STATES.map((state) => state.code))
    for (const [code, row] of Object.entries(STATE_TABLE)) {
      expect(codes.has(code)).toBe(true)
      expect(row.statutes.length).toBeGreaterThan(0)
    }
  })

  it('never lets a commitment bind where cancellation is allowed at any time', () => {
    for (const { code } of US_STATES) {
      const rules = stateRules(code)
      expect(rules.cancelAnyTime).toBe(rules.commitment === 'never')
      // A statute is a floor on the product's own promise: no free look shorter than the default's.
      expect(rules.freeLookDays).toBeGreaterThanOrEqual(NATIONAL_DEFAULT.freeLookDays)
    }
  })

  it('treats a policy without a state by the most protective rule', () => {
    expect(rulesFor(null)).toBe(MOST_PROTECTIVE)
    expect(rulesFor('ZZ')).toBe(MOST_PROTECTIVE)
    expect(MOST_PROTECTIVE).toMatchObject({
      freeLookDays: 60,
      freeLookRefund: 'full',
      commitment: 'never',
      fee: null,
      refundDeadlineDays: 30,
      priceIncreaseNeedsConsent: true,
      yearlyReminder: true,
    })
    expect(rulesFor('TX').code).toBe('TX')
  })
})

describe('Texas', () => {
  const tx = stateRules('TX')
  it('refunds the full price minus claims paid on day 29 and day 30', () => {
    expect(refundFor(tx, monthly(day(29), { claimsPaidCents: 500, claimsMade: 1 }))).toMatchObject({
      rule: 'free_look',
      amountCents: 1499,
      claimsDeductedCents: 500,
      feeCents: 0,
    })
    expect(refundFor(tx, monthly(day(30))).amountCents).toBe(1999)
  })

  it('refunds pro-rata minus claims and a fee of at most $50 from day 31', () => {
    // Day 31 is Jan 31: the second month's period (Feb 1 – Mar 1) has not started, so this is January's period.
    const input = monthly(day(31))
    const refund = refundFor(tx, input)
    expect(refund.rule).toBe('pro_rata')
    expect(refund.periodDays).toBe(31)
    expect(refund.unusedDays).toBe(0)
    expect(refund.amountCents).toBe(0)
    // Ten days into the second month: 18 of 28 days unused, minus the product's $25 fee (under the $50 cap).
    const second = refundFor(tx, monthly(new Date(Date.UTC(2026, 1, 10, 12)).toISOString(), { months: 2 }))
    // The fee kept is never more than the refund it comes out of.
    expect(second).toMatchObject({ rule: 'pro_rata', periodDays: 28, unusedDays: 18, grossCents: 1285, feeCents: 1285 })
    expect(second.amountCents).toBe(0)
    expect(second.dueBy).toBe('2026-03-27')
  })

  it('caps a fee above $50', () => {
    expect(cancellationFee(tx, { paidCents: 100000, freeLook: false, productFeeCents: 9000 })).toBe(5000)
    expect(cancellationFee(tx, { paidCents: 100000, freeLook: true, productFeeCents: 9000 })).toBe(0)
  })

  it('never lets the commitment bind', () => {
    expect(commitmentBinds(tx, { purchasedAt: PURCHASE, initialTermEndsAt: '2027-01-01T15:00:00.000Z' }, day(100))).toBe(false)
  })
})

describe('California', () => {
  const ca = stateRules('CA')
  it('refunds everything on day 59 when no claim was made', () => {
    const now = new Date(Date.UTC(2026, 1, 28, 12)).toISOString() // day 59
    expect(contractDay(PURCHASE, now)).toBe(59)
    expect(refundFor(ca, monthly(now, { months: 2 }))).toMatchObject({ rule: 'free_look', amountCents: 3998 })
  })

  it('refunds pro-rata on day 59 after a claim, and on day 61', () => {
    const day59 = new Date(Date.UTC(2026, 1, 28, 12)).toISOString()
    const withClaim = refundFor(ca, monthly(day59, { months: 2, claimsPaidCents: 3000, claimsMade: 1 }))
    expect(withClaim.rule).toBe('pro_rata')
    expect(withClaim.claimsDeductedCents).toBe(0) // California does not deduct claims
    expect(withClaim.amountCents).toBe(0) // the last day of February's period: nothing unused
    const day61 = new Date(Date.UTC(2026, 2, 2, 12)).toISOString()
    expect(contractDay(PURCHASE, day61)).toBe(61)
    const later = refundFor(ca, monthly(day61, { months: 3 }))
    // March 1 – April 1: 31 days, 2 used → $18.70; the fee is the lesser of $25 and 10 % of the $59.97 paid.
    expect(later).toMatchObject({ rule: 'pro_rata', periodDays: 31, unusedDays: 29, grossCents: 1870, feeCents: 599 })
    expect(later.amountCents).toBe(1870 - 599)
  })

  it('caps the fee at the lesser of $25 or 10 % of the price', () => {
    expect(cancellationFee(ca, { paidCents: 12000, freeLook: false })).toBe(1200)
    expect(cancellationFee(ca, { paidCents: 60000, freeLook: false, productFeeCents: 9000 })).toBe(2500)
  })

  it('is due a yearly reminder', () => {
    expect(ca.yearlyReminder).toBe(true)
  })
})

describe('Illinois', () => {
  const il = stateRules('IL')
  it('refunds the full price minus the fee in 30 days without service', () => {
    expect(refundFor(il, monthly(day(20)))).toMatchObject({ rule: 'free_look', feeCents: 199, amountCents: 1800 })
  })

  it('refunds pro-rata minus the service value after a claim', () => {
    const refund = refundFor(il, monthly(day(10), { claimsPaidCents: 400, claimsMade: 1 }))
    // Jan 1 – Feb 1: 31 days, 10 used → 21/31 of $19.99 = $13.54, minus $4.00 of service, minus the fee.
    expect(refund).toMatchObject({ rule: 'pro_rata', grossCents: 1354, claimsDeductedCents: 400 })
    expect(refund.feeCents).toBe(199) // 10 % of the $19.99 paid: less than $50 and the product's $25
    expect(refund.amountCents).toBe(1354 - 400 - refund.feeCents)
  })
})

describe('Florida', () => {
  const fl = stateRules('FL')
  it('refunds the full price minus claims and at most 5 % in the first 60 days', () => {
    const refund = refundFor(fl, monthly(day(45), { months: 2, claimsPaidCents: 1000, claimsMade: 1 }))
    expect(refund.rule).toBe('free_look')
    expect(refund.feeCents).toBe(199) // 5 % of the $39.98 paid
    expect(refund.amountCents).toBe(3998 - 1000 - refund.feeCents)
  })

  it('lets the commitment bind after the free look, not in it', () => {
    const policy = { purchasedAt: PURCHASE, initialTermEndsAt: '2027-01-01T15:00:00.000Z' }
    expect(commitmentBinds(fl, policy, day(60))).toBe(false)
    expect(commitmentBinds(fl, policy, day(61))).toBe(true)
    expect(commitmentBinds(fl, policy, '2027-01-02T00:00:00.000Z')).toBe(false)
    expect(refundFor(fl, monthly(day(61), { months: 3 })).rule).toBe('none')
  })
})

describe('New York', () => {
  const ny = stateRules('NY')
  it('refunds in full in the free look, within 30 days', () => {
    expect(refundFor(ny, monthly(day(5), { claimsPaidCents: 900, claimsMade: 1 }))).toMatchObject({
      rule: 'free_look',
      amountCents: 1999,
      dueBy: '2026-02-04',
    })
  })

  it('lets the commitment bind after the free look and needs consent to a higher price', () => {
    const policy = { purchasedAt: PURCHASE, initialTermEndsAt: '2027-01-01T15:00:00.000Z' }
    expect(commitmentBinds(ny, policy, day(31))).toBe(true)
    expect(ny.priceIncreaseNeedsConsent).toBe(true)
  })
})

describe('the national default', () => {
  const oh = stateRules('OH')
  it('refunds full minus claims in 30 days, then pro-rata of the current period with no fee', () => {
    expect(refundFor(oh, monthly(day(12), { claimsPaidCents: 2500, claimsMade: 1 })).amountCents).toBe(0)
    const partial = refundFor(oh, monthly(new Date(Date.UTC(2026, 1, 15, 12)).toISOString(), { months: 2 }))
    // Feb 1 – Mar 1: 28 days, 15 used → 13/28 of $19.99.
    expect(partial).toMatchObject({ rule: 'pro_rata', unusedDays: 13, periodDays: 28, feeCents: 0, amountCents: 928 })
  })

  it('refunds pro-rata of a yearly period', () => {
    const refund = refundFor(oh, {
      purchasedAt: PURCHASE,
      now: new Date(Date.UTC(2026, 3, 11, 12)).toISOString(), // day 101
      totalPaidCents: 19990,
      period: { start: PURCHASE, end: '2027-01-01T15:00:00.000Z', paidCents: 19990 },
      claimsPaidCents: 0,
      claimsMade: 0,
    })
    // 365 days, 101 used: 264/365 of $199.90.
    expect(refund).toMatchObject({ rule: 'pro_rata', periodDays: 365, unusedDays: 264, amountCents: Math.round((19990 * 264) / 365) })
  })
})
