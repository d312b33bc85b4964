import type { ConsentFacts, Policy } from '~/db/schema'
import type { LookupKey } from '~/domain/plans'

/**
 * The payments interface: what routes and models ask of payments, whichever provider is live. Stripe
 * (stripe.server.ts) and the local test checkout (payments.server.ts) implement it; payments.server.ts chooses one.
 * The interface imports neither, so an adapter and the chooser never import each other.
 */

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
  /**
   * The first charge waits until this moment (ISO), a time already paid for (Stripe: a trial to then); null: charged at
   * checkout. At least two days ahead (app/domain/billing.ts SHORTEST_CARRIED_PERIOD_MS).
   */
  firstChargeAt?: string | null
}

/** One payment the customer made for a policy: how much, and the billing period it paid for. */
export type PaidPeriod = {
  /** Stripe's invoice id, or the local checkout's id. */
  ref: string
  amountCents: number
  periodStart: string
  periodEnd: string
  /** What earlier refunds already gave back of this payment (a charge cannot be refunded beyond what it took). */
  refundedCents: number
}

/** A vehicle joining a household's subscription (docs/decisions/111-household-plans.md). */
export type AddVehicleItemInput = {
  /** The new vehicle's policy: every key and the Stripe metadata are made from it. */
  policyId: string
  lookupKey: LookupKey
  /** The household discount on this vehicle (0 for none: the first vehicle pays its full price). */
  discountPercent: number
  /** The days left of the paid period, charged once now (app/domain/households.ts additionCharge); 0 charges nothing. */
  chargeCents: number
  /** The one-off charge's line on the customer's receipt. */
  description: string
}

/** A partner group as its connected account is made for it. */
export type ConnectGroup = { id: string; name: string; email: string | null }

/** A payout to send: its id (the transfer group), the amount, the account, and the attempt (each attempt its own key). */
export type PayoutTransferInput = { payoutId: string; accountId: string; amountCents: number; attempt: number }

/** The transfer group that ties Stripe transfers to one of our payouts. */
export const payoutTransferGroup = (payoutId: string) => `payout_${payoutId}`

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
   * Pays back `amountCents` of what was paid for the policy, newest payment first until the amount is covered (never
   * more than a payment took: a refund cannot exceed its charge). Safe to
   * call again for the same `refundId` (a retry): what was already refunded for it is not refunded twice. Local: no
   * money moved, the caller's refund row is the record.
   */
  refund(
    policy: Policy,
    input: {
      refundId: string
      amountCents: number
      /**
       * How much of the amount may find no payment to go back to (a late penalty above what was charged): that part
       * is answered as `shortCents` instead of failing the refund. 0 when not given.
       */
      mayFallShortCents?: number
    },
  ): Promise<{ stripeRefundIds: string[]; shortCents: number }>
  /**
   * Stripe Connect, for paying the shops: an Express connected account per partner group, made once (the key makes a
   * retry find the first). Local: an account id of the group's own, ready at once (no onboarding, no money moves).
   */
  createConnectedAccount(group: ConnectGroup, idempotencyKey: string): Promise<{ accountId: string }>
  /** Where the shop completes (or resumes) its onboarding at Stripe. Local: straight back to `returnUrl`. */
  createAccountLink(accountId: string, urls: { refreshUrl: string; returnUrl: string }): Promise<{ url: string }>
  /** Whether the connected account can receive transfers now. Local: always. */
  connectedAccountReady(accountId: string): Promise<{ ready: boolean }>
  /**
   * Sends a payout to the group's connected account. Safe to call again for the same payout: a transfer already made
   * for it (found by its transfer group) is returned, never a second one. Throws when Stripe refuses the transfer.
   * Local: a transfer id of the payout's own; no money moves.
   */
  transferPayout(input: PayoutTransferInput): Promise<{ transferId: string }>
  /**
   * Credits `amountCents` to the customer's balance, which the next invoice uses first. Safe to call again for the same
   * `creditId` (a retry): the idempotency key makes Stripe answer with the first transaction. Returns its id. Local: no
   * invoice exists to credit, the caller's credits ledger row is the record (null).
   */
  creditBalance(policy: Policy, input: { creditId: string; amountCents: number; description: string }): Promise<{ stripeId: string | null }>
  /**
   * The credit left on the customer's balance, in cents (Stripe: a negative balance, which only a next invoice would
   * use). Local: no balance exists, 0.
   */
  balanceCreditCents(policy: Policy): Promise<number>
  /**
   * Takes `amountCents` of credit off the customer's balance once it has been refunded to the card, so it is not used a
   * second time. Safe to call again for the same `refundId`. Local: nothing to take off.
   */
  takeBackBalance(policy: Policy, input: { refundId: string; amountCents: number }): Promise<void>
  /**
   * Adds a vehicle to the household of `household` (a policy on its subscription): charges `chargeCents` once, then
   * adds the vehicle's item without proration. Safe to call again for the same policy: one charge, one item. Throws
   * VehicleChargeDeclinedError when the card refuses (nothing added). Local: no money moves, an item id of the policy's
   * own.
   */
  addVehicleItem(household: Policy, input: AddVehicleItemInput): Promise<{ itemId: string; invoiceRef: string | null }>
  /** Removes a vehicle's item from its household's subscription, without proration. Safe to call again. Local: nothing. */
  removeVehicleItem(itemId: string): Promise<void>
  /** Stripe's customer portal (card updates, invoices). Stripe only. */
  createPortalSession?(policy: Policy, returnUrl: string): Promise<{ url: string }>
  /** Monthly amounts in cents per lookup key, from the provider's price list. Stripe only (local prices are a table). */
  listPrices?(lookupKeys: readonly LookupKey[]): Promise<Partial<Record<LookupKey, number>>>
}
