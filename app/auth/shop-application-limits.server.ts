import { SHOP_APPLICATION_MESSAGES } from '~/domain/messages'
import { HOUR_MS } from '~/domain/time'

import { clientNetwork, describeWait, hit } from './rate-limit.server'

/**
 * The public "Join the network" form: a shop applies once, perhaps again after a correction; a stream of applications
 * from one network is a bot or a prank filling the operator's review list. Counted per client network.
 */
export const SHOP_APPLICATIONS_PER_NETWORK = { limit: 5, windowMs: HOUR_MS }

/** Counts one application; null when allowed, else the message and the wait. */
export function shopApplicationLimited(clientAddress: string): { message: string; retryAfterSeconds: number } | null {
  const result = hit(`shop-application:net:${clientNetwork(clientAddress)}`, SHOP_APPLICATIONS_PER_NETWORK)
  if (result.allowed) return null
  return { message: SHOP_APPLICATION_MESSAGES.tooMany(describeWait(result.retryAfterSeconds)), retryAfterSeconds: result.retryAfterSeconds }
}
