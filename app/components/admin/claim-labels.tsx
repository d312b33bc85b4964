import { Badge, type BadgeTone } from '~/components/ui'

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

const STATUS: Record<string, { label: string; tone: BadgeTone }> = {
  pending_review: { label: 'Pending Review', tone: 'warning' },
  approved: { label: 'Approved', tone: 'info' },
  denied: { label: 'Denied', tone: 'destructive' },
  completed: { label: 'Completed', tone: 'success' },
}

export function ApprovalBadge({ status }: { status: string }) {
  const known = STATUS[status]
  return <Badge tone={known?.tone ?? 'neutral'}>{known?.label ?? status}</Badge>
}

const POLICY_STATUS: Record<string, { label: string; tone: BadgeTone }> = {
  incomplete: { label: 'Waiting for setup', tone: 'warning' },
  active: { label: 'Active', tone: 'success' },
  past_due: { label: 'Past due', tone: 'destructive' },
  canceled: { label: 'Canceled', tone: 'neutral' },
}

export function policyStatusLabel(status: string) {
  return POLICY_STATUS[status]?.label ?? status
}

export function PolicyStatusBadge({ status }: { status: string }) {
  const known = POLICY_STATUS[status]
  return <Badge tone={known?.tone ?? 'neutral'}>{known?.label ?? status}</Badge>
}
