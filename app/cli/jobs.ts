/**
 * `npm run jobs`: runs the daily jobs once (renewal notices, pruning) and exits; for a cron job beside the server.
 * The server also runs them itself every 24 h, and both may overlap: every step is idempotent.
 */
import { runDailyJobs } from '~/jobs.server'
import { logger } from '~/logger.server'

import { runDatabaseCommand } from './run-command'

await runDatabaseCommand({ context: { job: 'daily' }, message: 'daily jobs failed' }, async () => {
  const report = await runDailyJobs(new Date())
  logger.info({ job: 'daily', report }, 'daily jobs done')
})
