import { HOUR_MS } from '~/domain/time'
import { contentTypeFor } from '~/domain/uploads'
import { logger } from '~/logger.server'
import { deleteFolder, deleteObjects, getObject, headObject, listObjects, putObject } from '~/services/bucket.server'
import {
  checkedRelPath,
  type FileStore,
  type Owners,
  type StagedWrite,
  type SweepOptions,
  type SweepReport,
} from '~/services/file-store.server'

/**
 * The bucket adapter: objects named after the same relative paths, through the S3 calls in bucket.server.ts.
 *
 * A bucket has no rename, and a transaction cannot wait for the network: a staged object is written to its final name
 * at once, commit has nothing left to do, and discarding deletes the object if it was new (not awaited: the request
 * answers now, and an object this fails to delete is left to the sweep). An object that replaced an older one (a
 * re-uploaded policy photo whose rows then failed) keeps the new photo under the old row.
 */

const logFailure = (what: string) => (error: unknown) => logger.error({ what, err: error }, 'could not delete uploads')

export const bucketStore: FileStore = {
  name: 'bucket',

  read: (relPath) => getObject(relPath),

  async exists(relPath) {
    return (await headObject(relPath)) !== null
  },

  delete: (relPaths) => deleteObjects(relPaths),

  deleteFolder: (relFolder) => deleteFolder(relFolder),

  async stage(relPath, bytes): Promise<StagedWrite> {
    checkedRelPath(relPath) // the same paths as on the volume, refused the same way
    const replacing = (await headObject(relPath)) !== null
    const write: StagedWrite = {
      relPath,
      commit() {},
      uncommit() {},
      discard() {
        if (!replacing) deleteObjects([relPath]).catch(logFailure(`uploaded object ${relPath}`))
      },
    }
    try {
      await putObject(relPath, bytes, contentTypeFor(relPath))
    } catch (error) {
      // A put that failed may still have landed (a timeout after the bucket stored it).
      write.discard()
      throw error
    }
    return write
  },

  sweep: (owners, options) => sweepBucket(owners, options),

  describeSweep(report) {
    return `[glass] bucket sweep removed ${report.orphanFolders} folder(s) with no row, ${report.orphanFiles} unreferenced object(s)`
  },
}

/**
 * The volume's sweep over the bucket: objects are listed once (1,000 per request) and grouped by folder, and the same
 * rules apply with each object's upload time for its age. There are no temporary names (objects are written whole),
 * so what a crash leaves is objects no row points to.
 */
export async function sweepBucket(owners: Owners, { now = new Date(), olderThanMs = HOUR_MS }: SweepOptions = {}): Promise<SweepReport> {
  const report: SweepReport = { tempFiles: 0, orphanFolders: 0, orphanFiles: 0 }
  const cutoff = now.getTime() - olderThanMs
  const { claimExists, claimFiles, profileExists, policyExists, policyFiles } = owners

  // folder (claim-documents/<claim>, policy-photos/<profile>/<policy>) → its objects
  const folders = new Map<string, { relPath: string; modified: number }[]>()
  for (const area of ['claim-documents/', 'policy-photos/']) {
    for await (const object of listObjects(area)) {
      const parts = object.relPath.split('/')
      const depth = area === 'claim-documents/' ? 2 : 3
      const folder = parts.slice(0, Math.min(depth, parts.length - 1)).join('/')
      const list = folders.get(folder) ?? []
      list.push({ relPath: object.relPath, modified: object.modified.getTime() })
      folders.set(folder, list)
    }
  }

  const doomed: string[] = []
  for (const [folder, objects] of folders) {
    const [area, owner, policyId] = folder.split('/')
    const rowOwns =
      area === 'claim-documents' ? claimExists(owner!) : profileExists(owner!) && policyId !== undefined && policyExists(policyId)
    if (!rowOwns) {
      if (objects.every((object) => object.modified < cutoff)) {
        doomed.push(...objects.map((object) => object.relPath))
        report.orphanFolders++
      }
      continue
    }
    const referenced = area === 'claim-documents' ? claimFiles(owner!) : policyFiles(policyId!)
    for (const object of objects) {
      if (referenced.has(object.relPath) || object.modified >= cutoff) continue
      doomed.push(object.relPath)
      report.orphanFiles++
    }
  }
  await deleteObjects(doomed)
  return report
}
