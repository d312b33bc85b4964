import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'

import { db } from '~/db/client.server'
import { priceChanges } from '~/db/schema'
import { runPriceChanges, schedulePriceChange } from '~/models/policies/price-changes.server'
import { getPricing, invalidatePricingCache } from '~/models/policies/pricing.server'
import { stripeAdapter } from '~/services/stripe.server'

import { createActivePolicy, createProfile, ensureSeeded, findOrCreateProfile, getPolicy, uniqueEmail } from '../support/factories'
import { FAKE_PRICES } from '../support/fake-stripe'
import { useFakeStripe } from '../support/fake-stripe-env'
import { outboxFor } from '../support/outbox'
import { TEST_CONSENT } from '../support/signup-form'

// Price changes with Stripe: the new price becomes a Stripe Price that takes the lookup key over on its date, and
// each told subscriber's subscription item moves to it without proration (Stripe charges it from the next renewal).

const stripe = useFakeStripe()
beforeAll(() => ensureSeeded())

const at = (iso: string) => new Date(iso)

/** A subscriber who paid through (fake) Stripe Checkout: a policy with a real subscription on the chip_only price. */
async function subscriber(governingState = 'TX') {
  invalidatePricingCache()
  const cents = (await getPricing()).chip_only!
  const checkout = await stripeAdapter().createCheckout({
    lookupKey: 'chip_only',
    amountCents: cents,
    partnerLocationId: null,
    tosVersion: '1.0.1',
    tosAcceptedAt: new Date().toISOString(),
    governingState: 'TX',
    consent: TEST_CONSENT,
    profile: null,
    cancelPath: '/signup',
  })
  const email = uniqueEmail()
  const { subscription } = stripe().completeCheckout(checkout.id, { email })
  const profile = createProfile({ email })
  const { policy } = createActivePolicy(profile.id, {
    // Texas by default: a higher price applies after the notice alone (New York needs consent).
    governingState,
    planType: 'chip_only',
    vehicleType: null,
    hasAdas: null,
    lookupKey: 'chip_only',
    monthlyPriceCents: cents,
    stripeSubscriptionId: subscription.id,
    stripeCustomerId: subscription.customer,
    createdAt: '2031-05-07T10:00:00.000Z',
  })
  return { profile, policy, subscriptionId: subscription.id }
}

describe('a price change with Stripe', () => {
  it('publishes a Stripe price for the lookup key and moves the subscription without proration, once', async () => {
    const { profile, policy, subscriptionId } = await subscriber()
    const operator = findOrCreateProfile('operator@example.com')
    const change = await schedulePriceChange(
      operator.id,
      { lookupKey: 'chip_only', amountCents: 899, effectiveOn: '2031-07-01' },
      at('2031-05-20T00:00:00Z'),
    )
    expect(change.previousCents).toBe(FAKE_PRICES.chip_only)

    // The first charge at the new price is July 7: 47 days away the notice waits; 36 days away it goes.
    await runPriceChanges(at('2031-05-21T03:00:00Z'))
    expect(outboxFor(profile.email)).toHaveLength(0)
    await runPriceChanges(at('2031-06-01T03:00:00Z'))
    expect(outboxFor(profile.email)[0]?.subject).toBe('Your Glass Plan price changes on July 7, 2031')
    expect(stripe().requestsTo('POST', '/v1/prices')).toHaveLength(0)

    const onTheDay = await runPriceChanges(at('2031-07-01T03:00:00Z'))
    expect(onTheDay).toMatchObject({ published: 1, failures: 0 })
    const [created] = stripe().requestsTo('POST', '/v1/prices')
    expect(created!.body).toMatchObject({ lookup_key: 'chip_only', unit_amount: '899', transfer_lookup_key: 'true', currency: 'usd' })
    const published = db().select().from(priceChanges).where(eq(priceChanges.id, change.id)).get()!
    expect(published.stripePriceId).toMatch(/^price_/)
    // New signups: the price list by lookup key now answers the new price.
    invalidatePricingCache()
    expect((await getPricing()).chip_only).toBe(899)

    // The subscription moved to the new price from its next renewal: no proration.
    const update = stripe()
      .requestsTo('POST', `/v1/subscriptions/${subscriptionId}`)
      .find((request) => 'items' in request.body)
    expect(update?.body).toMatchObject({
      proration_behavior: 'none',
      items: [{ id: `si_${subscriptionId}`, price: published.stripePriceId }],
    })
    expect(stripe().subscription(subscriptionId)!.items.data[0]!.price!.id).toBe(published.stripePriceId)
    expect(getPolicy(policy.id)!.monthlyPriceCents).toBe(899)

    // Idempotent: another run moves nothing and publishes nothing more.
    await runPriceChanges(at('2031-07-02T03:00:00Z'))
    expect(stripe().requestsTo('POST', '/v1/prices')).toHaveLength(1)
    expect(
      stripe()
        .requestsTo('POST', `/v1/subscriptions/${subscriptionId}`)
        .filter((request) => 'items' in request.body),
    ).toHaveLength(1)
  })
})

describe('a higher price that needs consent, with Stripe', () => {
  it('leaves the subscription of a New York subscriber who did not accept on its price', async () => {
    const { profile, policy, subscriptionId } = await subscriber('NY')
    const priceBefore = stripe().subscription(subscriptionId)!.items.data[0]!.price!.id
    const current = policy.monthlyPriceCents
    const operator = findOrCreateProfile('operator@example.com')
    await schedulePriceChange(
      operator.id,
      { lookupKey: 'chip_only', amountCents: current + 200, effectiveOn: '2031-09-01' },
      at('2031-07-20T00:00:00Z'),
    )
    // New York: on the 30th day before the first charge at the new price (September 7).
    await runPriceChanges(at('2031-08-08T03:00:00Z'))
    expect(outboxFor(profile.email)[0]?.text).toContain('Accept the new price: ')
    const published = await runPriceChanges(at('2031-09-01T03:00:00Z'))
    expect(published.published).toBe(1)
    await runPriceChanges(at('2031-10-08T03:00:00Z'))
    const moves = stripe()
      .requestsTo('POST', `/v1/subscriptions/${subscriptionId}`)
      .filter((request) => 'items' in request.body)
    expect(moves).toHaveLength(0)
    expect(stripe().subscription(subscriptionId)!.items.data[0]!.price!.id).toBe(priceBefore)
    expect(getPolicy(policy.id)!.monthlyPriceCents).toBe(current)
  })
})
