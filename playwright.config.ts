import fs from 'node:fs'
import path from 'node:path'

import { defineConfig } from '@playwright/test'

import { stripeE2eSettings } from './tests/e2e-stripe/settings'

/**
 * E2E against the built server (`npm run test:e2e` builds into BUILD_DIR first). Every spec runs twice: with
 * JavaScript on and with it off — progressive enhancement is the product.
 */
const port = Number(process.env.E2E_PORT ?? 4173)
const buildDir = process.env.BUILD_DIR ?? 'build-e2e'
const dataDir = path.resolve(`test-results/e2e-data-${port}`)

// Test code opens the server's SQLite file directly to make its own data, so it shares these settings.
const serverEnv = {
  NODE_ENV: 'production',
  PORT: String(port),
  APP_URL: `http://localhost:${port}`,
  DATA_DIR: dataDir,
  BUILD_DIR: buildDir,
  SESSION_SECRET: 'e2e-session-secret-that-is-long-enough-0123456789',
  ADMIN_EMAILS: 'operator@example.com',
  VPIC_URL: 'off',
  // Each test context sends its own address, so per-IP rate limits don't leak between tests.
  CLIENT_IP_HEADER: 'X-Forwarded-For',
}
Object.assign(process.env, serverEnv)
delete process.env.STRIPE_SECRET_KEY
delete process.env.STRIPE_WEBHOOK_SECRET
delete process.env.POSTMARK_SERVER_TOKEN

// A second server in Stripe mode against the fake Stripe (project 'stripe', tests/e2e-stripe): its own port and data.
const stripeE2e = stripeE2eSettings(port)

// The config is loaded by the runner and again by each worker: only the runner starts from an empty data dir.
if (!process.env.TEST_WORKER_INDEX) fs.rmSync(dataDir, { recursive: true, force: true })

function chromiumPath() {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH
  return ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((candidate) => fs.existsSync(candidate))
}

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: `test-results/playwright-${port}`,
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: process.env.CI ? 1 : 0,
  timeout: 45_000,
  expect: { timeout: 7_000 },
  reporter: [['list'], ['json', { outputFile: `test-results/playwright-${port}.json` }]],
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromiumPath(),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [
    { name: 'js-on', testDir: 'tests/e2e', use: { browserName: 'chromium', javaScriptEnabled: true } },
    { name: 'js-off', testDir: 'tests/e2e', use: { browserName: 'chromium', javaScriptEnabled: false } },
    // A phone, 375 px wide (docs/decisions/036-phones.md): the customer journeys without horizontal scrolling, every target 44 × 44 px.
    {
      name: 'phone',
      testDir: 'tests/e2e-phone',
      use: { browserName: 'chromium', javaScriptEnabled: true, viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true },
    },
    {
      name: 'phone-js-off',
      testDir: 'tests/e2e-phone',
      use: { browserName: 'chromium', javaScriptEnabled: false, viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true },
    },
    { name: 'stripe', testDir: 'tests/e2e-stripe', use: { browserName: 'chromium', javaScriptEnabled: true, baseURL: stripeE2e.appUrl } },
    {
      name: 'stripe-js-off',
      testDir: 'tests/e2e-stripe',
      use: { browserName: 'chromium', javaScriptEnabled: false, baseURL: stripeE2e.appUrl },
    },
  ],
  webServer: [
    {
      command: `node server.js`,
      url: `http://localhost:${port}/healthz`,
      env: serverEnv,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      // Starts the fake Stripe, then the same build in Stripe mode (see tests/support/stripe-e2e-server.ts).
      command: `npx tsx tests/support/stripe-e2e-server.ts`,
      url: `${stripeE2e.appUrl}/healthz`,
      env: { ...serverEnv, E2E_PORT: String(port), BUILD_DIR: buildDir },
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
})
