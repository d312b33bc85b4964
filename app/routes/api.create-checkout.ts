import { checkoutRateLimited } from '~/auth/checkout-limits.server'
import { getProfile } from '~/auth/session.server'
import { TOS_VERSION } from '~/content/terms'
import { CONSENT_MESSAGES, TERMS_REQUIRED } from '~/domain/messages'
import { consentFacts } from '~/models/people/consents.server'
import { isEsignPdfCode } from '~/models/people/esign-code.server'
import { CheckoutRefused, findActivePartnerLocationById, startCheckout } from '~/models/policies/checkout.server'
import { routeRules } from '~/server/route-rules'
import { clientOf } from '~/server/server-facts.server'
import { jsonError } from '~/utils/refusal'
import { CreateCheckoutSchema } from '~/validation/signup'

import type { Route } from './+types/api.create-checkout'

export const handle = routeRules({ body: 'json', public: false, pageCache: false, originCheck: true })

/**
 * POST /api/create-checkout, JSON `{ lookup_key, partner_location_id?, tos_version, tos_accepted_at, governing_state,
 * renewal_consent: true, esign_consent: true, esign_code }` (the code printed in the disclosure's PDF) →
 * `{ url }` or `{ error }`. The same checkout as the signup form: our price for the key, never one sent to us.
 */
export async function action({ request, context }: Route.ActionArgs) {
  let body: unknown
  try {
    body = await request.json()
  } catch {
    return jsonError('Send a JSON body.', 400)
  }
  const parsed = CreateCheckoutSchema.safeParse(body)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    return jsonError(`${issue.path.join('.') || 'body'}: ${issue.message}`, 400)
  }
  const input = parsed.data
  // The terms the buyer accepted must be the ones we show; otherwise they have not accepted ours.
  if (input.tos_version !== TOS_VERSION) return jsonError(TERMS_REQUIRED.description, 400)
  // The code read in the disclosure's PDF: the buyer showed they can open the PDFs we send.
  if (!isEsignPdfCode(input.esign_code)) return jsonError(`esign_code: ${CONSENT_MESSAGES.esignCodeWrong.description}`, 400)
  if (Date.parse(input.tos_accepted_at) > Date.now() + 5 * 60 * 1000) {
    return jsonError('tos_accepted_at: must not be in the future', 400)
  }
  let partnerLocationId: string | null = null
  if (input.partner_location_id) {
    const location = findActivePartnerLocationById(input.partner_location_id)
    if (!location) return jsonError('partner_location_id: unknown partner location', 400)
    partnerLocationId = location.id
  }
  const limited = checkoutRateLimited({ request, context })
  if (limited) return jsonError(limited.description, 429, { headers: { 'Retry-After': String(limited.retryAfterSeconds) } })
  const profile = await getProfile(request)
  try {
    const url = await startCheckout({
      lookupKey: input.lookup_key,
      partnerLocationId,
      tosAcceptedAt: new Date(input.tos_accepted_at).toISOString(),
      governingState: input.governing_state,
      consent: consentFacts(clientOf({ request, context })),
      profile: profile ? { id: profile.id, email: profile.email } : null,
      cancelPath: '/signup',
    })
    return Response.json({ url })
  } catch (error) {
    if (error instanceof CheckoutRefused) return jsonError(error.message, error.status)
    throw error
  }
}
