import { eq } from 'drizzle-orm'
import Stripe from 'stripe'
import { beforeAll, describe, expect, test } from 'vitest'

import { db } from '~/db/client.server'
import { auditLog, policies, type Policy, stripeEvents, vehicles } from '~/db/schema'
import { env, resetEnvForTests } from '~/env.server'
import { cancelOnBehalf } from '~/models/people/customer-admin.server'
import { cancelPolicy, setPolicyRenewal } from '~/models/policies/cancellation.server'
import { action } from '~/routes/api.stripe-webhook'
import { stripeAdapter } from '~/services/stripe.server'

import { expectConsoleError } from '../support/console'
import { bindCommitment, createProfile, ensureSeeded, getPolicy, uniqueEmail } from '../support/factories'
import { signEvent, stripeEvent } from '../support/fake-stripe'
import { deliverToWebhook, useFakeStripe } from '../support/fake-stripe-env'
import { outboxFor as outbox } from '../support/outbox'
import { routeArgs } from '../support/requests'
import { TEST_CONSENT } from '../support/signup-form'

const WEBHOOK_SECRET = 'whsec_integration'
const stripe = useFakeStripe({ webhookSecret: WEBHOOK_SECRET })
beforeAll(() => ensureSeeded())

// --- helpers ----------------------------------------------------------------------------------------------------

/** Delivers an event to the webhook action as Stripe would: raw JSON body, signed. */
/** A customer goes through Stripe Checkout and pays: returns the completed session (as the event carries it). */
async function paidCheckout(
  email = uniqueEmail(),
  lookupKey: 'chip_only' | 'comprehensive_car_adas_false' = 'comprehensive_car_adas_false',
) {
  const amountCents = lookupKey === 'chip_only' ? 799 : 1999
  const checkout = await stripeAdapter().createCheckout({
    lookupKey,
    amountCents,
    partnerLocationId: null,
    tosVersion: '1.0.1',
    tosAcceptedAt: new Date().toISOString(),
    governingState: 'TX',
    consent: TEST_CONSENT,
    profile: null,
    cancelPath: '/signup',
  })
  const { session, subscription } = stripe().completeCheckout(checkout.id, { email, name: 'Jamie Rivera' })
  return { email, session, subscriptionId: subscription.id as string }
}

function policyOf(subscriptionId: string) {
  return db().select().from(policies).where(eq(policies.stripeSubscriptionId, subscriptionId)).all()
}

const subscriptionEvent = (type: string, subscriptionId: string) => stripeEvent(type, stripe().subscription(subscriptionId))
/** Invoices carry the subscription under parent.subscription_details in current API versions. */
const invoiceEvent = (type: string, subscriptionId: string) =>
  stripeEvent(type, {
    id: `in_${subscriptionId}_${Math.random().toString(36).slice(2)}`,
    object: 'invoice',
    parent: { type: 'subscription_details', subscription_details: { subscription: subscriptionId } },
  })

/** What the setup flow does at its end: vehicle saved, photos in, coverage started, active. */
function finishSetup(policy: Policy) {
  const vehicle = db()
    .insert(vehicles)
    .values({ profileId: policy.profileId, licensePlate: 'ABC123', licensePlateState: 'UT', year: 2020, make: 'Honda', model: 'Civic' })
    .returning()
    .get()
  db()
    .update(policies)
    .set({ status: 'active', vehicleId: vehicle.id, windshieldPhotosUploaded: true, coverageStartDate: '2026-11-21' })
    .where(eq(policies.id, policy.id))
    .run()
}

// --- tests --------------------------------------------------------------------------------------------------------

describe('signature', () => {
  test('a bad or missing signature is refused with 400 and changes nothing', async () => {
    const { session } = await paidCheckout()
    const event = stripeEvent('checkout.session.completed', session)
    const forged = signEvent(event, 'whsec_someone_else').signature

    expect((await deliverToWebhook(event, { signature: forged })).status).toBe(400)
    expect((await deliverToWebhook(event, { signature: null })).status).toBe(400)
    expect((await deliverToWebhook(event, { signature: 't=1,v1=deadbeef' })).status).toBe(400)
    expect(db().select().from(stripeEvents).where(eq(stripeEvents.id, event.id)).get()).toBeUndefined()
    expect(db().select().from(policies).where(eq(policies.stripeCheckoutSessionId, session.id)).get()).toBeUndefined()
  })
})

