import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import { PassThrough } from 'node:stream'

import sharp from 'sharp'
import { describe, expect, it, test, vi } from 'vitest'

import { contentDispositionFor, contentTypeFor, hasImageSignature } from '~/domain/uploads'
import { resetEnvForTests } from '~/env.server'
import { requestAnswered, type RequestScope, requestScope } from '~/logger.server'
import { bucketStore } from '~/services/bucket-store.server'
import { decodeBytes, MAX_DECODE_BYTES, MAX_INPUT_PIXELS } from '~/services/images.server'
import { readMultipartForm, readMultipartFormOrRefusal, UPLOAD_HEAD_BYTES, UploadError } from '~/services/multipart.server'
import { scratchFiles } from '~/services/scratch.server'
import { signedFileUrl, verifySignedFile } from '~/services/signed-links.server'
import { storeImage } from '~/services/staged-files.server'
import { deleteStored, fileStore } from '~/services/storage.server'
import { uploadsPath, volumeStore } from '~/services/volume-store.server'

import { expectConsoleError } from '../support/console'
import { jpeg as makeJpeg, png as makePng } from '../support/photos'

function multipartRequest(form: FormData) {
  return new Request('http://localhost:3999/upload', { method: 'POST', body: form })
}

/** Reads a form as server.js answers a request: inside the request's scope, which `answered()` ends. */
function readInRequest(request: Request, limits: Parameters<typeof readMultipartForm>[1]) {
  const scope: RequestScope = { reqId: 'req-upload', whenAnswered: [] }
  return { read: requestScope.run(scope, () => readMultipartForm(request, limits)), answered: () => requestAnswered(scope) }
}

const jpeg = (width: number, height: number) => makeJpeg({ width, height, colour: '#2878c8' })

