import { afterAll, beforeAll } from 'vitest'

import { env, resetEnvForTests } from '~/env.server'
import { invalidatePricingCache } from '~/models/policies/pricing.server'
import { action as webhookAction } from '~/routes/api.stripe-webhook'

import { ensureSeeded } from './factories'
import { type FakeStripe, signEvent, startFakeStripe } from './fake-stripe'
import { routeArgs } from './requests'

/**
 * A Vitest file's tests against the fake Stripe, through the real SDK: before the file the fake starts and the settings
 * (secret key, webhook secret, API address) point at it, the prices are read again through it; after the file it stops
 * and the settings go back to the local twin's. `fake` is the running fake (set once the file's tests start);
 * `deliver` posts an event to the webhook route signed as Stripe signs it.
 */
export function useFakeStripe(name: string) {
  const webhookSecret = `whsec_${name}`
  const suite = {
    fake: undefined as unknown as FakeStripe,
    webhookSecret,
    /**
     * Posts `event` to /api/stripe-webhook, signed with this file's secret, or with `signature` as given (null: no
     * header at all); the answer's status and its JSON body.
     */
    async deliver(event: unknown, { signature }: { signature?: string | null } = {}) {
      const signed = signEvent(event, webhookSecret)
      const headers = new Headers({ 'Content-Type': 'application/json' })
      const header = signature === undefined ? signed.signature : signature
      if (header !== null) headers.set('Stripe-Signature', header)
      const request = new Request(`${env().APP_URL}/api/stripe-webhook`, { method: 'POST', headers, body: signed.payload })
      const response = (await webhookAction(routeArgs(request))) as Response
      return { status: response.status, body: (await response.json()) as Record<string, unknown> & { outcome?: string } }
    },
  }
  beforeAll(async () => {
    suite.fake = await startFakeStripe()
    process.env.STRIPE_SECRET_KEY = `sk_test_${name}`
    process.env.STRIPE_WEBHOOK_SECRET = webhookSecret
    process.env.STRIPE_API_URL = suite.fake.url
    resetEnvForTests()
    invalidatePricingCache()
    ensureSeeded()
  })
  afterAll(async () => {
    await suite.fake.close()
    delete process.env.STRIPE_SECRET_KEY
    delete process.env.STRIPE_WEBHOOK_SECRET
    delete process.env.STRIPE_API_URL
    resetEnvForTests()
    invalidatePricingCache()
  })
  return suite
}
