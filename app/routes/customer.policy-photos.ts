import { getProfile } from '~/auth/session.server'
import { isSetupDone } from '~/domain/policies'
import { MAX_PHOTO_FILES } from '~/domain/uploads'
import { findPolicyForSetup, savePolicyPhotos, uploadRefused } from '~/models/policy-setup.server'
import { readMultipartForm, UploadError } from '~/services/storage.server'
import { toastCookie } from '~/toast.server'
import { PHOTO_MESSAGES } from '~/validation/policy-setup'

import type { Route } from './+types/customer.policy-photos'

/**
 * The wizard's photo upload with JavaScript (XMLHttpRequest, for a progress bar): the same rules as the wizard's own
 * form post, answered as JSON. On success the 'Photos Uploaded' toast is set as a flash for the next page.
 */
export async function action({ request }: Route.ActionArgs) {
  const profile = await getProfile(request)
  if (!profile) return Response.json({ ok: false, toast: { type: 'error', title: 'Please Log In' } }, { status: 401 })
  const policyId = new URL(request.url).searchParams.get('policy_id') ?? ''
  const wizard = `/customer/complete-policy?policy_id=${encodeURIComponent(policyId)}`
  const lookup = policyId ? findPolicyForSetup(profile.id, policyId) : ({ status: 'not_found' } as const)
  if (lookup.status === 'not_found') {
    return Response.json(
      { ok: false, toast: { type: 'error', title: 'Policy Not Found', description: 'Unable to find the specified policy' } },
      { status: 404 },
    )
  }
  if (lookup.status === 'denied') {
    return Response.json(
      { ok: false, toast: { type: 'error', title: 'Access Denied', description: "You don't have access to this policy" } },
      { status: 404 },
    )
  }
  // The wizard's own guards (already complete, cancelled) apply when it reloads.
  if (isSetupDone(lookup.policy) || lookup.policy.status === 'canceled') return Response.json({ ok: true, redirectTo: wizard })

  let files
  try {
    ;({ files } = await readMultipartForm(request, { maxFiles: MAX_PHOTO_FILES }))
  } catch (error) {
    if (!(error instanceof UploadError)) throw error
    const refused = uploadRefused(error)
    return Response.json(refused, { status: refused.ok ? 200 : refused.status })
  }
  const result = await savePolicyPhotos(lookup.policy, files)
  if (!result.ok) return Response.json(result, { status: result.status })
  const headers = new Headers({ 'Set-Cookie': await toastCookie({ type: 'success', ...PHOTO_MESSAGES.uploaded }) })
  return Response.json({ ok: true, redirectTo: wizard }, { headers })
}
