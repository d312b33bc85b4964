import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'

import { db } from '~/db/client.server'
import { policies } from '~/db/schema'
import { env } from '~/env.server'
import { getPricing } from '~/models/policies/pricing.server'
import { applyYearlySwitches, requestYearlySwitch } from '~/models/policies/yearly-switch.server'
import { action as webhookAction } from '~/routes/api.stripe-webhook'
import { action as signupAction } from '~/routes/signup'

import { createActivePolicy, createProfile, ensureSeeded, getPolicy, uniqueEmail } from '../support/factories'
import { FAKE_PRICES, signEvent, stripeEvent } from '../support/fake-stripe'
import { useFakeStripe } from '../support/fake-stripe-env'
import { makeRequest, routeArgs, settle } from '../support/requests'
import { SIGNUP_FIELDS, TEST_CONSENT } from '../support/signup-form'

// Yearly billing against the fake Stripe: checkout on the yearly recurring Price of the yearly lookup key, fulfilment
// by the webhook, and a monthly subscriber's switch scheduled at the end of their month without proration.

const stripe = useFakeStripe()
beforeAll(() => ensureSeeded())

async function deliver(event: unknown) {
  const signed = signEvent(event, env().STRIPE_WEBHOOK_SECRET!)
  const headers = new Headers({ 'Content-Type': 'application/json', 'Stripe-Signature': signed.signature })
  const request = new Request(`${env().APP_URL}/api/stripe-webhook`, { method: 'POST', headers, body: signed.payload })
  return (await webhookAction(routeArgs(request))) as Response
}

describe('a yearly signup with Stripe', () => {
  it('checks out on the yearly Price and the webhook records a yearly policy at that price', async () => {
    const pricing = await getPricing()
    expect(pricing.comprehensive_car_adas_true_yearly).toBe(FAKE_PRICES.comprehensive_car_adas_true_yearly)
    const form = {
      ...SIGNUP_FIELDS,
      planType: 'comprehensive',
      vehicleType: 'car',
      hasAdas: 'true',
      billingInterval: 'year',
      acceptTerms: 'on',
      shownPrices: JSON.stringify(pricing),
    }
    const started = await settle(() => signupAction(routeArgs(makeRequest('/signup', { form }))))
    expect(started.status).toBe(303)
    const [created] = stripe().requestsTo('POST', '/v1/checkout/sessions').slice(-1)
    expect(created!.body.line_items).toEqual([{ price: 'price_comprehensive_car_adas_true_yearly', quantity: '1' }])
    expect((created!.body.metadata as Record<string, string>).lookup_key).toBe('comprehensive_car_adas_true_yearly')

    const session = stripe().lastCheckoutSession()!
    const email = uniqueEmail('stripe-yearly')
    const { subscription } = stripe().completeCheckout(session.id, { email })
    expect((subscription.items.data[0]!.price as { recurring: { interval: string } }).recurring.interval).toBe('year')
    const answered = await deliver(stripeEvent('checkout.session.completed', stripe().checkoutSession(session.id)))
    expect(answered.status).toBe(200)
    const policy = db().select().from(policies).where(eq(policies.stripeSubscriptionId, subscription.id)).get()!
    expect(policy).toMatchObject({
      lookupKey: 'comprehensive_car_adas_true_yearly',
      billingInterval: 'year',
      monthlyPriceCents: FAKE_PRICES.comprehensive_car_adas_true_yearly,
      hasAdas: true,
    })
  })
})

describe('switching a Stripe subscriber to yearly', () => {
  it('schedules the yearly Price from the end of the paid month, without proration, and records it then', async () => {
    const monthly = await subscriber()
    const { message } = await requestYearlySwitch(monthly.profileId, monthly.policyId)
    expect(message.title).toBe('Switching to yearly billing')

    const [update] = stripe().requestsTo('POST', '/v1/subscription_schedules/')
    expect(update!.body).toMatchObject({ end_behavior: 'release', proration_behavior: 'none' })
    const phases = update!.body.phases as Array<Record<string, unknown>>
    expect(phases).toHaveLength(2)
    expect(phases[0]).toMatchObject({ items: [{ price: 'price_chip_only', quantity: '1' }], proration_behavior: 'none' })
    expect(phases[1]).toMatchObject({
      items: [{ price: 'price_chip_only_yearly', quantity: '1' }],
      duration: { interval: 'year', interval_count: '1' },
      proration_behavior: 'none',
    })
    const switchAt = new Date(Number(phases[0]!.end_date) * 1000).toISOString()
    expect(getPolicy(monthly.policyId)).toMatchObject({ yearlySwitchAt: switchAt, yearlySwitchCents: FAKE_PRICES.chip_only_yearly })
    // The subscription itself is untouched until the month ends.
    expect(stripe().requestsTo('POST', `/v1/subscriptions/${monthly.subscriptionId}`)).toHaveLength(0)

    stripe().advanceSchedule(monthly.subscriptionId)
    expect(await applyYearlySwitches(new Date(Date.parse(switchAt) + 1000))).toBe(1)
    expect(getPolicy(monthly.policyId)).toMatchObject({
      billingInterval: 'year',
      lookupKey: 'chip_only_yearly',
      monthlyPriceCents: FAKE_PRICES.chip_only_yearly,
      billingAnchorAt: switchAt,
    })
  })
})

/** A monthly chip-repair subscriber who paid through (fake) Stripe Checkout. */
async function subscriber() {
  const { stripeAdapter } = await import('~/services/stripe.server')
  const checkout = await stripeAdapter().createCheckout({
    lookupKey: 'chip_only',
    amountCents: FAKE_PRICES.chip_only!,
    partnerLocationId: null,
    tosVersion: '1.0.1',
    tosAcceptedAt: new Date().toISOString(),
    profile: null,
    cancelPath: '/signup',
    governingState: 'TX',
    consent: TEST_CONSENT,
  })
  const email = uniqueEmail()
  const { subscription } = stripe().completeCheckout(checkout.id, { email })
  const profile = createProfile({ email })
  const { policy } = createActivePolicy(profile.id, {
    planType: 'chip_only',
    vehicleType: null,
    hasAdas: null,
    lookupKey: 'chip_only',
    monthlyPriceCents: FAKE_PRICES.chip_only!,
    stripeSubscriptionId: subscription.id,
    stripeCustomerId: subscription.customer,
  })
  return { profileId: profile.id, policyId: policy.id, subscriptionId: subscription.id as string }
}
