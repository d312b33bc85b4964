import { formatLongDate } from './format'

/**
 * The operator console's lists: the claim list's statuses and filters, the activity logs. Safe in the browser (the
 * pages' filter forms name them).
 */

export const QUEUE_STATUSES = {
  waiting: { label: 'Waiting for review', approval: 'pending_review' },
  approved: { label: 'Approved', approval: 'approved' },
  denied: { label: 'Denied', approval: 'denied' },
  completed: { label: 'Completed', approval: 'completed' },
} as const
export type QueueStatus = keyof typeof QUEUE_STATUSES

/** Narrowing filters; `overdue` is against the 48-hour promise. */
export const QUEUE_SHOW = {
  all: 'All',
  new: 'New claims',
  appeal: 'Appeals',
  late: 'Filed late',
  overdue: 'Past the 48-hour promise',
} as const
export type QueueShow = keyof typeof QUEUE_SHOW

/**
 * The order of the waiting claims: longest waiting first, or (after a storm) most urgent first — a shattered windshield
 * or damage in the driver's sight, then cracks, then chips (domain/claims: urgencyOf), longest waiting first within each.
 */
export const QUEUE_ORDERS = {
  oldest: 'Longest waiting first',
  urgent: 'Most urgent first',
} as const
export type QueueOrder = keyof typeof QUEUE_ORDERS

/**
 * The states page's filters: where sales are open, where they are closed, and where the state table has no statute yet
 * (the national default stands in until counsel gives the state's facts).
 */
export const STATE_SHOW = {
  all: 'All states',
  open: 'Open',
  closed: 'Closed',
  'needs-facts': 'Needs facts',
} as const
export type StateShow = keyof typeof STATE_SHOW

export const ACTIVITY_LOGS = { audit: 'Audit log', email: 'E-mail log', stripe: 'Payment events' } as const
export type ActivityLog = keyof typeof ACTIVITY_LOGS

type OfferFacts = {
  status: 'offered' | 'accepted' | 'paid' | 'canceled' | 'expired'
  createdAt: string
  expiresAt: string
  acceptedAt: string | null
  paidAt: string | null
  canceledAt: string | null
}

/**
 * Where an offer to pass a policy to the vehicle's next owner stands, for the operator's customer page. An offer not
 * accepted by its link's end has expired, whether or not a seller's visit has marked it so yet; an accepted one waits
 * for its payment.
 */
export function offerInWords(offer: OfferFacts, now = new Date()) {
  const day = (value: string | null) => formatLongDate(value, '—')
  if (offer.status === 'expired' || (offer.status === 'offered' && offer.expiresAt < now.toISOString()))
    return `Expired on ${day(offer.expiresAt)}, not accepted`
  switch (offer.status) {
    case 'offered':
      return `Offered on ${day(offer.createdAt)}; the link works until ${day(offer.expiresAt)}`
    case 'accepted':
      return `Accepted on ${day(offer.acceptedAt)}; waiting for the buyer's payment`
    case 'paid':
      return `Paid on ${day(offer.paidAt)}: the policy moved to the buyer`
    case 'canceled':
      return `Withdrawn on ${day(offer.canceledAt)}`
  }
}
