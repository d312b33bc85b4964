import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { freePort, startBuiltServer, untilHealthy } from '../support/built-server'
import { expect, test } from '../support/e2e'

// /metrics over the built server (app/routes/metrics.ts, app/server/metrics.server.ts). No browser involved: once is enough.
test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, 'no browser involved: once is enough')

test('from this machine, /metrics lists every figure, requests counted by route id and status', async ({ request }) => {
  expect((await request.get('/auth')).status()).toBe(200)
  expect((await request.get('/no-such-page')).status()).toBe(404)
  // The peer's own address decides, never a header: a proxy's claim of another address does not matter here.
  const response = await request.get('/metrics', { headers: { 'X-Forwarded-For': '203.0.113.7' } })
  expect(response.status()).toBe(200)
  expect(response.headers()['content-type']).toMatch(/^text\/plain/)
  expect(response.headers()['cache-control']).toBe('no-store')
  const text = await response.text()
  // A request is counted once its answer has closed on the server, which may come a moment after the client has read
  // it: /metrics is scraped again until the counts show.
  const scrape = async () => (await request.get('/metrics')).text()
  await expect.poll(scrape).toMatch(/^glass_http_request_duration_seconds_count\{route="routes\/auth",method="GET",status="200"\} [1-9]/m)
  await expect.poll(scrape).toMatch(/^glass_http_request_duration_seconds_count\{route="routes\/\$",method="GET",status="404"\} [1-9]/m)
  for (const name of [
    'glass_http_request_duration_seconds',
    'glass_emails_total',
    'glass_stripe_webhooks_total',
    'glass_daily_job_runs_total',
    'glass_daily_job_last_success_timestamp_seconds',
    'glass_replication_lag_seconds',
    'glass_claims_waiting',
    'glass_claims_oldest_waiting_age_seconds',
    'glass_image_queue_waiting',
    'nodejs_eventloop_lag_seconds',
  ]) {
    expect(text, name).toContain(`# TYPE ${name} `)
  }
})

test("METRICS_PORT: a port of its own answers GET /metrics and nothing else, for Fly's scraper", async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'glass-metrics-'))
  const port = await freePort()
  const metricsPort = port + 1
  const server = startBuiltServer({
    PORT: String(port),
    METRICS_PORT: String(metricsPort),
    DATA_DIR: dataDir,
    APP_URL: `http://localhost:${port}`,
    SESSION_SECRET: 'metrics-secret-that-is-long-enough-0123456789',
  })
  try {
    await untilHealthy(port, server)
    const metrics = await fetch(`http://localhost:${metricsPort}/metrics`)
    expect(metrics.status).toBe(200)
    expect(await metrics.text()).toContain('# TYPE glass_claims_waiting gauge')
    // The /healthz checks above were counted by the main server and show here. A request is counted once its answer
    // has closed on the server, which may come a moment after the client has read it: the scrape is asked again.
    await expect
      .poll(async () => (await fetch(`http://localhost:${metricsPort}/metrics`)).text())
      .toMatch(/^glass_http_request_duration_seconds_count\{route="routes\/healthz",method="GET",status="200"\} [1-9]/m)
    expect((await fetch(`http://localhost:${metricsPort}/auth`)).status).toBe(404)
    expect((await fetch(`http://localhost:${metricsPort}/metrics`, { method: 'POST' })).status).toBe(404)
    expect(server.output()).toContain(`metrics on port ${metricsPort}`)
  } finally {
    server.child.kill('SIGTERM')
    await server.exited
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
})
