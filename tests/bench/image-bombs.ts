/**
 * Benchmark: image bombs against the built server. Small PNGs whose headers declare huge images (a flat colour
 * compresses to almost nothing: 7000 × 7000 RGBA is ~200 KB sent and ~196 MB decoded), posted many at once to the two
 * forms anyone can reach with photos:
 *   1. the shop's completion (no sign-in, an approved claim's code, a bad cost so every post is refused): one invoice
 *      and three 7000 × 7000 RGBA PNGs per post;
 *   2. the customer's claim form (signed in, one customer per post): three 7000 × 7000 RGBA PNGs per post;
 *   3. the shop's completion again with 6000 × 6000 RGBA PNGs, which a header check lets through (they are within
 *      the decode budget): only the server-wide image queue bounds these.
 * For each round: the server's resident memory before, its peak during (sampled every 20 ms, and the kernel's
 * high-water mark, reset before the round), and after (10 s after the last answer), plus the answers' statuses.
 * Target: peak under 500 MB (the machine has 1 GB), and back within 50 MB of where the round started.
 *
 *   npm run bench -- --only bombs [--posts 16]    (a section of tests/bench/run.ts)
 *
 * The server runs with glibc's allocator set as in production (PRODUCTION_MALLOC_ENV in server.ts, the Dockerfile): without
 * it, memory freed by the decoders stays with the process (~250 MB after round 3).
 */
import fs from 'node:fs'
import os from 'node:os'

import { REVIEWED_CHIP } from '../support/claim-answers'
import { pngBomb } from '../support/photos'
import type { BenchContext } from './run'
import { type RunningServer, startServer } from './server'

const TARGET_PEAK_MB = 500
const TARGET_SETTLED_MB = 50
const SESSION_SECRET = 'bench-session-secret-that-is-long-enough-0123456789'

export type BombRound = {
  name: string
  posts: number
  statuses: Record<string, number>
  startMb: number
  peakMb: number
  afterMb: number
  seconds: number
}

function memoryMb(pid: number, field: 'VmRSS' | 'VmHWM') {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8')
  const match = new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)
  return match ? Number(match[1]) / 1024 : NaN
}

/** Resets the kernel's peak-RSS mark of the process (Linux: "5" to clear_refs); false where that is not allowed. */
function resetPeak(pid: number) {
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5')
    return true
  } catch {
    return false
  }
}

type Part = { name: string; value: string } | { name: string; fileName: string; type: string; bytes: Buffer }

function multipart(parts: Part[]) {
  const boundary = `----glassbomb${Math.random().toString(36).slice(2)}`
  const chunks: Buffer[] = []
  for (const part of parts) {
    if ('value' in part) {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`))
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.fileName}"\r\nContent-Type: ${part.type}\r\n\r\n`,
        ),
        part.bytes,
        Buffer.from('\r\n'),
      )
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`))
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` }
}

/** Fires `posts` at once, sampling the server's memory until the last answer, then for 10 s more. */
async function round(server: RunningServer, name: string, posts: Array<() => Promise<Response>>): Promise<BombRound> {
  const startMb = memoryMb(server.pid, 'VmRSS')
  const peakResettable = resetPeak(server.pid)
  let sampledPeak = startMb
  const sampler = setInterval(() => {
    sampledPeak = Math.max(sampledPeak, memoryMb(server.pid, 'VmRSS'))
  }, 20)
  const started = performance.now()
  const statuses: Record<string, number> = {}
  try {
    const answers = await Promise.all(
      posts.map((post) =>
        post().then(
          async (response) => {
            await response.arrayBuffer()
            return String(response.status)
          },
          () => 'no answer',
        ),
      ),
    )
    for (const status of answers) statuses[status] = (statuses[status] ?? 0) + 1
  } finally {
    clearInterval(sampler)
  }
  const seconds = (performance.now() - started) / 1000
  const peakMb = Math.max(sampledPeak, peakResettable ? memoryMb(server.pid, 'VmHWM') : 0)
  await new Promise((resolve) => setTimeout(resolve, 10_000))
  return { name, posts: posts.length, statuses, startMb, peakMb, afterMb: memoryMb(server.pid, 'VmRSS'), seconds }
}

