import { describe, expect, it } from 'vitest'

import { renewalAtOrAfter } from '~/domain/billing'
import { NOTICE_DEFAULT, NOTICE_TABLE, noticeRules } from '~/domain/notice-windows'
import { PRICE_NOTICE_DAYS, priceChangeStartsAt, priceNoticeTiming, priceNoticeWindow } from '~/domain/price-changes'

// A price-change notice goes inside the subscriber's state's window before the first charge at the new price, never
// less than the terms' 30 days; a charge too close for that waits for the next one rather than arriving early.

const monthly = (governingState: string | null, createdAt = '2027-01-10T12:00:00.000Z') => ({
  createdAt,
  billingInterval: 'month',
  billingAnchorAt: null,
  governingState,
})
const at = (iso: string) => new Date(iso)

describe('the price-change notice windows, as data', () => {
  it('default to 45–30 days before the charge; California and New York give at most 30 days, citing their statutes', () => {
    expect(NOTICE_DEFAULT.priceChange).toEqual({ earliestDays: 45, latestDays: 30 })
    expect(noticeRules('CA').priceChange).toEqual({ earliestDays: 30, latestDays: 7 })
    expect(noticeRules('NY').priceChange).toEqual({ earliestDays: 30, latestDays: 5 })
    expect(NOTICE_TABLE.NY!.statutes.join(' ')).toMatch(/Gen\. Bus\. Law §527-a/)
    expect(NOTICE_TABLE.CA!.statutes.join(' ')).toMatch(/Bus\. & Prof\. Code §17602/)
  })

  it("never give less than the terms' 30 days, and every window opens no later than it closes", () => {
    for (const code of [null, 'OH', 'TX', 'IL', ...Object.keys(NOTICE_TABLE)]) {
      const window = priceNoticeWindow(code)
      expect(window.latestDays).toBeGreaterThanOrEqual(PRICE_NOTICE_DAYS)
      expect(window.earliestDays).toBeGreaterThanOrEqual(window.latestDays)
    }
    // Where the state's latest day is closer than 30, the terms' 30 days win: New York and California send on day 30.
    expect(priceNoticeWindow('NY')).toEqual({ earliestDays: 30, latestDays: 30 })
    expect(priceNoticeWindow('CA')).toEqual({ earliestDays: 30, latestDays: 30 })
    // A subscriber whose state is unknown: the days every state allows.
    expect(priceNoticeWindow(null)).toEqual({ earliestDays: 30, latestDays: 30 })
  })
})

describe('when a subscriber is told of a price change', () => {
  // Renewals on the 10th at noon; the change takes effect on March 1, so its first charge is March 10.
  const effectiveOn = '2027-03-01'

  it('by default: not 46 days before the charge, from 45 down to 30 days before', () => {
    const policy = monthly('OH')
    expect(priceNoticeTiming(policy, effectiveOn, at('2027-01-23T23:00:00Z'))).toEqual({ chargeAt: at('2027-03-10T12:00:00Z'), due: false })
    expect(priceNoticeTiming(policy, effectiveOn, at('2027-01-24T00:00:00Z'))).toEqual({ chargeAt: at('2027-03-10T12:00:00Z'), due: true })
    expect(priceNoticeTiming(policy, effectiveOn, at('2027-02-08T23:59:00Z'))).toEqual({ chargeAt: at('2027-03-10T12:00:00Z'), due: true })
  })

  it('a charge too close for 30 days waits: the change reaches the next one, and its notice waits for that window', () => {
    const policy = monthly('OH')
    expect(priceNoticeTiming(policy, effectiveOn, at('2027-02-09T08:00:00Z'))).toEqual({ chargeAt: at('2027-04-10T12:00:00Z'), due: false })
    expect(priceNoticeTiming(policy, effectiveOn, at('2027-02-24T08:00:00Z'))).toEqual({ chargeAt: at('2027-04-10T12:00:00Z'), due: true })
  })

  it('in New York and California only on the 30th day before the charge', () => {
    for (const state of ['NY', 'CA']) {
      const policy = monthly(state)
      expect(priceNoticeTiming(policy, effectiveOn, at('2027-02-07T20:00:00Z')).due).toBe(false)
      expect(priceNoticeTiming(policy, effectiveOn, at('2027-02-08T20:00:00Z'))).toEqual({
        chargeAt: at('2027-03-10T12:00:00Z'),
        due: true,
      })
      expect(priceNoticeTiming(policy, effectiveOn, at('2027-02-09T01:00:00Z'))).toEqual({
        chargeAt: at('2027-04-10T12:00:00Z'),
        due: false,
      })
      expect(priceNoticeTiming(policy, effectiveOn, at('2027-03-11T06:00:00Z'))).toEqual({
        chargeAt: at('2027-04-10T12:00:00Z'),
        due: true,
      })
    }
  })

  it('a yearly payer is told before their yearly charge after the change, not months ahead of it', () => {
    const yearly = { ...monthly('OH', '2026-06-01T09:00:00.000Z'), billingInterval: 'year' }
    expect(priceNoticeTiming(yearly, effectiveOn, at('2027-02-01T09:00:00Z'))).toEqual({ chargeAt: at('2027-06-01T09:00:00Z'), due: false })
    expect(priceNoticeTiming(yearly, effectiveOn, at('2027-04-17T09:00:00Z'))).toEqual({ chargeAt: at('2027-06-01T09:00:00Z'), due: true })
  })

  it("the notice sent on the window's last day, late in the evening, still reaches the charge it announced", () => {
    const policy = monthly('NY')
    const sent = '2027-02-08T23:30:00.000Z'
    expect(renewalAtOrAfter(policy, priceChangeStartsAt(effectiveOn, sent)).toISOString()).toBe('2027-03-10T12:00:00.000Z')
    // Nor before the change's own date.
    expect(priceChangeStartsAt('2027-03-20', sent).toISOString()).toBe('2027-03-20T00:00:00.000Z')
  })
})
