import type { MiddlewareFunction } from 'react-router'

import { db } from '~/db/client.server'
import { type KeptBody, keptBody } from '~/server/compression.js'
import { routeRulesContext } from '~/server/route-table.server'
import { applySecurityHeaders, inlineScriptHashes, nonceContext } from '~/server/security.server'

/**
 * A small cache of whole HTML pages for anonymous visitors, so the landing page is served at close to static-file
 * speed. Only pages that are the same for every anonymous visitor are kept, each one chosen by its route
 * (`handle.pageCache`, see app/server/route-rules.ts), and only its 200 answers (an unknown terms version is a 404, never kept);
 * the landing page's prices are the one thing on them that changes, and every way a price changes clears the cache:
 * - in this process: `invalidatePricingCache()` calls `clearPageCache()`;
 * - from another process (a CLI, a test, sqlite3 by hand): SQLite's `data_version` moves, and entries made under an
 *   older version are not served;
 * - Stripe prices are re-read every few minutes: entries live at most MAX_AGE_MS.
 *
 * A page that must not be reused (the landing page when prices could not be read) says `Cache-Control: no-store`.
 *
 * A kept page is the same bytes for every answer, so that it is compressed once, not per response (server.js sends it
 * in gzip or brotli, app/server/compression.js): its render's CSP nonce is cut out of it, and its Content-Security-Policy
 * allows its inline scripts by their SHA-256 instead — exactly the scripts of the page, as strict as the nonce
 * (docs/decisions/002-page-cache.md). The miss that stores a page answers with the same bytes and headers.
 */

const MAX_AGE_MS = 60_000
/** Headers that belong to one response only, or that the outer middleware sets per request. */
const PER_RESPONSE_HEADERS = new Set(['content-length', 'content-security-policy', 'set-cookie', 'date'])

type Entry = {
  /** The page's UTF-8 bytes, and the compressed forms server.js makes of them once and keeps on the same object. */
  body: KeptBody
  /** Every header of the answer, the security headers with the page's script hashes included. */
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
export function cachedDocument(pathname: string): { body: KeptBody; headers: readonly [string, string][] } | null {
  const cached = pages.get(pathname)
  if (!cached || cached.dataVersion !== dataVersion() || Date.now() - cached.storedAt >= MAX_AGE_MS) return null
  return { body: cached.body, headers: cached.headers }
}

/**
 * The page as every visitor gets it: its render's nonce attributes removed, and the headers of its answer with a CSP
 * naming its inline scripts' hashes. Null when the nonce is used some other way, or a script cannot be read.
 */
function keptPage(html: string, nonce: string, rendered: Headers) {
  const page = html.replaceAll(` nonce="${nonce}"`, '')
  const hashes = page.includes(nonce) ? null : inlineScriptHashes(page)
  if (!hashes) return null
  const headers = new Headers([...rendered].filter(([name]) => !PER_RESPONSE_HEADERS.has(name.toLowerCase())))
  applySecurityHeaders(headers, { hashes })
  return { page, headers }
}

/** Reads the matched route's rules (its `handle.pageCache`), put in the context by the root's first middleware. */
export const pageCacheMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const nonce = context.get(nonceContext)
  const key = cacheKey(request, context.get(routeRulesContext).pageCache)
  if (!key || !nonce) return next()
  const hit = cachedDocument(key)
  if (hit) return new Response(new Uint8Array(hit.body.identity), { status: 200, headers: new Headers([...hit.headers]) })

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
  const kept = keptPage(html, nonce, response.headers)
  if (!kept) return new Response(html, response)
  if (startedIn === generation) {
    pages.set(key, {
      body: keptBody(Buffer.from(kept.page), 'text/html'),
      headers: [...kept.headers, ['X-Page-Cache', 'hit']],
      storedAt: Date.now(),
      dataVersion: version,
    })
  }
  kept.headers.set('X-Page-Cache', 'miss')
  return new Response(kept.page, { status: response.status, statusText: response.statusText, headers: kept.headers })
}
