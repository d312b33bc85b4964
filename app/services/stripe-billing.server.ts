import Stripe from 'stripe'
import { z } from 'zod'

import type { Policy } from '~/db/schema'
import { intervalOf, isLookupKey } from '~/domain/plans'
import { env } from '~/env.server'
import type { AddVehicleItemInput, CheckoutInput, PaidPeriod } from '~/services/payments-adapter.server'
import { expandableIdOf, stripe } from '~/services/stripe-client.server'

/**
 * The customers' side of Stripe: prices by lookup key, Checkout in subscription mode, subscriptions (cancel, renewal,
 * the yearly switch, the portal), what was paid and its refunds, and credits on the customer's balance.
 */

// --- prices ----------------------------------------------------------------------------------------------------

const PriceSchema = z.object({
  id: z.string(),
  active: z.boolean(),
  lookup_key: z.string().nullable(),
  unit_amount: z.number().int().nonnegative().nullable(),
  product: z.union([z.string(), z.object({ id: z.string(), active: z.boolean().optional() })]),
})
const PriceListSchema = z.object({ data: z.array(PriceSchema) })

export type StripePrice = { amountCents: number; priceId: string }

/**
 * The active prices for these lookup keys, by lookup key. Keys Stripe doesn't know (or whose product is archived, or
 * that have no fixed amount) are left out; the caller decides what a missing price means.
 */
export async function listStripePrices(lookupKeys: readonly string[]): Promise<Record<string, StripePrice>> {
  if (lookupKeys.length === 0) return {}
  const response = await stripe().prices.list({ lookup_keys: [...lookupKeys], active: true, expand: ['data.product'], limit: 100 })
  const { data } = PriceListSchema.parse(response)
  const result: Record<string, StripePrice> = {}
  for (const price of data) {
    if (!price.active || price.lookup_key === null || price.unit_amount === null) continue
    if (typeof price.product === 'object' && price.product.active === false) continue
    if (!lookupKeys.includes(price.lookup_key)) continue
    result[price.lookup_key] = { amountCents: price.unit_amount, priceId: price.id }
  }
  return result
}

/**
 * Publishes a new price (monthly or yearly, as its key says) for a lookup key: a new Price on the same product that takes the lookup key over
 * (`transfer_lookup_key`), so checkout and the price list use it from now on. Idempotent per price change.
 */
export async function publishPrice(lookupKey: string, amountCents: number, idempotencyKey: string) {
  const response = await stripe().prices.list({ lookup_keys: [lookupKey], active: true, limit: 1 })
  const current = PriceListSchema.parse(response).data[0]
  if (!current) throw new Error(`Stripe has no active price with lookup key ${lookupKey}`)
  const product = typeof current.product === 'string' ? current.product : current.product.id
  const created = await stripe().prices.create(
    {
      product,
      currency: 'usd',
      unit_amount: amountCents,
      // A yearly key's price renews yearly: the key names the interval (domain/plans).
      recurring: { interval: isLookupKey(lookupKey) ? intervalOf(lookupKey) : 'month' },
      lookup_key: lookupKey,
      transfer_lookup_key: true,
    },
    { idempotencyKey },
  )
  return { stripePriceId: PriceSchema.parse(created).id }
}

const SubscriptionItemsSchema = z.object({
  items: z.object({ data: z.array(z.object({ id: z.string(), price: z.object({ id: z.string() }) })).min(1) }),
})

/** The subscription's item moves to the lookup key's current price; Stripe charges it from the next renewal on. */
export async function moveSubscriptionToPrice(policy: Policy, lookupKey: string) {
  if (!policy.stripeSubscriptionId) return
  const target = (await listStripePrices([lookupKey]))[lookupKey]
  if (!target) throw new Error(`Stripe has no active price with lookup key ${lookupKey}`)
  const subscription = SubscriptionItemsSchema.parse(await stripe().subscriptions.retrieve(policy.stripeSubscriptionId))
  const item = subscription.items.data[0]!
  if (item.price.id === target.priceId) return
  await stripe().subscriptions.update(policy.stripeSubscriptionId, {
    items: [{ id: item.id, price: target.priceId }],
    proration_behavior: 'none',
  })
}

