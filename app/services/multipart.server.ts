import { Readable } from 'node:stream'
import type { ReadableStream as NodeWebReadableStream } from 'node:stream/web'

import busboy from 'busboy'

import { MAX_UPLOAD_BYTES, tooLargeMessage } from '~/domain/uploads'

/**
 * Reading a multipart form as it streams in, with limits: files are held in memory only up to their limit, and every
 * way a client can break a body ends as an UploadError for that request. Nothing here decodes or writes a file.
 */

const DEFAULT_FIELD_BYTES = 64 * 1024
const MAX_FIELDS = 100

/**
 * A file from a multipart form. `bytes` is empty when the reader was asked not to keep files (the demo). A file the
 * reader kept also has the `chunks` it arrived in: `bytes` joins them the first time it is read, so the image work,
 * which writes a 12 MP photo to a scratch file chunk by chunk (images.server.ts), never copies 5 MB into one buffer.
 */
export type UploadedFile = { fieldName: string; fileName: string; contentType: string; bytes: Buffer; chunks?: readonly Buffer[] }

/** An upload as its chunks, joined only when `bytes` is read (and then held joined, the chunks let go). */
function heldUpload(facts: Omit<UploadedFile, 'bytes' | 'chunks'>, chunks: Buffer[], size: number): UploadedFile {
  let joined: Buffer | undefined
  const file = {
    ...facts,
    chunks: chunks as readonly Buffer[],
    get bytes() {
      if (!joined) {
        joined = Buffer.concat(chunks, size)
        file.chunks = [joined]
      }
      return joined
    },
  }
  return file
}

/** A refused upload: the message is for the person uploading, shown next to `field`. */
export class UploadError extends Error {
  /**
   * The form's fields the multipart reader had read when it refused the upload (those before the refused file), so
   * the page can show what was typed again; null for a refusal made after the form was read.
   */
  fieldsRead: FormData | null = null

  constructor(
    public field: string,
    message: string,
    public status = 400,
  ) {
    super(message)
    this.name = 'UploadError'
  }
}

const UNREADABLE = 'The upload could not be read. Please choose your photos and submit the form again.'
const TOO_LARGE = 'This upload is too large. Please send fewer or smaller photos.'

/** The most a form with this many files may send: beyond it the request cannot be legitimate. */
export function uploadBodyLimit(maxFiles: number, maxFileBytes = MAX_UPLOAD_BYTES, maxFieldBytes = DEFAULT_FIELD_BYTES) {
  return (maxFiles + 3) * maxFileBytes + MAX_FIELDS * maxFieldBytes
}

/**
 * Reads a multipart/form-data request as it streams in, dropping the files as soon as a limit is passed (a file over
 * maxFileBytes, or more than maxFiles files), so an oversized upload is never held whole in memory. Empty file inputs
 * (no file chosen) are skipped. A url-encoded body is read as plain fields. With `keepBytes: false` (the demo, which
 * never stores anything) each file's bytes are counted and dropped as they arrive.
 *
 * Whatever the client sends — a body cut off inside a file, a connection dropped mid-upload, a broken boundary, a
 * limit passed mid-file — ends as an UploadError (400 or 413) for this request: every stream involved has an error
 * listener, so nothing can escape as an uncaught 'error' event. The error carries the fields read (`fieldsRead`):
 * after a file too large, the rest of the form's fields are still read, so the page shows what was typed again. The
 * reader writes nothing to disk.
 */
