import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'

import Database from 'better-sqlite3'
import Stripe from 'stripe'

import { TOS_VERSION } from '~/content/terms'

import { stripeE2eSettings } from '../e2e-stripe/settings'
import { expect, randomIp, test } from '../support/e2e'

/**
 * The hostile-input suite: every route that accepts a body, sent what an attacker or a broken client sends —
 * truncated and malformed multipart, wrong content types and methods, broken JSON, 1 MB fields, NUL and control
 * characters, wrong types, references to rows that do not exist, a connection dropped mid-upload. Each answer must be
 * a 4xx (or a redirect), never a 5xx; afterwards the process still answers /healthz, and the database and the uploads
 * folder hold nothing new.
 *
 * Data-driven: ROUTES × PAYLOADS, plus a few route-specific rows. A new route with a body is one line in ROUTES.
 * It runs its own server on its own data directory (so "nothing new" is exact) and needs no browser: once, in the js-on
 * project.
 */
test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, 'no browser involved: once is enough')
test.describe.configure({ mode: 'default', timeout: 120_000 })

const buildDir = process.env.BUILD_DIR ?? 'build-e2e'
const port = 21_000 + Math.floor(Math.random() * 9_000)
const origin = `http://localhost:${port}`
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'glass-hostile-'))
const serverEnv = {
  PATH: process.env.PATH ?? '',
  NODE_ENV: 'production',
  BUILD_DIR: buildDir,
  VPIC_URL: 'off',
  PORT: String(port),
  APP_URL: origin,
  DATA_DIR: dataDir,
  SESSION_SECRET: 'hostile-suite-secret-that-is-long-enough-0123456789',
  ADMIN_EMAILS: 'operator@example.com',
  CLIENT_IP_HEADER: 'X-Forwarded-For',
}

type Fixtures = {
  customerCookie: string
  customerId: string
  throwawayCookie: string
  operatorCookie: string
  policyId: string
  unfinishedPolicyId: string
  pendingClaimId: string
  deniedClaimId: string
  approvedCode: string
  checkoutId: string
}

let server: ChildProcess
let output = ''
let fixtures: Fixtures
let before: Snapshot

/** Who sends the request: nobody signed in, the customer, the operator, or a customer whose session may end. */
type As = 'anyone' | 'customer' | 'operator' | 'throwaway'
type RouteRow = { path: (f: Fixtures) => string; as: As }

/** Every route that reads a body. */
const ROUTES: Record<string, RouteRow> = {
  auth: { path: () => '/auth', as: 'anyone' },
  'auth verify': { path: () => '/auth/verify?token=nope', as: 'anyone' },
  'sign out': { path: () => '/auth/sign-out', as: 'throwaway' },
  'sign out others': { path: () => '/auth/sign-out-others', as: 'throwaway' },
  signup: { path: () => '/signup', as: 'anyone' },
  'partner signup': { path: () => '/signup/sample-auto-glass', as: 'anyone' },
  'local checkout': { path: (f) => `/dev/checkout/${f.checkoutId}`, as: 'anyone' },
  'cancel policy': { path: (f) => `/customer/policies/${f.policyId}/cancel`, as: 'customer' },
  'appeal claim': { path: (f) => `/customer/claims/${f.deniedClaimId}/appeal`, as: 'customer' },
  'submit claim': { path: (f) => `/customer/submit-claim?policy_id=${f.policyId}`, as: 'customer' },
  'complete policy': { path: (f) => `/customer/complete-policy?policy_id=${f.unfinishedPolicyId}`, as: 'customer' },
  'policy photos': { path: (f) => `/customer/policy-photos?policy_id=${f.unfinishedPolicyId}`, as: 'customer' },
  'shop completion': { path: (f) => `/partner/complete-claim?code=${f.approvedCode}`, as: 'anyone' },
  'claim review': { path: (f) => `/admin/claims/${f.pendingClaimId}`, as: 'operator' },
  partners: { path: () => '/admin/partners', as: 'operator' },
  prices: { path: () => '/admin/prices', as: 'operator' },
  'operator settings': { path: () => '/admin/settings', as: 'operator' },
  states: { path: () => '/admin/states', as: 'operator' },
  storms: { path: () => '/admin/storms', as: 'operator' },
  'customer page': { path: (f) => `/admin/customers/${f.customerId}`, as: 'operator' },
  'demo dashboard': { path: () => '/demo/customer', as: 'anyone' },
  'demo setup': { path: () => '/demo/complete-policy?policy_id=demo-incomplete', as: 'anyone' },
  'demo claim': { path: () => '/demo/submit-claim?policy_id=demo-active', as: 'anyone' },
  'api claim lookup': { path: () => '/api/get-claim-by-code', as: 'anyone' },
  'api completion': { path: () => '/api/complete-partner-claim', as: 'anyone' },
  'api notify': { path: () => '/api/notify-claim-submission', as: 'customer' },
  'api cancel': { path: () => '/api/cancel-policy', as: 'customer' },
  'api checkout': { path: () => '/api/create-checkout', as: 'anyone' },
  'data request': { path: (f) => `/customer/claims/${f.deniedClaimId}/appeal.data`, as: 'customer' },
}

