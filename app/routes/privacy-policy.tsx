import { Link } from 'react-router'

import { LegalDocumentView } from '~/components/legal-document'
import { PRIVACY_LAST_UPDATED } from '~/content/privacy'
import { allPrivacyRevisions, privacyRevision } from '~/content/privacy-versions'
import { sitePrivacyPolicy } from '~/content/site-legal'
import { formatLongDate } from '~/domain/format'
import { legalParties } from '~/models/policies/contract.server'
import { routeRules } from '~/server/route-rules'
import { NOT_FOUND_META, pageMeta } from '~/utils/meta'
import { isNotFound, notFound } from '~/utils/refusal'

import type { Route } from './+types/privacy-policy'

export const handle = routeRules({ body: 'form', public: true, pageCache: true, originCheck: true })

/** /privacy-policy is the current revision; /privacy-policy/2025-10-10 any earlier one, word for word. */
export function loader({ params }: Route.LoaderArgs) {
  const revised = params.revised ?? PRIVACY_LAST_UPDATED
  if (!privacyRevision(revised)) notFound()
  return {
    parties: legalParties(),
    revised,
    current: revised === PRIVACY_LAST_UPDATED,
    others: allPrivacyRevisions()
      .map((entry) => entry.revised)
      .filter((other) => other !== revised),
  }
}

export default function PrivacyPolicy({ loaderData }: Route.ComponentProps) {
  const { parties, revised, current, others } = loaderData
  const doc = (current ? null : privacyRevision(revised)?.document(parties)) ?? sitePrivacyPolicy(parties)
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:py-16">
      {current ? null : (
        <p className="mb-6 rounded-lg bg-amber-50 p-4 text-sm text-amber-950">
          This is an earlier revision of our Privacy Policy, kept as it was published.{' '}
          <Link to="/privacy-policy" className="font-medium underline">
            Read the current revision ({formatLongDate(PRIVACY_LAST_UPDATED)})
          </Link>
          .
        </p>
      )}
      <LegalDocumentView doc={doc} details={<p>Revised {formatLongDate(revised)}</p>} />
      {others.length > 0 ? (
        <nav aria-label="Other revisions of the Privacy Policy" className="mt-12 border-t border-slate-200 pt-6 text-sm">
          <p className="font-semibold text-slate-900">Other revisions</p>
          <ul className="mt-2 space-y-1">
            {others.map((other) => (
              <li key={other}>
                <Link to={`/privacy-policy/${other}`} className="text-brand-700 underline">
                  Revised {formatLongDate(other)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </div>
  )
}

export const meta: Route.MetaFunction = ({ error }) =>
  isNotFound(error)
    ? NOT_FOUND_META
    : pageMeta('Privacy Policy', 'What personal information we collect, how we use and protect it, and your privacy rights.')

export { GeneralErrorBoundary as ErrorBoundary } from '~/components/error-boundary'
