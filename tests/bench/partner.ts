/**
 * Benchmark: the shop's page (/partner/complete-claim?code=…) for an approved claim with three damage photos, as a
 * low-powered shop PC would load it from the built server (server.js, gzip):
 *   - its compressed bytes on the wire: HTML + CSS + JS + the three thumbnails. Target: under 150 KB in all.
 *   - its p50 server time (request to last byte over localhost), over 100 lookups.
 *
 *   npx tsx tests/bench/partner.ts [--skip-build]  (standalone: its own build-bench server)
 *   partnerPage(context)                           (a section of `npm run bench`, tests/bench/run.ts)
 */
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import type { BenchContext } from './run'
import { buildApp, ROOT, type RunningServer, startServer } from './server'

const TARGET_KB = 150
const CLAIMS = 5
const LOOKUPS_PER_CLAIM = 20 // under the per-code limit (30 per 10 minutes)
const SESSION_SECRET = 'bench-session-secret-that-is-long-enough-0123456789'
const thisFile = fileURLToPath(import.meta.url)

export type PartnerBenchResult = {
  totalKb: number
  parts: { html: number; css: number; js: number; images: number }
  requests: number
  p50Ms: number
  p95Ms: number
}

/** One GET with gzip/br accepted; returns the bytes as they came over the wire (not decompressed). */
function wireGet(url: string): Promise<{ status: number; bytes: number; body: Buffer; encoding: string | undefined }> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { 'Accept-Encoding': 'gzip, deflate, br' } }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () => {
        const body = Buffer.concat(chunks)
        resolve({
          status: response.statusCode ?? 0,
          bytes: body.length,
          body,
          encoding: response.headers['content-encoding'] as string | undefined,
        })
      })
      response.on('error', reject)
    })
    request.on('error', reject)
  })
}

async function decode(body: Buffer, encoding: string | undefined) {
  const zlib = await import('node:zlib')
  if (encoding === 'gzip') return zlib.gunzipSync(body).toString('utf8')
  if (encoding === 'br') return zlib.brotliDecompressSync(body).toString('utf8')
  if (encoding === 'deflate') return zlib.inflateSync(body).toString('utf8')
  return body.toString('utf8')
}

/**
 * Photos with real detail at thumbnail scale: coarse noise blown up to 12 MP, so thumbnails keep texture (plain fine
 * noise would average away and flatter the result). Calibrated on a busy real photo: its 480 px thumbnail is ~43 KB,
 * as is this one's.
 */
async function makePhoto(index: number) {
  const sharp = (await import('sharp')).default
  const { png } = await import('../support/photos')
  const coarse = await png({
    width: 400,
    height: 300,
    colour: ['#5b7fa6', '#8a8f96', '#6f8a5b'][index % 3]!,
    noise: { mean: 110, sigma: 30 },
  })
  return sharp(coarse).resize(4000, 3000, { kernel: 'cubic' }).jpeg({ quality: 88 }).toBuffer()
}

/** Writes approved claims with three stored damage photos into the server's own database and uploads folder. */
async function seedClaims(dataDir: string) {
  process.env.DATA_DIR = dataDir
  process.env.SESSION_SECRET = SESSION_SECRET
  process.env.NODE_ENV = 'production'
  process.env.VPIC_URL = 'off'
  const { resetEnvForTests } = await import('~/env.server')
  const { db, closeDatabase } = await import('~/db/client.server')
  // This process writes into the server's database and uploads folder, whatever it opened before.
  closeDatabase()
  resetEnvForTests()
  const { claimDocuments } = await import('~/db/schema')
  const { stageDamagePhoto } = await import('~/models/claims/claim-filing.server')
  const { StagedFiles } = await import('~/services/staged-files.server')
  const { createActivePolicy, createClaim, createPartnerGroup, createProfile } = await import('../support/factories')
  const photos = await Promise.all([0, 1, 2].map(makePhoto))
  const group = createPartnerGroup('Bench Glass')
  const codes: string[] = []
  for (let i = 0; i < CLAIMS; i++) {
    const profile = createProfile({ fullName: `Bench Customer ${i}` })
    const { policy } = createActivePolicy(profile.id)
    const claim = createClaim(policy.id, {
      approvalStatus: 'approved',
      assignedPartnerGroupId: group.id,
      description: 'A stone from a gravel truck on I-15 left a star chip low on the driver side, about the size of a quarter.',
    })
    for (const [index, bytes] of photos.entries()) {
      // As submitClaim stores them: the clean copy, its thumbnail and the shop's small copy.
      const staged = new StagedFiles()
      const stored = await stageDamagePhoto(
        staged,
        { fieldName: 'photos', fileName: `damage-${index + 1}.jpg`, contentType: 'image/jpeg', bytes },
        `claim-documents/${claim.id}/bench_damage_${index + 1}`,
      )
      staged.commit()
      db()
        .insert(claimDocuments)
        .values({
          claimId: claim.id,
          documentType: 'damage_photo',
          fileName: `damage-${index + 1}.jpg`,
          filePath: stored.filePath,
          thumbPath: stored.thumbPath,
        })
        .run()
    }
    codes.push(claim.confirmationCode)
  }
  closeDatabase()
  return codes
}

