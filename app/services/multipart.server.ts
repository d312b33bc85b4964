import fs from 'node:fs'
import { Readable } from 'node:stream'
import type { ReadableStream as NodeWebReadableStream } from 'node:stream/web'

import busboy from 'busboy'

import { MAX_UPLOAD_BYTES, tooLargeMessage } from '~/domain/uploads'
import { logger, whenRequestAnswered } from '~/logger.server'
import { removeScratch, scratchPath } from '~/services/scratch.server'

/**
 * Reading a multipart form as it streams in, with limits: every way a client can break a body ends as an UploadError
 * for that request. A small file is held in memory; a larger one goes to a scratch file as it arrives
 * (docs/decisions/097-uploads-spooled-to-scratch-files.md). Nothing here decodes a file.
 */

const DEFAULT_FIELD_BYTES = 64 * 1024
const MAX_FIELDS = 100

/**
 * The start of a spooled upload that is also held in memory. A JPEG's EXIF is one APP1 segment (64 KB at most) near its
 * start and its size comes before the pixels, so a phone photo's header and EXIF are read from here (images.server.ts).
 */
export const UPLOAD_HEAD_BYTES = 256 * 1024
/**
 * A file larger than this goes to a scratch file as it arrives. A photo held whole waits in memory for its turn in the
 * image queue, long enough for its socket buffers to be promoted and then collected by full garbage collections; a
 * storm's eight 12 MP claims in flight held ~120 MB that way. Spooled, each chunk is let go as soon as it is written.
 */
const SPOOL_FROM_BYTES = 1024 * 1024

/**
 * A file from a multipart form. `bytes` is empty when the reader was asked not to keep files (the demo). A spooled file
 * (`spooled`) is on disk until its request ends, with its first UPLOAD_HEAD_BYTES in memory: `bytes` reads it whole
 * the first time it is asked for, so every reader of a file works the same, and the image work, which decodes a
 * 12 MP photo from a file anyway, reads it from where it is.
 */
export type UploadedFile = {
  fieldName: string
  fileName: string
  contentType: string
  bytes: Buffer
  spooled?: { path: string; head: Buffer }
}

/**
 * The upload's first UPLOAD_HEAD_BYTES (the whole of a smaller one): what a file is (a JPEG's header and EXIF, a PDF's
 * signature) is read from here, so a spooled upload is not read back from disk to be told apart.
 */
export function uploadHead(file: UploadedFile): Buffer {
  return file.spooled?.head ?? file.bytes.subarray(0, UPLOAD_HEAD_BYTES)
}

/** An upload that is on disk: `bytes` reads it on first use. */
function spooledUpload(facts: Omit<UploadedFile, 'bytes' | 'spooled'>, spooled: { path: string; head: Buffer }): UploadedFile {
  let whole: Buffer | undefined
  return {
    ...facts,
    spooled,
    get bytes() {
      whole ??= fs.readFileSync(spooled.path)
      return whole
    },
  }
}

/**
 * One file being written to a scratch file as it arrives, pausing the part's stream while the disk catches up. `done`
 * settles when every byte is written (or the disk failed); `discard` stops it and removes the file.
 */
