import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

// @ts-expect-error s3rver ships no types
import S3rver from 's3rver'
import sharp from 'sharp'

import { rowCounts } from '../../app/cli/restore'
import { type BuiltServer, startBuiltServer, untilHealthy } from '../support/built-server'
import { postClaim } from '../support/claim-post'
import { expect, test } from '../support/e2e'
import { jpeg } from '../support/photos'

/**
 * The disaster drill: the database replicated by Litestream (to a `file://` replica, a second disk), photos
 * in an S3-compatible bucket (s3rver from npm, a real S3 server in this process). Claims with photos are filed; the
 * server is killed with -9; DATA_DIR is deleted entirely, as when a volume is lost; the server starts again — it
 * restores the database from the replica before migrating — and every claim that got a success answer is back, with
 * its photos served from the bucket; `npm run db:restore` reports the same counts as the restored database. And a
 * replica that cannot be reached with an empty DATA_DIR stops the start with one line. Browser-independent: once.
 * Why Litestream and a bucket: docs/decisions/022-litestream-and-a-bucket.md.
 */
test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, 'no browser involved: once is enough')
test.describe.configure({ timeout: 180_000 })

const SECRET = 'disaster-drill-secret-that-is-long-enough-0123456789'
const BUCKET = 'drill-uploads'

let s3: { run(): Promise<{ port: number }>; close(): Promise<void> }
let s3Port = 0
let root = ''
let server: BuiltServer | null = null

test.beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'glass-disaster-'))
  s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: path.join(root, 's3'), configureBuckets: [{ name: BUCKET }] })
  s3Port = (await s3.run()).port
})
test.afterAll(async () => {
  await s3.close()
  fs.rmSync(root, { recursive: true, force: true })
})
test.afterEach(() => {
  if (server?.child.exitCode === null) server.child.kill('SIGKILL')
})

function settings(dataDir: string, port: number, replica: string) {
  return {
    PORT: String(port),
    APP_URL: `http://localhost:${port}`,
    DATA_DIR: dataDir,
    SESSION_SECRET: SECRET,
    ADMIN_EMAILS: 'operator@example.com',
    CLIENT_IP_HEADER: 'X-Forwarded-For',
    LITESTREAM_REPLICA_URL: replica,
    UPLOADS_BUCKET: BUCKET,
    AWS_ACCESS_KEY_ID: 'S3RVER',
    AWS_SECRET_ACCESS_KEY: 'S3RVER',
    AWS_ENDPOINT_URL_S3: `http://127.0.0.1:${s3Port}`,
    AWS_REGION: 'us-east-1',
  }
}

/** A claim with two photos; resolves the new claim's id, or null when it was not acknowledged. */
async function fileClaim(port: number, cookie: string, policyId: string, photo: Buffer, n: number) {
  const answer = await postClaim(port, { cookie, policyId, photo, description: `Disaster drill claim ${n}.`, photoCount: 2 })
  return answer.status === 302 ? answer.claimId : null
}

/** The replicator of a data directory is still running (its final sync after the kill)? */
function replicatorRunning(dataDir: string) {
  try {
    return (
      execFileSync('pgrep', ['-f', `litestream replicate -config ${path.join(dataDir, 'litestream.yml')}`], { encoding: 'utf8' }).trim() !==
      ''
    )
  } catch {
    return false // pgrep exits 1 when nothing matches
  }
}

