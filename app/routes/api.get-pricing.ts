import { PRICING_ERROR } from '~/domain/messages'
import { LOOKUP_KEYS } from '~/domain/plans'
import { loadPricing } from '~/models/policies/checkout.server'
import { routeRules } from '~/server/route-rules'
import { jsonError } from '~/utils/refusal'

import type { Route } from './+types/api.get-pricing'

export const handle = routeRules({ body: 'json', public: false, pageCache: false, originCheck: true })

/**
 * GET /api/get-pricing: `{ prices }`, every lookup key mapped to its price in dollars: the monthly keys a month's, their
 * `_yearly` twins a year's (a missing
 * price is 0), or `{ error }` with 503 when prices can't be read.
 */
export async function loader(_: Route.LoaderArgs) {
  const map = await loadPricing()
  if (!map) return jsonError(PRICING_ERROR.description, 503, { headers: { 'Cache-Control': 'no-store' } })
  const prices: Record<string, number> = {}
  for (const key of LOOKUP_KEYS) prices[key] = (map[key] ?? 0) / 100
  return Response.json({ prices }, { headers: { 'Cache-Control': 'no-store' } })
}
