import fs from 'node:fs'

import exifr from 'exifr'
import sharp, { type Metadata } from 'sharp'
import phash from 'sharp-phash'

import {
  BLANK_HASH,
  BLANK_STDEV,
  cameraFromExif,
  captureTimeFromExif,
  CROP_TOLERANCE,
  hashFromBits,
  lowFrequencies,
  ORIENTED_SIDE,
  orientedHashes,
} from '~/domain/photo-integrity'
import { withImageSlot } from '~/services/image-queue.server'
import { UPLOAD_HEAD_BYTES, type UploadedFile, UploadError, uploadHead } from '~/services/multipart.server'
import { removeScratch, scratchPath } from '~/services/scratch.server'

/**
 * Image work: every uploaded image is decoded and re-encoded by sharp (which refuses non-images and drops EXIF/GPS).
 * What its header declares is checked first, without decoding (a few bytes tell the size of what decoding would
 * build); the decode and encode then wait for a slot in the server-wide queue (image-queue.server.ts), so memory is
 * bounded by the number of slots, not by how many forms arrive at once.
 */

/**
 * Pixels an image may declare at all: 120 megapixels, above the largest phone cameras (108 MP, 12000 × 9000), so
 * every real phone photo is accepted; what it costs to decode is the next limit's business.
 */
export const MAX_INPUT_PIXELS = 120_000_000
/**
 * The most one image may need once decoded, as its header tells: width × height × channels × bytes per sample, for a
 * JPEG at the scale it is decoded at (below). 150 MB admits a 48 MP HEIC (8064 × 6048 RGB, 146 MB), a 108 MP JPEG
 * (12000 × 9000, decoded at half size or less: 81 MB) and any 12 MP photo, and refuses a 7000 × 7000 RGBA PNG
 * (196 MB) — an image no camera makes, sent as a 200 KB file to fill memory. With two images decoded at a time the
 * decoders' share of memory stays under ~300 MB.
 */
export const MAX_DECODE_BYTES = 150_000_000
/** Stored photos are shrunk to this long side; a windshield needs no more, and shops download less. */
export const MAX_STORED_SIDE = 2560
/**
 * A larger photo is stored at a half, quarter or eighth of its size when that keeps at least this long side (a 12 MP
 * phone photo, 4032 × 3024, is kept at 2016 × 1512): shrinking by a whole factor averages blocks of pixels, far cheaper
 * than resampling to an arbitrary size, and the copy is smaller to encode, store and send.
 */
export const MIN_STORED_SIDE = 1920
export const THUMBNAIL_SIDE = 480
/** The shop's page shows damage photos small (a slow PC, perhaps a slow line): a 320 px copy beside the thumbnail. */
export const SHOP_THUMB_SIDE = 320

// No operation cache: each upload is decoded once, and cached pixels would only raise the memory peak.
// What the decoders free goes back to the system only with glibc's mmap threshold fixed (MALLOC_MMAP_THRESHOLD_ in the
// Dockerfile and `npm run serve`): with its default dynamic threshold a burst of large images left ~250 MB resident
// for good, whatever the decode budget below (docs/benchmarks.md, image bombs).
sharp.cache(false)
// One libvips thread per image: the queue already runs two images at once on the two cores, and more threads per image
// would each hold their own tiles of it (more memory for no gain). This is also sharp's default on glibc Linux (to
// limit allocator fragmentation); set here so it does not depend on the platform.
sharp.concurrency(1)

/** Raster formats we accept; SVG, PDF and friends are not photos. */
const IMAGE_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'tiff', 'heif', 'avif'])

const BYTES_PER_SAMPLE: Record<string, number> = { uchar: 1, char: 1, ushort: 2, short: 2, uint: 4, int: 4, float: 4, double: 8 }

export type PreparedImage = {
  fieldName: string
  fileName: string
  photo: Buffer
  thumbnail: Buffer
  /** The 320 px copy for the shop's page, when asked for. */
  shopThumbnail?: Buffer
  /** The perceptual hash (domain/photo-integrity), of the thumbnail's pixels. */
  hash: string
  /** Its oriented hashes (domain/photo-integrity orientedHashes), the lookup's first; none for a blank picture. */
  orientedHashes: string[]
  /** From the upload's EXIF, read before the clean copy drops it (null when absent or unreadable). */
  capturedAt: string | null
  camera: string | null
}

