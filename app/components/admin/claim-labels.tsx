import { Badge, type BadgeTone } from '~/components/ui'
import { APPROVAL_STATUS_LABELS, type ApprovalStatus } from '~/domain/claims'

/** Small labels the operator's screens share. */

export function formatHoursLeft(hours: number) {
  const whole = Math.round(Math.abs(hours))
  if (hours < 0) return whole < 1 ? 'Due now' : `Overdue by ${whole} h`
  return whole < 1 ? 'Less than 1 h left' : `${whole} h left`
}

export function ResponseTimer({ hoursLeft }: { hoursLeft: number }) {
  const tone: BadgeTone = hoursLeft < 0 ? 'destructive' : hoursLeft < 12 ? 'warning' : 'neutral'
  return <Badge tone={tone}>{formatHoursLeft(hoursLeft)}</Badge>
}

const STATUS_TONES: Record<ApprovalStatus, BadgeTone> = {
  pending_review: 'warning',
  approved: 'info',
  denied: 'destructive',
  completed: 'success',
}

/** A claim's review status in its words (domain/claims APPROVAL_STATUS_LABELS), toned for the operator's queue. */
export function ApprovalBadge({ status }: { status: ApprovalStatus }) {
  return <Badge tone={STATUS_TONES[status]}>{APPROVAL_STATUS_LABELS[status]}</Badge>
}
