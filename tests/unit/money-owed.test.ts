import { describe, expect, it } from 'vitest'

import { refundExplanation } from '~/domain/messages'
import { refundableCents, transferRefund, withinRefundable } from '~/domain/refunds'
import { refundFor, type RefundInput, stateRules } from '~/domain/state-rules'

// Money the customer is owed (docs/decisions/104-money-owed-said-before-it-happens.md): the free look never pays less
// than waiting for its end would, a transfer's seller gets the unused days back, and no refund asks the charges for
// more than earlier refunds left on them. Each rule at its boundary.

const PURCHASE = '2026-01-01T15:00:00.000Z'
const YEAR_END = '2027-01-01T15:00:00.000Z'
/** Noon UTC on January `n`: `n - 1` days after the purchase. */
const day = (n: number) => new Date(Date.UTC(2026, 0, n, 12)).toISOString()
const UTC = 'UTC'

/** A yearly $199.90 plan bought on January 1, with claims the plan paid shops for. */
function yearly(now: string, claimsPaidCents: number): RefundInput {
  return {
    purchasedAt: PURCHASE,
    now,
    zone: UTC,
    totalPaidCents: 19990,
    period: { start: PURCHASE, end: YEAR_END, paidCents: 19990 },
    claimsPaidCents,
    claimsMade: claimsPaidCents > 0 ? 1 : 0,
  }
}

/** The pro-rata share of the year at noon on January `n`: 365 days, `n` of them used. */
const proRata = (n: number) => Math.round((19990 * (365 - n)) / 365)

describe('the free look with a large claim (national default: full price minus claims)', () => {
  const rules = stateRules('OH')

  it('pays the pro-rata refund when claims leave less of the full price', () => {
    // Day 9 of the free look, a $300 claim: full minus claims is nothing; waiting for day 31 would pay the unused year.
    expect(refundFor(rules, yearly(day(10), 30000))).toMatchObject({ rule: 'pro_rata', amountCents: proRata(10), unusedDays: 355 })
  })

  it('keeps the free-look refund while it is the larger, a tie included', () => {
    const later = proRata(10)
    // Claims that leave exactly the pro-rata amount: the free look's own refund, as it was.
    expect(refundFor(rules, yearly(day(10), 19990 - later))).toMatchObject({ rule: 'free_look', amountCents: later })
    // One cent more of claims: the pro-rata refund is the larger by a cent.
    expect(refundFor(rules, yearly(day(10), 19990 - later + 1))).toMatchObject({ rule: 'pro_rata', amountCents: later })
    // No claim: everything paid.
    expect(refundFor(rules, yearly(day(10), 0))).toMatchObject({ rule: 'free_look', amountCents: 19990 })
  })

  it('never pays more for waiting: the last day of the free look pays at least the first day after it', () => {
    const lastFreeLookDay = refundFor(rules, yearly(day(31), 30000)) // day 30 after the purchase
    const firstDayAfter = refundFor(rules, yearly(day(32), 30000))
    expect(lastFreeLookDay.amountCents).toBe(proRata(31))
    expect(firstDayAfter).toMatchObject({ rule: 'pro_rata', amountCents: proRata(32) })
    expect(lastFreeLookDay.amountCents).toBeGreaterThanOrEqual(firstDayAfter.amountCents)
  })

  it("applies the state's later rule as it stands: Texas deducts claims and its fee after the free look too", () => {
    expect(refundFor(stateRules('TX'), yearly(day(10), 30000)).amountCents).toBe(0)
    // A claim smaller than the price: full minus claims ($149.90) beats pro-rata minus claims minus the $50 fee.
    expect(refundFor(stateRules('TX'), yearly(day(10), 5000))).toMatchObject({ rule: 'free_look', amountCents: 14990 })
  })
})

