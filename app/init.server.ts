import { closeDatabase, databasePath, db } from '~/db/client.server'
import { ConfigError, env } from '~/env.server'
import { scheduleDailyJobs } from '~/jobs.server'
import { sweepOrphanUploadsAndLog } from '~/models/upload-sweep.server'

import { seed } from '../drizzle/seed'

/**
 * Runs once when the server build is loaded: validate configuration (one clear line and exit on a bad value),
 * migrate and seed the database, and say which adapters are live.
 */
function start() {
  let config
  try {
    config = env()
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message)
      process.exit(1)
    }
    throw error
  }
  const database = db()
  const seeded = seed(database)
  if (seeded.seededPrices || seeded.seededPartners) console.log('[glass] Seeded an empty database with prices and a sample partner.')

  const live = (on: boolean, name: string, local: string) => (on ? `${name} (live)` : `${local} (local)`)
  console.log(
    [
      `[glass] ${config.NODE_ENV} at ${config.APP_URL}`,
      `  database:     ${databasePath()}`,
      `  payments:     ${live(config.payments === 'stripe', 'Stripe', `test checkout at ${config.APP_URL}/dev/checkout`)}`,
      `  e-mail:       ${live(config.email === 'postmark', 'Postmark', `outbox at ${config.APP_URL}/dev/outbox`)}`,
      `  vehicle data: ${config.vehicleData === 'vpic' ? `vPIC at ${config.VPIC_URL}, bundled data as fallback (live)` : 'bundled data (local)'}`,
    ].join('\n'),
  )

  // server.js closes the HTTP server on SIGTERM and lets in-flight requests finish; when the process then
  // exits, close SQLite cleanly so the WAL is checkpointed.
  process.once('exit', () => closeDatabase())

  // What a crash mid-upload may have left (temporary files, folders no row owns): removed before serving.
  try {
    sweepOrphanUploadsAndLog()
  } catch (error) {
    console.error('[glass] upload sweep failed (serving anyway):', error)
  }

  // Renewal notices and pruning, shortly after start and then daily (`npm run jobs` does the same for cron).
  if (config.NODE_ENV !== 'test') scheduleDailyJobs()
}

const started = globalThis as typeof globalThis & { __glassStarted?: boolean }
if (!started.__glassStarted) {
  started.__glassStarted = true
  start()
}
