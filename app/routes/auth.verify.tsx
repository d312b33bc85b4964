import { data, Form } from 'react-router'

import { authenticator, completeSignIn } from '~/auth/authenticator.server'
import { SignInError, signInFailureMessage } from '~/auth/email-link-strategy.server'
import { Button, ButtonLink, Card } from '~/components/ui'
import { inspectSignInLink, type LinkState } from '~/models/people/sign-in-links.server'
import { routeRules } from '~/server/route-rules'
import { pageMeta } from '~/utils/meta'
import { useIsPending } from '~/utils/pending'

import type { Route } from './+types/auth.verify'

export const handle = routeRules({ body: 'form', public: false, pageCache: false, originCheck: true })

/**
 * Where the e-mailed link lands. The GET only shows a 'Sign in' button: mail scanners that fetch links must not use up
 * the token. The button's POST consumes it and signs in this browser, whichever browser asked for the link.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get('token')
  const state = inspectSignInLink(token)
  return data({ state, token: state === 'valid' ? token : null, message: failureMessage(state) }, { status: statusFor(state) })
}

export async function action({ request }: Route.ActionArgs) {
  try {
    const user = await authenticator.authenticate('email-link', request)
    return await completeSignIn(request, user)
  } catch (error) {
    if (!(error instanceof SignInError)) throw error
    const state: LinkState = error.reason === 'used' || error.reason === 'expired' ? error.reason : 'invalid'
    return data({ state, token: null, message: error.message }, { status: statusFor(state) })
  }
}

function failureMessage(state: LinkState) {
  return state === 'valid' ? null : signInFailureMessage(state, 'link')
}

function statusFor(state: LinkState) {
  if (state === 'valid') return 200
  return state === 'invalid' ? 400 : 410
}

const HEADINGS: Record<Exclude<LinkState, 'valid'>, string> = {
  used: 'Link already used',
  expired: 'Link expired',
  invalid: 'Link not valid',
}

export default function VerifySignIn({ loaderData, actionData }: Route.ComponentProps) {
  const view = actionData ?? loaderData
  const signingIn = useIsPending()
  return (
    <div className="mx-auto max-w-md px-4 py-12 sm:py-16">
      <Card>
        {view.state === 'valid' && view.token ? (
          <>
            <h1 className="text-2xl font-bold tracking-tight text-slate-900">Sign in to Glass Plan</h1>
            <p className="mt-2 text-slate-700">Press the button to finish signing in on this device.</p>
            <Form method="post" className="mt-6">
              <input type="hidden" name="token" value={view.token} />
              <Button type="submit" className="w-full" disabled={signingIn}>
                {signingIn ? 'Signing in...' : 'Sign in'}
              </Button>
            </Form>
          </>
        ) : (
          <>
            <h1 className="text-2xl font-bold tracking-tight text-slate-900">
              {HEADINGS[view.state === 'valid' ? 'invalid' : view.state]}
            </h1>
            <p className="mt-2 text-slate-700" role="alert">
              {view.message}
            </p>
            <ButtonLink to="/auth" className="mt-6 w-full">
              Send a new link
            </ButtonLink>
          </>
        )}
      </Card>
    </div>
  )
}

export const meta: Route.MetaFunction = () => pageMeta('Sign in', 'Confirm your sign-in to Glass Plan.', { noindex: true })

export { GeneralErrorBoundary as ErrorBoundary } from '~/components/error-boundary'