function spool(source: Readable) {
  const path = scratchPath()
  const out = fs.createWriteStream(path, { flags: 'wx', mode: 0o600 })
  let failure: Error | null = null
  let waitingForDrain = false
  const done = new Promise<void>((resolve) => {
    out.on('finish', () => resolve())
    out.on('error', (error) => {
      failure = error
      source.resume()
      resolve()
    })
    out.on('close', () => resolve())
  })
  return {
    path,
    done,
    failure: () => failure,
    write(chunk: Buffer) {
      if (failure || out.destroyed) return
      // One wait for the disk however many chunks are written meanwhile (the ones held before spooling come at once).
      if (!out.write(chunk) && !waitingForDrain) {
        waitingForDrain = true
        source.pause()
        out.once('drain', () => {
          waitingForDrain = false
          source.resume()
        })
      }
    },
    end() {
      if (!out.destroyed) out.end()
    },
    discard() {
      out.destroy()
      removeScratch(path)
      source.resume() // it may be waiting for a 'drain' that will not come now
    },
  }
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
 * after a file too large, the rest of the form's fields are still read, so the page shows what was typed again.
 *
 * A file over SPOOL_FROM_BYTES is written to a scratch file as it arrives. The request's scratch files are removed once
 * it is answered (whenRequestAnswered), and at once when the upload is refused or dropped; a disk that cannot take
 * them answers 503. Outside a request answered by server.js (a test calling an action, `react-router dev`) nothing
 * would remove them, so there every file is held in memory.
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
    // Every scratch file of this request: each goes when the request ends, or sooner when its file is dropped.
    const spools: ReturnType<typeof spool>[] = []
    const discardSpools = () => {
      for (const file of spools) file.discard()
    }
    const spooling = keepBytes && whenRequestAnswered(discardSpools)
    const dropFiles = () => {
      files.length = 0
      discardSpools()
    }

    // A body that cannot be read on (cut off, broken, past the hard limit) is answered at once; server.js reads and
    // drops what is left of it (up to the hard limit), so the browser gets our message instead of a reset connection.
    const fail = (error: UploadError) => {
      if (settled) return
      settled = true
      dropFiles()
      error.fieldsRead = fields
      reject(error)
    }
    // A refusal of what was sent (a file too large, too many files, an entry too long) is answered when the body
    // ends: the files are dropped from then on, but the rest of the form is still read for its fields, so the page
    // can show everything typed around the refused file again. The first refusal is the answer.
    const refuse = (error: UploadError) => {
      if (settled || refusal) return
      refusal = error
      dropFiles()
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
      let head: Buffer | null = null
      let onDisk: ReturnType<typeof spool> | null = null
      // busboy errors a file stream whose part never ends (a body cut off inside a file): ours to turn into a 400.
      stream.on('error', () => fail(new UploadError(fieldName, UNREADABLE, 400)))
      stream.on('data', (chunk: Buffer) => {
        if (settled || refusal) return
        size += chunk.length
        if (!keepBytes) return
        if (onDisk) return onDisk.write(chunk)
        chunks.push(chunk)
        if (!spooling || size <= SPOOL_FROM_BYTES) return
        // Large enough to go to disk: what was held goes first, and its start stays in memory.
        head = Buffer.concat(chunks, UPLOAD_HEAD_BYTES)
        try {
          onDisk = spool(stream)
        } catch (error) {
          return fail(diskFailure(error))
        }
        spools.push(onDisk)
        for (const held of chunks) onDisk.write(held)
        chunks.length = 0
      })
      stream.on('limit', () => {
        chunks.length = 0
        refuse(new UploadError(fieldName, tooLargeMessage(fileName || 'this file'), 413))
      })
      stream.on('end', () => {
        onDisk?.end()
        if (settled || refusal) return
        if (!fileName && size === 0) return // an empty file input: nothing chosen
        if (files.length >= limits.maxFiles) {
          return refuse(new UploadError(fieldName, `Please upload no more than ${limits.maxFiles} photos at a time.`, 413))
        }
        const facts = { fieldName, fileName: fileName || 'photo', contentType: info.mimeType }
        if (!keepBytes) files.push({ ...facts, bytes: Buffer.alloc(0) })
        else if (onDisk && head) files.push(spooledUpload(facts, { path: onDisk.path, head }))
        else files.push({ ...facts, bytes: chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size) })
      })
    })

    parser.on('filesLimit', () => fail(new UploadError('form', `Please upload no more than ${limits.maxFiles} photos at a time.`, 413)))
    parser.on('fieldsLimit', () => fail(new UploadError('form', 'This form has too many entries.', 413)))
    parser.on('partsLimit', () => fail(new UploadError('form', 'This form has too many entries.', 413)))
    parser.on('error', () => fail(new UploadError('form', UNREADABLE, 400)))
    parser.on('close', () => {
      if (refusal) return fail(refusal)
      if (settled) return
      // Answered once every spooled file is wholly on disk.
      void Promise.all(spools.map((file) => file.done)).then(() => {
        const failure = spools.map((file) => file.failure()).find(Boolean)
        if (failure) return fail(diskFailure(failure))
        if (settled) return
        settled = true
        resolve({ fields, files })
      })
    })

    source.pipe(parser)
  })
}

/** The server's disk could not take an upload: the operator is told, and the person is asked to try again. */
function diskFailure(error: unknown) {
  logger.error({ err: error }, 'an upload could not be written to a scratch file')
  return new UploadError('form', 'We could not receive your upload just now. Please try again in a few minutes.', 503)
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
