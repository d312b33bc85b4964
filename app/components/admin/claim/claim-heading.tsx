import { Link } from 'react-router'

import { ApprovalBadge, ResponseTimer } from '~/components/admin/claim-labels'
import { Badge, PageHeading } from '~/components/ui'
import type { ApprovalStatus } from '~/domain/claims'
import { INTEGRITY_MESSAGES } from '~/domain/messages'
import { integrityBadge } from '~/domain/photo-integrity'
import type { ClaimReviewPageData } from '~/models/claims/claim-review-page.types'

type Data = ClaimReviewPageData

/** The claim's code with its badges (status, the decision's clock, late, storm, appeal, promise, integrity hold). */
export function ClaimHeading({
  claim,
  hoursLeft,
  storm,
  promise,
  flags,
}: Pick<Data, 'claim' | 'hoursLeft' | 'storm' | 'promise' | 'flags'>) {
  return (
    <>
      <p className="mb-2 text-sm">
        <Link to="/admin/claims" className="text-brand-700 underline">
          Claims
        </Link>
      </p>
      <PageHeading
        sub={
          <span className="flex flex-wrap items-center gap-2">
            <ApprovalBadge status={claim.status} />
            {claim.status === 'pending_review' ? <ResponseTimer hoursLeft={hoursLeft} /> : null}
            {claim.filedLate ? (
              <Badge tone="warning">Filed late (more than {storm ? `${storm.filingDays} days` : '48 hours'} after the damage)</Badge>
            ) : null}
            {storm ? <Badge tone="info">Storm: {storm.name}</Badge> : null}
            {claim.appealedAt ? <Badge tone="info">Appeal</Badge> : null}
            {promise?.past ? <Badge tone="destructive">Past promise</Badge> : null}
            <IntegrityBadge status={claim.status} flagCount={flags.length} />
          </span>
        }
      >
        Claim <span className="font-mono">{claim.code}</span>
      </PageHeading>
    </>
  )
}

/** 'Held' only while the flagged claim waits for the operator; a decided claim says the checks flagged it. */
function IntegrityBadge({ status, flagCount }: { status: ApprovalStatus; flagCount: number }) {
  const badge = integrityBadge(status, flagCount)
  if (!badge) return null
  return <Badge tone={badge === 'held' ? 'warning' : 'neutral'}>{INTEGRITY_MESSAGES[badge]}</Badge>
}
