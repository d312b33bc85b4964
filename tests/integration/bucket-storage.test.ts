import crypto from 'node:crypto'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'

// @ts-expect-error s3rver ships no types
import S3rver from 's3rver'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { migrateUploadsToBucket } from '~/cli/storage-migrate'
import { db } from '~/db/client.server'
import { resetEnvForTests } from '~/env.server'
import { submitClaim } from '~/models/claims/claim-filing.server'
import { sweepOrphanObjects } from '~/models/operations/upload-sweep.server'
import { savePolicyPhotos } from '~/models/policies/policy-setup.server'
import { loader as fileLoader } from '~/routes/files.$'
import { deleteObjects, getObject, headObject, listObjects, putObject, resetBucketClientForTests } from '~/services/bucket.server'
import { type UploadedFile } from '~/services/multipart.server'
import { signedFileUrl } from '~/services/signed-links.server'

import { answersInput, REVIEWED_CHIP } from '../support/claim-answers'
import { consoleErrors, expectConsoleError } from '../support/console'
import { usToday } from '../support/days'
import { createActivePolicy, createPolicy, createProfile, ensureSeeded, sessionCookieFor } from '../support/factories'
import { jpeg as makeJpeg } from '../support/photos'
import { makeRequest, routeArgs, settleFileUrl } from '../support/requests'

/**
 * Photos and documents in an S3-compatible bucket, through the real AWS SDK against a real local S3
 * server (s3rver, from npm, storing objects in a temporary folder). The same models and the same /files/* route
 * as on the volume; nothing is written under DATA_DIR/uploads.
 */

const BUCKET = 'glass-uploads'
let server: { run(): Promise<{ port: number }>; close(): Promise<void> }
let objectsDir: string
let jpeg: Buffer
const today = () => usToday()
const photo = (fieldName = 'photos'): UploadedFile => ({ fieldName, fileName: 'damage.jpg', contentType: 'image/jpeg', bytes: jpeg })

/** A new customer with an active policy files a claim with one photo. */
async function fileClaim() {
  const profile = createProfile()
  const { policy } = createActivePolicy(profile.id)
  const claim = await submitClaim({
    profile,
    policyId: policy.id,
    damageType: 'chip',
    description: 'x',
    damageDate: today(),
    ...answersInput(REVIEWED_CHIP),
    photos: [photo()],
  })
  return { profile, policy, claim }
}

async function bucketKeys(prefix = '') {
  const keys: string[] = []
  for await (const object of listObjects(prefix)) keys.push(object.relPath)
  return keys.sort()
}

/** Deletions after a refused request are not awaited by the request: wait for the listing to show them. */
async function settledKeys(prefix: string, expected: string[]) {
  for (let attempt = 0; attempt < 50; attempt++) {
    const keys = await bucketKeys(prefix)
    if (JSON.stringify(keys) === JSON.stringify(expected)) return keys
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return bucketKeys(prefix)
}

beforeAll(async () => {
  objectsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'glass-s3-'))
  server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: objectsDir, configureBuckets: [{ name: BUCKET }] })
  const { port } = await server.run()
  Object.assign(process.env, {
    UPLOADS_BUCKET: BUCKET,
    AWS_ACCESS_KEY_ID: 'S3RVER',
    AWS_SECRET_ACCESS_KEY: 'S3RVER',
    AWS_ENDPOINT_URL_S3: `http://127.0.0.1:${port}`,
    AWS_REGION: 'us-east-1',
  })
  resetEnvForTests()
  resetBucketClientForTests()
  ensureSeeded()
  jpeg = await makeJpeg({ width: 64, height: 48, colour: '#4a7' })
})

afterAll(async () => {
  resetBucketClientForTests()
  for (const name of ['UPLOADS_BUCKET', 'AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY', 'AWS_ENDPOINT_URL_S3', 'AWS_REGION'])
    delete process.env[name]
  resetEnvForTests()
  await server.close()
  fs.rmSync(objectsDir, { recursive: true, force: true })
})

describe('the bucket adapter (real AWS SDK, real S3 server)', () => {
  it('puts, reads back byte for byte, lists, and deletes', async () => {
    const bytes = crypto.randomBytes(5000)
    await putObject('test/a/one.jpg', bytes, 'image/jpeg')
    const head = await headObject('test/a/one.jpg')
    expect(head).toMatchObject({ size: 5000, etag: crypto.createHash('md5').update(bytes).digest('hex') })
    const object = await getObject('test/a/one.jpg')
    expect(Buffer.from(await new Response(object!.body).arrayBuffer()).equals(bytes)).toBe(true)
    expect(await bucketKeys('test/')).toEqual(['test/a/one.jpg'])

    await deleteObjects(['test/a/one.jpg', 'test/a/never-there.jpg'])
    expect(await headObject('test/a/one.jpg')).toBeNull()
    expect(await getObject('test/a/one.jpg')).toBeNull()
    expect(fs.existsSync(path.join(process.env.DATA_DIR!, 'uploads', 'test'))).toBe(false)
  })
})

