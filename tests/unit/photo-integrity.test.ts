import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import sharp from 'sharp'
import { describe, expect, it, vi } from 'vitest'

import { addressKey } from '~/domain/letters'
import {
  BAND_COUNT,
  BAND_LAYOUTS,
  BAND_SPAN,
  BAND_WIDTHS,
  bandKeys,
  bandRows,
  BLANK_HASH,
  cameraFromExif,
  candidateRows,
  capturedBeforeSetup,
  capturedFarFromDamageDate,
  captureTimeFromExif,
  hashDistance,
  hashFromBits,
  hashOfBandRow,
  isComparable,
  lowFrequencies,
  MATCH_DISTANCE,
  nearHashes,
  ORIENTED_SIDE,
  orientedHashes,
  probeKeys,
} from '~/domain/photo-integrity'
import { requestAnswered, requestScope } from '~/logger.server'
import { prepareImage, storedScale } from '~/services/images.server'
import { readMultipartForm, UPLOAD_HEAD_BYTES, type UploadedFile, uploadHead } from '~/services/multipart.server'
import { scratchFiles } from '~/services/scratch.server'

import { jpeg, photoEdits, photoVariants, windshieldPhoto } from '../support/photos'

// This file's own temporary folder (vitest runs each file in its own process), so the scratch files of the half-size
// decode below can be counted.
const scratchRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'photo-integrity-'))
process.env.TMPDIR = scratchRoot

const upload = (bytes: Buffer) => ({ fieldName: 'photos', fileName: 'photo.jpg', contentType: 'image/jpeg', bytes })
const hashOf = async (bytes: Buffer) => (await prepareImage(upload(bytes))).hash

describe('the hash distance threshold, on real images through the upload pipeline', () => {
  const seeds = [1, 2, 3, 4, 5, 6]

  it('matches the same photo re-encoded, resized and cropped by a percent at each edge', async () => {
    for (const seed of seeds) {
      const original = await windshieldPhoto(seed)
      const hash = await hashOf(original)
      for (const [name, variant] of Object.entries(photoVariants)) {
        const distance = hashDistance(hash, await hashOf(await variant(original)))
        expect(distance, `seed ${seed}, ${name}`).toBeLessThanOrEqual(MATCH_DISTANCE)
      }
    }
  })

  it('does not match different windshields', async () => {
    const hashes = await Promise.all(seeds.map(async (seed) => hashOf(await windshieldPhoto(seed))))
    for (let a = 0; a < hashes.length; a++) {
      for (let b = a + 1; b < hashes.length; b++) {
        expect(hashDistance(hashes[a]!, hashes[b]!), `seeds ${seeds[a]} and ${seeds[b]}`).toBeGreaterThan(MATCH_DISTANCE)
      }
    }
  })

  it('gives a picture with no detail the blank hash, which is never compared', async () => {
    const hash = await hashOf(await jpeg({ colour: '#3366aa' }))
    expect(hash).toBe(BLANK_HASH)
    expect(isComparable(hash)).toBe(false)
    expect(isComparable(await hashOf(await windshieldPhoto(9)))).toBe(true)
  })
})

