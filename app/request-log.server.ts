import crypto from 'node:crypto'

import { logger } from '~/logger.server'

/**
 * The request id and the one line per request (docs/operating.md, "Logs"). server.js calls these for every request it
 * answers, the static files and the page cache included; the app adds what only it knows (the signed-in role) through
 * the request's server facts (app/server-facts.server.ts).
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
  const line = { ...info, ms: Math.round(info.ms * 10) / 10 }
  if (info.status >= 500) logger.error(line, 'request')
  else logger.info(line, 'request')
}
