import crypto from 'node:crypto'
import { createContext, data, type MiddlewareFunction } from 'react-router'
import { env, servedOverHttps } from '~/env.server'

/** The per-request CSP nonce, read by entry.server to mark React Router's inline scripts. */
export const nonceContext = createContext<string>('')

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])
/** Posted by Stripe's servers, verified by signature instead. */
const ORIGIN_CHECK_EXEMPT = new Set(['/api/stripe-webhook'])

/** True when a state-changing request comes from one of our own pages (its Origin, else Referer, is ours). */
export function isSameOrigin(request: Request) {
  const url = new URL(request.url)
  const source = request.headers.get('Origin') ?? request.headers.get('Referer')
  if (!source || source === 'null') return false
  let origin: URL
  try {
    origin = new URL(source)
  } catch {
    return false
  }
  const host = request.headers.get('Host') ?? url.host
  return origin.host === host || origin.origin === new URL(env().APP_URL).origin
}

let formTargets: string | undefined
/** A form post may redirect to Stripe's hosted checkout or billing portal (or, in tests, to the fake Stripe). */
function formActionSources() {
  if (formTargets === undefined) {
    const origins = ["'self'", 'https://checkout.stripe.com', 'https://billing.stripe.com']
    const stripeApi = env().STRIPE_API_URL
    if (stripeApi) origins.push(new URL(stripeApi).origin)
    formTargets = origins.join(' ')
  }
  return formTargets
}

export function contentSecurityPolicy(nonce: string) {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    `form-action ${formActionSources()}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "object-src 'none'",
  ].join('; ')
}

export const securityMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const url = new URL(request.url)
  if (!SAFE_METHODS.has(request.method.toUpperCase()) && !ORIGIN_CHECK_EXEMPT.has(url.pathname) && !isSameOrigin(request)) {
    console.warn(`Refused ${request.method} ${url.pathname}: not from this site's pages`)
    throw data('This request did not come from one of our pages.', { status: 403 })
  }
  const nonce = createNonce()
  context.set(nonceContext, nonce)
  const response = await next()
  applySecurityHeaders(response.headers, nonce)
  return response
}

export function createNonce() {
  return crypto.randomBytes(16).toString('base64')
}

/** The headers every response carries; also used by server.js when it answers from the page cache. */
export function applySecurityHeaders(headers: Headers, nonce: string) {
  if (!headers.has('Content-Security-Policy') && !import.meta.env?.DEV) {
    headers.set('Content-Security-Policy', contentSecurityPolicy(nonce))
  }
  headers.set('X-Content-Type-Options', 'nosniff')
  headers.set('Referrer-Policy', 'strict-origin-when-cross-origin')
  headers.set('X-Frame-Options', 'DENY')
  headers.set('Permissions-Policy', 'camera=(self), geolocation=(), microphone=()')
  if (servedOverHttps()) {
    headers.set('Strict-Transport-Security', 'max-age=63072000; includeSubDomains')
  }
}