/** Standalone: builds (if needed) and starts its own server, measures, prints, stops. */
export async function benchPartnerPage(options: { buildDir?: string; skipBuild?: boolean } = {}): Promise<PartnerBenchResult> {
  const buildDir = options.buildDir ?? 'build-bench'
  if (!options.skipBuild || !fs.existsSync(path.join(ROOT, buildDir, 'server/index.js'))) buildApp(buildDir)
  const server = await startServer({ buildDir, env: { SESSION_SECRET } })
  try {
    const result = await measurePartnerPage(server)
    report(result, (line) => console.log(line))
    const errors = server.stderr().trim()
    if (errors) console.log(`  server stderr:\n${errors}`)
    return result
  } finally {
    await server.stop()
  }
}

/** A section of `npm run bench` (tests/bench/run.ts), on its already running server. */
export async function partnerPage({ server, print, target }: BenchContext) {
  const result = await measurePartnerPage(server)
  report(result, print)
  target('Partner page under 150 KB compressed (HTML + CSS + JS + 3 thumbnails)', result.totalKb < TARGET_KB, `${result.totalKb} KB`)
}

function report(result: PartnerBenchResult, print: (line: string) => void) {
  const verdict = result.totalKb < TARGET_KB ? 'ok' : 'OVER TARGET'
  print('partner page: approved claim with three damage photos, gzip as served')
  print(
    `  ${result.totalKb} KB in all (target < ${TARGET_KB} KB: ${verdict}): HTML ${result.parts.html} KB, CSS ${result.parts.css} KB, JS ${result.parts.js} KB, thumbnails ${result.parts.images} KB`,
  )
  print(`  server time over ${result.requests} lookups: p50 ${result.p50Ms} ms, p95 ${result.p95Ms} ms`)
}

async function measurePartnerPage(server: RunningServer): Promise<PartnerBenchResult> {
  const codes = await seedClaims(server.dataDir)
  const pageUrl = `${server.url}/partner/complete-claim?code=${codes[0]}`

  // 1. Everything the browser downloads for one visit, compressed as served.
  const page = await wireGet(pageUrl)
  if (page.status !== 200) throw new Error(`partner page answered ${page.status}`)
  const html = await decode(page.body, page.encoding)
  if (!html.includes('Bench Customer 0')) throw new Error('partner page did not show the approved claim')
  const attribute = (pattern: RegExp) => Array.from(html.matchAll(pattern), (match) => match[1]!.replace(/&amp;/g, '&'))
  const css = attribute(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g)
  const js = [...attribute(/<script[^>]+src="([^"]+)"/g), ...attribute(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)]
  const images = attribute(/<img[^>]+src="([^"]+)"/g)
  const favicon = attribute(/<link[^>]+rel="icon"[^>]+href="([^"]+)"/g)
  if (images.length !== 3) throw new Error(`expected 3 thumbnails on the page, found ${images.length}`)
  const sum = async (urls: string[]) => {
    let bytes = 0
    for (const url of urls) {
      const answer = await wireGet(new URL(url, server.url).href)
      if (answer.status !== 200) throw new Error(`${url} answered ${answer.status}`)
      bytes += answer.bytes
    }
    return bytes
  }
  const parts = { html: page.bytes, css: await sum([...css, ...favicon]), js: await sum(js), images: await sum(images) }
  const totalBytes = parts.html + parts.css + parts.js + parts.images

  // 2. Server time: request to last byte, over several approved claims (per-code limits stay untouched).
  const times: number[] = []
  await wireGet(`${server.url}/partner/complete-claim?code=${codes[0]}`) // warm the route module
  for (const code of codes) {
    for (let i = 0; i < LOOKUPS_PER_CLAIM - 2; i++) {
      const started = performance.now()
      const answer = await wireGet(`${server.url}/partner/complete-claim?code=${code}`)
      times.push(performance.now() - started)
      if (answer.status !== 200) throw new Error(`lookup answered ${answer.status}`)
    }
  }
  times.sort((a, b) => a - b)
  const result: PartnerBenchResult = {
    totalKb: Number((totalBytes / 1024).toFixed(1)),
    parts: {
      html: Number((parts.html / 1024).toFixed(1)),
      css: Number((parts.css / 1024).toFixed(1)),
      js: Number((parts.js / 1024).toFixed(1)),
      images: Number((parts.images / 1024).toFixed(1)),
    },
    requests: times.length,
    p50Ms: Number(times[Math.floor(times.length * 0.5)]!.toFixed(2)),
    p95Ms: Number(times[Math.floor(times.length * 0.95)]!.toFixed(2)),
  }
  return result
}

if (process.argv[1] && path.resolve(process.argv[1]) === thisFile) {
  await benchPartnerPage({ skipBuild: process.argv.includes('--skip-build') })
}
