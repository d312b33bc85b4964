import { afterEach, describe, expect, test, vi } from 'vitest'

import { PRICE_PLACEHOLDER } from '~/content/marketing'
import { db } from '~/db/client.server'
import { prices } from '~/db/schema'
import { formatPrice } from '~/domain/format'
import { LOOKUP_KEYS, MONTHLY_LOOKUP_KEYS, yearlyKeyOf } from '~/domain/plans'
import { resetEnvForTests } from '~/env.server'
import {
  adasAddonCents,
  comprehensiveFromCents,
  getPricing,
  invalidatePricingCache,
  planCards,
  priceFor,
  type PricingMap,
} from '~/models/policies/pricing.server'

import { SEED_PRICES, SEED_YEARLY_PRICES } from '../../drizzle/seed'

const listStripePrices = vi.hoisted(() => vi.fn())
// Pricing reaches Stripe through the payments adapter; its price list is this stand-in for Stripe's API call.
vi.mock('~/services/stripe.server', () => ({
  stripeAdapter: () => ({
    name: 'stripe',
    async listPrices(keys: readonly string[]) {
      const found = (await listStripePrices(keys)) as Record<string, { amountCents: number }>
      return Object.fromEntries(Object.entries(found).map(([key, price]) => [key, price.amountCents]))
    },
  }),
}))

const full: PricingMap = { ...SEED_PRICES }

describe('the pricing map', () => {
  test('has the five monthly lookup keys and their yearly twins, seeded at ten months', () => {
    expect([...LOOKUP_KEYS].sort()).toEqual(Object.keys({ ...SEED_PRICES, ...SEED_YEARLY_PRICES }).sort())
    for (const key of MONTHLY_LOOKUP_KEYS) expect(SEED_YEARLY_PRICES[yearlyKeyOf(key)]).toBe(SEED_PRICES[key] * 10)
  })

  test('a missing key counts as 0', () => {
    expect(priceFor({}, 'chip_only')).toBe(0)
    expect(priceFor({ chip_only: 799 }, 'comprehensive_car_adas_true')).toBe(0)
    expect(priceFor({ chip_only: 799 }, 'chip_only')).toBe(799)
  })

  test('the ADAS add-on is the with-ADAS minus the no-ADAS price of each vehicle class', () => {
    expect(adasAddonCents(full, 'car')).toBe(1000)
    expect(adasAddonCents({ ...full, comprehensive_trucksuv_adas_true: 3999 }, 'trucksuv')).toBe(1500)
    expect(adasAddonCents({ ...full, comprehensive_car_adas_true: 2599 }, 'car')).toBe(600)
    // Missing with-ADAS price: 0 - no-ADAS price.
    expect(adasAddonCents({ comprehensive_car_adas_false: 1999 }, 'car')).toBe(-1999)
  })

  test("Comprehensive 'from' is the lower of the car and truck/SUV no-ADAS prices", () => {
    expect(comprehensiveFromCents(full)).toBe(1999)
    expect(comprehensiveFromCents({ ...full, comprehensive_trucksuv_adas_false: 1799 })).toBe(1799)
    expect(comprehensiveFromCents({ comprehensive_car_adas_false: 1999 })).toBe(0)
  })

  test('prices are formatted as US dollars with cents', () => {
    expect(formatPrice(1999)).toBe('$19.99')
    expect(formatPrice(799)).toBe('$7.99')
    expect(formatPrice(1000)).toBe('$10.00')
    expect(formatPrice(0)).toBe('$0.00')
    expect(formatPrice(123456)).toBe('$1,234.56')
  })
})

