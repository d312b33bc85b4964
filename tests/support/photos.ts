import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import sharp from 'sharp'

/**
 * Small real JPEGs made at test time, one colour each so previews differ. Returns the path of each by name and a
 * cleanup function.
 */
export async function makePhotos(colours: Record<string, string>, size = { width: 320, height: 240 }) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'glass-photos-'))
  for (const [name, background] of Object.entries(colours)) {
    await sharp({ create: { ...size, channels: 3, background } })
      .jpeg()
      .toFile(path.join(dir, `${name}.jpg`))
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