describe('the oriented hashes, on real images through the upload pipeline', () => {
  const seeds = [1, 2, 3, 4, 5, 6, 7, 8]
  const prepared = async (bytes: Buffer) => prepareImage(upload(bytes))
  /** How far an edited copy's lookup hash is from the nearest hash the original is filed under. */
  const nearest = (filed: string[], query: string) => Math.min(...filed.map((hash) => hashDistance(hash, query)))

  for (const [name, edit] of Object.entries(photoEdits)) {
    it(`finds a copy ${name}, which the plain hash misses`, async () => {
      let plainMisses = 0
      for (const seed of seeds) {
        const original = await prepared(await windshieldPhoto(seed))
        const copy = await prepared(await edit(await windshieldPhoto(seed)))
        expect(original.orientedHashes.length, `seed ${seed}`).toBeGreaterThan(0)
        expect(nearest(original.orientedHashes, copy.orientedHashes[0]!), `seed ${seed}`).toBeLessThanOrEqual(MATCH_DISTANCE)
        if (hashDistance(original.hash, copy.hash) > MATCH_DISTANCE) plainMisses++
      }
      // What the attack found: the plain hash alone let most of these through (a 3 % crop only some).
      if (name !== 'cropped3') expect(plainMisses).toBeGreaterThan(seeds.length / 2)
    })
  }

  it('still finds the copies the plain hash found, and still tells different windshields apart', async () => {
    const photos = await Promise.all(seeds.map(async (seed) => prepared(await windshieldPhoto(seed))))
    for (const [index, seed] of seeds.entries()) {
      for (const [name, variant] of Object.entries(photoVariants)) {
        const copy = await prepared(await variant(await windshieldPhoto(seed)))
        expect(nearest(photos[index]!.orientedHashes, copy.orientedHashes[0]!), `seed ${seed}, ${name}`).toBeLessThanOrEqual(MATCH_DISTANCE)
      }
    }
    for (const [a, one] of photos.entries()) {
      for (const [b, other] of photos.entries()) {
        if (a === b) continue
        expect(nearest(other.orientedHashes, one.orientedHashes[0]!), `seeds ${seeds[a]} and ${seeds[b]}`).toBeGreaterThan(MATCH_DISTANCE)
      }
    }
    // A photo is filed under a few hashes (two crops, and the orientations near a tie), never all sixteen.
    const filed = photos.map((photo) => photo.orientedHashes.length)
    expect(Math.max(...filed)).toBeLessThanOrEqual(8)
  })

  it('gives the same hash to all eight turns and mirrors of one grey picture, from its coefficients alone', () => {
    // A picture of two gradients of different strength and a spot off the diagonal: no symmetry, no near tie.
    const at = (x: number, y: number) => 40 + 5 * x + 2 * y + (Math.hypot(x - 8, y - 20) < 5 ? 90 : 0)
    const grey = (position: (x: number, y: number) => [number, number]) =>
      Array.from({ length: ORIENTED_SIDE * ORIENTED_SIDE }, (_, index) => {
        const [x, y] = position(index % ORIENTED_SIDE, Math.floor(index / ORIENTED_SIDE))
        return at(x, y)
      })
    const last = ORIENTED_SIDE - 1
    const transforms: ((x: number, y: number) => [number, number])[] = [
      (x, y) => [x, y],
      (x, y) => [last - x, y],
      (x, y) => [x, last - y],
      (x, y) => [last - x, last - y],
      (x, y) => [y, x],
      (x, y) => [last - y, x],
      (x, y) => [y, last - x],
      (x, y) => [last - y, last - x],
    ]
    const hashes = transforms.map((transform) => orientedHashes(lowFrequencies(grey(transform))))
    expect(hashes[0]).toHaveLength(1)
    for (const hash of hashes) expect(hash).toEqual(hashes[0])
    expect(() => lowFrequencies([1, 2, 3])).toThrow()
  })

  it('gives a blank picture no oriented hash', async () => {
    expect((await prepared(await jpeg({ colour: '#3366aa' }))).orientedHashes).toEqual([])
  })
})

