/**
 * Benchmark: three 8 MB, 12-megapixel JPEGs through the wizard's upload action on the built server (multipart
 * streaming, sharp decode, rotate, re-encode, thumbnails, atomic writes, rows, redirect).
 * Target: under 1.5 s for the three, under 400 MB resident for the server process.
 *
 *   npx tsx tests/bench/uploads.ts           standalone (builds into build-bench-uploads unless BENCH_BUILD_DIR names a build)
 *   import { benchUploads } from './uploads'  from tests/bench/run.ts: benchUploads({ buildDir })
 *
 * Peak memory is the server's own high-water mark (VmHWM in /proc, Linux), read after the runs.
 */
import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { fileURLToPath } from 'node:url'

import { freePort } from '../support/built-server'
import type { BenchContext } from './run'
import { PRODUCTION_MALLOC_ENV } from './server'

const TARGET_SECONDS = 1.5
const TARGET_RSS_MB = 400
const RUNS = 3
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const SESSION_SECRET = 'bench-session-secret-that-is-long-enough-0123456789'

/** The `npm run bench` section: its own server on the bench's build (it needs a signed-in customer's policy). */
export async function uploadsSection(context: Pick<BenchContext, 'buildDir' | 'target'>) {
  const result = await benchUploads({ buildDir: context.buildDir })
  context.target(
    `three 12 MP uploads under ${TARGET_SECONDS} s (median)`,
    result.medianSeconds < TARGET_SECONDS,
    `${result.medianSeconds.toFixed(2)} s`,
  )
  context.target(`upload peak memory under ${TARGET_RSS_MB} MB`, result.peakRssMb < TARGET_RSS_MB, `${result.peakRssMb.toFixed(0)} MB`)
}

export type UploadBenchResult = {
  seconds: number[]
  medianSeconds: number
  /** The server's CPU time per request (user + system, all threads): comparable even on a busy machine. */
  cpuSeconds: number[]
  idleRssMb: number
  peakRssMb: number
  fileMb: number[]
}

/** Three ~8 MB 4000×3000 JPEGs (noise compresses badly, which makes them big: a worst case for the decoder). */
async function makeImages(dir: string) {
  const { jpeg } = await import('../support/photos')
  const files: string[] = []
  for (let i = 0; i < 3; i++) {
    const file = path.join(dir, `photo-${i}.jpg`)
    fs.writeFileSync(file, await jpeg({ width: 4000, height: 3000, noise: { mean: 120 + i * 5, sigma: 38 }, quality: 92 }))
    files.push(file)
  }
  const small = path.join(dir, 'warm-up.jpg')
  fs.writeFileSync(small, await jpeg({ width: 1200, height: 900, colour: '#4060a0' }))
  return { files, small }
}

/** A multipart body streamed from disk in 64 kB chunks, as a browser sends it. */
function multipartBody(parts: Array<{ field: string; file: string }>) {
  const boundary = `----glassbench${Date.now()}`
  async function* body() {
    yield Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="intent"\r\n\r\nupload\r\n`)
    for (const { field, file } of parts) {
      yield Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${path.basename(file)}"\r\nContent-Type: image/jpeg\r\n\r\n`,
      )
      for await (const chunk of fs.createReadStream(file, { highWaterMark: 64 * 1024 })) yield chunk as Buffer
      yield Buffer.from('\r\n')
    }
    yield Buffer.from(`--${boundary}--\r\n`)
  }
  return {
    body: Readable.toWeb(Readable.from(body())) as ReadableStream<Uint8Array>,
    contentType: `multipart/form-data; boundary=${boundary}`,
  }
}

/** User + system CPU seconds the process has used so far (all its threads), from /proc/<pid>/stat. */
function cpuSecondsOf(pid: number) {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  const ticks = Number(fields[11]) + Number(fields[12]) // utime, stime (fields 14 and 15 of the line)
  return ticks / 100 // USER_HZ is 100 on Linux
}

function memoryMb(pid: number, field: 'VmRSS' | 'VmHWM') {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8')
  const match = new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)
  return match ? Number(match[1]) / 1024 : NaN
}

