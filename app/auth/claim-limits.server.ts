import { HOUR_MS, MINUTE_MS } from '~/domain/time'

import { hit } from './rate-limit.server'

/**
 * Claim submissions per customer per hour, generous for real use and a wall for scripts. A guarantee claim ("my repair
 * failed") counts with every other claim: both forms share the one key.
 */
export const CLAIMS_PER_CUSTOMER = { limit: 10, windowMs: HOUR_MS }

/** The e-mails about a newly filed claim: sent once, however often a client asks. */
export const CLAIM_NOTIFICATIONS = { limit: 1, windowMs: 10 * MINUTE_MS }

/** Counts one claim filed by the customer (a new claim or a guarantee claim). */
export function allowClaimSubmission(profileId: string) {
  return hit(`claim-submit:${profileId}`, CLAIMS_PER_CUSTOMER)
}

/** Counts one request to send a claim's "filed" e-mails. */
export function allowClaimNotification(claimId: string) {
  return hit(`claim-notify:${claimId}`, CLAIM_NOTIFICATIONS)
}
