import { randomUUID } from 'node:crypto'

import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'

import { db } from '~/db/client.server'
import { policies, type Policy, refunds } from '~/db/schema'
import { DAY_MS } from '~/domain/time'
import { addCredit } from '~/models/money/credits.server'
import { retryFailedRefunds, settleUnsettledRefunds } from '~/models/money/refunds.server'
import { cancelPolicy } from '~/models/policies/cancellation.server'
import { loader as sellerLoader } from '~/routes/customer.policies.$policyId.next-owner'
import { stripeAdapter } from '~/services/stripe.server'

import { expectConsoleError } from '../support/console'
import { createActivePolicy, createProfile, ensureSeeded, getPolicy, sessionCookieFor, uniqueEmail } from '../support/factories'
import { stripeEvent } from '../support/fake-stripe'
import { deliverToWebhook, useFakeStripe } from '../support/fake-stripe-env'
import { outboxFor } from '../support/outbox'
import { accept, offer, tokenFor } from '../support/ownership-transfer'
import { makeRequest, routeArgs, settle } from '../support/requests'
import { TEST_CONSENT } from '../support/signup-form'

const WEBHOOK_SECRET = 'whsec_money_owed'
const stripe = useFakeStripe({ webhookSecret: WEBHOOK_SECRET })
beforeAll(() => ensureSeeded())

// Money the customer is owed, against the fake Stripe, which refuses a refund above what a charge has left
// (docs/decisions/104-money-owed-said-before-it-happens.md): a yearly payer's credit refund and a later full refund are
// netted; a credit left on the balance is refunded with the cancellation and taken off the balance; a seller outside
// Florida is refunded the unused days of their own subscription when the buyer's payment moves the plan.

async function deliver(event: unknown) {
  return (await deliverToWebhook(event)).status
}

/** A customer in `state` pays through Stripe Checkout for `lookupKey`; the webhook makes their policy. */
async function stripePolicy(
  state: string,
  lookupKey = 'comprehensive_car_adas_false',
): Promise<{ policy: Policy; subscriptionId: string }> {
  const checkout = await stripeAdapter().createCheckout({
    lookupKey: lookupKey as 'comprehensive_car_adas_false',
    amountCents: lookupKey.endsWith('_yearly') ? 19990 : 1999,
    partnerLocationId: null,
    tosVersion: '1.0.1',
    tosAcceptedAt: new Date().toISOString(),
    profile: null,
    cancelPath: '/signup',
    governingState: state,
    consent: TEST_CONSENT,
  })
  const { session, subscription } = stripe().completeCheckout(checkout.id, { email: uniqueEmail('money'), name: 'Jamie Rivera' })
  expect(await deliver(stripeEvent('checkout.session.completed', session))).toBe(200)
  const policy = db()
    .update(policies)
    .set({ governingState: state })
    .where(eq(policies.stripeSubscriptionId, subscription.id))
    .returning()
    .get()!
  return { policy, subscriptionId: subscription.id }
}

const refundedOn = (paymentIntent: string) =>
  stripe()
    .state.refunds.filter((entry) => entry.payment_intent === paymentIntent)
    .reduce((sum, entry) => sum + entry.amount, 0)
const balanceOf = (customer: string) =>
  stripe()
    .state.balanceTransactions.filter((entry) => entry.customer === customer)
    .reduce((sum, entry) => sum + entry.amount, 0)
const emailOf = (profileId: string) => db().query.profiles.findFirst({ where: (row, { eq: is }) => is(row.id, profileId) })

