import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import Database from 'better-sqlite3'
import { and, eq, inArray, isNull } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/better-sqlite3'
import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'

import { type Db, db, MIGRATIONS_DIR, transaction } from '~/db/client.server'
import * as schema from '~/db/schema'
import { claimDocuments, photoHashBackfill, photoHashBands, photoHashes, policyPhotos, profiles, vehicles } from '~/db/schema'
import {
  bandKeys,
  bandRows,
  CLAIMS_FROM_ONE_ADDRESS,
  CLAIMS_FROM_ONE_NETWORK,
  hashDistance,
  hashKey,
  MATCH_DISTANCE,
  orientedHashesOfRow,
} from '~/domain/photo-integrity'
import { submitClaim } from '~/models/claims/claim-filing.server'
import { backfillPhotoHashes, claimFlagsFor, findReusedPhotos, findSimilarPhotos, indexPhoto } from '~/models/claims/photo-integrity.server'
import * as adminClaimRoute from '~/routes/admin.claims.$claimId'
import { photoFacts, prepareImage } from '~/services/images.server'
import { storeImage } from '~/services/staged-files.server'

import { answersInput, CLEAN_CHIP } from '../support/claim-answers'
import { usToday } from '../support/days'
import { createActivePolicy, createProfile, ensureSeeded, findOrCreateProfile, sessionCookieFor } from '../support/factories'
import { photoEdits, photoVariants, windshieldPhoto } from '../support/photos'
import { planOf, statementsOf } from '../support/query-plans'
import { inOperatorArea, makeRequest, routeArgs } from '../support/requests'

const adminClaimLoader = inOperatorArea(adminClaimRoute.loader)
const upload = (bytes: Buffer, fileName = 'damage.jpg') => ({ fieldName: 'photos', fileName, contentType: 'image/jpeg', bytes })
const today = () => usToday()

/** A customer's active policy whose setup photo is `photo`, hashed and indexed as the setup step does. */
async function policyWithSetupPhoto(photo: Buffer) {
  const profile = createProfile()
  const { policy } = createActivePolicy(profile.id)
  const image = await prepareImage(upload(photo, 'head_on.jpg'))
  transaction((tx) => {
    const row = tx.update(policyPhotos).set(photoFacts(image)).where(eq(policyPhotos.policyId, policy.id)).returning().all()[0]!
    indexPhoto(tx, { photoId: row.id, policyId: policy.id, source: 'setup', hash: image.hash, orientedHashes: row.orientedHashes })
  })
  return { profile, policy }
}

function file(input: { profile: { id: string }; policyId: string; photos: Buffer[]; damageDate?: string; network?: string }) {
  return submitClaim({
    profile: input.profile,
    policyId: input.policyId,
    damageType: 'chip',
    ...answersInput(CLEAN_CHIP),
    description: 'A chip from a truck',
    damageDate: input.damageDate ?? today(),
    photos: input.photos.map((bytes, index) => upload(bytes, `damage-${index + 1}.jpg`)),
    network: input.network,
  })
}

beforeAll(() => {
  ensureSeeded()
})

