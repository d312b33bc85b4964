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
