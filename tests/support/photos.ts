import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import sharp from 'sharp'

/**
 * Real images made at test time, the one place tests get them from. A plain colour by default (so previews differ by
 * colour); `noise` or `random` make a photo that compresses like a real one (big files, real work for the decoder).
 */
export type ImageOptions = {
  width?: number
  height?: number
  colour?: string
  /** Gaussian noise over the whole picture: a file of a real photo's size. */
  noise?: { mean: number; sigma: number }
  /** Every pixel random: the least compressible picture there is. */
  random?: boolean
  quality?: number
}

function image({ width = 320, height = 240, colour = '#3366aa', noise, random }: ImageOptions) {
  if (random) return sharp(crypto.randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
  return sharp({ create: { width, height, channels: 3, background: colour, ...(noise ? { noise: { type: 'gaussian', ...noise } } : {}) } })
}

/** A JPEG's bytes. */
export async function jpeg(options: ImageOptions = {}) {
  return image(options).jpeg({ quality: options.quality }).toBuffer()
}

/** A PNG's bytes (for the uploads that must be turned into JPEGs). */
export async function png(options: ImageOptions = {}) {
  return image(options).png().toBuffer()
}

/** A JPEG as the File a browser would send in a form. */
export async function jpegFile(name = 'photo.jpg', options: ImageOptions = {}) {
  return new File([await jpeg(options)], name, { type: 'image/jpeg' })
}

/**
 * JPEG files in a temporary folder, one colour each (by name), for a browser to pick. Returns the path of each by
 * name and a cleanup function.
 */
export async function makePhotos(colours: Record<string, string>, size = { width: 320, height: 240 }) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'glass-photos-'))
  for (const [name, colour] of Object.entries(colours)) {
    fs.writeFileSync(path.join(dir, `${name}.jpg`), await jpeg({ ...size, colour }))
  }
  return {
    photo: (name: string) => path.join(dir, `${name}.jpg`),
    remove: () => fs.rmSync(dir, { recursive: true, force: true }),
  }
}

/**
 * A decompression bomb: a PNG whose header declares `width` × `height` pixels with `channels` channels, of one flat
 * colour, so it compresses to almost nothing (7000 × 7000 RGBA is ~200 KB on the wire and ~196 MB decoded).
 */
export async function pngBomb(width: number, height: number, channels: 3 | 4 = 4) {
  const background = channels === 4 ? { r: 200, g: 30, b: 30, alpha: 0.5 } : { r: 200, g: 30, b: 30 }
  return sharp({ create: { width, height, channels, background } }).png({ compressionLevel: 9 }).toBuffer()
}

/** A small repeatable random number generator, so a seed always draws the same picture. */
function seeded(seed: number) {
  let state = seed >>> 0
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0
    return state / 2 ** 32
  }
}

/**
 * A windshield photo drawn by sharp from a seed: a sky of two colours, shapes behind the glass (trees, buildings,
 * cars), the windshield's frame and a crack. Each seed is another scene; the same seed is the same picture. For the
 * perceptual-hash tests, which need photos with real structure (a flat colour has none to compare).
 */
export async function windshieldPhoto(seed: number, { width = 1600, height = 1200, quality = 90 } = {}) {
  const random = seeded(seed)
  const colour = () => `rgb(${Math.floor(random() * 255)},${Math.floor(random() * 255)},${Math.floor(random() * 255)})`
  let shapes = ''
  for (let index = 0; index < 14; index++) {
    const x = random() * width
    const y = random() * height
    const size = 40 + (random() * width) / 4
    shapes +=
      random() < 0.5
        ? `<circle cx="${x}" cy="${y}" r="${size / 2}" fill="${colour()}"/>`
        : `<rect x="${x}" y="${y}" width="${size}" height="${size * (0.3 + random())}" fill="${colour()}" transform="rotate(${random() * 60 - 30} ${x} ${y})"/>`
  }
  const [cx, cy] = [width * (0.3 + random() * 0.4), height * (0.3 + random() * 0.4)]
  let crack = `M${cx},${cy}`
  for (let index = 0; index < 6; index++) crack += ` L${cx + (random() - 0.5) * width * 0.5},${cy + (random() - 0.5) * height * 0.5}`
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs><linearGradient id="sky" x1="0" y1="0" x2="${random()}" y2="1"><stop offset="0" stop-color="${colour()}"/><stop offset="1" stop-color="${colour()}"/></linearGradient></defs>
  <rect width="100%" height="100%" fill="url(#sky)"/>${shapes}
  <path d="M${width * 0.1},${height * 0.9} L${width * (0.2 + random() * 0.1)},${height * 0.25} L${width * (0.7 + random() * 0.1)},${height * 0.25} L${width * 0.9},${height * 0.9} Z" fill="rgba(150,180,200,0.35)" stroke="#222" stroke-width="${width / 60}"/>
  <path d="${crack}" stroke="white" stroke-width="4" fill="none"/></svg>`
  return sharp(Buffer.from(svg)).jpeg({ quality }).toBuffer()
}

/** The same picture as `photo` as another phone or app would send it: re-encoded, resized or cropped at the edges. */
export const photoVariants = {
  reencoded: (photo: Buffer) => sharp(photo).jpeg({ quality: 50 }).toBuffer(),
  resized: async (photo: Buffer) => {
    const { width } = await sharp(photo).metadata()
    return sharp(photo)
      .resize(Math.round(width / 2))
      .jpeg({ quality: 75 })
      .toBuffer()
  },
  /** A percent cut from every edge. */
  cropped: (photo: Buffer) => cutEdges(photo, 0.01),
}

/** The share of each side a cropped copy loses at every edge, and the width of a framed copy's border. */
const CROP_EDGE = 0.03
const BORDER = 0.05

async function cutEdges(photo: Buffer, share: number) {
  const { width, height } = await sharp(photo).metadata()
  const [left, top] = [Math.round(width * share), Math.round(height * share)]
  return sharp(photo)
    .extract({ left, top, width: width - 2 * left, height: height - 2 * top })
    .jpeg({ quality: 85 })
    .toBuffer()
}

/**
 * The same picture edited as someone reusing another's photo would: mirrored, upside down, turned, cropped by 3 % at
 * every edge, or framed by a 5 % border. The plain hash misses these; the oriented hashes must not.
 */
export const photoEdits = {
  mirrored: (photo: Buffer) => sharp(photo).flop().jpeg({ quality: 85 }).toBuffer(),
  upsideDown: (photo: Buffer) => sharp(photo).flip().jpeg({ quality: 85 }).toBuffer(),
  turned90: (photo: Buffer) => sharp(photo).rotate(90).jpeg({ quality: 85 }).toBuffer(),
  turned180: (photo: Buffer) => sharp(photo).rotate(180).jpeg({ quality: 85 }).toBuffer(),
  turned270: (photo: Buffer) => sharp(photo).rotate(270).jpeg({ quality: 85 }).toBuffer(),
  cropped3: (photo: Buffer) => cutEdges(photo, CROP_EDGE),
  bordered5: async (photo: Buffer) => {
    const { width, height } = await sharp(photo).metadata()
    const [x, y] = [Math.round(width * BORDER), Math.round(height * BORDER)]
    return sharp(photo).extend({ top: y, bottom: y, left: x, right: x, background: '#ffffff' }).jpeg({ quality: 85 }).toBuffer()
  },
}
