import { and, asc, eq, lte } from 'drizzle-orm'

import { type Db, db, transaction } from '~/db/client.server'
import { claims, consentRecords, keptRecords, policies, type Profile } from '~/db/schema'
import { dayOf } from '~/domain/calendar'
import { keptRecordMayGoOn } from '~/domain/privacy'
import { type KeptRecordKind, rulesFor } from '~/domain/state-rules'
import { recordAudit } from '~/models/operations/audit.server'
import { BATCH_SIZE, yieldToRequests } from '~/models/operations/batches.server'

/**
 * The records an account's deletion keeps because a state's law requires them, each until the day it may go
 * (docs/decisions/105-deletion-keeps-the-records-the-law-requires.md): planned before the customer confirms (the
 * deletion card tells them), written in the deletion's transaction, read only by the operator, and removed by the
 * daily job on their day.
 */

export type RecordToKeep = {
  kind: KeptRecordKind
  statute: string
  policyId: string
  policyNumber: string
  /** The day coverage ended, or ends with the deletion (YYYY-MM-DD). */
  coverageEndedOn: string
  /** The first day the record may go (YYYY-MM-DD). */
  mayGoOn: string
}

/**
 * What deleting the account at `now` keeps: for each of its policies, the records its state's table row lists
 * (Texas: the service contract's file), and for each renewal consent it gave, California's verification. A plan still
 * running ends with the deletion, so its coverage ends today.
 */
export function recordsToKeep(tx: Db, profileId: string, now = new Date()): RecordToKeep[] {
  const today = dayOf(now)
  const endedOn = (canceledAt: string | null) => (canceledAt ? dayOf(new Date(canceledAt)) : today)
  const owned = tx.select().from(policies).where(eq(policies.profileId, profileId)).orderBy(asc(policies.createdAt)).all()
  const kept: RecordToKeep[] = []
  for (const policy of owned) {
    for (const rule of rulesFor(policy.governingState).recordsKept) {
      if (rule.kind !== 'service_contract') continue
      const coverageEndedOn = endedOn(policy.canceledAt)
      kept.push({
        kind: rule.kind,
        statute: rule.statute,
        policyId: policy.id,
        policyNumber: policy.policyNumber,
        coverageEndedOn,
        mayGoOn: keptRecordMayGoOn(rule, { coverageEndedOn, consentedAt: null }),
      })
    }
  }
  // The consents this account gave, on any policy (one it sold to a next owner too): the state they were given under.
  const consents = tx
    .select({
      policyId: consentRecords.policyId,
      consentedAt: consentRecords.consentedAt,
      state: consentRecords.governingState,
      policyState: policies.governingState,
      policyNumber: policies.policyNumber,
      policyOwner: policies.profileId,
      canceledAt: policies.canceledAt,
    })
    .from(consentRecords)
    .innerJoin(policies, eq(policies.id, consentRecords.policyId))
    .where(eq(consentRecords.profileId, profileId))
    .orderBy(asc(consentRecords.consentedAt))
    .all()
  for (const consent of consents) {
    for (const rule of rulesFor(consent.state ?? consent.policyState).recordsKept) {
      if (rule.kind !== 'renewal_consent') continue
      // A policy that passed on runs for its next owner: this buyer's contract ended when it passed, taken as today.
      const coverageEndedOn = consent.policyOwner === profileId ? endedOn(consent.canceledAt) : today
      kept.push({
        kind: rule.kind,
        statute: rule.statute,
        policyId: consent.policyId,
        policyNumber: consent.policyNumber,
        coverageEndedOn,
        mayGoOn: keptRecordMayGoOn(rule, { coverageEndedOn, consentedAt: consent.consentedAt }),
      })
    }
  }
  return kept
}

/**
 * Writes the deletion's kept records (inside its transaction, after its plans were cancelled): the holder's name, and
 * for a service contract the postal address too, as the account held them. Returns what was kept, for the last
 * e-mail and for the consent records and claims the deletion must leave whole.
 */
