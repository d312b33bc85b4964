import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, test } from 'vitest'

import { db } from '~/db/client.server'
import { auditLog, policies, type Policy, profiles, refunds } from '~/db/schema'
import { addCalendarDays, customerZone } from '~/domain/calendar'
import { DAY_MS } from '~/domain/time'
import { env } from '~/env.server'
import { failedRefundCount, penaltiesByHand, retryFailedRefunds, settleUnsettledRefunds } from '~/models/money/refunds.server'
import { cancelPolicy } from '~/models/policies/cancellation.server'
import { action as webhook } from '~/routes/api.stripe-webhook'
import { action as cancelAction, loader as cancelLoader } from '~/routes/customer.policies.$policyId.cancel'
import { stripeAdapter } from '~/services/stripe.server'

import { expectConsoleError } from '../support/console'
import { ensureSeeded, getPolicy, sessionCookieFor, uniqueEmail } from '../support/factories'
import { signEvent, stripeEvent } from '../support/fake-stripe'
import { useFakeStripe } from '../support/fake-stripe-env'
import { outboxFor } from '../support/outbox'
import { makeRequest, routeArgs, settle } from '../support/requests'
import { TEST_CONSENT } from '../support/signup-form'

const WEBHOOK_SECRET = 'whsec_refunds'
const stripe = useFakeStripe({ webhookSecret: WEBHOOK_SECRET })
beforeAll(() => ensureSeeded())

/** Cancellation with a refund against the fake Stripe: the refund lands on the right invoice's payment, once. */

/** A customer in `state` pays through Stripe Checkout; the webhook makes their policy. */
async function stripePolicy(state: string): Promise<{ policy: Policy; subscriptionId: string }> {
  const checkout = await stripeAdapter().createCheckout({
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
  const { session, subscription } = stripe().completeCheckout(checkout.id, { email: uniqueEmail(), name: 'Jamie Rivera' })
  const { payload, signature } = signEvent(stripeEvent('checkout.session.completed', session), WEBHOOK_SECRET)
  const request = new Request(`${env().APP_URL}/api/stripe-webhook`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature },
    body: payload,
  })
  expect(((await webhook(routeArgs(request))) as Response).status).toBe(200)
  const policy = db()
    .update(policies)
    .set({ governingState: state })
    .where(eq(policies.stripeSubscriptionId, subscription.id))
    .returning()
    .get()!
  return { policy, subscriptionId: subscription.id }
}

const getProfileEmail = (profileId: string) => db().select().from(profiles).where(eq(profiles.id, profileId)).get()!.email

const refundRow = (policyId: string) => db().select().from(refunds).where(eq(refunds.policyId, policyId)).all()