describe('plan cards', () => {
  test('carry the prices, the ADAS add-on per class and the signup links', () => {
    const cards = planCards({ ...full, comprehensive_trucksuv_adas_true: 3999 })
    expect(cards.map((card) => [card.name, card.basePrice, card.period, card.href])).toEqual([
      ['Chip Repair Only', '$7.99', '/ month', '/signup?planType=chip_only'],
      ['Comprehensive — Car', '$19.99', '/ month', '/signup?planType=comprehensive&vehicleType=car'],
      ['Comprehensive — Truck/SUV', '$24.99', '/ month', '/signup?planType=comprehensive&vehicleType=trucksuv'],
    ])
    expect(cards[0]!.adasAddon).toBeUndefined()
    expect(cards[1]!.adasAddon).toContain('+$10.00/month')
    expect(cards[2]!.adasAddon).toContain('+$15.00/month')
  })

  test('show the placeholder when prices could not be read', () => {
    const cards = planCards(null)
    expect(cards.map((card) => card.basePrice)).toEqual([PRICE_PLACEHOLDER, PRICE_PLACEHOLDER, PRICE_PLACEHOLDER])
    expect(cards[1]!.adasAddon).toContain(PRICE_PLACEHOLDER)
  })

  test('leave out the ADAS line when ADAS costs nothing extra', () => {
    const cards = planCards({ ...full, comprehensive_car_adas_true: 1999 })
    expect(cards[1]!.adasAddon).toBeUndefined()
  })
})

describe('getPricing (local mode)', () => {
  afterEach(() => {
    db().delete(prices).run()
  })

  test('reads the prices table', async () => {
    db()
      .insert(prices)
      .values([
        { lookupKey: 'chip_only', amountCents: 899 },
        { lookupKey: 'unrelated', amountCents: 5 },
      ])
      .run()
    expect(await getPricing()).toEqual({ chip_only: 899 })
  })

  test('fails loudly when the table cannot be read', async () => {
    const sqlite = db().$client
    sqlite.exec('ALTER TABLE prices RENAME TO prices_away')
    try {
      await expect(getPricing()).rejects.toThrow(/prices/)
    } finally {
      sqlite.exec('ALTER TABLE prices_away RENAME TO prices')
    }
  })
})

describe('getPricing (Stripe mode)', () => {
  afterEach(() => {
    delete process.env.STRIPE_SECRET_KEY
    delete process.env.STRIPE_WEBHOOK_SECRET
    resetEnvForTests()
    invalidatePricingCache()
    vi.useRealTimers()
    listStripePrices.mockReset()
  })

  test('asks Stripe for the five lookup keys and keeps the answer for 5 minutes', async () => {
    process.env.STRIPE_SECRET_KEY = 'sk_test_x'
    process.env.STRIPE_WEBHOOK_SECRET = 'whsec_x'
    resetEnvForTests()
    vi.useFakeTimers({ toFake: ['Date'] })
    listStripePrices.mockResolvedValue({ chip_only: { amountCents: 999, priceId: 'price_1' } })

    expect(await getPricing()).toEqual({ chip_only: 999 })
    expect(listStripePrices).toHaveBeenCalledWith(LOOKUP_KEYS)
    await getPricing()
    expect(listStripePrices).toHaveBeenCalledTimes(1)

    vi.advanceTimersByTime(5 * 60 * 1000 + 1)
    await getPricing()
    expect(listStripePrices).toHaveBeenCalledTimes(2)

    invalidatePricingCache()
    await getPricing()
    expect(listStripePrices).toHaveBeenCalledTimes(3)
  })

  test('a Stripe failure is an error, and is not cached', async () => {
    process.env.STRIPE_SECRET_KEY = 'sk_test_x'
    process.env.STRIPE_WEBHOOK_SECRET = 'whsec_x'
    resetEnvForTests()
    listStripePrices.mockRejectedValueOnce(new Error('Stripe is down'))
    await expect(getPricing()).rejects.toThrow('Stripe is down')
    listStripePrices.mockResolvedValueOnce({ chip_only: { amountCents: 799, priceId: 'price_1' } })
    expect(await getPricing()).toEqual({ chip_only: 799 })
  })
})
