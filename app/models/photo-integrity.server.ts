import type { Statement } from 'better-sqlite3'
import { and, asc, eq, gt, gte, inArray, isNull, ne, sql } from 'drizzle-orm'

import { type Db, db, preparedQuery, transaction } from '~/db/client.server'
import {
  claimDocumentDrafts,
  claimDocuments,
  claimFlags,
  claims,
  photoHashBackfill,
  photoHashBands,
  photoHashes,
  policies,
  policyPhotos,
  vehicles,
} from '~/db/schema'
import { addCalendarDays } from '~/domain/calendar'
import {
  bandRows,
  capturedBeforeSetup,
  capturedFarFromDamageDate,
  CLAIMS_FROM_ONE_ADDRESS,
  CLAIMS_FROM_ONE_NETWORK,
  CLAIMS_WINDOW_DAYS,
  flagReasons,
  type IntegrityFlagKind,
  isComparable,
  nearHashes,
  type PhotoSource,
  probeKeys,
} from '~/domain/photo-integrity'
import { logger } from '~/logger.server'
import { hashImage } from '~/services/images.server'
import { readStored } from '~/services/storage.server'

/**
 * Photo integrity: every stored photo's hash goes into the band index (photo_hash_bands) with its row, a claim's
 * damage photos are looked up in it when the claim is filed, and flagClaim writes the reasons a claim must wait for a
 * person (claim_flags). The rules that decide a claim read those rows; a flagged claim is never approved by them.
 */

export type IndexedPhoto = { photoId: string; policyId: string; source: PhotoSource; hash: string }

/** Files a hashed photo: its hash's band rows (once per hash) and the photo under its hash (in the photo row's transaction). */
export function indexPhoto(tx: Db, photo: IndexedPhoto) {
  if (!isComparable(photo.hash)) return
  tx.insert(photoHashes).values(photo).onConflictDoNothing().run()
  tx.insert(photoHashBands).values(bandRows(photo.hash)).onConflictDoNothing().run()
}

export type PhotoMatch = IndexedPhoto & { distance: number }

/**
 * The probe: every key at once (SQLite seeks each in the primary key), the two integer columns as arrays (no row
 * objects). The photos of the near hashes are a second query, run only when some candidate is near (rarely).
 */
const statements = new WeakMap<Db, { probe: Statement; photos: Statement }>()
function lookupStatements(database: Db) {
  let prepared = statements.get(database)
  if (!prepared) {
    prepared = {
      probe: database.$client
        .prepare('SELECT band_key, rest FROM photo_hash_bands WHERE band_key IN (SELECT value FROM json_each(?))')
        .raw(true),
      photos: database.$client
        .prepare('SELECT hash, photo_id, policy_id, source FROM photo_hashes WHERE hash IN (SELECT value FROM json_each(?))')
        .raw(true),
    }
    statements.set(database, prepared)
  }
  return prepared
}

/**
 * The indexed photos within MATCH_DISTANCE bits of `hash`: a fixed number of probes of the band index (one query),
 * so the cost does not grow with the number of photos stored. Each photo once, nearest first.
 */
export function findSimilarPhotos(hash: string, database: Db = db()): PhotoMatch[] {
  const { probe, photos } = lookupStatements(database)
  const near = nearHashes(hash, probe.all(JSON.stringify(probeKeys(hash))) as [number, number][])
  if (!near.size) return []
  const rows = photos.all(JSON.stringify([...near.keys()])) as [string, string, string, PhotoSource][]
  return rows
    .map(([found, photoId, policyId, source]) => ({ photoId, policyId, source, hash: found, distance: near.get(found)! }))
    .sort((a, b) => a.distance - b.distance || a.photoId.localeCompare(b.photoId))
}

/**
 * Whether the photo behind an index entry is still the one indexed: a replaced setup photo keeps its row with a new
 * hash, and a deleted one leaves its bands behind; either is no match.
 */
