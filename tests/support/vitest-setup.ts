import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { inspect } from 'node:util'

import { afterAll, afterEach, beforeEach } from 'vitest'

import { allowedConsoleErrors, consoleErrors, consoleGuard, fileAllowedConsoleErrors } from './console'

// Each test file gets its own data directory, so its own SQLite file, outbox and uploads.
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

// A test fails on an unexpected console.error: an error logged by accident is a bug hiding in the output.
// A test that provokes one on purpose says so with `expectConsoleError(pattern)` from tests/support/console.ts.
// The guard is installed before the test file is imported, so an error logged while importing it, in a beforeAll or
// afterAll hook, or by a test after it ended fails too: the next test, or the file at its end.
const realConsoleError = console.error
const loggedArgs: unknown[][] = []
console.error = (...args: unknown[]) => {
  consoleErrors.push(args.map((arg) => (arg instanceof Error ? arg.message : typeof arg === 'string' ? arg : inspect(arg))).join(' '))
  loggedArgs.push(args)
}

/** The errors logged so far that no pattern allows (each also printed in full, stack included); empties the log. */
function takeUnexpected() {
  const allowed = [...fileAllowedConsoleErrors, ...allowedConsoleErrors]
  const unexpected = consoleErrors.flatMap((message, index) =>
    allowed.some((pattern) => pattern.test(message)) ? [] : [{ message, args: loggedArgs[index]! }],
  )
  consoleErrors.length = 0
  loggedArgs.length = 0
  for (const { args } of unexpected) realConsoleError(...args)
  return unexpected.map(({ message }) => `  ${message.slice(0, 500)}`).join('\n')
}

beforeEach(() => {
  const outside = takeUnexpected()
  allowedConsoleErrors.length = 0
  consoleGuard.inTest = true
  if (outside) {
    throw new Error(
      `Unexpected console.error outside a test (importing the file, a beforeAll hook, or an earlier test after it ended):\n${outside}`,
    )
  }
})
afterEach(() => {
  consoleGuard.inTest = false
  const unexpected = takeUnexpected()
  allowedConsoleErrors.length = 0
  if (unexpected) throw new Error(`Unexpected console.error during this test:\n${unexpected}`)
})
afterAll(() => {
  const unexpected = takeUnexpected()
  console.error = realConsoleError
  if (unexpected)
    throw new Error(`Unexpected console.error after the last test (an afterAll hook, or a test after it ended):\n${unexpected}`)
})
