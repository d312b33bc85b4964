import type { MiddlewareFunction } from 'react-router'

import { db } from '~/db/client.server'
import { routeRulesContext } from '~/route-table.server'
import { nonceContext } from '~/security.server'

/**
 * A small cache of whole HTML pages for anonymous visitors, so the landing page is served at close to static-file
 * speed. Only pages that are the same for every anonymous visitor are kept, each one chosen by its route
 * (`handle.pageCache`, see app/route-rules.ts), and only its 200 answers (an unknown terms version is a 404, never kept);
 * the landing page's prices are the one thing on them that changes, and every way a price changes clears the cache:
 * - in this process: `invalidatePricingCache()` calls `clearPageCache()`;
 * - from another process (a CLI, a test, sqlite3 by hand): SQLite's `data_version` moves, and entries made under an
 *   older version are not served;
 * - Stripe prices are re-read every few minutes: entries live at most MAX_AGE_MS.
 *
 * A page that must not be reused (the landing page when prices could not be read) says `Cache-Control: no-store`.
 *
 * Each page is stored with its CSP nonce cut out and gets the current request's nonce put back, so the cached HTML's
 * `nonce="..."` attributes always match the Content-Security-Policy header the security middleware sets for this
 * request (it runs first and reads the same `nonceContext`).
 */

const MAX_AGE_MS = 60_000
/** Headers that belong to one response only, or that the outer middleware sets per request. */
const PER_RESPONSE_HEADERS = new Set(['content-length', 'content-security-policy', 'set-cookie', 'date'])

type Entry = {
  /** The page's UTF-8 bytes split at its nonce: joined with a nonce between them, the page for that nonce. */
  parts: Buffer[]
  headers: [string, string][]
  storedAt: number
  dataVersion: number
}

const pages = new Map<string, Entry>()
/** Bumped by clearPageCache, so a page that was rendering while the cache was cleared is not stored. */
let generation = 0

export function clearPageCache() {
  pages.clear()
  generation++
}

const dataVersionQueries = new WeakMap<object, { get(): unknown }>()

/** Changes whenever another connection (another process) commits to the database. */
function dataVersion(): number {
  const sqlite = db().$client
  let query = dataVersionQueries.get(sqlite)
  if (!query) {
    query = sqlite.prepare('PRAGMA data_version').pluck()
    dataVersionQueries.set(sqlite, query)
  }
  return query.get() as number
}

/** The page for this nonce; joined as bytes, so a hit costs no re-encoding of the HTML. */
function withNonce(parts: Buffer[], nonce: string): Uint8Array<ArrayBuffer> {
  const nonceBytes = Buffer.from(nonce)
  const pieces: Buffer[] = []
  parts.forEach((part, index) => {
    if (index > 0) pieces.push(nonceBytes)
    pieces.push(part)
  })
  return Buffer.concat(pieces) as Uint8Array<ArrayBuffer>
}

/**
 * Cacheable: a GET for a page whose route chose the page cache, no query string, and no cookies at all. Without cookies
 * there is no session and no flash toast, so the page is the anonymous one; any cookie (even an expired session) skips
 * the cache. Only the exact path is a key (a data request, `/.data`, is not the page).
 */
function cacheKey(request: Request, pageCache: boolean): string | null {
  if (!pageCache || request.method !== 'GET') return null
  if (request.headers.get('Cookie')) return null
  const url = new URL(request.url)
  if (url.search || url.pathname.endsWith('.data')) return null
  return url.pathname
}

/**
 * The fresh cached copy of a path, as bytes and header pairs, for a caller that has already checked the request is
 * cacheable (GET, no query string, no cookies): server.js answers these without building a Request or routing it. Only
 * a page whose route chose the page cache is ever stored, so a path with an entry is one of those.
 */
export function cachedDocument(pathname: string, nonce: string): { body: Uint8Array<ArrayBuffer>; headers: [string, string][] } | null {
  if (!nonce) return null
  const cached = pages.get(pathname)
  if (!cached || cached.dataVersion !== dataVersion() || Date.now() - cached.storedAt >= MAX_AGE_MS) return null
  return { body: withNonce(cached.parts, nonce), headers: [...cached.headers, ['X-Page-Cache', 'hit']] }
}

/** Reads the matched route's rules (its `handle.pageCache`), put in the context by the root's first middleware. */
export const pageCacheMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const nonce = context.get(nonceContext)
  const key = cacheKey(request, context.get(routeRulesContext).pageCache)
  if (!key || !nonce) return next()
  const hit = cachedDocument(key, nonce)
  if (hit) return new Response(hit.body, { status: 200, headers: new Headers(hit.headers) })

  // Read before rendering: a change made while the page renders then makes this copy stale at once.
  const version = dataVersion()
  const startedIn = generation
  const response = await next()
  if (
    response.status !== 200 ||
    response.headers.has('Set-Cookie') ||
    !response.headers.get('Content-Type')?.startsWith('text/html') ||
    /no-store|private/.test(response.headers.get('Cache-Control') ?? '') ||
    !response.body
  ) {
    return response
  }
  const html = await response.text()
  if (startedIn === generation) {
    const headers = [...response.headers].filter(([name]) => !PER_RESPONSE_HEADERS.has(name.toLowerCase()))
    pages.set(key, { parts: html.split(nonce).map((part) => Buffer.from(part)), headers, storedAt: Date.now(), dataVersion: version })
  }
  const headers = new Headers(response.headers)
  headers.set('X-Page-Cache', 'miss')
  return new Response(html, { status: response.status, statusText: response.statusText, headers })
}