const ScheduleSchema = z.object({
  id: z.string(),
  phases: z
    .array(
      z.object({
        start_date: z.number().int(),
        end_date: z.number().int(),
        items: z.array(z.object({ price: expandableIdOf(), quantity: z.number().int().nullish() })).min(1),
      }),
    )
    .min(1),
})

/**
 * Monthly → yearly at the end of the month already paid: a subscription schedule made from the subscription keeps its
 * current phase (this month, at the monthly price) and adds a yearly phase at the yearly price, without proration;
 * the schedule then releases the subscription, which renews yearly from there. Returns the moment of the switch.
 */
export async function scheduleYearlySwitch(policy: Policy, yearlyKey: string) {
  if (!policy.stripeSubscriptionId) return { at: null }
  const target = (await listStripePrices([yearlyKey]))[yearlyKey]
  if (!target) throw new Error(`Stripe has no active price with lookup key ${yearlyKey}`)
  const schedule = ScheduleSchema.parse(
    await stripe().subscriptionSchedules.create(
      { from_subscription: policy.stripeSubscriptionId },
      { idempotencyKey: `yearly-switch-${policy.id}-${policy.stripeSubscriptionId}` },
    ),
  )
  const current = schedule.phases[schedule.phases.length - 1]!
  await stripe().subscriptionSchedules.update(schedule.id, {
    end_behavior: 'release',
    proration_behavior: 'none',
    phases: [
      {
        items: current.items.map((item) => ({ price: item.price, quantity: item.quantity ?? 1 })),
        start_date: current.start_date,
        end_date: current.end_date,
        proration_behavior: 'none',
      },
      { items: [{ price: target.priceId, quantity: 1 }], duration: { interval: 'year', interval_count: 1 }, proration_behavior: 'none' },
    ],
  })
  return { at: new Date(current.end_date * 1000) }
}

// --- checkout sessions -----------------------------------------------------------------------------------------

const CreatedSessionSchema = z.object({ id: z.string().min(1), url: z.string().url() })

const CheckoutSessionSchema = z.object({
  id: z.string().min(1),
  mode: z.string().nullish(),
  status: z.string().nullish(),
  payment_status: z.string().nullish(),
  client_reference_id: z.string().nullish(),
  customer: expandableIdOf().nullish(),
  subscription: expandableIdOf().nullish(),
  customer_email: z.string().nullish(),
  customer_details: z.object({ email: z.string().nullish(), name: z.string().nullish() }).nullish(),
  metadata: z.record(z.string(), z.string()).nullish(),
  line_items: z
    .object({
      data: z.array(
        z.object({
          price: z.object({ id: z.string(), unit_amount: z.number().int().nullish(), lookup_key: z.string().nullish() }).nullish(),
        }),
      ),
    })
    .nullish(),
})

export type StripeCheckoutSession = z.infer<typeof CheckoutSessionSchema>

/** The metadata our checkout writes on the session and on the subscription. */
export type CheckoutMetadata = {
  lookup_key: string
  partner_location_id: string
  tos_version: string
  tos_accepted_at: string
  /** Present when the checkout pays for taking over a policy from the vehicle's previous owner. */
  ownership_transfer_id?: string
  governing_state: string
  // The consent record's facts (app/models/people/consents.server.ts); each value fits Stripe's 500 characters.
  renewal_terms_version: string
  esign_version: string
  consented_at: string
  client_ip: string
  user_agent: string
}

/** Thrown when a checkout cannot be started for a reason the customer can't fix by retrying at once. */
export class CheckoutUnavailableError extends Error {}

