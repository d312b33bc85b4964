import { describe, expect, it } from 'vitest'

import { customerZone, STATE_ZONES } from '~/domain/calendar'
import { STATE_MESSAGES } from '~/domain/messages'
import {
  cancellationFee,
  commitmentBinds,
  commitmentBindsFrom,
  daysAfterPurchase,
  freeLookLastDay,
  inFreeLook,
  lateRefundPenalty,
  MOST_PROTECTIVE,
  NATIONAL_DEFAULT,
  refundFor,
  type RefundInput,
  rulesFor,
  STATE_TABLE,
  stateName,
  stateRules,
} from '~/domain/state-rules'
import { US_STATES } from '~/domain/us-states'

const PURCHASE = '2026-01-01T15:00:00.000Z'
/** Noon UTC on January `n`: `n - 1` days after the purchase (the table's arithmetic below is read in UTC). */
const day = (n: number) => new Date(Date.UTC(2026, 0, n, 12)).toISOString()
const UTC = 'UTC'

/** A monthly $19.99 plan: `months` payments made, the current period starting on the last payment. */
function monthly(now: string, { months = 1, claimsPaidCents = 0, claimsMade = 0 } = {}): RefundInput {
  const start = new Date(Date.UTC(2026, months - 1, 1, 15))
  const end = new Date(Date.UTC(2026, months, 1, 15))
  return {
    purchasedAt: PURCHASE,
    now,
    zone: UTC,
    totalPaidCents: 1999 * months,
    period: { start, end, paidCents: 1999 },
    claimsPaidCents,
    claimsMade,
  }
}

describe('contract days', () => {
  it('counts days after the purchase, the day of purchase being day 0', () => {
    expect(daysAfterPurchase(PURCHASE, PURCHASE, UTC)).toBe(0)
    expect(daysAfterPurchase(PURCHASE, '2026-01-01T23:59:59.999Z', UTC)).toBe(0)
    expect(daysAfterPurchase(PURCHASE, '2026-01-02T00:00:00.000Z', UTC)).toBe(1)
    expect(daysAfterPurchase(PURCHASE, day(31), UTC)).toBe(30)
  })

  it("counts in the customer's zone: an evening purchase in Chicago is still the day before in UTC terms", () => {
    const evening = '2026-01-02T03:00:00.000Z' // Jan 1, 9 PM in Chicago
    expect(daysAfterPurchase(evening, '2026-01-02T05:59:59.000Z', 'America/Chicago')).toBe(0)
    expect(daysAfterPurchase(evening, '2026-01-02T06:00:00.000Z', 'America/Chicago')).toBe(1)
    expect(daysAfterPurchase(evening, '2026-01-02T06:00:00.000Z', UTC)).toBe(0)
  })

  it("finds the customer's zone: the ZIP's within the state, else the state's western zone, else Hawaii's", () => {
    expect(customerZone('TX', { state: 'TX', zone: 'America/Chicago' })).toBe('America/Chicago')
    expect(customerZone('TX', null)).toBe('America/Denver')
    expect(customerZone('FL', null)).toBe('America/Chicago')
    expect(customerZone('FL', { state: 'FL', zone: 'America/New_York' })).toBe('America/New_York')
    // A ZIP in another state says nothing of this customer's zone.
    expect(customerZone('NY', { state: 'CA', zone: 'America/Los_Angeles' })).toBe('America/New_York')
    expect(customerZone(null)).toBe('Pacific/Honolulu')
    for (const { code } of US_STATES) expect(STATE_ZONES[code], code).toBeDefined()
  })
})

/**
 * Each listed state's free look at its boundary, in the customer's zone: the last moment of its last day is in, the
 * first moment of the next day is out. Every purchase is at 1 PM local time; several windows cross a change of
 * daylight saving time (March 8 and November 1, 2026).
 */
