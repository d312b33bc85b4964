import { getProfile } from '~/auth/session.server'
import { PLEASE_LOG_IN, VEHICLE_MESSAGES } from '~/domain/messages'
import { routeRules } from '~/server/route-rules'
import { modelsFor } from '~/services/vehicle-data.server'
import { jsonError } from '~/utils/refusal'
import { modelLookupSchema } from '~/validation/policy-setup'

import type { Route } from './+types/customer.vehicle-models'

export const handle = routeRules({ body: 'form', public: false, pageCache: false, originCheck: true })

/** The vehicle step's model list with JavaScript: JSON `{ models }` for signed-in customers, `{ error }` otherwise. */
export async function loader({ request }: Route.LoaderArgs) {
  const profile = await getProfile(request)
  if (!profile) return jsonError(PLEASE_LOG_IN, 401)
  const url = new URL(request.url)
  const parsed = modelLookupSchema(null).safeParse({ make: url.searchParams.get('make') ?? '', year: url.searchParams.get('year') ?? '' })
  if (!parsed.success) return jsonError(parsed.error.issues[0]?.message ?? VEHICLE_MESSAGES.modelsError.description, 400)
  const { models, source } = await modelsFor(parsed.data.make, parsed.data.year)
  return Response.json({ models, source }, { headers: { 'Cache-Control': 'private, max-age=3600' } })
}
