import { Form } from 'react-router'

import { getSignedIn } from '~/auth/session.server'
import { Toast } from '~/components/toast'
import { Button, Card } from '~/components/ui'
import { RuleError } from '~/domain/errors'
import { EMAIL_CHANGE_MESSAGES } from '~/domain/messages'
import { confirmEmailChange } from '~/models/people/privacy.server'
import { routeRules } from '~/server/route-rules'
import { redirectWithToast } from '~/toast.server'
import { pageMeta } from '~/utils/meta'
import { useIsPending } from '~/utils/pending'
import { answerRefusal } from '~/utils/refusal'

import type { Route } from './+types/customer.privacy.confirm-email'

export const handle = routeRules({ body: 'form', public: false, pageCache: false, originCheck: true })

/**
 * The link sent to a new e-mail address. Opening it (a GET, which mail scanners also do) changes nothing; the button
 * posts the token and makes the change. It works in any browser: the token names the account.
 */
export function loader({ request }: Route.LoaderArgs) {
  return { token: new URL(request.url).searchParams.get('token') ?? '' }
}

export async function action({ request }: Route.ActionArgs) {
  const token = String((await request.formData()).get('token') ?? '')
  try {
    const signedIn = await getSignedIn(request)
    const confirming = signedIn ? { id: signedIn.session.id, profileId: signedIn.profile.id } : null
    const changed = await confirmEmailChange(token, new Date(), confirming)
    return redirectWithToast(changed.keptSession ? '/customer/privacy' : '/auth', {
      type: 'success',
      ...EMAIL_CHANGE_MESSAGES.done(changed.to, changed.keptSession),
    })
  } catch (error) {
    if (!(error instanceof RuleError)) throw error
    return answerRefusal(error)
  }
}

export default function ConfirmEmail({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useIsPending()
  return (
    <div className="mx-auto max-w-lg px-4 py-16">
      <Card>
        <h1 className="text-2xl font-bold text-slate-900">Confirm your new e-mail address</h1>
        <Toast toast={actionData?.toast} className="mt-4" />
        <p className="mt-3 text-slate-700">
          Press the button to use this address for your Glass Plan account from now on. Your account is then signed out on every other
          device.
        </p>
        <Form method="post" className="mt-6">
          <input type="hidden" name="token" value={loaderData.token} />
          <Button type="submit" disabled={busy}>
            {busy ? 'Confirming...' : 'Use this address'}
          </Button>
        </Form>
      </Card>
    </div>
  )
}

export const meta: Route.MetaFunction = () =>
  pageMeta('Confirm your new e-mail address', 'Confirm the new e-mail address of your Glass Plan account.')

export { GeneralErrorBoundary as ErrorBoundary } from '~/components/error-boundary'
