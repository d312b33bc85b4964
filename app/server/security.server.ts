import crypto from 'node:crypto'

import { createContext, data, type MiddlewareFunction, type RouterContextProvider } from 'react-router'

import { env, isLoopbackOrigin, servedOverHttps } from '~/env.server'
import { logger } from '~/logger.server'
import { errorReportsOrigin } from '~/server/error-reports.server'
import { type RouteRules } from '~/server/route-rules'
import { routeRulesContext } from '~/server/route-table.server'
import { serverFacts } from '~/server/server-facts.server'
import { notFound } from '~/utils/refusal'

/** The per-request CSP nonce, read by entry.server to mark React Router's inline scripts. */
export const nonceContext = createContext<string>('')

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * True when a state-changing request comes from one of our own pages (its Origin, else Referer, is ours): the same
 * host and the same scheme as the app's (`https://host` is another origin than `http://host`), or APP_URL's origin.
 */
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
  const app = new URL(env().APP_URL)
  return (origin.host === host && origin.protocol === app.protocol) || origin.origin === app.origin
}

let formTargets: string | undefined
/** A form post may redirect to Stripe's hosted checkout, billing portal or Connect onboarding (or, in tests, to the fake Stripe). */
function formActionSources() {
  if (formTargets === undefined) {
    const origins = ["'self'", 'https://checkout.stripe.com', 'https://billing.stripe.com', 'https://connect.stripe.com']
    const stripeApi = env().STRIPE_API_URL
    if (stripeApi) origins.push(new URL(stripeApi).origin)
    formTargets = origins.join(' ')
  }
  return formTargets
}

/**
 * Which inline scripts may run beside the site's own files: those carrying this response's nonce, or — on a page kept
 * by the page cache, which is the same bytes for every visitor — exactly those whose SHA-256 is listed.
 */
export type InlineScripts = { nonce: string } | { hashes: string[] }

export function contentSecurityPolicy(inline: InlineScripts) {
  // The error reports' ingest host (app/server/error-reports.server.ts), only while SENTRY_DSN is set.
  const reports = errorReportsOrigin()
  const inlineSources = 'nonce' in inline ? [`'nonce-${inline.nonce}'`] : inline.hashes.map((hash) => `'${hash}'`)
  return [
    "default-src 'self'",
    ["script-src 'self'", ...inlineSources].join(' '),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    reports ? `connect-src 'self' ${reports}` : "connect-src 'self'",
    `form-action ${formActionSources()}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "object-src 'none'",
  ].join('; ')
}

/** Reads the matched route's rules (its `handle`), put in the context by the root's first middleware. */
export const securityMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const rules = context.get(routeRulesContext)
  if (!SAFE_METHODS.has(request.method.toUpperCase()) && rules.originCheck && !isSameOrigin(request)) {
    // The path is on the request's own line (its keys redacted), which shares this line's request id.
    logger.warn({ method: request.method }, "refused: not from this site's pages")
    throw data('This request did not come from one of our pages.', { status: 403 })
  }
  const nonce = createNonce()
  context.set(nonceContext, nonce)
  const response = await next()
  applySecurityHeaders(response.headers, { nonce })
  applyCachePolicy(request, response.headers, rules)
  return response
}

/**
 * Private pages are never stored: a response whose route did not choose its own Cache-Control gets
 * `no-store` — unless it is a public page asked for without any cookie. A signed-in visitor's copy of even a public
 * page carries their name in the header, so any cookie makes it private. The `.data` requests behind client-side
 * navigation follow their page. Which pages are public, each route declares (`handle.public`).
 */
export function applyCachePolicy(request: Request, headers: Headers, rules: RouteRules) {
  if (headers.has('Cache-Control')) return
  const anonymousPublic = request.method === 'GET' && !request.headers.get('Cookie') && rules.public
  if (!anonymousPublic) headers.set('Cache-Control', 'no-store')
}

export function isLoopbackAddress(address: string) {
  const plain = address.replace(/^::ffff:/i, '')
  return plain === '::1' || /^127(\.\d{1,3}){3}$/.test(plain)
}

/**
 * The local tools (`/dev/outbox`, `/dev/checkout/*`) stand in for Postmark and Stripe on a developer's machine, and
 * `/dev/emails` previews the e-mails. They
 * answer only when the app's own address is a loopback one, the request comes from this machine and names a loopback
 * host (a page from elsewhere that re-points its own name at 127.0.0.1 — DNS rebinding — sends its own name as
 * `Host`); anywhere else they do not exist (404), whatever adapters are in use. Under the development server or in
 * tests, which have no server.js to report the socket's address (in the context), APP_URL and the host alone decide — never in
 * production.
 */
export function localToolsAvailable({ request, context }: { request: Request; context: Readonly<RouterContextProvider> }) {
  if (!isLoopbackOrigin(env().APP_URL)) return false
  if (!isLoopbackOrigin(new URL(request.url).origin)) return false
  const facts = serverFacts(context)
  if (facts) return isLoopbackAddress(facts.peerAddress)
  return env().NODE_ENV !== 'production'
}

export function requireLocalTools(args: { request: Request; context: Readonly<RouterContextProvider> }) {
  if (!localToolsAvailable(args)) notFound()
}

export function createNonce() {
  return crypto.randomBytes(16).toString('base64')
}

/**
 * The `'sha256-…'` source of each inline script of a page (the text between its tags, as the browser hashes it), or
 * null when a script tag cannot be read with certainty — the page is then not one to serve under hashes.
 */
export function inlineScriptHashes(html: string): string[] | null {
  const hashes = new Set<string>()
  let scripts = 0
  for (const [, attributes, text] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    scripts++
    if (/\bsrc\s*=/i.test(attributes!)) continue
    hashes.add(`sha256-${crypto.createHash('sha256').update(text!, 'utf8').digest('base64')}`)
  }
  // Every opening tag must have been read above (an attribute holding `>` would hide one).
  if ((html.match(/<script\b/gi)?.length ?? 0) !== scripts) return null
  return [...hashes]
}

/** The headers every response carries; the page cache sets them once on the pages it keeps. */
export function applySecurityHeaders(headers: Headers, inline: InlineScripts) {
  if (!headers.has('Content-Security-Policy') && !import.meta.env?.DEV) {
    headers.set('Content-Security-Policy', contentSecurityPolicy(inline))
  }
  headers.set('X-Content-Type-Options', 'nosniff')
  headers.set('Referrer-Policy', 'strict-origin-when-cross-origin')
  headers.set('X-Frame-Options', 'DENY')
  headers.set('Permissions-Policy', 'camera=(self), geolocation=(), microphone=()')
  if (servedOverHttps()) {
    headers.set('Strict-Transport-Security', 'max-age=63072000; includeSubDomains')
  }
}