type Payload = { method?: string; contentType?: string; body?: string | Buffer; abortAfterBytes?: number }

const MB = 1024 * 1024
/** Nothing but control characters and bidi overrides: after cleaning, an empty answer. */
const NASTY = '\u0000\u0001\u001b\u007f\u0085\u202e\u2066'
/** The field names our forms use, so a payload reaches each route's validation rather than stopping at "missing". */
const FIELDS = [
  'intent',
  'email',
  'code',
  'fullName',
  'description',
  'damageType',
  'damageDate',
  'damageSize',
  'inLineOfSight',
  'chipCount',
  'damageZone',
  'appealText',
  'reason',
  'denialReason',
  'partnerGroupId',
  'partnerLocationId',
  'policyId',
  'claimId',
  'id',
  'name',
  'slug',
  'active',
  'planType',
  'vehicleType',
  'hasAdas',
  'tosAccepted',
  'confirmationCode',
  'repairType',
  'actualCost',
  'timeZone',
  'show',
  'partnerNotes',
  'licensePlate',
  'year',
  'make',
  'model',
]

function urlEncoded(values: Record<string, string>) {
  return new URLSearchParams(values).toString()
}
const everyField = (value: string) => Object.fromEntries(FIELDS.map((name) => [name, value]))

function multipart(parts: string, boundary = 'XX') {
  return { contentType: `multipart/form-data; boundary=${boundary}`, body: Buffer.from(parts, 'latin1') }
}
const TRUNCATED_IN_FILE =
  '--XX\r\nContent-Disposition: form-data; name="confirmationCode"\r\n\r\nCS-AAAAAA\r\n--XX\r\n' +
  'Content-Disposition: form-data; name="invoice"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNGabc'
const PHOTO_PART = (name: string) =>
  `--XX\r\nContent-Disposition: form-data; name="${name}"; filename="x.jpg"\r\nContent-Type: image/jpeg\r\n\r\n${'\xff\xd8\xff'.padEnd(2000, 'z')}\r\n`

