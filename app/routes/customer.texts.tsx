import { parseWithZod } from '@conform-to/zod/v4'
import { Link } from 'react-router'

import { requireCustomer } from '~/auth/session.server'
import { numberCodeSendLimited, numberCodeTryLimited } from '~/auth/texts-limits.server'
import { TextsCard } from '~/components/texts-card'
import { Toast } from '~/components/toast'
import { PageHeading } from '~/components/ui'
import { RuleError } from '~/domain/errors'
import { TEXT_MESSAGES } from '~/domain/messages'
import { TEXTS_PATH } from '~/domain/paths'
import { formatPhone } from '~/domain/phones'
import { pendingTextConsentOf, stopTexts } from '~/models/people/consents.server'
import { confirmNumberCode, resendNumberCode, startTextsConsent, textsStateOf } from '~/models/people/texts.server'
import { routeRules } from '~/server/route-rules'
import { clientOf } from '~/server/server-facts.server'
import { redirectWithToast } from '~/toast.server'
import { pageMeta } from '~/utils/meta'
import { type ActionAnswer, answerRefusal, answerSubmission, resultErrors, resultValues } from '~/utils/refusal'
import { TextsSchema } from '~/validation/texts'

import type { Route } from './+types/customer.texts'

export const handle = routeRules({ body: 'form', public: false, pageCache: false, originCheck: true })

/**
 * The customer's texts about their claims. The dashboard shows the same card and posts here; this page is where a
 * post that needs correcting comes back to, with the messages next to the fields (and works on its own), and where
 * the code texted to a new number is typed (docs/decisions/100-texts-number-confirmed-first.md).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const customer = await requireCustomer(request)
  return { texts: textsStateOf(customer.id) }
}

export async function action({ request, context }: Route.ActionArgs) {
  const customer = await requireCustomer(request)
  const submission = parseWithZod(await request.formData(), { schema: TextsSchema })
  if (submission.status !== 'success') {
    const toast = submission.payload.intent === 'texts-confirm' ? TEXT_MESSAGES.codeRefused : TEXT_MESSAGES.correct
    return answerSubmission(submission, { toast: { type: 'error', ...toast } })
  }
  const { value } = submission
  try {
    switch (value.intent) {
      case 'texts-off':
        stopTexts({ profileId: customer.id, source: 'customer' })
        return redirectWithToast('/customer', { type: 'success', ...TEXT_MESSAGES.optedOut })
      case 'texts-on': {
        // Counted before anything is sent: each code is a text to a number the customer typed.
        const limited = numberCodeSendLimited(customer.id, value.phone, 'phone')
        if (limited) return answerRefusal(limited, submission)
        const consent = await startTextsConsent({
          profileId: customer.id,
          phone: value.phone,
          ...clientOf({ request, context }),
        })
        return redirectWithToast(TEXTS_PATH, { type: 'success', ...TEXT_MESSAGES.codeSent(formatPhone(consent.phone)) })
      }
      case 'texts-code': {
        const pending = pendingTextConsentOf(customer.id)
        const limited = pending ? numberCodeSendLimited(customer.id, pending.phone, 'code') : null
        if (limited) return answerRefusal(limited, submission)
        const consent = await resendNumberCode(customer.id)
        return redirectWithToast(TEXTS_PATH, { type: 'success', ...TEXT_MESSAGES.codeSent(formatPhone(consent.phone)) })
      }
      case 'texts-confirm': {
        const limited = numberCodeTryLimited(customer.id)
        if (limited) return answerRefusal(limited, submission)
        const consent = await confirmNumberCode(customer.id, value.code)
        return redirectWithToast('/customer', { type: 'success', ...TEXT_MESSAGES.optedIn(formatPhone(consent.phone)) })
      }
    }
  } catch (error) {
    if (error instanceof RuleError) return answerRefusal(error, submission)
    throw error
  }
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