describe('signed events we cannot use', () => {
  /** A raw body, correctly signed: what Stripe (or someone holding the secret) could send. */
  async function deliverRaw(payload: string) {
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET })
    const headers = { 'Content-Type': 'application/json', 'Stripe-Signature': signature }
    const response = (await action(
      routeArgs(new Request(`${env().APP_URL}/api/stripe-webhook`, { method: 'POST', headers, body: payload })),
    )) as Response
    return { status: response.status, body: (await response.json()) as { received?: boolean; outcome?: string; note?: string } }
  }

  const recorded = (id: string) => db().select().from(stripeEvents).where(eq(stripeEvents.id, id)).get()

  test('a body that is not JSON is acknowledged with a note (nothing to record: it has no id)', async () => {
    const before = db().select().from(stripeEvents).all().length
    for (const payload of ['this is not json', '{"id": "evt_cut_short', '<html>']) {
      const response = await deliverRaw(payload)
      expect(response).toEqual({ status: 200, body: { received: true, outcome: 'unusable', note: 'the body is not JSON' } })
    }
    expect(db().select().from(stripeEvents).all()).toHaveLength(before)
  })

  test('an event without data.object, or with fields of the wrong type, is recorded and acknowledged, never a 500', async () => {
    const cases: Array<[string, unknown]> = [
      ['evt_bad_no_object', { id: 'evt_bad_no_object', object: 'event', type: 'checkout.session.completed', data: {} }],
      ['evt_bad_no_data', { id: 'evt_bad_no_data', object: 'event', type: 'invoice.paid' }],
      ['evt_bad_object_string', { id: 'evt_bad_object_string', type: 'customer.subscription.updated', data: { object: 'sub_123' } }],
      ['evt_bad_type', { id: 'evt_bad_type', type: 7, data: { object: { id: 'cs_test_x' } } }],
      [
        'evt_thin',
        { id: 'evt_thin', object: 'v2.core.event', type: 'v1.billing.meter.error_report_triggered', related_object: { id: 'mtr_1' } },
      ],
    ]
    for (const [id, event] of cases) {
      const response = await deliverRaw(JSON.stringify(event))
      expect(response.status).toBe(200)
      expect(response.body).toMatchObject({ received: true, outcome: 'unusable', note: expect.any(String) })
      expect(recorded(id)).toBeDefined()
    }
    expect(recorded('evt_bad_type')!.type).toBe('unknown')
    // A JSON value that is not an object at all (no id): acknowledged too.
    for (const payload of ['null', '42', '[]', '"evt"']) expect((await deliverRaw(payload)).status).toBe(200)
  })

  test('object ids of the wrong shape are recorded and acknowledged without asking Stripe', async () => {
    const before = stripe().requests.length
    const cases = [
      stripeEvent('checkout.session.completed', { id: 42, object: 'checkout.session' }),
      stripeEvent('checkout.session.completed', { id: '../../v1/customers', object: 'checkout.session' }),
      stripeEvent('customer.subscription.updated', { id: 'not a subscription', object: 'subscription' }),
      stripeEvent('invoice.paid', { id: 'in_1', object: 'invoice', subscription: 'sub_../../v1/x' }),
    ]
    for (const event of cases) {
      const response = await deliverToWebhook(event)
      expect(response.status).toBe(200)
      expect(response.body).toMatchObject({ received: true, outcome: 'unusable' })
      expect(recorded(event.id)).toBeDefined()
    }
    expect(stripe().requests.length).toBe(before)
  })

  test('an object Stripe says does not exist is recorded and acknowledged: a retry could not help', async () => {
    const session = stripeEvent('checkout.session.completed', { id: 'cs_test_never_existed', object: 'checkout.session' })
    const subscription = stripeEvent('customer.subscription.updated', { id: 'sub_test_never_existed', object: 'subscription' })
    for (const event of [session, subscription]) {
      const response = await deliverToWebhook(event)
      expect(response).toMatchObject({
        status: 200,
        body: { received: true, outcome: 'unusable', note: expect.stringContaining('does not exist at Stripe') },
      })
      expect(recorded(event.id)).toMatchObject({ type: event.type })
      // Redelivered, it is a duplicate.
      expect((await deliverToWebhook(event)).body).toMatchObject({ outcome: 'duplicate' })
    }
  })

  test('a real failure that a retry can cure (Stripe unreachable) still answers 500, recording nothing', async () => {
    expectConsoleError(/stripe event failed .*"type":"customer\.subscription\.updated"/)
    const { subscriptionId } = await paidCheckout()
    const event = subscriptionEvent('customer.subscription.updated', subscriptionId)
    process.env.STRIPE_API_URL = 'http://127.0.0.1:9' // nothing listens on the discard port
    resetEnvForTests()
    try {
      expect((await deliverToWebhook(event)).status).toBe(500)
    } finally {
      process.env.STRIPE_API_URL = stripe().url
      resetEnvForTests()
    }
    expect(recorded(event.id)).toBeUndefined()
    expect((await deliverToWebhook(event)).status).toBe(200)
  })
})

