import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { resetEnvForTests } from '~/env.server'
import { runDailyJobs } from '~/jobs.server'
import { processStripeWebhook } from '~/models/money/stripe-events.server'
import { loader as metricsLoader } from '~/routes/metrics'
import { forgetClaimFiguresForTests, recordRequest } from '~/server/metrics.server'
import { routeIdLookup } from '~/server/route-table.server'
import { serverContext } from '~/server/server-facts.server'
import { sendEmail, setEmailTransport } from '~/services/email.server'

import { expectConsoleError } from '../support/console'
import { createActivePolicy, createClaim, createProfile, ensureSeeded } from '../support/factories'
import { signEvent, stripeEvent } from '../support/fake-stripe'
import { useFakeStripe } from '../support/fake-stripe-env'
import { makeRequest, routeArgs, settle } from '../support/requests'

const TOKEN = 'metrics-token-for-the-integration-test-0123456789'
const WEBHOOK_SECRET = 'whsec_metrics_test'
useFakeStripe({ webhookSecret: WEBHOOK_SECRET })

beforeAll(() => {
  process.env.METRICS_TOKEN = TOKEN
  resetEnvForTests()
  ensureSeeded()
})

afterAll(() => {
  delete process.env.METRICS_TOKEN
  resetEnvForTests()
})

/** Asks for /metrics as server.js would pass it on: from `peer` (the socket's address), with these headers. */
function scrape(peer: string | null, headers: Record<string, string> = {}) {
  const context =
    peer === null
      ? undefined
      : serverContext({ clientAddress: headers['X-Forwarded-For'] ?? peer, peerAddress: peer, requestId: 'test-request', requestLine: {} })
  return settle(() => metricsLoader(routeArgs(makeRequest('/metrics', { headers }), {}, context)))
}

async function metricsBody() {
  const response = (await metricsLoader(
    routeArgs(
      makeRequest('/metrics'),
      {},
      serverContext({ clientAddress: '127.0.0.1', peerAddress: '127.0.0.1', requestId: 'test-request', requestLine: {} }),
    ),
  )) as Response
  expect(response.headers.get('Content-Type')).toMatch(/^text\/plain; version=0\.0\.4/)
  return response.text()
}

/** The value of one series: `name{labels}` with the labels in any order. */
function valueOf(text: string, name: string, labels: Record<string, string> = {}) {
  for (const line of text.split('\n')) {
    const match = /^([a-z_:]+)(?:\{(.*)\})? (\S+)$/.exec(line)
    if (!match || match[1] !== name) continue
    const found = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((pair) => [pair[1], pair[2]]))
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) return Number(match[3])
  }
  return undefined
}

describe('who may read /metrics', () => {
  it('is a 404 from another address, whatever it claims in headers, without the token or with a wrong one', async () => {
    expect((await scrape('203.0.113.9')).status).toBe(404)
    expect((await scrape('203.0.113.9', { 'X-Forwarded-For': '127.0.0.1', 'Fly-Client-IP': '127.0.0.1' })).status).toBe(404)
    expect((await scrape('203.0.113.9', { Authorization: `Bearer ${TOKEN}x` })).status).toBe(404)
    expect((await scrape('203.0.113.9', { Authorization: `Bearer ${TOKEN.slice(0, 40)}` })).status).toBe(404)
    expect((await scrape('203.0.113.9', { Authorization: `Basic ${TOKEN}` })).status).toBe(404)
    expect((await scrape('fdaa:0:1::2')).status).toBe(404)
  })

  it('answers 200 to the token from anywhere, and to this machine without one', async () => {
    expect((await scrape('203.0.113.9', { Authorization: `Bearer ${TOKEN}` })).status).toBe(200)
    expect((await scrape('127.0.0.1')).status).toBe(200)
    expect((await scrape('::1')).status).toBe(200)
    expect((await scrape('::ffff:127.0.0.1')).status).toBe(200)
  })

  it('without server.js in front (no socket address), only outside production', async () => {
    expect((await scrape(null)).status).toBe(200)
    process.env.NODE_ENV = 'production'
    resetEnvForTests()
    try {
      expect((await scrape(null)).status).toBe(404)
      expect((await scrape(null, { Authorization: `Bearer ${TOKEN}` })).status).toBe(200)
    } finally {
      process.env.NODE_ENV = 'test'
      resetEnvForTests()
    }
  })
})

