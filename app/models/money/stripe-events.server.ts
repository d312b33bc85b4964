import { z } from 'zod'

import { isLookupKey } from '~/domain/plans'
import { logger } from '~/logger.server'
import { recordTransfer, recordTransferReversed, setConnectedAccountReady } from '~/models/money/shop-payments.server'
import { fulfilPaidCheckout } from '~/models/policies/fulfilment.server'
import { endedByOwnershipTransfer } from '~/models/policies/ownership-transfer.server'
import {
  findPolicyBySubscription,
  isEventProcessed,
  recordEvent,
  type StripeEventRef,
  syncPolicyWithSubscription,
} from '~/models/policies/subscriptions.server'
import { recordStripeWebhook } from '~/server/metrics.server'
import { paymentEvents } from '~/services/payments.server'
import { type PaymentEventsApi, type StripeCheckoutSession, type StripeSubscription } from '~/services/stripe.server'

/**
 * Stripe's webhook events, behind POST /api/stripe-webhook. Verifies the signature against the raw body (400 if it doesn't match),
 * then applies the event. Each event id is recorded in `stripe_events` together with its effect, so a redelivered
 * event is acknowledged and skipped. We answer 2xx only when the event was handled; anything else is a 500 so that
 * Stripe retries it (with backoff, for days).
 *
 * Subscription events (`customer.subscription.updated/deleted`, `invoice.paid`, `invoice.payment_failed`) never trust
 * the event's copy: the subscription is re-read from Stripe and the policy set from what it says now, so duplicated
 * and out-of-order deliveries end in the same state.
 *
 * An event for a subscription we have no policy for yet (it can beat `checkout.session.completed`): we look up the
 * checkout session that created the subscription and fulfil it first — the same idempotent fulfilment the
 * `completed` event runs — so the outcome doesn't depend on the order. If that session isn't complete yet, we answer
 * 500 and Stripe retries. A subscription that didn't come from our checkout (no checkout session, none of our
 * metadata) is recorded and ignored.
 *
 * A correctly signed event we cannot use (not JSON, no data.object, ids of the wrong shape, an object Stripe says does
 * not exist) would fail the same way on every retry: it is recorded in `stripe_events` (only logged when it has no
 * id) and answered 200 with a note. Only failures that a retry can cure (the database busy, Stripe unreachable, an
 * event that came too early) answer 500.
 */

/** Stripe's events API, through the payments chooser (the one way to Stripe). */
async function stripeEvents(): Promise<PaymentEventsApi> {
  const api = await paymentEvents()
  if (!api) throw new Error('Stripe events arrived while payments are local')
  return api
}

/** What the webhook answers Stripe: 2xx when the event was handled (or can never be), 400 for a bad signature, 500 to retry. */
export type WebhookAnswer = { status: number; body: Record<string, unknown> }

/** Verifies a delivery against its raw body and applies it; never throws. */
export async function processStripeWebhook(payload: string, signature: string | null): Promise<WebhookAnswer> {
  const stripe = await stripeEvents()
  try {
    stripe.verify(payload, signature)
  } catch {
    recordStripeWebhook('unverified', 'bad_signature')
    return { status: 400, body: { error: 'Invalid Stripe signature' } }
  }
  const read = readEvent(payload)
  if (!read.ok) return acknowledgeUnusable(read.id, read.type, read.note)
  const event = read.event

  try {
    const outcome = await oneAtATime(() => handleStripeEvent(event))
    recordStripeWebhook(event.type, outcome)
    return { status: 200, body: { received: true, outcome } }
  } catch (error) {
    if (error instanceof UnusableEvent) return acknowledgeUnusable(event.id, event.type, error.message)
    recordStripeWebhook(event.type, error instanceof RetryLater ? 'retry' : 'error')
    if (error instanceof RetryLater)
      logger.warn({ stripeEvent: event.id, type: event.type, reason: error.message }, 'stripe event: asking Stripe to retry')
    else logger.error({ stripeEvent: event.id, type: event.type, err: error }, 'stripe event failed')
    return { status: 500, body: { error: 'Webhook handling failed; Stripe will retry' } }
  }
}

