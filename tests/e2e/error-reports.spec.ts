import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import Database from 'better-sqlite3'

import { type BuiltServer, freePort, startBuiltServer, untilHealthy } from '../support/built-server'
import { expect, test } from '../support/e2e'
import { type FakeIngest, startFakeIngest } from '../support/fake-ingest'

/**
 * Error reports (docs/operating.md, "Error reports") from the production server with SENTRY_DSN pointing at a local
 * fake ingest endpoint: an unexpected loader error arrives once, with the request's id and route and none of the
 * cookies the browser sent; and, with JavaScript on, the browser's own errors arrive too, through the page's CSP.
 */

let server: BuiltServer
let ingest: FakeIngest
let dataDir: string
let base: string

test.beforeAll(async () => {
  // Loading the build and migrating a new database can take a while on a busy machine: the wait is the server's own line.
  test.setTimeout(120_000)
  ingest = await startFakeIngest()
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'glass-error-reports-'))
  const port = await freePort()
  base = `http://localhost:${port}`
  server = startBuiltServer({
    PORT: String(port),
    DATA_DIR: dataDir,
    APP_URL: base,
    SESSION_SECRET: 'error-reports-secret-that-is-long-enough-0123456789',
    SENTRY_DSN: ingest.dsn,
  })
  await untilHealthy(port, server)
})

test.afterAll(async () => {
  server.child.kill('SIGTERM')
  await server.exited
  await ingest.close()
  fs.rmSync(dataDir, { recursive: true, force: true })
})

type ReportedEvent = { tags?: Record<string, string>; exception?: { values?: { value?: string }[] }; request?: unknown }

function eventsAbout(text: string) {
  return (ingest.events() as ReportedEvent[]).filter((event) => event.exception?.values?.some((value) => value.value?.includes(text)))
}

test('the banner says error reports are on, naming the host only', () => {
  expect(server.output()).toContain(`error reports: Sentry at ${new URL(ingest.dsn).host} (live)`)
  expect(server.output()).not.toContain('publickey')
})

test('an unexpected loader error is reported once, with its request id and route, and without the cookies', async ({ page, context }) => {
  const cookieValues = [crypto.randomBytes(12).toString('hex'), crypto.randomBytes(12).toString('hex')]
  await context.addCookies([
    { name: '__session', value: cookieValues[0]!, url: base },
    { name: 'preference', value: cookieValues[1]!, url: base },
  ])
  // The partner link's loader reads partner locations: with their table gone, it fails as no one planned.
  const database = new Database(path.join(dataDir, 'app.sqlite'))
  database.exec('ALTER TABLE partner_locations RENAME TO partner_locations_gone')
  try {
    const response = await page.goto(`${base}/signup/sample-auto-glass?ref=someone@example.com`)
    expect(response!.status()).toBe(500)
    const requestId = response!.headers()['x-request-id']!
    await expect(page.getByTestId('error-reference')).toHaveText(requestId)

    await expect.poll(() => eventsAbout('partner_locations').length, { timeout: 10_000 }).toBe(1)
    // Nothing else reports it: not a second time from the server, nor from the browser that shows the error page.
    await page.waitForTimeout(1_500)
    const events = eventsAbout('partner_locations')
    expect(events).toHaveLength(1)
    expect(events[0]!.tags).toMatchObject({ requestId, route: 'signup-partner' })
    const sent = ingest.envelopes.map((envelope) => envelope.raw).join('\n')
    for (const value of cookieValues) expect(sent).not.toContain(value)
    expect(sent).not.toContain('someone@example.com')
    expect(sent).not.toContain('__session')
  } finally {
    database.exec('ALTER TABLE partner_locations_gone RENAME TO partner_locations')
    database.close()
  }
})

test('a post with an Origin that is not an address is refused (400) and never reported', async () => {
  for (const origin of ['garbage', 'http://']) {
    const answer = await fetch(`${base}/auth`, {
      method: 'POST',
      headers: { Origin: origin, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'intent=send',
    })
    expect(answer.status).toBe(400)
  }
  // Time enough for a report to arrive, had one been sent (the loader error above arrives well within it).
  await new Promise((resolve) => setTimeout(resolve, 2_000))
  expect(eventsAbout('origin')).toEqual([])
  expect(eventsAbout('Bad Request')).toEqual([])
})

test("the browser reports its own errors to the DSN's host, which the page's CSP allows", async ({ page, javaScript }) => {
  test.skip(!javaScript, 'the browser reports only what its JavaScript throws')
  const response = await page.goto(`${base}/`)
  expect(response!.headers()['content-security-policy']).toContain(`connect-src 'self' ${ingest.origin}`)
  // The SDK is a chunk of its own, loaded once the page runs.
  await expect.poll(() => page.evaluate(() => Boolean((window as { __SENTRY__?: unknown }).__SENTRY__))).toBe(true)
  await page.evaluate(() => {
    setTimeout(() => {
      throw new Error('a failure in the browser')
    })
  })
  await expect.poll(() => eventsAbout('a failure in the browser').length, { timeout: 10_000 }).toBe(1)
  const [event] = eventsAbout('a failure in the browser')
  expect(event!.tags).toMatchObject({ route: 'routes/_index', runtime: 'browser' })
  // The cspGuard fixture fails the test if the report (or the chunk) was refused by the policy.
})