function photoStillThere(tx: Db, match: PhotoMatch) {
  const table = match.source === 'setup' ? policyPhotos : claimDocuments
  const row = tx.select({ phash: table.phash }).from(table).where(eq(table.id, match.photoId)).get()
  return row?.phash === match.hash
}

// Read for every claim filed, inside its transaction: built and prepared once (a storm files thousands an hour).
/** When the policy's first setup photo was stored (null before any). */
const firstSetupPhotoAt = sql<string | null>`(
  SELECT min(${policyPhotos.createdAt}) FROM ${policyPhotos} WHERE ${policyPhotos.policyId} = ${policies.id}
)`
const filingFacts = preparedQuery((database) =>
  database
    .select({ claim: claims, policy: policies, firstSetupPhotoAt })
    .from(claims)
    .innerJoin(policies, eq(policies.id, claims.policyId))
    .where(eq(claims.id, sql.placeholder('claimId')))
    .prepare(),
)
const damagePhotosOf = preparedQuery((database) =>
  database
    .select()
    .from(claimDocuments)
    .where(and(eq(claimDocuments.claimId, sql.placeholder('claimId')), eq(claimDocuments.documentType, 'damage_photo')))
    .prepare(),
)

/**
 * Checks a claim just filed and writes a claim_flags row for each reason it must wait for a person, with the words the
 * operator reads. Runs in the filing transaction, after the claim and its photo rows exist and before anything decides
 * it. Returns the kinds written. A photo with no capture time raises no capture-time flag.
 */
export function flagClaim(tx: Db, claimId: string): IntegrityFlagKind[] {
  const { claim, policy, firstSetupPhotoAt } = filingFacts(tx).get({ claimId }) ?? {}
  if (!claim || !policy) return []
  const setupDay = firstSetupPhotoAt?.slice(0, 10)
  const flags: { kind: IntegrityFlagKind; detail: string }[] = []
  const photos = damagePhotosOf(tx).all({ claimId })
  const ownPhotoIds = new Set(photos.map((photo) => photo.id))

  for (const [index, photo] of photos.entries()) {
    const name = `Damage photo ${index + 1}`
    if (isComparable(photo.phash)) {
      const matches = findSimilarPhotos(photo.phash, tx).filter((match) => !ownPhotoIds.has(match.photoId))
      const setupMatch = matches.find((match) => match.policyId === policy.id && match.source === 'setup' && photoStillThere(tx, match))
      if (setupMatch) {
        flags.push({ kind: 'photo_matches_setup_photo', detail: flagReasons.photoMatchesSetupPhoto(name, setupMatch.distance) })
      }
      for (const match of matches) {
        if (match.policyId === policy.id) continue
        const other = tx
          .select({ policyNumber: policies.policyNumber, profileId: policies.profileId })
          .from(policies)
          .where(eq(policies.id, match.policyId))
          .get()
        if (!other || other.profileId === claim.filedByProfileId || other.profileId === policy.profileId) continue
        if (!photoStillThere(tx, match)) continue
        flags.push({
          kind: 'photo_matches_other_account',
          detail: flagReasons.photoMatchesOtherAccount(name, { policyNumber: other.policyNumber, source: match.source }, match.distance),
        })
        break
      }
    }
    if (photo.capturedAt) {
      if (setupDay && capturedBeforeSetup(photo.capturedAt, setupDay)) {
        flags.push({ kind: 'captured_before_setup', detail: flagReasons.capturedBeforeSetup(name, photo.capturedAt, setupDay) })
      } else if (claim.damageDate && capturedFarFromDamageDate(photo.capturedAt, claim.damageDate)) {
        flags.push({
          kind: 'captured_far_from_damage_date',
          detail: flagReasons.capturedFarFromDamageDate(name, photo.capturedAt, claim.damageDate),
        })
      }
    }
  }

  const vin = claim.vehicleId ? tx.select({ vin: vehicles.vin }).from(vehicles).where(eq(vehicles.id, claim.vehicleId)).get()?.vin : null
  if (vin) {
    const others = tx
      .select({ policyNumber: policies.policyNumber })
      .from(vehicles)
      .innerJoin(policies, eq(policies.vehicleId, vehicles.id))
      .where(and(eq(vehicles.vin, vin), eq(policies.status, 'active'), ne(policies.id, policy.id)))
      .all()
    if (others.length) {
      flags.push({
        kind: 'vin_on_other_active_policy',
        detail: flagReasons.vinOnOtherActivePolicy(
          vin,
          others.map((row) => row.policyNumber),
        ),
      })
    }
  }

  if (claim.filedFromNetwork) {
    const count = claimsFiledFrom(tx, claims.filedFromNetwork, claim.filedFromNetwork, claim.submittedAt)
    if (count >= CLAIMS_FROM_ONE_NETWORK) {
      flags.push({ kind: 'many_claims_from_one_network', detail: flagReasons.manyClaimsFromOneNetwork(count) })
    }
  }

  if (claim.filedFromAddress) {
    const count = claimsFiledFrom(tx, claims.filedFromAddress, claim.filedFromAddress, claim.submittedAt)
    if (count >= CLAIMS_FROM_ONE_ADDRESS) {
      flags.push({ kind: 'many_claims_from_one_address', detail: flagReasons.manyClaimsFromOneAddress(count) })
    }
  }

  if (flags.length)
    tx.insert(claimFlags)
      .values(flags.map((flag) => ({ claimId, ...flag })))
      .run()
  return flags.map((flag) => flag.kind)
}

