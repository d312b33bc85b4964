import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import Database from 'better-sqlite3'

import { type BuiltServer, freePort, startBuiltServer, untilHealthy } from '../support/built-server'
import { expect, test } from '../support/e2e'
import { outboxFor } from '../support/outbox'

/**
 * The production server's log (docs/operating.md, "Logs"), read from its own output: one JSON line per request with
 * its id, and no secret in any line, after a sign-in with a code and a signed-in page. Browser-independent, so it runs
 * in one project only.
 */
test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, 'no browser involved: once is enough')

let server: BuiltServer
let dataDir: string
let base: string

test.beforeAll(async () => {
  // Loading the build and migrating a new database can take a while on a busy machine: the wait is the server's own line.
  test.setTimeout(120_000)
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'glass-request-log-'))
  const port = await freePort()
  base = `http://localhost:${port}`
  server = startBuiltServer({
    PORT: String(port),
    DATA_DIR: dataDir,
    APP_URL: base,
    SESSION_SECRET: 'request-log-secret-that-is-long-enough-0123456789',
  })
  await untilHealthy(port, server)
})

test.afterAll(async () => {
  server.child.kill('SIGTERM')
  await server.exited
  fs.rmSync(dataDir, { recursive: true, force: true })
})

type Line = Record<string, unknown> & { msg?: string; reqId?: string }

/** The server's JSON lines so far (every line it writes is one). */
function logLines(): Line[] {
  return server
    .output()
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Line)
}

function requestLine(reqId: string) {
  return logLines().find((line) => line.msg === 'request' && line.reqId === reqId)
}

/** The honeypot's stamp the sign-in page's form carries, as a browser posts it back. */
async function pageStamp(pathname: string) {
  const page = await (await fetch(`${base}${pathname}`)).text()
  return /name="form_stamp"[^>]*value="([^"]+)"/.exec(page)![1]!
}

