import { createContext, matchRoutes, type MiddlewareFunction, type RouteObject } from 'react-router'

import { type RouteRules, rulesOf, STRICTEST_RULES } from '~/server/route-rules'

/**
 * Finds the rules a route declared (app/server/route-rules.ts) from the build's own route table: the `routes` a server build
 * exports, each with its module. The same lookup serves server.js (before a Fetch Request exists) and the root
 * middleware (under `react-router dev` too), so both enforce the same rules from the same place.
 */

/** The part of a server build's `routes` export read here (React Router's ServerRouteManifest). */
export type ServerRoutes = Record<
  string,
  { id: string; parentId?: string; path?: string; index?: boolean; caseSensitive?: boolean; module: { handle?: unknown } } | undefined
>

/** The route path a request is for: React Router's data requests add `.data` (and `/_root.data` for the index). */
export function routePath(pathname: string) {
  if (pathname === '/_root.data') return '/'
  const path = pathname.endsWith('.data') ? pathname.slice(0, -'.data'.length) : pathname
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path
}

type RuleRoute = RouteObject & { rules: RouteRules | null }

/** A function from a request's path to the rules of the route that answers it (the deepest match that declared some). */
export function createRouteRulesLookup(routes: ServerRoutes): (pathname: string) => RouteRules {
  const byParent = new Map<string | undefined, NonNullable<ServerRoutes[string]>[]>()
  for (const route of Object.values(routes)) {
    if (!route) continue
    const siblings = byParent.get(route.parentId) ?? []
    siblings.push(route)
    byParent.set(route.parentId, siblings)
  }
  const tree = (parentId: string | undefined): RuleRoute[] =>
    (byParent.get(parentId) ?? []).map((route) => {
      const common = { id: route.id, path: route.path, caseSensitive: route.caseSensitive, rules: rulesOf(route.module.handle) }
      return route.index ? { ...common, index: true } : { ...common, children: tree(route.id) }
    })
  const top = tree(undefined)
  return remembering((pathname) => {
    const matches = matchRoutes(top, routePath(pathname)) ?? []
    for (let i = matches.length - 1; i >= 0; i--) {
      const { rules } = matches[i]!.route as RuleRoute
      if (rules) return rules
    }
    return STRICTEST_RULES
  })
}

/** How many paths a lookup remembers: the same few pages make most requests; anything else is matched again. */
const REMEMBERED_PATHS = 500

/**
 * A lookup that remembers its recent answers. React Router's matchRoutes flattens and ranks the whole route table on
 * every call (~0.1–1 ms with our ~70 routes, measured), and every request asks twice (server.js for the body rules, the
 * root middleware for the rest): remembered, a known path costs a Map lookup.
 */
function remembering<Answer>(lookup: (pathname: string) => Answer): (pathname: string) => Answer {
  const remembered = new Map<string, Answer>()
  return (pathname) => {
    if (remembered.has(pathname)) return remembered.get(pathname)!
    const answer = lookup(pathname)
    if (remembered.size >= REMEMBERED_PATHS) remembered.clear()
    remembered.set(pathname, answer)
    return answer
  }
}

/**
 * A function from a request's path to the id of the deepest route that answers it (`routes/$` for an unknown
 * path), for the request log and metrics. Remembers recent answers, so a page served from the page cache costs no matching.
 */
export function createRouteIdLookup(routes: ServerRoutes): (pathname: string) => string | null {
  const byParent = new Map<string | undefined, NonNullable<ServerRoutes[string]>[]>()
  for (const route of Object.values(routes)) {
    if (!route) continue
    byParent.set(route.parentId, [...(byParent.get(route.parentId) ?? []), route])
  }
  const tree = (parentId: string | undefined): RouteObject[] =>
    (byParent.get(parentId) ?? []).map((route) => {
      const common = { id: route.id, path: route.path, caseSensitive: route.caseSensitive }
      return route.index ? { ...common, index: true } : { ...common, children: tree(route.id) }
    })
  const top = tree(undefined)
  return remembering((pathname) => matchRoutes(top, routePath(pathname))?.at(-1)?.route.id ?? null)
}

let lookup: ((pathname: string) => RouteRules) | undefined
let idLookup: ((pathname: string) => string | null) | undefined

/**
 * The lookup over this build's routes. The build's route table is the module React Router's Vite plugin generates; it
 * is imported when first needed (it imports this file's importers in turn), the same way in production, under the
 * development server and, through an alias in vitest.config.ts, in tests.
 */
export async function routeRulesLookup() {
  if (!lookup) {
    const build = (await import('virtual:react-router/server-build')) as { routes: ServerRoutes }
    lookup = createRouteRulesLookup(build.routes)
  }
  return lookup
}

/** For server.js: the id of the route a path goes to, from this build's route table (loaded like routeRulesLookup's). */
export async function routeIdLookup() {
  if (!idLookup) {
    const build = (await import('virtual:react-router/server-build')) as { routes: ServerRoutes }
    idLookup = createRouteIdLookup(build.routes)
  }
  return idLookup
}

/** The matched route's rules, for the middleware after the root's first one. */
export const routeRulesContext = createContext<RouteRules>(STRICTEST_RULES)

/** The root's first middleware: puts the matched route's rules where the rest of the middleware reads them. */
export const routeRulesMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const rulesFor = await routeRulesLookup()
  context.set(routeRulesContext, rulesFor(new URL(request.url).pathname))
  return next()
}
