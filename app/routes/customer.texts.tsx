import { parseWithZod } from '@conform-to/zod/v4'
import { Link } from 'react-router'

import { requireCustomer } from '~/auth/session.server'
import { TextsCard } from '~/components/texts-card'
import { Toast } from '~/components/toast'
import { PageHeading } from '~/components/ui'
import { TEXT_MESSAGES } from '~/domain/messages'
import { formatPhone } from '~/domain/phones'
import { recordTextsConsent, stopTexts } from '~/models/consents.server'
import { textsStateOf } from '~/models/texts.server'
import { routeRules } from '~/server/route-rules'
import { clientIp } from '~/server/server-facts.server'
import { redirectWithToast } from '~/toast.server'
import { pageMeta } from '~/utils/meta'
import { type ActionAnswer, answerSubmission, resultErrors, resultValues } from '~/utils/refusal'
import { TextsSchema } from '~/validation/texts'

import type { Route } from './+types/customer.texts'

export const handle = routeRules({ body: 'form', public: false, pageCache: false, originCheck: true })

/**
 * The customer's texts about their claims. The dashboard shows the same card and posts here; this page is where a
 * post that needs correcting comes back to, with the messages next to the fields (and works on its own).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const customer = await requireCustomer(request)
  return { texts: textsStateOf(customer.id) }
}

export async function action({ request, context }: Route.ActionArgs) {
  const customer = await requireCustomer(request)
  const submission = parseWithZod(await request.formData(), { schema: TextsSchema })
  if (submission.status !== 'success') return answerSubmission(submission, { toast: { type: 'error', ...TEXT_MESSAGES.correct } })
  if (submission.value.intent === 'texts-off') {
    stopTexts({ profileId: customer.id, source: 'customer' })
    return redirectWithToast('/customer', { type: 'success', ...TEXT_MESSAGES.optedOut })
  }
  const consent = recordTextsConsent({
    profileId: customer.id,
    phone: submission.value.phone,
    clientIp: clientIp({ request, context }),
    userAgent: request.headers.get('user-agent'),
  })
  return redirectWithToast('/customer', { type: 'success', ...TEXT_MESSAGES.optedIn(formatPhone(consent.phone)) })
}

export default function CustomerTexts({ loaderData, actionData }: Route.ComponentProps) {
  const answer: ActionAnswer | undefined = actionData
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <PageHeading sub="Texts when your claim is decided, booked, on the way and done.">Texts about your claims</PageHeading>
      <Toast toast={answer?.toast} />
      <TextsCard
        texts={loaderData.texts}
        errors={resultErrors(answer?.result) as Record<string, string[] | undefined>}
        values={resultValues(answer?.result) as Record<string, string | undefined>}
      />
      <p className="mt-6 text-sm">
        <Link to="/customer" className="font-medium text-brand-700 underline">
          Back to your dashboard
        </Link>
      </p>
    </div>
  )
}

export const meta: Route.MetaFunction = () => pageMeta('Texts about your claims', 'Turn texts about your Glass Plan claims on or off.')

export { GeneralErrorBoundary as ErrorBoundary } from '~/components/error-boundary'