/** Not an error in the data: the event came too early; a later delivery will succeed. */
class RetryLater extends Error {}

/** An error in the data: every delivery of this event would fail the same way. */
class UnusableEvent extends Error {}

/** The part of an event we rely on; anything else in it is Stripe's business. */
const EventSchema = z.object({
  id: z.string().min(1).max(255),
  type: z.string().min(1).max(255),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
})
type StripeEvent = z.infer<typeof EventSchema>

function readEvent(payload: string): { ok: true; event: StripeEvent } | { ok: false; id: string | null; type: string; note: string } {
  let json: unknown
  try {
    json = JSON.parse(payload)
  } catch {
    return { ok: false, id: null, type: 'unknown', note: 'the body is not JSON' }
  }
  const parsed = EventSchema.safeParse(json)
  if (parsed.success) return { ok: true, event: parsed.data }
  const raw = json && typeof json === 'object' ? (json as Record<string, unknown>) : {}
  const text = (value: unknown) => (typeof value === 'string' && value.length > 0 && value.length <= 255 ? value : null)
  const issue = parsed.error.issues[0]
  return {
    ok: false,
    id: text(raw.id),
    type: text(raw.type) ?? 'unknown',
    note: `${issue?.path.join('.') || 'event'}: ${issue?.message ?? 'not an event'}`,
  }
}

/** Records (or, without an id, only logs) a signed event we cannot use, and acknowledges it so Stripe stops sending it. */
function acknowledgeUnusable(id: string | null, type: string, note: string): WebhookAnswer {
  recordStripeWebhook(type, 'unusable')
  logger.warn({ stripeEvent: id, type, reason: note }, 'stripe event unusable; acknowledged')
  if (id) recordEvent({ id, type, objectId: null })
  return { status: 200, body: { received: true, outcome: 'unusable', note } }
}

/** Stripe ids are a prefix, an underscore and letters, digits or underscores; anything else is not one of theirs. */
const STRIPE_ID_KINDS = { cs: 'checkout session', sub: 'subscription', acct: 'account', tr: 'transfer' } as const

function stripeIdOf(value: unknown, prefix: keyof typeof STRIPE_ID_KINDS, what: string): string {
  if (typeof value === 'string' && new RegExp(`^${prefix}_[A-Za-z0-9_]{1,250}$`).test(value)) return value
  throw new UnusableEvent(`${what} is not a Stripe ${STRIPE_ID_KINDS[prefix]} id`)
}

/** A read from Stripe whose object Stripe says does not exist makes the event unusable; other failures are retried. */
async function fromStripe<T>(read: () => Promise<T>, what: string): Promise<T> {
  try {
    return await read()
  } catch (error) {
    if ((await stripeEvents()).isMissingObject(error)) throw new UnusableEvent(`${what} does not exist at Stripe`)
    throw error
  }
}

// One event at a time in this process: two deliveries of the same event (or of two events about one subscription)
// never interleave between "already recorded?" and the write. The app runs as one process.
let queue: Promise<unknown> = Promise.resolve()
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const run = queue.then(work, work)
  queue = run.catch(() => undefined)
  return run
}

export type WebhookOutcome = 'duplicate' | 'ignored' | 'fulfilled' | 'synced'

const SUBSCRIPTION_EVENTS = new Set([
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
])

/** A payout's transfer: made (the daily job's answer may have been lost) or reversed. */
const TRANSFER_EVENTS = new Set(['transfer.created', 'transfer.updated', 'transfer.reversed'])