/** Claims filed from the same network or address (`column` says which) in the window before `submittedAt`. */
function claimsFiledFrom(
  tx: Db,
  column: typeof claims.filedFromNetwork | typeof claims.filedFromAddress,
  value: string,
  submittedAt: string,
) {
  const since = addCalendarDays(new Date(submittedAt), -CLAIMS_WINDOW_DAYS).toISOString()
  return tx
    .select({ count: sql<number>`count(*)` })
    .from(claims)
    .where(and(eq(column, value), gte(claims.submittedAt, since)))
    .get()!.count
}

/** A claim's flags for the operator, oldest first. */
export function claimFlagsFor(claimId: string) {
  return db().select().from(claimFlags).where(eq(claimFlags.claimId, claimId)).orderBy(asc(claimFlags.createdAt)).all()
}

// --- the backfill ------------------------------------------------------------------------------------------------

const BACKFILL_TABLES = {
  policy_photos: { table: policyPhotos, source: 'setup' },
  claim_documents: { table: claimDocuments, source: 'claim' },
  claim_document_drafts: { table: claimDocumentDrafts, source: 'shop' },
} as const
type BackfillTable = keyof typeof BACKFILL_TABLES

async function readAll(relPath: string) {
  const stored = await readStored(relPath)
  if (!stored) return null
  return Buffer.from(await new Response(stored.body).arrayBuffer())
}

/** The photo rows of one table still without a hash, after `afterId` (the backfill's place), in id order. */
function unhashed(name: BackfillTable, afterId: string, limit: number) {
  if (name === 'policy_photos') {
    return db()
      .select({
        id: policyPhotos.id,
        thumbPath: policyPhotos.thumbPath,
        filePath: policyPhotos.filePath,
        documentType: sql<string>`'setup'`,
      })
      .from(policyPhotos)
      .where(and(isNull(policyPhotos.phash), gt(policyPhotos.id, afterId)))
      .orderBy(asc(policyPhotos.id))
      .limit(limit)
      .all()
  }
  const table = name === 'claim_documents' ? claimDocuments : claimDocumentDrafts
  // Photos only: invoices and calibration reports may be PDFs, and are never compared.
  return db()
    .select({ id: table.id, thumbPath: table.thumbPath, filePath: table.filePath, documentType: table.documentType })
    .from(table)
    .where(and(isNull(table.phash), gt(table.id, afterId), inArray(table.documentType, ['damage_photo', 'repair_photo'])))
    .orderBy(asc(table.id))
    .limit(limit)
    .all()
}

