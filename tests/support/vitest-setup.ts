import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { afterAll, afterEach, beforeEach } from 'vitest'

import { allowedConsoleErrors, consoleErrors } from './console'

// Each test file gets its own data directory, so its own SQLite file, outbox and uploads (STYLE §9).
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'glass-test-'))
process.env.DATA_DIR = dataDir
process.env.NODE_ENV = 'test'
process.env.SESSION_SECRET = 'test-session-secret-that-is-long-enough-0123456789'
process.env.APP_URL = 'http://localhost:3999'
process.env.VPIC_URL ??= 'off'
process.env.ADMIN_EMAILS ??= 'operator@example.com'
delete process.env.STRIPE_SECRET_KEY
delete process.env.STRIPE_WEBHOOK_SECRET
delete process.env.POSTMARK_SERVER_TOKEN

afterAll(async () => {
  const { closeDatabase } = await import('~/db/client.server')
  closeDatabase()
  fs.rmSync(dataDir, { recursive: true, force: true })
})

// A test fails on an unexpected console.error (issue 14): an error logged by accident is a bug hiding in the output.
// A test that provokes one on purpose says so with `expectConsoleError(pattern)` from tests/support/console.ts.
const realConsoleError = console.error
beforeEach(() => {
  consoleErrors.length = 0
  allowedConsoleErrors.length = 0
  console.error = (...args: unknown[]) => {
    consoleErrors.push(args.map((arg) => (arg instanceof Error ? `${arg.message}` : String(arg))).join(' '))
  }
})
afterEach(() => {
  console.error = realConsoleError
  const unexpected = consoleErrors.filter((message) => !allowedConsoleErrors.some((pattern) => pattern.test(message)))
  if (unexpected.length > 0) {
    throw new Error(`Unexpected console.error during this test:\n${unexpected.map((message) => `  ${message.slice(0, 500)}`).join('\n')}`)
  }
})
