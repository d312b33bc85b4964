import { allowClaimNotification } from '~/auth/claim-limits.server'
import { getProfile } from '~/auth/session.server'
import { PLEASE_LOG_IN } from '~/domain/messages'
import { notifyClaimSubmitted } from '~/models/claims/claim-filing.server'
import { getClaimForProfile } from '~/models/claims/claims.server'
import { routeRules } from '~/server/route-rules'
import { jsonError, jsonNotFound } from '~/utils/refusal'

import type { Route } from './+types/api.notify-claim-submission'

export const handle = routeRules({ body: 'json', public: false, pageCache: false, originCheck: true })

/**
 * POST /api/notify-claim-submission, JSON `{ claimId }`: sends the claim's submission e-mails (our own
 * claim form already does this on the server). Signed-in owner only; at most once per claim every 10 minutes;
 * failures are only logged.
 */
export async function action({ request }: Route.ActionArgs) {
  const profile = await getProfile(request)
  if (!profile) return jsonError(PLEASE_LOG_IN, 401)
  let claimId: unknown
  try {
    claimId = ((await request.json()) as { claimId?: unknown } | null)?.claimId
  } catch {
    return jsonError('Send a JSON body: { "claimId": "..." }.', 400)
  }
  if (typeof claimId !== 'string' || !claimId) return jsonError('claimId is required', 400)
  if (!getClaimForProfile(profile.id, claimId)) return jsonNotFound()
  const allowed = allowClaimNotification(claimId)
  if (allowed.allowed) await notifyClaimSubmitted(claimId)
  return Response.json({ success: true })
}
