import { env } from '~/env.server'
import { processStripeWebhook } from '~/models/money/stripe-events.server'
import { routeRules } from '~/server/route-rules'
import { jsonError, jsonNotFound } from '~/utils/refusal'

import type { Route } from './+types/api.stripe-webhook'

export const handle = routeRules({ body: 'webhook', public: false, pageCache: false, originCheck: false })

/**
 * POST /api/stripe-webhook: the raw body and its signature go to the model
 * (`app/models/money/stripe-events.server.ts`), which verifies and applies the event; server.js caps the body at 1 MB before
 * any of it is read here.
 */

export async function loader() {
  return jsonError('Method Not Allowed', 405, { headers: { Allow: 'POST' } })
}

export async function action({ request }: Route.ActionArgs) {
  if (request.method !== 'POST') return jsonError('Method Not Allowed', 405, { headers: { Allow: 'POST' } })
  if (env().payments !== 'stripe') return jsonNotFound()
  const answer = await processStripeWebhook(await request.text(), request.headers.get('stripe-signature'))
  return Response.json(answer.body, { status: answer.status })
}
