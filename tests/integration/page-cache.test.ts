import Database from 'better-sqlite3'
import { RouterContextProvider } from 'react-router'
import { beforeEach, describe, expect, test } from 'vitest'

import { databasePath, db } from '~/db/client.server'
import { clearPageCache, pageCacheMiddleware } from '~/page-cache.server'
import { routeRulesContext, routeRulesLookup } from '~/route-table.server'
import { nonceContext } from '~/security.server'

import { makeRequest } from '../support/requests'

type Next = () => Promise<Response>

/**
 * Runs the middleware as React Router would, for one request with its own nonce and the rules its route declares (as
 * the root's first middleware puts them); `render` plays the page.
 */
async function serve(path: string, nonce: string, render: Next, init: Parameters<typeof makeRequest>[1] = {}) {
  const context = new RouterContextProvider()
  context.set(nonceContext, nonce)
  const request = makeRequest(path, init)
  context.set(routeRulesContext, (await routeRulesLookup())(new URL(request.url).pathname))
  const response = (await pageCacheMiddleware({ request, context, params: {}, unstable_pattern: '' } as never, render)) as Response
  return { response, html: await response.text() }
}

function page(nonce: string, body = 'Landing', init: ResponseInit = {}) {
  let renders = 0
  const render: Next = async () => {
    renders++
    return new Response(
      `<html><body>${body}<script nonce="${nonce}">boot()</script><link rel="modulepreload" nonce="${nonce}"></body></html>`,
      {
        status: 200,
        ...init,
        headers: { 'Content-Type': 'text/html; charset=utf-8', ...(init.headers as Record<string, string>) },
      },
    )
  }
  return { render, renders: () => renders }
}

beforeEach(() => {
  db() // open (and migrate) the database the cache checks
  clearPageCache()
})

describe('page cache', () => {
  test('serves an anonymous page from the cache with the new request’s nonce in every nonce attribute', async () => {
    const first = page('nonce-one')
    const miss = await serve('/', 'nonce-one', first.render)
    expect(miss.response.headers.get('X-Page-Cache')).toBe('miss')
    expect(miss.html).toContain('nonce="nonce-one"')

    const neverCalled = page('unused')
    const hit = await serve('/', 'nonce-two', neverCalled.render)
    expect(neverCalled.renders()).toBe(0)
    expect(hit.response.status).toBe(200)
    expect(hit.response.headers.get('X-Page-Cache')).toBe('hit')
    expect(hit.response.headers.get('Content-Type')).toBe('text/html; charset=utf-8')
    expect(hit.html).not.toContain('nonce-one')
    expect(hit.html.match(/nonce="nonce-two"/g)).toHaveLength(2)
    expect(hit.html).toBe(miss.html.replaceAll('nonce-one', 'nonce-two'))
  })

  test('never stores a page that sets a cookie, is not a 200, or says no-store', async () => {
    const unstorable: ResponseInit[] = [
      { headers: { 'Set-Cookie': '__toast=; Max-Age=0' } },
      { status: 404 },
      { headers: { 'Cache-Control': 'no-store' } },
    ]
    for (const init of unstorable) {
      clearPageCache()
      await serve('/', 'a', page('a', 'first', init).render)
      const again = page('b', 'second')
      const { html } = await serve('/', 'b', again.render)
      expect(again.renders()).toBe(1)
      expect(html).toContain('second')
    }
  })

  test('requests with a cookie, a query string, another method or an unlisted path are always rendered', async () => {
    await serve('/', 'a', page('a').render)
    for (const [path, init] of [
      ['/', { cookie: '__session=abc' }],
      ['/', { cookie: '__toast=abc' }],
      ['/?planType=chip_only', {}],
      ['/customer', {}],
    ] as const) {
      const fresh = page('b', 'fresh')
      const { response, html } = await serve(path, 'b', fresh.render, init)
      expect(fresh.renders()).toBe(1)
      expect(response.headers.get('X-Page-Cache')).not.toBe('hit')
      expect(html).toContain('fresh')
    }
    const head = page('c', 'head')
    await serve('/', 'c', head.render, { method: 'HEAD' })
    expect(head.renders()).toBe(1)
  })

  test('a signed-in visitor (session cookie) never gets, nor fills, the anonymous page', async () => {
    const signedIn = page('a', 'Welcome back')
    await serve('/terms-of-service', 'a', signedIn.render, { cookie: '__session=abc' })
    const anonymous = page('b', 'Terms for everyone')
    const { html } = await serve('/terms-of-service', 'b', anonymous.render)
    expect(anonymous.renders()).toBe(1)
    expect(html).not.toContain('Welcome back')
  })

  test('clearPageCache (called when prices change) and a database change by another process both empty it', async () => {
    await serve('/', 'a', page('a', 'old prices').render)
    clearPageCache()
    const afterClear = page('b', 'new prices')
    expect((await serve('/', 'b', afterClear.render)).html).toContain('new prices')

    // Another connection commits (a CLI, a test, sqlite3 by hand): this process's data_version moves.
    const other = new Database(databasePath())
    try {
      other.prepare("UPDATE prices SET amount_cents = amount_cents WHERE lookup_key = 'chip_only'").run()
      other.exec('CREATE TABLE IF NOT EXISTS cache_probe (id INTEGER)')
    } finally {
      other.close()
    }
    const afterWrite = page('c', 'newest prices')
    const { html, response } = await serve('/', 'c', afterWrite.render)
    expect(afterWrite.renders()).toBe(1)
    expect(response.headers.get('X-Page-Cache')).toBe('miss')
    expect(html).toContain('newest prices')
  })
})