describe('refunds through Stripe', () => {
  test('Texas, day 10: the whole payment is refunded on its invoice, once, even when submitted twice', async () => {
    const { policy, subscriptionId } = await stripePolicy('TX')
    const day10 = new Date(Date.parse(policy.createdAt) + 9 * DAY_MS)
    const [invoice] = stripe().invoicesOf(subscriptionId)

    const first = await cancelPolicy(policy.profileId, policy.id, day10)
    expect(first.policy.status).toBe('canceled')
    expect(stripe().subscription(subscriptionId)!.status).toBe('canceled')
    expect(stripe().state.refunds).toEqual(
      expect.arrayContaining([expect.objectContaining({ payment_intent: invoice!.paymentIntent, amount: 1999 })]),
    )
    const ours = stripe().state.refunds.filter((refund) => refund.payment_intent === invoice!.paymentIntent)
    expect(ours).toHaveLength(1)
    expect(first.refund).toMatchObject({
      amountCents: 1999,
      rule: 'free_look',
      status: 'succeeded',
      provider: 'stripe',
      stripeRefundId: ours[0]!.id,
    })

    const second = await cancelPolicy(policy.profileId, policy.id, day10)
    expect(second.refund!.id).toBe(first.refund!.id)
    expect(stripe().state.refunds.filter((refund) => refund.payment_intent === invoice!.paymentIntent)).toHaveLength(1)
    expect(refundRow(policy.id)).toHaveLength(1)
    expect(stripe().requestsTo('DELETE', `/v1/subscriptions/${subscriptionId}`)).toHaveLength(1)
  })

  test('California, day 45 of its 60-day free look: both paid invoices are refunded, newest first', async () => {
    const { policy, subscriptionId } = await stripePolicy('CA')
    const bought = Math.floor(Date.parse(policy.createdAt) / 1000)
    stripe().payInvoice(subscriptionId, { amountCents: 1999, periodStart: bought + 30 * 86400 })
    const [newest, oldest] = stripe().invoicesOf(subscriptionId)

    const { refund } = await cancelPolicy(policy.profileId, policy.id, new Date(Date.parse(policy.createdAt) + 44 * DAY_MS))
    expect(refund).toMatchObject({ amountCents: 3998, rule: 'free_look', status: 'succeeded' })
    const made = stripe().state.refunds.filter((entry) => [newest!.paymentIntent, oldest!.paymentIntent].includes(entry.payment_intent))
    expect(made.map((entry) => [entry.payment_intent, entry.amount])).toEqual([
      [newest!.paymentIntent, 1999],
      [oldest!.paymentIntent, 1999],
    ])
    expect(refund!.stripeRefundId!.split(' ')).toEqual(made.map((entry) => entry.id))
  })

  test('Texas after the free look: pro rata of the current invoice, less the $25 fee, on that invoice only', async () => {
    const { policy, subscriptionId } = await stripePolicy('TX')
    const bought = Math.floor(Date.parse(policy.createdAt) / 1000)
    const [first] = stripe().invoicesOf(subscriptionId)
    const second = stripe().payInvoice(subscriptionId, {
      amountCents: 6000,
      periodStart: bought + 30 * 86400,
      periodEnd: bought + 60 * 86400,
    })
    // Day 41: 11 of the second period's 30 days used, 19 unused: $38.00, less the product's $25 fee (Texas caps it at $50).
    const { refund } = await cancelPolicy(policy.profileId, policy.id, new Date(Date.parse(policy.createdAt) + 40 * DAY_MS))
    expect(refund).toMatchObject({ rule: 'pro_rata', grossCents: 3800, feeCents: 2500, amountCents: 1300, unusedDays: 19, periodDays: 30 })
    expect(
      stripe()
        .state.refunds.filter((entry) => entry.payment_intent === second.paymentIntent)
        .map((entry) => entry.amount),
    ).toEqual([1300])
    expect(stripe().state.refunds.filter((entry) => entry.payment_intent === first!.paymentIntent)).toHaveLength(0)
  })

  test('a Stripe failure keeps a failed refund (the policy is cancelled at once); the daily job retries it until it is paid', async () => {
    const { policy, subscriptionId } = await stripePolicy('TX')
    const [invoice] = stripe().invoicesOf(subscriptionId)
    stripe().state.failRefunds = 2
    expectConsoleError(/a refund failed/)
    const { policy: canceled, refund } = await cancelPolicy(
      policy.profileId,
      policy.id,
      new Date(Date.parse(policy.createdAt) + 2 * DAY_MS),
    )
    expect(canceled.status).toBe('canceled')
    expect(refund).toMatchObject({ status: 'failed', attempts: 1, amountCents: 1999 })
    expect(refund!.lastError).toMatch(/card was closed/)
    expect(failedRefundCount()).toBeGreaterThanOrEqual(1)

    // The next run fails again and keeps it; the one after pays it.
    expect(await retryFailedRefunds()).toBe(0)
    expect(refundRow(policy.id)[0]).toMatchObject({ status: 'failed', attempts: 2 })
    expect(await retryFailedRefunds()).toBeGreaterThanOrEqual(1)
    expect(refundRow(policy.id)[0]).toMatchObject({ status: 'succeeded', attempts: 3, lastError: null })
    expect(stripe().state.refunds.filter((entry) => entry.payment_intent === invoice!.paymentIntent)).toHaveLength(1)
    // Nothing is paid twice by a later run.
    await retryFailedRefunds()
    expect(stripe().state.refunds.filter((entry) => entry.payment_intent === invoice!.paymentIntent)).toHaveLength(1)
    expect(getPolicy(policy.id)!.status).toBe('canceled')
  })

  test('a payments outage: the cancellation goes through at once; the daily job ends the subscription and pays the refund, with the late penalty', async () => {
    const { policy, subscriptionId } = await stripePolicy('TX')
    const bought = Math.floor(Date.parse(policy.createdAt) / 1000)
    const second = stripe().payInvoice(subscriptionId, {
      amountCents: 6000,
      periodStart: bought + 30 * 86400,
      periodEnd: bought + 60 * 86400,
    })
    const canceledAt = new Date(Date.parse(policy.createdAt) + 40 * DAY_MS)
    expectConsoleError(/working out a refund failed|settling a refund failed/)

    stripe().state.down = true
    const { policy: canceled, refund } = await cancelPolicy(policy.profileId, policy.id, canceledAt)
    expect(canceled).toMatchObject({ status: 'canceled', canceledAt: canceledAt.toISOString() })
    expect(refund).toMatchObject({ status: 'unsettled', amountCents: 0, rule: 'pro_rata', createdAt: canceledAt.toISOString() })
    expect(getPolicy(policy.id)!.status).toBe('canceled')

    // Still down at the next run: nothing changes, nothing is lost.
    const firstRun = new Date(canceledAt.getTime() + DAY_MS)
    expect(await settleUnsettledRefunds(firstRun)).toBe(0)
    expect(refundRow(policy.id)[0]).toMatchObject({ status: 'unsettled' })
    stripe().state.down = false
    expect(stripe().subscription(subscriptionId)!.status).not.toBe('canceled')

    // Back 50 days after the cancellation: the subscription ends and the refund is what the day of the cancellation
    // gave (day 41: 19 of 30 days unused of $60.00 = $38.00, less the $25 fee = $13.00), paid 5 days after Texas's
    // 45-day deadline, so with its 10 % penalty for a month begun late: $1.30.
    const late = new Date(canceledAt.getTime() + 50 * DAY_MS)
    expect(await settleUnsettledRefunds(late)).toBe(1)
    expect(stripe().subscription(subscriptionId)!.status).toBe('canceled')
    const [row] = refundRow(policy.id)
    expect(row).toMatchObject({
      status: 'succeeded',
      rule: 'pro_rata',
      grossCents: 3800,
      feeCents: 2500,
      amountCents: 1300,
      penaltyCents: 130,
      unusedDays: 19,
      periodDays: 30,
    })
    expect(
      stripe()
        .state.refunds.filter((entry) => entry.payment_intent === second.paymentIntent)
        .map((entry) => entry.amount),
    ).toEqual([1430])
    // The customer is told the amount with its penalty.
    const email = outboxFor(getProfileEmail(policy.profileId)).find((entry) => entry.tag === 'refund')!
    expect(email.text).toContain('$14.30')
    expect(email.text).toContain('It includes $1.30 your state adds for a refund paid after its deadline.')
    // A later run has nothing left to do, and pays nothing twice.
    expect(await settleUnsettledRefunds(new Date(late.getTime() + DAY_MS))).toBe(0)
    await retryFailedRefunds(new Date(late.getTime() + DAY_MS))
    expect(stripe().state.refunds.filter((entry) => entry.payment_intent === second.paymentIntent)).toHaveLength(1)
  })

  test('a refund settled within the deadline carries no penalty', async () => {
    const { policy, subscriptionId } = await stripePolicy('TX')
    const [invoice] = stripe().invoicesOf(subscriptionId)
    // The 30th day after the purchase in Texas's zone (no ZIP: Mountain time), at the hour of the purchase: the free look.
    const canceledAt = addCalendarDays(new Date(policy.createdAt), 30, customerZone('TX'))
    expectConsoleError(/working out a refund failed/)
    stripe().state.down = true
    await cancelPolicy(policy.profileId, policy.id, canceledAt)
    stripe().state.down = false
    expect(await settleUnsettledRefunds(new Date(canceledAt.getTime() + 2 * DAY_MS))).toBe(1)
    expect(refundRow(policy.id)[0]).toMatchObject({ status: 'succeeded', rule: 'free_look', amountCents: 1999, penaltyCents: 0 })
    expect(
      stripe()
        .state.refunds.filter((entry) => entry.payment_intent === invoice!.paymentIntent)
        .map((entry) => entry.amount),
    ).toEqual([1999])
  })

  test('a late penalty above what the card paid: the card gets back all it paid, the rest is kept for the operator to pay by hand', async () => {
    const { policy, subscriptionId } = await stripePolicy('TX')
    const [invoice] = stripe().invoicesOf(subscriptionId)
    const canceledAt = new Date(Date.parse(policy.createdAt) + 10 * DAY_MS)
    expectConsoleError(/working out a refund failed/)
    stripe().state.down = true
    await cancelPolicy(policy.profileId, policy.id, canceledAt)
    stripe().state.down = false
    const before = penaltiesByHand()
    // Settled 150 days later: the free look's $19.99, 105 days past Texas's 45-day deadline, with 10 % for each month
    // begun late: more than the one $19.99 payment can give back.
    expect(await settleUnsettledRefunds(new Date(canceledAt.getTime() + 150 * DAY_MS))).toBe(1)
    const [row] = refundRow(policy.id)
    expect(row).toMatchObject({ status: 'succeeded', rule: 'free_look', amountCents: 1999 })
    expect(row!.penaltyCents).toBeGreaterThan(0)
    expect(
      stripe()
        .state.refunds.filter((entry) => entry.payment_intent === invoice!.paymentIntent)
        .map((entry) => entry.amount),
    ).toEqual([1999])
    // Owed all the same: on the row, audited, and counted on the operator's console.
    expect(row!.penaltyByHandCents).toBe(row!.penaltyCents)
    const audited = db().select().from(auditLog).where(eq(auditLog.entityId, row!.id)).all()
    expect(audited.find((entry) => entry.action === 'refund.penalty_by_hand')?.detail).toEqual({
      policyId: policy.id,
      penaltyByHandCents: row!.penaltyCents,
    })
    expect(penaltiesByHand()).toEqual({ count: before.count + 1, cents: before.cents + row!.penaltyCents })
    // The customer is told which part does not reach the card.
    const email = outboxFor(getProfileEmail(policy.profileId)).find((entry) => entry.tag === 'refund')!
    const penalty = `$${(row!.penaltyCents / 100).toFixed(2)}`
    expect(email.text).toContain(
      `${penalty} of it is more than your card payments can take back, so it does not reach your card: we pay it to you separately.`,
    )
    expect(failedRefundCount()).toBe(0)
  })

  test('the cancel page keeps its button while Stripe is down, and the cancellation goes through from it', async () => {
    const { policy } = await stripePolicy('TX')
    const cookie = await sessionCookieFor(policy.profileId)
    const page = `/customer/policies/${policy.id}/cancel`
    expectConsoleError(/working out a refund failed/)
    stripe().state.down = true
    try {
      const before = (await cancelLoader(routeArgs(makeRequest(page, { cookie }), { policyId: policy.id }))) as {
        quote: { failed: string }
        options: { canCancel: boolean }
      }
      expect(before.options.canCancel).toBe(true)
      expect(before.quote.failed).toBe(
        'We could not work out your refund just now. You can still cancel: your refund is then worked out as of the moment you cancel and paid within a few days.',
      )
      const posted = await settle(() =>
        cancelAction(routeArgs(makeRequest(page, { form: { intent: 'cancel' }, cookie }), { policyId: policy.id })),
      )
      expect(posted.status).toBe(302)
      expect(posted.headers.get('Location')).toBe(page)
      expect(getPolicy(policy.id)!.status).toBe('canceled')
      const after = (await cancelLoader(routeArgs(makeRequest(page, { cookie }), { policyId: policy.id }))) as {
        refund: { unsettled: boolean }
      }
      expect(after.refund.unsettled).toBe(true)
    } finally {
      stripe().state.down = false
    }
  })
})
