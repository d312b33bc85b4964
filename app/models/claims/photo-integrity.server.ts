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
  type HashForm,
  hashKey,
  type IntegrityFlagKind,
  isComparable,
  nearHashes,
  orientedHashesOfRow,
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

export type IndexedPhoto = {
  photoId: string
  policyId: string
  source: PhotoSource
  hash: string
  /** The photo row's oriented hashes (its column, space-separated); null for a photo hashed before them. */
  orientedHashes?: string | null
}

/**
 * Files a hashed photo (in the photo row's transaction): under each of its oriented hashes when it has them, else (a
 * photo hashed before decision 098) under its plain hash. Each hash's band rows once, and the photo under the hash.
 */
export function indexPhoto(tx: Db, photo: IndexedPhoto) {
  const oriented = orientedHashesOfRow(photo.orientedHashes)
  const filed: [string, HashForm][] =
    photo.orientedHashes != null ? oriented.map((hash) => [hash, 'oriented']) : isComparable(photo.hash) ? [[photo.hash, 'plain']] : []
  for (const [hash, form] of filed) {
    const { photoId, policyId, source } = photo
    tx.insert(photoHashes)
      .values({ hash: hashKey(hash, form), photoId, policyId, source })
      .onConflictDoNothing()
      .run()
    tx.insert(photoHashBands).values(bandRows(hash, form)).onConflictDoNothing().run()
  }
}

export type PhotoMatch = Omit<IndexedPhoto, 'orientedHashes'> & { distance: number; form: HashForm }

/**
 * The probe: every key at once (SQLite seeks each in the primary key), its candidates as one row of two JSON arrays
 * (band keys, rests; in the same order, one aggregate pass), parsed by JSON.parse: no row made per candidate
 * (docs/decisions/098-photo-reuse-through-edits-and-own-claims.md). The photos of the near hashes are a second query, run
 * only when some candidate is near (rarely).
 */
