import { MAX_STORED_FILE_NAME } from '~/domain/uploads'
import { env } from '~/env.server'
import { logger } from '~/logger.server'
import { bucketStore } from '~/services/bucket-store.server'
import type { FileStore, StoredFile } from '~/services/file-store.server'
import { volumeStore } from '~/services/volume-store.server'
import { stripControlCharacters } from '~/validation/text'

/**
 * What models and routes do with stored files, whichever store holds them (file-store.server.ts). The rest of the
 * upload path has a file each: multipart.server.ts reads forms, images.server.ts decodes and re-encodes photos,
 * staged-files.server.ts writes files ahead of their rows, signed-links.server.ts signs links for shops.
 */

let chosen: { settings: object; store: FileStore } | null = null

/** The store the settings name, chosen once per set of settings (tests change them between files). */
export function fileStore(): FileStore {
  const settings = env()
  if (chosen?.settings !== settings) chosen = { settings, store: settings.uploads === 's3' ? bucketStore : volumeStore }
  return chosen.store
}

/** A stored file as a stream with its size and time, or null when there is none. */
export function readStored(relPath: string): Promise<StoredFile | null> {
  return fileStore().read(relPath)
}

export function storedFileExists(relPath: string): Promise<boolean> {
  return fileStore().exists(relPath)
}

/**
 * Removes stored files (relative paths); missing files are fine. Used to undo writes when the rows were not saved.
 * Not awaited: on the volume the files are gone when this returns; a bucket's deletion finishes in the background,
 * and an object it fails to delete is left to the sweep.
 */
export function deleteStored(relPaths: string[]): void {
  fileStore()
    .delete(relPaths)
    .catch((error) => logger.error({ files: relPaths, err: error }, 'could not delete uploads'))
}

/** Removes a folder of uploads whose rows were never saved (a claim that failed, an erased account). */
export function deleteStoredFolder(relFolder: string): void {
  fileStore()
    .deleteFolder(relFolder)
    .catch((error) => logger.error({ folder: relFolder, err: error }, 'could not delete an uploads folder'))
}

/**
 * The original name of an upload as stored in a row: control characters removed, at most MAX_STORED_FILE_NAME
 * characters, cut before the extension so it survives ("very-long….jpg"). Every model that writes an upload's
 * row uses this, so no path stores a 5,000-character name.
 */
export function storedFileName(name: string): string {
  const clean = stripControlCharacters(name).trim() || 'photo'
  if (clean.length <= MAX_STORED_FILE_NAME) return clean
  const extension = /\.[A-Za-z0-9]{1,10}$/.exec(clean)?.[0] ?? ''
  let head = clean.slice(0, MAX_STORED_FILE_NAME - extension.length - 1)
  // Never end on half of a surrogate pair (an emoji cut in two is not valid text).
  if (/[\uD800-\uDBFF]$/.test(head)) head = head.slice(0, -1)
  return `${head}…${extension}`
}