export async function createCheckout(input: CheckoutInput): Promise<{ id: string; url: string }> {
  const { APP_URL } = env()
  const price = (await listStripePrices([input.lookupKey]))[input.lookupKey]
  if (!price) throw new CheckoutUnavailableError(`No active Stripe price has the lookup key ${input.lookupKey}`)
  // The customer saw and accepted `amountCents`; never charge a different amount than the page showed.
  if (price.amountCents !== input.amountCents) {
    throw new CheckoutUnavailableError(`Stripe price for ${input.lookupKey} is ${price.amountCents}, the page showed ${input.amountCents}`)
  }
  const metadata: CheckoutMetadata = {
    lookup_key: input.lookupKey,
    partner_location_id: input.partnerLocationId ?? '',
    tos_version: input.tosVersion,
    tos_accepted_at: input.tosAcceptedAt,
    ...(input.ownershipTransferId ? { ownership_transfer_id: input.ownershipTransferId } : {}),
    governing_state: input.governingState,
    renewal_terms_version: input.consent.renewalTermsVersion,
    esign_version: input.consent.esignVersion,
    consented_at: input.consent.consentedAt,
    client_ip: input.consent.clientIp ?? '',
    user_agent: (input.consent.userAgent ?? '').slice(0, 500),
  }
  // A buyer taking over a policy lands on their dashboard: there is nothing to set up.
  const successUrl = input.ownershipTransferId
    ? `${APP_URL}/customer`
    : `${APP_URL}/checkout-success?checkout=success&session_id={CHECKOUT_SESSION_ID}`
  const session = await stripe().checkout.sessions.create({
    mode: 'subscription',
    line_items: [{ price: price.priceId, quantity: 1 }],
    ...(input.profile ? { client_reference_id: input.profile.id, customer_email: input.profile.email } : {}),
    metadata,
    subscription_data: {
      metadata,
      // A period the seller already paid for comes with the plan: the buyer's first charge waits for its end.
      ...(input.firstChargeAt ? { trial_end: Math.floor(new Date(input.firstChargeAt).getTime() / 1000) } : {}),
    },
    // Stripe replaces the literal {CHECKOUT_SESSION_ID}; it must not be URL-encoded.
    success_url: successUrl,
    cancel_url: `${APP_URL}${input.cancelPath.startsWith('/') ? input.cancelPath : `/${input.cancelPath}`}`,
  })
  return CreatedSessionSchema.parse(session)
}

/** A checkout session with its line items (to learn the price actually charged). */
export async function retrieveCheckoutSession(id: string): Promise<StripeCheckoutSession> {
  return CheckoutSessionSchema.parse(await stripe().checkout.sessions.retrieve(id, { expand: ['line_items'] }))
}

/** The checkout session that created a subscription, if it came from a checkout. */
export async function findCheckoutSessionForSubscription(subscriptionId: string): Promise<StripeCheckoutSession | null> {
  const list = z
    .object({ data: z.array(z.object({ id: z.string() })) })
    .parse(await stripe().checkout.sessions.list({ subscription: subscriptionId, limit: 1 }))
  const first = list.data[0]
  return first ? retrieveCheckoutSession(first.id) : null
}

// --- subscriptions ---------------------------------------------------------------------------------------------

const SubscriptionSchema = z.object({
  id: z.string(),
  status: z.string(),
  customer: expandableIdOf().nullish(),
  cancel_at: z.number().int().nullish(),
  canceled_at: z.number().int().nullish(),
  metadata: z.record(z.string(), z.string()).nullish(),
})

export type StripeSubscription = z.infer<typeof SubscriptionSchema>

/** The subscription as Stripe has it now: the one source of truth for the policy's payment status. */
export async function retrieveSubscription(id: string): Promise<StripeSubscription> {
  return SubscriptionSchema.parse(await stripe().subscriptions.retrieve(id))
}

export async function cancelSubscriptionNow(policy: Policy) {
  if (!policy.stripeSubscriptionId) return // nothing was ever billed through Stripe
  try {
    await stripe().subscriptions.cancel(policy.stripeSubscriptionId)
  } catch (error) {
    // Cancelling twice (a retry, or Stripe's dunning got there first) is success, not failure.
    if (error instanceof Stripe.errors.StripeInvalidRequestError) {
      const current = await retrieveSubscription(policy.stripeSubscriptionId)
      if (current.status === 'canceled') return
    }
    throw error
  }
}

