import crypto from 'node:crypto'

import { CODE_PATTERN } from '~/domain/claims'
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

/** Answers for paths no route of ours serves: their path is written with every segment that looks like a key redacted. */
const UNKNOWN_ROUTES = new Set(['routes/$', 'unmatched', 'refused'])

/**
 * Where a known key sits under its route's first segments (`next-owner/<key>`), from SECRET_SEGMENTS: a mangled link
 * (`/next-owner/<key>/extra`) is a 404, and its key is redacted however it looks.
 */
const SECRET_PREFIXES = Object.entries(SECRET_SEGMENTS).map(([route, at]) => ({
  prefix: route.slice('routes/'.length).split('.').slice(0, at),
  at,
}))

/** At most this many segments of an unknown path are written (a scanner's paths can be very long). */
const UNKNOWN_PATH_SEGMENTS = 12

/**
 * A segment of an unknown path that may be someone's key or data: an e-mail address, a claim's code (the shop's key to
 * it), a run of seven or more digits (a phone or card number), a run of twelve or more letters and digits mixed (a
 * token, a row id, a hash, a signature: what our links carry), or anything over 24 characters unbroken by `-`. Words
 * and short numbers stay: `/plans/chip-repair-2026` is what an operator looks for to mend a broken link.
 */
function looksLikeAKey(segment: string) {
  let text: string
  try {
    text = decodeURIComponent(segment)
  } catch {
    text = segment
  }
  if (text.includes('@') || CODE_PATTERN.test(text.toUpperCase()) || /\d{7}/.test(text)) return true
  return text.split('-').some((run) => run.length > 24 || (run.length >= 12 && /\d/.test(run) && /[A-Za-z]/.test(run)))
}

/** An unknown path, whole, with the segments that look like keys (and those where a known route keeps its key) redacted. */
function unknownPath(segments: string[]) {
  const shown = segments.slice(0, UNKNOWN_PATH_SEGMENTS).map((segment, index) => {
    const secret = SECRET_PREFIXES.some(({ prefix, at }) => at === index && prefix.every((part, i) => segments[i] === part))
    if (secret || looksLikeAKey(segment)) return '[redacted]'
    return segment.length > 40 ? `${segment.slice(0, 40)}…` : segment
  })
  return `/${shown.join('/')}${segments.length > UNKNOWN_PATH_SEGMENTS ? '/…' : ''}`
}

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
  // The query of an unknown path stays out: no rule says which of its values are keys.
  if (UNKNOWN_ROUTES.has(route)) return unknownPath(segments)
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