describe("a transfer's refund to the seller", () => {
  const period = { start: PURCHASE, end: '2026-02-01T15:00:00.000Z', paidCents: 1999 }

  it('gives back the unused whole days: the day of the transfer counts as used', () => {
    // January 1 to February 1: 31 days. Bought and passed on the same day: 30 unused.
    expect(transferRefund({ period, now: '2026-01-01T18:00:00.000Z', zone: UTC })).toEqual({
      amountCents: Math.round((1999 * 30) / 31),
      unusedDays: 30,
      periodDays: 31,
    })
    expect(transferRefund({ period, now: day(11), zone: UTC })).toMatchObject({ unusedDays: 20, amountCents: Math.round((1999 * 20) / 31) })
  })

  it('gives nothing on the period’s last day, or with no payment covering the day', () => {
    expect(transferRefund({ period, now: day(31), zone: UTC })).toMatchObject({ amountCents: 0, unusedDays: 0 })
    expect(transferRefund({ period: null, now: day(11), zone: UTC })).toEqual({ amountCents: 0, unusedDays: null, periodDays: null })
  })

  it("counts the days on the seller's clock: an evening in Los Angeles is still that day", () => {
    // 05:00 UTC on January 11 is 21:00 on January 10 in Los Angeles: one day more is unused there.
    const evening = '2026-01-11T05:00:00.000Z'
    expect(transferRefund({ period, now: evening, zone: UTC }).unusedDays).toBe(20)
    expect(transferRefund({ period, now: evening, zone: 'America/Los_Angeles' }).unusedDays).toBe(21)
  })
})

describe('a refund within what the charges can still give back', () => {
  it('nets earlier refunds: a full refund after a credit refunded to the card asks only for what is left', () => {
    const payments = [{ amountCents: 19990, refundedCents: 1666 }]
    expect(refundableCents(payments)).toBe(18324)
    expect(withinRefundable(19990, refundableCents(payments))).toEqual({ amountCents: 18324, nettedCents: 1666 })
  })

  it('leaves a refund that fits alone, to the cent', () => {
    expect(withinRefundable(18324, 18324)).toEqual({ amountCents: 18324, nettedCents: 0 })
    expect(withinRefundable(18325, 18324)).toEqual({ amountCents: 18324, nettedCents: 1 })
    expect(withinRefundable(500, 0)).toEqual({ amountCents: 0, nettedCents: 500 })
  })

  it('counts each payment on its own: one refunded whole gives nothing, never a negative', () => {
    expect(
      refundableCents([
        { amountCents: 1999, refundedCents: 1999 },
        { amountCents: 1999, refundedCents: 0 },
      ]),
    ).toBe(1999)
    expect(refundableCents([{ amountCents: 1999, refundedCents: 2500 }])).toBe(0)
  })
})

describe('the refund in words, before the cancellation and in its e-mail', () => {
  const base = { freeLookDays: 30, claimsDeductedCents: 0, feeCents: 0, unusedDays: 19, periodDays: 30 }

  it('says the credit left on the balance that goes back with it', () => {
    expect(refundExplanation({ ...base, rule: 'pro_rata', grossCents: 1266, balanceCreditCents: 1999 })).toBe(
      'You get back the unused part of your current payment: 19 of its 30 days, $12.66, plus $19.99 of service credit still on your account.',
    )
    // Nothing of a payment comes back (the state gives none): the credit alone.
    expect(refundExplanation({ ...base, rule: 'pro_rata', grossCents: 0, balanceCreditCents: 1999 })).toBe(
      'You get back the $19.99 of service credit still on your account.',
    )
  })

  it('says what earlier refunds left no room for', () => {
    expect(
      refundExplanation({ ...base, rule: 'free_look', grossCents: 19990, unusedDays: null, periodDays: null, nettedCents: 1666 }),
    ).toBe(
      'You are within the 30-day free look: you get back everything you paid ($199.90), less $16.66 your card payments no longer hold because it was refunded to you already.',
    )
  })
})
