import { unusedShare } from './state-rules'

/**
 * A refund's lists, safe in the browser (the refunds table's columns read them; the amounts are the state table's,
 * app/domain/state-rules.ts).
 */

/**
 * A refund's progress: `unsettled` when the cancellation went through while the payments provider could not be asked
 * (the amount is worked out and paid by the daily job), then pending → succeeded, or failed (retried daily).
 */
export const REFUND_STATUSES = ['unsettled', 'pending', 'succeeded', 'failed'] as const
export type RefundStatus = (typeof REFUND_STATUSES)[number]

/** Each refund status in the operator's words (the customer page's refunds). */
export const REFUND_STATUS_LABELS: Record<RefundStatus, string> = {
  unsettled: 'To be worked out — payments were down',
  pending: 'Pending',
  succeeded: 'Paid',
  failed: 'Failed — retried daily',
}

/** Which rule set the amount: the free look's full refund, or the unused part of the period. */
export const REFUND_RULES = ['free_look', 'pro_rata'] as const
export type RefundRule = (typeof REFUND_RULES)[number]
export const REFUND_RULE_LABELS: Record<RefundRule, string> = { free_look: 'Free look', pro_rata: 'Pro rata' }

/**
 * What the seller of a plan passed to the vehicle's next owner gets back where the paid period does not stay with the
 * plan (every state but Florida's assignment): the unused whole days of the period they paid, pro rata, with no fee and
 * no claims deducted — the contract goes on with the buyer, and the days used were covered
 * (docs/decisions/104-money-owed-said-before-it-happens.md). Nothing when no payment covers `now`.
 */
export function transferRefund(input: {
  period: { start: Date | string; end: Date | string; paidCents: number } | null
  now: Date | string
  zone: string
}): { amountCents: number; unusedDays: number | null; periodDays: number | null } {
  if (!input.period || input.period.paidCents <= 0) return { amountCents: 0, unusedDays: null, periodDays: null }
  const { unusedDays, periodDays } = unusedShare(input.period, input.now, input.zone)
  return { amountCents: Math.round((input.period.paidCents * unusedDays) / periodDays), unusedDays, periodDays }
}

/**
 * A refund asks the card's payments for no more than is left on them: earlier refunds (a yearly payer's credit paid
 * back to the card) took their part, and a charge cannot be refunded beyond what it took. Returns the amount to pay and
 * the part netted off (said to the customer).
 */
export function withinRefundable(owedCents: number, refundableCents: number) {
  const amountCents = Math.max(0, Math.min(owedCents, refundableCents))
  return { amountCents, nettedCents: Math.max(0, owedCents - amountCents) }
}

/** What the payments of a policy can still give back: each payment less what was refunded of it already. */
export function refundableCents(payments: ReadonlyArray<{ amountCents: number; refundedCents: number }>) {
  return payments.reduce((sum, payment) => sum + Math.max(0, payment.amountCents - payment.refundedCents), 0)
}
