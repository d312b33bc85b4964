/**
 * The Stripe-mode e2e server (Playwright's second webServer): starts the fake Stripe on its fixed port, then the
 * built app (`BUILD_DIR`) in Stripe mode pointed at it, with its own DATA_DIR and port. Run with `npx tsx`.
 * Environment: whatever Playwright passes (the e2e settings), plus the STRIPE_* variables added here.
 */
import { spawn } from 'node:child_process'
import fs from 'node:fs'

import { stripeE2eSettings } from '../e2e-stripe/settings'
import { startFakeStripe } from './fake-stripe'

const settings = stripeE2eSettings()
const buildDir = process.env.BUILD_DIR ?? 'build-e2e'

fs.rmSync(settings.dataDir, { recursive: true, force: true })
const fake = await startFakeStripe({ port: settings.fakePort })
console.log(`[fake-stripe] listening at ${fake.url}`)

const app = spawn(process.execPath, ['server.js'], {
  stdio: ['ignore', 'inherit', 'inherit'],
  env: {
    ...process.env,
    PORT: String(settings.appPort),
    APP_URL: settings.appUrl,
    DATA_DIR: settings.dataDir,
    BUILD_DIR: buildDir,
    STRIPE_SECRET_KEY: settings.secretKey,
    STRIPE_WEBHOOK_SECRET: settings.webhookSecret,
    STRIPE_API_URL: fake.url,
  },
})

let stopping = false
async function stop(code: number) {
  if (stopping) return
  stopping = true
  if (app.exitCode === null) app.kill('SIGTERM')
  await fake.close()
  process.exit(code)
}
app.on('exit', (code) => void stop(code ?? 1))
for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) process.on(signal, () => void stop(0))