export async function readMultipartForm(
  request: Request,
  limits: { maxFiles: number; maxFileBytes?: number; maxFieldBytes?: number; keepBytes?: boolean },
): Promise<{ fields: FormData; files: UploadedFile[] }> {
  const maxFileBytes = limits.maxFileBytes ?? MAX_UPLOAD_BYTES
  const maxFieldBytes = limits.maxFieldBytes ?? DEFAULT_FIELD_BYTES
  const keepBytes = limits.keepBytes ?? true
  const contentType = request.headers.get('Content-Type') ?? ''

  if (!/^multipart\/form-data/i.test(contentType)) {
    if (/^application\/x-www-form-urlencoded/i.test(contentType)) {
      try {
        return { fields: await request.formData(), files: [] }
      } catch {
        throw new UploadError('form', UNREADABLE, 400)
      }
    }
    throw new UploadError('form', 'Please submit the form again.', 415)
  }
  if (!request.body) return { fields: new FormData(), files: [] }

  const hardLimit = uploadBodyLimit(limits.maxFiles, maxFileBytes, maxFieldBytes)
  const declared = Number(request.headers.get('Content-Length') ?? 0)
  if (declared > hardLimit) throw new UploadError('form', TOO_LARGE, 413)

  let parser: busboy.Busboy
  try {
    parser = busboy({
      headers: { 'content-type': contentType },
      limits: {
        fileSize: maxFileBytes,
        fieldSize: maxFieldBytes,
        fields: MAX_FIELDS,
        files: limits.maxFiles + 20,
        parts: MAX_FIELDS + limits.maxFiles + 20,
      },
    })
  } catch {
    throw new UploadError('form', UNREADABLE, 400) // no boundary, or a content type busboy cannot read
  }
  const source = Readable.fromWeb(request.body as unknown as NodeWebReadableStream<Uint8Array>)

  return new Promise((resolve, reject) => {
    const fields = new FormData()
    const files: UploadedFile[] = []
    let settled = false
    let refusal: UploadError | null = null

    // A body that cannot be read on (cut off, broken, past the hard limit) is answered at once; server.js reads and
    // drops what is left of it (up to the hard limit), so the browser gets our message instead of a reset connection.
    const fail = (error: UploadError) => {
      if (settled) return
      settled = true
      files.length = 0
      error.fieldsRead = fields
      reject(error)
    }
    // A refusal of what was sent (a file too large, too many files, an entry too long) is answered when the body
    // ends: the files are dropped from then on, but the rest of the form is still read for its fields, so the page
    // can show everything typed around the refused file again. The first refusal is the answer.
    const refuse = (error: UploadError) => {
      if (settled || refusal) return
      refusal = error
      files.length = 0
    }

    let received = 0
    source.on('data', (chunk: Buffer) => {
      received += chunk.length
      if (received > hardLimit) {
        fail(new UploadError('form', TOO_LARGE, 413))
        source.unpipe(parser)
        source.destroy()
      }
    })
    // The client went away, or server.js cut the body off at its limit.
    source.on('error', () => fail(new UploadError('form', UNREADABLE, 400)))

    parser.on('field', (name, value, info) => {
      if (settled) return
      if (info.valueTruncated) return refuse(new UploadError(name, 'This entry is too long.', 413))
      fields.append(name, value)
    })

    parser.on('file', (fieldName, stream, info) => {
      const fileName = info.filename ?? ''
      const chunks: Buffer[] = []
      let size = 0
      // busboy errors a file stream whose part never ends (a body cut off inside a file): ours to turn into a 400.
      stream.on('error', () => fail(new UploadError(fieldName, UNREADABLE, 400)))
      stream.on('data', (chunk: Buffer) => {
        if (settled || refusal) return
        size += chunk.length
        if (keepBytes) chunks.push(chunk)
      })
      stream.on('limit', () => {
        chunks.length = 0
        refuse(new UploadError(fieldName, tooLargeMessage(fileName || 'this file'), 413))
      })
      stream.on('end', () => {
        if (settled || refusal) return
        if (!fileName && size === 0) return // an empty file input: nothing chosen
        if (files.length >= limits.maxFiles) {
          return refuse(new UploadError(fieldName, `Please upload no more than ${limits.maxFiles} photos at a time.`, 413))
        }
        const facts = { fieldName, fileName: fileName || 'photo', contentType: info.mimeType }
        files.push(keepBytes ? heldUpload(facts, chunks, size) : { ...facts, bytes: Buffer.alloc(0) })
      })
    })

    parser.on('filesLimit', () => fail(new UploadError('form', `Please upload no more than ${limits.maxFiles} photos at a time.`, 413)))
    parser.on('fieldsLimit', () => fail(new UploadError('form', 'This form has too many entries.', 413)))
    parser.on('partsLimit', () => fail(new UploadError('form', 'This form has too many entries.', 413)))
    parser.on('error', () => fail(new UploadError('form', UNREADABLE, 400)))
    parser.on('close', () => {
      if (refusal) return fail(refusal)
      if (settled) return
      settled = true
      resolve({ fields, files })
    })

    source.pipe(parser)
  })
}

/**
 * `readMultipartForm` for an action that answers a refused upload on its own page: the refusal comes back as `refused`
 * (with no form) instead of being thrown, so the action answers it in one line. Any other error is still thrown.
 */
export async function readMultipartFormOrRefusal(
  request: Request,
  limits: Parameters<typeof readMultipartForm>[1],
): Promise<{ form: Awaited<ReturnType<typeof readMultipartForm>>; refused: null } | { form: null; refused: UploadError }> {
  try {
    return { form: await readMultipartForm(request, limits), refused: null }
  } catch (error) {
    if (error instanceof UploadError) return { form: null, refused: error }
    throw error
  }
}
