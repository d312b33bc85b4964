import crypto from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'

import Stripe from 'stripe'

/**
 * A small fake of the Stripe API, enough for the real `stripe` SDK (pointed here by STRIPE_API_URL) to run our
 * checkout, pricing, subscription and portal code: checkout sessions, prices by lookup key, subscriptions
 * (retrieve / update / cancel), billing-portal sessions, a subscription's paid invoices (with their payments) and
 * refunds against them, and Connect's Express accounts, account links and transfers. It records every request for assertions, and offers
 * helpers to do what Stripe's side would do: complete a checkout (customer + subscription), change a subscription's
 * status, and deliver signed webhook events.
 *
 * Besides in-process use (integration tests), `/__fake/*` control endpoints let another process (the Playwright
 * test) drive the same helpers over HTTP.
 */

export const FAKE_PRICES: Record<string, number> = {
  chip_only: 799,
  comprehensive_car_adas_false: 1999,
  comprehensive_car_adas_true: 2999,
  comprehensive_trucksuv_adas_false: 2499,
  comprehensive_trucksuv_adas_true: 3499,
  chip_only_yearly: 7990,
  comprehensive_car_adas_false_yearly: 19990,
  comprehensive_car_adas_true_yearly: 29990,
  comprehensive_trucksuv_adas_false_yearly: 24990,
  comprehensive_trucksuv_adas_true_yearly: 34990,
}

export type FormValue = string | FormValue[] | { [key: string]: FormValue }
export type RecordedRequest = { method: string; path: string; query: Record<string, FormValue>; body: Record<string, FormValue> }

type FakePrice = { id: string; lookupKey: string; unitAmount: number; active: boolean; interval: 'month' | 'year' }
type FakeSession = {
  id: string
  mode: string
  status: 'open' | 'complete' | 'expired'
  payment_status: 'unpaid' | 'paid'
  url: string
  success_url: string
  cancel_url: string
  client_reference_id: string | null
  customer: string | null
  customer_email: string | null
  customer_details: { email: string; name: string | null } | null
  metadata: Record<string, string>
  subscription: string | null
  lineItems: Array<{ priceId: string; quantity: number }>
  subscriptionMetadata: Record<string, string>
  /** subscription_data.trial_end (epoch seconds): the subscription is trialing until then and the first charge waits. */
  trialEnd: number | null
  created: number
}
type FakeSubscription = {
  id: string
  status: string
  customer: string
  cancel_at: number | null
  canceled_at: number | null
  metadata: Record<string, string>
  priceId: string
  /** The items after the first: a household's other vehicles, each with its coupon (null: none). */
  addedItems?: Array<{ id: string; priceId: string; coupon: string | null; metadata: Record<string, string> }>
  trial_end?: number | null
  created: number
}

/** A subscription schedule: its phases as our code set them (prices by id, dates in epoch seconds). */
export type FakeSchedule = {
  id: string
  subscription: string
  end_behavior: string
  phases: Array<{ start_date: number; end_date: number | null; items: Array<{ price: string; quantity: number }>; duration?: unknown }>
}

/** A paid invoice of a subscription, paid by one payment intent. */
type FakeInvoice = {
  id: string
  subscription: string
  amountPaid: number
  created: number
  periodStart: number
  periodEnd: number
  paymentIntent: string
  /** A one-off invoice's customer and metadata (a household's charge for a vehicle joining it). */
  customer?: string
  metadata?: Record<string, string>
}
/** A one-off invoice before it is paid: the customer's pending invoice items it took in. */
type FakeDraftInvoice = {
  id: string
  customer: string
  amount: number
  metadata: Record<string, string>
  status: 'draft' | 'void' | 'paid'
}
/** A Connect (Express) account of a shop: ready once its onboarding is done. */
export type FakeAccount = { id: string; email: string | null; metadata: Record<string, string>; onboarded: boolean; created: number }
type FakeTransfer = {
  id: string
  amount: number
  destination: string
  transfer_group: string | null
  metadata: Record<string, string>
  reversed: boolean
  created: number
}
type FakeRefund = { id: string; amount: number; payment_intent: string; status: string; metadata: Record<string, string>; created: number }

export type FakeStripeState = {
  schedules: Map<string, FakeSchedule>
  prices: Map<string, FakePrice>
  sessions: Map<string, FakeSession>
  subscriptions: Map<string, FakeSubscription>
  portalSessions: Array<{ id: string; customer: string; return_url: string; url: string }>
  invoices: FakeInvoice[]
  refunds: FakeRefund[]
  /** How many refund creations to refuse next (a provider failure for the retry tests). */
  failRefunds: number
  accounts: Map<string, FakeAccount>
  transfers: FakeTransfer[]
  /** How many transfer creations to refuse next (the platform balance short), for the retry tests. */
  failTransfers: number
  /** Customer balance transactions (a credit is negative), as Stripe keeps them per customer. */
  balanceTransactions: Array<{
    id: string
    customer: string
    amount: number
    currency: string
    description: string | null
    metadata: Record<string, string>
    created: number
  }>
  /** How many balance transaction creations to refuse next (a provider failure for the retry tests). */
  failBalanceTransactions: number
  /** Percent-off coupons by id. */
  coupons: Map<string, { id: string; percent_off: number; duration: string; name: string | null }>
  /** Invoice items not yet on an invoice. */
  pendingInvoiceItems: Array<{ id: string; customer: string; amount: number; description: string | null; metadata: Record<string, string> }>
  draftInvoices: Map<string, FakeDraftInvoice>
  /** How many invoice payments to decline next (the card refuses), for the declined-card tests. */
  declineInvoicePayments: number
  /** An outage: every API request is answered 503 (and told not to be retried) until it is set back to false. */
  down: boolean
}

