import { getProfile } from '~/auth/session.server'
import { RuleError } from '~/domain/errors'
import { IMAGES_BUSY, PHOTO_MESSAGES, PLEASE_LOG_IN } from '~/domain/messages'
import { isSetupDone, isSetupHeld } from '~/domain/policies'
import { MAX_PHOTO_FILES } from '~/domain/uploads'
import { getPolicyForProfile } from '~/models/policies/policies.server'
import { savePolicyPhotos, uploadRefused } from '~/models/policies/policy-setup.server'
import { routeRules } from '~/server/route-rules'
import { ImageQueueFull } from '~/services/image-queue.server'
import { readMultipartFormOrRefusal } from '~/services/multipart.server'
import { toastCookie } from '~/toast.server'
import { jsonError, jsonNotFound, refusalOf, refusedResult } from '~/utils/refusal'

import type { Route } from './+types/customer.policy-photos'

export const handle = routeRules({ body: 'upload', public: false, pageCache: false, originCheck: true })

/**
 * The wizard's photo upload with JavaScript (XMLHttpRequest, for a progress bar): the same rules as the wizard's own
 * form post, answered as JSON. On success the 'Photos Uploaded' toast is set as a flash for the next page.
 */
export async function action({ request }: Route.ActionArgs) {
  const profile = await getProfile(request)
  if (!profile) return jsonError(PLEASE_LOG_IN, 401, { ok: false, toast: { type: 'error', title: PLEASE_LOG_IN } })
  const policyId = new URL(request.url).searchParams.get('policy_id') ?? ''
  const wizard = `/customer/complete-policy?policy_id=${encodeURIComponent(policyId)}`
  // Unknown and another customer's policy (a previous owner's too) look the same: nothing says whether it exists.
  const policy = policyId ? getPolicyForProfile(profile.id, policyId) : null
  if (!policy) return jsonNotFound()
  // The wizard's own guards (already complete, cancelled) apply when it reloads.
  if (isSetupDone(policy) || isSetupHeld(policy) || policy.status === 'canceled') return Response.json({ ok: true, redirectTo: wizard })

  const { form, refused } = await readMultipartFormOrRefusal(request, { maxFiles: MAX_PHOTO_FILES })
  if (refused) return photoRefusal(uploadRefused(refused))
  try {
    await savePolicyPhotos(policy, form.files)
  } catch (error) {
    if (error instanceof RuleError) return photoRefusal(error)
    if (error instanceof ImageQueueFull) {
      const toast = { type: 'error', ...IMAGES_BUSY }
      const headers = { 'Retry-After': String(error.retryAfterSeconds) }
      return jsonError(IMAGES_BUSY.description, 503, { ok: false, result: refusedResult({}), toast, headers })
    }
    throw error
  }
  const headers = new Headers({ 'Set-Cookie': await toastCookie({ type: 'success', ...PHOTO_MESSAGES.uploaded }) })
  return Response.json({ ok: true, redirectTo: wizard }, { headers })
}

/**
 * The wizard's upload script reads the action answer with `ok: false`: each photo field's message, and the toast; the
 * `error` every JSON route's refusal carries is the toast's message.
 */
function photoRefusal(error: RuleError) {
  const { status, errors, toast } = refusalOf(error)
  return jsonError(error.message, status, { ok: false, result: refusedResult(errors), toast })
}