describe('checkout.session.completed', () => {
  test('creates one incomplete policy with the charged price and e-mails the sign-in link, once', async () => {
    const { email, session, subscriptionId } = await paidCheckout()
    const event = stripeEvent('checkout.session.completed', session)

    const first = await deliverToWebhook(event)
    expect(first).toEqual({ status: 200, body: { received: true, outcome: 'synced' } })
    const again = await deliverToWebhook(event)
    expect(again).toEqual({ status: 200, body: { received: true, outcome: 'duplicate' } })

    const [policy, ...others] = policyOf(subscriptionId)
    expect(others).toHaveLength(0)
    expect(policy).toMatchObject({
      status: 'incomplete',
      lookupKey: 'comprehensive_car_adas_false',
      monthlyPriceCents: 1999,
      stripeCheckoutSessionId: session.id,
      stripeCustomerId: session.customer,
      tosVersion: '1.0.1',
      partnerLocationId: null,
    })
    expect(outbox(email).filter((message) => message.tag === 'finish-setup')).toHaveLength(1)
    expect(db().select().from(stripeEvents).where(eq(stripeEvents.id, event.id)).get()).toMatchObject({
      type: 'checkout.session.completed',
      objectId: session.id,
    })
  })

  test('the same session in two different events still makes one policy and one e-mail', async () => {
    const { email, session, subscriptionId } = await paidCheckout()
    expect((await deliverToWebhook(stripeEvent('checkout.session.completed', session))).status).toBe(200)
    expect((await deliverToWebhook(stripeEvent('checkout.session.completed', session))).status).toBe(200)
    expect(policyOf(subscriptionId)).toHaveLength(1)
    expect(outbox(email)).toHaveLength(1)
  })
})

describe('out of order', () => {
  test('customer.subscription.updated before checkout.session.completed ends in the same state', async () => {
    const { email, session, subscriptionId } = await paidCheckout()

    const early = await deliverToWebhook(subscriptionEvent('customer.subscription.updated', subscriptionId))
    expect(early.status).toBe(200)
    expect(policyOf(subscriptionId)).toHaveLength(1)
    expect(policyOf(subscriptionId)[0]!.status).toBe('incomplete')

    const late = await deliverToWebhook(stripeEvent('checkout.session.completed', session))
    expect(late.status).toBe(200)
    expect(policyOf(subscriptionId)).toHaveLength(1)
    expect(policyOf(subscriptionId)[0]).toMatchObject({
      status: 'incomplete',
      monthlyPriceCents: 1999,
      stripeCheckoutSessionId: session.id,
    })
    expect(outbox(email).filter((message) => message.tag === 'finish-setup')).toHaveLength(1)
  })

  test('a payment failure that arrives before the checkout event still leaves the policy past_due', async () => {
    const { session, subscriptionId } = await paidCheckout()
    stripe().setSubscriptionStatus(subscriptionId, 'past_due')
    await deliverToWebhook(invoiceEvent('invoice.payment_failed', subscriptionId))
    await deliverToWebhook(stripeEvent('checkout.session.completed', session))
    expect(policyOf(subscriptionId).map((policy) => policy.status)).toEqual(['past_due'])
  })

  test('a stale payment_failed after the card was fixed does not undo the recovery', async () => {
    const { session, subscriptionId } = await paidCheckout()
    await deliverToWebhook(stripeEvent('checkout.session.completed', session))
    stripe().setSubscriptionStatus(subscriptionId, 'past_due')
    const failed = invoiceEvent('invoice.payment_failed', subscriptionId)
    stripe().setSubscriptionStatus(subscriptionId, 'active')
    await deliverToWebhook(invoiceEvent('invoice.paid', subscriptionId))
    await deliverToWebhook(failed) // delivered late: Stripe says active now
    expect(policyOf(subscriptionId)[0]!.status).toBe('incomplete')
  })

  test('an event for a subscription whose checkout is not complete yet is retried (500), then succeeds', async () => {
    const checkout = await stripeAdapter().createCheckout({
      lookupKey: 'chip_only',
      amountCents: 799,
      partnerLocationId: null,
      tosVersion: '1.0.1',
      tosAcceptedAt: new Date().toISOString(),
      governingState: 'TX',
      consent: TEST_CONSENT,
      profile: null,
      cancelPath: '/signup',
    })
    const { subscription } = stripe().completeCheckout(checkout.id, { email: uniqueEmail(), name: null })
    const stored = stripe().state.sessions.get(checkout.id)!
    stored.status = 'open' // Stripe has made the subscription but not yet finished the session
    const event = subscriptionEvent('customer.subscription.updated', subscription.id)
    expect((await deliverToWebhook(event)).status).toBe(500)
    expect(db().select().from(stripeEvents).where(eq(stripeEvents.id, event.id)).get()).toBeUndefined()

    stored.status = 'complete'
    expect((await deliverToWebhook(event)).status).toBe(200)
    expect(policyOf(subscription.id)).toHaveLength(1)
  })

  test('a subscription that did not come from our checkout is acknowledged and ignored', async () => {
    const foreign = {
      id: 'sub_test_foreign',
      status: 'active',
      customer: 'cus_x',
      cancel_at: null,
      canceled_at: null,
      metadata: {},
      priceId: 'price_chip_only',
      created: 0,
    }
    stripe().state.subscriptions.set(foreign.id, foreign)
    const response = await deliverToWebhook(subscriptionEvent('customer.subscription.updated', foreign.id))
    expect(response).toEqual({ status: 200, body: { received: true, outcome: 'ignored' } })
  })
})

