import { eq } from 'drizzle-orm'

import { db } from '~/db/client.server'
import { localCheckouts } from '~/db/schema'
import { addCalendarMonths } from '~/domain/calendar'
import { env } from '~/env.server'
import type { PaymentsAdapter } from '~/services/payments-adapter.server'

/**
 * The offline twin of Stripe, the embedded default (payments.server.ts chooses it while no Stripe keys are set): one
 * checkout page of our own at /dev/checkout/:id, and no money moving.
 */

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
        periodEnd: addCalendarMonths(start, policy.billingInterval === 'year' ? 12 : 1).toISOString(),
        // No card was charged: the refund rows are the record, and none took money off this payment.
        refundedCents: 0,
      },
    ]
  },

  async refund() {
    // No card was charged; the refund row the caller keeps is what the test checkout page shows.
    return { stripeRefundIds: [], shortCents: 0 }
  },

  async createConnectedAccount(group) {
    // Offline, the group's account is named after the group: made again, it is the same account.
    return { accountId: `acct_local_${group.id}` }
  },

  async createAccountLink(_accountId, { returnUrl }) {
    // No onboarding to do offline: the shop comes straight back, ready.
    return { url: returnUrl }
  },

  async connectedAccountReady() {
    return { ready: true }
  },

  async transferPayout({ payoutId }) {
    // No money moves offline; one id per payout, so a second call is the same transfer.
    return { transferId: `tr_local_${payoutId}` }
  },

  async creditBalance() {
    // No invoice comes locally: the credits ledger row the caller keeps is the credit.
    return { stripeId: null }
  },

  async balanceCreditCents() {
    // No balance exists locally: a credit is its ledger row, and nothing was charged to give it back from.
    return 0
  },

  async takeBackBalance() {
    // No balance to take a credit off.
  },

  async addVehicleItem(_household, { policyId, chargeCents }) {
    // No subscription exists offline: the item and the charge are named after the policy, so a retry is the same one.
    return { itemId: `si_local_${policyId}`, invoiceRef: chargeCents > 0 ? `local_charge_${policyId}` : null }
  },

  async removeVehicleItem() {
    // No subscription item exists offline.
  },
}

/** An open local checkout, or undefined (unknown id). */
export function findLocalCheckout(id: string) {
  return db().select().from(localCheckouts).where(eq(localCheckouts.id, id)).get()
}
