import { RouterContextProvider } from 'react-router'

import { honeypotProps } from '~/utils/honeypot.server'
import { HONEYPOT_STAMP_FIELD } from '~/utils/honeypot-fields'

/**
 * Builds a Request as a browser on our own pages would send it, for loaders/actions: a same-origin Origin header and,
 * in a posted form, the honeypot's stamp the page carries (unless the test sets its own, or `withoutPageStamp`).
 */
export function makeRequest(
  path: string,
  init: {
    method?: string
    form?: Record<string, string | string[] | Blob> | FormData
    cookie?: string
    headers?: Record<string, string>
    withoutPageStamp?: boolean
  } = {},
) {
  const url = new URL(path, process.env.APP_URL ?? 'http://localhost:3999')
  const headers = new Headers(init.headers)
  if (init.cookie) headers.set('Cookie', init.cookie)
  let body: FormData | undefined
  if (init.form instanceof FormData) body = init.form
  else if (init.form) {
    body = new FormData()
    for (const [key, value] of Object.entries(init.form)) {
      for (const item of Array.isArray(value) ? value : [value]) body.append(key, item)
    }
  }
  // Made a little before the post, as a page is before its form is sent.
  if (body && !init.withoutPageStamp && !body.has(HONEYPOT_STAMP_FIELD))
    body.append(HONEYPOT_STAMP_FIELD, honeypotProps(Date.now() - 3_000).stamp)
  const method = init.method ?? (body ? 'POST' : 'GET')
  if (method !== 'GET') headers.set('Origin', url.origin)
  return new Request(url, { method, headers, body })
}

/**
 * The arguments React Router passes to a loader or action; `context` as server.js starts it (see serverContext in
 * app/server/server-facts.server.ts), or empty as under the development server.
 */
export function routeArgs(request: Request, params: Record<string, string> = {}, context = new RouterContextProvider()) {
  return { request, params, context, unstable_pattern: '' } as never
}

/** Runs a loader/action and returns the Response it returned or threw (redirects and 4xx are thrown or returned). */
export async function settle(run: () => unknown): Promise<{ status: number; headers: Headers; data: unknown }> {
  try {
    return normalize(await run())
  } catch (thrown) {
    return normalize(thrown, true)
  }
}

function normalize(value: unknown, thrown = false) {
  if (value instanceof Response) return { status: value.status, headers: value.headers, data: null }
  if (value && typeof value === 'object' && 'type' in value && (value as { type: unknown }).type === 'DataWithResponseInit') {
    const { data, init } = value as unknown as { data: unknown; init?: ResponseInit }
    return { status: init?.status ?? 200, headers: new Headers(init?.headers), data }
  }
  if (thrown) throw value
  return { status: 200, headers: new Headers(), data: value }
}

/** Calls a loader with a URL (path and query) and the splat of `/files/*`, as React Router would for that URL. */
export function settleFileUrl(loader: (args: never) => unknown, url: string, cookie?: string) {
  const target = new URL(url, 'http://localhost:3999')
  return settle(() =>
    loader(
      routeArgs(makeRequest(target.pathname + target.search, { cookie }), {
        '*': decodeURIComponent(target.pathname.replace(/^\/files\//, '')),
      }),
    ),
  )
}

/**
 * A loader or action of the operator area as React Router runs it: the area's middleware first (the guard in
 * app/routes/admin.tsx answers 404 to anyone but the operator and puts the operator into the context).
 */
export function inOperatorArea<Result>(handler: (args: never) => Result) {
  return async (args: never): Promise<Awaited<Result>> => {
    let result: Awaited<Result> | undefined
    const chain = [...(await import('~/routes/admin')).middleware]
    const next = async (): Promise<Response> => {
      const middleware = chain.shift()
      if (middleware) return (await middleware(args, next)) as Response
      result = await handler(args)
      return new Response()
    }
    await next()
    return result as Awaited<Result>
  }
}
