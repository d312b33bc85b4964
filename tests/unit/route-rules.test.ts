import type { RouteConfigEntry } from '@react-router/dev/routes'
import { describe, expect, test } from 'vitest'

import routeConfig from '~/routes'
import { bodyPolicy } from '~/server/request-policy.server'
import { routeRulesProblems } from '~/server/route-rules'
import { createRouteRulesLookup, routeRulesLookup } from '~/server/route-table.server'

function files(entries: RouteConfigEntry[]): string[] {
  return entries.flatMap((entry) => [entry.file, ...files(entry.children ?? [])])
}

// Each test below may be the first to load every route module, which takes a while on a busy machine.
const LOADS_ROUTES = { timeout: 120_000 }

describe('every route declares its HTTP rules', () => {
  test('each module in app/routes.ts exports a valid `handle` with its rules', LOADS_ROUTES, async () => {
    const routeFiles = [...new Set(files(await routeConfig))]
    expect(routeFiles.length).toBeGreaterThan(40)
    const problems: string[] = []
    for (const file of routeFiles) {
      const module = (await import(/* @vite-ignore */ `../../app/${file}`)) as { handle?: unknown }
      for (const problem of routeRulesProblems(module.handle)) problems.push(`${file}: ${problem}`)
    }
    expect(problems).toEqual([])
  })

  test('a module without rules, or with a wrong or inconsistent set, is refused', () => {
    expect(routeRulesProblems(undefined)).toEqual(['exports no `handle` with its HTTP rules'])
    expect(routeRulesProblems({ hydrate: false })).toHaveLength(4)
    expect(routeRulesProblems({ body: 'xml', public: true, pageCache: false, originCheck: true })).toHaveLength(1)
    expect(routeRulesProblems({ body: 'form', public: false, pageCache: true, originCheck: true })).toEqual([
      'a page-cached route must be public',
    ])
    expect(routeRulesProblems({ body: 'form', public: true, pageCache: true, originCheck: true, hydrate: false })).toEqual([])
  })
})

describe('the rules found for a request path', () => {
  test('are those of the route that answers it, data requests and trailing slashes included', LOADS_ROUTES, async () => {
    const rulesFor = await routeRulesLookup()
    expect(rulesFor('/')).toEqual({ body: 'form', public: true, pageCache: true, originCheck: true })
    expect(rulesFor('/_root.data')).toMatchObject({ pageCache: true })
    expect(rulesFor('/terms-of-service/2024-01-01')).toMatchObject({ public: true, pageCache: true })
    expect(rulesFor('/api/stripe-webhook')).toEqual({ body: 'webhook', public: false, pageCache: false, originCheck: false })
    expect(rulesFor('/api/complete-partner-claim').body).toBe('upload-or-json')
    expect(rulesFor('/api/get-claim-by-code').body).toBe('json')
    expect(rulesFor('/customer/policies/abc/transfer').body).toBe('upload')
    expect(rulesFor('/customer/policies/abc/transfer.data').body).toBe('upload')
    expect(rulesFor('/customer/policies/abc/cancel').body).toBe('form')
    expect(rulesFor('/demo/submit-claim')).toMatchObject({ body: 'upload', public: true })
    expect(rulesFor('/demo')).toMatchObject({ public: true, pageCache: false })
    expect(rulesFor('/signup/some-shop/')).toMatchObject({ public: true, pageCache: false })
    expect(rulesFor('/customer')).toMatchObject({ public: false, originCheck: true })
    expect(rulesFor('/no/such/page')).toEqual({ body: 'form', public: false, pageCache: false, originCheck: true })
  })

  test('the deepest matched route with rules decides; a route without any gets the strictest', () => {
    const rulesFor = createRouteRulesLookup({
      root: { id: 'root', path: '', module: {} },
      layout: {
        id: 'layout',
        parentId: 'root',
        path: 'area',
        module: { handle: { body: 'upload', public: true, pageCache: false, originCheck: true } },
      },
      child: {
        id: 'child',
        parentId: 'layout',
        path: 'open',
        module: { handle: { body: 'json', public: false, pageCache: false, originCheck: false } },
      },
      bare: { id: 'bare', parentId: 'layout', path: 'bare', module: {} },
      loose: { id: 'loose', parentId: 'root', path: 'loose', module: { handle: { hydrate: false } } },
    })
    expect(rulesFor('/area/open')).toMatchObject({ body: 'json', originCheck: false })
    expect(rulesFor('/area/bare')).toMatchObject({ body: 'upload', public: true })
    expect(rulesFor('/loose')).toEqual({ body: 'form', public: false, pageCache: false, originCheck: true })
  })

  test('turn into the same body policy as before: an upload route streams, a form route reads whole', LOADS_ROUTES, async () => {
    const rulesFor = await routeRulesLookup()
    const multipart = 'multipart/form-data; boundary=x'
    expect(bodyPolicy('POST', rulesFor('/customer/submit-claim').body, multipart, null)).toMatchObject({ ok: true, streamed: true })
    expect(bodyPolicy('POST', rulesFor('/customer/privacy').body, multipart, null)).toMatchObject({
      ok: true,
      streamed: false,
      parseForm: true,
    })
    expect(bodyPolicy('POST', rulesFor('/customer/privacy').body, 'application/json', null)).toMatchObject({ ok: false, status: 415 })
    expect(bodyPolicy('POST', rulesFor('/api/stripe-webhook').body, 'text/plain', '2000000')).toMatchObject({ ok: false, status: 413 })
  })
})
