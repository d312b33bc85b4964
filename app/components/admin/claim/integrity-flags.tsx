import { Card } from '~/components/ui'
import type { ClaimReviewPageData } from '~/models/claims/claim-review-page.types'

/** Why the integrity checks hold the claim for the operator (never shown to the customer). */
export function IntegrityFlags({ flags }: { flags: ClaimReviewPageData['flags'] }) {
  if (!flags.length) return null
  return (
    <Card>
      <h2 className="text-lg font-semibold text-slate-900">Why this claim waits for you</h2>
      <p className="mt-1 text-sm text-slate-700">
        The integrity checks held it when it was filed; the customer is told only that it is being reviewed.
      </p>
      <ul className="mt-3 space-y-2 text-sm" aria-label="Integrity flags">
        {flags.map((flag) => (
          <li key={flag.id}>
            <span className="font-medium text-slate-900">{flag.label}:</span> <span className="text-slate-800">{flag.detail}</span>
          </li>
        ))}
      </ul>
    </Card>
  )
}