/** Applied to every route. */
const PAYLOADS: Record<string, Payload> = {
  'multipart cut off inside a file': multipart(TRUNCATED_IN_FILE),
  'multipart cut off inside a field': multipart('--XX\r\nContent-Disposition: form-data; name="description"\r\n\r\nhalf a'),
  'multipart without a boundary': { contentType: 'multipart/form-data', body: 'description=x' },
  'multipart with a boundary that never comes': multipart('just some bytes, no parts at all'),
  'multipart with broken part headers': multipart('--XX\r\nContent-Disposition\r\n\r\nx\r\n--XX--\r\n'),
  'multipart with a 1 MB field': multipart(
    `--XX\r\nContent-Disposition: form-data; name="description"\r\n\r\n${'a'.repeat(MB)}\r\n--XX--\r\n`,
  ),
  'multipart with a fake photo in every file field': multipart(
    ['photos', 'head_on', 'inside_drivers', 'inside_passengers', 'invoice', 'repairPhotos'].map(PHOTO_PART).join('') +
      `--XX\r\nContent-Disposition: form-data; name="description"\r\n\r\nx\r\n--XX--\r\n`,
  ),
  'connection dropped mid-upload': { ...multipart(TRUNCATED_IN_FILE + 'z'.repeat(64 * 1024)), abortAfterBytes: 40 * 1024 },
  'JSON object': { contentType: 'application/json', body: '{}' },
  'broken JSON': { contentType: 'application/json', body: '{"code": "CS-' },
  'JSON of the wrong types': {
    contentType: 'application/json',
    body: JSON.stringify({ code: 123, policyId: { $gt: '' }, claimId: [1], email: null }),
  },
  'JSON with NUL and control characters': { contentType: 'application/json', body: JSON.stringify(everyField(NASTY)) },
  'plain text': { contentType: 'text/plain', body: 'hello' },
  XML: { contentType: 'application/xml', body: '<a/>' },
  'no content type, empty body': { body: '' },
  'a url-encoded 1 MB field': { contentType: 'application/x-www-form-urlencoded', body: `description=${'a'.repeat(MB)}` },
  'NUL and control characters in every field': { contentType: 'application/x-www-form-urlencoded', body: urlEncoded(everyField(NASTY)) },
  'a lone NUL in every field': { contentType: 'application/x-www-form-urlencoded', body: urlEncoded(everyField('\u0000')) },
  'wrong types in every field': {
    contentType: 'application/x-www-form-urlencoded',
    // Short, so no free-text field takes it as a real answer (an appeal needs 10 characters).
    body: urlEncoded({ ...everyField('-1e309'), actualCost: 'NaN', damageDate: '2024-02-30', active: 'maybe', hasAdas: '2' }),
  },
  'broken url-encoding': { contentType: 'application/x-www-form-urlencoded', body: '%%%&&==&a=%E0%A4%A&b=%ZZ' },
  PUT: { method: 'PUT', contentType: 'application/x-www-form-urlencoded', body: 'a=1' },
  PATCH: { method: 'PATCH', contentType: 'application/json', body: '{}' },
  DELETE: { method: 'DELETE' },
  TRACE: { method: 'TRACE' },
}

/** References to rows that do not exist, for each form that takes one (with every other field valid). */
const REFERENCE_ROWS: [route: keyof typeof ROUTES, body: Record<string, string>][] = [
  ['partners', { intent: 'create-location', partnerGroupId: 'no-such-group', name: 'Hostile Glass', slug: 'hostile-glass' }],
  ['partners', { intent: 'set-group-active', id: 'no-such-group', active: 'false' }],
  ['partners', { intent: 'set-location-active', id: 'no-such-location', active: 'false' }],
  ['claim review', { intent: 'approve', partnerGroupId: 'no-such-group' }],
  ['signup', { planType: 'comprehensive', vehicleType: 'car', hasAdas: 'false', tosAccepted: 'on', partnerLocationId: 'no-such-location' }],
  ['partner signup', { planType: 'chip_only', tosAccepted: 'on', partnerLocationId: 'no-such-location' }],
  ['submit claim', { policyId: 'no-such-policy', damageType: 'chip', damageDate: '2026-01-01', description: 'x' }],
  ['complete policy', { intent: 'complete', policyId: 'no-such-policy' }],
]
const REFERENCE_PATHS: Partial<Record<keyof typeof ROUTES, (f: Fixtures) => string>> = {
  'claim review': () => '/admin/claims/no-such-claim',
  'cancel policy': () => '/customer/policies/no-such-policy/cancel',
  'appeal claim': () => '/customer/claims/no-such-claim/appeal',
  'submit claim': () => '/customer/submit-claim?policy_id=no-such-policy',
  'complete policy': () => '/customer/complete-policy?policy_id=no-such-policy',
  'local checkout': () => '/dev/checkout/no-such-checkout',
}

