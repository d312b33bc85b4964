/**
 * Where photos and documents are kept: one interface, two adapters — the volume under DATA_DIR/uploads
 * (volume-store.server.ts) or an S3-compatible bucket when UPLOADS_BUCKET is set (bucket-store.server.ts) — chosen
 * once from the settings by storage.server.ts, the way payments.server.ts chooses between Stripe and the local checkout. Rows store the
 * same relative path (`claim-documents/<claim>/<file>.jpg`) with either, so links and /files/* do not care which.
 */
export interface FileStore {
  readonly name: 'volume' | 'bucket'
  /** A stored file as a stream with its size and time, or null when there is none. */
  read(relPath: string): Promise<StoredFile | null>
  exists(relPath: string): Promise<boolean>
  /** Removes files; missing ones are fine. */
  delete(relPaths: string[]): Promise<void>
  /** Removes everything under a folder. */
  deleteFolder(relFolder: string): Promise<void>
  /** Writes a file that becomes visible at `relPath` only when committed (see StagedWrite); staged-files.server.ts. */
  stage(relPath: string, bytes: Buffer): Promise<StagedWrite>
  /** Removes what a crash left behind and no row owns (upload-sweep.server.ts says which rows own what). */
  sweep(owners: Owners, options?: SweepOptions): Promise<SweepReport>
  /** The sweep's one log line. */
  describeSweep(report: SweepReport): string
}

export type StoredFile = { body: ReadableStream<Uint8Array>; size: number; modified: Date }

/** One file written ahead of the rows that point to it. */
export interface StagedWrite {
  readonly relPath: string
  /** Makes the file visible at its path. Synchronous: it runs inside the transaction that records the rows. */
  commit(): void
  /** Undoes a commit of a file that was new at its path (a later commit in the same set failed). */
  uncommit(): void
  /** Removes what this write left, when its rows were not saved. Never throws. */
  discard(): void
}

/** Which rows own a folder and which files they point to. */
export type Owners = {
  claimExists(claimId: string): boolean
  claimFiles(claimId: string): Set<string>
  profileExists(profileId: string): boolean
  policyExists(policyId: string): boolean
  policyFiles(policyId: string): Set<string>
}
export type SweepOptions = { now?: Date; olderThanMs?: number }
export type SweepReport = { tempFiles: number; orphanFolders: number; orphanFiles: number }

/**
 * A stored file's path, relative to the store's root, checked before any store touches it: a path that is empty, holds
 * a NUL, is absolute or climbs out with '..' is refused (thrown) by every store alike, and by /files/* before a lookup.
 */
export function checkedRelPath(relPath: string): string {
  if (
    !relPath ||
    relPath.includes('\0') ||
    relPath.startsWith('/') ||
    /^[a-zA-Z]:/.test(relPath) ||
    relPath.split(/[\\/]/).some((part) => part === '..')
  ) {
    throw new Error(`Refused upload path: ${JSON.stringify(relPath)}`)
  }
  return relPath
}
