import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { Readable } from 'node:stream'

import { MAX_STORED_FILE_NAME } from '~/domain/uploads'
import { env } from '~/env.server'
import { deleteFolder, deleteObjects, getObject, headObject, putObject, usesBucket } from '~/services/bucket.server'
import { type PreparedImage, prepareImage } from '~/services/images.server'
import type { UploadedFile } from '~/services/multipart.server'
import { stripControlCharacters } from '~/validation/text'

/**
 * File storage (DESIGN §6 "Uploads"): a streaming multipart reader with limits, every image decoded and re-encoded by
 * sharp (which refuses non-images and drops EXIF/GPS), files under DATA_DIR/uploads (never under public/) or, with
 * UPLOADS_BUCKET set, in an S3-compatible bucket (issue 11, bucket.server.ts), and short-lived signed links for shops
 * that hold a claim's code. Rows store the same relative path with either adapter.
 */

export {
  decodeBytes,
  MAX_DECODE_BYTES,
  MAX_INPUT_PIXELS,
  MAX_STORED_SIDE,
  type PreparedImage,
  prepareImage,
  SHOP_THUMB_SIDE,
  shopCopy,
  shopThumbPath,
  THUMBNAIL_SIDE,
} from '~/services/images.server'
import { logger } from '~/logger.server'
export { readMultipartForm, uploadBodyLimit, type UploadedFile, UploadError } from '~/services/multipart.server'

/** Absolute path of a file under DATA_DIR/uploads; refuses anything that would leave that folder. */
export function uploadsPath(relPath: string): string {
  const root = uploadsRoot()
  if (!relPath || relPath.includes('\0') || path.isAbsolute(relPath) || relPath.split(/[\\/]/).some((part) => part === '..')) {
    throw new Error(`Refused upload path: ${JSON.stringify(relPath)}`)
  }
  const absolute = path.resolve(root, relPath)
  if (!absolute.startsWith(root + path.sep)) throw new Error(`Refused upload path: ${JSON.stringify(relPath)}`)
  return absolute
}

function uploadsRoot() {
  return path.join(env().DATA_DIR, 'uploads')
}

/** prepareImage, then write and commit at once: for tools and tests that record no rows (the bench's data). */
export async function storeImage(file: UploadedFile, relPathWithoutExt: string): Promise<{ filePath: string; thumbPath: string }> {
  uploadsPath(`${relPathWithoutExt}.jpg`) // refuse a bad path before the work
  const staged = new StagedFiles()
  try {
    const paths = await staged.addImage(await prepareImage(file), relPathWithoutExt)
    staged.commit()
    return paths
  } finally {
    staged.discard()
  }
}

/** Suffix of a file written but not yet committed; the upload sweep removes old ones. */
export const STAGED_SUFFIX = '.tmp'

/**
 * Files written before the rows that point to them, and made visible only with those rows (issue 13).
 *
 * On the local volume: written under temporary names and renamed into place when the transaction that records them
 * commits: call `commit()` as the last step *inside* the transaction — a failed rename then rolls the rows back — and
 * `discard()` when anything failed. A crash in between leaves only `*.tmp` files, or final files no row points to;
 * the upload sweep removes both. A rename replaces an existing file whole (a re-uploaded policy photo).
 *
 * In a bucket (issue 11): each object is written to its final name before the transaction (a bucket has no rename, and
 * the transaction cannot wait for the network); `commit()` has nothing left to do, and `discard()` deletes the objects
 * that were new. An object that replaced an older one at the same name (a re-uploaded policy photo whose rows then
 * failed) keeps the new photo under the old row. A crash leaves objects no row points to; the sweep removes those.
 */
export class StagedFiles {
  private staged: { temp: string; final: string }[] = []
  private inBucket: { relPath: string; replacing: boolean }[] = []
  private committed = false
  private readonly bucket = usesBucket()

  /** Writes a file; nothing is visible at `relPath` until commit() (in a bucket: at once, see above). */
  async add(relPath: string, bytes: Buffer) {
    const final = uploadsPath(relPath)
    if (this.bucket) {
      const replacing = (await headObject(relPath)) !== null
      this.inBucket.push({ relPath, replacing })
      await putObject(relPath, bytes, contentTypeFor(relPath))
      return
    }
    const temp = `${final}.${crypto.randomBytes(6).toString('hex')}${STAGED_SUFFIX}`
    await fs.promises.mkdir(path.dirname(final), { recursive: true })
    this.staged.push({ temp, final })
    await fs.promises.writeFile(temp, bytes)
  }

  /** Writes a prepared image and its thumbnail as <relPathWithoutExt>.jpg and .thumb.jpg; returns the paths. */
  async addImage(image: PreparedImage, relPathWithoutExt: string) {
    const filePath = `${relPathWithoutExt}.jpg`
    const thumbPath = `${relPathWithoutExt}.thumb.jpg`
    await this.add(filePath, image.photo)
    await this.add(thumbPath, image.thumbnail)
    return { filePath, thumbPath }
  }

