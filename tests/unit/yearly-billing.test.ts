import { describe, expect, it } from 'vitest'

import { nextRenewalAfter, previousRenewal, renewalAtOrAfter } from '~/domain/billing'
import {
  intervalOf,
  lookupKeyFor,
  monthlyKeyOf,
  planForLookupKey,
  pricePer,
  yearlyKeyOf,
  yearlyOfferText,
  yearlySavingPercent,
} from '~/domain/plans'
import { planCards } from '~/models/policies/pricing.server'

import { SEED_PRICES, SEED_YEARLY_PRICES } from '../../drizzle/seed'

describe('yearly prices', () => {
  it('ten months for a year saves 17 % (rounded)', () => {
    expect(yearlySavingPercent(799, 7990)).toBe(17)
    expect(yearlySavingPercent(1999, 19990)).toBe(17)
    expect(yearlySavingPercent(1000, 9000)).toBe(25)
  })

  it('saves nothing when the year costs twelve months or more, or a price is missing', () => {
    expect(yearlySavingPercent(1000, 12000)).toBe(0)
    expect(yearlySavingPercent(1000, 13000)).toBe(0)
    expect(yearlySavingPercent(0, 9000)).toBe(0)
    expect(yearlySavingPercent(1000, 0)).toBe(0)
  })

  it('reads "or $X.XX / year (save N %)", without the saving when there is none, and nothing without a yearly price', () => {
    expect(yearlyOfferText(799, 7990)).toBe('or $79.90 / year (save 17 %)')
    expect(yearlyOfferText(1000, 12000)).toBe('or $120.00 / year')
    expect(yearlyOfferText(799, 0)).toBeNull()
    expect(yearlyOfferText(799, undefined)).toBeNull()
    expect(pricePer(7990, 'year')).toBe('$79.90 / year')
    expect(pricePer(799, 'month')).toBe('$7.99 / month')
  })

  it('each plan has a yearly twin that buys the same plan', () => {
    expect(yearlyKeyOf('comprehensive_car_adas_true')).toBe('comprehensive_car_adas_true_yearly')
    expect(monthlyKeyOf('comprehensive_car_adas_true_yearly')).toBe('comprehensive_car_adas_true')
    expect(intervalOf('chip_only_yearly')).toBe('year')
    expect(intervalOf('chip_only')).toBe('month')
    expect(lookupKeyFor('comprehensive', 'trucksuv', true, 'year')).toBe('comprehensive_trucksuv_adas_true_yearly')
    expect(planForLookupKey('comprehensive_trucksuv_adas_true_yearly')).toEqual(planForLookupKey('comprehensive_trucksuv_adas_true'))
  })

  it('the landing cards carry the yearly offer when a yearly price exists', () => {
    const cards = planCards({ ...SEED_PRICES, ...SEED_YEARLY_PRICES })
    expect(cards.find((card) => card.key === 'chip_only')?.yearlyOffer).toBe('or $79.90 / year (save 17 %)')
    expect(cards.find((card) => card.key === 'comprehensive_car')?.yearlyOffer).toBe('or $199.90 / year (save 17 %)')
    expect(planCards({ ...SEED_PRICES }).every((card) => card.yearlyOffer === undefined)).toBe(true)
  })
})

describe('renewal dates', () => {
  const bought = '2026-01-31T10:00:00.000Z'
  const yearly = { createdAt: bought, billingInterval: 'year', billingAnchorAt: null }
  const monthly = { createdAt: bought, billingInterval: 'month', billingAnchorAt: null }

  it('a yearly plan renews on the day it was bought, every year', () => {
    expect(nextRenewalAfter(yearly, new Date('2026-02-01T00:00:00Z')).toISOString()).toBe('2027-01-31T10:00:00.000Z')
    expect(nextRenewalAfter(yearly, new Date('2027-01-31T10:00:00Z')).toISOString()).toBe('2028-01-31T10:00:00.000Z')
    expect(renewalAtOrAfter(yearly, new Date('2027-01-31T10:00:00Z')).toISOString()).toBe('2027-01-31T10:00:00.000Z')
    expect(nextRenewalAfter(yearly, new Date('2031-06-01T00:00:00Z')).toISOString()).toBe('2032-01-31T10:00:00.000Z')
  })

  it('a leap day purchase renews on the last day of February', () => {
    const leap = { createdAt: '2028-02-29T12:00:00.000Z', billingInterval: 'year', billingAnchorAt: null }
    expect(nextRenewalAfter(leap, new Date('2028-03-01T00:00:00Z')).toISOString()).toBe('2029-02-28T12:00:00.000Z')
  })

  it('a monthly plan renews monthly, on the month’s last day when it has no such day', () => {
    expect(nextRenewalAfter(monthly, new Date('2026-02-01T00:00:00Z')).toISOString()).toBe('2026-02-28T10:00:00.000Z')
    expect(nextRenewalAfter(monthly, new Date('2026-03-01T00:00:00Z')).toISOString()).toBe('2026-03-31T10:00:00.000Z')
  })

  it('a plan switched to yearly counts its years from the switch', () => {
    const switched = { createdAt: bought, billingInterval: 'year', billingAnchorAt: '2026-04-30T10:00:00.000Z' }
    expect(nextRenewalAfter(switched, new Date('2026-05-01T00:00:00Z')).toISOString()).toBe('2027-04-30T10:00:00.000Z')
    expect(previousRenewal(switched, new Date('2027-04-30T10:00:00.000Z')).toISOString()).toBe('2026-04-30T10:00:00.000Z')
    expect(previousRenewal(switched, new Date('2028-04-30T10:00:00.000Z')).toISOString()).toBe('2027-04-30T10:00:00.000Z')
  })
})
