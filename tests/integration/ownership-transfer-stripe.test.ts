import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'

import { db } from '~/db/client.server'
import { ownershipTransfers, stripeEvents } from '~/db/schema'
import { nextRenewalAfter } from '~/domain/billing'
import { env } from '~/env.server'
import { action as sellerAction } from '~/routes/customer.policies.$policyId.next-owner'
import { action as offerAction } from '~/routes/next-owner.$token'
import { stripeAdapter } from '~/services/stripe.server'

import { createActivePolicy, createProfile, ensureSeeded, getPolicy, sessionCookieFor } from '../support/factories'
import { stripeEvent } from '../support/fake-stripe'
import { deliverToWebhook, useFakeStripe } from '../support/fake-stripe-env'
import { outboxFor } from '../support/outbox'
import { acceptanceForm } from '../support/ownership-transfer'
import { makeRequest, routeArgs, settle } from '../support/requests'
import { TEST_CONSENT } from '../support/signup-form'

const WEBHOOK_SECRET = 'whsec_ownership'
const stripe = useFakeStripe({ webhookSecret: WEBHOOK_SECRET })
beforeAll(() => ensureSeeded())

// Passing a policy to the next owner with Stripe: the buyer's Checkout carries the offer, the webhook moves the policy
// onto the buyer's subscription, and the seller's subscription is cancelled (its later events are ignored).

