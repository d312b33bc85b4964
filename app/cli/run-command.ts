import { closeDatabase } from '~/db/client.server'
import { ConfigError, env } from '~/env.server'
import { logger } from '~/logger.server'

/**
 * Runs a command-line task against the database, as `npm run jobs` and the backups do: the configuration is read
 * first, so a missing setting is one fatal line saying what to set; any other failure is logged with its stack under
 * `failure`. Either way the exit code is 1, and the database is closed at the end so the process can exit.
 */
export async function runDatabaseCommand(failure: { context?: Record<string, unknown>; message: string }, task: () => Promise<void>) {
  try {
    env()
    await task()
  } catch (error) {
    if (error instanceof ConfigError) logger.fatal(error.message)
    else logger.error({ ...failure.context, err: error }, failure.message)
    process.exitCode = 1
  } finally {
    closeDatabase()
  }
}
