import fs from 'node:fs'
import path from 'node:path'

import { beforeAll, describe, expect, it } from 'vitest'

import { db } from '~/db/client.server'
import { claimDocumentDrafts } from '~/db/schema'
import { env } from '~/env.server'
import { submitClaim } from '~/models/claims/claim-filing.server'
import { sweepOrphanUploads } from '~/models/operations/upload-sweep.server'
import { savePolicyPhotos } from '~/models/policies/policy-setup.server'
import { type UploadedFile } from '~/services/multipart.server'
import { StagedFiles } from '~/services/staged-files.server'
import { uploadsPath } from '~/services/volume-store.server'

import { answersInput, REVIEWED_CHIP } from '../support/claim-answers'
import { expectConsoleError } from '../support/console'
import { usToday } from '../support/days'
import { createActivePolicy, createClaim, createPolicy, createProfile, ensureSeeded } from '../support/factories'
import { jpeg as makeJpeg } from '../support/photos'

/**
 * Uploads are renamed into place only when the transaction that records them commits, and a sweep
 * removes what a crash can leave (temporary files, folders no row owns, files no row points to) once an hour old.
 */

let jpeg: Buffer
const uploads = () => path.join(env().DATA_DIR, 'uploads')
const photo = (fieldName = 'photos', name = 'damage.jpg'): UploadedFile => ({
  fieldName,
  fileName: name,
  contentType: 'image/jpeg',
  bytes: jpeg,
})
const today = () => usToday()

/** Every file under uploads/, relative. */
function allFiles(): string[] {
  return fs.existsSync(uploads())
    ? (fs.readdirSync(uploads(), { recursive: true }) as string[]).filter((rel) => fs.statSync(path.join(uploads(), rel)).isFile()).sort()
    : []
}

/** A real failure inside the transaction: SQLite refuses the insert. */
function failInserts(table: string, run: () => Promise<unknown>) {
  const sqlite = db().$client
  sqlite.exec(`CREATE TRIGGER fail_${table} BEFORE INSERT ON ${table} BEGIN SELECT RAISE(ABORT, 'refused by the test'); END`)
  return run().finally(() => sqlite.exec(`DROP TRIGGER fail_${table}`))
}

function write(rel: string, ageMs: number) {
  const file = uploadsPath(rel)
  fs.mkdirSync(path.dirname(file), { recursive: true })
  fs.writeFileSync(file, 'x')
  const at = new Date(Date.now() - ageMs)
  fs.utimesSync(file, at, at)
  // The folders it made are as old as the file (the owned claim's and policy's folders were made just now, fine).
  for (
    let folder = path.dirname(file);
    folder.startsWith(uploads() + path.sep) && !/claim-documents$|policy-photos$/.test(folder);
    folder = path.dirname(folder)
  ) {
    fs.utimesSync(folder, at, at)
  }
  return rel
}

const HOUR = 60 * 60 * 1000

/** A customer with an active policy files a claim with one photo. */
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

beforeAll(async () => {
  ensureSeeded()
  jpeg = await makeJpeg({ width: 64, height: 48, colour: '#4a7' })
})

describe('staged uploads', () => {
  it('a claim whose transaction fails leaves neither files nor temporary files', async () => {
    const profile = createProfile()
    const { policy } = createActivePolicy(profile.id)
    const before = allFiles()
    await expect(
      failInserts('claim_documents', () =>
        submitClaim({
          profile,
          policyId: policy.id,
          damageType: 'chip',
          description: 'x',
          damageDate: today(),
          ...answersInput(REVIEWED_CHIP),
          photos: [photo(), photo()],
        }),
      ),
    ).rejects.toThrow(/refused by the test/)
    expect(allFiles()).toEqual(before)
  })

  it('a filed claim leaves its final files only: photo, thumbnail and the shop copy, no temporary file', async () => {
    const { claim } = await fileClaim()
    const files = allFiles().filter((rel) => rel.includes(claim.id))
    expect(files).toHaveLength(3)
    expect(files.some((rel) => rel.endsWith('.tmp'))).toBe(false)
    expect(files.filter((rel) => rel.endsWith('.shop.jpg'))).toHaveLength(1)
  })

  it('a re-upload of a policy photo whose rows fail leaves the old photo whole', async () => {
    expectConsoleError(/saving the photo rows of a policy failed .*: refused by the test/)
    const profile = createProfile()
    const policy = createPolicy(profile.id)
    expect((await savePolicyPhotos(policy, [photo('head_on'), photo('inside_drivers'), photo('inside_passengers')])).stored).toBe(3)
    const headOn = uploadsPath(`policy-photos/${profile.id}/${policy.id}/head_on.jpg`)
    const original = fs.readFileSync(headOn)
    const other = await makeJpeg({ width: 80, height: 60, colour: '#a33' })
    const sqlite = db().$client
    sqlite.exec("CREATE TRIGGER fail_photo_update BEFORE UPDATE ON policy_photos BEGIN SELECT RAISE(ABORT, 'refused by the test'); END")
    try {
      await expect(savePolicyPhotos(policy, [{ ...photo('head_on'), bytes: other }])).rejects.toMatchObject({
        name: 'RuleError',
        status: 500,
      })
    } finally {
      sqlite.exec('DROP TRIGGER fail_photo_update')
    }
    expect(fs.readFileSync(headOn).equals(original)).toBe(true)
    expect(allFiles().filter((rel) => rel.endsWith('.tmp'))).toEqual([])
  })

  it('a rename that fails mid-commit takes back the files it added, and discard leaves nothing', async () => {
    const before = allFiles()
    const staged = new StagedFiles()
    await staged.add('test/commit/a.jpg', jpeg)
    await staged.add('test/commit/b.jpg', jpeg)
    // A folder where b.jpg should go: its rename fails after a.jpg's succeeded.
    fs.mkdirSync(uploadsPath('test/commit/b.jpg/in-the-way'), { recursive: true })
    expect(() => staged.commit()).toThrow()
    staged.discard()
    fs.rmSync(uploadsPath('test/commit/b.jpg'), { recursive: true })
    expect(allFiles()).toEqual(before)
  })
})

