import http from 'node:http'

import { expect, randomIp, test } from '../support/e2e'

// What crawlers and browsers ask of every site (robots.txt, the favicon), one address per page, and the shop page's
// script served under a name that changes with its content.

test('robots.txt keeps accounts, the console, the shop page, stored files and the local tools out', async ({ request }) => {
  const response = await request.get('/robots.txt')
  expect(response.status()).toBe(200)
  expect(response.headers()['content-type']).toBe('text/plain; charset=utf-8')
  const lines = (await response.text()).split('\n').map((line) => line.trim())
  expect(lines).toContain('User-agent: *')
  for (const path of ['/customer', '/admin', '/partner', '/files', '/dev']) expect(lines).toContain(`Disallow: ${path}`)
  // The public pages stay open to search engines.
  expect(lines.filter((line) => /^Disallow:\s*\/?\s*$/.test(line))).toEqual([])
})

test('the favicon answers as an icon at /favicon.ico and as an SVG, which every page links', async ({ page, request }) => {
  const ico = await request.get('/favicon.ico')
  expect(ico.status()).toBe(200)
  expect(ico.headers()['content-type']).toBe('image/x-icon')
  const body = await ico.body()
  // An ICO file: reserved 0, type 1 (icon), at least one image.
  expect([body.readUInt16LE(0), body.readUInt16LE(2)]).toEqual([0, 1])
  expect(body.readUInt16LE(4)).toBeGreaterThan(0)

  const svg = await request.get('/favicon.svg')
  expect(svg.status()).toBe(200)
  expect(svg.headers()['content-type']).toBe('image/svg+xml')

  await page.goto('/signup')
  const icons = await page.locator('head link[rel="icon"]').evaluateAll((links) => links.map((link) => link.getAttribute('href')))
  expect(icons).toEqual(['/favicon.svg'])
})

test('a path with a trailing slash is a permanent redirect to the path without it, query kept', async ({ page, request, baseURL }) => {
  for (const method of ['GET', 'HEAD'] as const) {
    const response = await request.fetch('/signup/?planType=chip_only&utm_source=mail', { method, maxRedirects: 0 })
    expect(response.status(), method).toBe(308)
    expect(response.headers()['location'], method).toBe('/signup?planType=chip_only&utm_source=mail')
  }
  const nested = await request.get('/terms-of-service//', { maxRedirects: 0 })
  expect(nested.status()).toBe(308)
  expect(nested.headers()['location']).toBe('/terms-of-service')

  // The home page is `/` itself; a path that would become another site's address is never redirected.
  expect((await request.get('/', { maxRedirects: 0 })).status()).toBe(200)
  // (Sent raw: a browser or Playwright would read `//evil.example/` as another host before sending.)
  for (const path of ['//evil.example/', '/\\evil.example/', '///']) {
    const answer = await rawGet(baseURL!, path)
    expect(answer.status, path).not.toBe(308)
    expect(answer.location, path).toBeUndefined()
  }

  // A form post is not redirected (it would be sent again elsewhere): it reaches the app as it is.
  expect((await request.post('/auth/', { form: { email: 'a@b.co' }, maxRedirects: 0 })).status()).not.toBe(308)

  // A browser lands on the page.
  await page.goto('/signup/?planType=chip_only')
  await expect(page).toHaveURL(/\/signup\?planType=chip_only$/)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
})

test("the shop page's script has its content hash in its name and is cached for good", async ({ page, request, javaScript }) => {
  await page.goto('/partner/complete-claim')
  const src = await page.locator('script[src]').getAttribute('src')
  expect(src).toMatch(/^\/assets\/partner-complete-claim-[\w-]{8}\.js$/)
  const script = await request.get(src!)
  expect(script.status()).toBe(200)
  expect(script.headers()['content-type']).toBe('text/javascript; charset=utf-8')
  expect(script.headers()['cache-control']).toBe('public, max-age=31536000, immutable')
  expect(await script.text()).toContain("document.getElementById('code')")
  // The old unversioned address is gone (a cached page from before a deploy still works: the script is optional).
  expect((await request.get('/partner-complete-claim.js')).status()).toBe(404)

  // It runs under the page's CSP with JavaScript on (the code is upper-cased as it is typed); without, the page is the same.
  await page.getByLabel('Confirmation Code').pressSequentially('cs-abc')
  await expect(page.getByLabel('Confirmation Code')).toHaveValue(javaScript ? 'CS-ABC' : 'cs-abc')
})

/** A GET with the request line's path exactly as given. */
function rawGet(baseURL: string, path: string): Promise<{ status: number; location: string | undefined }> {
  const { hostname, port } = new URL(baseURL)
  return new Promise((resolve, reject) => {
    const request = http.request({ hostname, port, path, headers: { 'X-Forwarded-For': randomIp() } }, (response) => {
      response.resume()
      response.on('end', () => resolve({ status: response.statusCode ?? 0, location: response.headers.location }))
    })
    request.on('error', reject)
    request.end()
  })
}