export async function benchUploads(options: { buildDir?: string } = {}): Promise<UploadBenchResult> {
  const buildDir = options.buildDir ?? process.env.BENCH_BUILD_DIR ?? 'build-bench-uploads'
  if (!options.buildDir && !process.env.BENCH_BUILD_DIR) {
    const built = spawnSync(process.execPath, [path.join(ROOT, 'node_modules/@react-router/dev/bin.js'), 'build'], {
      cwd: ROOT,
      env: { ...process.env, BUILD_DIR: buildDir, NODE_ENV: 'production' },
      encoding: 'utf8',
    })
    if (built.status !== 0) throw new Error(`Build failed:\n${built.stdout}\n${built.stderr}`)
  }

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'glass-bench-uploads-'))
  const dataDir = path.join(dir, 'data')
  const port = await freePort()
  const url = `http://localhost:${port}`
  const server = spawn(process.execPath, [path.join(ROOT, 'server.js')], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      PORT: String(port),
      APP_URL: url,
      DATA_DIR: dataDir,
      BUILD_DIR: path.join(ROOT, buildDir),
      SESSION_SECRET,
      VPIC_URL: 'off',
      ...PRODUCTION_MALLOC_ENV,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  try {
    const { files, small } = await makeImages(dir)
    const fileMb = files.map((file) => Number((fs.statSync(file).size / 1024 / 1024).toFixed(2)))
    for (let tries = 0; ; tries++) {
      const healthy = await fetch(`${url}/healthz`).then(
        (response) => response.ok,
        () => false,
      )
      if (healthy) break
      if (tries > 100) throw new Error('The server did not start')
      await new Promise((resolve) => setTimeout(resolve, 100))
    }

    // The test factories write straight into the server's database, as the e2e tests do.
    Object.assign(process.env, {
      DATA_DIR: dataDir,
      BUILD_DIR: path.join(ROOT, buildDir),
      SESSION_SECRET,
      NODE_ENV: 'production',
      APP_URL: url,
      VPIC_URL: 'off',
    })
    const { createPolicy, createProfile, sessionCookieFor } = await import('../support/factories')
    const { closeDatabase } = await import('~/db/client.server')
    const { resetEnvForTests } = await import('~/env.server')
    // Another bench section may have opened its own server's database in this process: start from this one's.
    closeDatabase()
    resetEnvForTests()
    const profile = createProfile()
    const cookie = await sessionCookieFor(profile.id)

    const upload = async (photos: string[]) => {
      const policy = createPolicy(profile.id)
      const fields = ['head_on', 'inside_drivers', 'inside_passengers']
      const { body, contentType } = multipartBody(photos.map((file, i) => ({ field: fields[i]!, file })))
      const started = performance.now()
      const response = await fetch(`${url}/customer/complete-policy?policy_id=${policy.id}&step=photos`, {
        method: 'POST',
        body,
        duplex: 'half',
        redirect: 'manual',
        headers: { 'Content-Type': contentType, Cookie: cookie, Origin: url },
      } as RequestInit & { duplex: 'half' })
      const seconds = (performance.now() - started) / 1000
      const location = response.headers.get('Location') ?? ''
      if (response.status !== 302 || !location.includes('complete-policy')) {
        throw new Error(`Upload answered ${response.status} ${location}: ${(await response.text()).slice(0, 300)}`)
      }
      return seconds
    }

    await upload([small, small, small]) // loads sharp and the route: not what we measure
    const idleRssMb = memoryMb(server.pid!, 'VmRSS')
    const seconds: number[] = []
    const cpuSeconds: number[] = []
    for (let run = 0; run < RUNS; run++) {
      const cpuBefore = cpuSecondsOf(server.pid!)
      seconds.push(await upload(files))
      cpuSeconds.push(cpuSecondsOf(server.pid!) - cpuBefore)
    }
    const peakRssMb = memoryMb(server.pid!, 'VmHWM')
    closeDatabase()

    const sorted = [...seconds].sort((a, b) => a - b)
    const result = { seconds, medianSeconds: sorted[Math.floor(sorted.length / 2)]!, cpuSeconds, idleRssMb, peakRssMb, fileMb }
    const verdict = (ok: boolean) => (ok ? 'ok' : 'OVER TARGET')
    console.log(`uploads: 3 × 12 MP JPEGs (${fileMb.join(' / ')} MB) per request through the wizard's upload action, ${RUNS} requests`)
    console.log(
      `  time: ${seconds.map((s) => s.toFixed(3)).join(' / ')} s, median ${result.medianSeconds.toFixed(3)} s (target < ${TARGET_SECONDS} s: ${verdict(result.medianSeconds < TARGET_SECONDS)})`,
    )
    console.log(
      `  server CPU per request (all threads): ${cpuSeconds.map((s) => s.toFixed(2)).join(' / ')} s; machine load ${os.loadavg()[0]!.toFixed(1)} on ${os.availableParallelism()} cores`,
    )
    console.log(
      `  server memory: ${idleRssMb.toFixed(0)} MB before, peak ${peakRssMb.toFixed(0)} MB (target < ${TARGET_RSS_MB} MB: ${verdict(peakRssMb < TARGET_RSS_MB)})`,
    )
    return result
  } finally {
    server.kill('SIGTERM')
    await new Promise((resolve) => server.once('exit', resolve))
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await benchUploads()
}
