import { Writable } from 'node:stream'

import { describe, expect, it } from 'vitest'

import { SETTING_NAMES } from '~/env.server'
import { createLogger, logFormat, logger, requestScope, SECRET_SETTINGS } from '~/logger.server'
import { loggedPath, onRequestFinished, requestFinished, requestIdFrom, type RequestInfo } from '~/server/request-log.server'
import { createRouteIdLookup } from '~/server/route-table.server'

import { expectConsoleError } from '../support/console'

/** A production logger writing its JSON lines into an array. */
function capture() {
  const lines: string[] = []
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).trim().split('\n'))
      done()
    },
  })
  return { log: createLogger('production', stream), lines, parsed: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>) }
}

describe('the redaction list', () => {
  it('names every setting whose name says it holds a secret', () => {
    const secretLooking = SETTING_NAMES.filter((name) => /SECRET|TOKEN|KEY|DSN|PASSWORD/.test(name))
    expect(secretLooking.length).toBeGreaterThanOrEqual(5)
    for (const name of secretLooking) expect(SECRET_SETTINGS, name).toContain(name)
  })

  it('keeps every secret setting and credential header out of a line, wherever it is logged', () => {
    const { log, lines } = capture()
    const values = Object.fromEntries(SECRET_SETTINGS.map((name) => [name, `value-of-${name}-0123456789`]))
    log.info(values, 'settings at the top level')
    log.info({ config: values }, 'settings in a config object')
    log.info({ env: values }, 'settings in an env object')
    log.error(
      {
        headers: { cookie: '__session=cookie-value-1', authorization: 'Bearer auth-value-2', 'stripe-signature': 'sig-value-3' },
        req: { headers: { cookie: '__session=cookie-value-4' } },
        res: { headers: { 'set-cookie': '__session=cookie-value-5' } },
        cookie: 'cookie-value-6',
        token: 'token-value-7',
      },
      'headers',
    )
    const output = lines.join('\n')
    expect(lines).toHaveLength(4)
    for (const value of [...Object.values(values), ...[1, 2, 3, 4, 5, 6, 7].map(String)].filter((v) => v.length > 1)) {
      expect(output).not.toContain(value)
    }
    expect(output).not.toMatch(/cookie-value|auth-value|sig-value|token-value/)
    expect(output).toContain('[redacted]')
  })
})

describe('the log line', () => {
  it('is JSON with the level as a name and the request id of the request being answered', () => {
    const { log, parsed } = capture()
    requestScope.run({ reqId: 'req-123' }, () => log.warn({ policyId: 7 }, 'inside a request'))
    log.info('outside any request')
    const [inside, outside] = parsed()
    expect(inside).toMatchObject({ level: 'warn', reqId: 'req-123', policyId: 7, msg: 'inside a request' })
    expect(outside).toMatchObject({ level: 'info', msg: 'outside any request' })
    expect(outside).not.toHaveProperty('reqId')
  })

  it('in tests, goes through console.error at the error level, where the guard sees it', () => {
    expectConsoleError(/^a logged failure \{"policyId":3\}: the reason/)
    logger.error({ policyId: 3, err: new Error('the reason') }, 'a logged failure')
  })
})

describe('the request id', () => {
  const headers = (values: Record<string, string | undefined>) => (name: string) => values[name]

  it("reuses Fly's proxy's id, then a sane X-Request-Id", () => {
    expect(requestIdFrom(headers({ 'fly-request-id': '01J5ZK3Q9V-iad', 'x-request-id': 'other' }))).toBe('01J5ZK3Q9V-iad')
    expect(requestIdFrom(headers({ 'x-request-id': 'abc.DEF_1:2-3' }))).toBe('abc.DEF_1:2-3')
  })

  it('makes a new one when none is sent or the one sent is not sane', () => {
    for (const sent of [
      {},
      { 'x-request-id': 'a b' },
      { 'x-request-id': 'x'.repeat(101) },
      { 'fly-request-id': '<script>' },
      { 'x-request-id': '\n{"level":"fatal"}' },
    ]) {
      const id = requestIdFrom(headers(sent))
      expect(id).toMatch(/^[0-9a-f]{20}$/)
    }
    expect(requestIdFrom(headers({}))).not.toBe(requestIdFrom(headers({})))
  })
})

describe('requestFinished', () => {
  it('tells its listeners every request, /healthz included, until they unsubscribe', () => {
    const seen: RequestInfo[] = []
    const stop = onRequestFinished((info) => seen.push(info))
    const info = { reqId: 'r1', method: 'GET', route: 'routes/healthz', status: 200, ms: 1.23, bytes: 2 }
    requestFinished(info)
    stop()
    requestFinished({ ...info, reqId: 'r2' })
    expect(seen).toEqual([info])
  })
})

describe('the route id lookup', () => {
  it('finds the deepest route a path goes to, data requests included', () => {
    const lookup = createRouteIdLookup({
      root: { id: 'root', path: '', module: {} },
      'routes/_index': { id: 'routes/_index', parentId: 'root', index: true, module: {} },
      'routes/customer': { id: 'routes/customer', parentId: 'root', path: 'customer', module: {} },
      'routes/$': { id: 'routes/$', parentId: 'root', path: '*', module: {} },
    })
    expect(lookup('/')).toBe('routes/_index')
    expect(lookup('/_root.data')).toBe('routes/_index')
    expect(lookup('/customer')).toBe('routes/customer')
    expect(lookup('/customer.data')).toBe('routes/customer')
    expect(lookup('/nowhere')).toBe('routes/$')
  })
})