  /**
   * Renames every file into place; synchronous, for use inside a better-sqlite3 transaction. When a rename fails, the
   * files this commit added are put back under their temporary names (for discard()) before it throws, so the rolled
   * back rows leave no file behind; a file that replaced an older one at the same path stays replaced.
   */
  commit() {
    const added: { temp: string; final: string }[] = []
    try {
      for (const file of this.staged) {
        const replacing = fs.existsSync(file.final)
        fs.renameSync(file.temp, file.final)
        if (!replacing) added.push(file)
      }
    } catch (error) {
      for (const { temp, final } of added) {
        try {
          fs.renameSync(final, temp)
        } catch {
          // Left in place with no row: the upload sweep removes it.
        }
      }
      throw error
    }
    this.committed = true
  }

  /** Removes what was written and not committed. Never throws. */
  discard() {
    if (this.committed) return
    for (const { temp } of this.staged) {
      try {
        fs.rmSync(temp, { force: true })
      } catch (error) {
        logger.error({ file: temp, err: error }, 'could not remove a staged upload')
      }
    }
    this.staged = []
    const added = this.inBucket.filter((object) => !object.replacing).map((object) => object.relPath)
    this.inBucket = []
    // Not awaited: the request answers now; an object this fails to delete is left to the sweep.
    if (added.length)
      deleteObjects(added).catch((error) => logger.error({ objects: added, err: error }, 'could not delete uploaded objects'))
  }
}

/** Removes stored files (relative paths); missing files are fine. Used to undo writes when the rows were not saved. */
export function deleteStored(relPaths: string[]): void {
  if (usesBucket()) {
    deleteObjects(relPaths).catch((error) => logger.error({ objects: relPaths, err: error }, 'could not delete uploads'))
    return
  }
  for (const relPath of relPaths) {
    try {
      fs.rmSync(uploadsPath(relPath), { force: true })
    } catch (error) {
      logger.error({ file: relPath, err: error }, 'could not delete an upload')
    }
  }
}

/** Removes a folder of uploads whose rows were never saved (a claim that failed). */
export function deleteStoredFolder(relFolder: string): void {
  if (usesBucket()) {
    deleteFolder(relFolder).catch((error) => logger.error({ folder: relFolder, err: error }, 'could not delete a folder of uploads'))
    return
  }
  fs.rmSync(uploadsPath(relFolder), { recursive: true, force: true })
}

export async function storedFileExists(relPath: string): Promise<boolean> {
  if (usesBucket()) return (await headObject(relPath)) !== null
  return fs.existsSync(uploadsPath(relPath))
}

/** A stored file as a stream with its size and time, or null when there is none (from either adapter). */
export async function readStored(relPath: string): Promise<{ body: ReadableStream<Uint8Array>; size: number; modified: Date } | null> {
  if (usesBucket()) return getObject(relPath)
  const absolute = uploadsPath(relPath)
  const stat = await fs.promises.stat(absolute).catch(() => null)
  if (!stat?.isFile()) return null
  return { body: Readable.toWeb(fs.createReadStream(absolute)) as ReadableStream<Uint8Array>, size: stat.size, modified: stat.mtime }
}

/** The MIME type of a stored file, from its extension (we only ever store JPEG, but be exact about what we serve). */
export function contentTypeFor(relPath: string) {
  const extension = path.extname(relPath).toLowerCase()
  const types: Record<string, string> = {
    '.jpg': 'image/jpeg',
    '.jpeg': 'image/jpeg',
    '.png': 'image/png',
    '.webp': 'image/webp',
    '.gif': 'image/gif',
    '.pdf': 'application/pdf',
  }
  return types[extension] ?? 'application/octet-stream'
}

// --- signed links (shops holding a claim's code) ---------------------------------------------------------------

const DEFAULT_LINK_SECONDS = 15 * 60

function signature(relPath: string, exp: string) {
  return crypto.createHmac('sha256', env().SESSION_SECRET).update(`files\n${relPath}\n${exp}`).digest('base64url')
}

/** A link to a stored file that works without signing in, for ttlSeconds (default 15 minutes). */
export function signedFileUrl(relPath: string, ttlSeconds = DEFAULT_LINK_SECONDS): string {
  const exp = String(Math.floor(Date.now() / 1000) + ttlSeconds)
  const encoded = relPath.split('/').map(encodeURIComponent).join('/')
  return `/files/${encoded}?exp=${exp}&sig=${signature(relPath, exp)}`
}

/**
 * Never kept by shared caches. A signed-in owner's or operator's copy is not kept at all (no-store), so after sign-out
 * the browser holds no photo; a shop's signed link may be reused by the browser for the rest of the link's life, at
 * most 10 minutes, so a slow shop PC does not download the same photos on every reload.
 */
export function filesCacheControl(signedExp: string | null, now = Date.now()) {
  if (!signedExp) return 'private, no-store'
  const left = Math.min(600, Number(signedExp) - Math.floor(now / 1000))
  return left > 0 ? `private, max-age=${left}` : 'private, no-store'
}

export function verifySignedFile(relPath: string, exp: string | null, sig: string | null): boolean {
  if (!exp || !sig || !/^\d{1,12}$/.test(exp)) return false
  if (Number(exp) < Math.floor(Date.now() / 1000)) return false
  const expected = Buffer.from(signature(relPath, exp))
  const given = Buffer.from(sig)
  return expected.length === given.length && crypto.timingSafeEqual(expected, given)
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
