import fs from 'node:fs'
import path from 'node:path'

import { describe, expect, test } from 'vitest'

import { PRODUCTION_MALLOC_ENV, ROOT } from '../bench/server'

// The image-bomb bench measures memory with these allocator settings; production must run with the same ones, or the
// memory sharp's decoders free stays with the process (docs/benchmarks.md).
describe('glibc allocator settings', () => {
  const settings = Object.entries(PRODUCTION_MALLOC_ENV)

  test('fix the mmap threshold (which turns off the dynamic one) and keep two arenas', () => {
    expect(PRODUCTION_MALLOC_ENV.MALLOC_ARENA_MAX).toBe('2')
    expect(Number(PRODUCTION_MALLOC_ENV.MALLOC_MMAP_THRESHOLD_)).toBeGreaterThan(0)
    expect(Number(PRODUCTION_MALLOC_ENV.MALLOC_TRIM_THRESHOLD_)).toBeGreaterThan(0)
  })

  test('the Dockerfile sets each of them', () => {
    const dockerfile = fs.readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8')
    const runtime = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '))
    for (const [name, value] of settings) expect(runtime).toMatch(new RegExp(`\\b${name}=${value}\\b`))
  })

  test('npm run serve sets each of them', () => {
    const serve: string = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).scripts.serve
    for (const [name, value] of settings) expect(serve).toMatch(new RegExp(`(^| )${name}=${value} `))
    expect(serve).toMatch(/node server\.js/)
  })
})