describe('payments', () => {
  test('payment_failed → past_due with one e-mail; paid again → incomplete while setup is unfinished', async () => {
    const { email, session, subscriptionId } = await paidCheckout()
    await deliverToWebhook(stripeEvent('checkout.session.completed', session))

    stripe().setSubscriptionStatus(subscriptionId, 'past_due')
    expect((await deliverToWebhook(invoiceEvent('invoice.payment_failed', subscriptionId))).status).toBe(200)
    await deliverToWebhook(invoiceEvent('invoice.payment_failed', subscriptionId)) // Stripe's next retry fails too
    const [policy] = policyOf(subscriptionId)
    expect(policy!.status).toBe('past_due')
    const failures = outbox(email).filter((message) => message.tag === 'payment-failed')
    expect(failures).toHaveLength(1)
    expect(failures[0]!.subject).toBe('Your Glass Plan payment failed')
    expect(
      db()
        .select()
        .from(auditLog)
        .where(eq(auditLog.entityId, policy!.id))
        .all()
        .map((row) => row.action),
    ).toContain('policy.past_due')

    stripe().setSubscriptionStatus(subscriptionId, 'active')
    await deliverToWebhook(invoiceEvent('invoice.paid', subscriptionId))
    expect(policyOf(subscriptionId)[0]!.status).toBe('incomplete')
  })

  test('a customer who finished setup returns to active when paid again', async () => {
    const { email, session, subscriptionId } = await paidCheckout()
    await deliverToWebhook(stripeEvent('checkout.session.completed', session))
    finishSetup(policyOf(subscriptionId)[0]!)

    stripe().setSubscriptionStatus(subscriptionId, 'unpaid')
    await deliverToWebhook(subscriptionEvent('customer.subscription.updated', subscriptionId))
    expect(policyOf(subscriptionId)[0]!.status).toBe('past_due')

    stripe().setSubscriptionStatus(subscriptionId, 'active')
    await deliverToWebhook(invoiceEvent('invoice.paid', subscriptionId))
    expect(policyOf(subscriptionId)[0]!.status).toBe('active')

    stripe().setSubscriptionStatus(subscriptionId, 'past_due')
    await deliverToWebhook(invoiceEvent('invoice.payment_failed', subscriptionId))
    expect(outbox(email).filter((message) => message.tag === 'payment-failed')).toHaveLength(2) // one per transition
  })

  test('customer.subscription.deleted cancels the policy', async () => {
    const { session, subscriptionId } = await paidCheckout()
    await deliverToWebhook(stripeEvent('checkout.session.completed', session))
    stripe().setSubscriptionStatus(subscriptionId, 'canceled')
    await deliverToWebhook(subscriptionEvent('customer.subscription.deleted', subscriptionId))
    const [policy] = policyOf(subscriptionId)
    expect(policy!.status).toBe('canceled')
    expect(policy!.canceledAt).not.toBeNull()
  })
})

