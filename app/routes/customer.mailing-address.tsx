import { parseWithZod } from '@conform-to/zod/v4'
import { Link } from 'react-router'

import { requireCustomer } from '~/auth/session.server'
import { MailingAddressForm } from '~/components/mailing-address-form'
import { Toast } from '~/components/toast'
import { PageHeading } from '~/components/ui'
import { ADDRESS_MESSAGES, CHECK_THE_FORM } from '~/domain/messages'
import { heldLetterCount, mailingAddressOf, mailingAddressRefusal, setMailingAddress } from '~/models/people/letters.server'
import { followMailedNotices } from '~/models/policies/provider-cancellation.server'
import { routeRules } from '~/server/route-rules'
import { redirectWithToast } from '~/toast.server'
import { pageMeta } from '~/utils/meta'
import { type ActionAnswer, answerErrors, answerSubmission, formValues, resultErrors, resultValues } from '~/utils/refusal'
import { MailingAddressSchema } from '~/validation/operator'

import type { Route } from './+types/customer.mailing-address'

export const handle = routeRules({ body: 'form', public: false, pageCache: false, originCheck: true })

/**
 * Where the customer's paper notices go. Setup's last page and the dashboard post their address form here; a post to
 * correct comes back to this page with the messages by the fields, and the page works on its own.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const customer = await requireCustomer(request)
  return { address: mailingAddressOf(customer.id), held: heldLetterCount(customer.id) }
}

export async function action({ request }: Route.ActionArgs) {
  const customer = await requireCustomer(request)
  const form = await request.formData()
  const toast = { type: 'error' as const, ...CHECK_THE_FORM }
  const submission = parseWithZod(form, { schema: MailingAddressSchema })
  if (submission.status !== 'success') return answerSubmission(submission, { toast })
  const { intent: _intent, ...address } = submission.value
  const refusal = mailingAddressRefusal(address)
  if (refusal)
    return answerErrors(refusal, { values: formValues(form), toast: { ...toast, description: refusal.zip?.[0] ?? toast.description } })
  const now = new Date()
  const posted = await setMailingAddress(customer.id, customer.id, address, now)
  // A cancellation notice that waited for this address counts its days from today's mailing.
  await followMailedNotices(now, undefined, customer.id)
  return redirectWithToast('/customer', { type: 'success', ...ADDRESS_MESSAGES.saved(posted) })
}

export default function CustomerMailingAddress({ loaderData, actionData }: Route.ComponentProps) {
  const answer: ActionAnswer | undefined = actionData
  const values = resultValues(answer?.result)
  const address = answer?.result
    ? {
        name: values.name ?? '',
        line1: values.line1 ?? '',
        line2: values.line2 ?? null,
        city: values.city ?? '',
        state: values.state ?? '',
        zip: values.zip ?? '',
      }
    : loaderData.address
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <PageHeading sub="Where we post the notices that must reach you on paper.">Your mailing address</PageHeading>
      <Toast toast={answer?.toast} />
      <MailingAddressForm
        address={address}
        errors={resultErrors(answer?.result) as Record<string, string[] | undefined>}
        held={loaderData.held}
        idPrefix="mailing"
      />
      <p className="mt-6 text-sm">
        <Link to="/customer" className="font-medium text-brand-700 underline">
          Back to your dashboard
        </Link>
      </p>
    </div>
  )
}

export const meta: Route.MetaFunction = () => pageMeta('Your mailing address', 'Where Glass Plan posts the notices that go on paper.')

export { GeneralErrorBoundary as ErrorBoundary } from '~/components/error-boundary'