/** What a photo row keeps of a prepared image besides its files. */
export function photoFacts(image: Pick<PreparedImage, 'hash' | 'orientedHashes' | 'capturedAt' | 'camera'>) {
  return {
    phash: image.hash,
    // '' for a blank picture: it has none, and the backfill need not look at it again.
    orientedHashes: image.orientedHashes.join(' '),
    capturedAt: image.capturedAt,
    camera: image.camera,
  }
}

/**
 * The long side a photo of this long side is stored at (see MIN_STORED_SIDE), and the whole factor that shrinks it
 * there (1 when it is kept as it is or resampled to MAX_STORED_SIDE).
 */
export function storedScale(longSide: number): { side: number; factor: 1 | 2 | 4 | 8 } {
  if (longSide <= MAX_STORED_SIDE) return { side: longSide, factor: 1 }
  for (const factor of [2, 4, 8] as const) {
    const side = Math.floor(longSide / factor)
    if (side <= MAX_STORED_SIDE) return side >= MIN_STORED_SIDE ? { side, factor } : { side: MAX_STORED_SIDE, factor: 1 }
  }
  return { side: MAX_STORED_SIDE, factor: 1 }
}

/**
 * What decoding an image would hold in memory, from its header. A baseline JPEG is decoded straight at 1/2, 1/4 or
 * 1/8 scale when the stored copy is that much smaller (libjpeg's shrink-on-load); counted here at half the factor
 * it could use, to stay on the safe side. A progressive JPEG keeps every coefficient of the whole image while it is
 * read (two bytes per sample), whatever the scale. Other formats are decoded at full size.
 */
export function decodeBytes(header: {
  width: number
  height: number
  channels: number
  depth?: string
  format?: string
  isProgressive?: boolean
}) {
  const perSample = BYTES_PER_SAMPLE[header.depth ?? 'uchar'] ?? 1
  if (header.format === 'jpeg') {
    if (header.isProgressive) return header.width * header.height * header.channels * 2
    const scale = Math.max(header.width, header.height) / MAX_STORED_SIDE / 2
    const shrink = scale >= 8 ? 8 : scale >= 4 ? 4 : scale >= 2 ? 2 : 1
    return Math.ceil(header.width / shrink) * Math.ceil(header.height / shrink) * header.channels * perSample
  }
  return header.width * header.height * header.channels * perSample
}

/** The header's facts, from the upload's head when they are there, else from the whole upload. */
async function readHeader(file: UploadedFile): Promise<Metadata> {
  const head = uploadHead(file)
  if (head.length < UPLOAD_HEAD_BYTES) return sharp(head, { failOn: 'error' }).metadata()
  try {
    const header = await sharp(head, { failOn: 'error' }).metadata()
    if (header.format === 'jpeg' && header.width && header.height) return header
  } catch {
    // Not a JPEG whose size comes early: read the whole upload.
  }
  return sharp(file.bytes, { failOn: 'error' }).metadata()
}

/** Reads the header only (no pixels) and refuses what is not a raster image or would cost too much to decode. */
async function checkHeader(file: UploadedFile) {
  let header: Metadata
  try {
    header = await readHeader(file)
  } catch {
    throw new UploadError(file.fieldName, 'Please select an image file')
  }
  if (!header.format || !IMAGE_FORMATS.has(header.format) || !header.width || !header.height) {
    throw new UploadError(file.fieldName, 'Please select an image file')
  }
  if (header.width * header.height > MAX_INPUT_PIXELS) {
    throw new UploadError(file.fieldName, `"${file.fileName}" has too many pixels. Please upload a smaller photo.`, 413)
  }
  if (decodeBytes({ ...header, width: header.width, height: header.height, channels: header.channels ?? 4 }) > MAX_DECODE_BYTES) {
    throw new UploadError(
      file.fieldName,
      `"${file.fileName}" is too large an image to process (${header.width} × ${header.height} pixels). Please upload a smaller photo, such as a JPEG from a phone camera.`,
      413,
    )
  }
  return { width: header.width, height: header.height, format: header.format }
}

/**
 * The capture time and camera from an upload's EXIF. Read from the original bytes, since the clean copy carries no
 * metadata; a photo with no EXIF or a broken one simply has none (it is still stored and hashed).
 */
export async function readExif(bytes: Buffer): Promise<Pick<PreparedImage, 'capturedAt' | 'camera'>> {
  try {
    const tags = (await exifr.parse(bytes, {
      pick: ['DateTimeOriginal', 'CreateDate', 'OffsetTimeOriginal', 'Make', 'Model'],
      reviveValues: false,
    })) as Record<string, unknown> | undefined
    if (!tags) return { capturedAt: null, camera: null }
    return {
      capturedAt: captureTimeFromExif(tags.DateTimeOriginal ?? tags.CreateDate, tags.OffsetTimeOriginal),
      camera: cameraFromExif(tags.Make, tags.Model),
    }
  } catch {
    return { capturedAt: null, camera: null }
  }
}

