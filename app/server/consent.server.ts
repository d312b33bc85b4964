import type { RouterContextProvider } from 'react-router'

import { ESIGN_DISCLOSURE_VERSION } from '~/content/esign'
import { RENEWAL_TERMS_VERSION } from '~/content/renewal-consent'
import type { ConsentFacts } from '~/db/schema'
import { clientIp } from '~/server/server-facts.server'

/** The longest browser description kept (Stripe's metadata values hold 500 characters). */
const USER_AGENT_MAX = 500

/**
 * What the buyer consented to with this request (the signup form, the JSON checkout): the texts' versions shown, the
 * time, the client's address and browser. It travels with the checkout to the policy's consent record.
 */
export function consentFromRequest(args: { request: Request; context: Readonly<RouterContextProvider> }, now = new Date()): ConsentFacts {
  const ip = clientIp(args)
  return {
    renewalTermsVersion: RENEWAL_TERMS_VERSION,
    esignVersion: ESIGN_DISCLOSURE_VERSION,
    consentedAt: now.toISOString(),
    // 'local': no address known (a development server): nothing to record.
    clientIp: ip === 'local' ? null : ip,
    userAgent: args.request.headers.get('User-Agent')?.slice(0, USER_AGENT_MAX) || null,
  }
}
