import { describe, expect, it } from 'vitest'

import { calendarDaysBetween } from '~/domain/calendar'
import { LONGEST_RENEWAL_NOTICE_DAYS, noticeRules, noticeTiming } from '~/domain/notice-windows'
import {
  allowedGrounds,
  emailIsTheNotice,
  noticeChannel,
  providerCancelEffectiveAt,
  providerCancelEndsAfterMailing,
  providerCancelEndsAfterNotice,
  providerCancelRule,
  providerRefundRules,
} from '~/domain/provider-cancellation'
import { stateRules } from '~/domain/state-rules'
import { DAY_MS } from '~/domain/time'

const renewal = '2027-03-10T12:00:00.000Z'
const daysBefore = (days: number) => new Date(Date.parse(renewal) - days * DAY_MS)

describe('renewal notice windows', () => {
  it('by default opens 45 days before the renewal and closes 35 days before', () => {
    const window = noticeRules('OH').renewal
    expect(noticeTiming(window, renewal, daysBefore(45.5))).toBe('early')
    expect(noticeTiming(window, renewal, daysBefore(45))).toBe('due')
    expect(noticeTiming(window, renewal, daysBefore(35))).toBe('due')
    expect(noticeTiming(window, renewal, daysBefore(34.9))).toBe('late')
  })

  it('sits inside Illinois’s 30–60 and California’s 15–45 days, and uses New York’s 15–30 days before the deadline (the day before the renewal) with certified mail', () => {
    for (const code of ['IL', 'CA']) expect(noticeRules(code).renewal).toEqual({ earliestDays: 45, latestDays: 35 })
    const newYork = noticeRules('NY')
    expect(newYork.renewal).toEqual({ earliestDays: 31, latestDays: 16 })
    expect(newYork.yearlyRenewalChannel).toBe('certified_mail')
    expect(noticeTiming(newYork.renewal, renewal, daysBefore(31.1))).toBe('early')
    expect(noticeTiming(newYork.renewal, renewal, daysBefore(31))).toBe('due')
    // The last day a notice may still go: 16 days before the renewal (15 before the deadline); a minute later is late.
    expect(noticeTiming(newYork.renewal, renewal, daysBefore(16))).toBe('due')
    expect(noticeTiming(newYork.renewal, renewal, new Date(daysBefore(16).getTime() + 60_000))).toBe('late')
    expect(noticeTiming(newYork.renewal, renewal, daysBefore(15))).toBe('late')
    expect(noticeRules('OH').yearlyRenewalChannel).toBe('email')
    expect(LONGEST_RENEWAL_NOTICE_DAYS).toBe(45)
  })
})