describe('the figures', () => {
  // The first lookup loads every route module, which takes a while on a busy machine.
  it('counts requests by route id, method and status, with their durations', { timeout: 120_000 }, async () => {
    const routeIdOf = await routeIdLookup()
    expect(routeIdOf('/auth')).toBe('routes/auth')
    expect(routeIdOf('/signup/some-shop')).toBe('signup-partner')
    expect(routeIdOf('/_root.data')).toBe('routes/_index')
    expect(routeIdOf('/no/such/page')).toBe('routes/$')
    recordRequest({ routeId: routeIdOf('/auth'), method: 'POST', status: 400, durationMs: 12 })
    recordRequest({ routeId: routeIdOf('/auth'), method: 'POST', status: 400, durationMs: 3 })
    recordRequest({ routeId: null, method: 'PROPFIND', status: 405, durationMs: 1 })
    const text = await metricsBody()
    const auth = { route: 'routes/auth', method: 'POST', status: '400' }
    expect(valueOf(text, 'glass_http_request_duration_seconds_count', auth)).toBe(2)
    expect(valueOf(text, 'glass_http_request_duration_seconds_sum', auth)).toBeCloseTo(0.015, 6)
    expect(valueOf(text, 'glass_http_request_duration_seconds_bucket', { ...auth, le: '0.005' })).toBe(1)
    expect(valueOf(text, 'glass_http_request_duration_seconds_count', { route: 'none', method: 'other', status: '405' })).toBe(1)
  })

  it('counts e-mails sent and failed', async () => {
    expect(
      await sendEmail({ to: 'metrics@example.com', subject: 'Hello', html: '<p>Hi</p>', text: 'Hi', tag: 'sign-in', profileId: null }),
    ).not.toBeNull()
    expectConsoleError(/e-mail failed .*the mail server said no/)
    setEmailTransport({
      name: 'postmark',
      send: () => Promise.reject(new Error('the mail server said no')),
    })
    try {
      expect(
        await sendEmail({ to: 'metrics@example.com', subject: 'Hello', html: '<p>Hi</p>', text: 'Hi', tag: 'sign-in', profileId: null }),
      ).toBeNull()
    } finally {
      setEmailTransport(undefined)
    }
    const text = await metricsBody()
    expect(valueOf(text, 'glass_emails_total', { tag: 'sign-in', outcome: 'sent' })).toBe(1)
    expect(valueOf(text, 'glass_emails_total', { tag: 'sign-in', outcome: 'failed' })).toBe(1)
  })

  it("counts Stripe's webhooks by event type and outcome", async () => {
    const event = stripeEvent('customer.created', { id: 'cus_metrics', object: 'customer' })
    const signed = signEvent(event, WEBHOOK_SECRET)
    expect((await processStripeWebhook(signed.payload, signed.signature)).body).toMatchObject({ outcome: 'ignored' })
    expect((await processStripeWebhook(signed.payload, signed.signature)).body).toMatchObject({ outcome: 'duplicate' })
    expect((await processStripeWebhook(signed.payload, 't=1,v1=forged')).status).toBe(400)
    const text = await metricsBody()
    expect(valueOf(text, 'glass_stripe_webhooks_total', { type: 'customer.created', outcome: 'ignored' })).toBe(1)
    expect(valueOf(text, 'glass_stripe_webhooks_total', { type: 'customer.created', outcome: 'duplicate' })).toBe(1)
    expect(valueOf(text, 'glass_stripe_webhooks_total', { type: 'unverified', outcome: 'bad_signature' })).toBe(1)
  })

  it('counts the daily jobs’ runs and notes the last success', async () => {
    const before = Date.now() / 1000
    await runDailyJobs()
    const text = await metricsBody()
    expect(valueOf(text, 'glass_daily_job_runs_total', { outcome: 'success' })).toBe(1)
    expect(valueOf(text, 'glass_daily_job_last_success_timestamp_seconds')).toBeGreaterThanOrEqual(Math.floor(before))
  })

  it('reads the claims waiting and the oldest one’s age when scraped, the image queue and the replication lag', async () => {
    const { policy } = createActivePolicy(createProfile().id)
    const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString()
    createClaim(policy.id, { submittedAt: hoursAgo(50) })
    createClaim(policy.id, { submittedAt: hoursAgo(2) })
    createClaim(policy.id, { submittedAt: hoursAgo(80), approvalStatus: 'approved', reviewedAt: hoursAgo(70) })
    forgetClaimFiguresForTests()
    const text = await metricsBody()
    expect(valueOf(text, 'glass_claims_waiting')).toBe(2)
    const age = valueOf(text, 'glass_claims_oldest_waiting_age_seconds')!
    expect(age).toBeGreaterThanOrEqual(50 * 3600)
    expect(age).toBeLessThan(50 * 3600 + 120)
    expect(valueOf(text, 'glass_image_queue_waiting')).toBe(0)
    expect(valueOf(text, 'glass_image_queue_running')).toBe(0)
    expect(valueOf(text, 'glass_replication_lag_seconds')).toBe(0)
    expect(valueOf(text, 'glass_replication_running')).toBe(0)
    // And the process's own (memory, event loop) from prom-client.
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds /m)

    // Within the short cache a new claim is not read yet; after it, it is.
    createClaim(policy.id, { submittedAt: hoursAgo(1) })
    expect(valueOf(await metricsBody(), 'glass_claims_waiting')).toBe(2)
    forgetClaimFiguresForTests()
    expect(valueOf(await metricsBody(), 'glass_claims_waiting')).toBe(3)
  })
})
