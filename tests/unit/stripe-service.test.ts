import { afterAll, beforeAll, describe, expect, test } from 'vitest'

import type { Policy } from '~/db/schema'
import { resetEnvForTests } from '~/env.server'
import { CheckoutUnavailableError, listStripePrices, stripeAdapter } from '~/services/stripe.server'

import { type FakeStripe, startFakeStripe } from '../support/fake-stripe'
import { TEST_CONSENT } from '../support/signup-form'

// The real SDK against the fake: what we send Stripe, and what we make of its answers.
let fake: FakeStripe

beforeAll(async () => {
  fake = await startFakeStripe({ prices: { chip_only: 799, comprehensive_car_adas_false: 1999 } })
  process.env.STRIPE_SECRET_KEY = 'sk_test_unit'
  process.env.STRIPE_WEBHOOK_SECRET = 'whsec_unit'
  process.env.STRIPE_API_URL = fake.url
  resetEnvForTests()
})

afterAll(async () => {
  await fake.close()
  delete process.env.STRIPE_SECRET_KEY
  delete process.env.STRIPE_WEBHOOK_SECRET
  delete process.env.STRIPE_API_URL
  resetEnvForTests()
})

const checkoutInput = {
  lookupKey: 'comprehensive_car_adas_false' as const,
  amountCents: 1999,
  partnerLocationId: 'loc123',
  tosVersion: '1.0.1',
  tosAcceptedAt: '2026-11-21T06:00:00.000Z',
  governingState: 'TX',
  consent: TEST_CONSENT,
  profile: { id: 'prof123', email: 'jamie@example.com' },
  cancelPath: '/signup?planType=comprehensive&vehicleType=car',
}

describe('listStripePrices', () => {
  test('maps lookup keys to amounts and price ids, leaving out unknown keys', async () => {
    const prices = await listStripePrices(['chip_only', 'comprehensive_car_adas_false', 'comprehensive_car_adas_true'])
    expect(prices).toEqual({
      chip_only: { amountCents: 799, priceId: 'price_chip_only' },
      comprehensive_car_adas_false: { amountCents: 1999, priceId: 'price_comprehensive_car_adas_false' },
    })
    const [request] = fake.requestsTo('GET', '/v1/prices').slice(-1)
    expect(request!.query).toMatchObject({
      lookup_keys: ['chip_only', 'comprehensive_car_adas_false', 'comprehensive_car_adas_true'],
      active: 'true',
      expand: ['data.product'],
    })
  })

  test('leaves out a price that was archived', async () => {
    fake.state.prices.get('chip_only')!.active = false
    try {
      expect(await listStripePrices(['chip_only'])).toEqual({})
    } finally {
      fake.state.prices.get('chip_only')!.active = true
    }
  })
})

describe('stripeAdapter().createCheckout', () => {
  test('opens a subscription checkout with the metadata on the session and on the subscription', async () => {
    const checkout = await stripeAdapter().createCheckout(checkoutInput)
    expect(checkout.url).toBe(`${fake.url}/pay/${checkout.id}`)
    const request = fake.requestsTo('POST', '/v1/checkout/sessions').at(-1)!
    const metadata = {
      lookup_key: 'comprehensive_car_adas_false',
      partner_location_id: 'loc123',
      tos_version: '1.0.1',
      tos_accepted_at: '2026-11-21T06:00:00.000Z',
      governing_state: 'TX',
      renewal_terms_version: 'renewal-2026-2',
      esign_version: 'esign-2026-1',
      consented_at: '2026-11-21T06:00:00.000Z',
      client_ip: '203.0.113.7',
      user_agent: 'Vitest',
    }
    expect(request.body).toMatchObject({
      mode: 'subscription',
      line_items: [{ price: 'price_comprehensive_car_adas_false', quantity: '1' }],
      client_reference_id: 'prof123',
      customer_email: 'jamie@example.com',
      metadata,
      subscription_data: { metadata },
      success_url: 'http://localhost:3999/checkout-success?checkout=success&session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://localhost:3999/signup?planType=comprehensive&vehicleType=car',
    })
  })

  test('a signed-out visitor gets no client_reference_id and an empty partner location', async () => {
    await stripeAdapter().createCheckout({ ...checkoutInput, profile: null, partnerLocationId: null })
    const request = fake.requestsTo('POST', '/v1/checkout/sessions').at(-1)!
    expect(request.body.client_reference_id).toBeUndefined()
    expect(request.body.customer_email).toBeUndefined()
    expect(request.body.metadata).toMatchObject({ partner_location_id: '' })
  })

  test('refuses a lookup key Stripe has no price for, and a price that differs from the one shown', async () => {
    const before = fake.requestsTo('POST', '/v1/checkout/sessions').length
    await expect(
      stripeAdapter().createCheckout({ ...checkoutInput, lookupKey: 'comprehensive_trucksuv_adas_true' }),
    ).rejects.toBeInstanceOf(CheckoutUnavailableError)
    await expect(stripeAdapter().createCheckout({ ...checkoutInput, amountCents: 1 })).rejects.toBeInstanceOf(CheckoutUnavailableError)
    expect(fake.requestsTo('POST', '/v1/checkout/sessions')).toHaveLength(before)
  })
})

describe('subscription calls', () => {
  async function paidPolicy() {
    const checkout = await stripeAdapter().createCheckout(checkoutInput)
    const { session } = fake.completeCheckout(checkout.id, { email: 'jamie@example.com', name: 'Jamie Rivera' })
    return { id: 'pol1', stripeSubscriptionId: session.subscription, stripeCustomerId: session.customer } as Policy
  }

  test('turning renewal off sets cancel_at; turning it back on clears it', async () => {
    const policy = await paidPolicy()
    const termEnd = new Date('2027-11-21T06:00:00.000Z')
    await stripeAdapter().setRenewal(policy, termEnd)
    expect(fake.subscription(policy.stripeSubscriptionId!)!.cancel_at).toBe(termEnd.getTime() / 1000)
    await stripeAdapter().setRenewal(policy, null)
    expect(fake.subscription(policy.stripeSubscriptionId!)!.cancel_at).toBeNull()
    expect(fake.requestsTo('POST', `/v1/subscriptions/${policy.stripeSubscriptionId}`).at(-1)!.body).toEqual({ cancel_at: '' })
  })

  test('cancel now deletes the subscription, and a second cancel still succeeds', async () => {
    const policy = await paidPolicy()
    await stripeAdapter().cancelSubscriptionNow(policy)
    expect(fake.subscription(policy.stripeSubscriptionId!)!.status).toBe('canceled')
    await stripeAdapter().cancelSubscriptionNow(policy)
    expect(fake.requestsTo('DELETE', `/v1/subscriptions/${policy.stripeSubscriptionId}`)).toHaveLength(2)
  })

  test('the customer portal opens for the policy customer', async () => {
    const policy = await paidPolicy()
    const portal = await stripeAdapter().createPortalSession!(policy, 'http://localhost:3999/customer')
    expect(portal.url).toBe(`${fake.url}/portal/${policy.stripeCustomerId}`)
    expect(fake.state.portalSessions.at(-1)).toMatchObject({
      customer: policy.stripeCustomerId,
      return_url: 'http://localhost:3999/customer',
    })
  })
})
