import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { Readable } from 'node:stream'
import type { ReadableStream as NodeWebReadableStream } from 'node:stream/web'
import busboy from 'busboy'
import sharp from 'sharp'
import { env } from '~/env.server'

/**
 * File storage on the local volume (DESIGN §6 "Uploads"): a streaming multipart reader with limits, every image
 * decoded and re-encoded by sharp (which refuses non-images and drops EXIF/GPS), files under DATA_DIR/uploads (never
 * under public/), and short-lived signed links for shops that hold a claim's code.
 */

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024
/** Decoding bombs: a 50-megapixel image is far beyond any phone photo. */
export const MAX_INPUT_PIXELS = 50_000_000
/** Stored photos are shrunk to this long side; a windshield needs no more, and shops download less. */
export const MAX_STORED_SIDE = 2560
export const THUMBNAIL_SIDE = 480
const DEFAULT_FIELD_BYTES = 64 * 1024
const MAX_FIELDS = 100
/** Raster formats we accept; SVG, PDF and friends are not photos. */
// No operation cache: each upload is decoded once, and cached pixels would only raise the memory peak.
sharp.cache(false)

const IMAGE_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'tiff', 'heif', 'avif'])

export type UploadedFile = { fieldName: string; fileName: string; contentType: string; bytes: Buffer }

/** A refused upload: the message is for the person uploading, shown next to `field`. */
export class UploadError extends Error {
  constructor(
    public field: string,
    message: string,
    public status = 400,
  ) {
    super(message)
    this.name = 'UploadError'
  }
}

export function tooLargeMessage(fileName: string) {
  return `Each photo must be 10 MB or smaller. "${fileName}" is larger.`
}

/**
 * Reads a multipart/form-data request as it streams in, refusing it as soon as a limit is passed (a file over
 * maxFileBytes, or more than maxFiles files), so an oversized upload is never held whole in memory. Empty file inputs
 * (no file chosen) are skipped. A url-encoded body is read as plain fields.
 */
export async function readMultipartForm(
  request: Request,
  limits: { maxFiles: number; maxFileBytes?: number; maxFieldBytes?: number },
): Promise<{ fields: FormData; files: UploadedFile[] }> {
  const maxFileBytes = limits.maxFileBytes ?? MAX_UPLOAD_BYTES
  const maxFieldBytes = limits.maxFieldBytes ?? DEFAULT_FIELD_BYTES
  const contentType = request.headers.get('Content-Type') ?? ''

  if (!/^multipart\/form-data/i.test(contentType)) {
    if (/^application\/x-www-form-urlencoded/i.test(contentType)) {
      return { fields: await request.formData(), files: [] }
    }
    throw new UploadError('form', 'Please submit the form again.', 415)
  }
  if (!request.body) return { fields: new FormData(), files: [] }

  // Beyond this many bytes the request cannot be legitimate: stop reading instead of draining it.
  const hardLimit = (limits.maxFiles + 3) * maxFileBytes + MAX_FIELDS * maxFieldBytes
  const declared = Number(request.headers.get('Content-Length') ?? 0)
  if (declared > hardLimit) throw new UploadError('form', 'This upload is too large. Please send fewer or smaller photos.', 413)

  return new Promise((resolve, reject) => {
    const fields = new FormData()
    const files: UploadedFile[] = []
    let failure: UploadError | Error | null = null
    let settled = false

    const parser = busboy({
      headers: { 'content-type': contentType },
      limits: { fileSize: maxFileBytes, fieldSize: maxFieldBytes, fields: MAX_FIELDS, files: limits.maxFiles + 20, parts: MAX_FIELDS + limits.maxFiles + 20 },
    })
    const source = Readable.fromWeb(request.body as unknown as NodeWebReadableStream<Uint8Array>)

    // Answer at the first refusal; the rest of the body is read and thrown away (up to the hard limit) so the
    // browser gets our message instead of a reset connection.
    const fail = (error: UploadError | Error) => {
      failure ??= error
      if (!settled) {
        settled = true
        files.length = 0
        reject(failure)
      }
    }

    let received = 0
    source.on('data', (chunk: Buffer) => {
      received += chunk.length
      if (received > hardLimit) {
        fail(new UploadError('form', 'This upload is too large. Please send fewer or smaller photos.', 413))
        source.unpipe(parser)
        source.destroy()
      }
    })
    source.on('error', (error) => fail(error))

    parser.on('field', (name, value, info) => {
      if (failure) return
      if (info.valueTruncated) return fail(new UploadError(name, 'This entry is too long.', 413))
      fields.append(name, value)
    })

    parser.on('file', (fieldName, stream, info) => {
      const fileName = info.filename ?? ''
      const chunks: Buffer[] = []
      let size = 0
      stream.on('data', (chunk: Buffer) => {
        if (failure) return
        size += chunk.length
        chunks.push(chunk)
      })
      stream.on('limit', () => {
        fail(new UploadError(fieldName, tooLargeMessage(fileName || 'this file'), 413))
        chunks.length = 0
      })
      stream.on('end', () => {
        if (failure) return
        if (!fileName && size === 0) return // an empty file input: nothing chosen
        if (files.length >= limits.maxFiles) {
          return fail(new UploadError(fieldName, `Please upload no more than ${limits.maxFiles} photos at a time.`, 413))
        }
        files.push({ fieldName, fileName: fileName || 'photo', contentType: info.mimeType, bytes: Buffer.concat(chunks, size) })
      })
    })

    parser.on('filesLimit', () => fail(new UploadError('form', `Please upload no more than ${limits.maxFiles} photos at a time.`, 413)))
    parser.on('fieldsLimit', () => fail(new UploadError('form', 'This form has too many entries.', 413)))
    parser.on('partsLimit', () => fail(new UploadError('form', 'This form has too many entries.', 413)))
    parser.on('error', (error: Error) => fail(new UploadError('form', `The upload could not be read (${error.message}). Please try again.`, 400)))
    parser.on('close', () => {
      if (settled) return
      settled = true
      if (failure) reject(failure)
      else resolve({ fields, files })
    })

    source.pipe(parser)
  })
}

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

