/**
 * `npm run storage:migrate`: copies the photos and documents under DATA_DIR/uploads to UPLOADS_BUCKET, once, when a
 * server moves from the volume to the bucket. Safe to run again: an object already there with the same
 * MD5 is not sent twice. Then it checks the bucket against the folder — every file present with the same size and
 * MD5 (the ETag of a single-part upload) — prints the counts, and exits non-zero on any difference. The local files
 * are left where they are: delete them once the server runs on the bucket.
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'

import { contentTypeFor } from '~/domain/uploads'
import { ConfigError, env } from '~/env.server'
import { logger } from '~/logger.server'
import { headObject, listObjects, putObject } from '~/services/bucket.server'
import { STAGED_SUFFIX } from '~/services/volume-store.server'

export type MigrationReport = { files: number; copied: number; alreadyThere: number; verified: number; problems: string[] }

const PARALLEL = 8

/** Relative paths of every finished file under the folder (temporary `*.tmp` files are not uploads). */
function filesUnder(root: string, prefix = ''): string[] {
  let entries: fs.Dirent[]
  try {
    entries = fs.readdirSync(path.join(root, prefix), { withFileTypes: true })
  } catch {
    return []
  }
  return entries.flatMap((entry) => {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name
    if (entry.isDirectory()) return filesUnder(root, rel)
    return entry.isFile() && !entry.name.endsWith(STAGED_SUFFIX) ? [rel] : []
  })
}

const md5 = (bytes: Buffer) => crypto.createHash('md5').update(bytes).digest('hex')

export async function migrateUploadsToBucket(log: (line: string) => void = () => {}): Promise<MigrationReport> {
  const root = path.join(env().DATA_DIR, 'uploads')
  const files = filesUnder(root)
  const report: MigrationReport = { files: files.length, copied: 0, alreadyThere: 0, verified: 0, problems: [] }
  const sums = new Map<string, { size: number; md5: string }>()

  let next = 0
  const worker = async () => {
    while (next < files.length) {
      const relPath = files[next++]!
      const bytes = fs.readFileSync(path.join(root, relPath))
      const sum = md5(bytes)
      sums.set(relPath, { size: bytes.length, md5: sum })
      const there = await headObject(relPath)
      if (there && there.etag === sum && there.size === bytes.length) {
        report.alreadyThere++
        continue
      }
      await putObject(relPath, bytes, contentTypeFor(relPath))
      report.copied++
      if (report.copied % 1000 === 0) log(`  ${report.copied} copied…`)
    }
  }
  await Promise.all(Array.from({ length: PARALLEL }, worker))

  // The check reads the bucket's own listing, not what the copy above believes it sent.
  const inBucket = new Map<string, { size: number; etag: string }>()
  for await (const object of listObjects()) inBucket.set(object.relPath, { size: object.size, etag: object.etag })
  for (const [relPath, local] of sums) {
    const remote = inBucket.get(relPath)
    if (!remote) report.problems.push(`missing in the bucket: ${relPath}`)
    else if (remote.size !== local.size || remote.etag !== local.md5) report.problems.push(`differs in the bucket: ${relPath}`)
    else report.verified++
  }
  return report
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    const config = env()
    if (config.uploads !== 's3') throw new ConfigError('UPLOADS_BUCKET is not set: there is no bucket to copy the uploads to')
    logger.info({ from: `${config.DATA_DIR}/uploads`, bucket: config.UPLOADS_BUCKET }, 'copying the uploads to the bucket')
    const report = await migrateUploadsToBucket((line) => logger.info(line))
    const { problems, ...counts } = report
    logger.info(
      counts,
      `files: ${report.files}, copied: ${report.copied}, already there: ${report.alreadyThere}, verified (size and MD5): ${report.verified}`,
    )
    for (const problem of problems.slice(0, 20)) logger.error(problem)
    if (problems.length) {
      logger.error({ problems: problems.length }, `${problems.length} file(s) did not verify: run it again`)
      process.exitCode = 1
    }
  } catch (error) {
    if (error instanceof ConfigError) logger.fatal(error.message)
    else logger.fatal({ err: error }, 'copying the uploads failed')
    process.exitCode = 1
  }
}
