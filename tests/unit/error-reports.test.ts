import { getClient } from '@sentry/react-router'
import { afterEach, describe, expect, it } from 'vitest'

import { parseEnv, resetEnvForTests } from '~/env.server'
import {
  browserErrorReports,
  errorReportsOn,
  errorReportsOrigin,
  reportRequestError,
  startErrorReports,
} from '~/server/error-reports.server'
import { contentSecurityPolicy } from '~/server/security.server'
import { scrubBreadcrumb, scrubEvent } from '~/utils/error-report-scrub'

import { makeRequest } from '../support/requests'
import { tempDirForTest } from '../support/temp-dir'

const before = process.env.SENTRY_DSN
afterEach(() => {
  if (before === undefined) delete process.env.SENTRY_DSN
  else process.env.SENTRY_DSN = before
  resetEnvForTests()
})

describe('error reports are off unless SENTRY_DSN is set', () => {
  it('with SENTRY_DSN unset, no SDK is started, the page gets nothing to start and the CSP names no other host', async () => {
    delete process.env.SENTRY_DSN
    resetEnvForTests()
    expect(await startErrorReports({ NODE_ENV: 'test' })).toBe(false)
    expect(errorReportsOn()).toBe(false)
    reportRequestError(new Error('not reported'), { request: makeRequest('/customer') })
    expect(getClient()).toBeUndefined()
    expect(browserErrorReports()).toBeNull()
    expect(errorReportsOrigin()).toBeNull()
    expect(contentSecurityPolicy({ nonce: 'nonce' })).toContain("connect-src 'self';")
  })

  it("with SENTRY_DSN set, the page's CSP lets the browser reach the DSN's host, and only it", () => {
    process.env.SENTRY_DSN = 'https://abc123@o1.ingest.example.io/42'
    resetEnvForTests()
    expect(browserErrorReports()).toEqual({ dsn: 'https://abc123@o1.ingest.example.io/42', environment: 'test' })
    expect(contentSecurityPolicy({ nonce: 'nonce' })).toContain("connect-src 'self' https://o1.ingest.example.io;")
  })

  it('refuses a SENTRY_DSN that is not a DSN, and takes an empty one as unset', () => {
    const dataDir = tempDirForTest('glass-env-')
    expect(() => parseEnv({ DATA_DIR: dataDir, SENTRY_DSN: 'https://o1.ingest.example.io/42' })).toThrow(/SENTRY_DSN must be a Sentry DSN/)
    expect(parseEnv({ DATA_DIR: dataDir, SENTRY_DSN: '' }).SENTRY_DSN).toBeUndefined()
    expect(parseEnv({ DATA_DIR: dataDir, SENTRY_DSN: 'https://abc@o1.ingest.example.io/42' }).SENTRY_DSN).toBe(
      'https://abc@o1.ingest.example.io/42',
    )
  })
})

describe('what a report may carry', () => {
  it('drops cookies, headers, body, query string and user; masks e-mail and IP addresses', () => {
    const event = scrubEvent({
      message: 'failed for jane.doe@example.com from 203.0.113.9',
      user: { email: 'jane.doe@example.com', ip_address: '203.0.113.9' },
      request: {
        method: 'POST',
        url: 'https://glass.example/auth/verify?code=123456#top',
        cookies: { __session: 'secret-cookie' },
        headers: { Cookie: '__session=secret-cookie', Authorization: 'Bearer t0ken' },
        query_string: 'code=123456',
        data: { email: 'jane.doe@example.com' },
        env: { REMOTE_ADDR: '203.0.113.9' },
      } as { method: string; url: string },
      exception: { values: [{ type: 'Error', value: 'no profile for jane.doe@example.com at 2001:db8::1:2:3' }] },
      breadcrumbs: [{ category: 'fetch', data: { url: '/customer?search=Jane', method: 'GET', status_code: 500, body: 'x' } }],
      extra: { path: '/customer', note: 'sent to jane.doe@example.com' },
    })
    expect(event.user).toBeUndefined()
    expect(event.request).toEqual({ method: 'POST', url: 'https://glass.example/auth/verify' })
    expect(event.message).toBe('failed for [email] from [ip]')
    expect(event.exception!.values![0]!.value).toBe('no profile for [email] at [ip]')
    expect(event.breadcrumbs![0]!.data).toEqual({ url: '/customer', method: 'GET', status_code: 500 })
    expect(event.extra).toEqual({ path: '/customer', note: 'sent to [email]' })
    const text = JSON.stringify(event)
    for (const secret of ['secret-cookie', 't0ken', '123456', 'jane.doe', '203.0.113.9']) expect(text).not.toContain(secret)
  })

  it("keeps a breadcrumb's kind and masks its message", () => {
    expect(scrubBreadcrumb({ category: 'console', message: 'signed in as a@b.co' })).toEqual({
      category: 'console',
      message: 'signed in as [email]',
    })
  })
})