describe('the band index', () => {
  it('finds the photos within the threshold by probing bands, nearest first, and never scans', async () => {
    const { policy } = await policyWithSetupPhoto(await windshieldPhoto(101))
    const hash = '1234abcd5678ef90'
    const near = '1234abcd5678ef9f' // four bits apart
    const edge = '1235abce567bef93' // MATCH_DISTANCE bits apart: one in the first band, two in each other
    const far = 'edcb54329876106f'
    transaction((tx) => {
      for (const [photoId, value] of [
        ['near-photo', near],
        ['edge-photo', edge],
        ['far-photo', far],
      ] as const)
        indexPhoto(tx, { photoId, policyId: policy.id, source: 'claim', hash: value })
    })
    const statements = await statementsOf(() => findSimilarPhotos(hash))
    const found = findSimilarPhotos(hash)
    expect(found.map((match) => match.photoId)).toEqual(['near-photo', 'edge-photo'])
    expect(found.map((match) => match.distance)).toEqual([4, MATCH_DISTANCE])
    const plans = [...statements].flatMap((source) => planOf(source))
    expect(plans.some((step) => /SEARCH photo_hash_bands USING PRIMARY KEY \(band_key=\?\)/.test(step))).toBe(true)
    expect(plans.some((step) => /SEARCH photo_hashes USING PRIMARY KEY \(hash=\?\)/.test(step))).toBe(true)
    // The only scan is of the list of probe keys the query is given.
    expect(plans.filter((step) => /^SCAN/.test(step) && !/^SCAN json_each/.test(step))).toEqual([])
  })

  it('reads hundreds of candidates under one key in one probe and keeps only the near ones, their whole hashes exact', async () => {
    const { policy } = await policyWithSetupPhoto(await windshieldPhoto(102))
    // Every stored hash is within two bits of the query's first oriented band (its top 22 bits), so each is a
    // candidate, under ~250 keys (none the query's own, which only the near copy has); the top bit is set, so the
    // rests are beyond 32 bits.
    const query = 'fedcba9876543210'
    let state = 7
    const random = () => {
      state = (state * 1664525 + 1013904223) >>> 0
      return state
    }
    const top = BigInt(`0x${query}`) >> 42n
    const others = Array.from({ length: 400 }, () => {
      const mask = BigInt((1 << (random() % 22)) | (1 << (random() % 22)))
      const low = (BigInt(random()) << 10n) ^ BigInt(random())
      return (((top ^ mask) << 42n) | low).toString(16).padStart(16, '0')
    })
    const near = 'fedcba9876543217' // three bits apart
    const far = 'fedcba98765432ef' // eight bits apart: a candidate, no match
    const hashes = [...others, near, far]
    transaction((tx) => {
      for (const [index, hash] of hashes.entries()) {
        indexPhoto(tx, { photoId: `crowd-${index}`, policyId: policy.id, source: 'claim', hash, orientedHashes: hash })
      }
    })
    const expected = hashes
      .map((hash, index) => ({ photoId: `crowd-${index}`, hash, distance: hashDistance(query, hash) }))
      .filter((photo) => photo.distance <= MATCH_DISTANCE)
      .sort((a, b) => a.distance - b.distance || a.photoId.localeCompare(b.photoId))
    expect(expected.map((photo) => photo.hash)).toContain(near)
    const found = findSimilarPhotos(query, db(), 'oriented')
    expect(found.map(({ photoId, hash, distance }) => ({ photoId, hash, distance }))).toEqual(expected)
    // A probe that reads no row finds nothing.
    expect(findSimilarPhotos('0000000000000001', db(), 'oriented')).toEqual([])
  })

  it('is rebuilt by its migration from the hashes already indexed, each row as the code files it', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'glass-bands-migration-'))
    try {
      // A database as it was before the small rows: migrated up to the one before them, the index in its old layout.
      const migrations = fs.readdirSync(MIGRATIONS_DIR).filter((name) => name.endsWith('.sql'))
      const mine = migrations.find((name) => name.includes('photo_hash_index_of_small_rows'))!
      const client = new Database(path.join(dir, 'app.sqlite'))
      client.exec(`CREATE TABLE photo_hash_bands (band_key integer NOT NULL, photo_id text NOT NULL, policy_id text NOT NULL,
        source text NOT NULL, hash text NOT NULL, PRIMARY KEY(band_key, photo_id)) WITHOUT ROWID`)
      const photos = [
        { photoId: 'setup-1', policyId: 'policy-1', source: 'setup', hash: '0123456789abcdef' },
        { photoId: 'claim-1', policyId: 'policy-2', source: 'claim', hash: 'fedcba9876543210' },
        { photoId: 'shop-1', policyId: 'policy-2', source: 'shop', hash: '8000000000000001' },
        { photoId: 'claim-2', policyId: 'policy-3', source: 'claim', hash: 'ffffffffffffffff' },
        // The same picture on two photos: one set of band rows, two photos behind it.
        { photoId: 'claim-3', policyId: 'policy-4', source: 'claim', hash: 'fedcba9876543210' },
      ]
      const insert = client.prepare('INSERT INTO photo_hash_bands (band_key, photo_id, policy_id, source, hash) VALUES (?, ?, ?, ?, ?)')
      for (const photo of photos) {
        for (const oldKey of bandKeys(photo.hash)) insert.run(oldKey, photo.photoId, photo.policyId, photo.source, photo.hash)
      }
      const migration = fs.readFileSync(path.join(MIGRATIONS_DIR, mine), 'utf8')
      client.transaction(() => {
        for (const statement of migration.split('--> statement-breakpoint')) client.exec(statement)
      })()
      const bands = client.prepare('SELECT band_key AS bandKey, rest FROM photo_hash_bands ORDER BY band_key, rest').all()
      const distinct = [...new Set(photos.map((photo) => photo.hash))]
      const expected = distinct.flatMap((hash) => bandRows(hash)).sort((a, b) => a.bandKey - b.bandKey || a.rest - b.rest)
      expect(bands).toEqual(expected)
      const filed = client
        .prepare('SELECT hash, photo_id AS photoId, policy_id AS policyId, source FROM photo_hashes ORDER BY photo_id')
        .all()
      expect(filed).toEqual(
        [...photos]
          .sort((a, b) => a.photoId.localeCompare(b.photoId))
          .map(({ hash, photoId, policyId, source }) => ({ hash, photoId, policyId, source })),
      )
      client.close()
      // Read through the code, the rebuilt index finds what it held.
      const reopened = new Database(path.join(dir, 'app.sqlite'))
      const database = drizzle(reopened, { schema }) as Db
      expect(findSimilarPhotos('0123456789abcdee', database).map((match) => match.photoId)).toEqual(['setup-1'])
      expect(findSimilarPhotos('fedcba9876543211', database).map((match) => match.photoId)).toEqual(['claim-1', 'claim-3'])
      reopened.close()
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })
})

