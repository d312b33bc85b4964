import { Readable } from 'node:stream'
import type { ReadableStream as NodeWebReadableStream } from 'node:stream/web'
import busboy from 'busboy'

/** A file the demo was sent: what the form said about it. Its bytes were read off the wire and thrown away. */
export type DiscardedFile = { fieldName: string; fileName: string; contentType: string; size: number }

const MAX_FILE_BYTES = 10 * 1024 * 1024
const MAX_FILES = 30
const MAX_FIELDS = 50
const MAX_FIELD_BYTES = 16 * 1024
/** Beyond this the request is not a demo visitor's: stop reading. */
const HARD_LIMIT = (MAX_FILES + 1) * MAX_FILE_BYTES

export class DemoUploadError extends Error {
  constructor(public status: number, message: string) {
    super(message)
    this.name = 'DemoUploadError'
  }
}

/**
 * Reads a demo form without keeping any file (DESIGN §6: the demo never touches storage): fields are collected, each
 * file's bytes are drained from the stream unread and only its name, type and size are reported. A url-encoded body is
 * read as plain fields.
 */
export async function readDemoForm(request: Request): Promise<{ fields: FormData; files: DiscardedFile[] }> {
  const contentType = request.headers.get('Content-Type') ?? ''
  if (!/^multipart\/form-data/i.test(contentType)) return { fields: await request.formData(), files: [] }
  if (!request.body) return { fields: new FormData(), files: [] }
  if (Number(request.headers.get('Content-Length') ?? 0) > HARD_LIMIT) throw new DemoUploadError(413, 'This upload is too large.')

  return new Promise((resolve, reject) => {
    const fields = new FormData()
    const files: DiscardedFile[] = []
    let settled = false
    const fail = (error: Error) => {
      if (settled) return
      settled = true
      reject(error)
    }

    const parser = busboy({
      headers: { 'content-type': contentType },
      limits: { fileSize: MAX_FILE_BYTES, fieldSize: MAX_FIELD_BYTES, fields: MAX_FIELDS, files: MAX_FILES },
    })
    const source = Readable.fromWeb(request.body as unknown as NodeWebReadableStream<Uint8Array>)
    let received = 0
    source.on('data', (chunk: Buffer) => {
      received += chunk.length
      if (received > HARD_LIMIT) {
        fail(new DemoUploadError(413, 'This upload is too large.'))
        source.unpipe(parser)
        source.destroy()
      }
    })
    source.on('error', fail)

    parser.on('field', (name, value) => fields.append(name, value))
    parser.on('file', (fieldName, stream, info) => {
      let size = 0
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length // counted, never kept
      })
      stream.on('end', () => {
        const fileName = info.filename ?? ''
        if (!fileName && size === 0) return // an empty file input: nothing chosen
        files.push({ fieldName, fileName: fileName || 'photo', contentType: info.mimeType, size })
      })
    })
    parser.on('error', (error: Error) => fail(new DemoUploadError(400, `The form could not be read (${error.message}).`)))
    parser.on('close', () => {
      if (settled) return
      settled = true
      resolve({ fields, files })
    })
    source.pipe(parser)
  })
}
