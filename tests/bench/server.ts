/**
 * Starting the built app as its own process, on a free port and a fresh data directory. Used by the benchmark and by
 * e2e tests that must change the server's database in ways other tests must not see (e.g. unreadable prices).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { freePort } from '../support/built-server'

export const ROOT = path.resolve(import.meta.dirname, '../..')

/** `react-router build` into <root>/<buildDir> (ROOT by default); throws with the build's output if it fails. */
export function buildApp(buildDir: string, root = ROOT) {
  const result = spawnSync(process.execPath, [path.join(ROOT, 'node_modules/@react-router/dev/bin.js'), 'build'], {
    cwd: root,
    env: { ...process.env, BUILD_DIR: buildDir, NODE_ENV: 'production' },
    encoding: 'utf8',
  })
  if (result.status !== 0) throw new Error(`Build failed:\n${result.stdout}\n${result.stderr}`)
}

/**
 * glibc's allocator settings the server runs with in production (the Dockerfile and `npm run serve` set the same; a
 * unit test keeps the three equal). Fixed thresholds turn off glibc's dynamic mmap threshold: without them, once
 * libvips frees its first large buffer glibc serves every later block up to 32 MB from its heaps, and a few
 * decodes of a huge PNG leave ~250 MB resident for good (docs/benchmarks.md, image bombs). With them, blocks over
 * 128 KB are mapped on their own and go back to the system when freed. Two arenas: fewer heaps to fragment.
 */
export const PRODUCTION_MALLOC_ENV = {
  MALLOC_ARENA_MAX: '2',
  MALLOC_MMAP_THRESHOLD_: '131072',
  MALLOC_TRIM_THRESHOLD_: '131072',
}

export type RunningServer = {
  url: string
  /** The server process's id (its memory is in /proc/<pid>/status). */
  pid: number
  port: number
  dataDir: string
  /** The SQLite file the server uses. */
  databaseFile: string
  /** Everything the server wrote to stderr so far (errors and warnings it logged). */
  stderr: () => string
  stop: () => Promise<void>
}

export type StartOptions = {
  /** Build folder under the checkout, e.g. 'build-bench'. */
  buildDir: string
  /** The checkout whose server.js runs (another commit's, for a comparison in one run); ROOT by default. */
  root?: string
  port?: number
  /** Defaults to a new temp folder, removed on stop. */
  dataDir?: string
  env?: Record<string, string>
}

/** Starts the production server (server.js) on the build with the embedded defaults (local payments, outbox) and waits for /healthz. */
export async function startServer(options: StartOptions): Promise<RunningServer> {
  const port = options.port ?? (await freePort())
  const ownDataDir = !options.dataDir
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'glass-server-'))
  const url = `http://localhost:${port}`
  const root = options.root ?? ROOT
  const serverEntry = path.join(root, options.buildDir, 'server/index.js')
  if (!fs.existsSync(serverEntry)) throw new Error(`No server build at ${serverEntry}: build first`)

  const child: ChildProcess = spawn(process.execPath, [path.join(root, 'server.js')], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      PORT: String(port),
      APP_URL: url,
      DATA_DIR: dataDir,
      BUILD_DIR: path.join(root, options.buildDir),
      SESSION_SECRET: 'bench-session-secret-that-is-long-enough-0123456789',
      VPIC_URL: 'off',
      ...PRODUCTION_MALLOC_ENV,
      ...options.env,
    },
    // The request log (stdout) is dropped: writing it would be part of what we measure.
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let stderr = ''
  child.stderr!.setEncoding('utf8')
  child.stderr!.on('data', (chunk: string) => {
    stderr += chunk
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))

  // Generous: on a shared machine under load a cold start has taken over 30 s.
  const deadline = Date.now() + 120_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Server exited with ${child.exitCode}:\n${stderr}`)
    try {
      const response = await fetch(`${url}/healthz`)
      if (response.ok) break
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL')
      throw new Error(`Server did not answer /healthz within 120 s:\n${stderr}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }

  return {
    url,
    pid: child.pid!,
    port,
    dataDir,
    databaseFile: path.join(dataDir, 'app.sqlite'),
    stderr: () => stderr,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM')
        const timer = setTimeout(() => child.kill('SIGKILL'), 5_000)
        await exited
        clearTimeout(timer)
      }
      if (ownDataDir) fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