describe('flags written when a claim is filed', () => {
  it("holds a claim whose photo is another customer's, re-encoded, and says whose, without flagging the first", async () => {
    const original = await windshieldPhoto(201)
    const first = await policyWithSetupPhoto(await windshieldPhoto(202))
    const honest = await file({ profile: first.profile, policyId: first.policy.id, photos: [original] })
    expect(claimFlagsFor(honest.id)).toEqual([])
    // Both answer as a chip the decision rules approve at once: only the flag holds the second.
    expect(honest.approvalStatus).toBe('approved')

    const second = await policyWithSetupPhoto(await windshieldPhoto(203))
    const reused = await file({ profile: second.profile, policyId: second.policy.id, photos: [await photoVariants.reencoded(original)] })
    const flags = claimFlagsFor(reused.id)
    expect(flags.map((flag) => flag.kind)).toEqual(['photo_matches_other_account'])
    expect(flags[0]!.detail).toContain(`damage photo of policy ${first.policy.policyNumber}, another customer's`)
    expect([reused.approvalStatus, reused.decidedByRulesVersion]).toEqual(['pending_review', null])

    // The operator's page shows why; the flag is the operator's alone.
    const cookie = await sessionCookieFor(findOrCreateProfile('operator@example.com').id)
    const page = await adminClaimLoader(routeArgs(makeRequest(`/admin/claims/${reused.id}`, { cookie }), { claimId: reused.id }))
    expect(page.flags).toEqual([
      expect.objectContaining({ kind: 'photo_matches_other_account', label: "Photo seen on another customer's policy" }),
    ])
  })

  it("holds a claim whose photo is another customer's mirrored, upside down, turned, cropped 3 % or framed by 5 %", async () => {
    const original = await windshieldPhoto(251)
    const first = createProfile()
    const { policy: firstPolicy } = createActivePolicy(first.id)
    expect(claimFlagsFor((await file({ profile: first, policyId: firstPolicy.id, photos: [original] })).id)).toEqual([])
    for (const [name, edit] of Object.entries(photoEdits)) {
      const other = createProfile()
      const { policy } = createActivePolicy(other.id)
      const reused = await file({ profile: other, policyId: policy.id, photos: [await edit(original)] })
      const flags = claimFlagsFor(reused.id)
      expect(
        flags.map((flag) => flag.kind),
        name,
      ).toEqual(['photo_matches_other_account'])
      // The nearest copy is named: the first customer's photo, or an earlier edit of it on another account.
      expect(flags[0]!.detail, name).toMatch(/damage photo of policy GP-\w+, another customer's/)
      expect(reused.approvalStatus, name).toBe('pending_review')
    }
  })

  it("holds the same photo on a second claim of the policy, and on the customer's other policy, with its own reason", async () => {
    const photo = await windshieldPhoto(261)
    const profile = createProfile()
    const { policy } = createActivePolicy(profile.id)
    const { policy: otherPolicy } = createActivePolicy(profile.id)
    const honest = await file({ profile, policyId: policy.id, photos: [photo] })
    expect([claimFlagsFor(honest.id), honest.approvalStatus]).toEqual([[], 'approved'])

    // The same picture again, on the same policy: held for the operator, never denied.
    const again = await file({ profile, policyId: policy.id, photos: [await photoVariants.reencoded(photo)] })
    const flags = claimFlagsFor(again.id)
    expect(flags.map((flag) => flag.kind)).toEqual(['photo_matches_own_claim'])
    expect(flags[0]!.detail).toContain('damage photo of another claim on this policy')
    expect([again.approvalStatus, again.decidedByRulesVersion]).toEqual(['pending_review', null])

    // Mirrored, on the customer's other policy: held with the same reason, naming that policy.
    const elsewhere = await file({ profile, policyId: otherPolicy.id, photos: [await photoEdits.mirrored(photo)] })
    const otherFlags = claimFlagsFor(elsewhere.id)
    expect(otherFlags.map((flag) => flag.kind)).toEqual(['photo_matches_own_claim'])
    expect(otherFlags[0]!.detail).toContain(`damage photo of this customer's other policy ${policy.policyNumber}`)
    expect(otherFlags[0]!.detail).not.toContain('another customer')
    expect(elsewhere.approvalStatus).toBe('pending_review')

    // The operator's page names the reason.
    const cookie = await sessionCookieFor(findOrCreateProfile('operator@example.com').id)
    const page = await adminClaimLoader(routeArgs(makeRequest(`/admin/claims/${elsewhere.id}`, { cookie }), { claimId: elsewhere.id }))
    expect(page.flags).toEqual([
      expect.objectContaining({ kind: 'photo_matches_own_claim', label: "Photo already sent on this customer's claims" }),
    ])

    // A claim with two photos of the same chip is not held for its own photos.
    const two = await file({ profile, policyId: otherPolicy.id, photos: [await windshieldPhoto(262), await windshieldPhoto(262)] })
    expect(claimFlagsFor(two.id)).toEqual([])
  })

  it('holds a claim whose damage photo is one of its own setup photos', async () => {
    const setup = await windshieldPhoto(301)
    const { profile, policy } = await policyWithSetupPhoto(setup)
    const claim = await file({ profile, policyId: policy.id, photos: [await photoVariants.cropped(setup)] })
    expect(claimFlagsFor(claim.id).map((flag) => flag.kind)).toEqual(['photo_matches_setup_photo'])
  })

  it('holds a photo taken before the setup or far from the damage date, and none without a capture time', async () => {
    const { profile, policy } = await policyWithSetupPhoto(await windshieldPhoto(401))
    const taken = async (seed: number, when: string) =>
      sharp(await windshieldPhoto(seed, { width: 800, height: 600 }))
        .withExif({ IFD0: { Make: 'Google', Model: 'Pixel 8' }, IFD2: { DateTimeOriginal: when } })
        .jpeg()
        .toBuffer()
    const old = await file({ profile, policyId: policy.id, photos: [await taken(402, '2020:01:05 10:00:00')] })
    expect(claimFlagsFor(old.id).map((flag) => flag.kind)).toEqual(['captured_before_setup'])
    const stored = db().select().from(claimDocuments).where(eq(claimDocuments.claimId, old.id)).get()!
    expect(stored).toMatchObject({ capturedAt: '2020-01-05T10:00:00', camera: 'Google Pixel 8' })

    const damageDate = new Date(Date.now() - 20 * 86_400_000).toISOString().slice(0, 10)
    const now = new Date()
    const stamp = `${now.getUTCFullYear()}:${String(now.getUTCMonth() + 1).padStart(2, '0')}:${String(now.getUTCDate()).padStart(2, '0')} 12:00:00`
    const late = await file({ profile, policyId: policy.id, photos: [await taken(403, stamp)], damageDate })
    expect(claimFlagsFor(late.id).map((flag) => flag.kind)).toEqual(['captured_far_from_damage_date'])

    const plain = await file({
      profile,
      policyId: policy.id,
      photos: [await windshieldPhoto(404, { width: 800, height: 600 })],
      damageDate,
    })
    expect(claimFlagsFor(plain.id)).toEqual([])
  })

  it('holds a claim on a VIN that is on another active policy, and claims from one network past the limit', async () => {
    const vin = '1HGCM82633A004352'
    const { profile, policy } = await policyWithSetupPhoto(await windshieldPhoto(501))
    const { policy: other } = createActivePolicy(createProfile().id)
    db()
      .update(vehicles)
      .set({ vin })
      .where(inArray(vehicles.id, [policy.vehicleId!, other.vehicleId!]))
      .run()
    // The other policy's vehicle was registered first: it is the real owner's, whose claims are not held for it.
    db().update(vehicles).set({ createdAt: '2026-01-01T00:00:00.000Z' }).where(eq(vehicles.id, other.vehicleId!)).run()
    const claim = await file({ profile, policyId: policy.id, photos: [await windshieldPhoto(502, { width: 800, height: 600 })] })
    const flags = claimFlagsFor(claim.id)
    expect(flags.map((flag) => flag.kind)).toEqual(['vin_on_other_active_policy'])
    expect(flags[0]!.detail).toContain(other.policyNumber)
    const first = await file({
      profile: { id: other.profileId },
      policyId: other.id,
      photos: [await windshieldPhoto(503, { width: 800, height: 600 })],
    })
    expect(claimFlagsFor(first.id)).toEqual([])

    const network = '203.0.113.7'
    const kinds: string[][] = []
    for (let index = 0; index < CLAIMS_FROM_ONE_NETWORK; index++) {
      const customer = await policyWithSetupPhoto(await windshieldPhoto(510 + index))
      const filed = await file({
        profile: customer.profile,
        policyId: customer.policy.id,
        photos: [await windshieldPhoto(520 + index, { width: 800, height: 600 })],
        network,
      })
      kinds.push(claimFlagsFor(filed.id).map((flag) => flag.kind))
    }
    expect(kinds.slice(0, -1).flat()).toEqual([])
    expect(kinds.at(-1)).toEqual(['many_claims_from_one_network'])
  })

  it('holds the claim past the limit from customers of one mailing address, however the address is written', async () => {
    const written = [
      { line1: '1200 North Main Street', line2: 'Apartment 4', zip: '80903' },
      { line1: '1200 N. Main St', line2: 'Apt #4', zip: '80903-1234' },
      { line1: '1200 north main st.', line2: '#4', zip: '80903' },
      { line1: '1200 N Main Street', line2: 'Unit 4', zip: '80903' },
    ]
    expect(written).toHaveLength(CLAIMS_FROM_ONE_ADDRESS)
    const fileFrom = async (address: { line1: string; line2: string; zip: string }, seed: number) => {
      const customer = await policyWithSetupPhoto(await windshieldPhoto(seed))
      const mailingAddress = JSON.stringify({ name: `Customer ${seed}`, city: 'Colorado Springs', state: 'CO', ...address })
      db().update(profiles).set({ mailingAddress }).where(eq(profiles.id, customer.profile.id)).run()
      const filed = await file({
        profile: customer.profile,
        policyId: customer.policy.id,
        photos: [await windshieldPhoto(seed + 20, { width: 800, height: 600 })],
      })
      return claimFlagsFor(filed.id)
    }
    // The next door's claim is not counted with them.
    expect(await fileFrom({ line1: '1200 North Main Street', line2: 'Apartment 5', zip: '80903' }, 530)).toEqual([])
    const flags: Awaited<ReturnType<typeof fileFrom>>[] = []
    for (const [index, address] of written.entries()) flags.push(await fileFrom(address, 540 + index))
    expect(flags.slice(0, -1).flat()).toEqual([])
    expect(flags.at(-1)).toEqual([
      expect.objectContaining({
        kind: 'many_claims_from_one_address',
        detail: `${CLAIMS_FROM_ONE_ADDRESS} claims were filed by customers of the same mailing address in the last 30 days.`,
      }),
    ])
  })

  it('reads what it needs by index, whatever the number of claims and vehicles', async () => {
    const { profile, policy } = await policyWithSetupPhoto(await windshieldPhoto(601))
    db().update(vehicles).set({ vin: '2HGFG12878H562345' }).where(eq(vehicles.id, policy.vehicleId!)).run()
    const mailingAddress = JSON.stringify({
      name: 'A Customer',
      line1: '9 Elm Road',
      line2: null,
      city: 'Omaha',
      state: 'NE',
      zip: '68102',
    })
    db().update(profiles).set({ mailingAddress }).where(eq(profiles.id, profile.id)).run()
    const photo = await windshieldPhoto(602, { width: 800, height: 600 })
    const statements = await statementsOf(() => file({ profile, policyId: policy.id, photos: [photo], network: '198.51.100.4' }))
    const scans = [...statements]
      .filter((source) => /photo_hash|filed_from_network|filed_from_address|"vin"/.test(source) && /^\s*select/i.test(source))
      .flatMap((source) => planOf(source))
      .filter((step) => /^SCAN/.test(step) && !/^SCAN json_each/.test(step))
    expect(scans).toEqual([])
  })
})

describe('the backfill', () => {
  it('hashes the photos stored before hashing, and resumes where an interrupted run stopped', async () => {
    const { policy } = await policyWithSetupPhoto(await windshieldPhoto(701))
    // Photos stored as before this change: files and rows, no hash, not in the index.
    const ids: string[] = []
    for (let index = 0; index < 5; index++) {
      const paths = await storeImage(
        upload(await windshieldPhoto(710 + index, { width: 640, height: 480 })),
        `policy-photos/backfill/${policy.id}/other_${index}`,
      )
      const row = db()
        .insert(policyPhotos)
        .values({ policyId: policy.id, photoType: 'other', position: index + 1, ...paths, fileName: `other_${index}.jpg` })
        .returning()
        .get()
      ids.push(row.id)
    }
    const pending = () =>
      db()
        .select({ id: policyPhotos.id })
        .from(policyPhotos)
        .where(inArray(policyPhotos.id, ids))
        .all()
        .filter((row) => {
          const stored = db().select().from(policyPhotos).where(eq(policyPhotos.id, row.id)).get()!
          return !stored.phash || stored.orientedHashes === null
        }).length
    expect(pending()).toBe(5)

    // Interrupted: a run that stops after a few photos leaves its place behind.
    const first = await backfillPhotoHashes({ batchSize: 2, limit: 4 })
    expect(first.finished).toBe(false)
    const place = db().select().from(photoHashBackfill).where(eq(photoHashBackfill.tableName, 'oriented:policy_photos')).get()
    expect(place?.lastId).toBeTruthy()

    // The next run goes on from there and finishes; every one of the photos is hashed once and in the index.
    const second = await backfillPhotoHashes({ batchSize: 2 })
    expect(second.finished).toBe(true)
    expect(pending()).toBe(0)
    for (const id of ids) {
      const stored = db().select().from(policyPhotos).where(eq(policyPhotos.id, id)).get()!
      const oriented = orientedHashesOfRow(stored.orientedHashes)
      expect(oriented.length).toBeGreaterThan(0)
      // Filed under its oriented hashes (a photo never hashed before has no plain entry to keep).
      expect(db().select().from(photoHashes).where(eq(photoHashes.photoId, id)).all()).toEqual(
        expect.arrayContaining(
          oriented.map((hash) => ({ hash: hashKey(hash, 'oriented'), photoId: id, policyId: policy.id, source: 'setup' })),
        ),
      )
      for (const row of oriented.flatMap((hash) => bandRows(hash, 'oriented'))) {
        expect(
          db()
            .select()
            .from(photoHashBands)
            .where(and(eq(photoHashBands.bandKey, row.bandKey), eq(photoHashBands.rest, row.rest)))
            .get(),
        ).toEqual(row)
      }
    }
    // A photo re-sent later as damage is found through what the backfill wrote.
    const row = db().select().from(policyPhotos).where(eq(policyPhotos.id, ids[2]!)).get()!
    expect(findReusedPhotos(row).map((match) => match.photoId)).toContain(ids[2])

    // Nothing left: a third run does nothing.
    const third = await backfillPhotoHashes({ batchSize: 2 })
    expect(third).toMatchObject({ hashed: 0, finished: true })
  })

  it('compares a photo indexed before the oriented hashes by its plain hash until the backfill gives it them', async () => {
    // A database that had photos before migration 0050: no oriented pass begun, no mark that the backfill is done.
    db().delete(photoHashBackfill).run()
    const original = await windshieldPhoto(801, { width: 640, height: 480 })
    const old = createProfile()
    const { policy: oldPolicy } = createActivePolicy(old.id)
    // The old customer's setup photo as it was stored then: its file, its plain hash, in the plain index only.
    const paths = await storeImage(upload(original), `policy-photos/old/${oldPolicy.id}/other_9`)
    const image = await prepareImage(upload(original))
    const photo = db()
      .insert(policyPhotos)
      .values({ policyId: oldPolicy.id, photoType: 'other', position: 9, ...paths, fileName: 'other_9.jpg', phash: image.hash })
      .returning()
      .get()
    transaction((tx) => indexPhoto(tx, { photoId: photo.id, policyId: oldPolicy.id, source: 'setup', hash: image.hash }))

    const claimBy = async (photos: Buffer[]) => {
      const profile = createProfile()
      const { policy } = createActivePolicy(profile.id)
      return claimFlagsFor((await file({ profile, policyId: policy.id, photos })).id).map((flag) => flag.kind)
    }
    const found = async (bytes: Buffer) =>
      findReusedPhotos(photoFacts(await prepareImage(upload(bytes))))
        .filter((match) => match.photoId === photo.id)
        .map((match) => match.form)
    // Re-encoded, it is found by the plain hash, and a claim with it is held; mirrored, not yet.
    expect(await found(await photoVariants.reencoded(original))).toEqual(['plain'])
    expect(await claimBy([await photoVariants.reencoded(original)])).toEqual(['photo_matches_other_account'])
    expect(await found(await photoEdits.mirrored(original))).toEqual([])

    // The backfill gives it its oriented hashes: now the mirrored copy is found too.
    await backfillPhotoHashes({ batchSize: 10 })
    expect(orientedHashesOfRow(db().select().from(policyPhotos).where(eq(policyPhotos.id, photo.id)).get()!.orientedHashes)).not.toEqual([])
    expect(await found(await photoEdits.mirrored(original))).toEqual(['oriented'])

    // The plain bands stay in use while any photo has no oriented hashes (the factories' rows have no files), and stop
    // once none is left.
    const done = () => db().select().from(photoHashBackfill).where(eq(photoHashBackfill.tableName, 'oriented_hashes')).get()?.lastId
    expect(done()).toBeUndefined()
    db().delete(policyPhotos).where(isNull(policyPhotos.orientedHashes)).run()
    expect((await backfillPhotoHashes()).finished).toBe(true)
    expect(done()).toBe('complete')
    expect(await claimBy([await photoEdits.turned90(original)])).toEqual(['photo_matches_other_account'])
  })
})