describe('the provider cancelling', () => {
  const purchase = '2026-01-10T15:00:00.000Z'
  const day = (n: number) => new Date(Date.parse(purchase) + n * DAY_MS)

  it('gives Texas 6 days from the mailing and California 5 (the state table, with their statutes), Nevada 15, elsewhere 10 by e-mail', () => {
    expect(stateRules('TX')).toMatchObject({ providerNoticeDaysAfterMailing: 6 })
    expect(stateRules('TX').statutes).toContain('Tex. Occ. Code §1304.159')
    expect(stateRules('CA')).toMatchObject({ providerNoticeDaysAfterMailing: 5 })
    expect(stateRules('CA').statutes).toContain('Cal. Ins. Code §12825')
    const noticed = new Date('2026-05-01T10:00:00.000Z')
    expect(providerCancelEffectiveAt(providerCancelRule('TX'), noticed).toISOString()).toBe('2026-05-07T10:00:00.000Z')
    expect(noticeChannel(providerCancelRule('TX'), 'fraud')).toBe('mail')
    expect(providerCancelRule('CA')).toMatchObject({ noticeDays: 5, channel: 'mail', refundWithinDays: 30 })
    expect(providerCancelRule('NV').noticeDays).toBe(15)
    expect(providerCancelRule('OH')).toMatchObject({ noticeDays: 10, channel: 'email' })
    expect(providerCancelRule(null)).toMatchObject({ noticeDays: 10, channel: 'email' })
  })

  it('narrows Florida’s grounds from day 61 and Nevada’s from day 70, and sends Florida’s nonpayment notice certified', () => {
    const florida = providerCancelRule('FL')
    expect(allowedGrounds(florida, purchase, day(60), 'UTC')).toContain('breach')
    expect(allowedGrounds(florida, purchase, day(61), 'UTC')).toEqual(['nonpayment', 'fraud', 'misrepresentation'])
    expect(noticeChannel(florida, 'nonpayment')).toBe('certified_mail')
    expect(noticeChannel(florida, 'fraud')).toBe('mail')
    const nevada = providerCancelRule('NV')
    expect(allowedGrounds(nevada, purchase, day(69), 'UTC')).toHaveLength(4)
    expect(allowedGrounds(nevada, purchase, day(70), 'UTC')).toEqual(['nonpayment', 'fraud', 'misrepresentation', 'breach'])
    expect(allowedGrounds(providerCancelRule('OH'), purchase, day(400), 'UTC')).toHaveLength(4)
  })

  it('counts a letter notice from its mailing: Texas mailed before the fifth day preceding the end, California five days after the postmark', () => {
    const zone = 'America/Chicago'
    // Mailed May 1 at 10:00 in Texas: the fifth day before May 7 is May 2, and May 1 is before it; May 6 would not do.
    const mailed = new Date('2026-05-01T15:00:00.000Z')
    const set = new Date('2026-05-02T15:00:00.000Z')
    const texas = providerCancelEndsAfterMailing(providerCancelRule('TX'), set, mailed, zone)
    expect(texas.toISOString()).toBe('2026-05-07T15:00:00.000Z')
    expect(calendarDaysBetween(texas, mailed, zone) - 5).toBeGreaterThan(0)
    const la = 'America/Los_Angeles'
    const postmark = new Date('2026-10-30T17:00:00.000Z')
    // Across the end of daylight time (November 1): five calendar days, the same time of day.
    expect(providerCancelEndsAfterMailing(providerCancelRule('CA'), postmark, postmark, la).toISOString()).toBe('2026-11-04T18:00:00.000Z')
    // A day set later than the mailing needs is kept.
    const later = new Date('2026-12-01T00:00:00.000Z')
    expect(providerCancelEndsAfterMailing(providerCancelRule('CA'), later, postmark, la)).toEqual(later)
  })

  it('narrows California’s grounds after day 60 to nonpayment, misrepresentation or fraud, and cites Florida’s §634.121(3)(b)', () => {
    const california = providerCancelRule('CA')
    expect(allowedGrounds(california, purchase, day(60), 'UTC')).toContain('breach')
    expect(allowedGrounds(california, purchase, day(61), 'UTC')).toEqual(['nonpayment', 'fraud', 'misrepresentation'])
    expect(providerCancelRule('FL').statutes).toContain('Fla. Stat. §634.121(3)(b)')
  })

  it('ends no sooner than the notice days after the notice actually went out, and never earlier than the day set', () => {
    const ohio = providerCancelRule('OH')
    const noticed = new Date('2026-05-01T10:00:00.000Z')
    const endsAt = providerCancelEffectiveAt(ohio, noticed)
    // Delivered at once: the day set stands.
    expect(providerCancelEndsAfterNotice(ohio, endsAt, noticed).toISOString()).toBe('2026-05-11T10:00:00.000Z')
    // Delivered three days late: ten days from then, the same moment of the day.
    expect(providerCancelEndsAfterNotice(ohio, endsAt, new Date('2026-05-04T08:30:00.000Z')).toISOString()).toBe('2026-05-14T08:30:00.000Z')
    // Delivered after the day set had passed: still ten whole days of notice.
    expect(providerCancelEndsAfterNotice(ohio, endsAt, new Date('2026-05-20T00:00:00.000Z')).toISOString()).toBe('2026-05-30T00:00:00.000Z')
    // A day set later than the notice needs is kept.
    const later = new Date('2026-06-30T00:00:00.000Z')
    expect(providerCancelEndsAfterNotice(ohio, later, new Date('2026-05-04T08:30:00.000Z'))).toEqual(later)
  })

  it('counts from the e-mail only where the e-mail is the notice: by e-mail, to a customer who kept electronic delivery', () => {
    expect(emailIsTheNotice(noticeChannel(providerCancelRule('OH'), 'fraud'), false)).toBe(true)
    expect(emailIsTheNotice(noticeChannel(providerCancelRule('OH'), 'fraud'), true)).toBe(false)
    expect(emailIsTheNotice(noticeChannel(providerCancelRule('TX'), 'fraud'), false)).toBe(false)
    expect(emailIsTheNotice(noticeChannel(providerCancelRule('FL'), 'nonpayment'), false)).toBe(false)
  })

  it('refunds without a fee, and the unused part where a leaving customer would get nothing', () => {
    expect(providerRefundRules(stateRules('TX'))).toMatchObject({ fee: null, laterRefund: 'pro_rata_minus_claims' })
    expect(providerRefundRules(stateRules('NY'))).toMatchObject({ fee: null, laterRefund: 'pro_rata' })
    // Florida gives a leaving customer 90 % of the unused part; when the provider ends the contract it is all of it.
    expect(providerRefundRules(stateRules('FL'))).toMatchObject({
      fee: null,
      laterRefund: 'pro_rata_minus_claims',
      laterRefundPercent: 100,
    })
  })
})
