import { CHECKOUT_ERROR } from '~/domain/messages'
import { MINUTE_MS } from '~/domain/time'
import { clientIp } from '~/server/server-facts.server'

import { describeWait, hit } from './rate-limit.server'

/** Checkouts started per client address in ten minutes. */
export const CHECKOUTS_PER_IP = { limit: 20, windowMs: 10 * MINUTE_MS }

/**
 * Each checkout is a Stripe session (or a local row): one client may start a few, not thousands. Null when allowed,
 * else the toast to show.
 */
export function checkoutRateLimited(args: Parameters<typeof clientIp>[0]) {
  const result = hit(`checkout:ip:${clientIp(args)}`, CHECKOUTS_PER_IP)
  if (result.allowed) return null
  return {
    title: CHECKOUT_ERROR.title,
    description: `Too many checkout attempts. Please try again in ${describeWait(result.retryAfterSeconds)}.`,
    retryAfterSeconds: result.retryAfterSeconds,
  }
}
