import { describe, expect, it } from 'vitest'

import { actByDay } from '~/domain/billing'
import { formatLongDate } from '~/domain/format'
import { priceChangeEmail } from '~/emails/price-change'
import { renewalNoticeEmail } from '~/emails/renewal-notice'
import { yearlyReminderEmail } from '~/emails/yearly-reminder'

// The deadline to act before the next charge (New York and Illinois require it in the offer and the notices): the
// last whole day before the charge's day in the customer's own zone, in US long form.

describe('the deadline to act before a charge', () => {
  it("is the day before the charge's day in the customer's zone", () => {
    expect(actByDay('2027-03-10T17:00:00.000Z', 'NY')).toBe('2027-03-09')
    expect(formatLongDate(actByDay('2027-03-10T17:00:00.000Z', 'IL'))).toBe('March 9, 2027')
  })

  it("moves a day earlier when the charge falls in the customer's evening of the day before (UTC is already the next day)", () => {
    // 02:00 UTC on March 10 is 9 p.m. on March 9 in Chicago and 6 p.m. in Los Angeles: the charge's day there is March 9.
    expect(actByDay('2027-03-10T02:00:00.000Z', 'IL')).toBe('2027-03-08')
    expect(actByDay('2027-03-10T02:00:00.000Z', 'CA')).toBe('2027-03-08')
    expect(actByDay('2027-03-10T06:00:00.000Z', 'NY')).toBe('2027-03-09')
    // An unknown state: the westernmost zone, whose day ends last.
    expect(actByDay('2027-03-10T09:00:00.000Z', null)).toBe('2027-03-08')
  })

  it('crosses month and year ends, and a DST change', () => {
    expect(actByDay('2027-03-01T15:00:00.000Z', 'TX')).toBe('2027-02-28')
    expect(actByDay('2028-01-01T15:00:00.000Z', 'NY')).toBe('2027-12-31')
    // March 14, 2027 is the spring-forward day in New York.
    expect(actByDay('2027-03-15T04:30:00.000Z', 'NY')).toBe('2027-03-14')
  })

  it('is written in the renewal notice, the price-change notice and the yearly reminder', async () => {
    const renewal = await renewalNoticeEmail({
      planName: 'Comprehensive — Car',
      monthlyPrice: '$19.99',
      termEndDate: 'March 10, 2027',
      renewalOff: false,
      actBy: 'March 9, 2027',
      dashboardUrl: 'https://glassplan.example/customer',
      supportEmail: 'support@glassplan.example',
    })
    expect(renewal.text).toContain('To avoid the charge on March 10, 2027, turn renewal off or cancel by March 9, 2027.')
    const ending = await renewalNoticeEmail({
      planName: 'Comprehensive — Car',
      monthlyPrice: '$19.99',
      termEndDate: 'March 10, 2027',
      renewalOff: true,
      actBy: 'March 9, 2027',
      dashboardUrl: 'https://glassplan.example/customer',
      supportEmail: 'support@glassplan.example',
    })
    expect(ending.text).not.toContain('To avoid the charge')

    const price = await priceChangeEmail({
      planName: 'Comprehensive — Car',
      policyNumber: 'GP-7KQ4MX',
      oldPrice: '$19.99',
      newPrice: '$21.99',
      startsOn: 'March 10, 2027',
      actBy: 'March 9, 2027',
      inCommitment: false,
      cancelUrl: 'https://glassplan.example/cancel',
      supportEmail: 'support@glassplan.example',
    })
    expect(price.text).toContain('to avoid the charge on March 10, 2027, cancel by March 9, 2027.')

    const reminder = await yearlyReminderEmail({
      planName: 'Comprehensive — Car',
      policyNumber: 'GP-7KQ4MX',
      since: 'March 10, 2026',
      price: '$19.99',
      yearly: false,
      commitmentEnds: null,
      nextCharge: { on: 'April 10, 2027', actBy: 'April 9, 2027' },
      cancelUrl: 'https://glassplan.example/cancel',
      supportEmail: 'support@glassplan.example',
    })
    expect(reminder.text).toContain('Your next charge is on April 10, 2027: to avoid it, cancel by April 9, 2027.')
  })
})
