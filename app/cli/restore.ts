/**
 * `npm run db:restore -- --to <file> [--timestamp 2026-11-20T10:00:00Z]`: the restore drill. Restores the
 * latest copy (or the copy at a point in time) from the Litestream replica into a separate file, checks it, and prints
 * its row counts, so the operator can prove the backup works without touching the live database.
 */
import { pathToFileURL } from 'node:url'

import Database from 'better-sqlite3'

import { ConfigError, env } from '~/env.server'
import { logger } from '~/logger.server'
import { ReplicationError, restoreTo } from '~/services/replication.server'

/** Every table's row count in a database file (opened read-only), after SQLite's own integrity check. */
export function rowCounts(file: string): { integrity: string; counts: Record<string, number> } {
  const database = new Database(file, { readonly: true, fileMustExist: true })
  try {
    const integrity = String(database.pragma('quick_check', { simple: true }))
    const tables = database
      .prepare(
        "select name from sqlite_schema where type = 'table' and name not like 'sqlite_%' and name not like '\\_%' escape '\\' and sql not like 'CREATE VIRTUAL TABLE%' and name not like 'customer_search_%' order by name",
      )
      .pluck()
      .all() as string[]
    const counts: Record<string, number> = {}
    for (const table of tables)
      counts[table] = Number(
        database
          .prepare(`select count(*) from "${table.replaceAll('"', '""')}"`)
          .pluck()
          .get(),
      )
    return { integrity, counts }
  } finally {
    database.close()
  }
}

function argument(name: string) {
  const at = process.argv.indexOf(name)
  return at >= 0 ? process.argv[at + 1] : undefined
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    const config = env()
    const to = argument('--to')
    const timestamp = argument('--timestamp')
    if (!to) throw new ReplicationError('Usage: npm run db:restore -- --to <new file> [--timestamp <ISO time>]')
    if (config.replication !== 'litestream')
      throw new ReplicationError('LITESTREAM_REPLICA_URL is not set: there is no replica to restore from')
    if (timestamp && Number.isNaN(Date.parse(timestamp)))
      throw new ReplicationError(`--timestamp ${timestamp} is not a time (e.g. 2026-11-20T10:00:00Z)`)
    restoreTo(config, to, timestamp ? new Date(timestamp).toISOString() : undefined)
    const { integrity, counts } = rowCounts(to)
    logger.info({ replica: config.LITESTREAM_REPLICA_URL, to, timestamp: timestamp ?? 'latest', integrity, counts }, 'restored')
    // The drill's report, for the operator to hold against the live database's counts: the command's output, not a log.
    const report = [`integrity: ${integrity}`, ...Object.entries(counts).map(([table, count]) => `${table.padEnd(28)} ${count}`)]
    process.stdout.write(`${report.join('\n')}\n`)
    if (integrity !== 'ok') process.exitCode = 1
  } catch (error) {
    if (error instanceof ConfigError || error instanceof ReplicationError) logger.fatal(error.message)
    else logger.fatal({ err: error }, 'restore failed')
    process.exitCode = 1
  }
}
