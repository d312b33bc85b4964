import { eq } from 'drizzle-orm'

import { db } from '~/db/client.server'
import { type Claim, rateLimits } from '~/db/schema'
import { isDecided, normalizeCode } from '~/domain/claims'
import { DAY_MS } from '~/domain/time'
import { findClaimByCode, type PartnerLookup, partnerViewOf } from '~/models/claims/claim-shop.server'

import { clientNetwork, hit } from './rate-limit.server'

/**
 * The shop's code lookups, limited at the route layer: the page and both JSON calls go through
 * `lookupClaimByCode`, which checks the limits, asks the model for the claim and its shop view, and counts the outcome.
 * Why a site-wide cap too: docs/decisions/020-shop-lookup-site-wide-cap.md.
 */

/** 10 wrong codes from one address (IPv6: one /64) in 10 minutes, then 30 minutes of refusals. */
export const WRONG_CODE_LIMIT = { limit: 10, windowMs: 10 * 60 * 1000, blockMs: 30 * 60 * 1000 }
/** Any one code: 30 lookups in 10 minutes is far more than a shop needs. */
export const PER_CODE_LIMIT = { limit: 30, windowMs: 10 * 60 * 1000, blockMs: 30 * 60 * 1000 }
/**
 * Wrong codes over the whole site, from all addresses together: far more than shops mistype, far fewer than guessing
 * needs (31^6 codes). Past it, lookups from addresses we don't know as shops are refused for 30 minutes.
 */
export const SITE_WRONG_CODE_LIMIT = { limit: 200, windowMs: 10 * 60 * 1000, blockMs: 30 * 60 * 1000 }
/** How many addresses one approved claim's code can make known shops in a day (a shop's PC, its phone, a second PC). */
export const KNOWN_SHOP_GRANTS_PER_CODE = { limit: 3, windowMs: DAY_MS }
const SITE_KEY = 'claim-code:wrong:site'
const KNOWN_SHOP_MS = DAY_MS

export class RateLimitedError extends Error {
  constructor(
    public retryAfterSeconds: number,
    /** Whose guessing was limited: this address, this code, or the whole site's (then the message must not blame the shop). */
    public scope: 'address' | 'code' | 'site' = 'address',
  ) {
    super('Too many attempts')
    this.name = 'RateLimitedError'
  }
}

function blockedFor(key: string, now = Date.now()) {
  const row = db().select({ blockedUntil: rateLimits.blockedUntil }).from(rateLimits).where(eq(rateLimits.key, key)).get()
  return row?.blockedUntil && row.blockedUntil > now ? Math.ceil((row.blockedUntil - now) / 1000) : 0
}

/** An address (network) that looked up an approved or completed claim in the last day: a shop at work. */
function isKnownShop(network: string, now: number) {
  const row = db()
    .select({ at: rateLimits.windowStartedAt })
    .from(rateLimits)
    .where(eq(rateLimits.key, `claim-code:known:${network}`))
    .get()
  return Boolean(row && now - row.at < KNOWN_SHOP_MS)
}

/** Kept in rate_limits so the daily prune forgets it a day after its last use. */
function rememberKnownShop(network: string, code: string, now: number) {
  if (!isKnownShop(network, now)) {
    // One customer's own code must not turn a whole botnet into "known shops".
    if (!hit(`claim-code:grants:${code}`, KNOWN_SHOP_GRANTS_PER_CODE, now).allowed) return
  }
  const key = `claim-code:known:${network}`
  db()
    .insert(rateLimits)
    .values({ key, windowStartedAt: now, count: 1, blockedUntil: null })
    .onConflictDoUpdate({ target: rateLimits.key, set: { windowStartedAt: now } })
    .run()
}

/**
 * A shop looks a claim up by its code. Rate limited per address (wrong codes only; IPv6 by /64), per code, and across
 * the whole site (wrong codes only); throws RateLimitedError. Only an approved, not yet completed claim reveals the
 * customer's details.
 *
 * The site-wide cap answers an attacker who spreads guesses over many addresses, each under its own limit. While it
 * is passed, lookups are refused *before the code is looked at*, right or wrong alike: refusing only wrong codes would
 * tell the attacker which guess was right, and the cap would protect nothing. Shops keep working through it: an
 * address that looked up an approved or completed claim in the last day is a known shop and is not refused (its own
 * per-address limit still applies). A new shop waits out the block (30 minutes) or calls us.
 */
export function lookupClaimByCode(rawCode: unknown, clientAddress: string, now = new Date()): PartnerLookup {
  const found = findClaimByCodeLimited(rawCode, clientAddress, now)
  return found ? partnerViewOf(found.claim, found.code, now) : { state: 'not_found' }
}

/** The limited lookup alone: the claim behind the code (null when there is none), for completing it. */
export function findClaimByCodeLimited(rawCode: unknown, clientAddress: string, now = new Date()): { code: string; claim: Claim } | null {
  const at = now.getTime()
  const network = clientNetwork(clientAddress)
  const ipKey = `claim-code:ip:${network}`
  const ipWait = blockedFor(ipKey, at)
  if (ipWait) throw new RateLimitedError(ipWait, 'address')
  const knownShop = isKnownShop(network, at)
  const siteWait = blockedFor(SITE_KEY, at)
  if (siteWait && !knownShop) throw new RateLimitedError(siteWait, 'site')
  const code = normalizeCode(rawCode)
  if (code) {
    const perCode = hit(`claim-code:code:${code}`, PER_CODE_LIMIT, at)
    if (!perCode.allowed) throw new RateLimitedError(perCode.retryAfterSeconds, 'code')
  }
  const claim = code ? findClaimByCode(code) : null
  if (!code || !claim) {
    const wrong = hit(ipKey, WRONG_CODE_LIMIT, at)
    if (!wrong.allowed) throw new RateLimitedError(wrong.retryAfterSeconds, 'address')
    // Only well-formed codes are guesses at the code space; a typo like "CS-12" is the address's business alone.
    if (code) {
      const site = hit(SITE_KEY, SITE_WRONG_CODE_LIMIT, at)
      if (!site.allowed && !knownShop) throw new RateLimitedError(site.retryAfterSeconds, 'site')
    }
    return null
  }
  if (isDecided(claim)) rememberKnownShop(network, code, at)
  return { code, claim }
}
