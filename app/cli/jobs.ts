/**
 * `npm run jobs`: runs the daily jobs once (renewal notices, pruning) and exits; for a cron job beside the server.
 * The server also runs them itself every 24 h, and both may overlap: every step is idempotent.
 */
import { closeDatabase } from '~/db/client.server'
import { ConfigError, env } from '~/env.server'
import { runDailyJobs } from '~/jobs.server'
import { logger } from '~/logger.server'

try {
  env()
  const report = await runDailyJobs(new Date())
  logger.info({ job: 'daily', report }, 'daily jobs done')
} catch (error) {
  if (error instanceof ConfigError) logger.fatal(error.message)
  else logger.error({ job: 'daily', err: error }, 'daily jobs failed')
  process.exitCode = 1
} finally {
  closeDatabase()
}
