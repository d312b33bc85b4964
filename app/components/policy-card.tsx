import type { ReactNode } from 'react'
import { Link } from 'react-router'

import { formatLongDate } from '~/domain/format'
import { SETUP_HOLD_MESSAGES } from '~/domain/messages'
import { cancelPath, glassRecordPath } from '~/domain/paths'
import { pricePer } from '~/domain/plans'
import {
  canCancel,
  canFileClaim,
  commitmentHolds,
  freeLookDates,
  isCanceled,
  isSetupHeld,
  needsSetup,
  POLICY_STATUS_LABELS,
  type PolicyStatus,
} from '~/domain/policies'
import { vehicleName } from '~/domain/vehicles'

import { Badge, type BadgeTone, ButtonLink, Card } from './ui'

/** What the card shows: plain data, so the dashboard and the demo (sample data) render the same card. */
export type PolicyCardData = {
  id: string
  /** What the customer reads and says: 'GP-' and six characters (the id above is internal, for links only). */
  policyNumber: string
  /** The demo's sample policies are shown in the same statuses (app/components/demo/sample-data.ts). */
  status: PolicyStatus
  /** 'Comprehensive — Car', 'Chip Repair Only', ... */
  planName: string
  monthlyPriceCents: number
  /** 'month' | 'year' */
  billingInterval: string
  /** A requested switch to yearly billing: the day it happens (ISO). */
  yearlySwitchAt?: string | null
  /** ISO time; before it the 12-month commitment forbids cancelling where the customer's state lets it bind. */
  initialTermEndsAt: string | null
  /** The state whose law governs the policy (null: not known yet), and when it was bought (ISO). Without `createdAt`
   * (the demo's sample data) the commitment binds for its 12 months. */
  governingState?: string | null
  createdAt?: string
  /** The zone the customer's contract days are counted in (the server finds it from their ZIP and state). */
  timeZone?: string | null
  windshieldPhotosUploaded: boolean
  /** A setup held for the operator's check, or sent back for a correction (domain/policies SETUP_HOLDS). */
  setupHold?: string | null
  vehicle: {
    /** With it, the card links the vehicle's glass record (the demo's sample vehicles have none). */
    id?: string
    year: number
    make: string
    model: string
    licensePlate: string
    licensePlateState?: string | null
  } | null
  /** An announced price change: the new monthly price and the day it is first charged (ISO). */
  upcomingPrice?: { amountCents: number; startsOn: string } | null
}

export type PolicyCardProps = {
  policy: PolicyCardData
  /** Evaluation time for the commitment rule (defaults to now); the demo and tests may fix it. */
  now?: Date | string
  /** Where the buttons go; the demo points them at its own routes. */
  completeSetupHref?: string
  submitClaimHref?: string
  cancelHref?: string
  /** Replaces the default 'Cancel Policy' link (e.g. with a confirmation dialog) when cancelling is allowed. */
  cancelSlot?: ReactNode
  /** More buttons after the standard ones. */
  extraActions?: ReactNode
}

const STATUS_TONES: Record<PolicyStatus, BadgeTone> = {
  incomplete: 'warning',
  active: 'success',
  past_due: 'destructive',
  canceled: 'neutral',
}

// The card's setup line, by status.
const SETUP_TEXTS: Record<PolicyStatus, string> = {
  incomplete: 'Setup required to activate coverage',
  active: 'Your coverage is active',
  past_due: 'Your last payment failed: claims are paused until it goes through',
  canceled: 'This policy has been cancelled',
}

/** A policy's status in its words (domain/policies POLICY_STATUS_LABELS): the customer's card and the operator's pages. */
export function PolicyStatusBadge({ status }: { status: PolicyStatus }) {
  return <Badge tone={STATUS_TONES[status]}>{POLICY_STATUS_LABELS[status]}</Badge>
}

