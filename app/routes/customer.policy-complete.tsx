import { requireCustomer } from '~/auth/session.server'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { PolicyCompleteView } from '~/components/policy-setup/policy-complete-view'
import { env } from '~/env.server'
import { routeRules } from '~/server/route-rules'
import { pageMeta } from '~/utils/meta'

import type { Route } from './+types/customer.policy-complete'

export const handle = routeRules({ body: 'form', public: false, pageCache: false, originCheck: true })

export async function loader({ request }: Route.LoaderArgs) {
  await requireCustomer(request)
  return { supportEmail: env().SUPPORT_EMAIL, supportPhone: env().SUPPORT_PHONE }
}

export default function PolicyComplete({ loaderData }: Route.ComponentProps) {
  return (
    <PolicyCompleteView
      supportEmail={loaderData.supportEmail}
      supportPhone={loaderData.supportPhone}
      returnHref="/customer"
      confirmationEmailed
    />
  )
}

export const meta: Route.MetaFunction = () => pageMeta("You're All Set!", 'Your Glass Plan windshield protection is set up.')

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
