import { GeneralErrorBoundary } from '~/components/error-boundary'
import { PolicyCompleteView } from '~/components/policy-setup/PolicyCompleteView'
import { env } from '~/env.server'

import type { Route } from './+types/demo.policy-complete'

export function loader() {
  return { supportEmail: env().SUPPORT_EMAIL, supportPhone: env().SUPPORT_PHONE }
}

/** The real "You're All Set!" view; SPEC §2 "Demo area": its Return to Homepage goes to /customer. */
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

export const meta: Route.MetaFunction = () => [{ title: "Demo: You're All Set! | Glass Plan" }]

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
