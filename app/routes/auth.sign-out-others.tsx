import { redirect } from 'react-router'

import { endOtherSessions, getSignedIn, requireCustomer } from '~/auth/session.server'
import { signedOutElsewhere } from '~/domain/messages'
import { routeRules } from '~/server/route-rules'
import { redirectWithToast } from '~/toast.server'

import type { Route } from './+types/auth.sign-out-others'

export const handle = routeRules({ body: 'form', public: false, pageCache: false, originCheck: true })

/** 'Sign out of other devices' (a POST from the dashboard): ends every session of this profile but the current one. */
export async function loader() {
  return redirect('/customer')
}

export async function action({ request }: Route.ActionArgs) {
  const profile = await requireCustomer(request)
  const signedIn = (await getSignedIn(request))!
  const ended = endOtherSessions(profile.id, signedIn.session.id)
  return redirectWithToast('/customer', { type: 'success', ...signedOutElsewhere(ended) })
}