describe('claims and policy photos in the bucket', () => {
  it('a filed claim puts its photo, thumbnail and shop copy in the bucket, and nothing on the volume', async () => {
    const { claim } = await fileClaim()
    const keys = await bucketKeys(`claim-documents/${claim.id}/`)
    expect(keys).toHaveLength(3)
    expect(keys.filter((key) => key.endsWith('.shop.jpg'))).toHaveLength(1)
    expect(fs.existsSync(path.join(process.env.DATA_DIR!, 'uploads', 'claim-documents', claim.id))).toBe(false)
  })

  it('a claim whose rows fail leaves no object behind', async () => {
    const profile = createProfile()
    const { policy } = createActivePolicy(profile.id)
    const sqlite = db().$client
    sqlite.exec(`CREATE TRIGGER fail_docs BEFORE INSERT ON claim_documents BEGIN SELECT RAISE(ABORT, 'refused by the test'); END`)
    const before = await bucketKeys('claim-documents/')
    try {
      await expect(
        submitClaim({
          profile,
          policyId: policy.id,
          damageType: 'chip',
          description: 'x',
          damageDate: today(),
          ...answersInput(REVIEWED_CHIP),
          photos: [photo(), photo()],
        }),
      ).rejects.toThrow(/refused by the test/)
    } finally {
      sqlite.exec('DROP TRIGGER fail_docs')
    }
    expect(await settledKeys('claim-documents/', before)).toEqual(before)
  })

  it('/files/* serves from the bucket to the owner, the operator and a signed link, and 404 to anyone else', async () => {
    const { profile: owner, claim } = await fileClaim()
    const relPath = (await bucketKeys(`claim-documents/${claim.id}/`)).find(
      (key) => /\d\.jpg$|[^.]{6}\.jpg$/.test(key) && !key.includes('.thumb.') && !key.includes('.shop.'),
    )!
    const get = (url: string, cookie?: string) => settleFileUrl(fileLoader, url, cookie)

    const mine = (await fileLoader(
      routeArgs(makeRequest(`/files/${relPath}`, { cookie: await sessionCookieFor(owner.id) }), { '*': relPath }),
    )) as Response
    expect(mine.status).toBe(200)
    expect(mine.headers.get('Content-Type')).toBe('image/jpeg')
    expect(mine.headers.get('Cache-Control')).toBe('private, no-store')
    expect((await sharp(Buffer.from(await mine.arrayBuffer())).metadata()).format).toBe('jpeg')

    const operator = createProfile({ email: 'operator@example.com' })
    expect((await get(`/files/${relPath}`, await sessionCookieFor(operator.id))).status).toBe(200)
    expect((await get(signedFileUrl(relPath))).status).toBe(200)

    const stranger = createProfile()
    expect((await get(`/files/${relPath}`, await sessionCookieFor(stranger.id))).status).toBe(404)
    expect((await get(`/files/${relPath}`)).status).toBe(404)
    expect((await get(`/files/claim-documents/${claim.id}/no-such.jpg`, await sessionCookieFor(owner.id))).status).toBe(404)
  })

  it('setup photos go to the bucket under the customer’s folder', async () => {
    const profile = createProfile()
    const policy = createPolicy(profile.id)
    expect((await savePolicyPhotos(policy, [photo('head_on'), photo('inside_drivers'), photo('inside_passengers')])).stored).toBe(3)
    expect(await bucketKeys(`policy-photos/${profile.id}/${policy.id}/`)).toEqual(
      [
        'head_on.jpg',
        'head_on.thumb.jpg',
        'inside_drivers.jpg',
        'inside_drivers.thumb.jpg',
        'inside_passengers.jpg',
        'inside_passengers.thumb.jpg',
      ].map((name) => `policy-photos/${profile.id}/${policy.id}/${name}`),
    )
  })
})

describe('the bucket sweep', () => {
  it('removes old objects no row owns or points to, and keeps every object a row points to', async () => {
    const { profile, claim } = await fileClaim()
    const kept = await bucketKeys(`claim-documents/${claim.id}/`)
    await putObject(`claim-documents/${claim.id}/left-by-a-crash.jpg`, jpeg, 'image/jpeg')
    await putObject('claim-documents/no-such-claim/photo.jpg', jpeg, 'image/jpeg')
    await putObject(`policy-photos/${profile.id}/no-such-policy/head_on.jpg`, jpeg, 'image/jpeg')

    // Young objects may belong to a request still running: kept.
    expect(await sweepOrphanObjects()).toEqual({ tempFiles: 0, orphanFolders: 0, orphanFiles: 0 })
    const report = await sweepOrphanObjects({ now: new Date(Date.now() + 2 * 60 * 60 * 1000) })
    expect(report.orphanFiles).toBeGreaterThanOrEqual(1)
    expect(report.orphanFolders).toBeGreaterThanOrEqual(2)
    expect(await bucketKeys(`claim-documents/${claim.id}/`)).toEqual(kept)
    expect(await bucketKeys('claim-documents/no-such-claim/')).toEqual([])
    expect(await bucketKeys(`policy-photos/${profile.id}/no-such-policy/`)).toEqual([])
  })
})

