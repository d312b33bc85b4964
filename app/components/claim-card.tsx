import type { ReactNode } from 'react'
import { Link } from 'react-router'

import { APPROVAL_STATUS_LABELS, type ApprovalStatus } from '~/domain/claims'
import { formatLongDate } from '~/domain/format'
import { confirmationCodeHint } from '~/domain/messages'

import { Badge, type BadgeTone, Card } from './ui'

/** What the card shows: plain data, so the dashboard and the demo (sample data) render the same card. */
export type ClaimCardData = {
  id: string
  approvalStatus: ApprovalStatus
  /** ISO time (or YYYY-MM-DD). */
  submittedAt: string | null
  /** The claim's policy (its number, GP-…, as the customer reads it), or null when unknown. */
  policy: { number: string; planName: string } | null
  partnerGroupName: string | null
  confirmationCode: string
  /** The claim's calibration certificate, when its shop recorded one. */
  certificateHref?: string | null
  /** The claim's own page (its timeline, shop and messages); none for a previous owner's claim or in the demo. */
  pageHref?: string | null
}

const APPROVAL_TONES: Record<ApprovalStatus, BadgeTone> = {
  pending_review: 'warning',
  approved: 'success',
  denied: 'destructive',
  completed: 'info',
}

/** A claim's review status in its words (domain/claims APPROVAL_STATUS_LABELS), for the customer. */
export function ClaimStatusBadge({ status }: { status: ApprovalStatus }) {
  return (
    <Badge tone={APPROVAL_TONES[status]}>
      {status === 'pending_review' ? (
        <span
          aria-hidden
          className="inline-block h-3 w-3 rounded-full border-2 border-current border-t-transparent motion-safe:animate-spin"
        />
      ) : null}
      {APPROVAL_STATUS_LABELS[status]}
    </Badge>
  )
}

/**
 * One claim on the dashboard; `children` adds claim-specific parts (denial reason, appeal) below the details. It is
 * headed by the confirmation code — what the customer reads out to the shop and what our e-mails name the claim by —
 * with its hint under it, and said once: the code is the claim's id for the customer too (a 'Claim ID' row repeated
 * it). The internal random id is the operator's, never shown here.
 */
export function ClaimCard({ claim, children }: { claim: ClaimCardData; children?: ReactNode }) {
  const headingId = `claim-${claim.id}-title`
  return (
    <Card className="flex flex-col gap-4" aria-labelledby={headingId} data-claim-id={claim.id} role="article">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 id={headingId} className="text-lg font-semibold text-slate-900">
            Claim{' '}
            <span className="whitespace-nowrap font-mono tracking-wider" data-testid="claim-id">
              {claim.confirmationCode}
            </span>
          </h3>
          <p className="mt-1 text-sm text-slate-700" data-testid="code-hint">
            <span className="font-medium text-slate-900">Confirmation code</span> · {confirmationCodeHint(claim.approvalStatus)}
          </p>
        </div>
        <ClaimStatusBadge status={claim.approvalStatus} />
      </div>
      <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-slate-600">Submitted</dt>
          <dd className="font-medium text-slate-900">{formatLongDate(claim.submittedAt) || 'Unknown'}</dd>
        </div>
        <div>
          <dt className="text-slate-600">Policy</dt>
          <dd className="font-medium text-slate-900">
            {claim.policy ? (
              <>
                {/* The number moves to the next line whole rather than breaking inside. */}
                {claim.policy.planName} <span className="whitespace-nowrap font-mono text-xs text-slate-700">({claim.policy.number})</span>
              </>
            ) : (
              'Unknown'
            )}
          </dd>
        </div>
        <div>
          <dt className="text-slate-600">Repair shop</dt>
          <dd className="font-medium text-slate-900">{claim.partnerGroupName ?? 'Not assigned'}</dd>
        </div>
      </dl>
      {claim.certificateHref ? (
        <p className="text-sm">
          <a href={claim.certificateHref} className="inline-flex items-center font-medium text-brand-700 underline max-sm:min-h-11">
            Calibration certificate
          </a>
        </p>
      ) : null}
      {children}
      {claim.pageHref ? (
        <Link
          to={claim.pageHref}
          className="inline-flex items-center text-sm font-semibold text-brand-700 underline max-sm:min-h-11"
          data-testid="claim-page-link"
        >
          View claim {claim.confirmationCode}
        </Link>
      ) : null}
    </Card>
  )
}
