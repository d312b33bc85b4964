/**
 * `npm run jobs`: runs the daily jobs once (renewal notices, pruning) and exits; for a cron job beside the server.
 * The server also runs them itself every 24 h, and both may overlap: every step is idempotent.
 */
import { closeDatabase } from '~/db/client.server'
import { ConfigError, env } from '~/env.server'
import { runDailyJobs } from '~/jobs.server'

try {
  env()
  const report = await runDailyJobs(new Date())
  console.log(`Daily jobs done: ${JSON.stringify(report)}`)
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error)
  process.exitCode = 1
} finally {
  closeDatabase()
}
