import { OWNERSHIP_TRANSFER_MESSAGES } from '~/domain/messages'
import { DAY_MS } from '~/domain/time'
import { clientIp } from '~/server/server-facts.server'

import { clientNetwork, describeWait, hit } from './rate-limit.server'

/**
 * Offers to a vehicle's next owner e-mail an address the seller chooses: a customer may send a few a day (a mistyped
 * address, a buyer who backed out), never a stream of e-mails to strangers. Counted per account and per client address.
 */
export const OFFERS_PER_ACCOUNT = { limit: 5, windowMs: DAY_MS }
export const OFFERS_PER_IP = { limit: 20, windowMs: DAY_MS }

/**
 * Opening an offer's link: a client that tries many links is guessing tokens (they are 256-bit, so this only keeps the
 * lookups cheap and the logs quiet). Counted per client network (IPv6 by /64).
 */
export const OFFER_LOOKUPS_PER_IP = { limit: 60, windowMs: 10 * 60 * 1000 }

type Limited = { message: { title: string; description: string }; retryAfterSeconds: number }

/** Counts one offer e-mail; null when allowed, else the toast and the wait. */
export function ownershipOfferLimited(profileId: string, args: Parameters<typeof clientIp>[0]): Limited | null {
  const byIp = hit(`ownership-offer:ip:${clientNetwork(clientIp(args))}`, OFFERS_PER_IP)
  const result = byIp.allowed ? hit(`ownership-offer:profile:${profileId}`, OFFERS_PER_ACCOUNT) : byIp
  if (result.allowed) return null
  return {
    message: OWNERSHIP_TRANSFER_MESSAGES.tooManyOffers(describeWait(result.retryAfterSeconds)),
    retryAfterSeconds: result.retryAfterSeconds,
  }
}

/** Counts one lookup of an offer's link; null when allowed, else the message and the wait. */
export function offerLookupLimited(args: Parameters<typeof clientIp>[0]): Limited | null {
  const result = hit(`ownership-offer-lookup:ip:${clientNetwork(clientIp(args))}`, OFFER_LOOKUPS_PER_IP)
  if (result.allowed) return null
  return {
    message: OWNERSHIP_TRANSFER_MESSAGES.tooManyLookups(describeWait(result.retryAfterSeconds)),
    retryAfterSeconds: result.retryAfterSeconds,
  }
}
