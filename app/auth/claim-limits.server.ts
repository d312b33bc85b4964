import { RuleError } from '~/domain/errors'
import { CLAIM_THREAD_MESSAGES } from '~/domain/messages'
import { HOUR_MS, MINUTE_MS } from '~/domain/time'

import { describeWait, hit } from './rate-limit.server'

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

/**
 * Messages one person posts on one claim's thread: a conversation, even a quick back-and-forth, stays far under it; a
 * script posting dozens in seconds (each one an e-mail to the others) is stopped. Per person and claim, so one noisy
 * thread never silences the operator elsewhere.
 */
export const CLAIM_MESSAGES_PER_PERSON = { limit: 8, windowMs: 10 * MINUTE_MS }

/**
 * Counts one message by `profileId` on `claimId`'s thread: null when allowed, else the refusal (429, next to the
 * message field, with the wait left), answered before anything is saved.
 */
export function claimMessageLimited(profileId: string, claimId: string): RuleError | null {
  const result = hit(`claim-message:${claimId}:${profileId}`, CLAIM_MESSAGES_PER_PERSON)
  if (result.allowed) return null
  const { title, description } = CLAIM_THREAD_MESSAGES.tooMany
  return RuleError.from(
    { title, description: description(describeWait(result.retryAfterSeconds)) },
    {
      field: 'body',
      status: 429,
      retryAfterSeconds: result.retryAfterSeconds,
    },
  )
}
