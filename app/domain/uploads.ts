/** Upload limits (the forms' "10MB each" hint, enforced on the server too), shared by forms, readers and models. */

/** Each photo or document, checked in the browser and enforced on the server. */
export const MAX_UPLOAD_MB = 10
export const MAX_UPLOAD_BYTES = MAX_UPLOAD_MB * 1024 * 1024
/** Damage photos on one claim. */
export const MAX_CLAIM_PHOTOS = 10
/** Repair photos a shop attaches when it completes a claim (plus one invoice). */
export const MAX_REPAIR_PHOTOS = 10
/** The photos one of the operator's photo-request links adds, and how long the link works. */
export const MAX_REQUESTED_PHOTOS = 10
export const PHOTO_REQUEST_DAYS = 7
/** The three windshield photos setup requires, and how many more a customer may add. */
export const REQUIRED_PHOTO_TYPES = ['head_on', 'inside_drivers', 'inside_passengers'] as const
export type RequiredPhotoType = (typeof REQUIRED_PHOTO_TYPES)[number]
export const MAX_ADDITIONAL_PHOTOS = 10
export const MAX_PHOTO_FILES = REQUIRED_PHOTO_TYPES.length + MAX_ADDITIONAL_PHOTOS
/** The longest original file name we keep (shown to the operator and the shop; the file itself has our own name). */
export const MAX_STORED_FILE_NAME = 200

export function tooLargeMessage(fileName: string) {
  return `Each photo must be ${MAX_UPLOAD_MB} MB or smaller. "${fileName}" is larger.`
}

/**
 * Whether a file's first bytes are those of an image format (JPEG, PNG, GIF, WebP, TIFF, HEIC/HEIF/AVIF), so the
 * browser can refuse a text file named .jpg before uploading it. The server decodes every image
 * anyway; this only saves the customer an upload. Pass at least the first 12 bytes.
 */
export function hasImageSignature(bytes: Uint8Array) {
  const at = (offset: number, ...expected: number[]) => expected.every((value, index) => bytes[offset + index] === value)
  const ascii = (offset: number, text: string) => at(offset, ...Array.from(text, (char) => char.charCodeAt(0)))
  return (
    at(0, 0xff, 0xd8, 0xff) || // JPEG
    at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a) || // PNG
    ascii(0, 'GIF8') ||
    (ascii(0, 'RIFF') && ascii(8, 'WEBP')) ||
    at(0, 0x49, 0x49, 0x2a, 0x00) || // TIFF, little-endian
    at(0, 0x4d, 0x4d, 0x00, 0x2a) || // TIFF, big-endian
    ascii(4, 'ftyp') // HEIC, HEIF, AVIF (ISO base media)
  )
}

/** The MIME type of a stored file, from its extension (we only ever store JPEG, but be exact about what we serve). */
export function contentTypeFor(relPath: string) {
  const extension = /\.[^./\\]*$/.exec(relPath)?.[0]?.toLowerCase() ?? ''
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

/** Kinds of claim document that are papers to keep rather than photos to look at: downloaded, never shown in the tab. */
export const DOWNLOADED_DOCUMENT_TYPES: readonly string[] = [
  'invoice',
  'calibration_report',
  'calibration_pre_scan',
  'calibration_post_scan',
]

/**
 * How /files/ hands a stored file over: a document (an invoice, a calibration report) or anything that is not an
 * image is an attachment, so a file that is also a web page or carries a script is saved, never opened as a page of
 * this site; photos stay inline for the pages that show them. The filename is our stored name (ASCII, with the
 * extension of what we serve), never the uploader's, which could say `.html`.
 */
export function contentDispositionFor(relPath: string, documentType: string | null) {
  const fileName = /[^/\\]*$/.exec(relPath)![0].replace(/[^A-Za-z0-9._-]/g, '_') || 'file'
  const attachment =
    !contentTypeFor(relPath).startsWith('image/') || (documentType !== null && DOWNLOADED_DOCUMENT_TYPES.includes(documentType))
  return `${attachment ? 'attachment' : 'inline'}; filename="${fileName}"`
}
