import { getProfile } from '~/auth/session.server'
import { RuleError } from '~/domain/errors'
import { PLEASE_LOG_IN } from '~/domain/messages'
import { cancelPolicy } from '~/models/policies/cancellation.server'
import { routeRules } from '~/server/route-rules'
import { isNotFound, jsonError, jsonNotFound } from '~/utils/refusal'

import type { Route } from './+types/api.cancel-policy'

export const handle = routeRules({ body: 'json', public: false, pageCache: false, originCheck: true })

/** POST /api/cancel-policy, JSON `{ policyId }`, signed-in only → `{ success: true }` or `{ error }`. */
export async function action({ request }: Route.ActionArgs) {
  const profile = await getProfile(request)
  if (!profile) return jsonError(PLEASE_LOG_IN, 401)
  let policyId: unknown
  try {
    policyId = ((await request.json()) as { policyId?: unknown } | null)?.policyId
  } catch {
    return jsonError('Send a JSON body.', 400)
  }
  if (typeof policyId !== 'string' || !policyId) return jsonError('policyId is required', 400)
  try {
    const { policy, refund } = await cancelPolicy(profile.id, policyId)
    return Response.json({
      success: true,
      policy: { id: policy.id, status: policy.status, canceledAt: policy.canceledAt },
      refund: refund ? { amountCents: refund.amountCents, rule: refund.rule, status: refund.status } : null,
    })
  } catch (error) {
    if (error instanceof RuleError) return jsonError(error.message, error.status)
    if (isNotFound(error)) return jsonNotFound()
    throw error
  }
}