describe('the free look, to the minute, in each zone', () => {
  const cases: Array<{ state: string; zone: string; purchase: string; lastDay: string; lastMoment: string; firstOut: string }> = [
    // Texas (Chicago's zone by ZIP): "before the 31st day after the date of purchase"; across the March DST change.
    {
      state: 'TX',
      zone: 'America/Chicago',
      purchase: '2026-03-01T19:00:00.000Z',
      lastDay: '2026-03-31',
      lastMoment: '2026-04-01T04:59:59.999Z',
      firstOut: '2026-04-01T05:00:00.000Z',
    },
    // Texas without a ZIP: El Paso's Mountain time, the later midnight.
    {
      state: 'TX',
      zone: 'America/Denver',
      purchase: '2026-03-01T20:00:00.000Z',
      lastDay: '2026-03-31',
      lastMoment: '2026-04-01T05:59:59.999Z',
      firstOut: '2026-04-01T06:00:00.000Z',
    },
    // California: 60 days, across the November DST change.
    {
      state: 'CA',
      zone: 'America/Los_Angeles',
      purchase: '2026-09-15T20:00:00.000Z',
      lastDay: '2026-11-14',
      lastMoment: '2026-11-15T07:59:59.999Z',
      firstOut: '2026-11-15T08:00:00.000Z',
    },
    // Florida, Eastern (by ZIP) and the panhandle's Central (the state's default).
    {
      state: 'FL',
      zone: 'America/New_York',
      purchase: '2026-01-10T18:00:00.000Z',
      lastDay: '2026-03-11',
      lastMoment: '2026-03-12T03:59:59.999Z',
      firstOut: '2026-03-12T04:00:00.000Z',
    },
    {
      state: 'FL',
      zone: 'America/Chicago',
      purchase: '2026-01-10T19:00:00.000Z',
      lastDay: '2026-03-11',
      lastMoment: '2026-03-12T04:59:59.999Z',
      firstOut: '2026-03-12T05:00:00.000Z',
    },
    // Illinois: 30 days.
    {
      state: 'IL',
      zone: 'America/Chicago',
      purchase: '2026-06-01T18:00:00.000Z',
      lastDay: '2026-07-01',
      lastMoment: '2026-07-02T04:59:59.999Z',
      firstOut: '2026-07-02T05:00:00.000Z',
    },
    // New York: 30 days, across the November DST change.
    {
      state: 'NY',
      zone: 'America/New_York',
      purchase: '2026-10-20T17:00:00.000Z',
      lastDay: '2026-11-19',
      lastMoment: '2026-11-20T04:59:59.999Z',
      firstOut: '2026-11-20T05:00:00.000Z',
    },
    // Nevada: the product's 30 days.
    {
      state: 'NV',
      zone: 'America/Los_Angeles',
      purchase: '2026-02-01T21:00:00.000Z',
      lastDay: '2026-03-03',
      lastMoment: '2026-03-04T07:59:59.999Z',
      firstOut: '2026-03-04T08:00:00.000Z',
    },
    // The national default (Ohio), and Hawaii, which keeps no daylight saving.
    {
      state: 'OH',
      zone: 'America/New_York',
      purchase: '2026-02-20T18:00:00.000Z',
      lastDay: '2026-03-22',
      lastMoment: '2026-03-23T03:59:59.999Z',
      firstOut: '2026-03-23T04:00:00.000Z',
    },
    {
      state: 'HI',
      zone: 'Pacific/Honolulu',
      purchase: '2026-02-20T23:00:00.000Z',
      lastDay: '2026-03-22',
      lastMoment: '2026-03-23T09:59:59.999Z',
      firstOut: '2026-03-23T10:00:00.000Z',
    },
  ]

  for (const { state, zone, purchase, lastDay, lastMoment, firstOut } of cases) {
    it(`${state} in ${zone}: the ${stateRules(state).freeLookDays}th day after the purchase is the last`, () => {
      const rules = stateRules(state)
      expect(freeLookLastDay(rules, purchase, zone)).toBe(lastDay)
      expect(daysAfterPurchase(purchase, lastMoment, zone)).toBe(rules.freeLookDays)
      expect(inFreeLook(rules, purchase, lastMoment, zone)).toBe(true)
      expect(daysAfterPurchase(purchase, firstOut, zone)).toBe(rules.freeLookDays + 1)
      expect(inFreeLook(rules, purchase, firstOut, zone)).toBe(false)
    })
  }

  it('Texas, 30 days after the purchase: the whole payment back; the next day pro-rata less the fee', () => {
    const tx = stateRules('TX')
    const purchase = '2026-03-01T19:00:00.000Z'
    const input = (now: string) => ({
      purchasedAt: purchase,
      now,
      zone: 'America/Chicago',
      totalPaidCents: 1999,
      period: { start: purchase, end: '2026-04-01T18:00:00.000Z', paidCents: 1999 },
      claimsPaidCents: 0,
      claimsMade: 0,
    })
    // 8 PM on March 31 in Chicago is already April 1 in UTC: the old UTC count lost these hours.
    expect(refundFor(tx, input('2026-04-01T01:00:00.000Z'))).toMatchObject({ rule: 'free_look', amountCents: 1999, feeCents: 0 })
    expect(refundFor(tx, input('2026-04-01T05:00:00.000Z'))).toMatchObject({ rule: 'pro_rata', feeCents: 0, amountCents: 0 })
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
  it('refunds the full price minus claims paid 29 and 30 days after the purchase', () => {
    expect(refundFor(tx, monthly(day(30), { claimsPaidCents: 500, claimsMade: 1 }))).toMatchObject({
      rule: 'free_look',
      amountCents: 1499,
      claimsDeductedCents: 500,
      feeCents: 0,
    })
    expect(refundFor(tx, monthly(day(31))).amountCents).toBe(1999)
  })

  it('refunds pro-rata minus claims and a fee of at most $50 from the 31st day after the purchase', () => {
    // 31 days after is Feb 1 at noon: January's period (to Feb 1, 3 PM) is still the current one, its last day.
    const input = monthly(day(32))
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
    expect(commitmentBinds(tx, { purchasedAt: PURCHASE, initialTermEndsAt: '2027-01-01T15:00:00.000Z', zone: UTC }, day(100))).toBe(false)
    expect(commitmentBindsFrom(tx, { purchasedAt: PURCHASE, initialTermEndsAt: '2027-01-01T15:00:00.000Z', zone: UTC })).toBeNull()
  })
})

describe('California', () => {
  const ca = stateRules('CA')
  it('refunds everything 58 days after the purchase when no claim was made', () => {
    const now = new Date(Date.UTC(2026, 1, 28, 12)).toISOString()
    expect(daysAfterPurchase(PURCHASE, now, UTC)).toBe(58)
    expect(refundFor(ca, monthly(now, { months: 2 }))).toMatchObject({ rule: 'free_look', amountCents: 3998 })
  })

  it('refunds pro-rata 58 days after the purchase after a claim, and 61 days after', () => {
    const day59 = new Date(Date.UTC(2026, 1, 28, 12)).toISOString()
    const withClaim = refundFor(ca, monthly(day59, { months: 2, claimsPaidCents: 3000, claimsMade: 1 }))
    expect(withClaim.rule).toBe('pro_rata')
    expect(withClaim.claimsDeductedCents).toBe(0) // California does not deduct claims
    expect(withClaim.amountCents).toBe(0) // the last day of February's period: nothing unused
    const day61 = new Date(Date.UTC(2026, 2, 3, 12)).toISOString()
    expect(daysAfterPurchase(PURCHASE, day61, UTC)).toBe(61)
    const later = refundFor(ca, monthly(day61, { months: 3 }))
    // March 1 – April 1: 31 days, 3 used → $18.05; the fee is the lesser of $25 and 10 % of the $59.97 paid.
    expect(later).toMatchObject({ rule: 'pro_rata', periodDays: 31, unusedDays: 28, grossCents: 1806, feeCents: 599 })
    expect(later.amountCents).toBe(1806 - 599)
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
  it('refunds the full price minus claims and at most 5 % in the 60 days after the purchase', () => {
    const refund = refundFor(fl, monthly(day(45), { months: 2, claimsPaidCents: 1000, claimsMade: 1 }))
    expect(refund.rule).toBe('free_look')
    expect(refund.feeCents).toBe(199) // 5 % of the $39.98 paid
    expect(refund.amountCents).toBe(3998 - 1000 - refund.feeCents)
  })

  it('lets the holder cancel at any time after day 60, for 90 % of the unused pro-rata amount less claims paid, no fee', () => {
    const policy = { purchasedAt: PURCHASE, initialTermEndsAt: '2027-01-01T15:00:00.000Z', zone: UTC }
    expect(commitmentBinds(fl, policy, day(62))).toBe(false)
    expect(commitmentBindsFrom(fl, policy)).toBeNull()
    // 90 days after the purchase: April 1 at noon, in the April period (Apr 1, 3 PM – May 1) paid... the March one.
    const now = new Date(Date.UTC(2026, 3, 1, 12)).toISOString()
    expect(daysAfterPurchase(PURCHASE, now, UTC)).toBe(90)
    const refund = refundFor(fl, {
      purchasedAt: PURCHASE,
      now,
      zone: UTC,
      totalPaidCents: 5997,
      period: { start: '2026-03-16T15:00:00.000Z', end: '2026-04-16T15:00:00.000Z', paidCents: 3100 },
      claimsPaidCents: 500,
      claimsMade: 1,
    })
    // 31 days, 17 used (March 16 – April 1), 14 unused: 90 % of 14/31 of $31.00 = $12.60, less the $5.00 of claims.
    expect(refund).toMatchObject({
      rule: 'pro_rata',
      periodDays: 31,
      unusedDays: 14,
      grossCents: 1260,
      claimsDeductedCents: 500,
      feeCents: 0,
    })
    expect(refund.amountCents).toBe(760)
  })
})

describe('Nevada', () => {
  it('deducts no claims from the free-look refund', () => {
    expect(refundFor(stateRules('NV'), monthly(day(20), { claimsPaidCents: 900, claimsMade: 1 }))).toMatchObject({
      rule: 'free_look',
      claimsDeductedCents: 0,
      amountCents: 1999,
    })
  })
})

describe('the late-refund penalty', () => {
  const tx = stateRules('TX')
  const refund = { amountCents: 2000, dueBy: '2026-03-15' }
  const zone = 'America/Chicago'
  it('is nothing until the end of the deadline day in the customer zone', () => {
    expect(lateRefundPenalty(tx, refund, '2026-03-16T04:59:59.000Z', zone)).toEqual({ periodsLate: 0, penaltyCents: 0 })
  })
  it('is 10 % for each month, or part of one, after it', () => {
    expect(lateRefundPenalty(tx, refund, '2026-03-16T05:00:00.000Z', zone)).toEqual({ periodsLate: 1, penaltyCents: 200 })
    expect(lateRefundPenalty(tx, refund, '2026-04-16T04:59:59.000Z', zone)).toEqual({ periodsLate: 1, penaltyCents: 200 })
    expect(lateRefundPenalty(tx, refund, '2026-04-16T05:00:00.000Z', zone)).toEqual({ periodsLate: 2, penaltyCents: 400 })
  })
  it('is nothing where the state sets none, or without a deadline', () => {
    expect(lateRefundPenalty(stateRules('CA'), refund, '2026-09-01T00:00:00.000Z', zone).penaltyCents).toBe(0)
    expect(lateRefundPenalty(tx, { amountCents: 2000, dueBy: null }, '2026-09-01T00:00:00.000Z', zone).penaltyCents).toBe(0)
  })
})

describe('Nevada (NRS 690C.250(4))', () => {
  const nv = stateRules('NV')
  const zone = 'America/Los_Angeles'
  const purchase = '2026-03-01T19:00:00.000Z'
  const input = (now: string) => ({
    purchasedAt: purchase,
    now,
    zone,
    totalPaidCents: 1999,
    period: { start: purchase, end: '2026-04-01T18:00:00.000Z', paidCents: 1999 },
    claimsPaidCents: 0,
    claimsMade: 0,
  })
  it('pays a free-look refund within 45 days; a later refund has no statutory deadline', () => {
    expect(refundFor(nv, input('2026-03-20T19:00:00.000Z'))).toMatchObject({ rule: 'free_look', amountCents: 1999, dueBy: '2026-05-04' })
    expect(refundFor(nv, input('2026-04-20T19:00:00.000Z'))).toMatchObject({ rule: 'pro_rata', dueBy: null })
  })
  it('adds 10 % of the price for each 30 days, or part of them, the refund stays unpaid after its deadline', () => {
    const refund = { amountCents: 1999, dueBy: '2026-05-04' }
    // The deadline day ends at midnight in Las Vegas (UTC−7 in May).
    expect(lateRefundPenalty(nv, refund, '2026-05-05T06:59:59.000Z', zone)).toEqual({ periodsLate: 0, penaltyCents: 0 })
    expect(lateRefundPenalty(nv, refund, '2026-05-05T07:00:00.000Z', zone)).toEqual({ periodsLate: 1, penaltyCents: 200 })
    // The 30th day after the deadline still counts as the first period; the 31st starts the second.
    expect(lateRefundPenalty(nv, refund, '2026-06-04T06:59:59.000Z', zone)).toEqual({ periodsLate: 1, penaltyCents: 200 })
    expect(lateRefundPenalty(nv, refund, '2026-06-04T07:00:00.000Z', zone)).toEqual({ periodsLate: 2, penaltyCents: 400 })
  })
  it('ends a provider cancellation no sooner than 15 days after its notice is mailed (NRS 690C.270(2))', () => {
    expect(nv.providerNoticeDaysAfterMailing).toBe(15)
  })
})

describe('for counsel', () => {
  it('marks each state with an open question, with its reason, and no other', () => {
    const marked = US_STATES.filter(({ code }) => stateRules(code).needsCounsel !== null).map(({ code }) => code)
    expect(marked.sort()).toEqual(['CA', 'FL', 'GA', 'NY', 'TX', 'UT'])
    for (const code of marked) expect(stateRules(code).needsCounsel).toMatch(new RegExp(`^${stateName(code)}: .+\\?$`))
    expect(MOST_PROTECTIVE.needsCounsel).toBeNull()
    expect(STATE_MESSAGES.needsCounsel('Texas', stateRules('TX').needsCounsel!).description).toBe(
      'Texas cannot be opened for sale until counsel answers this question: Texas: is replacement of the whole windshield a service contract under Tex. Occ. Code ch. 1304, or insurance?',
    )
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
    const policy = { purchasedAt: PURCHASE, initialTermEndsAt: '2027-01-01T15:00:00.000Z', zone: UTC }
    expect(commitmentBinds(ny, policy, day(31))).toBe(false)
    expect(commitmentBinds(ny, policy, day(32))).toBe(true)
    expect(commitmentBindsFrom(ny, policy)!.toISOString()).toBe('2026-02-01T00:00:00.000Z')
    expect(ny.priceIncreaseNeedsConsent).toBe(true)
  })
})

describe('the national default', () => {
  const oh = stateRules('OH')
  it('refunds full minus claims in 30 days, then pro-rata of the current period with no fee', () => {
    expect(refundFor(oh, monthly(day(12), { claimsPaidCents: 500, claimsMade: 1 })).amountCents).toBe(1499)
    // Claims above the price: never less than the pro-rata refund after the free look (Jan 1 – Feb 1, 12 used → 19/31).
    expect(refundFor(oh, monthly(day(12), { claimsPaidCents: 2500, claimsMade: 1 })).amountCents).toBe(Math.round((1999 * 19) / 31))
    const partial = refundFor(oh, monthly(new Date(Date.UTC(2026, 1, 15, 12)).toISOString(), { months: 2 }))
    // Feb 1 – Mar 1: 28 days, 15 used → 13/28 of $19.99.
    expect(partial).toMatchObject({ rule: 'pro_rata', unusedDays: 13, periodDays: 28, feeCents: 0, amountCents: 928 })
  })

  it('refunds pro-rata of a yearly period', () => {
    const refund = refundFor(oh, {
      purchasedAt: PURCHASE,
      zone: UTC,
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
