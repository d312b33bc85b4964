import { useOperatorTime } from '~/components/admin/operator-zone'
import { Card } from '~/components/ui'
import { appealDecisionDeadline } from '~/domain/claims'
import { formatLongDate } from '~/domain/format'
import type { ClaimReviewPageData } from '~/models/claims/claim-review-page.types'

/** The customer's appeal of a denial, with the date the terms promise a decision by. */
export function AppealCard({ claim }: { claim: ClaimReviewPageData['claim'] }) {
  const time = useOperatorTime()
  if (!claim.appealText) return null
  return (
    <Card>
      <h2 className="text-lg font-semibold text-slate-900">Appeal</h2>
      <p className="mt-1 text-sm text-slate-600">
        Appealed {time(claim.appealedAt)}. Earlier denial: {claim.denialReason}
      </p>
      {claim.status === 'pending_review' && claim.appealedAt ? (
        <p className="mt-1 text-sm font-medium text-slate-900">
          Decide by {formatLongDate(appealDecisionDeadline(claim.appealedAt))} (the terms promise a decision within 30 days).
        </p>
      ) : null}
      <p className="mt-3 whitespace-pre-line text-slate-800">{claim.appealText}</p>
    </Card>
  )
}