describe('readMultipartForm', () => {
  test('returns text fields and files, skipping empty file inputs', async () => {
    const form = new FormData()
    form.append('intent', 'upload')
    form.append('head_on', new File([await jpeg(20, 10)], 'front.jpg', { type: 'image/jpeg' }))
    form.append('other', new File([], '', { type: 'application/octet-stream' }))
    const { fields, files } = await readMultipartForm(multipartRequest(form), { maxFiles: 3 })
    expect(fields.get('intent')).toBe('upload')
    expect(files).toHaveLength(1)
    expect(files[0]).toMatchObject({ fieldName: 'head_on', fileName: 'front.jpg', contentType: 'image/jpeg' })
    expect(files[0]!.bytes.length).toBeGreaterThan(100)
  })

  test('refuses a file over the size limit with its name', async () => {
    const form = new FormData()
    form.append('head_on', new File([Buffer.alloc(2048, 1)], 'big.jpg', { type: 'image/jpeg' }))
    const error = await readMultipartForm(multipartRequest(form), { maxFiles: 3, maxFileBytes: 1024 }).catch((e) => e)
    expect(error).toBeInstanceOf(UploadError)
    expect(error).toMatchObject({ field: 'head_on', status: 413, message: 'Each photo must be 10 MB or smaller. "big.jpg" is larger.' })
  })

  test('refuses more files than allowed', async () => {
    const form = new FormData()
    for (let i = 0; i < 3; i++) form.append('other', new File([Buffer.from('x')], `${i}.jpg`))
    const error = await readMultipartForm(multipartRequest(form), { maxFiles: 2 }).catch((e) => e)
    expect(error).toBeInstanceOf(UploadError)
    expect(error.status).toBe(413)
  })

  test('keeps a file over a megabyte on disk until its request ends, and whole when asked for its bytes', async () => {
    const sent = randomBytes(3 * 1024 * 1024)
    const form = new FormData()
    form.append('report', new File([sent], 'report.pdf', { type: 'application/pdf' }))
    const request = readInRequest(multipartRequest(form), { maxFiles: 1, maxFileBytes: 4 * 1024 * 1024 })
    const { files } = await request.read
    expect(files[0]!.spooled?.head.length).toBe(UPLOAD_HEAD_BYTES)
    expect(files[0]!.bytes.equals(sent)).toBe(true)
    expect(scratchFiles()).toHaveLength(1)
    request.answered()
    await vi.waitFor(() => expect(scratchFiles()).toEqual([]))

    // Outside a request server.js answers, nothing would remove the file: it is held in memory.
    const { files: held } = await readMultipartForm(multipartRequest(form), { maxFiles: 1, maxFileBytes: 4 * 1024 * 1024 })
    expect(held[0]!.spooled).toBeUndefined()
    expect(held[0]!.bytes.equals(sent)).toBe(true)
    expect(scratchFiles()).toEqual([])
  })

  test('leaves no scratch file behind a file refused on its way to disk, or a body cut off inside one', async () => {
    const form = new FormData()
    form.append('note', 'kept')
    form.append('photos', new File([randomBytes(3 * 1024 * 1024)], 'huge.jpg', { type: 'image/jpeg' }))
    // Removed at once, before the request is answered.
    const refused = await readInRequest(multipartRequest(form), { maxFiles: 1, maxFileBytes: 2 * 1024 * 1024 }).read.catch((e) => e)
    expect(refused).toMatchObject({ field: 'photos', status: 413 })
    expect(refused.fieldsRead.get('note')).toBe('kept')
    await vi.waitFor(() => expect(scratchFiles()).toEqual([]))

    const encoded = new Response(form)
    const whole = Buffer.from(await encoded.arrayBuffer())
    const cutOff = new Request('http://localhost:3999/upload', {
      method: 'POST',
      body: new Uint8Array(whole.subarray(0, 2 * 1024 * 1024)),
      headers: { 'Content-Type': encoded.headers.get('Content-Type')! },
    })
    const broken = await readInRequest(cutOff, { maxFiles: 1, maxFileBytes: 4 * 1024 * 1024 }).read.catch((e) => e)
    expect(broken).toMatchObject({ field: 'photos', status: 400 })
    await vi.waitFor(() => expect(scratchFiles()).toEqual([]))
  })

  test('answers 503, keeping no file, when the disk cannot take an upload, and tells the operator', async () => {
    expectConsoleError(/an upload could not be written to a scratch file/)
    const full = vi.spyOn(fs, 'createWriteStream').mockImplementation(() => {
      const stream = new PassThrough()
      process.nextTick(() => stream.destroy(Object.assign(new Error('ENOSPC: no space left'), { code: 'ENOSPC' })))
      return stream as unknown as fs.WriteStream
    })
    try {
      const form = new FormData()
      form.append('note', 'kept')
      form.append('photos', new File([randomBytes(2 * 1024 * 1024)], 'damage.jpg', { type: 'image/jpeg' }))
      const error = await readInRequest(multipartRequest(form), { maxFiles: 1 }).read.catch((e) => e)
      expect(error).toMatchObject({
        field: 'form',
        status: 503,
        message: 'We could not receive your upload just now. Please try again in a few minutes.',
      })
      expect(error.fieldsRead.get('note')).toBe('kept')
      await vi.waitFor(() => expect(scratchFiles()).toEqual([]))
    } finally {
      full.mockRestore()
    }
  })

  test('reads a url-encoded body as fields', async () => {
    const request = new Request('http://localhost:3999/x', { method: 'POST', body: new URLSearchParams({ a: '1' }) })
    const { fields, files } = await readMultipartForm(request, { maxFiles: 1 })
    expect(fields.get('a')).toBe('1')
    expect(files).toEqual([])
  })
})

describe('readMultipartFormOrRefusal', () => {
  test('hands back the form, or the refusal instead of throwing it', async () => {
    const accepted = await readMultipartFormOrRefusal(
      new Request('http://localhost:3999/x', { method: 'POST', body: new URLSearchParams({ a: '1' }) }),
      {
        maxFiles: 1,
      },
    )
    expect(accepted.refused).toBeNull()
    expect(accepted.form?.fields.get('a')).toBe('1')

    const form = new FormData()
    form.append('head_on', new File([Buffer.alloc(2048, 1)], 'big.jpg', { type: 'image/jpeg' }))
    const refused = await readMultipartFormOrRefusal(multipartRequest(form), { maxFiles: 3, maxFileBytes: 1024 })
    expect(refused.form).toBeNull()
    expect(refused.refused).toBeInstanceOf(UploadError)
    expect(refused.refused).toMatchObject({ field: 'head_on', status: 413 })
  })
})

