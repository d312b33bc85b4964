import { PolicyCompleteView } from '~/components/policy-setup/policy-complete-view'
import { env } from '~/env.server'
import { routeRules } from '~/server/route-rules'
import { pageMeta } from '~/utils/meta'

import type { Route } from './+types/demo.policy-complete'

export const handle = routeRules({ body: 'form', public: true, pageCache: false, originCheck: true })

export function loader() {
  return { supportEmail: env().SUPPORT_EMAIL, supportPhone: env().SUPPORT_PHONE }
}

/** The real "You're All Set!" view; even in the demo, its Return to Homepage goes to /customer. */
export default function DemoPolicyComplete({ loaderData }: Route.ComponentProps) {
  return (
    <PolicyCompleteView
      supportEmail={loaderData.supportEmail}
      supportPhone={loaderData.supportPhone}
      returnHref="/customer"
      returnLabel="Return to Homepage"
    />
  )
}

export const meta: Route.MetaFunction = () => pageMeta("Demo: You're All Set!", 'The end of the Glass Plan policy setup, with sample data.')

export { GeneralErrorBoundary as ErrorBoundary } from '~/components/error-boundary'
