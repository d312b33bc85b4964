import Stripe from 'stripe'

import { env } from '~/env.server'
import type { PaymentsAdapter } from '~/services/payments-adapter.server'
import {
  addVehicleItem,
  balanceCreditCents,
  cancelSubscriptionNow,
  createCheckout,
  createPortalSession,
  creditBalance,
  findCheckoutSessionForSubscription,
  listStripePrices,
  moveSubscriptionToPrice,
  paymentsFor,
  publishPrice,
  refund,
  removeVehicleItem,
  retrieveCheckoutSession,
  retrieveSubscription,
  scheduleYearlySwitch,
  setRenewal,
  type StripeCheckoutSession,
  type StripePrice,
  type StripeSubscription,
  takeBackBalance,
} from '~/services/stripe-billing.server'
import { stripe } from '~/services/stripe-client.server'
import {
  createAccountLink,
  createConnectedAccount,
  isAccountReady,
  retrieveAccount,
  retrieveTransfer,
  type StripeTransfer,
  transferPayout,
} from '~/services/stripe-connect.server'

/**
 * The Stripe adapter, put together: billing (stripe-billing.server.ts) and Connect (stripe-connect.server.ts) behind
 * the one PaymentsAdapter that payments.server.ts chooses, and what the webhook needs (signature check and re-reads).
 */

export {
  CheckoutUnavailableError,
  listStripePrices,
  type StripeCheckoutSession,
  type StripeSubscription,
} from '~/services/stripe-billing.server'

// --- webhooks --------------------------------------------------------------------------------------------------

/**
 * Verifies the signature against the raw body; throws on a bad or missing signature. It does not parse the body: a
 * correctly signed body that is not an event we can use must be acknowledged by the caller, not refused like a forgery.
 */
export function verifyStripeSignature(payload: string, signature: string | null): void {
  const secret = env().STRIPE_WEBHOOK_SECRET
  if (!secret) throw new Error('STRIPE_WEBHOOK_SECRET is unset')
  if (!signature)
    throw new Stripe.errors.StripeSignatureVerificationError(signature ?? '', payload, { message: 'No Stripe-Signature header' })
  const verifier = stripe().webhooks.signature
  if (!verifier) throw new Error('The Stripe SDK offers no webhook signature check')
  // Stripe signs the events of the shops' connected accounts with the Connect endpoint's own secret, when it has one.
  const connectSecret = env().STRIPE_CONNECT_WEBHOOK_SECRET
  try {
    verifier.verifyHeader(payload, signature, secret)
  } catch (error) {
    if (!connectSecret) throw error
    verifier.verifyHeader(payload, signature, connectSecret)
  }
}

/** Stripe answered that the object does not exist (for our key): asking again will not change that. */
export function isMissingStripeObject(error: unknown) {
  return error instanceof Stripe.errors.StripeInvalidRequestError && (error.statusCode === 404 || error.code === 'resource_missing')
}

// --- the adapter -----------------------------------------------------------------------------------------------

const adapter: PaymentsAdapter = {
  name: 'stripe',
  createCheckout,
  cancelSubscriptionNow,
  setRenewal,
  publishPrice,
  moveSubscriptionToPrice,
  scheduleYearlySwitch,
  paymentsFor,
  refund,
  addVehicleItem,
  removeVehicleItem,
  createConnectedAccount,
  createAccountLink,
  async connectedAccountReady(accountId) {
    return { ready: isAccountReady(await retrieveAccount(accountId)) }
  },
  transferPayout,
  creditBalance,
  balanceCreditCents,
  takeBackBalance,
  createPortalSession,
  async listPrices(lookupKeys) {
    const found = await listStripePrices(lookupKeys)
    return Object.fromEntries(Object.entries(found).map(([key, price]) => [key, price.amountCents]))
  },
}

/** Stripe's side of its webhook events: signature check and the re-reads that make events order-independent. */
export type PaymentEventsApi = {
  verify(payload: string, signature: string | null): void
  retrieveCheckoutSession(id: string): Promise<StripeCheckoutSession>
  findCheckoutSessionForSubscription(subscriptionId: string): Promise<StripeCheckoutSession | null>
  retrieveSubscription(id: string): Promise<StripeSubscription>
  listPrices(lookupKeys: readonly string[]): Promise<Record<string, StripePrice>>
  /** A connected account as Stripe has it now: whether it can receive transfers. */
  accountReady(accountId: string): Promise<boolean>
  retrieveTransfer(transferId: string): Promise<StripeTransfer>
  /** True for Stripe's answer that an object does not exist (so retrying cannot help). */
  isMissingObject(error: unknown): boolean
}

export const stripeEvents: PaymentEventsApi = {
  verify: verifyStripeSignature,
  retrieveCheckoutSession,
  findCheckoutSessionForSubscription,
  retrieveSubscription,
  listPrices: listStripePrices,
  accountReady: async (accountId) => isAccountReady(await retrieveAccount(accountId)),
  retrieveTransfer,
  isMissingObject: isMissingStripeObject,
}

export function stripeAdapter(): PaymentsAdapter {
  return adapter
}
