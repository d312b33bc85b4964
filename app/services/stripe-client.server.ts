import Stripe from 'stripe'
import { z } from 'zod'

import { env } from '~/env.server'

/**
 * The Stripe SDK's client as every Stripe file uses it (billing in stripe-billing.server.ts, the shops' Connect
 * accounts in stripe-connect.server.ts, webhooks and the adapter in stripe.server.ts). `STRIPE_API_URL` points the SDK
 * at a local fake in tests. Every answer we act on is checked with zod: a surprise shape fails loudly here, not three
 * calls later.
 */

/** A Stripe call may take this long before we give up (the SDK default is 80 s, far beyond a page load). */
const TIMEOUT_MS = 15_000
/** The SDK retries network errors and 409/5xx with backoff, with idempotency keys on POSTs. */
const MAX_NETWORK_RETRIES = 2

let cached: { key: string; client: Stripe } | undefined

/** The configured client; rebuilt when the key or API URL changes (tests switch them). */
export function stripe(): Stripe {
  const config = env()
  const secretKey = config.STRIPE_SECRET_KEY
  if (!secretKey) throw new Error('Stripe is not configured (STRIPE_SECRET_KEY is unset)')
  const cacheKey = `${secretKey} ${config.STRIPE_API_URL ?? ''}`
  if (cached?.key !== cacheKey) {
    cached = {
      key: cacheKey,
      client: new Stripe(secretKey, {
        timeout: TIMEOUT_MS,
        maxNetworkRetries: MAX_NETWORK_RETRIES,
        telemetry: false,
        ...apiAddress(config.STRIPE_API_URL),
      }),
    }
  }
  return cached.client
}

/** `STRIPE_API_URL` as the SDK's host/port/protocol settings. */
function apiAddress(url: string | undefined): { host?: string; port?: number; protocol?: 'http' | 'https' } {
  if (!url) return {}
  const parsed = new URL(url)
  const protocol = parsed.protocol === 'http:' ? 'http' : 'https'
  return { host: parsed.hostname, port: parsed.port ? Number(parsed.port) : protocol === 'http' ? 80 : 443, protocol }
}

/** An expandable field of a Stripe object: its id, whether Stripe sent the id or the object. */
export function expandableIdOf() {
  return z.union([z.string(), z.object({ id: z.string() })]).transform((value) => (typeof value === 'string' ? value : value.id))
}
