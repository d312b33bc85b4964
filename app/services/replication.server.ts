import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import net from 'node:net'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

import { Gauge } from 'prom-client'

import { type Env } from '~/env.server'
import { logger } from '~/logger.server'
import { registry } from '~/server/metrics.server'

/**
 * Continuous replication of the database with Litestream (docs/decisions/022-litestream-and-a-bucket.md). Off unless
 * LITESTREAM_REPLICA_URL is set, so the embedded default never needs it. When it is set:
 * - before the database is opened (and migrated), a missing `app.sqlite` is restored from the replica; a replica that
 *   cannot be read stops the start with one line, so the server never starts empty beside a backup it could not reach;
 * - the server runs `litestream replicate` beside itself and restarts it if it stops; a small shell watchdog between
 *   the two ends Litestream (with its final sync) when the server's process ends in any way, even `kill -9`;
 * - Litestream's metrics give the replica's position against the local WAL's, from which /healthz reports the lag.
 */

export class ReplicationError extends Error {}

/** How often the replica's position is read for the lag. */
const POLL_MS = 2_000
/** Litestream's own interval between uploads of WAL changes; at most this much is lost with the machine. */
export const SYNC_INTERVAL = '1s'

/** The Litestream binary from npm (`@flydotio/litestream`, linux x64/arm64 and macOS), or LITESTREAM_BIN. */
export function litestreamBinary(): string {
  if (process.env.LITESTREAM_BIN) return process.env.LITESTREAM_BIN
  const require = createRequire(import.meta.url)
  const name = `@flydotio/litestream-${process.platform}-${process.arch}`
  try {
    return path.join(path.dirname(require.resolve(`${name}/package.json`)), 'litestream')
  } catch {
    throw new ReplicationError(`Replication error: ${name} is not installed (npm install), and LITESTREAM_BIN is not set`)
  }
}

export function databaseFile(config: Env) {
  return path.join(config.DATA_DIR, 'app.sqlite')
}

/** Where the generated configuration is written: beside the database, with no secrets in it. */
export function litestreamConfigPath(config: Env) {
  return path.join(config.DATA_DIR, 'litestream.yml')
}

/**
 * Litestream's configuration from the settings. Credentials stay in the environment (Litestream reads
 * AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY itself); the endpoint and region are written for S3-compatible stores.
 */
export function litestreamConfig(config: Env, metricsPort: number | null, database = databaseFile(config)) {
  const url = config.LITESTREAM_REPLICA_URL
  if (!url) throw new ReplicationError('Replication error: LITESTREAM_REPLICA_URL is not set')
  const lines = metricsPort ? [`addr: 127.0.0.1:${metricsPort}`] : []
  lines.push('dbs:', `  - path: ${JSON.stringify(database)}`, '    replicas:', `      - url: ${JSON.stringify(url)}`)
  lines.push(`        sync-interval: ${SYNC_INTERVAL}`)
  if (url.startsWith('s3://')) {
    if (config.AWS_ENDPOINT_URL_S3) {
      lines.push(`        endpoint: ${JSON.stringify(config.AWS_ENDPOINT_URL_S3)}`, '        force-path-style: true')
    }
    lines.push(`        region: ${JSON.stringify(config.AWS_REGION)}`)
  }
  return `${lines.join('\n')}\n`
}

function writeConfig(config: Env, metricsPort: number | null, file = litestreamConfigPath(config), database = databaseFile(config)) {
  fs.mkdirSync(path.dirname(file), { recursive: true })
  fs.writeFileSync(file, litestreamConfig(config, metricsPort, database), { mode: 0o600 })
  return file
}

/** A file replica is a folder on another disk: when it is missing, the disk is not there (never "empty"). */
function checkFileReplica(config: Env) {
  const url = config.LITESTREAM_REPLICA_URL!
  if (!url.startsWith('file://')) return
  const folder = fileURLToPath(url)
  if (!fs.existsSync(folder)) {
    throw new ReplicationError(
      `Replication error: the replica ${url} cannot be reached (${folder} does not exist; create it, or mount its disk); not starting with an empty database`,
    )
  }
}

function lastLine(text: string) {
  const lines = text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
  return (lines.at(-1) ?? '').replace(/^time=\S+ level=\S+ msg=/, '')
}

/**
 * Before the database is opened: when `app.sqlite` is missing, restore the latest copy from the replica. Returns what
 * happened; throws ReplicationError (one line for the log) when the replica cannot be read.
 */
