import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll } from 'vitest'

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
