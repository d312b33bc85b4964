/**
 * Where a shop's completed job stands on the way to the shop's bank account (safe in the browser): completed but not
 * yet approved for payment, approved, in a payout the operator has created, or paid with a bank reference.
 */

export const PAYOUT_STATES = ['not_approved', 'approved', 'in_payout', 'paid'] as const
export type PayoutStateName = (typeof PAYOUT_STATES)[number]

export const PAYOUT_STATE_NAMES: Record<PayoutStateName, string> = {
  not_approved: 'Not approved for payment yet',
  approved: 'Approved for payment',
  in_payout: 'In a payout, not paid yet',
  paid: 'Paid',
}

export type PayoutState =
  | { state: 'not_approved' | 'approved'; payoutId: null; paidAt: null; reference: null }
  | { state: 'in_payout'; payoutId: string; paidAt: null; reference: null }
  | { state: 'paid'; payoutId: string; paidAt: string; reference: string }

/** The columns of a job and of its payout (when it has one) that say where its payment stands. */
export type PayoutFacts = {
  paymentApprovedAt: string | null
  payoutId: string | null
  payout?: { paidAt: string | null; reference: string | null } | null
}

/** A completed job's payout state; a job not completed yet has none (null). */
export function payoutStateOf(claim: PayoutFacts & { completedAt: string | null }): PayoutState | null {
  if (!claim.completedAt) return null
  if (claim.payoutId) {
    const { paidAt, reference } = claim.payout ?? { paidAt: null, reference: null }
    return paidAt
      ? { state: 'paid', payoutId: claim.payoutId, paidAt, reference: reference ?? '' }
      : { state: 'in_payout', payoutId: claim.payoutId, paidAt: null, reference: null }
  }
  return { state: claim.paymentApprovedAt ? 'approved' : 'not_approved', payoutId: null, paidAt: null, reference: null }
}

/** A payout's bank reference: what the operator types when marking it paid. */
export const PAYOUT_REFERENCE_MAX = 80

/**
 * How many jobs of each kind the payouts page lists for a group (the oldest first); a payout takes the ones listed.
 * At 200 the page of a group with 500 unpaid jobs weighed 170 KB (the scale benchmark); 50 keeps it near 60 KB.
 */
export const JOBS_LISTED = 50