const statements = new WeakMap<Db, { probe: Statement; photos: Statement }>()
function lookupStatements(database: Db) {
  let prepared = statements.get(database)
  if (!prepared) {
    prepared = {
      probe: database.$client
        .prepare(
          'SELECT json_group_array(band_key), json_group_array(rest) FROM photo_hash_bands WHERE band_key IN (SELECT value FROM json_each(?))',
        )
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
export function findSimilarPhotos(hash: string, database: Db = db(), form: HashForm = 'plain'): PhotoMatch[] {
  const { probe, photos } = lookupStatements(database)
  const [bandKeys, rests] = probe.get(JSON.stringify(probeKeys(hash, form))) as [string, string]
  const near = nearHashes(hash, { bandKeys: JSON.parse(bandKeys) as number[], rests: JSON.parse(rests) as number[] }, form)
  if (!near.size) return []
  const byKey = new Map([...near.keys()].map((found) => [hashKey(found, form), found]))
  const rows = photos.all(JSON.stringify([...byKey.keys()])) as [string, string, string, PhotoSource][]
  return rows
    .map(([key, photoId, policyId, source]) => {
      const found = byKey.get(key)!
      return { photoId, policyId, source, hash: found, distance: near.get(found)!, form }
    })
    .sort((a, b) => a.distance - b.distance || a.photoId.localeCompare(b.photoId))
}

/** The backfill's mark that every photo indexed by its plain hash has its oriented hashes too (migration 0050). */
const ORIENTED_BACKFILL_DONE = { tableName: 'oriented_hashes', lastId: 'complete' } as const

/** Whether some indexed photo still has only its plain hash, so a lookup must probe the plain bands as well. */
function plainIndexInUse(database: Db) {
  const mark = database
    .select({ lastId: photoHashBackfill.lastId })
    .from(photoHashBackfill)
    .where(eq(photoHashBackfill.tableName, ORIENTED_BACKFILL_DONE.tableName))
    .get()
  return mark?.lastId !== ORIENTED_BACKFILL_DONE.lastId
}

/**
 * The indexed photos that are the same picture as a photo row: by its first oriented hash (one lookup, whatever the
 * mirror, turn, crop or border), and by its plain hash while photos indexed before the oriented hashes wait for the
 * backfill. Each photo once, nearest first.
 */
export function findReusedPhotos(photo: { phash: string | null; orientedHashes: string | null }, database: Db = db()) {
  const [query] = orientedHashesOfRow(photo.orientedHashes)
  const matches = query ? findSimilarPhotos(query, database, 'oriented') : []
  if (isComparable(photo.phash) && (!query || plainIndexInUse(database))) matches.push(...findSimilarPhotos(photo.phash, database, 'plain'))
  const nearest = new Map<string, PhotoMatch>()
  for (const match of matches.sort((a, b) => a.distance - b.distance || a.photoId.localeCompare(b.photoId))) {
    if (!nearest.has(match.photoId)) nearest.set(match.photoId, match)
  }
  return [...nearest.values()]
}

/**
 * Whether the photo behind an index entry is still the one indexed: a replaced setup photo keeps its row with a new
 * hash, and a deleted one leaves its bands behind; either is no match.
 */
function photoStillThere(tx: Db, match: PhotoMatch) {
  const table = match.source === 'setup' ? policyPhotos : claimDocuments
  const row = tx.select({ phash: table.phash, orientedHashes: table.orientedHashes }).from(table).where(eq(table.id, match.photoId)).get()
  return match.form === 'oriented' ? orientedHashesOfRow(row?.orientedHashes).includes(match.hash) : row?.phash === match.hash
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

/** Whether a vehicle row was registered before another (its creation; the id breaks a tie in the same millisecond). */
function registeredBefore(a: { id: string; createdAt: string }, b: { id: string; createdAt: string }) {
  return a.createdAt < b.createdAt || (a.createdAt === b.createdAt && a.id < b.id)
}

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
    if (isComparable(photo.phash) || photo.orientedHashes) {
      const matches = findReusedPhotos(photo, tx).filter((match) => !ownPhotoIds.has(match.photoId))
      const setupMatch = matches.find((match) => match.policyId === policy.id && match.source === 'setup' && photoStillThere(tx, match))
      if (setupMatch) {
        flags.push({ kind: 'photo_matches_setup_photo', detail: flagReasons.photoMatchesSetupPhoto(name, setupMatch.distance) })
      }
      // The first match of each kind: another customer's photo, or one this customer sent before on another claim of
      // this policy or on another of their policies (a setup photo of this policy is the flag above).
      const found = new Set<IntegrityFlagKind>()
      for (const match of matches) {
        if (found.size === 2) break
        const samePolicy = match.policyId === policy.id
        if (samePolicy && match.source === 'setup') continue
        const other = samePolicy
          ? policy
          : tx
              .select({ policyNumber: policies.policyNumber, profileId: policies.profileId })
              .from(policies)
              .where(eq(policies.id, match.policyId))
              .get()
        if (!other) continue
        const own = samePolicy || other.profileId === claim.filedByProfileId || other.profileId === policy.profileId
        const kind: IntegrityFlagKind = own ? 'photo_matches_own_claim' : 'photo_matches_other_account'
        if (found.has(kind) || !photoStillThere(tx, match)) continue
        found.add(kind)
        const owner = { policyNumber: other.policyNumber, source: match.source }
        flags.push({
          kind,
          detail: own
            ? flagReasons.photoMatchesOwnClaim(name, { ...owner, samePolicy }, match.distance)
            : flagReasons.photoMatchesOtherAccount(name, owner, match.distance),
        })
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

  const own = claim.vehicleId
    ? tx
        .select({ id: vehicles.id, vin: vehicles.vin, createdAt: vehicles.createdAt })
        .from(vehicles)
        .where(eq(vehicles.id, claim.vehicleId))
        .get()
    : undefined
  const vin = own?.vin
  if (own && vin) {
    const others = tx
      .select({ policyNumber: policies.policyNumber, vehicle: { id: vehicles.id, createdAt: vehicles.createdAt } })
      .from(vehicles)
      .innerJoin(policies, eq(policies.vehicleId, vehicles.id))
      .where(and(eq(vehicles.vin, vin), eq(policies.status, 'active'), ne(policies.id, policy.id)))
      .all()
      // Only a later registration of the VIN is held: the vehicle registered first is the real owner's, whose claims
      // must not wait because someone else typed their VIN.
      .filter((other) => registeredBefore(other.vehicle, own))
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

/**
 * Where the backfill has got to in a table. Its own place since the oriented hashes (decision 098): a photo hashed
 * before them has a plain hash but no oriented ones, so the pass starts again from each table's first photo.
 */
const placeOf = (name: BackfillTable) => `oriented:${name}`

/** The photo rows of one table still without their oriented hashes, after `afterId` (the backfill's place), in id order. */
function unhashed(name: BackfillTable, afterId: string, limit: number) {
  if (name === 'policy_photos') {
    return db()
      .select({
        id: policyPhotos.id,
        thumbPath: policyPhotos.thumbPath,
        filePath: policyPhotos.filePath,
        phash: policyPhotos.phash,
        documentType: sql<string>`'setup'`,
      })
      .from(policyPhotos)
      .where(and(isNull(policyPhotos.orientedHashes), gt(policyPhotos.id, afterId)))
      .orderBy(asc(policyPhotos.id))
      .limit(limit)
      .all()
  }
  const table = name === 'claim_documents' ? claimDocuments : claimDocumentDrafts
  // Photos only: invoices and calibration reports may be PDFs, and are never compared.
  return db()
    .select({ id: table.id, thumbPath: table.thumbPath, filePath: table.filePath, phash: table.phash, documentType: table.documentType })
    .from(table)
    .where(and(isNull(table.orientedHashes), gt(table.id, afterId), inArray(table.documentType, ['damage_photo', 'repair_photo'])))
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
 * Hashes the photos stored before hashing began, and gives those hashed before the oriented hashes their oriented
 * hashes (from their thumbnails, as new photos are hashed), and files them in the band index, `batchSize` at a time, each batch in one transaction that also moves the table's place forward. An
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
      const place =
        db()
          .select()
          .from(photoHashBackfill)
          .where(eq(photoHashBackfill.tableName, placeOf(name)))
          .get()?.lastId ?? ''
      const batch = unhashed(name, place, Math.min(batchSize, limit - result.hashed - result.unreadable))
      if (!batch.length) break
      const hashed: { id: string; hash: string; orientedHashes: string }[] = []
      for (const row of batch) {
        try {
          const bytes = await readAll(row.thumbPath ?? row.filePath)
          if (!bytes) throw new Error('missing file')
          const hashes = await hashImage(bytes)
          // A photo hashed before keeps its plain hash: the plain index holds it under that one.
          hashed.push({ id: row.id, hash: row.phash ?? hashes.hash, orientedHashes: hashes.orientedHashes.join(' ') })
        } catch (error) {
          result.unreadable++
          logger.warn({ table: name, id: row.id, err: error }, 'photo hash backfill: unreadable photo skipped')
        }
      }
      const { table, source } = BACKFILL_TABLES[name]
      const lastId = batch.at(-1)!.id
      transaction((tx) => {
        for (const { id, hash, orientedHashes } of hashed) {
          tx.update(table).set({ phash: hash, orientedHashes }).where(eq(table.id, id)).run()
          const policyId = policyOf(name, id)
          const row = batch.find((entry) => entry.id === id)!
          const kind: PhotoSource =
            name === 'claim_documents' && row.documentType === 'damage_photo' ? 'claim' : source === 'setup' ? 'setup' : 'shop'
          if (policyId) indexPhoto(tx, { photoId: id, policyId, source: kind, hash, orientedHashes })
        }
        tx.insert(photoHashBackfill)
          .values({ tableName: placeOf(name), lastId })
          .onConflictDoUpdate({ target: photoHashBackfill.tableName, set: { lastId, updatedAt: new Date().toISOString() } })
          .run()
      })
      result.hashed += hashed.length
    }
  }
  result.finished = true
  // Every photo has its oriented hashes (none left unreadable): lookups stop probing the plain bands.
  if (photosWithoutHash() === 0) {
    db()
      .insert(photoHashBackfill)
      .values(ORIENTED_BACKFILL_DONE)
      .onConflictDoUpdate({
        target: photoHashBackfill.tableName,
        set: { lastId: ORIENTED_BACKFILL_DONE.lastId, updatedAt: new Date().toISOString() },
      })
      .run()
  }
  return result
}

/** How many photos still wait for a hash or their oriented hashes (the backfill's progress, for the job's log). */
export function photosWithoutHash() {
  const setup = db()
    .select({ count: sql<number>`count(*)` })
    .from(policyPhotos)
    .where(isNull(policyPhotos.orientedHashes))
    .get()!.count
  const shared = (table: typeof claimDocuments | typeof claimDocumentDrafts) =>
    db()
      .select({ count: sql<number>`count(*)` })
      .from(table)
      .where(and(isNull(table.orientedHashes), inArray(table.documentType, ['damage_photo', 'repair_photo'])))
      .get()!.count
  return setup + shared(claimDocuments) + shared(claimDocumentDrafts)
}