export async function setRenewal(policy: Policy, cancelAt: Date | null) {
  if (!policy.stripeSubscriptionId) return
  // `cancel_at` is Emptyable in the SDK's typing: '' clears it (renewal back on).
  await stripe().subscriptions.update(policy.stripeSubscriptionId, { cancel_at: cancelAt ? Math.floor(cancelAt.getTime() / 1000) : '' })
}

export async function createPortalSession(policy: Policy, returnUrl: string) {
  if (!policy.stripeCustomerId) throw new Error(`Policy ${policy.id} has no Stripe customer`)
  const session = await stripe().billingPortal.sessions.create({ customer: policy.stripeCustomerId, return_url: returnUrl })
  return z.object({ url: z.string().url() }).parse(session)
}

// --- what was paid, and refunds --------------------------------------------------------------------------------

const InvoiceListSchema = z.object({
  data: z.array(
    z.object({
      id: z.string(),
      amount_paid: z.number().int().nonnegative(),
      created: z.number().int(),
      period_start: z.number().int().nullish(),
      period_end: z.number().int().nullish(),
      lines: z
        .object({ data: z.array(z.object({ period: z.object({ start: z.number().int(), end: z.number().int() }).nullish() })) })
        .nullish(),
      payments: z
        .object({
          data: z.array(
            z.object({
              status: z.string().nullish(),
              payment: z.object({ payment_intent: expandableIdOf().nullish(), charge: expandableIdOf().nullish() }),
            }),
          ),
        })
        .nullish(),
    }),
  ),
})
type PaidInvoice = z.infer<typeof InvoiceListSchema>['data'][number]

const RefundSchema = z.object({
  id: z.string(),
  amount: z.number().int(),
  status: z.string().nullish(),
  metadata: z.record(z.string(), z.string()).nullish(),
})
const RefundListSchema = z.object({ data: z.array(RefundSchema) })

/** The subscription's paid invoices with their payments, newest first (a year of monthly invoices fits one page). */
async function paidInvoices(policy: Policy): Promise<PaidInvoice[]> {
  if (!policy.stripeSubscriptionId) return []
  const response = await stripe().invoices.list({
    subscription: policy.stripeSubscriptionId,
    status: 'paid',
    limit: 100,
    expand: ['data.payments'],
  })
  return InvoiceListSchema.parse(response)
    .data.filter((invoice) => invoice.amount_paid > 0)
    .sort((a, b) => b.created - a.created)
}

export async function paymentsFor(policy: Policy): Promise<PaidPeriod[]> {
  const periods: PaidPeriod[] = []
  for (const invoice of await paidInvoices(policy)) {
    const period = invoice.lines?.data[0]?.period
    const start = period?.start ?? invoice.period_start ?? invoice.created
    const end = period?.end ?? invoice.period_end ?? invoice.created
    const target = paymentTarget(invoice)
    const refunded = target ? (await refundsOf(target)).reduce((sum, entry) => sum + entry.amount, 0) : 0
    periods.push({
      ref: invoice.id,
      amountCents: invoice.amount_paid,
      periodStart: new Date(start * 1000).toISOString(),
      periodEnd: new Date(end * 1000).toISOString(),
      refundedCents: Math.min(refunded, invoice.amount_paid),
    })
  }
  return periods
}

/** The payment intent (or charge) that paid an invoice: what a refund of it goes against. */
function paymentTarget(invoice: PaidInvoice): { payment_intent: string } | { charge: string } | null {
  const payment = invoice.payments?.data.find(
    (entry) => entry.status !== 'failed' && (entry.payment.payment_intent || entry.payment.charge),
  )
  if (!payment) return null
  if (payment.payment.payment_intent) return { payment_intent: payment.payment.payment_intent }
  return payment.payment.charge ? { charge: payment.payment.charge } : null
}

/** The refunds made of a payment that count against it (neither failed nor canceled). */
async function refundsOf(target: { payment_intent: string } | { charge: string }) {
  return RefundListSchema.parse(await stripe().refunds.list({ ...target, limit: 100 })).data.filter(
    (entry) => entry.status !== 'failed' && entry.status !== 'canceled',
  )
}

/** The metadata key that ties a Stripe refund to our refund row, so a retry counts what an earlier attempt did. */
const REFUND_ID_KEY = 'glass_plan_refund_id'