const form = (fields: Record<string, string>) => ({
  method: 'POST',
  redirect: 'manual' as const,
  headers: { Origin: base, 'Content-Type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
})

test('each request has a line with its id, route, status, duration and bytes; no cookie or sign-in code is ever logged', async () => {
  const email = `log-${Date.now()}@example.com`
  const form_stamp = await pageStamp('/auth')
  const sent = await fetch(`${base}/auth`, form({ intent: 'send', email, form_stamp }))
  expect(sent.status).toBe(302)
  const sentId = sent.headers.get('X-Request-Id')!
  expect(sentId).toMatch(/^[0-9a-f]{20}$/)

  const message = outboxFor(email, dataDir)[0]!
  const code = /code on the sign-in page: (\d{6})/.exec(message.text)![1]!
  const token = /\/auth\/verify\?token=([\w-]+)/.exec(message.text)![1]!
  const signedIn = await fetch(`${base}/auth`, form({ intent: 'code', email, code, redirect: '', form_stamp }))
  expect(signedIn.status).toBe(302)
  // The new session's cookie (an earlier Set-Cookie may clear the old one).
  const setCookie = signedIn.headers.getSetCookie().findLast((cookie) => /^__session=[^;]/.test(cookie))!
  const cookie = setCookie.split(';')[0]!
  const cookieValue = cookie.slice('__session='.length)
  expect(cookieValue.length).toBeGreaterThan(10)

  // A signed-in page, behind Fly's proxy: its id is the proxy's.
  const dashboard = await fetch(`${base}/customer`, { headers: { Cookie: cookie, 'Fly-Request-Id': '01JFLYPROXY0000000000-iad' } })
  expect(dashboard.status).toBe(200)
  const body = await dashboard.text()
  expect(dashboard.headers.get('X-Request-Id')).toBe('01JFLYPROXY0000000000-iad')
  // An id that is not sane is not reused.
  const odd = await fetch(`${base}/customer`, { headers: { Cookie: cookie, 'X-Request-Id': 'not sane <script>' } })
  expect(odd.headers.get('X-Request-Id')).toMatch(/^[0-9a-f]{20}$/)
  // A static file has its line and id too.
  const icon = await fetch(`${base}/favicon.svg`)
  const iconId = icon.headers.get('X-Request-Id')!
  await icon.arrayBuffer()

  await expect.poll(() => requestLine('01JFLYPROXY0000000000-iad')).toBeTruthy()
  await expect.poll(() => requestLine(iconId)).toBeTruthy()
  expect(requestLine(sentId)).toMatchObject({ level: 'info', method: 'POST', route: 'routes/auth', status: 302 })
  const line = requestLine('01JFLYPROXY0000000000-iad')!
  expect(line).toMatchObject({ level: 'info', method: 'GET', route: 'routes/customer', status: 200, role: 'customer' })
  expect(line.ms).toEqual(expect.any(Number))
  expect(line.bytes).toBeGreaterThan(0)
  expect(line.bytes).toBeLessThanOrEqual(Buffer.byteLength(body))
  expect(requestLine(iconId)).toMatchObject({ route: 'static', status: 200 })

  const output = server.output()
  expect(output).not.toContain(cookieValue)
  expect(output).not.toContain(decodeURIComponent(cookieValue))
  expect(output).not.toContain(code)
  expect(output).not.toContain(token)
  expect(output).not.toContain('request-log-secret')
})

test("an unexpected error's page shows the request's id as its reference, and the log has the error under that id", async () => {
  const database = new Database(path.join(dataDir, 'app.sqlite'))
  try {
    // An unknown shop's link looks for a moved slug: with that table unreadable, the page's loader fails.
    database.exec('ALTER TABLE partner_slug_redirects RENAME TO partner_slug_redirects_unreadable')
    const response = await fetch(`${base}/signup/some-shop`)
    expect(response.status).toBe(500)
    const reqId = response.headers.get('X-Request-Id')!
    const page = await response.text()
    expect(page).toContain('Something went wrong')
    expect(page).toMatch(new RegExp(`Reference: <code[^>]*>${reqId}</code>`))
    await expect.poll(() => requestLine(reqId)).toMatchObject({ level: 'error', route: 'signup-partner', status: 500 })
    expect(logLines().find((line) => line.msg === 'unexpected error' && line.reqId === reqId)).toBeTruthy()
  } finally {
    database.exec('ALTER TABLE partner_slug_redirects_unreadable RENAME TO partner_slug_redirects')
    database.close()
  }
})

test('a form posted to a page without an action is the client’s mistake: a 405 on an info line, never an error line', async () => {
  const paths = [
    '/',
    '/how-claims-are-decided',
    '/metrics',
    '/privacy-policy',
    '/terms-of-service',
    '/excluded-vehicles',
    '/demo',
    '/healthz',
  ]
  const ids: string[] = []
  for (const pathname of paths) {
    const answer = await fetch(`${base}${pathname}`, form({ anything: '1' }))
    expect(answer.status, pathname).toBe(405)
    ids.push(answer.headers.get('X-Request-Id')!)
  }
  // /healthz has no request line (a probe every few seconds); the others have theirs, at info.
  for (const reqId of ids.slice(0, -1)) await expect.poll(() => requestLine(reqId)).toMatchObject({ level: 'info', status: 405 })
  expect(logLines().filter((line) => ids.includes(line.reqId ?? '') && line.level !== 'info')).toEqual([])
})

test('the request line names the path, with every key in it redacted, and an unknown path whole but for its keys', async () => {
  const asked = {
    offer: '/next-owner/OfferKey0123456789abcdef',
    verify: '/auth/verify?token=SignInToken0123456789',
    lookup: '/partner/complete-claim?code=CS-QWERTY',
    mangled: '/next-owner/OfferKey0123456789/abcdef',
    broken: '/plans/chip-repair/compare?from=newsletter',
    keyed: '/welcome/sally%40example.com/Tok3nTok3nTok3n0123',
  }
  const ids: Record<string, string> = {}
  for (const [name, pathname] of Object.entries(asked)) {
    const answer = await fetch(`${base}${pathname}`, { redirect: 'manual' })
    await answer.arrayBuffer()
    ids[name] = answer.headers.get('X-Request-Id')!
  }
  await expect.poll(() => requestLine(ids.offer!)).toMatchObject({ path: '/next-owner/[redacted]' })
  await expect.poll(() => requestLine(ids.verify!)).toMatchObject({ path: '/auth/verify?token=[redacted]' })
  await expect.poll(() => requestLine(ids.lookup!)).toMatchObject({ path: '/partner/complete-claim?code=[redacted]' })
  await expect.poll(() => requestLine(ids.mangled!)).toMatchObject({ status: 404, path: '/next-owner/[redacted]/abcdef' })
  // A broken link is found by its whole path (the query stays out); what looks like a key or an address is redacted.
  await expect.poll(() => requestLine(ids.broken!)).toMatchObject({ status: 404, path: '/plans/chip-repair/compare' })
  await expect.poll(() => requestLine(ids.keyed!)).toMatchObject({ status: 404, path: '/welcome/[redacted]/[redacted]' })
  const output = server.output()
  for (const secret of ['OfferKey0123456789', 'SignInToken0123456789', 'CS-QWERTY', 'newsletter', 'sally', 'Tok3nTok3n'])
    expect(output).not.toContain(secret)
})

test('a post whose Origin is not an address is the client’s mistake: a 400 on an info line, no error line, no stack', async () => {
  const ids: string[] = []
  for (const [pathname, origin] of [
    ['/auth', 'garbage'],
    ['/auth', 'http://'],
    ['/auth.data', 'garbage'],
    ['/signup', ''],
  ] as const) {
    const answer = await fetch(`${base}${pathname}`, { ...form({ intent: 'send' }), headers: { ...form({}).headers, Origin: origin } })
    expect(answer.status, `${pathname} ${origin}`).toBe(400)
    await answer.arrayBuffer()
    ids.push(answer.headers.get('X-Request-Id')!)
  }
  for (const reqId of ids) await expect.poll(() => requestLine(reqId)).toMatchObject({ level: 'info', status: 400 })
  const theirs = logLines().filter((line) => ids.includes(line.reqId ?? '') && line.msg !== 'request')
  expect(theirs.map(({ level, msg }) => ({ level, msg }))).toEqual(
    ids.map(() => ({ level: 'warn', msg: 'refused: a request head we cannot read' })),
  )
  expect(JSON.stringify(theirs)).not.toContain('stack')
})
