import { data, type MiddlewareFunction } from 'react-router'

import type { BodyKind } from '~/server/route-rules'
import { routeRulesContext } from '~/server/route-table.server'

/**
 * What a request may carry, decided before anything reads it: which methods we serve, which content types each route
 * reads, and how many bytes of body it may send. Each route declares how it reads its body (`handle.body`, see
 * app/server/route-rules.ts); one function turns that into a policy, applied with the same route's rules in two places:
 * - by server.js, before it builds a Fetch `Request` (a method Fetch cannot represent, such as TRACE, would throw
 *   there), so an oversized or unreadable body is refused while it streams in, not after it sits in memory;
 * - by the app's own middleware (`bodyPolicyMiddleware`), which also checks that a form parses, and which is all there
 *   is under `react-router dev` and in tests that call the request handler directly.
 */

export const SERVED_METHODS = ['GET', 'HEAD', 'POST'] as const
export const ALLOW_HEADER = SERVED_METHODS.join(', ')

const KB = 1024
const MB = 1024 * KB
/** Forms and JSON bodies: the largest real one (a claim description, an appeal) is a few kilobytes. */
export const FORM_BODY_LIMIT = 64 * KB
/** Stripe's events are small; read at most this much before checking the signature. */
export const WEBHOOK_BODY_LIMIT = 1 * MB
/**
 * No upload form takes more than this (thirty 10 MB photos on the demo's forms); the multipart reader applies each
 * form's own, smaller limit while it reads.
 */
export const UPLOAD_BODY_LIMIT = 320 * MB

export type BodyPolicy =
  | { ok: true; maxBytes: number; streamed: boolean; parseForm: boolean }
  | { ok: false; status: 405 | 411 | 413 | 415 | 400; message: string }

const isMultipart = (type: string) => /^multipart\/form-data\s*(;|$)/i.test(type)
const isUrlEncoded = (type: string) => /^application\/x-www-form-urlencoded\s*(;|$)/i.test(type)
const isJson = (type: string) => /^application\/json\s*(;|$)/i.test(type)

/**
 * The policy for a request: refused with a status and a message, or allowed with a byte limit, whether the body is
 * streamed to the route (uploads) or read whole first, and whether the app should check that it parses as a form.
 */
export function bodyPolicy(method: string, kind: BodyKind, contentType: string | null, contentLength: string | null): BodyPolicy {
  const upper = method.toUpperCase()
  if (upper === 'GET' || upper === 'HEAD') return { ok: true, maxBytes: 0, streamed: false, parseForm: false }
  if (upper !== 'POST') return { ok: false, status: 405, message: 'This address does not accept that method.' }

  const type = (contentType ?? '').trim()
  let policy: BodyPolicy
  if (kind === 'webhook') policy = { ok: true, maxBytes: WEBHOOK_BODY_LIMIT, streamed: false, parseForm: false }
  else if (isMultipart(type) && (kind === 'upload' || kind === 'upload-or-json')) {
    if (!/;\s*boundary=/i.test(type)) return { ok: false, status: 400, message: 'The form could not be read. Please submit it again.' }
    policy = { ok: true, maxBytes: UPLOAD_BODY_LIMIT, streamed: true, parseForm: false }
  } else if (kind === 'json' || (kind === 'upload-or-json' && isJson(type))) {
    policy = { ok: true, maxBytes: FORM_BODY_LIMIT, streamed: false, parseForm: false }
  } else if (isUrlEncoded(type) || isMultipart(type)) {
    policy = { ok: true, maxBytes: FORM_BODY_LIMIT, streamed: false, parseForm: true }
  } else {
    return { ok: false, status: 415, message: 'Please submit the form from our page.' }
  }

  if (contentLength !== null) {
    if (!/^\d{1,15}$/.test(contentLength.trim())) return { ok: false, status: 400, message: 'The request is malformed.' }
    if (Number(contentLength) > policy.maxBytes) return { ok: false, status: 413, message: tooLargeMessage(policy.maxBytes) }
  }
  return policy
}

/**
 * A request head React Router cannot read, refused before it gets there: a path whose percent-encoding does not decode
 * (React Router prints a warning for each route it tries, then routes it anyway), and a post whose `Origin` is not an
 * address at all (React Router's own origin check throws on it, which reached our error handler as an unexpected error
 * with a stack, and a report). Both are what a client sent, never our failure: a 400 on the request's info line and a
 * warning without a stack. A foreign but well-formed Origin is the security middleware's to refuse (403).
 */
export function unreadableHead(method: string, pathname: string, origin: string | null): string | null {
  try {
    decodeURIComponent(pathname)
  } catch {
    return 'the path is not valid percent-encoding'
  }
  const upper = method.toUpperCase()
  const changes = upper !== 'GET' && upper !== 'HEAD'
  // "null" is what a browser sends from a sandboxed frame or a privacy-minded redirect: the middleware refuses it.
  if (changes && origin !== null && origin !== 'null' && !URL.canParse(origin)) return 'the Origin header is not an address'
  return null
}

export function tooLargeMessage(maxBytes: number) {
  return maxBytes >= MB
    ? `This submission is too large (the limit is ${Math.round(maxBytes / MB)} MB).`
    : `This submission is too large (the limit is ${Math.round(maxBytes / KB)} KB).`
}

/**
 * The app's half of the policy: the method and content type (server.js already refused these, but the development
 * server and direct handler calls have no server.js), and a form that does not parse — a truncated multipart body, a
 * boundary that never comes — answered 400 here rather than as an exception inside the route's action.
 */
export const bodyPolicyMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const { body } = context.get(routeRulesContext)
  const policy = bodyPolicy(request.method, body, request.headers.get('Content-Type'), request.headers.get('Content-Length'))
  if (!policy.ok) throw refusal(policy.status, policy.message)
  if (policy.parseForm) {
    try {
      await request.clone().formData()
    } catch {
      throw refusal(400, 'The form could not be read. Please submit it again.')
    }
  }
  return next()
}

function refusal(status: number, message: string) {
  return data(message, { status, headers: status === 405 ? { Allow: ALLOW_HEADER } : undefined })
}