export function restoreIfMissing(config: Env): 'present' | 'restored' | 'new' {
  const database = databaseFile(config)
  if (fs.existsSync(database)) return 'present'
  checkFileReplica(config)
  fs.mkdirSync(config.DATA_DIR, { recursive: true })
  const configFile = writeConfig(config, null)
  const result = spawnSync(litestreamBinary(), ['restore', '-config', configFile, '-if-replica-exists', database], {
    encoding: 'utf8',
    timeout: 10 * 60_000,
  })
  if (result.error || result.status !== 0) {
    const why = result.error?.message ?? lastLine(`${result.stdout}\n${result.stderr}`)
    throw new ReplicationError(
      `Replication error: the replica ${config.LITESTREAM_REPLICA_URL} could not be read (${why}); not starting with an empty database`,
    )
  }
  return fs.existsSync(database) ? 'restored' : 'new'
}

/**
 * `npm run db:restore`: the latest copy (or the one at `timestamp`) from the replica into `output`, a separate file;
 * the live database is not touched.
 */
export function restoreTo(config: Env, output: string, timestamp?: string) {
  checkFileReplica(config)
  if (fs.existsSync(output)) throw new ReplicationError(`${output} exists already: choose a new file`)
  fs.mkdirSync(path.dirname(path.resolve(output)), { recursive: true })
  const configFile = writeConfig(config, null, path.join(path.dirname(path.resolve(output)), '.litestream-restore.yml'))
  const args = ['restore', '-config', configFile, '-o', output, ...(timestamp ? ['-timestamp', timestamp] : []), databaseFile(config)]
  const result = spawnSync(litestreamBinary(), args, { encoding: 'utf8', timeout: 30 * 60_000 })
  fs.rmSync(configFile, { force: true })
  if (result.error || result.status !== 0 || !fs.existsSync(output)) {
    throw new ReplicationError(`Restore failed: ${result.error?.message ?? lastLine(`${result.stdout}\n${result.stderr}`)}`)
  }
}

// --- the replicator beside the server -----------------------------------------------------------------------------

/**
 * Runs the command in "$@" and ends it with SIGTERM (Litestream then makes its final sync) when its standard input
 * closes: the server holds the other end, so the pipe closes when the server stops, however it stops. The shell exits
 * with the command, so the server sees Litestream stop and starts it again.
 */
const WATCHDOG = [
  'exec 3<&0',
  '"$@" 0</dev/null &',
  'child=$!',
  '{ cat >/dev/null 0<&3; kill -TERM "$child" 2>/dev/null; } &',
  'wait "$child"',
].join('\n')

type Position = { index: number; offset: number }

export type ReplicationStatus =
  { state: 'off' } | { state: 'live'; replica: string; lagSeconds: number; maxLagSeconds: number; restarts: number; running: boolean }

const after = (a: Position, b: Position) => a.index > b.index || (a.index === b.index && a.offset > b.offset)

/** Reads Litestream's Prometheus metrics: the local WAL's position (shadow WAL) and the replica's. */
export function parsePositions(metrics: string): { local: Position; replica: Position } | null {
  const value = (name: string) => {
    const match = new RegExp(`^${name}\\{[^}]*\\} (\\S+)$`, 'm').exec(metrics)
    return match ? Number(match[1]) : null
  }
  const local = { index: value('litestream_shadow_wal_index'), offset: value('litestream_shadow_wal_size') }
  const replica = { index: value('litestream_replica_wal_index'), offset: value('litestream_replica_wal_offset') }
  if ([local.index, local.offset, replica.index, replica.offset].some((n) => n === null || Number.isNaN(n))) return null
  return { local: local as Position, replica: replica as Position }
}

/**
 * The lag: how long the oldest local change not yet in the replica has been waiting. Each poll notes the local
 * position with its time; a noted position drops out once the replica has reached it. While Litestream cannot be
 * asked (stopped, restarting), the lag runs from the last answer that showed it caught up.
 */
export class LagTracker {
  private pending: { position: Position; at: number }[] = []
  private caughtUpAt: number

  constructor(now = Date.now()) {
    this.caughtUpAt = now
  }

  observe(positions: { local: Position; replica: Position } | null, now = Date.now()) {
    if (!positions) return
    const { local, replica } = positions
    // A new generation (Litestream restarted, or the WAL was reset) starts its positions at 0 again.
    if (this.pending.some((entry) => after(entry.position, local))) this.pending = []
    this.pending = this.pending.filter((entry) => after(entry.position, replica))
    if (after(local, replica)) {
      if (!this.pending.some((entry) => !after(local, entry.position))) this.pending.push({ position: local, at: now })
    } else {
      this.pending = []
      this.caughtUpAt = now
    }
  }

