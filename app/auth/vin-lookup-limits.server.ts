import { VIN_MESSAGES } from '~/domain/messages'

import { describeWait, hit } from './rate-limit.server'

/**
 * VIN lookups ask vPIC (a public service with its own limits) for each new VIN: a customer types a few VINs, never a
 * stream of them. Counted per account, with JavaScript (as the VIN is typed) and without ('Look up') alike.
 */
export const VIN_LOOKUPS_PER_ACCOUNT = { limit: 30, windowMs: 10 * 60 * 1000 }

/** Counts one lookup; null when allowed, else the message and the wait. */
export function vinLookupLimited(profileId: string): { message: string; retryAfterSeconds: number } | null {
  const result = hit(`vin-lookup:profile:${profileId}`, VIN_LOOKUPS_PER_ACCOUNT)
  if (result.allowed) return null
  return { message: VIN_MESSAGES.tooManyLookups(describeWait(result.retryAfterSeconds)), retryAfterSeconds: result.retryAfterSeconds }
}