type Pixels = { data: Buffer; info: { width: number; height: number; channels: 1 | 2 | 3 | 4 } }

function fromPixels(pixels: Pixels) {
  return sharp(pixels.data, { raw: pixels.info })
}

const DECODE_OPTIONS = { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS, autoOrient: true } as const
const STORED_JPEG = { quality: 82, optimiseCoding: false } as const

/**
 * The upload as a file for `work`: where the multipart reader spooled it, or else written to a private scratch file and
 * removed after the work; null (and no work) when it cannot be written.
 */
async function withUploadFile<T>(upload: UploadedFile, work: (file: string) => Promise<T>): Promise<T | null> {
  if (upload.spooled) return work(upload.spooled.path)
  let file: string
  try {
    file = scratchPath('.jpg')
    await fs.promises.writeFile(file, upload.bytes, { mode: 0o600, flag: 'wx' })
  } catch {
    // No room or no scratch folder: the caller decodes the bytes in memory instead.
    return null
  }
  try {
    return await work(file)
  } finally {
    removeScratch(file)
  }
}

/**
 * The stored copy of an upload: decoded, auto-rotated from its EXIF orientation and encoded as JPEG with no metadata
 * (no GPS) at the stored size, in one libvips pipeline, so its pixels never pass through JavaScript.
 *
 * A JPEG stored at a whole fraction of its size is decoded straight at that fraction by libjpeg (its DCT scaling: a
 * 12 MP photo costs about half the CPU of decoding it whole, and its full-size pixels never exist). sharp asks libjpeg
 * for that only when the reduction is 3× or more, so a 12 MP photo stored at half size would be decoded whole and then
 * halved; libvips takes the scale as an option of a file name (`photo.jpg[shrink=2]`) and of nothing sharp passes for
 * bytes in memory. So it is decoded from its file: a phone photo is already in one (the multipart reader spooled it),
 * and a smaller JPEG is written to a private scratch file for the decode and removed after it.
 */
async function encodeStored(upload: UploadedFile, header: { width: number; height: number; format: string }): Promise<Buffer> {
  const { side, factor } = storedScale(Math.max(header.width, header.height))
  if (header.format === 'jpeg' && factor > 1) {
    const shrunk = await withUploadFile(upload, (file) => sharp(`${file}[shrink=${factor}]`, DECODE_OPTIONS).jpeg(STORED_JPEG).toBuffer())
    if (shrunk) return shrunk
  }
  return sharp(upload.bytes, DECODE_OPTIONS)
    .resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true })
    .jpeg(STORED_JPEG)
    .toBuffer()
}

/** How much the pixels' brightness varies (the standard deviation of the channels' mean, 0–255). */
function spread({ data, info }: Pixels) {
  const colours = Math.min(info.channels, 3)
  let sum = 0
  let squares = 0
  const count = data.length / info.channels
  for (let at = 0; at < data.length; at += info.channels) {
    let grey = 0
    for (let channel = 0; channel < colours; channel++) grey += data[at + channel]!
    grey /= colours
    sum += grey
    squares += grey * grey
  }
  const mean = sum / count
  return Math.sqrt(Math.max(0, squares / count - mean * mean))
}

/** The perceptual hash of decoded pixels (a thumbnail's: the hash needs only 32 × 32 of them); BLANK_HASH for a blank picture. */
export async function hashPixels(pixels: Pixels) {
  if (spread(pixels) < BLANK_STDEV) return BLANK_HASH
  return hashFromBits(await phash(pixels.data, { raw: pixels.info }))
}

/** A border is a frame of one colour: all four corners within this of each other in every channel (0–255). */
const BORDER_THRESHOLD = 24

/**
 * The picture without a uniform border around it. Only when the four corners agree: sharp's trim measures from the
 * top-left pixel, so a picture whose corners differ (any photo without a frame) is kept whole, and a turned or
 * mirrored copy is trimmed as the original is.
 */
async function withoutBorder(pixels: Pixels): Promise<Pixels> {
  const { width, height, channels } = pixels.info
  const corner = (x: number, y: number) => pixels.data.subarray((y * width + x) * channels, (y * width + x + 1) * channels)
  const corners = [corner(0, 0), corner(width - 1, 0), corner(0, height - 1), corner(width - 1, height - 1)]
  const framed = corners.every((other) => other.every((value, channel) => Math.abs(value - corners[0]![channel]!) <= BORDER_THRESHOLD))
  if (!framed) return pixels
  try {
    return (await fromPixels(pixels).trim({ threshold: BORDER_THRESHOLD }).raw().toBuffer({ resolveWithObject: true })) as Pixels
  } catch {
    // Nothing but border: keep the picture as it is.
    return pixels
  }
}

