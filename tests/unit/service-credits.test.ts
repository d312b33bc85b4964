import { describe, expect, it } from 'vitest'

import type { ApprovalStatus } from '~/domain/claims'
import { awaitsCustomerChoice, clockStoppedAt, creditMethod, missedPromiseOnOurSide, monthlyCreditCents } from '~/domain/credits'

/** A chip approved on Tuesday 2026-03-10 at 09:00 UTC: its promise runs out 24 hours later. */
const chip = { approvalStatus: 'approved' as ApprovalStatus, reviewedAt: '2026-03-10T09:00:00.000Z', damageType: 'chip' }
/** A crack approved on Friday 2026-03-13: three business days run Monday to Wednesday, ending at Thursday 00:00 UTC. */
const crack = { approvalStatus: 'approved' as ApprovalStatus, reviewedAt: '2026-03-13T16:00:00.000Z', damageType: 'crack' }

describe('the service-promise credit', () => {
  it('is due once the promise has run out on an open claim, or the work was completed after it', () => {
    expect(missedPromiseOnOurSide(chip, new Date('2026-03-11T09:00:00.000Z'))).toBe(false)
    expect(missedPromiseOnOurSide(chip, new Date('2026-03-11T09:00:00.001Z'))).toBe(true)
    expect(
      missedPromiseOnOurSide({ ...chip, approvalStatus: 'completed', completedAt: '2026-03-11T08:00:00.000Z' }, new Date('2026-04-01')),
    ).toBe(false)
    expect(
      missedPromiseOnOurSide({ ...chip, approvalStatus: 'completed', completedAt: '2026-03-11T10:00:00.000Z' }, new Date('2026-04-01')),
    ).toBe(true)
  })

  it('counts business days for a replacement: the weekend does not count against the shop', () => {
    expect(missedPromiseOnOurSide(crack, new Date('2026-03-18T23:59:00.000Z'))).toBe(false)
    expect(missedPromiseOnOurSide(crack, new Date('2026-03-19T00:00:01.000Z'))).toBe(true)
  })

  it('stops the clock when the customer asked for another time before the deadline, not after it', () => {
    const rescheduled = { ...chip, rescheduleRequestedAt: '2026-03-10T20:00:00.000Z' }
    expect(clockStoppedAt(rescheduled)?.toISOString()).toBe('2026-03-10T20:00:00.000Z')
    expect(missedPromiseOnOurSide(rescheduled, new Date('2026-03-20'))).toBe(false)
    const askedLate = { ...chip, rescheduleRequestedAt: '2026-03-11T12:00:00.000Z' }
    expect(clockStoppedAt(askedLate)).toBeNull()
    expect(missedPromiseOnOurSide(askedLate, new Date('2026-03-20'))).toBe(true)
  })

  it('runs against us only: not while the customer has not chosen the shop left to them, and from their choice after', () => {
    const waiting = { ...chip, assignedPartnerGroupId: null, chosenLocationId: null }
    expect(awaitsCustomerChoice(waiting)).toBe(true)
    expect(missedPromiseOnOurSide(waiting, new Date('2026-04-01'))).toBe(false)
    // Chosen two days after approval: the 24 hours run from the choice.
    const chosen = { ...chip, assignedPartnerGroupId: 'grp', chosenLocationId: 'loc', shopChosenAt: '2026-03-12T09:00:00.000Z' }
    expect(awaitsCustomerChoice(chosen)).toBe(false)
    expect(missedPromiseOnOurSide(chosen, new Date('2026-03-13T09:00:00.000Z'))).toBe(false)
    expect(missedPromiseOnOurSide(chosen, new Date('2026-03-13T09:00:00.001Z'))).toBe(true)
  })

  it('a day the customer chose beyond the promise is theirs: the promise runs to that day’s end', () => {
    // A Chicago shop: the day ends at midnight there (05:00 UTC in March's daylight time).
    const farDay = { ...chip, assignedPartnerGroupId: 'grp', preferredDate: '2026-03-21', workZone: 'America/Chicago' }
    expect(missedPromiseOnOurSide(farDay, new Date('2026-03-22T04:59:59.000Z'))).toBe(false)
    expect(missedPromiseOnOurSide(farDay, new Date('2026-03-22T05:00:01.000Z'))).toBe(true)
    // Where the place is not known, the day is read where it ends last (Hawaii, 10:00 UTC the next day).
    const unknownPlace = { ...farDay, workZone: null }
    expect(missedPromiseOnOurSide(unknownPlace, new Date('2026-03-22T09:59:59.000Z'))).toBe(false)
    expect(missedPromiseOnOurSide(unknownPlace, new Date('2026-03-22T10:00:01.000Z'))).toBe(true)
    // A day inside the promise does not lengthen it.
    const nextDay = { ...farDay, preferredDate: '2026-03-10' }
    expect(missedPromiseOnOurSide(nextDay, new Date('2026-03-11T09:00:00.001Z'))).toBe(true)
  })

  it('is never due on a claim that was not approved', () => {
    for (const approvalStatus of ['pending_review', 'denied'] as const) {
      expect(missedPromiseOnOurSide({ ...chip, approvalStatus }, new Date('2026-05-01'))).toBe(false)
    }
    expect(missedPromiseOnOurSide({ ...chip, reviewedAt: null }, new Date('2026-05-01'))).toBe(false)
  })

  it('is one month’s price: a monthly payer’s charge, a twelfth of a yearly payer’s', () => {
    expect(monthlyCreditCents({ monthlyPriceCents: 1999, billingInterval: 'month' })).toBe(1999)
    expect(monthlyCreditCents({ monthlyPriceCents: 19990, billingInterval: 'year' })).toBe(1666)
  })

  it('reaches a monthly payer on the next invoice, a yearly payer as a refund, and the local ledger without Stripe', () => {
    expect(creditMethod('stripe', { billingInterval: 'month' })).toBe('stripe_balance')
    expect(creditMethod('stripe', { billingInterval: 'year' })).toBe('stripe_refund')
    expect(creditMethod('local', { billingInterval: 'year' })).toBe('local_ledger')
  })
})
