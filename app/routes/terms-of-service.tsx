import { Link } from 'react-router'

import { LegalDocumentView } from '~/components/legal-document'
import { siteTermsOfService, siteTermsVersion } from '~/content/site-legal'
import { TOS_VERSION } from '~/content/terms'
import { allTermsVersions, termsVersion } from '~/content/terms-versions'
import { formatLongDate } from '~/domain/format'
import { legalParties } from '~/models/policies/contract.server'
import { routeRules } from '~/server/route-rules'
import { NOT_FOUND_META, pageMeta } from '~/utils/meta'
import { isNotFound, notFound } from '~/utils/refusal'

import type { Route } from './+types/terms-of-service'

export const handle = routeRules({ body: 'form', public: true, pageCache: true, originCheck: true })

/** /terms-of-service is the current version; /terms-of-service/1.0.1 any version ever published. */
export function loader({ params }: Route.LoaderArgs) {
  const version = params.version ?? TOS_VERSION
  const entry = termsVersion(version)
  if (!entry) notFound()
  return {
    parties: legalParties(),
    version: entry.version,
    lastUpdated: entry.lastUpdated,
    current: entry.version === TOS_VERSION,
    others: allTermsVersions()
      .filter((other) => other.version !== entry.version)
      .map((other) => ({ version: other.version, lastUpdated: other.lastUpdated })),
  }
}

export default function TermsOfService({ loaderData }: Route.ComponentProps) {
  const { version, lastUpdated, current, others, parties } = loaderData
  const doc = (current ? null : siteTermsVersion(version, parties)) ?? siteTermsOfService(parties)
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:py-16">
      {current ? null : (
        <p className="mb-6 rounded-lg bg-amber-50 p-4 text-sm text-amber-950">
          This is an earlier version of our terms, kept for the customers who accepted it.{' '}
          <Link to="/terms-of-service" className="font-medium underline">
            Read the current version ({TOS_VERSION})
          </Link>
          .
        </p>
      )}
      <LegalDocumentView
        doc={doc}
        details={
          <p>
            <span>Version {version}</span>
            <span aria-hidden> · </span>
            <span>Last updated {formatLongDate(lastUpdated)}</span>
          </p>
        }
      />
      {others.length > 0 ? (
        <nav aria-label="Other versions of the terms" className="mt-12 border-t border-slate-200 pt-6 text-sm">
          <p className="font-semibold text-slate-900">Other versions</p>
          <ul className="mt-2 space-y-1">
            {others.map((other) => (
              <li key={other.version}>
                <Link to={`/terms-of-service/${other.version}`} className="text-brand-700 underline">
                  Version {other.version}, last updated {formatLongDate(other.lastUpdated)}
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
    : pageMeta(
        'Terms of Service',
        'The terms of our windshield protection plans: coverage, eligibility, claims, cancellation and disputes.',
      )

export { GeneralErrorBoundary as ErrorBoundary } from '~/components/error-boundary'