function send(pathname: string, payload: Payload, cookie: string | null): Promise<number> {
  return new Promise((resolve, reject) => {
    const body = typeof payload.body === 'string' ? Buffer.from(payload.body) : payload.body
    const headers: Record<string, string> = { Origin: origin, 'X-Forwarded-For': randomIp() }
    if (payload.contentType) headers['Content-Type'] = payload.contentType
    if (cookie) headers.Cookie = cookie
    if (body) headers['Content-Length'] = String(body.length)
    const request = http.request(`${origin}${pathname}`, { method: payload.method ?? 'POST', headers })
    // As curl and browsers do: an answer that arrived counts, even if the server then stopped reading our body.
    let answered = 0
    request.on('response', (response) => {
      answered = response.statusCode ?? 0
      response.resume()
      response.on('end', () => resolve(answered))
    })
    request.on('error', (error) => (answered || payload.abortAfterBytes ? resolve(answered) : reject(error)))
    if (payload.abortAfterBytes && body) {
      request.write(body.subarray(0, payload.abortAfterBytes), () => setTimeout(() => request.destroy(), 50))
      setTimeout(() => resolve(0), 500)
      return
    }
    request.end(body)
  })
}

/** A body of `mb` megabytes sent chunked, with no Content-Length: the cap must hold while it streams in. */
function sendChunked(pathname: string, contentType: string, mb: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${origin}${pathname}`, {
      method: 'POST',
      headers: { Origin: origin, 'Content-Type': contentType, 'Transfer-Encoding': 'chunked', 'X-Forwarded-For': randomIp() },
    })
    let answered = 0
    request.on('response', (response) => {
      answered = response.statusCode ?? 0
      response.resume()
      resolve(answered)
    })
    request.on('error', (error) => (answered ? resolve(answered) : reject(error)))
    const chunk = Buffer.alloc(MB, 'a')
    let sent = 0
    const pump = () => {
      while (sent < mb && !answered) {
        sent++
        if (!request.write(chunk)) return request.once('drain', pump)
      }
      request.end()
    }
    pump()
  })
}

type Snapshot = { rows: Record<string, number>; files: string[]; audit: string[]; emails: string[] }

/** Row counts of every table (but the counters that hostile requests are meant to move) and every file under uploads/. */
function snapshot(): Snapshot {
  const database = new Database(path.join(dataDir, 'app.sqlite'), { readonly: true })
  const tables = database
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '__drizzle%'")
    .pluck()
    .all() as string[]
  const rows: Record<string, number> = {}
  for (const table of tables) {
    if (table === 'rate_limits') continue
    rows[table] = database.prepare(`SELECT count(*) FROM "${table}"`).pluck().get() as number
  }
  // What was done and sent, so a failure names the request that wrote.
  const audit = (database.prepare('SELECT action, entity_id, detail FROM audit_log').all() as object[]).map((row) => JSON.stringify(row))
  const emails = (database.prepare('SELECT tag, subject FROM email_log').all() as object[]).map((row) => JSON.stringify(row))
  database.close()
  const uploads = path.join(dataDir, 'uploads')
  const files = fs.existsSync(uploads) ? (fs.readdirSync(uploads, { recursive: true }) as string[]).sort() : []
  return { rows, files, audit, emails }
}

function cookieFor(as: As) {
  if (as === 'anyone') return null
  return { customer: fixtures.customerCookie, operator: fixtures.operatorCookie, throwaway: fixtures.throwawayCookie }[as]
}

test.beforeAll(async () => {
  server = spawn(process.execPath, ['server.js'], { env: serverEnv, stdio: ['ignore', 'pipe', 'pipe'] })
  server.stdout!.on('data', (chunk) => (output += chunk))
  server.stderr!.on('data', (chunk) => (output += chunk))
  await expect.poll(async () => (await fetch(`${origin}/healthz`).catch(() => null))?.status ?? 0, { timeout: 30_000 }).toBe(200)
  const printed = execFileSync('npx', ['tsx', 'tests/support/hostile-fixtures.ts'], {
    env: { ...process.env, ...serverEnv },
    encoding: 'utf8',
  })
  fixtures = JSON.parse(printed.trim().split('\n').at(-1)!) as Fixtures
  before = snapshot()
})

test.afterAll(async () => {
  server?.kill('SIGTERM')
  await new Promise((resolve) => server?.once('exit', resolve))
  fs.rmSync(dataDir, { recursive: true, force: true })
})

for (const [routeName, route] of Object.entries(ROUTES)) {
  test(`${routeName}: no hostile body gets a 5xx`, async () => {
    const answers: string[] = []
    for (const [payloadName, payload] of Object.entries(PAYLOADS)) {
      const status = await send(route.path(fixtures), payload, cookieFor(route.as)).catch((error: Error) => error.message)
      answers.push(`${payloadName}: ${status}`)
    }
    // Every request answered (or, for the dropped connection, dropped by the client), and none with a 5xx.
    expect(answers.filter((answer) => !/: ([1-4]\d\d|0)$/.test(answer))).toEqual([])
    // The process is still there and still answers.
    expect((await fetch(`${origin}/healthz`)).status).toBe(200)
  })
}

test('references to rows that do not exist are refused with a 4xx', async () => {
  const answers: string[] = []
  for (const [routeName, body] of REFERENCE_ROWS) {
    const route = ROUTES[routeName]!
    const status = await send(
      route.path(fixtures),
      { contentType: 'application/x-www-form-urlencoded', body: urlEncoded(body) },
      cookieFor(route.as),
    )
    answers.push(`${routeName} ${body.intent ?? ''}: ${status}`)
  }
  for (const [routeName, pathOf] of Object.entries(REFERENCE_PATHS)) {
    const route = ROUTES[routeName]!
    const status = await send(
      pathOf!(fixtures),
      { contentType: 'application/x-www-form-urlencoded', body: urlEncoded(everyField('x')) },
      cookieFor(route.as),
    )
    answers.push(`${routeName} (path): ${status}`)
  }
  for (const answer of answers) expect(answer).toMatch(/: (3|4)\d\d$/)
})

// --- the reported cases, one by one -----------------------------------------------------------------------------------

test('TRACE, CONNECT-like and unknown methods get 405 before any routing, and the process lives', async () => {
  for (const method of ['TRACE', 'PROPFIND', 'PUT', 'DELETE']) {
    expect(await send('/', { method }, null)).toBe(405)
  }
  expect((await fetch(`${origin}/healthz`)).status).toBe(200)
})

test('a multipart body that ends inside a file part is a 400, on the anonymous API and in the setup wizard', async () => {
  expect(await send('/api/complete-partner-claim', multipart(TRUNCATED_IN_FILE), null)).toBe(400)
  expect(
    await send(`/customer/complete-policy?policy_id=${fixtures.unfinishedPolicyId}`, multipart(TRUNCATED_IN_FILE), fixtures.customerCookie),
  ).toBe(400)
  expect(await send(`/partner/complete-claim?code=${fixtures.approvedCode}`, multipart(TRUNCATED_IN_FILE), null)).toBe(400)
  expect((await fetch(`${origin}/healthz`)).status).toBe(200)
})

test('a form route answers a wrong content type with 415 and a wrong method with 405', async () => {
  expect(await send('/auth', { contentType: 'application/json', body: '{}' }, null)).toBe(415)
  expect(await send('/auth', { contentType: 'text/plain', body: 'email=a@b.co' }, null)).toBe(415)
  expect(await send('/signup', { contentType: 'multipart/form-data', body: 'x' }, null)).toBe(400)
  expect(await send('/auth', { method: 'PATCH', contentType: 'application/x-www-form-urlencoded', body: 'a=1' }, null)).toBe(405)
})

/** The server's resident memory in MB, from Linux's /proc. */
function serverRssMb() {
  const status = fs.readFileSync(`/proc/${server.pid}/status`, 'utf8')
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) / 1024
}

test('every body has a cap enforced while it streams in: 413, and memory stays flat', async () => {
  const rssBefore = serverRssMb()
  const big = (size: number) => Buffer.alloc(size, 'a')
  // A 60 MB url-encoded sign-in form, five concurrent 100 MB JSON posts to the anonymous lookup, a 60 MB unsigned event.
  expect(
    await send(
      '/auth',
      { contentType: 'application/x-www-form-urlencoded', body: Buffer.concat([Buffer.from('email='), big(60 * MB)]) },
      null,
    ),
  ).toBe(413)
  // The same without a declared length (chunked): refused once the cap is passed while reading.
  expect(await sendChunked('/auth', 'application/x-www-form-urlencoded', 20)).toBe(413)
  const lookups = await Promise.all(
    Array.from({ length: 5 }, () =>
      send('/api/get-claim-by-code', { contentType: 'application/json', body: big(100 * MB) }, null).catch(() => 413),
    ),
  )
  expect(lookups).toEqual([413, 413, 413, 413, 413])
  expect(await send('/api/stripe-webhook', { contentType: 'application/json', body: big(60 * MB) }, null).catch(() => 413)).toBe(413)
  // None of it was held: the process grew by far less than one of those bodies (it was 976 MB for the first alone).
  expect(serverRssMb() - rssBefore).toBeLessThan(60)
  expect((await fetch(`${origin}/healthz`)).status).toBe(200)
})

test('private pages, their data requests and private photos are never stored by a browser', async () => {
  const headersOf = async (pathname: string, cookie: string | null) =>
    (await fetch(`${origin}${pathname}`, { headers: cookie ? { Cookie: cookie } : {}, redirect: 'manual' })).headers
  const privatePages: [string, string | null][] = [
    ['/customer', fixtures.customerCookie],
    ['/customer.data', fixtures.customerCookie],
    [`/customer/submit-claim?policy_id=${fixtures.policyId}`, fixtures.customerCookie],
    [`/customer/complete-policy?policy_id=${fixtures.unfinishedPolicyId}`, fixtures.customerCookie],
    ['/admin', fixtures.operatorCookie],
    ['/admin/claims', fixtures.operatorCookie],
    [`/admin/claims/${fixtures.pendingClaimId}`, fixtures.operatorCookie],
    [`/partner/complete-claim?code=${fixtures.approvedCode}`, null],
    ['/checkout-success?checkout=success', null],
    // A public page is private too once someone is signed in: the header shows who.
    ['/terms-of-service', fixtures.customerCookie],
  ]
  for (const [pathname, cookie] of privatePages) {
    expect(`${pathname}: ${(await headersOf(pathname, cookie)).get('Cache-Control')}`).toBe(`${pathname}: no-store`)
  }
  // The public pages for anonymous visitors stay cacheable (no no-store), a published version of the terms too.
  expect((await headersOf('/terms-of-service', null)).get('Cache-Control') ?? '').not.toContain('no-store')
  const version = `/terms-of-service/${TOS_VERSION}`
  expect((await headersOf(version, null)).get('Cache-Control') ?? '').not.toContain('no-store')
  // And, like the other legal pages, it is served from the page cache once rendered.
  expect((await headersOf(version, null)).get('X-Page-Cache')).toBe('hit')
  expect((await headersOf(version, fixtures.customerCookie)).get('Cache-Control')).toBe('no-store')
})

/** One request exactly as given (Host and Origin included), by hand: fetch() would set Host itself. */
function rawRequest(options: { method?: string; path: string; headers: Record<string, string>; body?: string }): Promise<number> {
  return new Promise((resolve, reject) => {
    const headers = { ...options.headers, 'X-Forwarded-For': randomIp() }
    if (options.body) Object.assign(headers, { 'Content-Length': String(Buffer.byteLength(options.body)) })
    const request = http.request({ host: 'localhost', port, method: options.method ?? 'GET', path: options.path, headers }, (response) => {
      response.resume()
      response.on('end', () => resolve(response.statusCode ?? 0))
    })
    request.on('error', reject)
    request.end(options.body)
  })
}

test('the local tools answer only a request that names this machine as its Host (DNS rebinding)', async () => {
  for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`]) {
    expect(`${host}: ${await rawRequest({ path: '/dev/outbox', headers: { Host: host } })}`).toBe(`${host}: 200`)
  }
  for (const host of [`rebind.example:${port}`, 'rebind.example', `localhost.rebind.example:${port}`, `127.0.0.1.nip.io:${port}`]) {
    expect(`${host}: ${await rawRequest({ path: '/dev/outbox', headers: { Host: host } })}`).toBe(`${host}: 404`)
    const checkout = await rawRequest({ path: `/dev/checkout/${fixtures.checkoutId}`, headers: { Host: host } })
    expect(`${host} checkout: ${checkout}`).toBe(`${host} checkout: 404`)
  }
})

