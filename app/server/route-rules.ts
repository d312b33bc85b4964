/**
 * A route's HTTP rules, declared once in the route's own module as `export const handle = routeRules({...})`. server.js
 * reads them from the build's route table before it builds a Fetch Request (the body's size and type), and the root
 * middleware reads the matched route's rules for everything else (app/server/route-table.server.ts finds them). A test walks
 * app/routes.ts and fails for a route module without them (tests/unit/route-rules.test.ts).
 *
 * This file is imported by route modules, so it must stay safe for the browser bundle: no server code here.
 */

/**
 * How the route reads a POST body:
 * - `form`: a url-encoded or multipart form, read whole (at most FORM_BODY_LIMIT in app/server/request-policy.server.ts);
 * - `upload`: a multipart form with files, streamed into the multipart reader, which applies the form's limits (a
 *   url-encoded post, as a form without files, is read whole like `form`);
 * - `json`: a JSON API call, read whole; the route answers a wrong content type itself (415) in the API's own shape;
 * - `upload-or-json`: the shop's completion API, either of the two;
 * - `webhook`: Stripe's signed events, whatever their type, read whole (at most WEBHOOK_BODY_LIMIT).
 */
export const BODY_KINDS = ['form', 'upload', 'json', 'upload-or-json', 'webhook'] as const
export type BodyKind = (typeof BODY_KINDS)[number]

export type RouteRules = {
  body: BodyKind
  /**
   * The page is the same for every anonymous visitor, so an answer to a request without cookies may be kept by the
   * browser. Anything else is someone's own (or an operator's) and gets `Cache-Control: no-store` unless the route
   * sets its own.
   */
  public: boolean
  /** Kept whole in the server's page cache for anonymous visitors (app/server/page-cache.server.ts); only public pages. */
  pageCache: boolean
  /** A state-changing request must come from one of our pages (false only for callers that prove themselves otherwise). */
  originCheck: boolean
}

/** A route module's `handle`: its rules, and `hydrate: false` for a page that sends no React (read by app/root.tsx). */
export type RouteHandle = RouteRules & { hydrate?: boolean }

/** Declares a route's rules; typed, so a missing or misspelt rule fails the typecheck. */
export function routeRules(handle: RouteHandle): RouteHandle {
  return handle
}

/** The rules of a route that declared none: the strictest. Only reached by a route the rules test would reject. */
export const STRICTEST_RULES: RouteRules = { body: 'form', public: false, pageCache: false, originCheck: true }

/** What is wrong with a module's `handle` as route rules; empty when it is a valid, consistent set. */
export function routeRulesProblems(handle: unknown): string[] {
  if (!handle || typeof handle !== 'object') return ['exports no `handle` with its HTTP rules']
  const rules = handle as Record<string, unknown>
  const problems: string[] = []
  if (!BODY_KINDS.includes(rules.body as BodyKind)) problems.push(`handle.body must be one of ${BODY_KINDS.join(', ')}`)
  for (const flag of ['public', 'pageCache', 'originCheck'] as const) {
    if (typeof rules[flag] !== 'boolean') problems.push(`handle.${flag} must be true or false`)
  }
  if (rules.pageCache === true && rules.public !== true) problems.push('a page-cached route must be public')
  if (rules.hydrate !== undefined && typeof rules.hydrate !== 'boolean') problems.push('handle.hydrate must be true or false')
  return problems
}

/** The handle's rules when it has a valid set; null otherwise. */
export function rulesOf(handle: unknown): RouteRules | null {
  if (routeRulesProblems(handle).length) return null
  const { body, public: isPublic, pageCache, originCheck } = handle as RouteRules
  return { body, public: isPublic, pageCache, originCheck }
}