export type CompleteCheckoutOptions = { email: string; name?: string | null; subscriptionStatus?: string }

export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>

export async function startFakeStripe(options: { port?: number; prices?: Record<string, number> } = {}) {
  const state: FakeStripeState = {
    schedules: new Map(),
    prices: new Map(),
    sessions: new Map(),
    subscriptions: new Map(),
    portalSessions: [],
    invoices: [],
    refunds: [],
    failRefunds: 0,
    accounts: new Map(),
    transfers: [],
    failTransfers: 0,
    balanceTransactions: [],
    failBalanceTransactions: 0,
    coupons: new Map(),
    pendingInvoiceItems: [],
    draftInvoices: new Map(),
    declineInvoicePayments: 0,
    down: false,
  }
  /** Idempotency-Key → the answer given, as Stripe replays it. */
  const idempotent = new Map<string, { status: number; body: unknown }>()
  const requests: RecordedRequest[] = []
  for (const [lookupKey, unitAmount] of Object.entries(options.prices ?? FAKE_PRICES)) {
    state.prices.set(lookupKey, { id: `price_${lookupKey}`, lookupKey, unitAmount, active: true, interval: intervalOfKey(lookupKey) })
  }
  let baseUrl = ''

  const now = () => Math.floor(Date.now() / 1000)
  const newId = (prefix: string) => `${prefix}_test_${crypto.randomBytes(9).toString('hex')}`
  /** Prices that lost their lookup key to a newer one: subscriptions on them keep working. */
  const retiredPrices = new Map<string, FakePrice>()
  const priceById = (id: string) => [...state.prices.values()].find((price) => price.id === id) ?? retiredPrices.get(id)

  function priceJson(price: FakePrice, expandProduct: boolean) {
    const product = { id: 'prod_glass_plan', object: 'product', active: true, name: 'Glass Plan' }
    return {
      id: price.id,
      object: 'price',
      active: price.active,
      currency: 'usd',
      lookup_key: price.lookupKey,
      unit_amount: price.unitAmount,
      type: 'recurring',
      recurring: { interval: price.interval, interval_count: 1 },
      livemode: false,
      product: expandProduct ? product : product.id,
    }
  }

  function sessionJson(session: FakeSession, expand: string[] = []) {
    const { lineItems, subscriptionMetadata: _internal, trialEnd: _trial, ...visible } = session
    return {
      ...visible,
      object: 'checkout.session',
      livemode: false,
      ...(expand.includes('line_items')
        ? {
            line_items: {
              object: 'list',
              has_more: false,
              url: `/v1/checkout/sessions/${session.id}/line_items`,
              data: lineItems.map((item, index) => {
                const price = priceById(item.priceId)
                return {
                  id: `li_${session.id}_${index}`,
                  object: 'item',
                  quantity: item.quantity,
                  price: price ? priceJson(price, false) : null,
                }
              }),
            },
          }
        : {}),
    }
  }

  function subscriptionJson(subscription: FakeSubscription) {
    const { priceId, ...visible } = subscription
    const price = priceById(priceId)
    return {
      ...visible,
      object: 'subscription',
      livemode: false,
      cancel_at_period_end: false,
      items: {
        object: 'list',
        has_more: false,
        data: [
          {
            id: `si_${subscription.id}`,
            object: 'subscription_item',
            quantity: 1,
            price: price ? priceJson(price, false) : null,
            discounts: [],
          },
          ...(subscription.addedItems ?? []).map((item) => {
            const added = priceById(item.priceId)
            return {
              id: item.id,
              object: 'subscription_item',
              quantity: 1,
              price: added ? priceJson(added, false) : null,
              discounts: item.coupon ? [item.coupon] : [],
              metadata: item.metadata,
            }
          }),
        ],
      },
    }
  }

  function scheduleJson(schedule: FakeSchedule) {
    return { ...schedule, object: 'subscription_schedule', livemode: false }
  }

  /** What Stripe does when a schedule's first phase ends: the subscription moves to the next phase's price. */
  function advanceSchedule(subscriptionId: string) {
    const schedule = [...state.schedules.values()].find((candidate) => candidate.subscription === subscriptionId)
    const next = schedule?.phases[1]?.items[0]
    const subscription = state.subscriptions.get(subscriptionId)
    if (!schedule || !next || !subscription) throw new Error(`Fake Stripe: no schedule with a next phase for ${subscriptionId}`)
    subscription.priceId = next.price
    state.schedules.delete(schedule.id)
    return subscriptionJson(subscription)
  }

  function list(url: string, data: unknown[]) {
    return { object: 'list', url, has_more: false, data }
  }

  const MONTH_S = 30 * 24 * 60 * 60

  /** Stripe charges a subscription: a paid invoice for a period, paid by a new payment intent. */
  function payInvoice(
    subscriptionId: string,
    { amountCents, periodStart = now(), periodEnd }: { amountCents: number; periodStart?: number; periodEnd?: number },
  ) {
    const invoice: FakeInvoice = {
      id: newId('in'),
      subscription: subscriptionId,
      amountPaid: amountCents,
      created: periodStart,
      periodStart,
      periodEnd: periodEnd ?? periodStart + MONTH_S,
      paymentIntent: newId('pi'),
    }
    state.invoices.push(invoice)
    return invoice
  }

  function invoiceJson(invoice: FakeInvoice, expand: string[]) {
    return {
      id: invoice.id,
      object: 'invoice',
      status: 'paid',
      amount_paid: invoice.amountPaid,
      created: invoice.created,
      period_start: invoice.periodStart,
      period_end: invoice.periodEnd,
      parent: { type: 'subscription_details', subscription_details: { subscription: invoice.subscription } },
      lines: {
        object: 'list',
        has_more: false,
        data: [{ id: `il_${invoice.id}`, object: 'line_item', period: { start: invoice.periodStart, end: invoice.periodEnd } }],
      },
      // Stripe leaves `payments` out unless it is expanded.
      ...(expand.includes('data.payments') || expand.includes('payments')
        ? {
            payments: list(`/v1/invoices/${invoice.id}/payments`, [
              {
                id: `inpay_${invoice.id}`,
                object: 'invoice_payment',
                status: 'paid',
                amount_paid: invoice.amountPaid,
                payment: { type: 'payment_intent', payment_intent: invoice.paymentIntent },
              },
            ]),
          }
        : {}),
      livemode: false,
    }
  }

  /** What Stripe does when the customer pays: a customer and an active subscription carrying the checkout's metadata. */
  function completeCheckout(sessionId: string, { email, name = null, subscriptionStatus = 'active' }: CompleteCheckoutOptions) {
    const session = state.sessions.get(sessionId)
    if (!session) throw new Error(`Fake Stripe: no checkout session ${sessionId}`)
    if (session.status !== 'complete') {
      const customer = newId('cus')
      const subscription: FakeSubscription = {
        id: newId('sub'),
        status: subscriptionStatus,
        customer,
        cancel_at: null,
        canceled_at: null,
        metadata: session.subscriptionMetadata,
        priceId: session.lineItems[0]?.priceId ?? '',
        trial_end: session.trialEnd,
        created: now(),
      }
      // A trial starts with a $0 invoice for the time until trial_end, as Stripe's does; the first charge waits.
      if (session.trialEnd) subscription.status = 'trialing'
      state.subscriptions.set(subscription.id, subscription)
      payInvoice(
        subscription.id,
        session.trialEnd
          ? { amountCents: 0, periodEnd: session.trialEnd }
          : { amountCents: priceById(subscription.priceId)?.unitAmount ?? 0 },
      )
      Object.assign(session, {
        status: 'complete',
        payment_status: session.trialEnd ? 'no_payment_required' : 'paid',
        customer,
        subscription: subscription.id,
        customer_details: { email, name },
      })
    }
    return { session: sessionJson(session), subscription: subscriptionJson(state.subscriptions.get(session.subscription!)!) }
  }

  function setSubscriptionStatus(subscriptionId: string, status: string) {
    const subscription = state.subscriptions.get(subscriptionId)
    if (!subscription) throw new Error(`Fake Stripe: no subscription ${subscriptionId}`)
    subscription.status = status
    if (status === 'canceled') subscription.canceled_at ??= now()
    return subscriptionJson(subscription)
  }

  function subscription(subscriptionId: string) {
    const found = state.subscriptions.get(subscriptionId)
    return found ? subscriptionJson(found) : undefined
  }

  function checkoutSession(sessionId: string) {
    const found = state.sessions.get(sessionId)
    return found ? sessionJson(found) : undefined
  }

  function accountJson(account: FakeAccount) {
    return {
      id: account.id,
      object: 'account',
      type: 'express',
      country: 'US',
      email: account.email,
      metadata: account.metadata,
      charges_enabled: account.onboarded,
      payouts_enabled: account.onboarded,
      details_submitted: account.onboarded,
      capabilities: { transfers: account.onboarded ? 'active' : 'inactive' },
      created: account.created,
      livemode: false,
    }
  }

  function transferJson(transfer: FakeTransfer) {
    return {
      ...transfer,
      object: 'transfer',
      currency: 'usd',
      amount_reversed: transfer.reversed ? transfer.amount : 0,
      livemode: false,
    }
  }

  /** What Stripe does when the shop finishes its onboarding: the account can receive transfers. */
  function completeOnboarding(accountId: string) {
    const account = state.accounts.get(accountId)
    if (!account) throw new Error(`Fake Stripe: no account ${accountId}`)
    account.onboarded = true
    return accountJson(account)
  }

  function transfer(transferId: string) {
    const found = state.transfers.find((entry) => entry.id === transferId)
    return found ? transferJson(found) : undefined
  }

  /** Stripe reverses a transfer (the whole amount). */
  function reverseTransfer(transferId: string) {
    const found = state.transfers.find((entry) => entry.id === transferId)
    if (!found) throw new Error(`Fake Stripe: no transfer ${transferId}`)
    found.reversed = true
    return transferJson(found)
  }

  function createTransfer(body: Record<string, FormValue>): { status: number; body: unknown } {
    if (state.failTransfers > 0) {
      state.failTransfers--
      return {
        status: 400,
        body: {
          error: {
            type: 'invalid_request_error',
            code: 'balance_insufficient',
            message: 'You have insufficient available funds in your Stripe account.',
          },
        },
      }
    }
    const amount = Number(body.amount)
    if (!Number.isInteger(amount) || amount <= 0) return invalid('Invalid positive integer: amount', 'amount')
    const account = state.accounts.get(String(body.destination ?? ''))
    if (!account) return invalid(`No such destination: '${String(body.destination ?? '')}'`, 'destination')
    if (!account.onboarded)
      return invalid('Your destination account needs to have at least one of the following capabilities enabled: transfers', 'destination')
    const created: FakeTransfer = {
      id: newId('tr'),
      amount,
      destination: account.id,
      transfer_group: body.transfer_group ? String(body.transfer_group) : null,
      metadata: toStringRecord(body.metadata),
      reversed: false,
      created: now(),
    }
    state.transfers.push(created)
    return { status: 200, body: transferJson(created) }
  }

  const handle = (request: http.IncomingMessage, rawBody: string): { status: number; body: unknown; html?: string } => {
    const url = new URL(request.url ?? '/', 'http://fake')
    const method = request.method ?? 'GET'
    const query = parseForm(url.searchParams)
    const body = request.headers['content-type']?.includes('application/json')
      ? rawBody
        ? JSON.parse(rawBody)
        : {}
      : parseForm(new URLSearchParams(rawBody))
    const path = url.pathname
    const segments = path.split('/').filter(Boolean)

    // --- control endpoints for other processes, and the hosted checkout page -----------------------------------
    if (segments[0] === '__fake') {
      if (method === 'POST' && segments[1] === 'checkout' && segments[3] === 'complete') {
        return { status: 200, body: completeCheckout(segments[2]!, body as unknown as CompleteCheckoutOptions) }
      }
      if (method === 'POST' && segments[1] === 'subscriptions' && segments[3] === 'status') {
        return { status: 200, body: setSubscriptionStatus(segments[2]!, String((body as Record<string, unknown>).status)) }
      }
      if (method === 'POST' && segments[1] === 'accounts' && segments[3] === 'complete') {
        return { status: 200, body: completeOnboarding(segments[2]!) }
      }
      if (method === 'GET' && segments[1] === 'requests') return { status: 200, body: requests }
      return notFound(path)
    }
    if (method === 'GET' && segments[0] === 'connect' && segments[1]) {
      const account = state.accounts.get(segments[1])
      if (!account) return { status: 404, body: null, html: page('Not found', '<p>No such account.</p>') }
      return {
        status: 200,
        body: null,
        html: page('Fake Stripe Connect onboarding', `<p data-account-id="${account.id}">Account ${account.id}</p>`),
      }
    }
    if (method === 'GET' && segments[0] === 'pay' && segments[1]) {
      const session = state.sessions.get(segments[1])
      if (!session) return { status: 404, body: null, html: page('Not found', '<p>No such checkout session.</p>') }
      const item = session.lineItems[0]
      const itemPrice = item ? priceById(item.priceId) : undefined
      const amount = (itemPrice?.unitAmount ?? 0) / 100
      return {
        status: 200,
        body: null,
        html: page(
          'Fake Stripe Checkout',
          `<p data-session-id="${session.id}">Test checkout ${session.id}</p><p>$${amount.toFixed(2)} per ${itemPrice?.interval ?? 'month'}</p>`,
        ),
      }
    }

    // --- the API ---------------------------------------------------------------------------------------------
    if (segments[0] !== 'v1') return notFound(path)
    if (!String(request.headers.authorization ?? '').startsWith('Bearer sk_')) {
      return { status: 401, body: { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } } }
    }
    requests.push({ method, path, query, body })
    const expand = toStrings(query.expand ?? body.expand)
    const [, resource, id, sub] = segments

    if (resource === 'prices' && method === 'GET' && !id) {
      const keys = toStrings(query.lookup_keys)
      const activeOnly = query.active === 'true'
      const matches = [...state.prices.values()].filter(
        (price) => (keys.length === 0 || keys.includes(price.lookupKey)) && (!activeOnly || price.active),
      )
      return {
        status: 200,
        body: list(
          '/v1/prices',
          matches.map((price) => priceJson(price, expand.includes('data.product'))),
        ),
      }
    }

    if (resource === 'prices' && method === 'POST' && !id) {
      // A new price; with transfer_lookup_key it takes the lookup key from the price that had it.
      const lookupKey = String(body.lookup_key ?? '')
      const unitAmount = Number(body.unit_amount)
      if (!Number.isInteger(unitAmount) || unitAmount < 0) return invalid('Invalid integer: unit_amount', 'unit_amount')
      if (lookupKey && state.prices.has(lookupKey) && body.transfer_lookup_key !== 'true') {
        return invalid(`A price (${state.prices.get(lookupKey)!.id}) already uses that lookup key.`, 'lookup_key')
      }
      const recurring = body.recurring as Record<string, FormValue> | undefined
      const price: FakePrice = {
        id: newId('price'),
        lookupKey,
        unitAmount,
        active: true,
        interval: recurring?.interval === 'year' ? 'year' : 'month',
      }
      const previous = state.prices.get(lookupKey)
      if (previous) retiredPrices.set(previous.id, { ...previous, lookupKey: '' })
      state.prices.set(lookupKey, price)
      return { status: 200, body: priceJson(price, false) }
    }

    if (resource === 'checkout' && id === 'sessions') {
      const sessionId = sub
      if (method === 'POST' && !sessionId) {
        const lineItems = toArray(body.line_items).map((item) => {
          const record = item as Record<string, FormValue>
          return { priceId: String(record.price), quantity: Number(record.quantity ?? 1) }
        })
        const missing = lineItems.find((item) => !priceById(item.priceId))
        if (missing || lineItems.length === 0) return invalid(`No such price: '${missing?.priceId ?? ''}'`, 'line_items')
        if (!body.success_url || !body.cancel_url) return invalid('success_url and cancel_url are required', 'success_url')
        const subscriptionData = body.subscription_data as Record<string, FormValue> | undefined
        const trialEnd = subscriptionData?.trial_end === undefined ? null : Number(subscriptionData.trial_end)
        // Stripe's rule: a Checkout trial ends at least 48 hours after the session is made.
        if (trialEnd !== null && !(trialEnd >= now() + 48 * 3600))
          return invalid('subscription_data.trial_end must be at least 48 hours in the future.', 'subscription_data[trial_end]')
        const newSession = newId('cs')
        const session: FakeSession = {
          id: newSession,
          mode: String(body.mode ?? 'payment'),
          status: 'open',
          payment_status: 'unpaid',
          url: `${baseUrl}/pay/${newSession}`,
          success_url: String(body.success_url),
          cancel_url: String(body.cancel_url),
          client_reference_id: body.client_reference_id ? String(body.client_reference_id) : null,
          customer: null,
          customer_email: body.customer_email ? String(body.customer_email) : null,
          customer_details: null,
          metadata: toStringRecord(body.metadata),
          subscription: null,
          lineItems,
          subscriptionMetadata: toStringRecord(subscriptionData?.metadata),
          trialEnd,
          created: now(),
        }
        state.sessions.set(session.id, session)
        return { status: 200, body: sessionJson(session) }
      }
      if (method === 'GET' && !sessionId) {
        const subscriptionId = query.subscription ? String(query.subscription) : undefined
        const matches = [...state.sessions.values()].filter((session) => !subscriptionId || session.subscription === subscriptionId)
        return {
          status: 200,
          body: list(
            '/v1/checkout/sessions',
            matches.map((session) =>
              sessionJson(
                session,
                expand.map((path) => path.replace(/^data\./, '')),
              ),
            ),
          ),
        }
      }
      if (method === 'GET' && sessionId) {
        const session = state.sessions.get(sessionId)
        return session ? { status: 200, body: sessionJson(session, expand) } : missingResource('checkout.session', sessionId)
      }
    }

    // Households (docs/decisions/111-household-plans.md): coupons, a subscription's added items, one-off invoices.
    const once = (make: () => { status: number; body: unknown }) => {
      const key = String(request.headers['idempotency-key'] ?? '')
      const replay = key ? idempotent.get(`${path}:${key}`) : undefined
      if (replay) return replay
      const answer = make()
      if (key && answer.status === 200) idempotent.set(`${path}:${key}`, answer)
      return answer
    }
    if (resource === 'coupons') {
      if (method === 'GET' && id) {
        const coupon = state.coupons.get(id)
        return coupon ? { status: 200, body: { ...coupon, object: 'coupon' } } : missingResource('coupon', id)
      }
      if (method === 'POST' && !id) {
        return once(() => {
          const couponId = String(body.id ?? newId('coupon'))
          if (state.coupons.has(couponId)) return invalid('Coupon already exists.', 'id')
          const coupon = {
            id: couponId,
            percent_off: Number(body.percent_off),
            duration: String(body.duration),
            name: body.name ? String(body.name) : null,
          }
          state.coupons.set(couponId, coupon)
          return { status: 200, body: { ...coupon, object: 'coupon' } }
        })
      }
    }
    if (resource === 'subscription_items') {
      if (method === 'POST' && !id) {
        return once(() => {
          const subscription = state.subscriptions.get(String(body.subscription ?? ''))
          if (!subscription) return invalid(`No such subscription: '${String(body.subscription ?? '')}'`, 'subscription')
          if (!priceById(String(body.price))) return invalid(`No such price: '${String(body.price)}'`, 'price')
          const [discount] = toArray(body.discounts) as Array<Record<string, FormValue>>
          const coupon = discount?.coupon ? String(discount.coupon) : null
          if (coupon && !state.coupons.has(coupon)) return invalid(`No such coupon: '${coupon}'`, 'discounts')
          const item = { id: newId('si'), priceId: String(body.price), coupon, metadata: toStringRecord(body.metadata) }
          subscription.addedItems = [...(subscription.addedItems ?? []), item]
          return { status: 200, body: { id: item.id, object: 'subscription_item', subscription: subscription.id, quantity: 1 } }
        })
      }
      if (method === 'DELETE' && id) {
        const subscription = [...state.subscriptions.values()].find((entry) => entry.addedItems?.some((item) => item.id === id))
        if (!subscription) return missingResource('subscription_item', id)
        subscription.addedItems = subscription.addedItems!.filter((item) => item.id !== id)
        return { status: 200, body: { id, object: 'subscription_item', deleted: true } }
      }
    }
    if (resource === 'invoiceitems' && method === 'POST' && !id) {
      return once(() => {
        const amount = Number(body.amount)
        if (!Number.isInteger(amount) || amount <= 0) return invalid('Invalid positive integer: amount', 'amount')
        const entry = {
          id: newId('ii'),
          customer: String(body.customer ?? ''),
          amount,
          description: body.description ? String(body.description) : null,
          metadata: toStringRecord(body.metadata),
        }
        state.pendingInvoiceItems.push(entry)
        return { status: 200, body: { ...entry, object: 'invoiceitem', currency: 'usd' } }
      })
    }
    if (resource === 'invoices' && method === 'POST' && !id) {
      return once(() => {
        const customer = String(body.customer ?? '')
        const taken = state.pendingInvoiceItems.filter((entry) => entry.customer === customer)
        state.pendingInvoiceItems = state.pendingInvoiceItems.filter((entry) => entry.customer !== customer)
        const draft: FakeDraftInvoice = {
          id: newId('in'),
          customer,
          amount: taken.reduce((sum, entry) => sum + entry.amount, 0),
          metadata: toStringRecord(body.metadata),
          status: 'draft',
        }
        state.draftInvoices.set(draft.id, draft)
        return { status: 200, body: { id: draft.id, object: 'invoice', status: 'draft', amount_due: draft.amount, amount_paid: 0 } }
      })
    }
    if (resource === 'invoices' && method === 'POST' && id && (segments[3] === 'pay' || segments[3] === 'void')) {
      const draft = state.draftInvoices.get(id)
      if (!draft) return missingResource('invoice', id)
      if (segments[3] === 'void') {
        draft.status = 'void'
        return { status: 200, body: { id, object: 'invoice', status: 'void', amount_paid: 0 } }
      }
      return once(() => {
        if (draft.status !== 'draft') return invalid(`Invoice is already ${draft.status}.`, undefined)
        if (state.declineInvoicePayments > 0) {
          state.declineInvoicePayments--
          return { status: 402, body: { error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' } } }
        }
        draft.status = 'paid'
        const at = now()
        state.invoices.push({
          id: draft.id,
          subscription: '',
          amountPaid: draft.amount,
          created: at,
          periodStart: at,
          periodEnd: at,
          paymentIntent: newId('pi'),
          customer: draft.customer,
          metadata: draft.metadata,
        })
        return { status: 200, body: { id, object: 'invoice', status: 'paid', amount_paid: draft.amount } }
      })
    }

    if (resource === 'subscriptions' && id) {
      const subscription = state.subscriptions.get(id)
      if (!subscription) return missingResource('subscription', id)
      if (method === 'GET') return { status: 200, body: subscriptionJson(subscription) }
      if (method === 'DELETE') {
        if (subscription.status === 'canceled')
          return invalid(`A canceled subscription can only update its cancellation_details and metadata.`, undefined)
        subscription.status = 'canceled'
        subscription.canceled_at = now()
        return { status: 200, body: subscriptionJson(subscription) }
      }
      if (method === 'POST') {
        if (subscription.status === 'canceled')
          return invalid(`A canceled subscription can only update its cancellation_details and metadata.`, undefined)
        if ('cancel_at' in body) subscription.cancel_at = body.cancel_at === '' ? null : Number(body.cancel_at)
        if (body.items) {
          const [item] = toArray(body.items) as Array<Record<string, FormValue>>
          if (!item || String(item.id) !== `si_${subscription.id}`) return invalid('No such subscription item', 'items')
          if (!priceById(String(item.price))) return invalid(`No such price: '${String(item.price)}'`, 'items')
          subscription.priceId = String(item.price)
        }
        if (body.metadata) Object.assign(subscription.metadata, toStringRecord(body.metadata))
        return { status: 200, body: subscriptionJson(subscription) }
      }
    }

    if (resource === 'subscription_schedules' && method === 'POST') {
      if (!id) {
        // A schedule from a subscription: one phase, the month already paid at its current price.
        const subscription = state.subscriptions.get(String(body.from_subscription ?? ''))
        if (!subscription) return invalid(`No such subscription: '${String(body.from_subscription ?? '')}'`, 'from_subscription')
        if ([...state.schedules.values()].some((schedule) => schedule.subscription === subscription.id))
          return invalid('You cannot migrate a subscription that is already attached to a schedule.', 'from_subscription')
        const start = subscription.created
        const schedule: FakeSchedule = {
          id: newId('sub_sched'),
          subscription: subscription.id,
          end_behavior: 'release',
          phases: [{ start_date: start, end_date: start + 30 * 24 * 3600, items: [{ price: subscription.priceId, quantity: 1 }] }],
        }
        state.schedules.set(schedule.id, schedule)
        return { status: 200, body: scheduleJson(schedule) }
      }
      const schedule = state.schedules.get(id)
      if (!schedule) return missingResource('subscription_schedule', id)
      if (body.end_behavior) schedule.end_behavior = String(body.end_behavior)
      if (body.phases) {
        const phases = toArray(body.phases) as Array<Record<string, FormValue>>
        for (const phase of phases) {
          for (const item of toArray(phase.items) as Array<Record<string, FormValue>>) {
            if (!priceById(String(item.price))) return invalid(`No such price: '${String(item.price)}'`, 'phases')
          }
        }
        schedule.phases = phases.map((phase) => ({
          start_date: Number(phase.start_date ?? 0),
          end_date: phase.end_date === undefined ? null : Number(phase.end_date),
          items: (toArray(phase.items) as Array<Record<string, FormValue>>).map((item) => ({
            price: String(item.price),
            quantity: Number(item.quantity ?? 1),
          })),
          ...(phase.duration ? { duration: phase.duration } : {}),
        }))
      }
      return { status: 200, body: scheduleJson(schedule) }
    }

    if (resource === 'invoices' && method === 'GET' && !id) {
      const matches = state.invoices
        .filter(
          (invoice) =>
            (!query.subscription || invoice.subscription === String(query.subscription)) && (!query.status || query.status === 'paid'),
        )
        .sort((a, b) => b.created - a.created)
      return {
        status: 200,
        body: list(
          '/v1/invoices',
          matches.map((invoice) => invoiceJson(invoice, expand)),
        ),
      }
    }

    if (resource === 'refunds' && method === 'GET' && !id) {
      const matches = state.refunds.filter((refund) => !query.payment_intent || refund.payment_intent === String(query.payment_intent))
      return {
        status: 200,
        body: list(
          '/v1/refunds',
          matches.map((refund) => ({ ...refund, object: 'refund', currency: 'usd' })),
        ),
      }
    }

    if (resource === 'refunds' && method === 'POST' && !id) {
      const key = String(request.headers['idempotency-key'] ?? '')
      const replay = key ? idempotent.get(key) : undefined
      if (replay) return replay
      const answer = createRefund(body)
      if (key && answer.status === 200) idempotent.set(key, answer)
      return answer
    }

    if (resource === 'accounts' && method === 'POST' && !id) {
      const key = String(request.headers['idempotency-key'] ?? '')
      const replay = key ? idempotent.get(key) : undefined
      if (replay) return replay
      if (body.type !== 'express') return invalid('Only Express accounts are faked.', 'type')
      const account: FakeAccount = {
        id: newId('acct'),
        email: body.email ? String(body.email) : null,
        metadata: toStringRecord(body.metadata),
        onboarded: false,
        created: now(),
      }
      state.accounts.set(account.id, account)
      const answer = { status: 200, body: accountJson(account) }
      if (key) idempotent.set(key, answer)
      return answer
    }

    if (resource === 'accounts' && method === 'GET' && id) {
      const account = state.accounts.get(id)
      return account ? { status: 200, body: accountJson(account) } : missingResource('account', id)
    }

    if (resource === 'account_links' && method === 'POST') {
      const account = state.accounts.get(String(body.account ?? ''))
      if (!account) return invalid(`No such account: '${String(body.account ?? '')}'`, 'account')
      if (!body.refresh_url || !body.return_url) return invalid('refresh_url and return_url are required', 'return_url')
      return {
        status: 200,
        body: {
          object: 'account_link',
          created: now(),
          expires_at: now() + 300,
          url: `${baseUrl}/connect/${account.id}?return_url=${encodeURIComponent(String(body.return_url))}`,
        },
      }
    }

    if (resource === 'transfers' && method === 'POST' && !id) {
      // Like Stripe, a key replays its first answer, a refusal included.
      const key = String(request.headers['idempotency-key'] ?? '')
      const replay = key ? idempotent.get(key) : undefined
      if (replay) return replay
      const answer = createTransfer(body)
      if (key) idempotent.set(key, answer)
      return answer
    }

    if (resource === 'transfers' && method === 'GET') {
      if (id) {
        const found = transfer(id)
        return found ? { status: 200, body: found } : missingResource('transfer', id)
      }
      const group = query.transfer_group ? String(query.transfer_group) : undefined
      const matches = state.transfers.filter((entry) => !group || entry.transfer_group === group).toReversed()
      return { status: 200, body: list('/v1/transfers', matches.map(transferJson)) }
    }

    if (resource === 'customers' && id && !sub && method === 'GET') {
      // The balance is the sum of the customer's balance transactions (a credit is negative), as Stripe keeps it.
      const balance = state.balanceTransactions.filter((entry) => entry.customer === id).reduce((sum, entry) => sum + entry.amount, 0)
      return { status: 200, body: { id, object: 'customer', balance, currency: 'usd', livemode: false } }
    }

    if (resource === 'customers' && id && sub === 'balance_transactions' && method === 'POST') {
      const key = String(request.headers['idempotency-key'] ?? '')
      const replay = key ? idempotent.get(key) : undefined
      if (replay) return replay
      if (state.failBalanceTransactions > 0) {
        state.failBalanceTransactions--
        return invalid('The customer balance cannot be changed right now (a test refusal).', undefined)
      }
      const amount = Number(body.amount)
      if (!Number.isInteger(amount) || amount === 0) return invalid('Invalid integer: amount', 'amount')
      if (String(body.currency ?? '') !== 'usd') return invalid('Missing required param: currency.', 'currency')
      const transaction = {
        id: newId('cbtxn'),
        customer: id,
        amount,
        currency: 'usd',
        description: body.description === undefined ? null : String(body.description),
        metadata: toStringRecord(body.metadata),
        created: now(),
      }
      state.balanceTransactions.push(transaction)
      const answer = { status: 200, body: { ...transaction, object: 'customer_balance_transaction', type: 'adjustment', livemode: false } }
      if (key) idempotent.set(key, answer)
      return answer
    }

    if (resource === 'billing_portal' && id === 'sessions' && method === 'POST') {
      if (!body.customer) return invalid('Missing required param: customer.', 'customer')
      const portal = {
        id: newId('bps'),
        customer: String(body.customer),
        return_url: String(body.return_url ?? ''),
        url: `${baseUrl}/portal/${String(body.customer)}`,
      }
      state.portalSessions.push(portal)
      return { status: 200, body: { ...portal, object: 'billing_portal.session', livemode: false } }
    }

    return notFound(path)
  }

  function createRefund(body: Record<string, FormValue>): { status: number; body: unknown } {
    if (state.failRefunds > 0) {
      state.failRefunds--
      return { status: 402, body: { error: { type: 'card_error', code: 'expired_or_canceled_card', message: 'The card was closed.' } } }
    }
    const paymentIntent = String(body.payment_intent ?? '')
    const invoice = state.invoices.find((entry) => entry.paymentIntent === paymentIntent)
    if (!invoice) return missingResource('payment_intent', paymentIntent)
    const refunded = state.refunds
      .filter((refund) => refund.payment_intent === paymentIntent)
      .reduce((sum, refund) => sum + refund.amount, 0)
    const amount = body.amount === undefined ? invoice.amountPaid - refunded : Number(body.amount)
    if (!Number.isInteger(amount) || amount <= 0) return invalid('Invalid positive integer: amount', 'amount')
    if (amount > invoice.amountPaid - refunded) {
      return invalid(`Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge`, 'amount')
    }
    const refund: FakeRefund = {
      id: newId('re'),
      amount,
      payment_intent: paymentIntent,
      status: 'succeeded',
      metadata: toStringRecord(body.metadata),
      created: now(),
    }
    state.refunds.push(refund)
    return { status: 200, body: { ...refund, object: 'refund', currency: 'usd' } }
  }

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      if (state.down) {
        response.writeHead(503, { 'Content-Type': 'application/json', 'Stripe-Should-Retry': 'false' })
        response.end(JSON.stringify({ error: { type: 'api_error', message: 'Stripe is unavailable (a test outage).' } }))
        return
      }
      let result: { status: number; body: unknown; html?: string }
      try {
        result = handle(request, Buffer.concat(chunks).toString('utf8'))
      } catch (error) {
        result = { status: 500, body: { error: { type: 'api_error', message: error instanceof Error ? error.message : String(error) } } }
      }
      if (result.html !== undefined) {
        response.writeHead(result.status, { 'Content-Type': 'text/html; charset=utf-8' })
        response.end(result.html)
        return
      }
      response.writeHead(result.status, {
        'Content-Type': 'application/json',
        'Request-Id': `req_${crypto.randomBytes(6).toString('hex')}`,
      })
      response.end(JSON.stringify(result.body))
    })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve())
  })
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  return {
    url: baseUrl,
    state,
    requests,
    /** Requests to one method and path (exact, or a prefix ending in '/'). */
    requestsTo(method: string, path: string) {
      return requests.filter((entry) => entry.method === method && (path.endsWith('/') ? entry.path.startsWith(path) : entry.path === path))
    },
    completeCheckout,
    setSubscriptionStatus,
    completeOnboarding,
    transfer,
    reverseTransfer,
    advanceSchedule,
    payInvoice,
    /** The invoices of a subscription, newest first. */
    invoicesOf(subscriptionId: string) {
      return state.invoices.filter((invoice) => invoice.subscription === subscriptionId).sort((a, b) => b.created - a.created)
    },
    subscription,
    checkoutSession,
    /** The latest checkout session created (most tests create one). */
    lastCheckoutSession() {
      const all = [...state.sessions.values()]
      return all.length ? sessionJson(all[all.length - 1]!) : undefined
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections() // the SDK keeps connections alive
      }),
  }
}