export async function benchImageBombs(options: { buildDir: string; posts: number }): Promise<BombRound[]> {
  const server = await startServer({ buildDir: options.buildDir, env: { SESSION_SECRET } })
  try {
    // The test factories write straight into the server's database, as the other sections do.
    Object.assign(process.env, { DATA_DIR: server.dataDir, SESSION_SECRET, NODE_ENV: 'production', APP_URL: server.url, VPIC_URL: 'off' })
    const { closeDatabase } = await import('~/db/client.server')
    const { resetEnvForTests } = await import('~/env.server')
    closeDatabase()
    resetEnvForTests()
    const { createActivePolicy, createClaim, createPartnerGroup, createProfile, sessionCookieFor } = await import('../support/factories')
    const sharp = (await import('sharp')).default

    const invoice = await sharp({ create: { width: 1200, height: 1600, channels: 3, background: '#f4f1ea' } })
      .jpeg()
      .toBuffer()
    const bomb = await pngBomb(7000, 7000)
    const budgetBomb = await pngBomb(6000, 6000)
    const group = createPartnerGroup('Bench Bombs Glass')
    const approvedClaim = () => {
      const { policy } = createActivePolicy(createProfile().id)
      return createClaim(policy.id, { approvalStatus: 'approved', assignedPartnerGroupId: group.id })
    }
    // One claim per shop round: a code allows 30 lookups in 10 minutes.
    const shopClaims = [approvedClaim(), approvedClaim()]
    const customers = await Promise.all(
      Array.from({ length: options.posts }, async () => {
        const profile = createProfile()
        const { policy } = createActivePolicy(profile.id)
        return { policyId: policy.id, cookie: await sessionCookieFor(profile.id) }
      }),
    )
    closeDatabase()

    const shopPost = (code: string, png: Buffer) => () => {
      const { body, contentType } = multipart([
        { name: 'code', value: code },
        { name: 'repairType', value: 'repair' },
        { name: 'actualCost', value: 'not a cost' },
        { name: 'invoice', fileName: 'invoice.jpg', type: 'image/jpeg', bytes: invoice },
        ...[1, 2, 3].map((n) => ({ name: 'repairPhotos', fileName: `after-${n}.png`, type: 'image/png', bytes: png })),
      ])
      return fetch(`${server.url}/partner/complete-claim?code=${code}`, {
        method: 'POST',
        body,
        redirect: 'manual',
        headers: { 'Content-Type': contentType, Origin: server.url },
      })
    }
    const customerPost = (customer: (typeof customers)[number]) => () => {
      const { body, contentType } = multipart([
        { name: 'policyId', value: customer.policyId },
        { name: 'damageType', value: 'chip' },
        { name: 'damageDate', value: new Date().toISOString().slice(0, 10) },
        { name: 'description', value: 'A stone from a truck left a chip on the driver side.' },
        ...Object.entries(REVIEWED_CHIP).map(([name, value]) => ({ name, value })),
        ...[1, 2, 3].map((n) => ({ name: 'photos', fileName: `damage-${n}.png`, type: 'image/png', bytes: bomb })),
      ])
      return fetch(`${server.url}/customer/submit-claim?policy_id=${customer.policyId}`, {
        method: 'POST',
        body,
        redirect: 'manual',
        headers: { 'Content-Type': contentType, Origin: server.url, Cookie: customer.cookie },
      })
    }

    // Loads sharp and the routes: not what we measure.
    const warmUp = approvedClaim()
    closeDatabase()
    await (await shopPost(warmUp.confirmationCode, invoice)()).arrayBuffer()
    await new Promise((resolve) => setTimeout(resolve, 2_000))

    const n = options.posts
    const rounds: BombRound[] = []
    rounds.push(
      await round(
        server,
        `shop completion: ${n} posts × (invoice + 3 × 7000×7000 RGBA PNG, ${(bomb.length / 1024).toFixed(0)} KB each)`,
        Array.from({ length: n }, () => shopPost(shopClaims[0]!.confirmationCode, bomb)),
      ),
    )
    rounds.push(
      await round(
        server,
        `customer claim form: ${n} posts × 3 × 7000×7000 RGBA PNG`,
        customers.map((customer) => customerPost(customer)),
      ),
    )
    rounds.push(
      await round(
        server,
        `shop completion: ${n} posts × (invoice + 3 × 6000×6000 RGBA PNG, ${(budgetBomb.length / 1024).toFixed(0)} KB each)`,
        Array.from({ length: n }, () => shopPost(shopClaims[1]!.confirmationCode, budgetBomb)),
      ),
    )
    const errors = server
      .stderr()
      .split('\n')
      .filter((line) => /error/i.test(line))
    if (errors.length) console.log(`  server logged ${errors.length} error line(s), first: ${errors[0]!.slice(0, 200)}`)
    return rounds
  } finally {
    await server.stop()
  }
}

/** The `npm run bench` section. `--posts N` sets the posts per round (default 16). */
export async function imageBombsSection(context: BenchContext) {
  const postsArg = context.args.indexOf('--posts')
  const posts = postsArg >= 0 ? Number(context.args[postsArg + 1]) : 16
  if (!(posts > 0)) throw new Error('--posts needs a positive number')
  const rounds = await benchImageBombs({ buildDir: context.buildDir, posts })
  context.print(`  machine load ${os.loadavg()[0]!.toFixed(1)} on ${os.availableParallelism()} cores`)
  for (const result of rounds) {
    const statuses = Object.entries(result.statuses)
      .map(([status, count]) => `${count} × ${status}`)
      .join(', ')
    context.print(`  ${result.name}`)
    context.print(
      `    server memory: ${result.startMb.toFixed(0)} MB before, peak ${result.peakMb.toFixed(0)} MB, ${result.afterMb.toFixed(0)} MB 10 s after; answers in ${result.seconds.toFixed(1)} s: ${statuses}`,
    )
    context.target(`${result.name}: peak under ${TARGET_PEAK_MB} MB`, result.peakMb < TARGET_PEAK_MB, `${result.peakMb.toFixed(0)} MB`)
    context.target(
      `${result.name}: back within ${TARGET_SETTLED_MB} MB of its start`,
      result.afterMb - result.startMb < TARGET_SETTLED_MB,
      `${result.startMb.toFixed(0)} → ${result.afterMb.toFixed(0)} MB`,
    )
  }
}