/**
 * Refunds against the paid invoices, newest first, until the amount is covered. A retry (same `refundId`) first counts
 * the refunds an earlier attempt made on each payment (by their metadata), so nothing is refunded twice even after
 * Stripe's idempotency keys have expired.
 */
export async function refund(
  policy: Policy,
  { refundId, amountCents, mayFallShortCents = 0 }: { refundId: string; amountCents: number; mayFallShortCents?: number },
) {
  let remaining = amountCents
  const stripeRefundIds: string[] = []
  for (const invoice of await paidInvoices(policy)) {
    if (remaining <= 0) break
    const target = paymentTarget(invoice)
    if (!target) continue
    const earlier = await refundsOf(target)
    const ours = earlier.filter((entry) => entry.metadata?.[REFUND_ID_KEY] === refundId)
    stripeRefundIds.push(...ours.map((entry) => entry.id))
    remaining -= ours.reduce((sum, entry) => sum + entry.amount, 0)
    const available = invoice.amount_paid - earlier.reduce((sum, entry) => sum + entry.amount, 0)
    const take = Math.min(Math.max(remaining, 0), available)
    if (take <= 0) continue
    const created = RefundSchema.parse(
      await stripe().refunds.create(
        { ...target, amount: take, reason: 'requested_by_customer', metadata: { [REFUND_ID_KEY]: refundId, policy_id: policy.id } },
        { idempotencyKey: `refund-${refundId}-${invoice.id}-${take}` },
      ),
    )
    stripeRefundIds.push(created.id)
    remaining -= take
  }
  if (remaining > mayFallShortCents) throw new Error(`Stripe: ${remaining} cents of refund ${refundId} found no paid invoice to refund`)
  return { stripeRefundIds, shortCents: Math.max(remaining, 0) }
}

// --- households: one item per vehicle ---------------------------------------------------------------------------

const CouponSchema = z.object({ id: z.string(), percent_off: z.number().nullish() })
const CreatedIdSchema = z.object({ id: z.string().min(1) })
const PaidOneOffSchema = z.object({ id: z.string().min(1), status: z.string().nullish(), amount_paid: z.number().int() })

/** The household coupon for a percent: one per percent, named so a second household finds the first's. */
export const householdCouponId = (percent: number) => `household-${percent}`

async function householdCoupon(percent: number): Promise<string> {
  const id = householdCouponId(percent)
  try {
    return CouponSchema.parse(await stripe().coupons.retrieve(id)).id
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404)) throw error
  }
  const created = await stripe().coupons.create(
    { id, percent_off: percent, duration: 'forever', name: `Household, ${percent} % off` },
    { idempotencyKey: `coupon-${id}` },
  )
  return CouponSchema.parse(created).id
}

/** A payment the customer's card refused, said to them; nothing was added. */
export class VehicleChargeDeclinedError extends Error {}

/**
 * A vehicle joins the household's subscription (docs/decisions/111-household-plans.md): first its days left are charged
 * once, as a one-off invoice naming its policy (the amount shown before paying, not Stripe's proration by the second),
 * then its item is added without proration, the household coupon on it unless it is the first. Each call's key is
 * made from the new policy, so a retry (a form sent twice) charges once and adds one item. A declined card voids the
 * invoice and adds nothing.
 */
