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