describe('credits and refunds', () => {
  it("a yearly payer's credit refunded to the card and a later full refund are netted: the refund asks only for what is left", async () => {
    const { policy, subscriptionId } = await stripePolicy('OH', 'comprehensive_car_adas_false_yearly')
    expect(policy.billingInterval).toBe('year')
    const [invoice] = stripe().invoicesOf(subscriptionId)
    const credit = await addCredit({
      actorId: createProfile().id,
      policyId: policy.id,
      amountCents: 1666,
      reason: 'The shop was a day late.',
      formToken: randomUUID(),
    })
    expect(credit).toMatchObject({ method: 'stripe_refund', state: 'applied' })
    expect(refundedOn(invoice!.paymentIntent)).toBe(1666)

    // Day 9 of the free look: everything paid comes back — $199.90 in all, of which $16.66 already went as the credit.
    const { refund } = await cancelPolicy(policy.profileId, policy.id, new Date(Date.parse(policy.createdAt) + 9 * DAY_MS))
    expect(refund).toMatchObject({ rule: 'free_look', grossCents: 19990, amountCents: 18324, nettedCents: 1666, status: 'succeeded' })
    expect(refundedOn(invoice!.paymentIntent)).toBe(19990)
    const email = outboxFor((await emailOf(policy.profileId))!.email).find((mail) => mail.subject.includes('refund'))
    expect(email?.text).toContain('less $16.66 your card payments no longer hold because it was refunded to you already')
  })

  it('a monthly payer’s credit left on the Stripe balance is refunded with the cancellation and taken off the balance', async () => {
    const { policy, subscriptionId } = await stripePolicy('OH')
    const bought = Math.floor(Date.parse(policy.createdAt) / 1000)
    const second = stripe().payInvoice(subscriptionId, {
      amountCents: 1999,
      periodStart: bought + 30 * 86400,
      periodEnd: bought + 60 * 86400,
    })
    await addCredit({ actorId: createProfile().id, policyId: policy.id, amountCents: 1999, reason: 'Late.', formToken: randomUUID() })
    const customer = getPolicy(policy.id)!.stripeCustomerId!
    expect(balanceOf(customer)).toBe(-1999)

    // Day 40, after the free look: 11 of the second period's 30 days used, 19 unused ($12.66), plus the $19.99 credit.
    const { refund } = await cancelPolicy(policy.profileId, policy.id, new Date(Date.parse(policy.createdAt) + 40 * DAY_MS))
    const proRata = Math.round((1999 * 19) / 30)
    expect(refund).toMatchObject({
      rule: 'pro_rata',
      unusedDays: 19,
      balanceCreditCents: 1999,
      amountCents: proRata + 1999,
      status: 'succeeded',
    })
    const [, first] = stripe().invoicesOf(subscriptionId)
    expect(refundedOn(second.paymentIntent) + refundedOn(first!.paymentIntent)).toBe(proRata + 1999)
    // Taken off the balance once, keyed by the refund: no invoice can use it again.
    expect(balanceOf(customer)).toBe(0)
    expect(stripe().state.balanceTransactions.filter((entry) => entry.metadata.refund_id === refund!.id)).toHaveLength(1)
  })

  it('asks Stripe for no balance when the policy was never credited to it', async () => {
    const { policy } = await stripePolicy('OH')
    const customer = getPolicy(policy.id)!.stripeCustomerId!
    await cancelPolicy(policy.profileId, policy.id, new Date(Date.parse(policy.createdAt) + 3 * DAY_MS))
    expect(stripe().requestsTo('GET', `/v1/customers/${customer}`)).toHaveLength(0)
  })
})