export type PreparedImage = { fieldName: string; fileName: string; photo: Buffer; thumbnail: Buffer }

/**
 * Decodes an uploaded image and makes a clean copy in memory: auto-rotated from its EXIF orientation, re-encoded as
 * JPEG with no metadata (no GPS), at most MAX_STORED_SIDE on its long side, plus a thumbnail. Refuses what is not a
 * raster image. Separate from writing so a form with several files can check them all before touching the disk.
 */
export async function prepareImage(file: UploadedFile): Promise<PreparedImage> {
  try {
    const metadata = await sharp(file.bytes, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS }).metadata()
    if (!metadata.format || !IMAGE_FORMATS.has(metadata.format)) throw new NotAnImage()
    const photo = await sharp(file.bytes, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize({ width: MAX_STORED_SIDE, height: MAX_STORED_SIDE, fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 82 })
      .toBuffer()
    // From the already-shrunk copy: JPEG shrink-on-load makes this cheap.
    const thumbnail = await sharp(photo)
      .resize({ width: THUMBNAIL_SIDE, height: THUMBNAIL_SIDE, fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 75 })
      .toBuffer()
    return { fieldName: file.fieldName, fileName: file.fileName, photo, thumbnail }
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) {
      throw new UploadError(file.fieldName, `"${file.fileName}" has too many pixels. Please upload a smaller photo.`, 413)
    }
    throw new UploadError(file.fieldName, 'Please select an image file')
  }
}

/**
 * Writes a prepared image and its thumbnail as DATA_DIR/uploads/<relPathWithoutExt>.jpg and .thumb.jpg. Writes are
 * atomic (temp file then rename), so a re-upload replaces the old file whole. Returns paths relative to uploads/.
 */
export async function writePreparedImage(image: PreparedImage, relPathWithoutExt: string): Promise<{ filePath: string; thumbPath: string }> {
  const filePath = `${relPathWithoutExt}.jpg`
  const thumbPath = `${relPathWithoutExt}.thumb.jpg`
  const absolute = uploadsPath(filePath)
  await fs.promises.mkdir(path.dirname(absolute), { recursive: true })
  await Promise.all([writeAtomically(absolute, image.photo), writeAtomically(uploadsPath(thumbPath), image.thumbnail)])
  return { filePath, thumbPath }
}

/** prepareImage then writePreparedImage: decode, clean, store. */
export async function storeImage(file: UploadedFile, relPathWithoutExt: string): Promise<{ filePath: string; thumbPath: string }> {
  uploadsPath(`${relPathWithoutExt}.jpg`) // refuse a bad path before the work
  return writePreparedImage(await prepareImage(file), relPathWithoutExt)
}

class NotAnImage extends Error {}

async function writeAtomically(target: string, bytes: Buffer) {
  const temp = `${target}.${crypto.randomBytes(6).toString('hex')}.tmp`
  try {
    await fs.promises.writeFile(temp, bytes)
    await fs.promises.rename(temp, target)
  } catch (error) {
    await fs.promises.rm(temp, { force: true })
    throw error
  }
}

/** Removes stored files (relative paths); missing files are fine. Used to undo writes when the rows were not saved. */
export function deleteStored(relPaths: string[]): void {
  for (const relPath of relPaths) {
    try {
      fs.rmSync(uploadsPath(relPath), { force: true })
    } catch (error) {
      console.error(`Could not delete upload ${relPath}:`, error)
    }
  }
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

export function verifySignedFile(relPath: string, exp: string | null, sig: string | null): boolean {
  if (!exp || !sig || !/^\d{1,12}$/.test(exp)) return false
  if (Number(exp) < Math.floor(Date.now() / 1000)) return false
  const expected = Buffer.from(signature(relPath, exp))
  const given = Buffer.from(sig)
  return expected.length === given.length && crypto.timingSafeEqual(expected, given)
}
