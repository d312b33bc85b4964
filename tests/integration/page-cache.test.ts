import crypto from 'node:crypto'

import Database from 'better-sqlite3'
import { RouterContextProvider } from 'react-router'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'

import { databasePath, db } from '~/db/client.server'
import { cachedDocument, clearPageCache, pageCacheMiddleware } from '~/server/page-cache.server'
import { routeRulesContext, routeRulesLookup } from '~/server/route-table.server'
import { nonceContext } from '~/server/security.server'

import { makeRequest } from '../support/requests'

type Next = () => Promise<Response>

/**
 * Runs the middleware as React Router would, for one request with its own nonce and the rules its route declares (as
 * the root's first middleware puts them); `render` plays the page.
 */
async function serve(path: string, nonce: string, render: Next, init: Parameters<typeof makeRequest>[1] = {}) {
  const context = new RouterContextProvider()
  context.set(nonceContext, realistic(nonce))
  const request = makeRequest(path, init)
  context.set(routeRulesContext, (await routeRulesLookup())(new URL(request.url).pathname))
  const response = (await pageCacheMiddleware({ request, context, params: {}, unstable_pattern: '' } as never, render)) as Response
  return { response, html: await response.text() }
}

/** A nonce as long as a real one (16 random bytes in base64), so it cannot be mistaken for a piece of the page. */
function realistic(nonce: string) {
  return `${nonce}-${Buffer.from(nonce).toString('base64')}`.padEnd(24, 'Q')
}

function page(short: string, body = 'Landing', init: ResponseInit = {}) {
  let renders = 0
  const nonce = realistic(short)
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
afterEach(() => {
  vi.unstubAllEnvs()
})

describe('page cache', () => {
  test('serves an anonymous page from the cache as the same bytes every time, its nonce replaced by its scripts’ hashes', async () => {
    // A production server's headers: the development server sets no CSP (Vite's own scripts).
    vi.stubEnv('DEV', false)
    const first = page('nonce-one')
    const miss = await serve('/', 'nonce-one', first.render)
    expect(miss.response.headers.get('X-Page-Cache')).toBe('miss')
    expect(miss.html).not.toContain('nonce')
    expect(miss.html).toContain('<script>boot()</script><link rel="modulepreload">')

    const neverCalled = page('unused')
    const hit = await serve('/', 'nonce-two', neverCalled.render)
    const again = await serve('/', 'nonce-three', neverCalled.render)
    expect(neverCalled.renders()).toBe(0)
    expect(hit.response.status).toBe(200)
    expect(hit.response.headers.get('X-Page-Cache')).toBe('hit')
    expect(hit.response.headers.get('Content-Type')).toBe('text/html; charset=utf-8')
    // The miss that stored it and every hit: one page, one policy, whatever nonce each request was given.
    expect(hit.html).toBe(miss.html)
    expect(again.html).toBe(miss.html)
    const policy = miss.response.headers.get('Content-Security-Policy')
    expect(hit.response.headers.get('Content-Security-Policy')).toBe(policy)
    expect(again.response.headers.get('Content-Security-Policy')).toBe(policy)
    // Its one inline script, by its hash, and nothing else inline.
    const bootHash = crypto.createHash('sha256').update('boot()').digest('base64')
    expect(policy).toContain(`script-src 'self' 'sha256-${bootHash}';`)
    expect(policy).not.toContain('nonce')

    // server.js's answer: the same bytes, kept as one object that its compressed forms are added to.
    const kept = cachedDocument('/')!
    expect(kept.body.identity.toString()).toBe(miss.html)
    expect(cachedDocument('/')!.body).toBe(kept.body)
    expect(new Headers([...kept.headers]).get('Content-Security-Policy')).toBe(policy)
  })

  test('a page whose nonce appears other than as a nonce attribute is rendered for each visitor, never kept', async () => {
    const nonce = realistic('n-1')
    const render: Next = async () =>
      new Response(`<html><body><script nonce="${nonce}">window.n = "${nonce}"</script></body></html>`, {
        headers: { 'Content-Type': 'text/html; charset=utf-8' },
      })
    const first = await serve('/', 'n-1', render)
    expect(first.html).toContain(`nonce="${nonce}"`)
    expect(cachedDocument('/')).toBeNull()
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