describe('how lines are written', () => {
  it('readable on a terminal, JSON on a pipe or a file, and LOG_FORMAT decides over either', () => {
    expect(logFormat(true, undefined)).toBe('pretty')
    expect(logFormat(false, undefined)).toBe('json')
    expect(logFormat(true, 'json')).toBe('json')
    expect(logFormat(false, 'pretty')).toBe('pretty')
    // An unknown value is ignored, as LOG_LEVEL's are.
    expect(logFormat(true, 'yaml')).toBe('pretty')
  })
})

describe('the path a request line records', () => {
  it('keeps what finds a request (route, ids, paging) and redacts every key a path or query can carry', () => {
    expect(loggedPath('routes/admin.claims.$claimId', '/admin/claims/iqu5abc')).toBe('/admin/claims/iqu5abc')
    expect(loggedPath('routes/admin.claims', '/admin/claims?page=3&status=approved&q=Sally%20Seller')).toBe(
      '/admin/claims?page=3&status=approved&q=[redacted]',
    )
    expect(loggedPath('routes/next-owner.$token', '/next-owner/AbCdEf123-secret')).toBe('/next-owner/[redacted]')
    expect(loggedPath('routes/next-owner.$token', '/next-owner/AbCdEf123-secret.data')).toBe('/next-owner/[redacted]')
    expect(loggedPath('routes/price-change.$token', '/price-change/tok_999')).toBe('/price-change/[redacted]')
    expect(loggedPath('routes/dev.checkout.$id', '/dev/checkout/chk123')).toBe('/dev/checkout/[redacted]')
    expect(loggedPath('routes/auth.verify', '/auth/verify?token=abc.def')).toBe('/auth/verify?token=[redacted]')
    expect(loggedPath('routes/partner.complete-claim', '/partner/complete-claim?code=CS-ABC234')).toBe(
      '/partner/complete-claim?code=[redacted]',
    )
    expect(loggedPath('routes/files.$', '/files/claim-documents/c1/a.jpg?exp=1790000000&sig=s3cr3t')).toBe(
      '/files/claim-documents/c1/a.jpg?exp=1790000000&sig=[redacted]',
    )
  })

  it('writes an unknown path whole, with every segment that looks like a key redacted, and without its query', () => {
    // What an operator needs to mend a broken link: the whole path.
    expect(loggedPath('routes/$', '/plans/chip-repair-2026/compare?ref=mail')).toBe('/plans/chip-repair-2026/compare')
    expect(loggedPath('routes/$', '/customer/claims/old/photos')).toBe('/customer/claims/old/photos')
    // Where a known route keeps its key, it is redacted however it looks, and so is anything that looks like one.
    expect(loggedPath('routes/$', '/next-owner/abc/mangled-token-rest?x=1')).toBe('/next-owner/[redacted]/mangled-token-rest')
    expect(loggedPath('routes/$', '/dev/checkout/chk1/more')).toBe('/dev/checkout/[redacted]/more')
    expect(loggedPath('routes/$', '/offer/OfferKey0123456789abcdef/x')).toBe('/offer/[redacted]/x')
    expect(loggedPath('routes/$', '/x/eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl')).toBe('/x/[redacted]')
    expect(loggedPath('routes/$', '/u/sally%40example.com/claims')).toBe('/u/[redacted]/claims')
    expect(loggedPath('routes/$', '/u/sally@example.com')).toBe('/u/[redacted]')
    expect(loggedPath('routes/$', '/lookup/cs-abc234')).toBe('/lookup/[redacted]')
    expect(loggedPath('routes/$', '/call/5125550190')).toBe('/call/[redacted]')
    expect(loggedPath('routes/$', '/claims/0b8f3c1e-7d2a-4a7e-9c1b-2f6d8e9a0b1c')).toBe('/claims/[redacted]')
    expect(loggedPath('routes/$', `/a/${'b'.repeat(30)}`)).toBe('/a/[redacted]')
    expect(loggedPath('routes/$', `/${'x/'.repeat(20)}end`)).toBe(`/${'x/'.repeat(12)}…`)
    expect(loggedPath('unmatched', '/wp-login.php?user=admin')).toBe('/wp-login.php')
    expect(loggedPath('refused', '/')).toBe('/')
    expect(loggedPath('refused', 'example.com:443')).toBe('[not a path]')
    expect(loggedPath('refused', 'http://example.com/next-owner/k3y')).toBe('[not a path]')
  })

  it('is written on the request line; the raw url never is', () => {
    const { log, parsed } = capture()
    const original = logger.info.bind(logger)
    // requestFinished writes through the app's logger: read what it writes by swapping that logger's method.
    logger.info = ((...args: Parameters<typeof log.info>) => log.info(...args)) as typeof logger.info
    try {
      requestFinished({
        reqId: 'r1',
        method: 'GET',
        route: 'routes/next-owner.$token',
        status: 200,
        ms: 1,
        bytes: 2,
        url: '/next-owner/k3y',
      })
    } finally {
      logger.info = original
    }
    const line = parsed().find((entry) => entry.reqId === 'r1')!
    expect(line).toMatchObject({ path: '/next-owner/[redacted]', route: 'routes/next-owner.$token', status: 200 })
    expect(JSON.stringify(parsed())).not.toContain('k3y')
  })
})