async function handleStripeEvent(event: StripeEvent): Promise<WebhookOutcome> {
  if (isEventProcessed(event.id)) return 'duplicate'
  const object = event.data.object
  const ref: StripeEventRef = { id: event.id, type: event.type, objectId: typeof object.id === 'string' ? object.id.slice(0, 255) : null }

  if (event.type === 'checkout.session.completed') {
    const sessionId = stripeIdOf(object.id, 'cs', 'data.object.id')
    const session = await fromStripe(async () => (await stripeEvents()).retrieveCheckoutSession(sessionId), `checkout session ${sessionId}`)
    const fulfilled = await fulfilSession(session)
    if (!fulfilled) {
      recordEvent(ref)
      return 'ignored'
    }
    // Bring the new policy straight in line with the subscription (an early past_due or cancel may already be there).
    if (session.subscription) return syncSubscription(session.subscription, ref)
    recordEvent(ref)
    return 'fulfilled'
  }

  if (event.type === 'account.updated') {
    // A shop's Connect account: whether it can receive transfers, as Stripe says now (not as the event said then).
    const accountId = stripeIdOf(object.id, 'acct', 'data.object.id')
    const ready = await fromStripe(async () => (await stripeEvents()).accountReady(accountId), `account ${accountId}`)
    const known = setConnectedAccountReady(accountId, ready)
    recordEvent(ref)
    return known ? 'synced' : 'ignored'
  }

  if (TRANSFER_EVENTS.has(event.type)) {
    const transferId = stripeIdOf(object.id, 'tr', 'data.object.id')
    const transfer = await fromStripe(async () => (await stripeEvents()).retrieveTransfer(transferId), `transfer ${transferId}`)
    const payoutId = transfer.metadata?.payout_id
    if (!payoutId) {
      recordEvent(ref) // a transfer not made for one of our payouts
      return 'ignored'
    }
    const applied = transfer.reversed
      ? recordTransferReversed(payoutId, transfer.id)
      : (await recordTransfer(payoutId, transfer.id, 'stripe')).recorded
    recordEvent(ref)
    return applied ? 'synced' : 'ignored'
  }

  if (SUBSCRIPTION_EVENTS.has(event.type)) {
    const subscriptionId = subscriptionIdOf(event)
    if (!subscriptionId) {
      recordEvent(ref) // e.g. a one-off invoice: nothing of ours
      return 'ignored'
    }
    return syncSubscription(subscriptionId, ref)
  }

  recordEvent(ref)
  return 'ignored'
}

/** Re-reads the subscription and applies it; fulfils its checkout first when the policy doesn't exist yet. */
async function syncSubscription(subscriptionId: string, ref: StripeEventRef): Promise<WebhookOutcome> {
  // The previous owner's subscription, ended when their policy passed to the vehicle's next owner: no policy is its.
  if (endedByOwnershipTransfer(subscriptionId)) {
    recordEvent(ref)
    return 'ignored'
  }
  const subscription = await fromStripe(
    async () => (await stripeEvents()).retrieveSubscription(subscriptionId),
    `subscription ${subscriptionId}`,
  )
  if (!findPolicyBySubscription(subscriptionId)) {
    const session = await (await stripeEvents()).findCheckoutSessionForSubscription(subscriptionId)
    if (!session) {
      if (!isOurs(subscription)) {
        recordEvent(ref)
        return 'ignored'
      }
      throw new RetryLater(`no checkout session found yet for subscription ${subscriptionId}`)
    }
    if (!(await fulfilSession(session))) {
      recordEvent(ref)
      return 'ignored'
    }
  }
  const outcome = await syncPolicyWithSubscription(stateOf(subscription), ref)
  if (outcome.kind === 'unknown-subscription') throw new RetryLater(`no policy for subscription ${subscriptionId}`)
  return outcome.kind === 'duplicate' ? 'duplicate' : 'synced'
}

const MetadataSchema = z.object({
  lookup_key: z.string().refine(isLookupKey),
  partner_location_id: z.string().optional(),
  tos_version: z.string().min(1),
  tos_accepted_at: z.string().min(1),
  ownership_transfer_id: z.string().min(1).max(64).optional(),
  // Absent on checkouts started before signup asked for the state.
  governing_state: z.string().optional(),
  renewal_terms_version: z.string().optional(),
  esign_version: z.string().optional(),
  consented_at: z.string().optional(),
  client_ip: z.string().optional(),
  user_agent: z.string().optional(),
})