describe('a transfer outside Florida', () => {
  /** A subscription paid today through Stripe Checkout (the seller's), with no policy made for it yet. */
  async function paidSubscription() {
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
    return stripe().completeCheckout(checkout.id, { email: uniqueEmail('seller') }).subscription.id as string
  }

  /** A Texas seller's plan on that subscription. */
  async function sellersPlan() {
    const seller = createProfile()
    const subscriptionId = await paidSubscription()
    const { policy } = createActivePolicy(seller.id, {
      stripeSubscriptionId: subscriptionId,
      stripeCustomerId: `cus_seller_${seller.id}`,
      governingState: 'TX',
    })
    return { seller, policy, invoice: stripe().invoicesOf(subscriptionId)[0]! }
  }

  /** The seller offers the plan; the buyer accepts and pays through Stripe, whose webhook moves it. */
  async function transfer(sellerId: string, policyId: string) {
    const buyer = createProfile()
    expect((await offer(sellerId, policyId, buyer.email)).status).toBe(302)
    expect((await accept(tokenFor(buyer.email), buyer.id)).status).toBe(303)
    const { session } = stripe().completeCheckout(stripe().lastCheckoutSession()!.id, { email: buyer.email })
    expect(await deliver(stripeEvent('checkout.session.completed', session))).toBe(200)
    return buyer
  }

  // Paid today for 30 days: the day of the transfer counts as used, 29 days come back.
  const owedToday = Math.round((1999 * 29) / 30)
  const dollars = (cents: number) => `$${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`

  it('is told before the offer, and the seller is refunded the unused days of their own period when the buyer pays', async () => {
    const { seller, policy, invoice } = await sellersPlan()
    const cookie = await sessionCookieFor(seller.id)
    const page = await settle(() =>
      sellerLoader(routeArgs(makeRequest(`/customer/policies/${policy.id}/next-owner`, { cookie }), { policyId: policy.id })),
    )
    const said = (page.data as { paidPeriod: string }).paidPeriod
    expect(said).toContain('we refund you the unused part of the period you have paid for')
    expect(said).toContain(`If they paid today, that would be ${dollars(owedToday)}`)

    const buyer = await transfer(seller.id, policy.id)
    expect(getPolicy(policy.id)!.profileId).toBe(buyer.id)
    const row = db().select().from(refunds).where(eq(refunds.policyId, policy.id)).get()!
    expect(row).toMatchObject({
      reason: 'transfer',
      rule: 'pro_rata',
      amountCents: owedToday,
      unusedDays: 29,
      periodDays: 30,
      profileId: seller.id,
      stripeSubscriptionId: invoice.subscription,
      status: 'succeeded',
    })
    // From the seller's own payment, never the buyer's new subscription.
    expect(refundedOn(invoice.paymentIntent)).toBe(owedToday)
    const sellerMail = outboxFor(seller.email).find((mail) => mail.subject === 'Your plan has passed to the next owner')
    expect(sellerMail?.text).toContain(`We are refunding ${dollars(owedToday)} to your card.`)
    expect(sellerMail?.text).toContain('29 of its 30 days')
  })

  it("the seller's credit left on their Stripe balance goes back with the refund, and leaves that balance", async () => {
    const seller = createProfile()
    const subscriptionId = await paidSubscription()
    const customer = stripe().subscription(subscriptionId)!.customer
    // The month before was paid too: the payments can carry the credit beside the current month's share.
    const now = Math.floor(Date.now() / 1000)
    const previous = stripe().payInvoice(subscriptionId, { amountCents: 1999, periodStart: now - 30 * 86400, periodEnd: now - 1 })
    const { policy } = createActivePolicy(seller.id, {
      stripeSubscriptionId: subscriptionId,
      stripeCustomerId: customer,
      governingState: 'TX',
    })
    await addCredit({ actorId: createProfile().id, policyId: policy.id, amountCents: 500, reason: 'Late.', formToken: randomUUID() })
    expect(balanceOf(customer)).toBe(-500)
    await transfer(seller.id, policy.id)
    const row = db().select().from(refunds).where(eq(refunds.policyId, policy.id)).get()!
    expect(row).toMatchObject({ amountCents: owedToday + 500, balanceCreditCents: 500, status: 'succeeded', profileId: seller.id })
    const current = stripe()
      .invoicesOf(subscriptionId)
      .find((invoice) => invoice.id !== previous.id)!
    expect(refundedOn(current.paymentIntent) + refundedOn(previous.paymentIntent)).toBe(owedToday + 500)
    expect(balanceOf(customer)).toBe(0)
    const sellerMail = outboxFor(seller.email).find((mail) => mail.subject === 'Your plan has passed to the next owner')
    expect(sellerMail?.text).toContain('plus $5.00 of service credit still on your account')
  })

  it('a refund Stripe refuses at the move is kept for the seller and paid by the daily retry from their subscription', async () => {
    const { seller, policy, invoice } = await sellersPlan()
    stripe().state.failRefunds = 1
    expectConsoleError(/a refund failed/)
    const buyer = await transfer(seller.id, policy.id)
    const row = db().select().from(refunds).where(eq(refunds.policyId, policy.id)).get()!
    expect(row).toMatchObject({ status: 'failed', profileId: seller.id, amountCents: owedToday })
    expect(refundedOn(invoice.paymentIntent)).toBe(0)
    // The policy is the buyer's now: the retry still refunds the seller's payment.
    expect(getPolicy(policy.id)!.profileId).toBe(buyer.id)
    await retryFailedRefunds(new Date(Date.now() + 2 * 60 * 60 * 1000))
    expect(db().select().from(refunds).where(eq(refunds.id, row.id)).get()).toMatchObject({ status: 'succeeded' })
    expect(refundedOn(invoice.paymentIntent)).toBe(owedToday)
  })

  it('Stripe down at the move: the refund is kept unsettled and the daily job works it out as of the move', async () => {
    const { seller, policy, invoice } = await sellersPlan()
    const buyer = createProfile()
    expect((await offer(seller.id, policy.id, buyer.email)).status).toBe(302)
    expect((await accept(tokenFor(buyer.email), buyer.id)).status).toBe(303)
    const { session } = stripe().completeCheckout(stripe().lastCheckoutSession()!.id, { email: buyer.email })
    // The webhook reads the session, then the seller's invoices fail to list: the plan moves all the same.
    const { completeOwnershipTransfer } = await import('~/models/policies/ownership-transfer.server')
    stripe().state.down = true
    expectConsoleError(/working out the seller's refund failed|seller's subscription could not be ended/)
    const moved = await completeOwnershipTransfer({
      transferId: (session.metadata as Record<string, string>).ownership_transfer_id!,
      checkoutSessionId: session.id,
      amountCents: 1999,
      stripeSubscriptionId: session.subscription as string,
      stripeCustomerId: session.customer as string,
    }).catch((error: unknown) => error)
    stripe().state.down = false
    expect(moved).toBeInstanceOf(Error) // the seller's subscription could not be ended: Stripe retries the event
    const row = db().select().from(refunds).where(eq(refunds.policyId, policy.id)).get()!
    expect(row).toMatchObject({ status: 'unsettled', profileId: seller.id, amountCents: 0 })
    expect(outboxFor(seller.email).find((mail) => mail.subject === 'Your plan has passed to the next owner')?.text).toContain(
      'We are working out the refund',
    )
    await settleUnsettledRefunds()
    expect(db().select().from(refunds).where(eq(refunds.id, row.id)).get()).toMatchObject({ status: 'succeeded', amountCents: owedToday })
    expect(refundedOn(invoice.paymentIntent)).toBe(owedToday)
  })
})
