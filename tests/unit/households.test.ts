import { describe, expect, it } from 'vitest'

import { nextRenewalAfter, previousRenewal } from '~/domain/billing'
import { customerZone } from '~/domain/calendar'
import {
  additionCharge,
  DEFAULT_HOUSEHOLD_DISCOUNT_PERCENT,
  householdAfterRemoval,
  householdPrice,
  MAX_HOUSEHOLD_DISCOUNT_PERCENT,
  MAX_HOUSEHOLD_VEHICLES,
  mayAddVehicle,
  removalRefund,
} from '~/domain/households'
import { rulesFor } from '~/domain/state-rules'

// A household pays each vehicle's plan price, less the operator's discount on every vehicle after the first; a vehicle
// added mid-period pays its days left once, a vehicle removed is its own cancellation under its own state's rules.

const comprehensive = { listCents: 1999 }
const chip = { listCents: 799 }

describe('the household price', () => {
  it('charges the first vehicle its full price and takes the discount off each one after it', () => {
    const price = householdPrice([comprehensive, chip, comprehensive], 10)
    expect(price.lines.map((l) => [l.discountCents, l.chargedCents])).toEqual([
      [0, 1999],
      [80, 719], // 10 % of $7.99 is 79.9¢: rounded to the cent, as Stripe rounds the coupon
      [200, 1799],
    ])
    expect(price).toMatchObject({ listCents: 4797, discountCents: 280, totalCents: 4517, discountPercent: 10 })
  })

  it('is one vehicle at its own price: no discount for a household of one', () => {
    expect(householdPrice([comprehensive], DEFAULT_HOUSEHOLD_DISCOUNT_PERCENT)).toMatchObject({ totalCents: 1999, discountCents: 0 })
  })

  it('reads a yearly household the same way: the yearly prices, discounted after the first', () => {
    expect(householdPrice([{ listCents: 19990 }, { listCents: 7990 }], 10).totalCents).toBe(19990 + 7990 - 799)
  })

  it('never takes more than the largest discount, nor a negative one', () => {
    expect(householdPrice([comprehensive, comprehensive], 90).discountPercent).toBe(MAX_HOUSEHOLD_DISCOUNT_PERCENT)
    expect(householdPrice([comprehensive, comprehensive], -5).totalCents).toBe(3998)
    expect(householdPrice([comprehensive, comprehensive], 0).totalCents).toBe(3998)
  })

  it('holds at most six vehicles, all personal', () => {
    expect(mayAddVehicle({ vehiclesNow: MAX_HOUSEHOLD_VEHICLES - 1, use: 'personal' })).toBeNull()
    expect(mayAddVehicle({ vehiclesNow: MAX_HOUSEHOLD_VEHICLES, use: 'personal' })).toBe('full')
    expect(mayAddVehicle({ vehiclesNow: 1, use: 'business' })).toBe('not_personal')
  })
})

describe('adding a vehicle mid-period', () => {
  const policy = { createdAt: '2027-01-10T15:00:00.000Z', billingAnchorAt: null, billingInterval: 'month' }
  const zone = customerZone('TX')
  const periodAt = (now: Date) => {
    const end = nextRenewalAfter(policy, now)
    return { start: previousRenewal(policy, end), end }
  }

  it('charges the days left of the period the household paid, today included', () => {
    const now = new Date('2027-03-25T18:00:00Z') // Mar 10 → Apr 10: 31 days, 16 left from the 25th
    expect(additionCharge({ chargedCents: 1800, period: periodAt(now), now, zone })).toEqual({
      amountCents: Math.round((1800 * 16) / 31),
      daysLeft: 16,
      periodDays: 31,
    })
  })

  it('on the renewal day, after the charge, pays the whole new period', () => {
    const now = new Date('2027-04-10T16:00:00Z')
    expect(additionCharge({ chargedCents: 1800, period: periodAt(now), now, zone })).toMatchObject({ amountCents: 1800, daysLeft: 30 })
  })

  it('on the renewal day, before the charge, pays nothing now: the renewal bills it with the others', () => {
    const now = new Date('2027-04-10T14:00:00Z')
    expect(additionCharge({ chargedCents: 1800, period: periodAt(now), now, zone })).toMatchObject({ amountCents: 0, daysLeft: 0 })
  })
})

describe('removing a vehicle', () => {
  const zone = customerZone('TX')
  const period = { start: '2027-03-10T15:00:00.000Z', end: '2027-04-10T15:00:00.000Z' }

  it('inside its own free look gives back everything paid for that vehicle, however old the household', () => {
    const second = householdPrice([comprehensive, comprehensive], 10).lines[1]!
    const refund = removalRefund(rulesFor('TX'), {
      line: second,
      period,
      paidForVehicleCents: 1000, // its one prorated charge when it joined on the 25th
      purchasedAt: '2027-03-25T18:00:00.000Z',
      now: '2027-04-01T12:00:00.000Z',
      zone,
      claimsPaidCents: 0,
      claimsMade: 0,
    })
    expect(refund).toMatchObject({ rule: 'free_look', amountCents: 1000 })
  })

  it("after its free look, the unused days of its own line's price, never the household's payment", () => {
    // Ohio keeps the national rule: pro rata, no fee (Texas would take its $50 fee off so small a refund).
    const first = householdPrice([comprehensive, comprehensive], 10).lines[0]!
    const refund = removalRefund(rulesFor('OH'), {
      line: first,
      period,
      paidForVehicleCents: 1999 * 3,
      purchasedAt: '2027-01-10T15:00:00.000Z',
      now: '2027-03-25T18:00:00.000Z',
      zone: customerZone('OH'),
      claimsPaidCents: 0,
      claimsMade: 0,
    })
    expect(refund).toMatchObject({ rule: 'pro_rata', unusedDays: 15, periodDays: 31, amountCents: Math.round((1999 * 15) / 31) })
  })

  it('of the second-last vehicle ends the discount: the one left pays its full price', () => {
    const { before, after, discountEnds } = householdAfterRemoval([comprehensive, chip], 0, 10)
    expect(before.totalCents).toBe(1999 + 719)
    expect(after).toMatchObject({ totalCents: 799, discountCents: 0 })
    expect(discountEnds).toBe(true)
  })

  it('of one of three keeps the discount for the vehicles after the new first', () => {
    const { after, discountEnds } = householdAfterRemoval([comprehensive, chip, comprehensive], 0, 10)
    expect(after.lines.map((l) => l.chargedCents)).toEqual([799, 1799])
    expect(discountEnds).toBe(false)
  })
})
