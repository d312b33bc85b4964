import { getProfile } from '~/auth/session.server'
import { vinLookupLimited } from '~/auth/vin-lookup-limits.server'
import { PLEASE_LOG_IN } from '~/domain/messages'
import { getPolicyForProfile } from '~/models/policies/policies.server'
import { lookUpVin } from '~/models/policies/vehicles.server'
import { routeRules } from '~/server/route-rules'
import { jsonError, jsonNotFound } from '~/utils/refusal'

import type { Route } from './+types/customer.vin.$vin'

export const handle = routeRules({ body: 'form', public: false, pageCache: false, originCheck: true })

/**
 * The vehicle step's VIN lookup with JavaScript, for one of the customer's policies (`?policy_id=`, whose plan the VIN
 * is checked against): JSON `{ year, make, model, models, decoded }`, or `{ error }` with 400 for a VIN that is wrong or
 * that the plan cannot cover, 401 signed out, 404 for a policy that is not theirs, 429 when asked too often.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const profile = await getProfile(request)
  if (!profile) return jsonError(PLEASE_LOG_IN, 401)
  const policy = getPolicyForProfile(profile.id, new URL(request.url).searchParams.get('policy_id') ?? '')
  if (!policy) return jsonNotFound()
  const limited = vinLookupLimited(profile.id)
  if (limited) return jsonError(limited.message, 429, { headers: { 'Retry-After': String(limited.retryAfterSeconds) } })
  const lookup = await lookUpVin(params.vin, policy)
  if (!lookup.ok) return jsonError(lookup.message, 400)
  const { values, models, decoded } = lookup
  return Response.json({ ...values, models, decoded }, { headers: { 'Cache-Control': 'private, no-store' } })
}