describe('the upload sweep', () => {
  it('removes old temporary files, folders no row owns and files no row points to; keeps young and referenced ones', async () => {
    const { claim: live, policy, profile } = await fileClaim()
    const liveFiles = allFiles().filter((rel) => rel.includes(live.id))
    const otherClaim = createClaim(policy.id)

    const oldTemp = write(`claim-documents/${live.id}/1_damage_2.jpg.abc123.tmp`, 2 * HOUR)
    const youngTemp = write(`claim-documents/${live.id}/1_damage_3.jpg.def456.tmp`, 5 * 60 * 1000)
    const unreferenced = write(`claim-documents/${live.id}/1_invoice_xyz.jpg`, 2 * HOUR)
    const orphanFolder = write('claim-documents/no-such-claim/1_damage_1.jpg', 2 * HOUR)
    const youngOrphanFolder = write('claim-documents/still-being-filed/1_damage_1.jpg.aaa.tmp', 60 * 1000)
    const emptyButOwned = write(`claim-documents/${otherClaim.id}/stray.jpg`, 2 * HOUR)
    const orphanPolicy = write(`policy-photos/${profile.id}/no-such-policy/head_on.jpg`, 2 * HOUR)
    const orphanProfile = write('policy-photos/no-such-profile/no-such-policy/head_on.jpg', 2 * HOUR)
    // The live claim's own files were written just now; make them old too: referenced files are kept at any age.
    for (const rel of liveFiles) fs.utimesSync(uploadsPath(rel), new Date(Date.now() - 3 * HOUR), new Date(Date.now() - 3 * HOUR))

    const report = sweepOrphanUploads()
    expect(report).toEqual({ tempFiles: 1, orphanFolders: 3, orphanFiles: 2 })
    const exists = (rel: string) => fs.existsSync(uploadsPath(rel))
    expect(exists(oldTemp)).toBe(false)
    expect(exists(unreferenced)).toBe(false)
    expect(exists(emptyButOwned)).toBe(false)
    expect(exists(orphanFolder)).toBe(false)
    expect(fs.existsSync(path.dirname(uploadsPath(orphanFolder)))).toBe(false)
    expect(exists(orphanPolicy)).toBe(false)
    expect(fs.existsSync(uploadsPath('policy-photos/no-such-profile'))).toBe(false)
    expect(exists(orphanProfile)).toBe(false)
    expect(exists(youngTemp)).toBe(true)
    expect(exists(youngOrphanFolder)).toBe(true)
    for (const rel of liveFiles) expect(exists(rel)).toBe(true)

    // A second run finds nothing more to do.
    expect(sweepOrphanUploads()).toEqual({ tempFiles: 0, orphanFolders: 0, orphanFiles: 0 })
  })

  it('removes old temporary files outside the claim and policy folders too, and nothing else there', () => {
    const oldTemp = write('elsewhere/deep/a.jpg.abc123.tmp', 2 * HOUR)
    const youngTemp = write('elsewhere/deep/b.jpg.def456.tmp', 5 * 60 * 1000)
    const notTemporary = write('elsewhere/c.jpg', 2 * HOUR)
    expect(sweepOrphanUploads()).toEqual({ tempFiles: 1, orphanFolders: 0, orphanFiles: 0 })
    expect(fs.existsSync(uploadsPath(oldTemp))).toBe(false)
    expect(fs.existsSync(uploadsPath(youngTemp))).toBe(true)
    expect(fs.existsSync(uploadsPath(notTemporary))).toBe(true)
  })

  it('keeps the files a shop left as drafts of a claim (a refused completion), and removes them once no draft points to them', () => {
    const { policy } = createActivePolicy(createProfile().id)
    const claim = createClaim(policy.id, { approvalStatus: 'approved' })
    const kept = write(`claim-documents/${claim.id}/draft_invoice.jpg`, 2 * 60 * 60 * 1000)
    const dropped = write(`claim-documents/${claim.id}/draft_old.jpg`, 2 * 60 * 60 * 1000)
    db().insert(claimDocumentDrafts).values({ claimId: claim.id, documentType: 'invoice', filePath: kept, fileName: 'invoice.jpg' }).run()
    const report = sweepOrphanUploads()
    expect(report.orphanFiles).toBeGreaterThanOrEqual(1)
    expect(allFiles()).toContain(kept)
    expect(allFiles()).not.toContain(dropped)
  })
})
