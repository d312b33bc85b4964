import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import Database from 'better-sqlite3'

import { type BuiltServer, startBuiltServer, untilHealthy } from '../support/built-server'
import { type ClaimAnswer, postClaim } from '../support/claim-post'
import { expect, test } from '../support/e2e'
import { jpeg } from '../support/photos'

/**
 * The kill -9 drill (docs/decisions/015-staged-uploads.md): claims with photos are being filed when the server is killed without warning.
 * After a restart (the start-up sweep runs once the leftovers are an hour old), every file under uploads/ belongs to a
 * row — no temporary file, no folder without its claim — and every claim that was answered with success is there with
 * its photos. Browser-independent: once, in the js-on project.
 */
test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, 'no browser involved: once is enough')
test.describe.configure({ timeout: 180_000 })

function startServer(dataDir: string, port: number, tmpDir: string) {
  return startBuiltServer({
    // Its own temporary folder, where the photos arriving are spooled (app/services/scratch.server.ts).
    TMPDIR: tmpDir,
    PORT: String(port),
    APP_URL: `http://localhost:${port}`,
    DATA_DIR: dataDir,
    SESSION_SECRET: 'kill-drill-secret-that-is-long-enough-0123456789',
    ADMIN_EMAILS: 'operator@example.com',
    CLIENT_IP_HEADER: 'X-Forwarded-For',
  })
}

/** A drill claim with three 12-megapixel photos. */
function fileClaim(port: number, cookie: string, policyId: string, photo: Buffer, n: number) {
  return postClaim(port, { cookie, policyId, photo, description: `Drill claim ${n}: a stone on I-15.`, photoCount: 3 })
}

function filesUnder(folder: string): string[] {
  return fs.existsSync(folder)
    ? (fs.readdirSync(folder, { recursive: true }) as string[]).filter((rel) => fs.statSync(path.join(folder, rel)).isFile())
    : []
}

let server: BuiltServer | null = null
test.afterEach(() => {
  if (server?.child.exitCode === null) server.child.kill('SIGKILL')
})

