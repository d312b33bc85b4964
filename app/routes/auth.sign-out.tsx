import { redirect } from 'react-router'

import { destroySession } from '~/auth/session.server'
import { SIGNED_OUT } from '~/domain/messages'
import { routeRules } from '~/server/route-rules'
import { redirectWithToast } from '~/toast.server'

import type { Route } from './+types/auth.sign-out'

export const handle = routeRules({ body: 'form', public: false, pageCache: false, originCheck: true })

/** Signing out changes state, so it is a POST only; a stray GET just goes home. */
export async function loader() {
  return redirect('/')
}

export async function action({ request }: Route.ActionArgs) {
  const cookie = await destroySession(request)
  return redirectWithToast('/', { type: 'success', ...SIGNED_OUT }, { headers: { 'Set-Cookie': cookie } })
}
