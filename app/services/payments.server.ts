import { eq } from 'drizzle-orm'

import { db } from '~/db/client.server'
import { type ConsentFacts, localCheckouts, type Policy } from '~/db/schema'
import type { LookupKey } from '~/domain/plans'
import { addMonths } from '~/domain/price-changes'
import { env } from '~/env.server'
import type { StripeCheckoutSession, StripePrice, StripeSubscription } from '~/services/stripe.server'

/** What a checkout needs: the plan (by lookup key), its price as the server computed it, and the terms accepted. */
export type CheckoutInput = {
  lookupKey: LookupKey
  amountCents: number
  partnerLocationId: string | null
  tosVersion: string
  tosAcceptedAt: string
  /** The buyer's state of residence, recorded on the policy. */
  governingState: string
  /** What the buyer consented to at signup, for the policy's consent record. */
  consent: ConsentFacts
  profile: { id: string; email: string } | null
  /** Where 'back' from the payment page leads: the configured plan on /signup. */
  cancelPath: string
  /** Set when the payment takes over a policy from the vehicle's previous owner: fulfilment moves it, creates none. */
  ownershipTransferId?: string | null
}

/** One payment the customer made for a policy: how much, and the billing period it paid for. */
export type PaidPeriod = {
  /** Stripe's invoice id, or the local checkout's id. */
  ref: string
  amountCents: number
  periodStart: string
  periodEnd: string
}

/** One interface over Stripe and the local test checkout, so routes and models never ask which is live. */
export interface PaymentsAdapter {
  name: 'stripe' | 'local'
  createCheckout(input: CheckoutInput): Promise<{ id: string; url: string }>
  /** Ends the subscription now. Local: nothing to end, succeeds. */
  cancelSubscriptionNow(policy: Policy): Promise<void>
  /** Turns off renewal at `cancelAt` (the end of the commitment), or back on with null. */
  setRenewal(policy: Policy, cancelAt: Date | null): Promise<void>
  /**
   * A scheduled price change reaches the catalogue: new signups pay `amountCents` for this lookup key from now on.
   * Stripe: a new Price that takes the lookup key over (Stripe prices cannot change). Local: the caller updates the
   * `prices` table. Returns the new Stripe price id, or null.
   */
  publishPrice(lookupKey: LookupKey, amountCents: number, idempotencyKey: string): Promise<{ stripePriceId: string | null }>
  /** Moves the subscription to the lookup key's current price from its next charge, without proration. Local: nothing to move. */
  moveSubscriptionToPrice(policy: Policy, lookupKey: LookupKey): Promise<void>
  /**
   * A monthly subscription moves to this yearly lookup key's price at the end of its current month, without proration
   * (Stripe: a subscription schedule whose next phase is the yearly price). Returns when the switch happens, or null
   * when the caller computes it (local: the policy's next monthly renewal; the daily job applies it then).
   */
  scheduleYearlySwitch(policy: Policy, yearlyKey: LookupKey): Promise<{ at: Date | null }>
  /** What the customer paid for this policy, newest payment first. */
  paymentsFor(policy: Policy): Promise<PaidPeriod[]>
  /**
   * Pays back `amountCents` of what was paid for the policy, newest payment first until the amount is covered. Safe to
   * call again for the same `refundId` (a retry): what was already refunded for it is not refunded twice. Local: no
   * money moved, the caller's refund row is the record.
   */
  refund(policy: Policy, input: { refundId: string; amountCents: number }): Promise<{ stripeRefundIds: string[] }>
  /** Stripe's customer portal (card updates, invoices). Stripe only. */
  createPortalSession?(policy: Policy, returnUrl: string): Promise<{ url: string }>
  /** Monthly amounts in cents per lookup key, from the provider's price list. Stripe only (local prices are a table). */
  listPrices?(lookupKeys: readonly LookupKey[]): Promise<Partial<Record<LookupKey, number>>>
  /** What the Stripe webhook needs to verify and apply events (Stripe only; the local checkout sends no events). */
  events?: PaymentEventsApi
}

/** Stripe's side of its webhook events: signature check and the re-reads that make events order-independent. */
export type PaymentEventsApi = {
  verify(payload: string, signature: string | null): void
  retrieveCheckoutSession(id: string): Promise<StripeCheckoutSession>
  findCheckoutSessionForSubscription(subscriptionId: string): Promise<StripeCheckoutSession | null>
  retrieveSubscription(id: string): Promise<StripeSubscription>
  listPrices(lookupKeys: readonly string[]): Promise<Record<string, StripePrice>>
  /** True for Stripe's answer that an object does not exist (so retrying cannot help). */
  isMissingObject(error: unknown): boolean
}

/** The live adapter: Stripe when keys are set, else the local test checkout. */
export async function payments(): Promise<PaymentsAdapter> {
  if (env().payments === 'stripe') {
    const { stripeAdapter } = await import('~/services/stripe.server')
    return stripeAdapter()
  }
  return localPayments
}

/** Local test checkout: a `local_checkouts` row plays Stripe's checkout session; Pay on /dev/checkout/:id fulfils it. */
export const localPayments: PaymentsAdapter = {
  name: 'local',

  async createCheckout(input) {
    const row = db()
      .insert(localCheckouts)
      .values({
        lookupKey: input.lookupKey,
        amountCents: input.amountCents,
        partnerLocationId: input.partnerLocationId,
        profileId: input.profile?.id ?? null,
        tosVersion: input.tosVersion,
        tosAcceptedAt: input.tosAcceptedAt,
        governingState: input.governingState,
        consent: input.consent,
        cancelPath: input.cancelPath,
        ownershipTransferId: input.ownershipTransferId ?? null,
      })
      .returning({ id: localCheckouts.id })
      .get()
    return { id: row.id, url: `${env().APP_URL}/dev/checkout/${row.id}` }
  },

  async cancelSubscriptionNow() {
    // No subscription exists outside Stripe; the caller records the cancellation.
  },

  async setRenewal() {
    // Local mode has no renewing subscription; the caller records cancel_at on the policy.
  },

  async publishPrice() {
    // The local catalogue is the `prices` table, which the caller updates.
    return { stripePriceId: null }
  },

  async moveSubscriptionToPrice() {
    // No subscription exists outside Stripe; the caller records the policy's new price.
  },

  async scheduleYearlySwitch() {
    // No subscription exists outside Stripe: the policy records the switch and the daily job applies it.
    return { at: null }
  },

  async paymentsFor(policy) {
    // Local mode charges once, at the test checkout: that payment is for the first billing period. Nothing renews.
    const checkout = policy.stripeCheckoutSessionId ? findLocalCheckout(policy.stripeCheckoutSessionId) : undefined
    if (!checkout || checkout.status !== 'complete') return []
    const start = new Date(policy.createdAt)
    return [
      {
        ref: checkout.id,
        amountCents: checkout.amountCents,
        periodStart: start.toISOString(),
        periodEnd: addMonths(start, policy.billingInterval === 'year' ? 12 : 1).toISOString(),
      },
    ]
  },

  async refund() {
    // No card was charged; the refund row the caller keeps is what the test checkout page shows.
    return { stripeRefundIds: [] }
  },
}

/** An open local checkout, or undefined (unknown id). */
export function findLocalCheckout(id: string) {
  return db().select().from(localCheckouts).where(eq(localCheckouts.id, id)).get()
}
