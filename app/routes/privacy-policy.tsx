import { LegalDocumentView } from '~/components/legal-document'
import { PRIVACY_LAST_UPDATED } from '~/content/privacy'
import { sitePrivacyPolicy } from '~/content/site-legal'
import { formatLongDate } from '~/domain/format'
import { legalParties } from '~/models/policies/contract.server'
import { routeRules } from '~/server/route-rules'
import { pageMeta } from '~/utils/meta'

import type { Route } from './+types/privacy-policy'

export const handle = routeRules({ body: 'form', public: true, pageCache: true, originCheck: true })

export function loader() {
  return { parties: legalParties() }
}

export default function PrivacyPolicy({ loaderData }: Route.ComponentProps) {
  const doc = sitePrivacyPolicy(loaderData.parties)
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:py-16">
      <LegalDocumentView doc={doc} details={<p>Revised {formatLongDate(PRIVACY_LAST_UPDATED)}</p>} />
    </div>
  )
}

export const meta: Route.MetaFunction = () =>
  pageMeta('Privacy Policy', 'What personal information we collect, how we use and protect it, and your privacy rights.')

export { GeneralErrorBoundary as ErrorBoundary } from '~/components/error-boundary'