/** The consent facts a checkout carried (none on a checkout started before signup asked for consent). */
function consentOf(metadata: z.infer<typeof MetadataSchema>) {
  if (!metadata.renewal_terms_version || !metadata.esign_version || !metadata.consented_at) return null
  return {
    renewalTermsVersion: metadata.renewal_terms_version,
    esignVersion: metadata.esign_version,
    consentedAt: metadata.consented_at,
    clientIp: metadata.client_ip || null,
    userAgent: metadata.user_agent || null,
  }
}

/**
 * Creates the policy for a completed checkout session (idempotent: the same session gives the same policy).
 * Returns false for a session that isn't one of our plan checkouts; throws RetryLater while it isn't complete.
 */
async function fulfilSession(session: StripeCheckoutSession): Promise<boolean> {
  const metadata = MetadataSchema.safeParse(session.metadata ?? {})
  if (session.mode !== 'subscription' || !metadata.success) return false
  if (session.status !== 'complete') throw new RetryLater(`checkout session ${session.id} is ${session.status ?? 'not complete'}`)

  const email = session.customer_details?.email ?? session.customer_email
  if (!email) throw new Error(`checkout session ${session.id} has no customer e-mail`)
  const lookupKey = metadata.data.lookup_key as Parameters<typeof fulfilPaidCheckout>[0]['lookupKey']
  const monthlyPriceCents = await chargedAmount(session, lookupKey)

  const fulfilled = await fulfilPaidCheckout({
    checkoutSessionId: session.id,
    email,
    fullName: session.customer_details?.name ?? null,
    lookupKey,
    monthlyPriceCents,
    // Fulfilment drops a partner location that doesn't exist (a deleted one must not block the policy).
    partnerLocationId: metadata.data.partner_location_id || null,
    tosVersion: metadata.data.tos_version,
    tosAcceptedAt: metadata.data.tos_accepted_at,
    governingState: metadata.data.governing_state || null,
    consent: consentOf(metadata.data),
    profileId: session.client_reference_id ?? null,
    stripeCustomerId: session.customer ?? null,
    stripeSubscriptionId: session.subscription ?? null,
    ownershipTransferId: metadata.data.ownership_transfer_id ?? null,
  })
  // A payment for an offer that could no longer be taken moved nothing (and its subscription was ended): no policy.
  return fulfilled.policy !== null
}

/** The amount on the session's line (what was actually charged), else today's price for the lookup key. */
async function chargedAmount(session: StripeCheckoutSession, lookupKey: string) {
  const fromLine = session.line_items?.data[0]?.price?.unit_amount
  if (typeof fromLine === 'number') return fromLine
  const price = (await (await stripeEvents()).listPrices([lookupKey]))[lookupKey]
  if (!price) throw new Error(`no price for ${lookupKey} on checkout session ${session.id}`)
  return price.amountCents
}

function isOurs(subscription: StripeSubscription) {
  return MetadataSchema.safeParse(subscription.metadata ?? {}).success
}

function stateOf(subscription: StripeSubscription) {
  return {
    id: subscription.id,
    status: subscription.status,
    cancelAt: subscription.cancel_at ?? null,
    canceledAt: subscription.canceled_at ?? null,
  }
}

const idOf = (value: unknown) =>
  typeof value === 'string' ? value : value && typeof value === 'object' && 'id' in value && typeof value.id === 'string' ? value.id : null

/**
 * The subscription an event is about: the object itself, or an invoice's subscription (old and new API shapes). Null
 * for an invoice without one; an id of the wrong shape makes the event unusable.
 */
function subscriptionIdOf(event: StripeEvent): string | null {
  const object = event.data.object
  if (event.type.startsWith('customer.subscription.')) return stripeIdOf(object.id, 'sub', 'data.object.id')
  const parent = object.parent && typeof object.parent === 'object' ? (object.parent as { subscription_details?: unknown }) : null
  const details =
    parent?.subscription_details && typeof parent.subscription_details === 'object'
      ? (parent.subscription_details as { subscription?: unknown })
      : null
  const id = idOf(object.subscription) ?? idOf(details?.subscription)
  return id === null ? null : stripeIdOf(id, 'sub', "the invoice's subscription")
}
