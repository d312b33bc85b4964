import { GeneralErrorBoundary } from '~/components/error-boundary'
import { LegalDocumentView, siteTermsOfService } from '~/components/legal-document'
import { TOS_LAST_UPDATED, TOS_VERSION } from '~/content/terms'
import { formatLongDate } from '~/domain/format'
import { env } from '~/env.server'

import type { Route } from './+types/terms-of-service'

export function loader() {
  return { supportEmail: env().SUPPORT_EMAIL }
}

export default function TermsOfService({ loaderData }: Route.ComponentProps) {
  const doc = siteTermsOfService(loaderData.supportEmail)
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:py-16">
      <LegalDocumentView
        doc={doc}
        details={
          <p>
            <span>Version {TOS_VERSION}</span>
            <span aria-hidden> · </span>
            <span>Last updated {formatLongDate(TOS_LAST_UPDATED)}</span>
          </p>
        }
      />
    </div>
  )
}

export const meta: Route.MetaFunction = () => [
  { title: 'Terms of Service — Glass Plan' },
  {
    name: 'description',
    content: 'The terms of our windshield protection plans: coverage, eligibility, claims, cancellation and disputes.',
  },
]

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
