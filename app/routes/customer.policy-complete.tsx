import { requireCustomer } from '~/auth/session.server'
import { MailingAddressForm } from '~/components/mailing-address-form'
import { PolicyCompleteView } from '~/components/policy-setup/policy-complete-view'
import { env } from '~/env.server'
import { heldLetterCount, mailingAddressOf } from '~/models/people/letters.server'
import { getPolicyForProfile } from '~/models/policies/policies.server'
import { routeRules } from '~/server/route-rules'
import { pageMeta } from '~/utils/meta'
import { notFound } from '~/utils/refusal'

import type { Route } from './+types/customer.policy-complete'

export const handle = routeRules({ body: 'form', public: false, pageCache: false, originCheck: true })

/**
 * The wizard's last page. It names no policy; when a link gives one (`policy_id`), it must be the customer's own: an
 * unknown policy and another customer's (a previous owner's too) are the 404 page, as in the wizard itself.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const profile = await requireCustomer(request)
  const policyId = new URL(request.url).searchParams.get('policy_id')
  if (policyId !== null && !getPolicyForProfile(profile.id, policyId)) notFound()
  // Setup's last question: where paper notices go, asked here once, while none is given.
  const askAddress = mailingAddressOf(profile.id) === null
  return {
    supportEmail: env().SUPPORT_EMAIL,
    supportPhone: env().SUPPORT_PHONE,
    askAddress,
    held: askAddress ? heldLetterCount(profile.id) : 0,
  }
}

export default function PolicyComplete({ loaderData }: Route.ComponentProps) {
  return (
    <PolicyCompleteView
      supportEmail={loaderData.supportEmail}
      supportPhone={loaderData.supportPhone}
      returnHref="/customer"
      confirmationEmailed
    >
      {loaderData.askAddress ? <MailingAddressForm address={null} held={loaderData.held} idPrefix="setup-address" /> : null}
    </PolicyCompleteView>
  )
}

export const meta: Route.MetaFunction = () => pageMeta("You're All Set!", 'Your Glass Plan windshield protection is set up.')

export { GeneralErrorBoundary as ErrorBoundary } from '~/components/error-boundary'