export async function addVehicleItem(
  household: Policy,
  input: AddVehicleItemInput,
): Promise<{ itemId: string; invoiceRef: string | null }> {
  if (!household.stripeSubscriptionId || !household.stripeCustomerId) throw new Error('The household has no Stripe subscription')
  const price = (await listStripePrices([input.lookupKey]))[input.lookupKey]
  if (!price) throw new Error(`Stripe has no active price with lookup key ${input.lookupKey}`)
  const metadata = { policy_id: input.policyId }
  let invoiceRef: string | null = null
  if (input.chargeCents > 0) {
    await stripe().invoiceItems.create(
      { customer: household.stripeCustomerId, amount: input.chargeCents, currency: 'usd', description: input.description, metadata },
      { idempotencyKey: `household-charge-line-${input.policyId}` },
    )
    const invoice = CreatedIdSchema.parse(
      await stripe().invoices.create(
        { customer: household.stripeCustomerId, pending_invoice_items_behavior: 'include', auto_advance: false, metadata },
        { idempotencyKey: `household-charge-${input.policyId}` },
      ),
    )
    try {
      const paid = PaidOneOffSchema.parse(
        await stripe().invoices.pay(invoice.id, {}, { idempotencyKey: `household-pay-${input.policyId}` }),
      )
      if (paid.status !== 'paid') throw new VehicleChargeDeclinedError(`Invoice ${paid.id} is ${paid.status}`)
    } catch (error) {
      if (!(error instanceof Stripe.errors.StripeCardError || error instanceof VehicleChargeDeclinedError)) throw error
      await stripe().invoices.voidInvoice(invoice.id)
      throw new VehicleChargeDeclinedError(error.message)
    }
    invoiceRef = invoice.id
  }
  const coupon = input.discountPercent > 0 ? await householdCoupon(input.discountPercent) : null
  const item = CreatedIdSchema.parse(
    await stripe().subscriptionItems.create(
      {
        subscription: household.stripeSubscriptionId,
        price: price.priceId,
        quantity: 1,
        proration_behavior: 'none',
        ...(coupon ? { discounts: [{ coupon }] } : {}),
        metadata,
      },
      { idempotencyKey: `household-item-${input.policyId}` },
    ),
  )
  return { itemId: item.id, invoiceRef }
}

/** A vehicle leaves the household: its item goes, without proration (its refund is its own cancellation's). */
export async function removeVehicleItem(itemId: string) {
  try {
    await stripe().subscriptionItems.del(itemId, { proration_behavior: 'none' })
  } catch (error) {
    // Already removed (a retry): what was asked is done.
    if (!(error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404)) throw error
  }
}

// --- the customer's balance -----------------------------------------------------------------------------------

/**
 * A credit on the customer's Stripe balance (a negative balance transaction), which Stripe takes off the next invoice.
 * The idempotency key is the credit's own id, so a retry after a lost answer never credits twice.
 */
export async function creditBalance(
  policy: Policy,
  { creditId, amountCents, description }: { creditId: string; amountCents: number; description: string },
) {
  if (!policy.stripeCustomerId) throw new Error(`Policy ${policy.id} has no Stripe customer`)
  const transaction = await stripe().customers.createBalanceTransaction(
    policy.stripeCustomerId,
    { amount: -amountCents, currency: 'usd', description, metadata: { credit_id: creditId, policy_id: policy.id } },
    { idempotencyKey: `credit-${creditId}` },
  )
  return { stripeId: transaction.id }
}

const CustomerBalanceSchema = z.object({ id: z.string(), balance: z.number().int().nullish(), deleted: z.boolean().nullish() })

/** The credit left on the customer's balance (Stripe keeps a credit as a negative balance), in cents. */
export async function balanceCreditCents(policy: Policy) {
  if (!policy.stripeCustomerId) return 0
  const customer = CustomerBalanceSchema.parse(await stripe().customers.retrieve(policy.stripeCustomerId))
  return customer.deleted ? 0 : Math.max(0, -(customer.balance ?? 0))
}

/**
 * Takes a credit refunded to the card off the customer's balance (a positive balance transaction), keyed by the refund:
 * a retry after a lost answer takes it off once.
 */
export async function takeBackBalance(policy: Policy, { refundId, amountCents }: { refundId: string; amountCents: number }) {
  if (amountCents <= 0) return
  // The balance is that of the subscription's customer: a transfer's seller's, not the policy's owner's now.
  const customer = policy.stripeSubscriptionId
    ? (await retrieveSubscription(policy.stripeSubscriptionId)).customer
    : policy.stripeCustomerId
  if (!customer) return
  await stripe().customers.createBalanceTransaction(
    customer,
    {
      amount: amountCents,
      currency: 'usd',
      description: 'Credit refunded to the card with the cancellation',
      metadata: { refund_id: refundId, policy_id: policy.id },
    },
    { idempotencyKey: `balance-refund-${refundId}` },
  )
}