describe('npm run storage:migrate', () => {
  it('copies every local file to the bucket, verifies size and MD5, and sends nothing twice', async () => {
    const root = path.join(process.env.DATA_DIR!, 'uploads')
    const files = { 'policy-photos/p1/q1/head_on.jpg': crypto.randomBytes(3000), 'claim-documents/c1/invoice.pdf': crypto.randomBytes(700) }
    for (const [rel, bytes] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true })
      fs.writeFileSync(path.join(root, rel), bytes)
    }
    fs.writeFileSync(path.join(root, 'claim-documents/c1/half-written.jpg.abc123.tmp'), 'x')

    const first = await migrateUploadsToBucket()
    expect(first).toMatchObject({ files: 2, copied: 2, alreadyThere: 0, verified: 2, problems: [] })
    const object = await getObject('claim-documents/c1/invoice.pdf')
    expect(Buffer.from(await new Response(object!.body).arrayBuffer()).equals(files['claim-documents/c1/invoice.pdf'])).toBe(true)
    expect(await headObject('claim-documents/c1/half-written.jpg.abc123.tmp')).toBeNull()

    const again = await migrateUploadsToBucket()
    expect(again).toMatchObject({ files: 2, copied: 0, alreadyThere: 2, verified: 2, problems: [] })
  })
})

describe('a bucket that never answers', () => {
  it('fails every kind of call after its deadline instead of waiting forever', async () => {
    // Accepts connections, reads the requests, and never says a word.
    const sockets = new Set<net.Socket>()
    const silent = net.createServer((socket) => {
      sockets.add(socket)
      socket.on('error', () => {})
    })
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
    const endpoint = process.env.AWS_ENDPOINT_URL_S3
    process.env.AWS_ENDPOINT_URL_S3 = `http://127.0.0.1:${(silent.address() as net.AddressInfo).port}`
    resetEnvForTests()
    resetBucketClientForTests({ requestMs: 300, attempts: 1 })
    try {
      const timedOut = { name: 'TimeoutError' }
      await expect(headObject('claim-documents/x/one.jpg')).rejects.toMatchObject(timedOut)
      await expect(getObject('claim-documents/x/one.jpg')).rejects.toMatchObject(timedOut)
      await expect(putObject('claim-documents/x/one.jpg', jpeg, 'image/jpeg')).rejects.toMatchObject(timedOut)
      await expect(bucketKeys('claim-documents/')).rejects.toMatchObject(timedOut)
      await expect(deleteObjects(['claim-documents/x/one.jpg'])).rejects.toMatchObject(timedOut)
      // Through the models: a claim is refused (its rows are not written) rather than left hanging; removing its
      // folder, in the background, fails the same way and says so.
      expectConsoleError(/could not delete an uploads folder .*claim-documents/)
      const logged = consoleErrors.length
      await expect(fileClaim()).rejects.toMatchObject(timedOut)
      await expect.poll(() => consoleErrors.slice(logged).some((line) => /could not delete an uploads folder/.test(line))).toBe(true)
      expect(sockets.size).toBeGreaterThan(0)
    } finally {
      process.env.AWS_ENDPOINT_URL_S3 = endpoint
      resetEnvForTests()
      resetBucketClientForTests()
      for (const socket of sockets) socket.destroy()
      await new Promise((resolve) => silent.close(resolve))
    }
  })

  it('ends a photo whose body stops flowing half-way', async () => {
    // Answers a GET with its headers and the first bytes of a 5,000-byte body, then nothing more.
    const sockets = new Set<net.Socket>()
    const stalling = net.createServer((socket) => {
      sockets.add(socket)
      socket.on('error', () => {})
      socket.once('data', () =>
        socket.write('HTTP/1.1 200 OK\r\nContent-Type: image/jpeg\r\nContent-Length: 5000\r\nETag: "x"\r\n\r\n' + 'x'.repeat(100)),
      )
    })
    await new Promise<void>((resolve) => stalling.listen(0, '127.0.0.1', resolve))
    const endpoint = process.env.AWS_ENDPOINT_URL_S3
    process.env.AWS_ENDPOINT_URL_S3 = `http://127.0.0.1:${(stalling.address() as net.AddressInfo).port}`
    resetEnvForTests()
    resetBucketClientForTests({ requestMs: 300, idleMs: 300, attempts: 1 })
    try {
      const object = await getObject('claim-documents/x/one.jpg')
      expect(object?.size).toBe(5000)
      await expect(new Response(object!.body).arrayBuffer()).rejects.toThrow()
    } finally {
      process.env.AWS_ENDPOINT_URL_S3 = endpoint
      resetEnvForTests()
      resetBucketClientForTests()
      for (const socket of sockets) socket.destroy()
      await new Promise((resolve) => stalling.close(resolve))
    }
  })
})