describe('storeImage', () => {
  test('re-encodes to a JPEG no larger than 2560 px plus a thumbnail', async () => {
    const png = await makePng({ width: 3000, height: 1000, colour: '#888' })
    const stored = await storeImage({ fieldName: 'head_on', fileName: 'a.png', contentType: 'image/png', bytes: png }, 'test/one/head_on')
    expect(stored).toEqual({ filePath: 'test/one/head_on.jpg', thumbPath: 'test/one/head_on.thumb.jpg' })
    const main = await sharp(uploadsPath(stored.filePath)).metadata()
    const thumb = await sharp(uploadsPath(stored.thumbPath)).metadata()
    expect([main.format, main.width, main.height]).toEqual(['jpeg', 2560, 853])
    expect([thumb.format, thumb.width]).toEqual(['jpeg', 480])
    deleteStored([stored.filePath, stored.thumbPath])
    expect(fs.existsSync(uploadsPath(stored.filePath))).toBe(false)
  })

  test('refuses what is not an image', async () => {
    const file = { fieldName: 'head_on', fileName: 'notes.jpg', contentType: 'image/jpeg', bytes: Buffer.from('hello, not a photo') }
    await expect(storeImage(file, 'test/two/head_on')).rejects.toMatchObject({ field: 'head_on', message: 'Please select an image file' })
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>')
    await expect(storeImage({ ...file, bytes: svg }, 'test/two/head_on')).rejects.toMatchObject({ message: 'Please select an image file' })
    expect(fs.existsSync(uploadsPath('test/two/head_on.jpg'))).toBe(false)
  })
})

describe('the file store', () => {
  test('is the volume without a bucket and the bucket with UPLOADS_BUCKET, the same adapter on every call', () => {
    expect(fileStore()).toBe(volumeStore)
    expect(fileStore()).toBe(fileStore())
    const names = ['UPLOADS_BUCKET', 'AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY'] as const
    Object.assign(process.env, { UPLOADS_BUCKET: 'glass-test', AWS_ACCESS_KEY_ID: 'key', AWS_SECRET_ACCESS_KEY: 'secret' })
    resetEnvForTests()
    try {
      expect(fileStore()).toBe(bucketStore)
      expect(fileStore()).toBe(fileStore())
    } finally {
      for (const name of names) delete process.env[name]
      resetEnvForTests()
    }
    expect(fileStore()).toBe(volumeStore)
  })

  test('a volume write is invisible until committed, taken back by uncommit, and gone after discard', async () => {
    const relPath = `test-staging/${Date.now()}/one.jpg`
    const write = await volumeStore.stage(relPath, Buffer.from('bytes'))
    expect(await volumeStore.exists(relPath)).toBe(false)
    write.commit()
    expect(await volumeStore.exists(relPath)).toBe(true)
    write.uncommit()
    expect(await volumeStore.exists(relPath)).toBe(false)
    write.discard()
    expect(fs.readdirSync(uploadsPath(relPath.replace(/\/one\.jpg$/, '')))).toEqual([])
  })

  test('serves stored files with the type of their extension', () => {
    expect(contentTypeFor('claim-documents/c/photo.JPG')).toBe('image/jpeg')
    expect(contentTypeFor('claim-documents/c/invoice.pdf')).toBe('application/pdf')
    expect(contentTypeFor('claim-documents/c.d/no-extension')).toBe('application/octet-stream')
  })

  test('hands documents and anything not an image over as downloads named by our stored name; photos inline', () => {
    expect(contentDispositionFor('claim-documents/c/1_calibration_report_ab.pdf', 'calibration_report')).toBe(
      'attachment; filename="1_calibration_report_ab.pdf"',
    )
    // A PDF or an unknown file is a download whatever its row says.
    expect(contentDispositionFor('claim-documents/c/report.pdf', null)).toBe('attachment; filename="report.pdf"')
    expect(contentDispositionFor('claim-documents/c/x.html', null)).toBe('attachment; filename="x.html"')
    expect(contentDispositionFor('claim-documents/c/1_invoice_ab.jpg', 'invoice')).toBe('attachment; filename="1_invoice_ab.jpg"')
    expect(contentDispositionFor('claim-documents/c/1_repair_photo_ab.jpg', 'repair_photo')).toBe(
      'inline; filename="1_repair_photo_ab.jpg"',
    )
    expect(contentDispositionFor('policy-photos/p/q/head_on.thumb.jpg', null)).toBe('inline; filename="head_on.thumb.jpg"')
    // Nothing in the name can break out of its quotes.
    expect(contentDispositionFor('claim-documents/c/a"; b=\r\n.jpg', null)).toBe('inline; filename="a___b___.jpg"')
  })
})