function policyOf(name: BackfillTable, id: string): string | undefined {
  if (name === 'policy_photos')
    return db().select({ policyId: policyPhotos.policyId }).from(policyPhotos).where(eq(policyPhotos.id, id)).get()?.policyId
  const table = name === 'claim_documents' ? claimDocuments : claimDocumentDrafts
  return db()
    .select({ policyId: claims.policyId })
    .from(table)
    .innerJoin(claims, eq(claims.id, table.claimId))
    .where(eq(table.id, id))
    .get()?.policyId
}

export type BackfillResult = { hashed: number; unreadable: number; finished: boolean }

/**
 * Hashes the photos stored before hashing began (from their thumbnails, as new photos are hashed) and files them in
 * the band index, `batchSize` at a time, each batch in one transaction that also moves the table's place forward. An
 * interrupted run (a deploy, a crash, `limit` reached) resumes after the last photo of the last finished batch.
 * A photo whose file cannot be read or decoded is skipped and counted, and stays unhashed.
 */
export async function backfillPhotoHashes(options: { batchSize?: number; limit?: number } = {}): Promise<BackfillResult> {
  const batchSize = options.batchSize ?? 100
  const limit = options.limit ?? Infinity
  const result: BackfillResult = { hashed: 0, unreadable: 0, finished: false }
  for (const name of Object.keys(BACKFILL_TABLES) as BackfillTable[]) {
    for (;;) {
      if (result.hashed + result.unreadable >= limit) return result
      const place = db().select().from(photoHashBackfill).where(eq(photoHashBackfill.tableName, name)).get()?.lastId ?? ''
      const batch = unhashed(name, place, Math.min(batchSize, limit - result.hashed - result.unreadable))
      if (!batch.length) break
      const hashed: { id: string; hash: string }[] = []
      for (const row of batch) {
        try {
          const bytes = await readAll(row.thumbPath ?? row.filePath)
          if (!bytes) throw new Error('missing file')
          hashed.push({ id: row.id, hash: await hashImage(bytes) })
        } catch (error) {
          result.unreadable++
          logger.warn({ table: name, id: row.id, err: error }, 'photo hash backfill: unreadable photo skipped')
        }
      }
      const { table, source } = BACKFILL_TABLES[name]
      const lastId = batch.at(-1)!.id
      transaction((tx) => {
        for (const { id, hash } of hashed) {
          tx.update(table).set({ phash: hash }).where(eq(table.id, id)).run()
          const policyId = policyOf(name, id)
          const row = batch.find((entry) => entry.id === id)!
          const kind: PhotoSource =
            name === 'claim_documents' && row.documentType === 'damage_photo' ? 'claim' : source === 'setup' ? 'setup' : 'shop'
          if (policyId) indexPhoto(tx, { photoId: id, policyId, source: kind, hash })
        }
        tx.insert(photoHashBackfill)
          .values({ tableName: name, lastId })
          .onConflictDoUpdate({ target: photoHashBackfill.tableName, set: { lastId, updatedAt: new Date().toISOString() } })
          .run()
      })
      result.hashed += hashed.length
    }
  }
  result.finished = true
  return result
}

/** How many photos still wait for a hash (the backfill's progress, for the job's log). */
export function photosWithoutHash() {
  const setup = db()
    .select({ count: sql<number>`count(*)` })
    .from(policyPhotos)
    .where(isNull(policyPhotos.phash))
    .get()!.count
  const shared = (table: typeof claimDocuments | typeof claimDocumentDrafts) =>
    db()
      .select({ count: sql<number>`count(*)` })
      .from(table)
      .where(and(isNull(table.phash), inArray(table.documentType, ['damage_photo', 'repair_photo'])))
      .get()!.count
  return setup + shared(claimDocuments) + shared(claimDocumentDrafts)
}
