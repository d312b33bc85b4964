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

export const ACTIVITY_LOGS = { audit: 'Audit log', email: 'E-mail log', stripe: 'Payment events' } as const
export type ActivityLog = keyof typeof ACTIVITY_LOGS
