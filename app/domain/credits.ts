/**
 * The service-promise credit (docs/decisions/077-service-promise-credits.md), pure and safe in the browser: when an
 * approved claim misses its service promise (app/domain/service-promise.ts) for a reason on our side, the customer is
 * credited one month's price, once per claim. A reschedule the customer asked for before the deadline stops the clock:
 * the new time is theirs, so the promise no longer binds. The clock waits while the customer has not chosen the shop
 * left to them, and a day they ask for past the promise moves it to that day (promiseDeadline).
 */
import { type PromiseClaim, promiseDeadline } from './service-promise'

export const CREDIT_KINDS = ['missed_promise', 'operator'] as const
export type CreditKind = (typeof CREDIT_KINDS)[number]

/** How the money reaches the customer: Stripe's customer balance, a Stripe refund (yearly payers), or the local ledger. */
export const CREDIT_METHODS = ['stripe_balance', 'stripe_refund', 'local_ledger'] as const
export type CreditMethod = (typeof CREDIT_METHODS)[number]

/** pending: not yet paid (a first try failed: the daily job retries it); applied: paid; waived: the operator cancelled it. */
export const CREDIT_STATES = ['pending', 'applied', 'waived'] as const
export type CreditState = (typeof CREDIT_STATES)[number]

/** The largest credit the operator may add by hand, in cents: a year of the dearest plan is far below it. */
export const MAX_OPERATOR_CREDIT_CENTS = 100_000

export type CreditClaim = PromiseClaim & {
  rescheduleRequestedAt?: string | null
  /** Null on both, while approved: the operator left the shop to the customer, who has not chosen it yet. */
  assignedPartnerGroupId?: string | null
  chosenLocationId?: string | null
}

/** The daily job reminds a customer who has not chosen the shop left to them once this long after approval. */
export const CHOICE_REMINDER_AFTER_HOURS = 24

/**
 * Whether the claim waits for the customer to choose the shop (and time) the operator left to them: the promise clock
 * has not started, so nothing can be missed on our side; the daily job reminds them once. A read that did not take the
 * two columns (undefined) is not taken for waiting.
 */
export function awaitsCustomerChoice(claim: Pick<CreditClaim, 'approvalStatus' | 'assignedPartnerGroupId' | 'chosenLocationId'>) {
  return claim.approvalStatus === 'approved' && claim.assignedPartnerGroupId === null && claim.chosenLocationId === null
}

/** When the promise clock stopped because the customer asked for another time before the deadline, or null. */
export function clockStoppedAt(claim: CreditClaim): Date | null {
  const deadline = promiseDeadline(claim)
  if (!deadline || !claim.rescheduleRequestedAt) return null
  const asked = new Date(claim.rescheduleRequestedAt)
  return asked.getTime() <= deadline.getTime() ? asked : null
}

/**
 * Whether the claim missed its promise on our side by `now`: approved (or completed), past its deadline while still
 * open or completed after it, not waiting for the customer's choice of shop, and the customer did not stop the clock
 * with a reschedule before the deadline.
 */
export function missedPromiseOnOurSide(claim: CreditClaim, now = new Date()): boolean {
  const deadline = promiseDeadline(claim)
  if (!deadline || awaitsCustomerChoice(claim) || clockStoppedAt(claim)) return false
  const finished = claim.completedAt ? new Date(claim.completedAt) : now
  return finished.getTime() > deadline.getTime()
}

/**
 * One month's price of the plan, in cents: a monthly payer's charge; for a yearly payer a twelfth of the year's charge
 * (rounded to the cent), paid back as a refund because no monthly invoice comes to take it off.
 */
export function monthlyCreditCents(policy: { monthlyPriceCents: number; billingInterval: string }) {
  return policy.billingInterval === 'year' ? Math.round(policy.monthlyPriceCents / 12) : policy.monthlyPriceCents
}

/** How a credit is paid: a yearly payer is refunded; a monthly payer's next invoice takes it (Stripe) or the ledger holds it. */
export function creditMethod(payments: 'stripe' | 'local', policy: { billingInterval: string }): CreditMethod {
  if (payments === 'local') return 'local_ledger'
  return policy.billingInterval === 'year' ? 'stripe_refund' : 'stripe_balance'
}