describe('hashes and bands', () => {
  it('writes sharp-phash bits as 16 hex digits and counts differing bits', () => {
    expect(hashFromBits('1'.repeat(64))).toBe('ffffffffffffffff')
    expect(hashFromBits(`${'0'.repeat(60)}1010`)).toBe('000000000000000a')
    expect(() => hashFromBits('10')).toThrow()
    expect(hashDistance('ffffffffffffffff', '0000000000000000')).toBe(64)
    expect(hashDistance('000000000000000a', '0000000000000000')).toBe(2)
  })

  it('files a hash under one key per band and probes each band and its neighbours up to two bits away', () => {
    const hash = '0123456789abcdef'
    expect(bandKeys(hash)).toHaveLength(BAND_COUNT)
    expect(new Set(bandKeys(hash)).size).toBe(BAND_COUNT)
    expect(BAND_WIDTHS.reduce((sum, width) => sum + width, 0)).toBe(64)
    const probes = probeKeys(hash)
    expect(new Set(probes).size).toBe(probes.length)
    // 1 + w + w(w-1)/2 keys per band: 232 + 232 + 254.
    expect(probes).toHaveLength(BAND_WIDTHS.reduce((sum, width) => sum + 1 + width + (width * (width - 1)) / 2, 0))
    // The top 21 bits, the next 21, the last 22, each under its own band number.
    expect(bandKeys('ffffffffffffffff')).toEqual([2 ** 21 - 1, BAND_SPAN + 2 ** 21 - 1, 2 * BAND_SPAN + 2 ** 22 - 1])
    expect(bandKeys('8000000000000001')).toEqual([2 ** 20, BAND_SPAN, 2 * BAND_SPAN + 1])
  })

  it('finds every hash within the threshold, and can miss only those beyond it', () => {
    let state = 7
    const random = () => {
      state = (state * 1664525 + 1013904223) >>> 0
      return state
    }
    const randomHash = () => (BigInt(random()) * 2n ** 32n + BigInt(random())).toString(16).padStart(16, '0')
    const flip = (hash: string, bits: number) => {
      let value = BigInt(`0x${hash}`)
      const chosen = new Set<number>()
      while (chosen.size < bits) chosen.add(random() % 64)
      for (const bit of chosen) value ^= 1n << BigInt(bit)
      return value.toString(16).padStart(16, '0')
    }
    for (let trial = 0; trial < 2000; trial++) {
      const hash = randomHash()
      const near = flip(hash, 1 + (trial % MATCH_DISTANCE))
      const probes = new Set(probeKeys(hash))
      expect(bandKeys(near).some((key) => probes.has(key))).toBe(true)
    }
    // Three differing bits in every band: nine bits apart, and out of the index's reach (as intended).
    const far = 'e000070000000007'
    expect(hashDistance(far, '0000000000000000')).toBe(MATCH_DISTANCE + 2)
    const probes = new Set(probeKeys('0000000000000000'))
    expect(bandKeys(far).some((key) => probes.has(key))).toBe(false)
  })

  it("files a hash as small rows that hold the whole hash, and measures a candidate's distance from its row alone", () => {
    let state = 11
    const random = () => {
      state = (state * 1664525 + 1013904223) >>> 0
      return state
    }
    const randomHash = () => (BigInt(random()) * 2n ** 32n + BigInt(random())).toString(16).padStart(16, '0')
    for (const hash of ['0000000000000001', 'ffffffffffffffff', '8000000000000000', ...Array.from({ length: 500 }, randomHash)]) {
      const rows = bandRows(hash)
      expect(rows.map((row) => row.bandKey)).toEqual(bandKeys(hash))
      for (const row of rows) {
        // The rest is a whole number JavaScript holds exactly (at most 43 bits), and with the key it is the hash.
        expect(Number.isSafeInteger(row.rest) && row.rest >= 0 && row.rest < 2 ** 43).toBe(true)
        expect(hashOfBandRow(row)).toBe(hash)
      }
      const other = randomHash()
      const rowsOf = (value: string) => candidateRows(bandRows(value).map((row) => [row.bandKey, row.rest] as const))
      const distance = hashDistance(hash, other)
      // Another hash's rows are near only within the threshold, at the distance the hex digits give.
      expect(nearHashes(hash, rowsOf(other))).toEqual(distance <= MATCH_DISTANCE ? new Map([[other, distance]]) : new Map())
    }
    // Found through several bands, a near hash is listed once.
    const near = '0123456789abcdee'
    const found = nearHashes('0123456789abcdef', candidateRows(bandRows(near).map((row) => [row.bandKey, row.rest] as const)))
    expect(found).toEqual(new Map([[near, 1]]))
    const seven = 'ff23456789abcdef' // the top seven bits flipped, all in the first band
    expect(nearHashes('0123456789abcdef', candidateRows(bandRows(seven).map((row) => [row.bandKey, row.rest] as const)))).toEqual(
      new Map([[seven, 7]]),
    )
    const eight = 'fe23456789abcdef'
    expect(nearHashes('0123456789abcdef', candidateRows(bandRows(eight).map((row) => [row.bandKey, row.rest] as const)))).toEqual(new Map())
  })

  it('files oriented hashes under bands of 22, 22 and 20 bits probed 2, 2 and 1 deep, and finds every split of seven bits', () => {
    const { widths, depths } = BAND_LAYOUTS.oriented
    expect(widths.reduce((sum, width) => sum + width, 0)).toBe(64)
    // 254 + 254 + 21 keys, against the plain form's 718.
    expect(probeKeys('0123456789abcdef', 'oriented')).toHaveLength(529)
    // Keys of their own, after the plain form's bands.
    const plainKeys = new Set(probeKeys('0123456789abcdef'))
    expect(probeKeys('0123456789abcdef', 'oriented').some((key) => plainKeys.has(key))).toBe(false)
    expect(bandKeys('ffffffffffffffff', 'oriented')).toEqual([
      3 * BAND_SPAN + 2 ** 22 - 1,
      4 * BAND_SPAN + 2 ** 22 - 1,
      5 * BAND_SPAN + 2 ** 20 - 1,
    ])
    // A hash with `split[band]` bits flipped in each band (the band's lowest bits).
    const below = [42, 20, 0]
    const flipped = (hash: string, split: number[]) => {
      let value = BigInt(`0x${hash}`)
      split.forEach((bits, band) => {
        for (let bit = 0; bit < bits; bit++) value ^= 1n << BigInt(below[band]! + bit)
      })
      return value.toString(16).padStart(16, '0')
    }
    const hash = '0123456789abcdef'
    const probes = new Set(probeKeys(hash, 'oriented'))
    const rowsOf = (value: string) => candidateRows(bandRows(value, 'oriented').map((row) => [row.bandKey, row.rest] as const))
    // Every way seven (or fewer) differing bits fall in the three bands is found, at its distance.
    for (let first = 0; first <= MATCH_DISTANCE; first++) {
      for (let second = 0; first + second <= MATCH_DISTANCE; second++) {
        const near = flipped(hash, [first, second, MATCH_DISTANCE - first - second])
        expect(bandKeys(near, 'oriented').some((key) => probes.has(key))).toBe(true)
        expect(nearHashes(hash, rowsOf(near), 'oriented')).toEqual(new Map([[near, MATCH_DISTANCE]]))
        for (const row of bandRows(near, 'oriented')) expect(hashOfBandRow(row)).toBe(near)
      }
    }
    // One more bit than each band's depth in every band (3 + 3 + 2 = 8 bits): beyond the threshold and out of reach.
    const far = flipped(
      hash,
      depths.map((depth) => depth + 1),
    )
    expect(hashDistance(far, hash)).toBe(MATCH_DISTANCE + 1)
    expect(bandKeys(far, 'oriented').some((key) => probes.has(key))).toBe(false)
  })
})

