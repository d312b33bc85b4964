/**
 * `npm run db:backup`: a consistent copy of the live database, taken while the server keeps running (SQLite's online
 * backup API through better-sqlite3), into DATA_DIR/backups/app-<timestamp>.sqlite. Keeps the newest 14.
 */
import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'

import { db } from '~/db/client.server'
import { env } from '~/env.server'
import { logger } from '~/logger.server'

import { runDatabaseCommand } from './run-command'

export const BACKUPS_TO_KEEP = 14
const BACKUP_NAME = /^app-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z\.sqlite$/

export function backupsDir(dataDir = env().DATA_DIR) {
  return path.join(dataDir, 'backups')
}

/** Writes one backup and prunes old ones; returns the new file's path. */
export async function backupDatabase({ now = new Date(), keep = BACKUPS_TO_KEEP } = {}): Promise<string> {
  const dir = backupsDir()
  fs.mkdirSync(dir, { recursive: true })
  // 2025-10-10T12:34:56.789Z → app-2025-10-10T12-34-56-789Z.sqlite: sorts by time, safe in any file system.
  const file = path.join(dir, `app-${now.toISOString().replace(/[:.]/g, '-')}.sqlite`)
  // Written under a temporary name and renamed when complete, so a crash never leaves a half backup that looks whole.
  const partial = `${file}.partial`
  try {
    await db().$client.backup(partial)
    fs.renameSync(partial, file)
  } catch (error) {
    fs.rmSync(partial, { force: true })
    throw error
  }
  pruneBackups(dir, keep)
  return file
}

/** Deletes all but the newest `keep` backups (by their timestamped names). */
export function pruneBackups(dir: string, keep: number) {
  const backups = fs
    .readdirSync(dir)
    .filter((name) => BACKUP_NAME.test(name))
    .sort()
  for (const name of backups.slice(0, Math.max(0, backups.length - keep))) {
    fs.rmSync(path.join(dir, name), { force: true })
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await runDatabaseCommand({ message: 'backup failed' }, async () => {
    logger.info({ file: await backupDatabase() }, 'backup written')
  })
}
