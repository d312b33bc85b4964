import { Authenticator } from 'remix-auth'

import type { Profile } from '~/db/schema'
import { findOrCreateProfile } from '~/models/people/sign-in-links.server'
import { redirectWithToast } from '~/toast.server'
import { safeRedirect } from '~/utils/redirect'

import { EmailLinkStrategy } from './email-link-strategy.server'
import { createSession, endSession, homePath } from './session.server'

export type SignedInUser = { profile: Profile; redirectTo: string | null }

/** The one authenticator; an unknown address gets its profile on its first verified sign-in. */
export const authenticator = new Authenticator<SignedInUser>().use(
  new EmailLinkStrategy<SignedInUser>(async ({ email, redirectTo }) => ({
    profile: findOrCreateProfile(email),
    redirectTo,
  })),
)

/**
 * Starts a session for a verified sign-in and sends the browser to its target (the link's stored target, else the
 * form's, else the account's home: /admin for an operator, /customer for everyone else). Whoever was signed in on this
 * browser before is signed out first.
 */
export async function completeSignIn(request: Request, user: SignedInUser, fallbackTarget?: string | null) {
  // One Set-Cookie: the new session's cookie replaces the old one, whose session ends here.
  await endSession(request)
  const headers = new Headers({ 'Set-Cookie': await createSession(user.profile.id, request) })
  const home = homePath(user.profile)
  const target = safeRedirect(user.redirectTo ?? fallbackTarget ?? home, home)
  return redirectWithToast(
    target,
    { type: 'success', title: 'Signed in', description: `Welcome, ${user.profile.fullName || user.profile.email}.` },
    { headers },
  )
}
