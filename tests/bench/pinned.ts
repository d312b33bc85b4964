/**
 * Benchmark section "pinned": the customer dashboard's cost on the server, this build against an earlier commit's, in
 * one run. The earlier commit is extracted (`git archive`) into a temp folder, sharing this checkout's node_modules,
 * and built there; each build runs its own server.js on a data set of its own, with one customer (three policies, a
 * claim each) made by that commit's own test factories. The figure is the server process's CPU time per dashboard
 * (user + system, from /proc), loaded at 20 connections in alternating turns: on a machine others share, the CPU a
 * request costs moves far less than the requests a second it gets.
 *
 *   npm run bench -- --only pinned [--pinned 17ea607] [--requests 800]
 */
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import autocannon from 'autocannon'

import type { BenchContext } from './run'
import { buildApp, ROOT, type RunningServer, startServer } from './server'

/** The commit the dashboard cost 112 / 123 dashboards a second at (1,000 policies, 20 connections), before it grew. */
const DEFAULT_PINNED = '17ea607'
const TURNS = 4
/** The dashboard may cost this much more CPU than at the pinned commit. */
const MAX_RATIO = 1.2

/** A customer with three policies and a claim on each, through the checkout's own factories; their session cookie. */
function seedCustomer(root: string, server: RunningServer) {
  const script = `import('./tests/support/factories.ts').then(async (f) => {
    const profile = f.createProfile({ email: 'dashboard@bench.example', fullName: 'Dana Board' })
    for (let i = 0; i < 3; i++) f.createClaim(f.createActivePolicy(profile.id).policy.id)
    process.stdout.write(await f.sessionCookieFor(profile.id))
  })`
  const result = spawnSync(process.execPath, [path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'), '-e', script], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: server.dataDir,
      SESSION_SECRET: 'bench-session-secret-that-is-long-enough-0123456789',
      VPIC_URL: 'off',
    },
    encoding: 'utf8',
  })
  if (result.status !== 0 || !result.stdout.startsWith('__session=')) throw new Error(`Seeding failed in ${root}:\n${result.stderr}`)
  return result.stdout
}

/** The process's CPU time so far, in ms (user + system; clock ticks of 10 ms). */
function cpuMs(pid: number) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
  return (Number(fields[11]) + Number(fields[12])) * 10
}

export async function pinnedSection({ buildDir, args, print, target }: BenchContext) {
  const pinnedArg = args.indexOf('--pinned')
  const pinned = pinnedArg >= 0 ? args[pinnedArg + 1]! : DEFAULT_PINNED
  const requestsArg = args.indexOf('--requests')
  const requests = requestsArg >= 0 ? Number(args[requestsArg + 1]) : 800
  const tree = fs.mkdtempSync(path.join(os.tmpdir(), 'glass-pinned-'))
  const servers: RunningServer[] = []
  try {
    const extracted = spawnSync('sh', ['-c', 'git archive "$0" | tar -x -C "$1"', pinned, tree], { cwd: ROOT, encoding: 'utf8' })
    if (extracted.status !== 0) throw new Error(`git archive ${pinned} failed:\n${extracted.stderr}`)
    fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(tree, 'node_modules'))
    print(`Building ${pinned} in ${tree}...`)
    buildApp('build', tree)

    const builds = [
      { name: 'this build', root: ROOT, buildDir },
      { name: pinned, root: tree, buildDir: 'build' },
    ]
    type Run = (typeof builds)[number] & { server: RunningServer; cookie: string; url: string; bytes: number; cpu: number[] }
    const runs: Run[] = []
    for (const build of builds) {
      const server = await startServer({ buildDir: build.buildDir, root: build.root })
      servers.push(server)
      const cookie = seedCustomer(build.root, server)
      const url = `${server.url.replace('localhost', '127.0.0.1')}/customer`
      const check = await fetch(url, { headers: { Cookie: cookie }, redirect: 'manual' })
      if (check.status !== 200) throw new Error(`${build.name}: the dashboard answered ${check.status}`)
      const html = await check.text()
      runs.push({ ...build, server, cookie, url, bytes: Buffer.byteLength(html), cpu: [] })
    }
    const load = (run: Run, amount: number) => autocannon({ url: run.url, connections: 20, amount, headers: { cookie: run.cookie } })
    for (const run of runs) await load(run, 200) // warm-up
    for (let turn = 0; turn < TURNS; turn++)
      for (const run of turn % 2 ? [...runs].reverse() : runs) {
        const before = cpuMs(run.server.pid)
        const result = await load(run, requests)
        if (result.non2xx || result.errors) throw new Error(`${run.name}: ${result.non2xx} non-2xx, ${result.errors} errors`)
        run.cpu.push((cpuMs(run.server.pid) - before) / requests)
      }
    const mean = (values: number[]) => values.reduce((total, value) => total + value, 0) / values.length
    print(`Customer dashboard, 20 connections, ${requests} requests a turn, ${TURNS} alternating turns: server CPU ms per request`)
    for (const run of runs)
      print(
        `  ${run.name.padEnd(12)} ${run.cpu.map((value) => value.toFixed(2).padStart(6)).join('')}   mean ${mean(run.cpu).toFixed(2)} ms   (page ${(run.bytes / 1024).toFixed(1)} KB)`,
      )
    const ratio = mean(runs[0]!.cpu) / mean(runs[1]!.cpu)
    print(`  ratio this build / ${pinned}: ${ratio.toFixed(2)}`)
    target(`dashboard CPU per request ≤ ${MAX_RATIO} × ${pinned}'s`, ratio <= MAX_RATIO, ratio.toFixed(2))
  } finally {
    for (const server of servers) await server.stop()
    fs.rmSync(tree, { recursive: true, force: true })
  }
}
