import { data } from 'react-router'

import { bundledModels } from '~/content/vehicle-models'
import { routeRules } from '~/server/route-rules'
import { jsonError } from '~/utils/refusal'
import { modelLookupSchema } from '~/validation/policy-setup'

import type { Route } from './+types/demo.vehicle-models'

export const handle = routeRules({ body: 'form', public: true, pageCache: false, originCheck: true })

/**
 * The demo wizard's model list with JavaScript: a read-only lookup in the bundled vehicle data (no sign-in, no vPIC,
 * no database), JSON `{ models }` or `{ error }`.
 */
export function loader({ request }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams
  const lookup = modelLookupSchema(null).safeParse({ make: query.get('make') ?? '', year: query.get('year') ?? '' })
  if (!lookup.success) return jsonError(lookup.error.issues[0]?.message ?? 'Please choose a year and a make.', 400)
  return data({ models: bundledModels(lookup.data.make, lookup.data.year) }, { headers: { 'Cache-Control': 'public, max-age=3600' } })
}