test('kill -9 while claims are filed: after the restart nothing is left behind and every acknowledged claim is whole', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'glass-kill-drill-'))
  const tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'glass-kill-drill-tmp-'))
  const port = 30_000 + Math.floor(Math.random() * 9_000)
  server = startServer(dataDir, port, tmpDir)
  await untilHealthy(port, server)

  // Many customers (each has a limit on claims per hour), each with an active policy, signed in.
  const customers: { cookie: string; policyId: string }[] = []
  for (let i = 0; i < 4; i++) {
    const printed = execFileSync('npx', ['tsx', 'tests/support/hostile-fixtures.ts'], {
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        SESSION_SECRET: 'kill-drill-secret-that-is-long-enough-0123456789',
        ADMIN_EMAILS: 'operator@example.com',
      },
      encoding: 'utf8',
    })
    const fixtures = JSON.parse(printed.trim().split('\n').at(-1)!) as { customerCookie: string; policyId: string }
    customers.push({ cookie: fixtures.customerCookie, policyId: fixtures.policyId })
  }
  // 12-megapixel photos: each submission spends real time in sharp, so the kill lands mid-upload for some.
  const photo = await jpeg({ width: 4000, height: 3000, noise: { mean: 128, sigma: 40 }, quality: 90 })

  // Some claims are filed and answered before the kill...
  const before: ClaimAnswer[] = []
  for (const customer of customers) before.push(await fileClaim(port, customer.cookie, customer.policyId, photo, before.length))
  expect(before.map((answer) => answer.status)).toEqual([302, 302, 302, 302])
  // Each photo went to a scratch file as it arrived; each is gone once its claim was answered.
  expect(fs.readdirSync(tmpDir).filter((name) => name.startsWith('glass-scratch-'))).toHaveLength(1)
  await expect.poll(() => filesUnder(tmpDir)).toEqual([])
  // ...then a burst is in flight when the plug is pulled: the kill lands the moment the burst's first claim is
  // acknowledged, so some of it is answered and the rest is cut off mid-upload, in sharp or mid-write.
  let firstAcknowledged = () => {}
  const acknowledgedOnce = new Promise<void>((resolve) => (firstAcknowledged = resolve))
  const answers: Promise<ClaimAnswer>[] = []
  for (let round = 0; round < 6; round++) {
    for (const customer of customers) {
      const answer = fileClaim(port, customer.cookie, customer.policyId, photo, before.length + answers.length)
      answers.push(
        answer.then((result) => {
          if (result.status === 302) firstAcknowledged()
          return result
        }),
      )
    }
  }
  await Promise.race([acknowledgedOnce, new Promise((resolve) => setTimeout(resolve, 60_000))])
  server.child.kill('SIGKILL')
  const burst = await Promise.all(answers)
  expect(burst.some((answer) => answer.status === 302)).toBe(true) // some of the burst was acknowledged...
  expect(burst.some((answer) => answer.status === 0)).toBe(true) // ...and the kill cut the rest off
  const acknowledged = [...before, ...burst].filter((answer) => answer.status === 302).map((answer) => answer.claimId!)

  const uploads = path.join(dataDir, 'uploads')
  // Make everything left behind look an hour old, as after a real outage; then start again.
  const old = new Date(Date.now() - 2 * 60 * 60 * 1000)
  for (const rel of fs.existsSync(uploads) ? (fs.readdirSync(uploads, { recursive: true }) as string[]) : []) {
    fs.utimesSync(path.join(uploads, rel), old, old)
  }
  // The killed process's scratch folder, with whatever uploads the kill cut off, is left; the next start removes it.
  server = startServer(dataDir, port, tmpDir)
  await untilHealthy(port, server)
  expect(server.output()).toMatch(/scratch sweep removed 1 folder\(s\) of a stopped process/)
  expect(filesUnder(tmpDir)).toEqual([])
  expect(server.output()).toMatch(/upload sweep removed \d+ temporary file\(s\), \d+ folder\(s\) with no row, \d+ unreferenced file\(s\)/)

  const database = new Database(path.join(dataDir, 'app.sqlite'), { readonly: true })
  const claimIds = new Set(database.prepare('SELECT id FROM claims').pluck().all() as string[])
  const documents = database
    .prepare(
      "SELECT claim_id AS claimId, file_path AS filePath, thumb_path AS thumbPath FROM claim_documents WHERE document_type = 'damage_photo'",
    )
    .all() as {
    claimId: string
    filePath: string
    thumbPath: string
  }[]
  const filed = database.prepare("SELECT count(*) FROM claims WHERE description LIKE 'Drill claim %'").pluck().get() as number
  database.close()

  const files = filesUnder(path.join(uploads, 'claim-documents'))
  // Nothing left behind: no temporary file, and every file is in the folder of a claim that exists and is one of its own.
  expect(files.filter((rel) => rel.endsWith('.tmp'))).toEqual([])
  expect(files.filter((rel) => !claimIds.has(rel.split(path.sep)[0]!))).toEqual([])
  const referenced = new Set(documents.flatMap((doc) => [doc.filePath, doc.thumbPath, doc.filePath.replace(/\.jpg$/, '.shop.jpg')]))
  expect(files.filter((rel) => !referenced.has(`claim-documents/${rel.split(path.sep).join('/')}`))).toEqual([])
  // Every acknowledged claim is there, with its three photos, thumbnails and shop copies on disk.
  for (const claimId of acknowledged) {
    expect(claimIds.has(claimId), claimId).toBe(true)
    expect(
      documents.filter((doc) => doc.claimId === claimId),
      claimId,
    ).toHaveLength(3)
  }
  expect(filed).toBeGreaterThanOrEqual(acknowledged.length)
  expect(documents).toHaveLength(filed * 3)
  for (const doc of documents) {
    for (const rel of [doc.filePath, doc.thumbPath, doc.filePath.replace(/\.jpg$/, '.shop.jpg')]) {
      expect(fs.existsSync(path.join(uploads, rel)), rel).toBe(true)
    }
  }

  server.child.kill('SIGTERM')
  await new Promise((resolve) => server!.child.once('exit', resolve))
  fs.rmSync(dataDir, { recursive: true, force: true })
  fs.rmSync(tmpDir, { recursive: true, force: true })
})
