import fs from 'node:fs'
import path from 'node:path'

import Database from 'better-sqlite3'
import { type BetterSQLite3Database, drizzle } from 'drizzle-orm/better-sqlite3'
import { migrate } from 'drizzle-orm/better-sqlite3/migrator'

import { env } from '~/env.server'

import * as schema from './schema'

export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database }

/** Where drizzle-kit writes migrations; the container copies this folder beside the build. */
export const MIGRATIONS_DIR = path.resolve(process.env.MIGRATIONS_DIR ?? 'drizzle')

export function databasePath(dataDir = env().DATA_DIR) {
  return path.join(dataDir, 'app.sqlite')
}

/** Opens a database file with the pragmas below and applies pending migrations (safe to run twice). */
export function openDatabase(file: string): Db {
  fs.mkdirSync(path.dirname(file), { recursive: true })
  const sqlite = new Database(file)
  sqlite.pragma('journal_mode = WAL')
  sqlite.pragma('foreign_keys = ON')
  sqlite.pragma('busy_timeout = 5000')
  sqlite.pragma('synchronous = FULL') // a paid subscription must survive a power cut
  // No memory map of the file (SQLite's default): pages read through a map count as the process's resident memory,
  // and at a million policies the photo-hash probes touch most of a ~220 MB index, which a map would add to the
  // server's footprint for good (~0.7 ms a lookup saved; docs/decisions/083-photo-hash-index-of-small-rows.md).
  const db = drizzle(sqlite, { schema }) as Db
  migrate(db, { migrationsFolder: MIGRATIONS_DIR })
  return db
}

// One connection per process; kept on globalThis so the dev server's module reloads don't open another.
const holder = globalThis as typeof globalThis & { __glassDb?: Db }

export function db(): Db {
  holder.__glassDb ??= openDatabase(databasePath())
  return holder.__glassDb
}

/**
 * A query built and prepared once per connection (drizzle's `.prepare()`, its values as `sql.placeholder`s), for the
 * queries every signed-in page runs and those of filing a claim: building a select of a wide table (the claims'
 * forty-odd columns) and having SQLite parse it again cost more than running it, on every request. A transaction's
 * `tx` is the same connection, so a prepared query runs inside it.
 */
export function preparedQuery<T>(build: (database: Db) => T): (database?: Db) => T {
  const byConnection = new WeakMap<Db, T>()
  return (database = db()) => {
    let query = byConnection.get(database)
    if (!query) {
      query = build(database)
      byConnection.set(database, query)
    }
    return query
  }
}

export function closeDatabase() {
  holder.__glassDb?.$client.close()
  holder.__glassDb = undefined
}

/** Runs fn in one synchronous SQLite transaction (better-sqlite3 transactions cannot span an await). */
export function transaction<T>(fn: (tx: Db) => T): T {
  const database = db()
  // IMMEDIATE: take the write lock at the start, waiting (busy_timeout) for another process's writer. A deferred
  // transaction that reads and then writes can fail at once with "database is locked" when another connection
  // committed in between (WAL cannot upgrade a stale read snapshot), which the busy timeout does not cover.
  return database.$client.transaction(() => fn(database)).immediate()
}