export function keepRecords(tx: Db, profile: Pick<Profile, 'id' | 'fullName' | 'mailingAddress'>, now = new Date()): RecordToKeep[] {
  const kept = recordsToKeep(tx, profile.id, now)
  for (const record of kept) {
    tx.insert(keptRecords)
      .values({
        profileId: profile.id,
        policyId: record.policyId,
        kind: record.kind,
        statute: record.statute,
        holderName: profile.fullName,
        holderAddress: record.kind === 'service_contract' ? profile.mailingAddress : null,
        coverageEndedOn: record.coverageEndedOn,
        mayGoOn: record.mayGoOn,
        createdAt: now.toISOString(),
      })
      .onConflictDoNothing()
      .run()
  }
  return kept
}

/** The operator's view of a deleted account's kept records (the customer's page in the console), oldest first. */
export function keptRecordsOf(profileId: string) {
  return db()
    .select({
      id: keptRecords.id,
      kind: keptRecords.kind,
      statute: keptRecords.statute,
      policyNumber: policies.policyNumber,
      holderName: keptRecords.holderName,
      holderAddress: keptRecords.holderAddress,
      coverageEndedOn: keptRecords.coverageEndedOn,
      mayGoOn: keptRecords.mayGoOn,
      keptSince: keptRecords.createdAt,
    })
    .from(keptRecords)
    .innerJoin(policies, eq(policies.id, keptRecords.policyId))
    .where(eq(keptRecords.profileId, profileId))
    .orderBy(asc(keptRecords.createdAt), asc(keptRecords.mayGoOn))
    .all()
}

/**
 * The daily job: each kept record whose day has come goes, with what it kept — a Texas file's claims lose their
 * description (the rest of the claim is the anonymised accounting), a California consent record is deleted — a batch
 * at a time, each in its own transaction, audited. Returns how many went.
 */
export async function removeDueKeptRecords(now = new Date()): Promise<number> {
  const today = dayOf(now)
  let removed = 0
  for (;;) {
    const due = db().select().from(keptRecords).where(lte(keptRecords.mayGoOn, today)).limit(BATCH_SIZE).all()
    if (due.length === 0) return removed
    transaction((tx) => {
      for (const record of due) {
        if (record.kind === 'service_contract') {
          tx.update(claims)
            .set({ description: '' })
            .where(and(eq(claims.policyId, record.policyId), eq(claims.filedByProfileId, record.profileId)))
            .run()
        } else {
          tx.delete(consentRecords)
            .where(and(eq(consentRecords.policyId, record.policyId), eq(consentRecords.profileId, record.profileId)))
            .run()
        }
        tx.delete(keptRecords).where(eq(keptRecords.id, record.id)).run()
        recordAudit(tx, {
          actor: 'system',
          action: 'profile.kept_record_removed',
          entityId: record.profileId,
          detail: { kind: record.kind, policyId: record.policyId, mayGoOn: record.mayGoOn },
        })
      }
    })
    removed += due.length
    await yieldToRequests()
  }
}

/** The consent records of policies a deletion keeps whole (California's), so they are not anonymised with the rest. */
export function keptConsentPolicyIds(kept: RecordToKeep[]): string[] {
  return kept.filter((record) => record.kind === 'renewal_consent').map((record) => record.policyId)
}

/** The policies whose claims keep their description (a Texas service contract's file). */
export function keptClaimFilePolicyIds(kept: RecordToKeep[]): string[] {
  return kept.filter((record) => record.kind === 'service_contract').map((record) => record.policyId)
}

/** Whether the account is a deleted one with records kept (the operator's page says so). */
export function hasKeptRecords(profileId: string): boolean {
  return Boolean(db().select({ id: keptRecords.id }).from(keptRecords).where(eq(keptRecords.profileId, profileId)).get())
}
