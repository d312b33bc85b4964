import { describeWait } from '~/auth/rate-limit.server'
import { lookupClaimByCode, RateLimitedError } from '~/auth/shop-lookup-limits.server'
import { env } from '~/env.server'
import { routeRules } from '~/server/route-rules'
import { clientIp } from '~/server/server-facts.server'
import { signedFileUrl } from '~/services/signed-links.server'
import { jsonError, jsonNotFound } from '~/utils/refusal'

import type { Route } from './+types/api.get-claim-by-code'

export const handle = routeRules({ body: 'json', public: false, pageCache: false, originCheck: true })

/**
 * POST /api/get-claim-by-code, JSON `{ code }` → the claim lookup shape integrations use, for an approved claim; photo
 * URLs are short-lived signed links. The same rules and rate limits as the shop's page.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const malformed = () => jsonError('Send a JSON body: { "code": "CS-XXXXXX" }.', 400)
  let code: unknown
  try {
    code = ((await request.json()) as { code?: unknown } | null)?.code
  } catch {
    return malformed()
  }
  // No code at all is a malformed request (400); a code that names no claim is a 404 (and counts as a wrong guess).
  if (typeof code !== 'string' || !code.trim()) return malformed()
  try {
    const lookup = lookupClaimByCode(code, clientIp({ request, context }))
    const noStore = { 'Cache-Control': 'no-store' }
    switch (lookup.state) {
      case 'not_found':
        return jsonNotFound(noStore)
      case 'pending_review':
        return jsonError('This claim is awaiting approval.', 409, { status: 'pending_review', headers: noStore })
      case 'denied':
        return jsonError('This claim was not approved.', 409, { status: 'denied', headers: noStore })
      case 'completed':
        return jsonError('This claim has already been completed.', 409, { status: 'completed', headers: noStore })
      case 'approved': {
        const { details } = lookup
        const origin = env().APP_URL
        return Response.json(
          {
            claim: { id: details.claim.id, damageType: details.claim.damageType, description: details.claim.description },
            customer: details.customer,
            vehicle: details.vehicle,
            damagePhotos: details.damagePhotos.map((photo) => ({
              id: photo.id,
              url: origin + signedFileUrl(photo.filePath),
              fileName: photo.fileName,
            })),
          },
          { headers: noStore },
        )
      }
    }
  } catch (error) {
    if (error instanceof RateLimitedError) {
      const paused = error.scope === 'site' ? 'Lookups are paused after many wrong codes.' : 'Too many attempts.'
      const headers = { 'Retry-After': String(Math.max(1, error.retryAfterSeconds)) }
      return jsonError(`${paused} Please wait ${describeWait(error.retryAfterSeconds)} and try again.`, 429, { headers })
    }
    throw error
  }
}