// --- webhooks ----------------------------------------------------------------------------------------------------

/** An event as Stripe delivers it. */
export function stripeEvent(type: string, object: unknown, id = `evt_test_${crypto.randomBytes(9).toString('hex')}`) {
  return {
    id,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  }
}

/** The raw body and a valid `Stripe-Signature` header for it. */
export function signEvent(event: unknown, secret: string) {
  const payload = JSON.stringify(event)
  return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret }) }
}

/** Delivers a signed event to a running app's webhook endpoint, as Stripe does. */
export async function postWebhook(endpoint: string, event: unknown, secret: string) {
  const { payload, signature } = signEvent(event, secret)
  return fetch(endpoint, { method: 'POST', headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature }, body: payload })
}

// --- form parsing: the SDK sends `a[b][0][c]=v` (application/x-www-form-urlencoded, bracket notation) ------------

export function parseForm(params: URLSearchParams): Record<string, FormValue> {
  const root: Record<string, FormValue> = {}
  for (const [key, value] of params) {
    const path = key.replace(/\]/g, '').split('[')
    let node: Record<string, FormValue> = root
    path.forEach((part, index) => {
      if (index === path.length - 1) {
        node[part] = value
        return
      }
      node[part] ??= {}
      node = node[part] as Record<string, FormValue>
    })
  }
  return arraysFromIndexedObjects(root) as Record<string, FormValue>
}