test('a client that sends the server’s own facts as X-Glass-* headers gains nothing: its wrong codes still count', async () => {
  // The server hands the client's address to the app in React Router's context; headers of that name are not it.
  const ip = randomIp()
  const guess = (n: number) =>
    fetch(`${origin}/api/get-claim-by-code`, {
      method: 'POST',
      headers: {
        Origin: origin,
        'Content-Type': 'application/json',
        'X-Forwarded-For': ip,
        'X-Glass-Client-Address': randomIp(),
        'X-Glass-Peer-Address': '127.0.0.1',
      },
      body: JSON.stringify({ code: `CS-WRNG${'23456789'[n % 8]}${'ABCDEFGH'[Math.floor(n / 8) % 8]}` }),
    }).then((response) => response.status)
  const answers: number[] = []
  for (let n = 0; n < 12; n++) answers.push(await guess(n))
  expect(answers.slice(0, 10)).toEqual(Array(10).fill(404))
  expect(answers.slice(10)).toEqual([429, 429])
})

test('the same-origin check compares the scheme: https:// is another origin than this http:// app', async () => {
  // A refused address, so an accepted post changes nothing: 400 from the form, 403 from the origin check.
  const post = (headers: Record<string, string>) =>
    rawRequest({
      method: 'POST',
      path: '/auth',
      headers: { Host: `localhost:${port}`, 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
      body: 'intent=send&email=not-an-address',
    })
  expect(await post({ Origin: origin })).toBe(400)
  expect(await post({ Origin: `https://localhost:${port}` })).toBe(403)
  expect(await post({ Referer: `https://localhost:${port}/auth` })).toBe(403)
  expect(await post({ Referer: `${origin}/auth` })).toBe(400)
})

test('CONNECT gets a 405 like every other method we do not serve, and the process lives', async () => {
  const answer = await new Promise<string>((resolve, reject) => {
    const socket = net.connect(port, 'localhost', () => socket.write('CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n'))
    let received = ''
    socket.on('data', (chunk) => (received += chunk.toString('latin1')))
    socket.on('end', () => resolve(received))
    socket.on('error', reject)
    socket.setTimeout(5_000, () => {
      socket.destroy()
      resolve(received)
    })
  })
  expect(answer).toMatch(/^HTTP\/1\.1 405 Method Not Allowed\r\n/)
  expect(answer).toMatch(/\r\nAllow: [A-Z, ]+\r\n/)
  expect(answer).toContain('Method not allowed.')
  expect((await fetch(`${origin}/healthz`)).status).toBe(200)
})

/** The server's lines so far that are not an info line: an error or a warning, or text that is not one of its JSON lines. */
function linesAbove(minimum: 'warn' | 'error') {
  const levels = minimum === 'warn' ? ['warn', 'error', 'fatal'] : ['error', 'fatal']
  return output
    .split('\n')
    .filter(Boolean)
    .filter((line) => {
      try {
        return levels.includes((JSON.parse(line) as { level?: string }).level ?? '')
      } catch {
        return true
      }
    })
}

test('headers a stranger controls (Origin, Referer, Host, the path’s encoding) are their mistake: a 4xx, and no error line', async () => {
  const warnedBefore = linesAbove('warn').length
  const form = { 'Content-Type': 'application/x-www-form-urlencoded' }
  const answers: string[] = []
  const ask = async (name: string, options: Parameters<typeof rawRequest>[0]) => answers.push(`${name}: ${await rawRequest(options)}`)
  for (const path of ['/auth', '/auth.data', '/signup', '/api/get-claim-by-code', '/no/such/page', '/_root.data']) {
    for (const bad of ['garbage', 'http://', 'http://[::1', 'https://exa mple.com', '']) {
      await ask(`${path} Origin ${JSON.stringify(bad)}`, { method: 'POST', path, headers: { ...form, Origin: bad }, body: 'intent=send' })
    }
    await ask(`${path} Referer garbage`, { method: 'POST', path, headers: { ...form, Referer: 'garbage' }, body: 'intent=send' })
  }
  for (const path of ['/%E0%A4%A', '/customer/claims/%', '/auth/%zz', '/next-owner/%']) {
    await ask(`GET ${path}`, { path, headers: {} })
    await ask(`POST ${path}`, { method: 'POST', path, headers: { ...form, Origin: origin }, body: 'a=1' })
  }
  for (const host of ['bad host', 'localhost:99999', '[::1', 'a'.repeat(300)])
    await ask(`Host ${host.slice(0, 20)}`, { path: '/', headers: { Host: host } })
  await ask('Cookie garbage', { path: '/customer', headers: { Cookie: '__session=%%%; ;;=' } })
  await ask('Accept-Encoding garbage', { path: '/', headers: { 'Accept-Encoding': ';q=x, *;q=' } })
  expect(answers.filter((answer) => !/: [1-4]\d\d$/.test(answer))).toEqual([])
  // A warning without a stack is as far as a stranger's request may go (e.g. "refused: not from this site's pages").
  await new Promise((resolve) => setTimeout(resolve, 300))
  const warned = linesAbove('warn').slice(warnedBefore)
  expect(warned.filter((line) => !line.startsWith('{') || /"stack"|"level":"(error|fatal)"/.test(line))).toEqual([])
})

test('afterwards the server still answers, and the database and uploads hold nothing new', async () => {
  // Runs last (tests in this file run in order, in one worker).
  expect((await fetch(`${origin}/healthz`)).status).toBe(200)
  expect(server.exitCode).toBeNull()
  const after = snapshot()
  // Signing out is allowed to end the throwaway customer's session; nothing may be added.
  expect(after.rows.sessions).toBeLessThanOrEqual(before.rows.sessions!)
  expect(after.audit).toEqual(before.audit)
  expect(after.emails).toEqual(before.emails)
  expect({ ...after.rows, sessions: 0 }).toEqual({ ...before.rows, sessions: 0 })
  expect(after.files).toEqual(before.files)
  expect(output).not.toMatch(/uncaught exception|unhandled promise rejection/i)
  // Nothing a stranger sends is logged as an error: the whole suite's requests leave no error line (and no stray text).
  expect(linesAbove('error')).toEqual([])
})

test('Stripe webhook: unsigned, oversized and signed-but-malformed events never get a 5xx', async () => {
  const stripe = stripeE2eSettings()
  const webhook = `${stripe.appUrl}/api/stripe-webhook`
  const signed = (payload: string) => Stripe.webhooks.generateTestHeaderString({ payload, secret: stripe.webhookSecret })
  const cases: [string, Record<string, string>, string][] = [
    ['unsigned', { 'Content-Type': 'application/json' }, '{"id":"evt_x","type":"invoice.paid"}'],
    ['a bad signature', { 'Content-Type': 'application/json', 'Stripe-Signature': 't=1,v1=00' }, '{}'],
    ['over 1 MB', { 'Content-Type': 'application/json' }, 'a'.repeat(2 * MB)],
  ]
  for (const payload of [
    'not json at all',
    '{"id":"evt_hostile_1"}',
    '{"id":"evt_hostile_2","type":"checkout.session.completed","data":{}}',
    '{"id":"evt_hostile_3","type":"customer.subscription.updated","data":{"object":{"id":42}}}',
    '{"id":"evt_hostile_4","type":"invoice.paid","data":{"object":{"subscription":["x"]}}}',
    '[]',
    'null',
  ]) {
    cases.push([`signed: ${payload}`, { 'Content-Type': 'application/json', 'Stripe-Signature': signed(payload) }, payload])
  }
  const answers: string[] = []
  for (const [name, headers, body] of cases) {
    const response = await fetch(webhook, { method: 'POST', headers, body }).catch(() => null)
    answers.push(`${name}: ${response?.status ?? 'no answer'}`)
  }
  for (const answer of answers) expect(answer).toMatch(/: [24]\d\d$/)
  expect((await fetch(`${stripe.appUrl}/healthz`)).status).toBe(200)
})