describe('uploadsPath and signed links', () => {
  test('refuses paths that leave the uploads folder', () => {
    expect(() => uploadsPath('../app.sqlite')).toThrow()
    expect(() => uploadsPath('policy-photos/../../x')).toThrow()
    expect(() => uploadsPath('/etc/passwd')).toThrow()
    expect(uploadsPath('policy-photos/a/b.jpg')).toMatch(/uploads[\\/]policy-photos[\\/]a[\\/]b\.jpg$/)
  })

  test('a signed link verifies for its path only, and not after it expires', () => {
    const url = new URL(signedFileUrl('claim-documents/c1/photo.jpg', 60), 'http://x')
    expect(url.pathname).toBe('/files/claim-documents/c1/photo.jpg')
    const exp = url.searchParams.get('exp')
    const sig = url.searchParams.get('sig')
    expect(verifySignedFile('claim-documents/c1/photo.jpg', exp, sig)).toBe(true)
    expect(verifySignedFile('claim-documents/c2/photo.jpg', exp, sig)).toBe(false)
    expect(verifySignedFile('claim-documents/c1/photo.jpg', String(Number(exp) + 1), sig)).toBe(false)
    expect(verifySignedFile('claim-documents/c1/photo.jpg', null, sig)).toBe(false)
    const expired = new URL(signedFileUrl('claim-documents/c1/photo.jpg', -5), 'http://x')
    expect(verifySignedFile('claim-documents/c1/photo.jpg', expired.searchParams.get('exp'), expired.searchParams.get('sig'))).toBe(false)
  })
})

describe('image signatures (the browser’s check before an upload)', () => {
  it('knows JPEG, PNG, GIF, WebP, TIFF and HEIC/AVIF by their first bytes, and nothing else', () => {
    const bytes = (...values: (number | string)[]) =>
      new Uint8Array(values.flatMap((value) => (typeof value === 'string' ? Array.from(value, (char) => char.charCodeAt(0)) : [value])))
    for (const image of [
      bytes(0xff, 0xd8, 0xff, 0xe0),
      bytes(0x89, 'PNG', 0x0d, 0x0a, 0x1a, 0x0a),
      bytes('GIF89a'),
      bytes('RIFF', 0, 0, 0, 0, 'WEBP'),
      bytes('II', 0x2a, 0),
      bytes('MM', 0, 0x2a),
      bytes(0, 0, 0, 0x18, 'ftypheic'),
    ]) {
      expect(hasImageSignature(image)).toBe(true)
    }
    for (const other of [bytes('These are my notes'), bytes('%PDF-1.7'), bytes('RIFF', 0, 0, 0, 0, 'WAVE'), new Uint8Array()]) {
      expect(hasImageSignature(other)).toBe(false)
    }
  })
})

describe('the decode budget (what an image header may declare)', () => {
  const fits = (header: Parameters<typeof decodeBytes>[0]) => decodeBytes(header) <= MAX_DECODE_BYTES
  it('accepts real phone photos: 108 MP and 12 MP JPEGs, a 48 MP HEIC', () => {
    expect(fits({ width: 12000, height: 9000, channels: 3, depth: 'uchar', format: 'jpeg' })).toBe(true)
    expect(fits({ width: 4032, height: 3024, channels: 3, depth: 'uchar', format: 'jpeg', isProgressive: true })).toBe(true)
    expect(fits({ width: 8064, height: 6048, channels: 3, depth: 'uchar', format: 'heif' })).toBe(true)
    expect(12000 * 9000).toBeLessThanOrEqual(MAX_INPUT_PIXELS)
  })

  it('refuses what no camera makes: a 7000 × 7000 RGBA PNG, a 16-bit one, a 108 MP progressive JPEG', () => {
    expect(fits({ width: 7000, height: 7000, channels: 4, depth: 'uchar', format: 'png' })).toBe(false)
    expect(fits({ width: 5000, height: 5000, channels: 4, depth: 'ushort', format: 'png' })).toBe(false)
    expect(fits({ width: 5000, height: 5000, channels: 4, depth: 'uchar', format: 'png' })).toBe(true)
    // A progressive JPEG holds every coefficient of the whole image while it is read, whatever the output size.
    expect(fits({ width: 12000, height: 9000, channels: 3, depth: 'uchar', format: 'jpeg', isProgressive: true })).toBe(false)
  })
})