/** `{ '0': a, '1': b }` → `[a, b]`, recursively. */
function arraysFromIndexedObjects(value: FormValue): FormValue {
  if (typeof value === 'string' || Array.isArray(value)) return value
  const keys = Object.keys(value)
  const converted = Object.fromEntries(keys.map((key) => [key, arraysFromIndexedObjects(value[key]!)]))
  if (keys.length > 0 && keys.every((key) => /^\d+$/.test(key))) {
    return keys.sort((a, b) => Number(a) - Number(b)).map((key) => converted[key]!)
  }
  return converted
}

function toArray(value: FormValue | undefined): FormValue[] {
  if (value === undefined) return []
  return Array.isArray(value) ? value : [value]
}

function toStrings(value: FormValue | undefined): string[] {
  return toArray(value).map(String)
}

function toStringRecord(value: FormValue | undefined): Record<string, string> {
  if (!value || typeof value === 'string' || Array.isArray(value)) return {}
  return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, String(entry)]))
}

function notFound(path: string) {
  return { status: 404, body: { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${path}).` } } }
}

function missingResource(kind: string, id: string) {
  return {
    status: 404,
    body: { error: { type: 'invalid_request_error', code: 'resource_missing', param: 'id', message: `No such ${kind}: '${id}'` } },
  }
}

function invalid(message: string, param: string | undefined) {
  return { status: 400, body: { error: { type: 'invalid_request_error', message, ...(param ? { param } : {}) } } }
}

function page(title: string, body: string) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><main><h1>${title}</h1>${body}</main></body></html>`
}

/** Our lookup keys name their interval: a yearly price's key ends in _yearly (app/domain/plans.ts). */
function intervalOfKey(lookupKey: string): 'month' | 'year' {
  return lookupKey.endsWith('_yearly') ? 'year' : 'month'
}