export function PolicyCard({ policy, now, completeSetupHref, submitClaimHref, cancelHref, cancelSlot, extraActions }: PolicyCardProps) {
  const at = now ?? new Date()
  const query = `policy_id=${encodeURIComponent(policy.id)}`
  const held = isSetupHeld(policy)
  const setup = needsSetup(policy) && !held
  const setupText = held
    ? SETUP_HOLD_MESSAGES.cardLine
    : setup && policy.setupHold === 'vin_correction'
      ? SETUP_HOLD_MESSAGES.correctionAsked
      : SETUP_TEXTS[policy.status]
  const fileClaim = canFileClaim(policy)
  const canceled = isCanceled(policy)
  const inTerm = !canceled && commitmentHolds(policy, at)
  const cancellable = canCancel(policy, at)
  const rights = canceled ? null : freeLookDates(policy, at)
  const vehicle = policy.vehicle
  const headingId = `policy-${policy.id}-title`

  return (
    <Card className="flex flex-col gap-4" aria-labelledby={headingId} data-policy-id={policy.id} role="article">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 id={headingId} className="text-lg font-semibold text-slate-900">
            {policy.planName}
          </h3>
          <p className={setup ? 'mt-1 text-sm font-medium text-red-800' : 'mt-1 text-sm text-slate-700'}>{setupText}</p>
        </div>
        <PolicyStatusBadge status={policy.status} />
      </div>

      <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        <div className="sm:col-span-2">
          <dt className="text-slate-600">Vehicle</dt>
          <dd className="font-medium text-slate-900">
            {vehicle ? vehicleName(vehicle, { withPlate: true }) : 'Vehicle information pending'}
          </dd>
          {vehicle?.id ? (
            <dd>
              <Link
                to={glassRecordPath(vehicle.id)}
                className="inline-flex items-center text-sm font-medium text-brand-700 underline max-sm:min-h-11"
              >
                Glass record
              </Link>
            </dd>
          ) : null}
        </div>
        <div>
          <dt className="text-slate-600">Policy ID</dt>
          <dd className="font-mono text-slate-900" data-testid="policy-number">
            {policy.policyNumber}
          </dd>
        </div>
        <div>
          <dt className="text-slate-600">{policy.billingInterval === 'year' ? 'Yearly price' : 'Monthly price'}</dt>
          <dd className="font-medium text-slate-900">{pricePer(policy.monthlyPriceCents, policy.billingInterval)}</dd>
          {policy.upcomingPrice ? (
            <dd className="text-slate-700" data-testid="upcoming-price">
              {pricePer(policy.upcomingPrice.amountCents, policy.billingInterval)} from {formatLongDate(policy.upcomingPrice.startsOn)}
            </dd>
          ) : null}
        </div>
        <div>
          <dt className="text-slate-600">Billing</dt>
          <dd className="font-medium text-slate-900" data-testid="billing-interval">
            {policy.billingInterval === 'year' ? 'Annual' : 'Monthly'}
          </dd>
          {policy.yearlySwitchAt && policy.billingInterval !== 'year' ? (
            <dd className="text-slate-700" data-testid="yearly-switch">
              Annual from {formatLongDate(policy.yearlySwitchAt)}
            </dd>
          ) : null}
        </div>
      </dl>

      <div className="mt-auto flex flex-wrap items-center gap-3">
        {setup ? <ButtonLink to={completeSetupHref ?? `/customer/complete-policy?${query}`}>Complete Policy Setup</ButtonLink> : null}
        {fileClaim ? <ButtonLink to={submitClaimHref ?? `/customer/submit-claim?${query}`}>Submit Claim</ButtonLink> : null}
        {extraActions}
        {cancellable
          ? (cancelSlot ?? (
              <Link to={cancelHref ?? cancelPath(policy.id)} className="text-sm font-medium text-red-800 underline hover:text-red-900">
                Cancel Policy
              </Link>
            ))
          : null}
      </div>
      {rights?.fullRefundUntil ? (
        <p className="text-sm text-slate-700" data-testid="full-refund-until">
          Full refund if you cancel by {formatLongDate(rights.fullRefundUntil)}.
        </p>
      ) : null}
      {rights?.commitmentBindsFrom ? (
        <p className="text-sm text-slate-700" data-testid="commitment-binds-from">
          Your 12-month commitment binds from {formatLongDate(rights.commitmentBindsFrom)}
          {policy.initialTermEndsAt ? ` until ${formatLongDate(policy.initialTermEndsAt)}` : ''}: until then you may cancel online.
        </p>
      ) : null}
      {inTerm && policy.initialTermEndsAt ? (
        <p className="text-sm text-slate-700">
          Annual commitment until {formatLongDate(policy.initialTermEndsAt)}. Cancellation available after this date.
        </p>
      ) : null}
    </Card>
  )
}
