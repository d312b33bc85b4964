import { getProfile } from '~/auth/session.server'
import { cancelPolicy } from '~/models/cancellation.server'

import type { Route } from './+types/api.cancel-policy'

/** POST /api/cancel-policy (SPEC §7), JSON `{ policyId }`, signed-in only → `{ success: true }` or `{ error }`. */
export async function action({ request }: Route.ActionArgs) {
  const profile = await getProfile(request)
  if (!profile) return Response.json({ error: 'Please Log In' }, { status: 401 })
  let policyId: unknown
  try {
    policyId = ((await request.json()) as { policyId?: unknown } | null)?.policyId
  } catch {
    return Response.json({ error: 'Send a JSON body.' }, { status: 400 })
  }
  if (typeof policyId !== 'string' || !policyId) return Response.json({ error: 'policyId is required' }, { status: 400 })
  const result = await cancelPolicy(profile.id, policyId)
  if (!result.ok) return Response.json({ error: result.message }, { status: result.status })
  return Response.json({
    success: true,
    policy: { id: result.policy.id, status: result.policy.status, canceledAt: result.policy.canceledAt },
  })
}
