import crypto from 'node:crypto'

import { logger } from '~/logger.server'

/**
 * The request id and the one line per request (docs/operating.md, "Logs"). server.js calls these for every request it
 * answers, the static files and the page cache included; the app adds what only it knows (the signed-in role) through
 * the request's server facts (app/server/server-facts.server.ts).
 */

/** A proxy's id is reused only when it looks like one: short, and letters, digits and `._:-` (nothing to inject). */
const SANE_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,99}$/

/**
 * The request's id: Fly's proxy's (`Fly-Request-Id`) or another proxy's (`X-Request-Id`) when sane, or a new one.
 * Either way it is what the answer's `X-Request-Id` says, what the error page shows and what every line logged while
 * answering carries.
 */
export function requestIdFrom(header: (name: string) => string | string[] | null | undefined): string {
  for (const name of ['fly-request-id', 'x-request-id']) {
    const value = header(name)
    const id = Array.isArray(value) ? value[0] : value
    if (id && SANE_ID.test(id.trim())) return id.trim()
  }
  return crypto.randomBytes(10).toString('hex')
}

/** What the request line records; also what `onRequestFinished` listeners receive. */
export type RequestInfo = {
  reqId: string
  method: string
  /** The answering route's id (React Router's, e.g. `routes/customer`), or how server.js answered it: `static`, `redirect`, `refused`. */
  route: string
  status: number
  /** From the request's arrival to the answer's last byte (or the client leaving), in milliseconds. */
  ms: number
  /** Body bytes sent (after compression). */
  bytes: number
  /** The signed-in person's role, when the app looked: `customer` or `admin`. */
  role?: string
  /** The client went away before the whole answer was sent. */
  aborted?: boolean
  /** The request's path and query as it arrived; the log writes `loggedPath` of it, never this. */
  url?: string
}

/**
 * Path segments that are someone's key, by the id of the route they go to, and their place in the path: an e-mailed
 * offer or price-change link, and the local checkout's id. Written as `[redacted]`.
 */
const SECRET_SEGMENTS: Record<string, number> = {
  'routes/next-owner.$token': 1,
  'routes/price-change.$token': 1,
  'routes/dev.checkout.$id': 2,
}

/**
 * Query values that are never a key nor anyone's data and help find a request (paging and filters). Every other value
 * is written as `[redacted]`: sign-in tokens, claim codes, signed file links' signatures, search words.
 */
const SHOWN_QUERY_KEYS = new Set(['page', 'status', 'filter', 'part', 'view', 'sort', 'month', 'from', 'to', 'exp', 'damage'])

/** How an unknown path is written: its first segment only (a mangled token must not reach the log). */
const UNKNOWN_ROUTES = new Set(['routes/$', 'unmatched', 'refused'])

/**
 * The path the request line records, so the operator can find "the request for this claim" (claim and customer ids in
 * paths are not secrets) without the log holding a key: see SECRET_SEGMENTS and SHOWN_QUERY_KEYS.
 */
export function loggedPath(route: string, url: string) {
  // A proxy's CONNECT names a host (`example.com:443`), an absolute-form request a whole URL: not one of our paths.
  if (!url.startsWith('/')) return '[not a path]'
  const queryAt = url.indexOf('?')
  const pathname = queryAt === -1 ? url : url.slice(0, queryAt)
  const segments = pathname.split('/').slice(1)
  if (UNKNOWN_ROUTES.has(route)) return segments.length > 1 ? `/${segments[0]!.slice(0, 40)}/…` : `/${segments[0]!.slice(0, 40)}`
  const secret = SECRET_SEGMENTS[route]
  if (secret !== undefined && segments.length > secret) segments[secret] = '[redacted]'
  const path = `/${segments.join('/')}`
  if (queryAt === -1) return path
  const query = [...new URLSearchParams(url.slice(queryAt + 1))]
    .map(([key, value]) => `${key.slice(0, 40)}=${SHOWN_QUERY_KEYS.has(key) ? value.slice(0, 40) : '[redacted]'}`)
    .join('&')
  return query ? `${path}?${query}` : path
}

type Listener = (info: RequestInfo) => void
const listeners = new Set<Listener>()

/** Calls `listener` after every request server.js answered (for metrics); returns the unsubscribe. */
export function onRequestFinished(listener: Listener): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Writes the request line and tells the listeners. /healthz is left out of the log (a probe every few seconds). */
export function requestFinished(info: RequestInfo) {
  for (const listener of listeners) {
    try {
      listener(info)
    } catch (error) {
      logger.error({ err: error }, 'a request listener failed')
    }
  }
  if (info.route === 'routes/healthz') return
  const { url, ...facts } = info
  const line = { ...facts, ...(url ? { path: loggedPath(info.route, url) } : {}), ms: Math.round(info.ms * 10) / 10 }
  if (info.status >= 500) logger.error(line, 'request')
  else logger.info(line, 'request')
}