describe('capture time and camera from EXIF', () => {
  it('reads the wall-clock time, with its offset when given, and refuses what is not a date', () => {
    expect(captureTimeFromExif('2026:05:01 14:03:09')).toBe('2026-05-01T14:03:09')
    expect(captureTimeFromExif('2026:05:01 14:03:09', '-06:00')).toBe('2026-05-01T14:03:09-06:00')
    expect(captureTimeFromExif('0000:00:00 00:00:00')).toBeNull()
    expect(captureTimeFromExif('2026:02:30 10:00:00')).toBeNull()
    expect(captureTimeFromExif('yesterday')).toBeNull()
    expect(captureTimeFromExif(undefined)).toBeNull()
    expect(captureTimeFromExif(42)).toBeNull()
  })

  it('names the camera once, without repeating the make', () => {
    expect(cameraFromExif('Apple', 'iPhone 15')).toBe('Apple iPhone 15')
    expect(cameraFromExif('Canon', 'Canon EOS R6')).toBe('Canon EOS R6')
    expect(cameraFromExif(undefined, undefined)).toBeNull()
    expect(cameraFromExif('  ', 7)).toBeNull()
  })

  it('keeps the capture time and camera read before the clean copy drops them, and none in the stored files', async () => {
    const withExif = await sharp(await windshieldPhoto(11, { width: 800, height: 600 }))
      .withExif({ IFD0: { Make: 'Apple', Model: 'iPhone 15' }, IFD2: { DateTimeOriginal: '2026:05:01 14:03:09' } })
      .jpeg()
      .toBuffer()
    const prepared = await prepareImage(upload(withExif))
    expect(prepared).toMatchObject({ capturedAt: '2026-05-01T14:03:09', camera: 'Apple iPhone 15' })
    expect((await sharp(prepared.photo).metadata()).exif).toBeUndefined()
    expect((await sharp(prepared.thumbnail).metadata()).exif).toBeUndefined()
  })

  it('hashes and keeps a photo whose EXIF is absent or broken, with no capture time', async () => {
    const plain = await windshieldPhoto(12, { width: 800, height: 600 })
    const none = await prepareImage(upload(plain))
    expect(none).toMatchObject({ capturedAt: null, camera: null })
    expect(isComparable(none.hash)).toBe(true)
    // An APP1 segment that says "Exif" and then holds garbage, right after the start of the image.
    const garbage = Buffer.concat([Buffer.from('Exif\0\0II*\0'), Buffer.alloc(40, 0xff)])
    const segment = Buffer.concat([Buffer.from([0xff, 0xe1, (garbage.length + 2) >> 8, (garbage.length + 2) & 0xff]), garbage])
    const broken = Buffer.concat([plain.subarray(0, 2), segment, plain.subarray(2)])
    const prepared = await prepareImage(upload(broken))
    expect(prepared).toMatchObject({ capturedAt: null, camera: null, hash: none.hash })
  })
})