  lagSeconds(now = Date.now()) {
    if (this.pending.length) return Math.floor((now - this.pending[0]!.at) / 1000)
    // Caught up at the last answer; after two polls with no answer, the lag runs from that answer.
    return now - this.caughtUpAt > 2 * POLL_MS ? Math.floor((now - this.caughtUpAt) / 1000) : 0
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as net.AddressInfo).port
      server.close(() => resolve(port))
    })
  })
}

class Replicator {
  private child: ChildProcess | null = null
  private stopping = false
  private restarts = 0
  private metricsPort = 0
  private poller: NodeJS.Timeout | null = null
  private lag = new LagTracker()

  constructor(private config: Env) {}

  async start() {
    this.metricsPort = await freePort()
    writeConfig(this.config, this.metricsPort)
    this.spawn()
    this.poller = setInterval(() => void this.poll(), POLL_MS)
    this.poller.unref()
  }

  private spawn() {
    const child = spawn(
      'sh',
      ['-c', WATCHDOG, 'litestream', litestreamBinary(), 'replicate', '-config', litestreamConfigPath(this.config)],
      {
        stdio: ['pipe', 'inherit', 'inherit'],
      },
    )
    this.child = child
    child.stdin?.on('error', () => {}) // the watchdog gone first: nothing to tell it
    child.once('exit', (code, signal) => {
      if (this.child === child) this.child = null
      child.stdin?.destroy()
      if (this.stopping) return
      this.restarts++
      const delay = Math.min(30_000, 1_000 * 2 ** Math.min(this.restarts - 1, 5))
      logger.error(
        { component: 'litestream', exit: signal ?? code, restartInSeconds: delay / 1000, restarts: this.restarts },
        'Litestream stopped; starting it again',
      )
      setTimeout(() => {
        if (!this.stopping) this.spawn()
      }, delay).unref()
    })
  }

  private async poll() {
    try {
      const response = await fetch(`http://127.0.0.1:${this.metricsPort}/metrics`, { signal: AbortSignal.timeout(1_500) })
      this.lag.observe(parsePositions(await response.text()))
    } catch {
      // Not answering (starting, restarting): the lag keeps growing from the last position known to be replicated.
    }
  }

  status(): ReplicationStatus {
    return {
      state: 'live',
      replica: this.config.LITESTREAM_REPLICA_URL!,
      lagSeconds: this.lag.lagSeconds(),
      maxLagSeconds: this.config.REPLICATION_MAX_LAG_SECONDS,
      restarts: this.restarts,
      running: this.child !== null,
    }
  }

  /** After the database is closed: Litestream makes its final sync and exits (at most `timeoutMs`). */
  stop(timeoutMs = 15_000): Promise<void> {
    this.stopping = true
    if (this.poller) clearInterval(this.poller)
    const child = this.child
    if (!child) return Promise.resolve()
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        child.kill('SIGKILL')
        resolve()
      }, timeoutMs)
      child.once('exit', () => {
        clearTimeout(timer)
        resolve()
      })
      child.stdin?.end()
    })
  }
}

let replicator: Replicator | null = null

/** Starts Litestream beside the server (after the database is open and migrated). */
export async function startReplication(config: Env) {
  if (config.replication !== 'litestream' || replicator) return
  replicator = new Replicator(config)
  await replicator.start()
}

export function replicationStatus(): ReplicationStatus {
  return replicator?.status() ?? { state: 'off' }
}

export async function stopReplication() {
  await replicator?.stop()
  replicator = null
}

// The replicator's figures at /metrics, read when a scrape asks for them.
new Gauge({
  name: 'glass_replication_lag_seconds',
  help: 'How far the Litestream replica is behind the database (the figure /healthz checks); 0 when replication is off.',
  registers: [registry],
  collect() {
    const status = replicationStatus()
    this.set(status.state === 'live' ? status.lagSeconds : 0)
  },
})
new Gauge({
  name: 'glass_replication_running',
  help: 'Litestream is configured and running beside the server (1), or not (0; always 0 when replication is off).',
  registers: [registry],
  collect() {
    const status = replicationStatus()
    this.set(status.state === 'live' && status.running ? 1 : 0)
  },
})