describe('cancellation and renewal against Stripe', () => {
  /** `binding`: a customer whose commitment binds (see `commitmentBinding`); elsewhere they may cancel at any time. */
  async function fulfilledPolicy({ binding = false } = {}) {
    const { session, subscriptionId } = await paidCheckout()
    await deliverToWebhook(stripeEvent('checkout.session.completed', session))
    const policy = policyOf(subscriptionId)[0]!
    return { policy: binding ? bindCommitment(policy.id) : policy, subscriptionId }
  }

  test('a cancel before the end of the commitment is refused and never reaches Stripe', async () => {
    const { policy, subscriptionId } = await fulfilledPolicy({ binding: true })
    await expect(cancelPolicy(policy.profileId, policy.id, new Date())).rejects.toMatchObject({ name: 'RuleError', status: 409 })
    expect(stripe().requestsTo('DELETE', `/v1/subscriptions/${subscriptionId}`)).toHaveLength(0)
    expect(getPolicy(policy.id)!.status).toBe('incomplete')
  })

  test('after the commitment, cancel deletes the subscription at Stripe; its deleted event keeps it canceled', async () => {
    const { policy, subscriptionId } = await fulfilledPolicy()
    const afterTerm = new Date(Date.parse(policy.initialTermEndsAt) + 60_000)
    expect((await cancelPolicy(policy.profileId, policy.id, afterTerm)).policy.status).toBe('canceled')
    expect(stripe().requestsTo('DELETE', `/v1/subscriptions/${subscriptionId}`)).toHaveLength(1)
    expect(stripe().subscription(subscriptionId)!.status).toBe('canceled')

    await deliverToWebhook(subscriptionEvent('customer.subscription.deleted', subscriptionId))
    expect(getPolicy(policy.id)!.status).toBe('canceled')
  })

  test('turning renewal off sets cancel_at at Stripe to the end of the commitment; on again clears it', async () => {
    const { policy, subscriptionId } = await fulfilledPolicy({ binding: true })
    const termEnd = Math.floor(Date.parse(policy.initialTermEndsAt) / 1000)

    expect((await setPolicyRenewal(policy.profileId, policy.id, false)).id).toBe(policy.id)
    expect(stripe().subscription(subscriptionId)!.cancel_at).toBe(termEnd)
    await deliverToWebhook(subscriptionEvent('customer.subscription.updated', subscriptionId))
    expect(getPolicy(policy.id)!.cancelAt).toBe(new Date(termEnd * 1000).toISOString())

    expect((await setPolicyRenewal(policy.profileId, policy.id, true)).id).toBe(policy.id)
    expect(stripe().subscription(subscriptionId)!.cancel_at).toBeNull()
    await deliverToWebhook(subscriptionEvent('customer.subscription.updated', subscriptionId))
    expect(getPolicy(policy.id)!.cancelAt).toBeNull()
  })

  test('the operator ends a policy for the customer through the same adapter: Stripe is cancelled too', async () => {
    const operatorId = createProfile({ email: uniqueEmail('operator') }).id
    const during = await fulfilledPolicy({ binding: true })
    await cancelOnBehalf({
      profileId: during.policy.profileId,
      policyId: during.policy.id,
      when: 'end_of_commitment',
      reason: 'Phoned in',
      actorId: operatorId,
    })
    expect(stripe().subscription(during.subscriptionId)!.cancel_at).toBe(Math.floor(Date.parse(during.policy.initialTermEndsAt) / 1000))

    const after = await fulfilledPolicy()
    const afterTerm = new Date(Date.parse(after.policy.initialTermEndsAt) + 60_000)
    await cancelOnBehalf(
      { profileId: after.policy.profileId, policyId: after.policy.id, when: 'now', reason: 'Sold the car', actorId: operatorId },
      afterTerm,
    )
    expect(stripe().requestsTo('DELETE', `/v1/subscriptions/${after.subscriptionId}`)).toHaveLength(1)
    expect(getPolicy(after.policy.id)!.status).toBe('canceled')
    const entry = db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, after.policy.id))
      .all()
      .find((row) => row.action === 'policy.canceled')!
    expect(entry).toMatchObject({ actor: operatorId, detail: { onBehalfOf: after.policy.profileId, reason: 'Sold the car' } })
  })

  test('renewal turned off in Stripe (e.g. in the customer portal) reaches the policy', async () => {
    const { policy, subscriptionId } = await fulfilledPolicy()
    const cancelAt = Math.floor(Date.now() / 1000) + 86_400
    stripe().state.subscriptions.get(subscriptionId)!.cancel_at = cancelAt
    await deliverToWebhook(subscriptionEvent('customer.subscription.updated', subscriptionId))
    expect(getPolicy(policy.id)!.cancelAt).toBe(new Date(cancelAt * 1000).toISOString())
    expect(
      db()
        .select()
        .from(auditLog)
        .where(eq(auditLog.entityId, policy.id))
        .all()
        .map((row) => row.action),
    ).toContain('policy.renewal_off')
  })
})