describe('capture-time checks', () => {
  it('holds a photo taken before the policy was set up, with a day of grace for time zones', () => {
    expect(capturedBeforeSetup('2026-03-01T09:00:00', '2026-03-10')).toBe(true)
    expect(capturedBeforeSetup('2026-03-09T23:00:00', '2026-03-10')).toBe(false)
    expect(capturedBeforeSetup('2026-03-12T09:00:00', '2026-03-10')).toBe(false)
  })

  it('holds a photo taken far from the damage date given, either way', () => {
    expect(capturedFarFromDamageDate('2026-05-01T10:00:00', '2026-05-20')).toBe(true)
    expect(capturedFarFromDamageDate('2026-06-10T10:00:00', '2026-05-20')).toBe(true)
    expect(capturedFarFromDamageDate('2026-05-25T10:00:00', '2026-05-20')).toBe(false)
  })
})

describe('the stored size', () => {
  it('keeps a photo no larger than the limit, stores a 12 MP photo at half and a huge one at the limit', () => {
    expect(storedScale(1600)).toEqual({ side: 1600, factor: 1 })
    expect(storedScale(4032)).toEqual({ side: 2016, factor: 2 })
    expect(storedScale(8064)).toEqual({ side: 2016, factor: 4 })
    expect(storedScale(12000)).toEqual({ side: 2560, factor: 1 })
    expect(storedScale(3000)).toEqual({ side: 2560, factor: 1 })
  })

  it('decodes a 12 MP JPEG straight at half size, turned upright, with the same hash and no scratch file left', async () => {
    const pixels = await sharp(await windshieldPhoto(21, { width: 4032, height: 3024 }))
      .raw()
      .toBuffer({ resolveWithObject: true })
    const asJpeg = await sharp(pixels.data, { raw: pixels.info }).jpeg({ quality: 92 }).toBuffer()
    const asPng = await sharp(pixels.data, { raw: pixels.info }).png({ compressionLevel: 1 }).toBuffer()
    const halved = await prepareImage(upload(asJpeg))
    // The PNG takes the other road: decoded whole, then resampled to the same stored size.
    const resampled = await prepareImage(upload(asPng))
    expect(await sharp(halved.photo).metadata()).toMatchObject({ width: 2016, height: 1512 })
    expect(hashDistance(halved.hash, resampled.hash)).toBeLessThanOrEqual(2)

    const sideways = await sharp(pixels.data, { raw: pixels.info }).jpeg({ quality: 92 }).withMetadata({ orientation: 6 }).toBuffer()
    const upright = await prepareImage(upload(sideways), { shopCopy: true })
    expect(await sharp(upright.photo).metadata()).toMatchObject({ width: 1512, height: 2016 })
    expect(await sharp(upright.thumbnail).metadata()).toMatchObject({ width: 360, height: 480 })

    // Each JPEG was written to a scratch file for its decode: one folder, in the process's temporary folder, now empty.
    await vi.waitFor(() => expect(scratchFiles()).toEqual([]))
    expect(fs.readdirSync(scratchRoot).filter((name) => name.startsWith('glass-scratch-'))).toHaveLength(1)
  })

  it('spools a 12 MP JPEG to disk as it arrives and prepares it from there as it does from one buffer, then lets it go', async () => {
    const pixels = await sharp(await windshieldPhoto(23, { width: 4032, height: 3024 }))
      .raw()
      .toBuffer({ resolveWithObject: true })
    // Grain makes it a phone photo's size (a few megabytes), so it goes to disk as it arrives.
    const photo = await sharp(await jpeg({ width: 4032, height: 3024, noise: { mean: 128, sigma: 30 } }))
      .jpeg({ quality: 92 })
      .withExif({ IFD0: { Make: 'Apple', Model: 'iPhone 15' }, IFD2: { DateTimeOriginal: '2026:05:01 14:03:09' } })
      .toBuffer()
    expect(photo.length).toBeGreaterThan(2_000_000)
    // A PNG's size and metadata are not read from its head: it takes the whole upload.
    const png = await sharp(pixels.data, { raw: pixels.info }).png({ compressionLevel: 1 }).toBuffer()
    const form = new FormData()
    form.append('photos', new File([new Uint8Array(photo)], 'damage.jpg', { type: 'image/jpeg' }))
    form.append('photos', new File([new Uint8Array(png)], 'damage.png', { type: 'image/png' }))
    // Sent as a network delivers it: in 64 KB pieces.
    const encoded = new Response(form)
    const body = Buffer.from(await encoded.arrayBuffer())
    const pieces = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let at = 0; at < body.length; at += 65_536) controller.enqueue(new Uint8Array(body.subarray(at, at + 65_536)))
        controller.close()
      },
    })
    const request = new Request('http://localhost/upload', {
      method: 'POST',
      body: pieces,
      headers: { 'Content-Type': encoded.headers.get('Content-Type')! },
      duplex: 'half',
    } as RequestInit)
    // Read as server.js answers a request: inside its scope, whose end runs what was left for it.
    const scope = { reqId: 'req-storm', whenAnswered: [] }
    const warnings: string[] = []
    const warned = (warning: Error) => warnings.push(warning.message)
    process.on('warning', warned)
    const { files } = await requestScope.run(scope, () => readMultipartForm(request, { maxFiles: 2 }))
    // Node's warnings come a tick later: none, such as a listener added for every chunk written while the disk caught up.
    await new Promise((resolve) => setImmediate(resolve))
    process.off('warning', warned)
    expect(warnings).toEqual([])
    const [jpegUpload, pngUpload] = files as [UploadedFile, UploadedFile]
    // On disk whole, with its start in memory: its header and EXIF are read from there.
    expect(fs.readFileSync(jpegUpload.spooled!.path).equals(photo)).toBe(true)
    expect(jpegUpload.spooled!.head.equals(photo.subarray(0, UPLOAD_HEAD_BYTES))).toBe(true)

    // Told apart, checked and decoded where it is: never read back whole into memory.
    const readBack = vi.spyOn(fs, 'readFileSync')
    expect(
      uploadHead(jpegUpload)
        .subarray(0, 3)
        .equals(Buffer.from([0xff, 0xd8, 0xff])),
    ).toBe(true)
    const fromDisk = await prepareImage(jpegUpload)
    expect(readBack.mock.calls.filter(([file]) => file === jpegUpload.spooled!.path)).toEqual([])
    readBack.mockRestore()
    const fromBuffer = await prepareImage(upload(photo))
    expect(fromDisk.photo.equals(fromBuffer.photo)).toBe(true)
    expect(fromDisk).toMatchObject({ hash: fromBuffer.hash, capturedAt: '2026-05-01T14:03:09', camera: 'Apple iPhone 15' })
    expect(await sharp(fromDisk.photo).metadata()).toMatchObject({ width: 2016, height: 1512 })

    // A PNG's size and metadata are not read from its head: it takes the whole upload, read back from its file.
    const fromPng = await prepareImage(pngUpload)
    expect(await sharp(fromPng.photo).metadata()).toMatchObject({ width: 2016, height: 1512 })
    expect(pngUpload.bytes.equals(png)).toBe(true)

    // The request's end removes its scratch files.
    expect(scratchFiles()).toHaveLength(2)
    requestAnswered(scope)
    await vi.waitFor(() => expect(scratchFiles()).toEqual([]))
  })

  it('refuses a 12 MP JPEG cut short, as it does a small one', async () => {
    const whole = await windshieldPhoto(22, { width: 4032, height: 3024 })
    await expect(prepareImage(upload(whole.subarray(0, Math.floor(whole.length / 2))))).rejects.toMatchObject({
      message: 'Please select an image file',
    })
  })
})

describe('one key for one mailing address', () => {
  it('reads the same place however it is written, and tells units and ZIPs apart', () => {
    const key = addressKey({ line1: '1200 North Main Street', line2: 'Apartment 4', zip: '80903' })
    expect(key).toBe('80903 1200 n main st # 4')
    expect(addressKey({ line1: '1200 N. Main St', line2: 'Apt #4', zip: '80903-1234' })).toBe(key)
    expect(addressKey({ line1: '  1200 north MAIN st. #4', line2: null, zip: '80903' })).toBe(key)
    expect(addressKey({ line1: '1200 N Main Street', line2: 'Unit 4', zip: '80903' })).toBe(key)
    expect(addressKey({ line1: '1200 N Main Street', line2: 'Unit 5', zip: '80903' })).not.toBe(key)
    expect(addressKey({ line1: '1200 N Main Street', line2: 'Unit 4', zip: '80904' })).not.toBe(key)
    expect(addressKey({ line1: '...', line2: null, zip: '80903' })).toBeNull()
    expect(addressKey({ line1: '1200 N Main Street', line2: null, zip: 'none' })).toBeNull()
  })
})