/** The 32 × 32 grey copy of the oriented hash, after cutting `crop` of the width and height from each edge. */
async function orientedGrey(pixels: Pixels, crop: number) {
  const { width, height } = pixels.info
  const [left, top] = [Math.round(width * crop), Math.round(height * crop)]
  return fromPixels(pixels)
    .extract({ left, top, width: width - 2 * left, height: height - 2 * top })
    .greyscale()
    .resize(ORIENTED_SIDE, ORIENTED_SIDE, { fit: 'fill' })
    .raw()
    .toBuffer()
}

/**
 * The oriented hashes of decoded pixels (a thumbnail's), the lookup's first: of the picture without its border, whole
 * and with CROP_TOLERANCE cut from each edge (so a copy cropped that much hashes as the stored photo's cut copy).
 * None for a blank picture, as its plain hash is never compared.
 */
export async function orientedHashesOfPixels(pixels: Pixels): Promise<string[]> {
  if (spread(pixels) < BLANK_STDEV) return []
  const inside = await withoutBorder(pixels)
  const hashes = new Set<string>()
  for (const crop of [0, CROP_TOLERANCE]) {
    for (const hash of orientedHashes(lowFrequencies(await orientedGrey(inside, crop)))) hashes.add(hash)
  }
  return [...hashes]
}

/** Both hashes of an encoded image (the backfill hashes stored thumbnails with it). */
export async function hashImage(bytes: Buffer) {
  return withImageSlot(async () => {
    const pixels = (await sharp(bytes).raw({ depth: 'uchar' }).toBuffer({ resolveWithObject: true })) as Pixels
    return { hash: await hashPixels(pixels), orientedHashes: await orientedHashesOfPixels(pixels) }
  })
}

/**
 * Decodes an uploaded image once, to the clean copy we store (encodeStored), and makes the rest from that copy: a
 * thumbnail, the shop's copy when asked for, and the perceptual hash from the thumbnail's pixels. The capture time and camera are read from
 * the upload's EXIF first. Refuses what is not a raster image (UploadError) before it waits for the queue; throws
 * ImageQueueFull when the queue is full. Separate from writing so a form with several files can check them all before
 * touching the disk.
 */
export async function prepareImage(file: UploadedFile, options: { shopCopy?: boolean } = {}): Promise<PreparedImage> {
  const header = await checkHeader(file)
  // A JPEG's EXIF is in its head; other formats (a HEIC's metadata box) may keep it anywhere.
  const exif = await readExif(header.format === 'jpeg' ? uploadHead(file) : file.bytes)
  return withImageSlot(async () => {
    try {
      const photo = await encodeStored(file, header)
      // The thumbnail from the stored copy: a few hundred kilobytes, decoded at a fraction of its size by libjpeg.
      const small = (await sharp(photo)
        .resize({ width: THUMBNAIL_SIDE, height: THUMBNAIL_SIDE, fit: 'inside', withoutEnlargement: true })
        .raw()
        .toBuffer({ resolveWithObject: true })) as Pixels
      const thumbnail = await fromPixels(small).jpeg({ quality: 75 }).toBuffer()
      const shopThumbnail = options.shopCopy
        ? await fromPixels(small)
            .resize({ width: SHOP_THUMB_SIDE, height: SHOP_THUMB_SIDE, fit: 'inside', withoutEnlargement: true })
            .jpeg({ quality: 70 })
            .toBuffer()
        : undefined
      const hash = await hashPixels(small)
      const oriented = await orientedHashesOfPixels(small)
      return {
        fieldName: file.fieldName,
        fileName: file.fileName,
        photo,
        thumbnail,
        shopThumbnail,
        hash,
        orientedHashes: oriented,
        ...exif,
      }
    } catch (error) {
      if (error instanceof Error && /pixel limit/i.test(error.message)) {
        throw new UploadError(file.fieldName, `"${file.fileName}" has too many pixels. Please upload a smaller photo.`, 413)
      }
      // A header that read well over a body that does not (a truncated or corrupt file).
      throw new UploadError(file.fieldName, 'Please select an image file')
    }
  })
}

export function shopThumbPath(filePath: string) {
  return filePath.replace(/\.jpg$/, '.shop.jpg')
}
