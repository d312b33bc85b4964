import { closeDatabase, databasePath, db } from '~/db/client.server'
import { ConfigError, env } from '~/env.server'
import { scheduleDailyJobs } from '~/jobs.server'
import { logFormat, logger } from '~/logger.server'
import { sweepStoredUploadsAndLog } from '~/models/operations/upload-sweep.server'
import { flushErrorReports, startErrorReports } from '~/server/error-reports.server'
import { ReplicationError, restoreIfMissing, startReplication, stopReplication } from '~/services/replication.server'
import { sweepScratch } from '~/services/scratch.server'
import { walletTestCredentials, walletTestCredentialsFile } from '~/services/wallet-test-credentials.server'

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
      logger.fatal(error.message)
      process.exit(1)
    }
    throw error
  }
  // A lost volume comes back from the replica before anything opens (or migrates) the database.
  let restored: ReturnType<typeof restoreIfMissing> | null = null
  if (config.replication === 'litestream') {
    try {
      restored = restoreIfMissing(config)
    } catch (error) {
      if (error instanceof ReplicationError) {
        logger.fatal(error.message)
        process.exit(1)
      }
      throw error
    }
  }
  // First, so an error in what follows is reported too.
  void startErrorReports(config)
  const database = db()
  const seeded = seed(database)
  if (seeded.seededPrices || seeded.seededPartners) logger.info('seeded an empty database with prices and a sample partner')

  const live = (on: boolean, name: string, local: string) => (on ? `${name} (live)` : `${local} (local)`)
  // The local twin's test certificate is made on the first start that needs it, so the first card is served at once.
  if (config.appleWallet === 'test' || config.googleWallet === 'test') walletTestCredentials(config.DATA_DIR)
  const wallet = (kind: typeof config.appleWallet, name: string) =>
    kind === 'signed' ? `${name} (live)` : kind === 'test' ? `${name} test passes (local)` : `no ${name} card: credentials unset`
  // One line, its message the readable banner and, in JSON, its fields the same facts for a log search (on a terminal
  // the banner says it all).
  logger.info(
    logFormat() === 'pretty'
      ? {}
      : {
          mode: config.NODE_ENV,
          appUrl: config.APP_URL,
          payments: config.payments,
          email: config.email,
          mail: config.mail,
          sms: config.sms,
          stateFacts: config.stateFacts,
          vehicleData: config.vehicleData,
          replication: config.replication,
          uploads: config.uploads,
          wallets: { apple: config.appleWallet, google: config.googleWallet },
          errorReports: config.SENTRY_DSN ? 'sentry' : 'off',
        },
    [
      `${config.NODE_ENV} at ${config.APP_URL}`,
      `  database:     ${databasePath()}`,
      `  payments:     ${live(config.payments === 'stripe', 'Stripe', `test checkout at ${config.APP_URL}/dev/checkout`)}`,
      `  e-mail:       ${live(config.email === 'postmark', 'Postmark', `outbox at ${config.APP_URL}/dev/outbox`)}`,
      `  paper mail:   ${live(config.mail === 'lob', 'Lob', `letters as PDFs at ${config.APP_URL}/dev/outbox`)}`,
      `  texts:        ${live(config.sms === 'twilio', 'Twilio', `outbox at ${config.APP_URL}/dev/outbox`)}`,
      `  states:       ${
        config.stateFacts === 'sample'
          ? `${config.SALES_STATES ? config.SALES_STATES.join(', ') : 'every state'}, sample registration and insurer facts where none are filled in (local)`
          : `${config.SALES_STATES ? config.SALES_STATES.join(', ') : 'none until SALES_STATES names them'}, each once its facts are filled in at /admin/states (live)`
      }`,
      `  vehicle data: ${config.vehicleData === 'vpic' ? `vPIC at ${config.VPIC_URL}, bundled data as fallback (live)` : 'bundled data (local)'}`,
      `  replication:  ${
        config.replication === 'litestream'
          ? `Litestream to ${config.LITESTREAM_REPLICA_URL}${restored === 'restored' ? ', database restored from it at start' : restored === 'new' ? ', replica empty: new database' : ''} (live)`
          : 'off: the database is on this volume only (local)'
      }`,
      `  uploads:      ${config.uploads === 's3' ? `bucket ${config.UPLOADS_BUCKET} (live)` : `${config.DATA_DIR}/uploads (local)`}`,
      `  wallet cards: ${wallet(config.appleWallet, 'Apple')}, ${wallet(config.googleWallet, 'Google')}${
        config.appleWallet === 'test' || config.googleWallet === 'test'
          ? `, test certificate in ${walletTestCredentialsFile(config.DATA_DIR)}`
          : ''
      }`,
      // The DSN's host only: its key stays out of the log.
      `  error reports: ${config.SENTRY_DSN ? `Sentry at ${new URL(config.SENTRY_DSN).host} (live)` : 'off: SENTRY_DSN unset (errors are in the log only)'}`,
    ].join('\n'),
  )

  // server.js closes the HTTP server on SIGTERM and lets in-flight requests finish; when the process then
  // exits, close SQLite cleanly so the WAL is checkpointed.
  process.once('exit', () => closeDatabase())

  // What a crash mid-upload may have left (temporary files, folders no row owns): removed before serving (on the
  // volume; a bucket is swept beside the first requests, as its listing takes requests of its own).
  sweepStoredUploadsAndLog().catch((error) => logger.error({ job: 'upload sweep', err: error }, 'upload sweep failed (serving anyway)'))
  // Uploads that were arriving when an earlier process was killed outright (multipart.server.ts spools them).
  const scratchFolders = sweepScratch()
  if (scratchFolders)
    logger.info({ job: 'scratch sweep', folders: scratchFolders }, `scratch sweep removed ${scratchFolders} folder(s) of a stopped process`)

  if (config.replication === 'litestream') {
    startReplication(config).catch((error) => logger.error({ component: 'litestream', err: error }, 'Litestream did not start'))
  }

  // Renewal notices and pruning, shortly after start and then daily (`npm run jobs` does the same for cron).
  if (config.NODE_ENV !== 'test') scheduleDailyJobs()
}

/** server.js, after the last request: close SQLite, then let Litestream make its final sync and stop. */
export async function shutdown() {
  closeDatabase()
  await Promise.all([stopReplication(), flushErrorReports()])
}

const started = globalThis as typeof globalThis & { __glassStarted?: boolean }
if (!started.__glassStarted) {
  started.__glassStarted = true
  start()
}
