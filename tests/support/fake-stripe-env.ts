import { afterAll, beforeAll } from 'vitest'

import { resetEnvForTests } from '~/env.server'
import { invalidatePricingCache } from '~/models/policies/pricing.server'

import { type FakeStripe, startFakeStripe } from './fake-stripe'

/**
 * Connects this test file's app to a fake Stripe (Vitest only): started and configured before the file's tests, closed
 * and unconfigured after them, so the app is back on local payments. Returns the running fake.
 */
export function useFakeStripe(options: { webhookSecret?: string; prices?: Record<string, number> } = {}) {
  let fake: FakeStripe | undefined
  beforeAll(async () => {
    fake = await startFakeStripe({ prices: options.prices })
    process.env.STRIPE_SECRET_KEY = 'sk_test_fake_stripe'
    process.env.STRIPE_WEBHOOK_SECRET = options.webhookSecret ?? 'whsec_fake_stripe'
    process.env.STRIPE_API_URL = fake.url
    resetEnvForTests()
    invalidatePricingCache()
  })
  afterAll(async () => {
    await fake?.close()
    delete process.env.STRIPE_SECRET_KEY
    delete process.env.STRIPE_WEBHOOK_SECRET
    delete process.env.STRIPE_API_URL
    resetEnvForTests()
    invalidatePricingCache()
  })
  return () => {
    if (!fake) throw new Error('The fake Stripe starts in beforeAll: use it inside a test')
    return fake
  }
}