describe('passing a policy to the next owner through Stripe', () => {
  it("moves the policy onto the buyer's subscription on checkout.session.completed and cancels the seller's", async () => {
    const seller = createProfile()
    const buyer = createProfile()
    const sellerCheckout = await stripeAdapter().createCheckout({
      lookupKey: 'comprehensive_car_adas_false',
      amountCents: 1999,
      partnerLocationId: null,
      tosVersion: '1.0.1',
      tosAcceptedAt: new Date().toISOString(),
      profile: null,
      cancelPath: '/signup',
      governingState: 'TX',
      consent: TEST_CONSENT,
    })
    const sellerSubscription = stripe().completeCheckout(sellerCheckout.id, { email: seller.email }).subscription.id as string
    const { policy } = createActivePolicy(seller.id, { stripeSubscriptionId: sellerSubscription, stripeCustomerId: 'cus_seller' })

    const sellerCookie = await sessionCookieFor(seller.id)
    const offered = await settle(() =>
      sellerAction(
        routeArgs(
          makeRequest(`/customer/policies/${policy.id}/next-owner`, {
            form: { intent: 'offer', buyerEmail: buyer.email },
            cookie: sellerCookie,
          }),
          {
            policyId: policy.id,
          },
        ),
      ),
    )
    expect(offered.status).toBe(302)
    const token = /\/next-owner\/([A-Za-z0-9_-]+)/.exec(outboxFor(buyer.email)[0]!.text)![1]!
    const buyerCookie = await sessionCookieFor(buyer.id)
    const accepted = await settle(() =>
      offerAction(
        routeArgs(
          makeRequest(`/next-owner/${token}`, {
            form: acceptanceForm('FL'),
            cookie: buyerCookie,
          }),
          { token },
        ),
      ),
    )
    expect(accepted.status).toBe(303)
    const session = stripe().lastCheckoutSession()!
    expect(accepted.headers.get('Location')).toBe(session.url)
    const transfer = db().select().from(ownershipTransfers).where(eq(ownershipTransfers.policyId, policy.id)).get()!
    expect(session.metadata).toMatchObject({ ownership_transfer_id: transfer.id, lookup_key: 'comprehensive_car_adas_false' })
    expect(session.client_reference_id).toBe(buyer.id)
    expect(session.success_url).toBe(`${env().APP_URL}/customer`)
    // The seller's state keeps no paid period with the plan: the buyer pays at checkout.
    expect(stripe().requestsTo('POST', '/v1/checkout/sessions').at(-1)!.body.subscription_data).not.toHaveProperty('trial_end')

    const { session: completed, subscription } = stripe().completeCheckout(session.id, { email: buyer.email, name: 'Robin Buyer' })
    const event = stripeEvent('checkout.session.completed', completed)
    const answer = await deliverToWebhook(event)
    expect(answer.status).toBe(200)
    const moved = getPolicy(policy.id)!
    expect(moved).toMatchObject({
      profileId: buyer.id,
      status: 'active',
      governingState: 'FL',
      stripeSubscriptionId: subscription.id,
      stripeCustomerId: completed.customer,
      initialTermEndsAt: policy.initialTermEndsAt,
    })
    expect(stripe().subscription(sellerSubscription)?.status).toBe('canceled')
    expect(db().select().from(ownershipTransfers).where(eq(ownershipTransfers.id, transfer.id)).get()).toMatchObject({
      status: 'paid',
      sellerSubscriptionId: sellerSubscription,
      sellerSubscriptionEndedAt: expect.any(String),
    })
    expect(outboxFor(seller.email).map((mail) => mail.subject)).toContain('Your plan has passed to the next owner')
    expect(outboxFor(buyer.email).map((mail) => mail.subject)).toContain('Your windshield plan is active')

    // Redelivery is a duplicate; the seller's cancelled subscription's event is acknowledged, and the policy stays active.
    expect((await deliverToWebhook(event)).body.outcome).toBe('duplicate')
    const deleted = stripeEvent('customer.subscription.deleted', stripe().subscription(sellerSubscription))
    expect(await deliverToWebhook(deleted)).toMatchObject({ status: 200, body: { outcome: 'ignored' } })
    expect(db().select().from(stripeEvents).where(eq(stripeEvents.id, deleted.id)).get()).toBeDefined()
    expect(getPolicy(policy.id)!.status).toBe('active')
    // The buyer's subscription events reach the moved policy.
    const updated = stripeEvent('customer.subscription.updated', stripe().subscription(subscription.id as string))
    expect(await deliverToWebhook(updated)).toMatchObject({ status: 200, body: { outcome: 'synced' } })
  })

  it("a Florida seller's paid period comes with the plan: the buyer's subscription is trialing until the seller's next renewal", async () => {
    const seller = createProfile()
    const buyer = createProfile()
    const sellerCheckout = await stripeAdapter().createCheckout({
      lookupKey: 'comprehensive_car_adas_false',
      amountCents: 1999,
      partnerLocationId: null,
      tosVersion: '1.0.1',
      tosAcceptedAt: new Date().toISOString(),
      profile: null,
      cancelPath: '/signup',
      governingState: 'FL',
      consent: TEST_CONSENT,
    })
    const sellerSubscription = stripe().completeCheckout(sellerCheckout.id, { email: seller.email }).subscription.id as string
    const bought = new Date(Date.now() - 12 * 24 * 60 * 60 * 1000).toISOString()
    const { policy } = createActivePolicy(seller.id, {
      stripeSubscriptionId: sellerSubscription,
      stripeCustomerId: 'cus_fl_seller',
      governingState: 'FL',
      createdAt: bought,
    })
    const paidUntil = nextRenewalAfter(policy, new Date())

    const sellerCookie = await sessionCookieFor(seller.id)
    const form = { intent: 'offer', buyerEmail: buyer.email }
    const offered = await settle(() =>
      sellerAction(
        routeArgs(makeRequest(`/customer/policies/${policy.id}/next-owner`, { form, cookie: sellerCookie }), { policyId: policy.id }),
      ),
    )
    expect(offered.status).toBe(302)
    const token = /\/next-owner\/([A-Za-z0-9_-]+)/.exec(outboxFor(buyer.email)[0]!.text)![1]!
    const acceptance = acceptanceForm('FL')
    const buyerCookie = await sessionCookieFor(buyer.id)
    const accepted = await settle(() =>
      offerAction(routeArgs(makeRequest(`/next-owner/${token}`, { form: acceptance, cookie: buyerCookie }), { token })),
    )
    expect(accepted.status).toBe(303)
    const created = stripe().requestsTo('POST', '/v1/checkout/sessions').at(-1)!.body.subscription_data as Record<string, string>
    expect(Number(created.trial_end)).toBe(Math.floor(paidUntil.getTime() / 1000))

    const session = stripe().lastCheckoutSession()!
    const { session: completed, subscription } = stripe().completeCheckout(session.id, { email: buyer.email })
    expect(subscription).toMatchObject({ status: 'trialing', trial_end: Math.floor(paidUntil.getTime() / 1000) })
    expect((await deliverToWebhook(stripeEvent('checkout.session.completed', completed))).status).toBe(200)
    // The policy is the buyer's, active, at the plan's price (not the $0 of the trial's first invoice).
    expect(getPolicy(policy.id)).toMatchObject({
      profileId: buyer.id,
      status: 'active',
      stripeSubscriptionId: subscription.id,
      monthlyPriceCents: 1999,
    })
    expect(stripe().subscription(sellerSubscription)?.status).toBe('canceled')
  })
})