test('kill -9, DATA_DIR deleted: the server restores from the replica and every acknowledged claim is back with its photos', async () => {
  const dataDir = path.join(root, 'data')
  const replicaDir = path.join(root, 'replica')
  fs.mkdirSync(replicaDir)
  const replica = `file://${replicaDir}`
  const port = 30_000 + Math.floor(Math.random() * 9_000)
  server = startBuiltServer(settings(dataDir, port, replica))
  await untilHealthy(port, server)
  expect(server.output()).toMatch(/replication: +Litestream to file:\/\/.*replica empty: new database \(live\)/)
  expect(server.output()).toMatch(new RegExp(`uploads: +bucket ${BUCKET} \\(live\\)`))

  const customers: { cookie: string; policyId: string }[] = []
  for (let i = 0; i < 3; i++) {
    const printed = execFileSync('npx', ['tsx', 'tests/support/hostile-fixtures.ts'], {
      env: { ...process.env, DATA_DIR: dataDir, SESSION_SECRET: SECRET, ADMIN_EMAILS: 'operator@example.com' },
      encoding: 'utf8',
    })
    const fixtures = JSON.parse(printed.trim().split('\n').at(-1)!) as { customerCookie: string; policyId: string }
    customers.push({ cookie: fixtures.customerCookie, policyId: fixtures.policyId })
  }
  const photo = await jpeg({ width: 1200, height: 900, colour: '#5a8' })

  const acknowledged: { claimId: string; cookie: string }[] = []
  for (const [n, customer] of [...customers, ...customers].entries()) {
    const claimId = await fileClaim(port, customer.cookie, customer.policyId, photo, n)
    expect(claimId, `claim ${n}`).toBeTruthy()
    acknowledged.push({ claimId: claimId!, cookie: customer.cookie })
  }
  const health = (await (await fetch(`http://localhost:${port}/healthz`)).json()) as {
    checks: Record<string, string>
    replication: { state: string }
  }
  expect(health.checks.replication).toBe('ok')
  expect(health.replication.state).toBe('live')

  // The machine goes: the server is killed without warning (its replicator makes its last sync and stops with it)...
  server.child.kill('SIGKILL')
  await server.exited
  await expect.poll(() => replicatorRunning(dataDir), { timeout: 30_000 }).toBe(false)
  // ...and the volume is gone.
  fs.rmSync(dataDir, { recursive: true, force: true })

  server = startBuiltServer(settings(dataDir, port, replica))
  await untilHealthy(port, server)
  expect(server.output()).toMatch(/database restored from it at start \(live\)/)

  for (const { claimId, cookie } of acknowledged) {
    // The claim is back (its confirmation page, as the customer sees it)...
    const page = await fetch(`http://localhost:${port}/customer`, { headers: { Cookie: cookie } })
    expect(page.status).toBe(200)
    const database = new (await import('better-sqlite3')).default(path.join(dataDir, 'app.sqlite'), { readonly: true })
    const photos = database
      .prepare("SELECT file_path FROM claim_documents WHERE claim_id = ? AND document_type = 'damage_photo'")
      .pluck()
      .all(claimId) as string[]
    database.close()
    expect(photos, claimId).toHaveLength(2)
    // ...and its photos are served to its owner from the bucket.
    for (const relPath of photos) {
      const file = await fetch(`http://localhost:${port}/files/${relPath}`, { headers: { Cookie: cookie } })
      expect(file.status, relPath).toBe(200)
      expect((await sharp(Buffer.from(await file.arrayBuffer())).metadata()).width).toBe(1200)
    }
  }

  // The restore drill reads the replica into a separate file and prints the same counts as the live database.
  const restored = path.join(root, 'restored.sqlite')
  const printed = execFileSync('npx', ['tsx', 'app/cli/restore.ts', '--to', restored], {
    env: { ...process.env, ...settings(dataDir, port, replica) },
    encoding: 'utf8',
  })
  expect(printed).toMatch(/integrity: ok/)
  const live = rowCounts(path.join(dataDir, 'app.sqlite')).counts
  for (const table of ['profiles', 'policies', 'claims', 'claim_documents', 'vehicles', 'prices']) {
    expect(printed, table).toMatch(new RegExp(`^${table} +${live[table]}$`, 'm'))
  }
  expect(live.claims).toBeGreaterThanOrEqual(acknowledged.length)

  server.child.kill('SIGTERM')
  await server.exited
})

test('a replica that cannot be reached, with no local database: the server refuses to start, in one line', async () => {
  const dataDir = path.join(root, 'empty')
  const port = 30_000 + Math.floor(Math.random() * 9_000)
  server = startBuiltServer(settings(dataDir, port, `file://${path.join(root, 'disk-not-mounted')}`))
  expect(await server.exited).toBe(1)
  expect((JSON.parse(server.output().trim()) as { msg: string }).msg).toMatch(
    /^Replication error: the replica file:\/\/\S+ cannot be reached .*not starting with an empty database$/,
  )
  expect(fs.existsSync(path.join(dataDir, 'app.sqlite'))).toBe(false)

  server = startBuiltServer({ ...settings(dataDir, port, 's3://drill-db/app'), AWS_ENDPOINT_URL_S3: 'http://127.0.0.1:1' })
  expect(await server.exited).toBe(1)
  // One log line (JSON; docs/operating.md, "Logs"), its message naming the replica.
  const lines = server
    .output()
    .trim()
    .split('\n')
    .map((line) => (JSON.parse(line) as { msg: string }).msg)
  expect(lines).toHaveLength(1)
  expect(lines[0]).toMatch(/^Replication error: the replica s3:\/\/drill-db\/app could not be read .*not starting with an empty database$/)
  expect(fs.existsSync(path.join(dataDir, 'app.sqlite'))).toBe(false)
})
