import { env } from '~/env.server'
import { metricsText, sameSecret } from '~/server/metrics.server'
import { routeRules } from '~/server/route-rules'
import { isLoopbackAddress } from '~/server/security.server'
import { serverFacts } from '~/server/server-facts.server'
import { notFound } from '~/utils/refusal'

import type { Route } from './+types/metrics'

export const handle = routeRules({ body: 'form', public: false, pageCache: false, originCheck: true })

/**
 * GET /metrics: the operator's figures in Prometheus's text format (app/server/metrics.server.ts), for a scraper that sends
 * `Authorization: Bearer <METRICS_TOKEN>`, or for a request from this machine (the socket's own address, reported by
 * server.js through the context; a proxy header can never pose as it). Anyone else gets the site's 404, so nothing
 * tells that the page exists. Fly's scraper reads the same figures from a port of their own (METRICS_PORT; see
 * docs/operating.md "Metrics").
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  if (!mayReadMetrics(request, context)) notFound()
  const { body, contentType } = await metricsText()
  return new Response(body, { headers: { 'Content-Type': contentType, 'Cache-Control': 'no-store' } })
}

function mayReadMetrics(request: Request, context: Route.LoaderArgs['context']) {
  const token = env().METRICS_TOKEN
  const presented = /^Bearer (.+)$/i.exec(request.headers.get('Authorization') ?? '')?.[1]?.trim()
  if (token && presented && sameSecret(presented, token)) return true
  const facts = serverFacts(context)
  // Without server.js in front (the development server, tests) there is no socket address: only outside production.
  if (!facts) return env().NODE_ENV !== 'production'
  return isLoopbackAddress(facts.peerAddress)
}
