import { BlockList, isIPv4, isIPv6 } from 'node:net'

import { eq, lt } from 'drizzle-orm'

import { db } from '~/db/client.server'
import { rateLimits } from '~/db/schema'
import { DAY_MS } from '~/domain/time'

export type RateLimitRule = {
  /** How many hits the window allows. */
  limit: number
  windowMs: number
  /** After the limit is passed, refuse for this long (defaults to the rest of the window). */
  blockMs?: number
}

export type RateLimitResult = { allowed: boolean; remaining: number; retryAfterSeconds: number }

/**
 * Counts one hit against `key` (fixed window, stored in SQLite so limits survive restarts).
 * Atomic: one write transaction reads and updates the counter.
 */
export function hit(key: string, rule: RateLimitRule, now = Date.now()): RateLimitResult {
  const database = db()
  return database.$client
    .transaction((): RateLimitResult => {
      const row = database.select().from(rateLimits).where(eq(rateLimits.key, key)).get()
      if (row?.blockedUntil && row.blockedUntil > now) {
        return { allowed: false, remaining: 0, retryAfterSeconds: Math.ceil((row.blockedUntil - now) / 1000) }
      }
      const fresh = !row || now - row.windowStartedAt >= rule.windowMs
      const windowStartedAt = fresh ? now : row.windowStartedAt
      const count = (fresh ? 0 : row.count) + 1
      const allowed = count <= rule.limit
      const blockedUntil = allowed ? null : rule.blockMs ? now + rule.blockMs : windowStartedAt + rule.windowMs
      database
        .insert(rateLimits)
        .values({ key, windowStartedAt, count, blockedUntil })
        .onConflictDoUpdate({ target: rateLimits.key, set: { windowStartedAt, count, blockedUntil } })
        .run()
      const retryAfterSeconds = allowed ? 0 : Math.ceil(((blockedUntil ?? now) - now) / 1000)
      return { allowed, remaining: Math.max(0, rule.limit - count), retryAfterSeconds }
    })
    .immediate()
}

/** Forgets a key (e.g. after a successful sign-in). */
export function resetLimit(key: string) {
  db().delete(rateLimits).where(eq(rateLimits.key, key)).run()
}

/** Drops counters whose window ended long ago; run by the daily job. */
export function pruneRateLimits(olderThanMs = DAY_MS, now = Date.now()) {
  return db()
    .delete(rateLimits)
    .where(lt(rateLimits.windowStartedAt, now - olderThanMs))
    .run().changes
}

/**
 * What a per-client limit counts under: an IPv4 address as it is, an IPv6 address by its /64 network. One subscriber
 * (a home line, a phone, a rented server) usually holds a whole /64 and can take any address in it, so counting
 * single IPv6 addresses would let one attacker look like millions. IPv4-mapped IPv6 (::ffff:a.b.c.d) counts as the
 * IPv4 address; anything that is not an address ('local' under a dev server) is used as it is.
 */
export function clientNetwork(address: string): string {
  const value = address
    .trim()
    .replace(/^\[|\]$/g, '')
    .replace(/%.*$/, '')
  if (isIPv4(value)) return value
  if (!isIPv6(value)) return address
  const groups = ipv6Groups(value)
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join('.')
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`
}

/** The eight 16-bit groups of a valid IPv6 address (expanding '::' and a trailing dotted IPv4 part). */
function ipv6Groups(address: string): number[] {
  const parts = (text: string) =>
    text
      .split(':')
      .filter(Boolean)
      .flatMap((part) => {
        if (!part.includes('.')) return [parseInt(part, 16)]
        const [a, b, c, d] = part.split('.').map(Number) as [number, number, number, number]
        return [(a << 8) | b, (c << 8) | d]
      })
  const [head = '', tail] = address.split('::')
  const left = parts(head)
  if (tail === undefined) return left
  const right = parts(tail)
  return [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right]
}

/** 'a few minutes' style wording for a wait. */
export function describeWait(seconds: number) {
  if (seconds < 90) return 'a minute'
  const minutes = Math.ceil(seconds / 60)
  if (minutes < 90) return `${minutes} minutes`
  return `${Math.ceil(minutes / 60)} hours`
}

/** Addresses that say nothing about who sent a request: this machine, private ranges, link-local. */
const UNTELLING = new BlockList()
UNTELLING.addSubnet('127.0.0.0', 8, 'ipv4')
UNTELLING.addSubnet('10.0.0.0', 8, 'ipv4')
UNTELLING.addSubnet('172.16.0.0', 12, 'ipv4')
UNTELLING.addSubnet('192.168.0.0', 16, 'ipv4')
UNTELLING.addSubnet('169.254.0.0', 16, 'ipv4')
UNTELLING.addAddress('::1', 'ipv6')
UNTELLING.addSubnet('fc00::', 7, 'ipv6')
UNTELLING.addSubnet('fe80::', 10, 'ipv6')

/**
 * The client's network (clientNetwork) when it tells one customer's line from another's: null for 'local', loopback
 * and private addresses (a development server, a proxy that did not say who connected), which would lump everyone
 * together.
 */
export function publicClientNetwork(address: string): string | null {
  const network = clientNetwork(address)
  if (isIPv4(network)) return UNTELLING.check(network, 'ipv4') ? null : network
  if (network.endsWith('::/64')) return UNTELLING.check(network.slice(0, -4), 'ipv6') ? null : network
  return null
}
