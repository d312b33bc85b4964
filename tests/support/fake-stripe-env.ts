import { afterAll, beforeAll } from 'vitest'

import { env, resetEnvForTests } from '~/env.server'
import { invalidatePricingCache } from '~/models/policies/pricing.server'
import { action as webhookAction } from '~/routes/api.stripe-webhook'

import { type FakeStripe, signEvent, startFakeStripe } from './fake-stripe'
import { routeArgs } from './requests'

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

/**
 * Posts `event` to /api/stripe-webhook signed as Stripe signs it, with the webhook secret `useFakeStripe` set, or with
 * `signature` as given (null: no header at all); the answer's status and its JSON body.
 */
export async function deliverToWebhook(event: unknown, { signature }: { signature?: string | null } = {}) {
  const signed = signEvent(event, env().STRIPE_WEBHOOK_SECRET!)
  const headers = new Headers({ 'Content-Type': 'application/json' })
  const header = signature === undefined ? signed.signature : signature
  if (header !== null) headers.set('Stripe-Signature', header)
  const request = new Request(`${env().APP_URL}/api/stripe-webhook`, { method: 'POST', headers, body: signed.payload })
  const response = (await webhookAction(routeArgs(request))) as Response
  return { status: response.status, body: (await response.json()) as Record<string, unknown> & { outcome?: string } }
}
