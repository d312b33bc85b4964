import { Readable } from 'node:stream'

import { and, asc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm'
import { Zip, ZipPassThrough } from 'fflate'

import { db, transaction } from '~/db/client.server'
import {
  auditLog,
  type Claim,
  claimDocumentDrafts,
  claimDocuments,
  claims,
  emailLog,
  letters,
  ownershipTransfers,
  policies,
  policyPhotos,
  type Profile,
  profiles,
  sessions,
  textMessages,
  vehicles,
  verifications,
} from '~/db/schema'
import { normalizeEmail } from '~/domain/email'
import { RuleError } from '~/domain/errors'
import { formatLongDate } from '~/domain/format'
import { DELETION_MESSAGES, EMAIL_CHANGE_MESSAGES } from '~/domain/messages'
import { isOwnClaim } from '~/domain/policies'
import { deletedAccountEmail, deletionBlockers } from '~/domain/privacy'
import { accountDeletedEmail, accountDeletionCodeEmail, emailChangedEmail, emailChangeLinkEmail } from '~/emails/privacy'
import { env } from '~/env.server'
import { logger } from '~/logger.server'
import { recordAudit } from '~/models/operations/audit.server'
import { anonymiseConsentRecords } from '~/models/people/consents.server'
import { keepRecords, keptClaimFilePolicyIds, keptConsentPolicyIds, recordsToKeep } from '~/models/people/kept-records.server'
import { consumeSignInCode, consumeSignInLink, issueSignInLink, LINK_TTL_MINUTES } from '~/models/people/sign-in-links.server'
import { cancelPolicy } from '~/models/policies/cancellation.server'
import { sendEmail } from '~/services/email.server'
import { deleteStoredFolder, readStored } from '~/services/storage.server'
import { notFound } from '~/utils/refusal'

/**
 * Privacy self-service (privacy notice "Your rights"): a customer downloads their data, corrects
 * their name and phone, changes their e-mail address once the new one is proven, and deletes their account. Every
 * request is audited with the customer as actor.
 */

export const CONFIRM_EMAIL_PATH = '/customer/privacy/confirm-email'

// --- download my data --------------------------------------------------------------------------------------------

/** Everything we hold about the customer, as rows (the export's data.json) and the stored files that go with them. */
export function customerDataOf(profileId: string) {
  const profile = db().select().from(profiles).where(eq(profiles.id, profileId)).get()
  if (!profile) return null
  const ownPolicies = db().select().from(policies).where(eq(policies.profileId, profileId)).orderBy(asc(policies.createdAt)).all()
  const policyIds = ownPolicies.map((policy) => policy.id)
  const ownVehicles = db().select().from(vehicles).where(eq(vehicles.profileId, profileId)).orderBy(asc(vehicles.createdAt)).all()
  const photos = policyIds.length
    ? db().select().from(policyPhotos).where(inArray(policyPhotos.policyId, policyIds)).orderBy(asc(policyPhotos.createdAt)).all()
    : []
  // The claims they filed (on any policy, one they sold too) in full; a previous owner's claim on a policy that passed
  // to them by its code and status only, as their dashboard shows it (docs/decisions/052-policy-passes-to-the-next-owner-on-payment.md).
  const policiesById = new Map(ownPolicies.map((policy) => [policy.id, policy]))
  const claimRows = db()
    .select()
    .from(claims)
    .where(
      policyIds.length
        ? or(eq(claims.filedByProfileId, profileId), inArray(claims.policyId, policyIds))
        : eq(claims.filedByProfileId, profileId),
    )
    .orderBy(asc(claims.submittedAt))
    .all()
  const isTheirs = (claim: Claim) => {
    const policy = policiesById.get(claim.policyId)
    return policy ? isOwnClaim(profileId, policy, claim) : claim.filedByProfileId === profileId
  }
  const ownClaims = claimRows.filter(isTheirs)
  const previousOwnersClaims = claimRows
    .filter((claim) => !isTheirs(claim))
    .map(({ confirmationCode, approvalStatus, policyId }) => ({ confirmationCode, approvalStatus, policyId }))
  const claimIds = ownClaims.map((claim) => claim.id)
  const documents = claimIds.length
    ? db().select().from(claimDocuments).where(inArray(claimDocuments.claimId, claimIds)).orderBy(asc(claimDocuments.createdAt)).all()
    : []
  const emails = db()
    .select({ subject: emailLog.subject, tag: emailLog.tag, status: emailLog.status, sentAt: emailLog.createdAt })
    .from(emailLog)
    .where(eq(emailLog.profileId, profile.id))
    .orderBy(asc(emailLog.createdAt))
    .all()

  const files: Array<{ relPath: string; name: string }> = [
    ...photos.map((photo) => ({
      relPath: photo.filePath,
      name: `policies/${photo.policyId}/${photo.generation === 0 ? 'setup' : 'transfer'}-${photo.photoType}${photo.position ? `-${photo.position}` : ''}.jpg`,
    })),
    ...documents.map((document, index) => ({
      relPath: document.filePath,
      name: `claims/${ownClaims.find((claim) => claim.id === document.claimId)!.confirmationCode}/${index + 1}-${document.documentType}${document.filePath.endsWith('.pdf') ? '.pdf' : '.jpg'}`,
    })),
  ]
  const data = {
    exportedAt: new Date().toISOString(),
    profile: { email: profile.email, fullName: profile.fullName, phone: profile.phone, createdAt: profile.createdAt },
    policies: ownPolicies.map(({ stripeCheckoutSessionId: _checkout, ...policy }) => policy),
    vehicles: ownVehicles,
    claims: ownClaims.map((claim) => ({
      ...claim,
      documents: documents
        .filter((document) => document.claimId === claim.id)
        .map(({ id, documentType, fileName, createdAt }) => ({ id, documentType, fileName, createdAt })),
    })),
    previousOwnersClaims,
    windshieldPhotos: photos.map(({ id, policyId, photoType, generation, fileName, createdAt }) => ({
      id,
      policyId,
      photoType,
      generation,
      fileName,
      createdAt,
    })),
    emailsSent: emails,
    files: files.map((file) => file.name),
  }
  return { data, files }
}

/**
 * The export as a ZIP, streamed with backpressure: data.json first, then each photo and document, read from storage
 * only as the download takes the bytes before it (a customer with many claims never has them all in memory). Files
 * are stored, not compressed again (JPEG).
 */
export function exportCustomerData(profile: Profile): ReadableStream<Uint8Array> {
  const collected = customerDataOf(profile.id)
  if (!collected) notFound()
  recordAudit(db(), { actor: profile.id, action: 'privacy.data_exported', entityId: profile.id, detail: { files: collected.files.length } })
  const chunks = zipChunks(collected)
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = await chunks.next()
        if (next.done) controller.close()
        else controller.enqueue(next.value)
      } catch (error) {
        logger.error({ profileId: profile.id, err: error }, 'the data export failed')
        controller.error(error)
      }
    },
    async cancel() {
      await chunks.return(undefined)
    },
  })
}

/** The ZIP's bytes, produced as they are asked for: fflate hands over each piece as soon as its input is pushed. */
async function* zipChunks(collected: NonNullable<ReturnType<typeof customerDataOf>>): AsyncGenerator<Uint8Array> {
  const ready: Uint8Array[] = []
  const zip = new Zip((error, chunk) => {
    if (error) throw error
    ready.push(chunk)
  })
  const json = new ZipPassThrough('data.json')
  zip.add(json)
  json.push(new TextEncoder().encode(JSON.stringify(collected.data, null, 2)), true)
  yield* ready.splice(0)
  for (const file of collected.files) {
    const stored = await readStored(file.relPath)
    if (!stored) continue
    const entry = new ZipPassThrough(file.name)
    zip.add(entry)
    for await (const chunk of Readable.fromWeb(stored.body as never)) {
      entry.push(chunk as Uint8Array)
      yield* ready.splice(0)
    }
    entry.push(new Uint8Array(0), true)
    yield* ready.splice(0)
  }
  zip.end()
  yield* ready.splice(0)
}

// --- correct my details ------------------------------------------------------------------------------------------

export function updateDetails(profile: Profile, input: { fullName: string; phone: string | null }) {
  const changed = (['fullName', 'phone'] as const).filter((field) => (profile[field] ?? null) !== (input[field] ?? null))
  if (changed.length === 0) return profile
  return transaction((tx) => {
    const updated = tx
      .update(profiles)
      .set({ fullName: input.fullName, phone: input.phone })
      .where(eq(profiles.id, profile.id))
      .returning()
      .get()
    recordAudit(tx, { actor: profile.id, action: 'profile.details_corrected', entityId: profile.id, detail: { fields: changed } })
    return updated
  })
}

/** Sends a link to the new address; nothing changes until it is opened (whoever holds the new inbox agrees). */
export async function requestEmailChange(profile: Profile, newEmail: string) {
  const address = normalizeEmail(newEmail)
  if (address === profile.email) throw RuleError.from(EMAIL_CHANGE_MESSAGES.same, { field: 'email' })
  const link = await issueSignInLink({ email: address, purpose: 'change_email', profileId: profile.id, path: CONFIRM_EMAIL_PATH })
  const message = await emailChangeLinkEmail({ url: link.url, expiresInMinutes: LINK_TTL_MINUTES, supportEmail: env().SUPPORT_EMAIL })
  await sendEmail({ to: address, ...message, tag: 'email-change', trackLinks: false, profileId: profile.id })
  recordAudit(db(), { actor: profile.id, action: 'profile.email_change_requested', entityId: profile.id, detail: {} })
  return address
}

/**
 * Opens the link: the profile's address becomes the new one, unless another account has it; the old address is told.
 * Every other session of the account ends with the change (as "Sign out of other devices" does): a session someone
 * stole must not keep an account it just moved, nor outlive the owner moving it away. Only the session that confirms
 * stays, when it is this account's (`confirmingSession`); `keptSession` says whether it did.
 */
export async function confirmEmailChange(
  token: string,
  now = new Date(),
  confirmingSession: { id: string; profileId: string } | null = null,
) {
  const consumed = consumeSignInLink(token, now, 'change_email')
  if (!consumed.ok || !consumed.profileId) throw RuleError.from(EMAIL_CHANGE_MESSAGES.invalid)
  const profileId = consumed.profileId
  const outcome = transaction((tx) => {
    const profile = tx.select().from(profiles).where(eq(profiles.id, profileId)).get()
    if (!profile) throw RuleError.from(EMAIL_CHANGE_MESSAGES.invalid)
    const taken = tx.select({ id: profiles.id }).from(profiles).where(eq(profiles.email, consumed.email)).get()
    if (taken && taken.id !== profileId) throw RuleError.from(EMAIL_CHANGE_MESSAGES.taken, { status: 409 })
    tx.update(profiles).set({ email: consumed.email }).where(eq(profiles.id, profileId)).run()
    const keep = confirmingSession?.profileId === profileId ? confirmingSession.id : null
    const ended = tx
      .delete(sessions)
      .where(keep ? and(eq(sessions.profileId, profileId), ne(sessions.id, keep)) : eq(sessions.profileId, profileId))
      .run().changes
    recordAudit(tx, {
      actor: profileId,
      action: 'profile.email_changed',
      entityId: profileId,
      detail: { from: profile.email, to: consumed.email, sessionsEnded: ended },
    })
    return { from: profile.email, to: consumed.email, keptSession: keep !== null }
  })
  const notice = await emailChangedEmail({ newEmail: outcome.to, supportEmail: env().SUPPORT_EMAIL })
  await sendEmail({ to: outcome.from, ...notice, tag: 'email-changed', profileId })
  return outcome
}

// --- delete my account -------------------------------------------------------------------------------------------

export function blockersOf(profileId: string, now = new Date()) {
  const ownPolicies = db().select().from(policies).where(eq(policies.profileId, profileId)).all()
  const policyIds = ownPolicies.map((policy) => policy.id)
  // The open claims they filed (deletion empties what they wrote in them), on a policy they sold too, and any open claim
  // on their policies (cancelling the policy under a shop's work).
  const theirs = policyIds.length
    ? or(eq(claims.filedByProfileId, profileId), inArray(claims.policyId, policyIds))
    : eq(claims.filedByProfileId, profileId)
  const openClaims = db()
    .select({ confirmationCode: claims.confirmationCode, approvalStatus: claims.approvalStatus })
    .from(claims)
    .where(and(theirs, or(eq(claims.approvalStatus, 'pending_review'), eq(claims.approvalStatus, 'approved'))))
    .all()
  return deletionBlockers(ownPolicies, openClaims, now)
}

export async function sendDeletionCode(profile: Profile, now = new Date()) {
  const blockers = blockersOf(profile.id, now)
  if (blockers.length) throw RuleError.from(DELETION_MESSAGES.refused(blockers), { status: 409 })
  const link = await issueSignInLink({ email: profile.email, purpose: 'delete_account', profileId: profile.id })
  const message = await accountDeletionCodeEmail({ code: link.code, expiresInMinutes: LINK_TTL_MINUTES, supportEmail: env().SUPPORT_EMAIL })
  await sendEmail({ to: profile.email, ...message, tag: 'account-deletion', trackLinks: false, profileId: profile.id })
  recordAudit(db(), { actor: profile.id, action: 'profile.deletion_requested', entityId: profile.id, detail: {} })
}

/**
 * Deletes the account once the fresh code is right and nothing keeps it: ends what remains of its subscriptions through
 * the payments adapter, then in one transaction removes the personal data and keeps what accounting needs, anonymised
 * (docs/decisions/028-account-deletion-keeps-accounting.md); then removes its photos and documents from storage. A failure before the transaction
 * leaves the account whole; files a failure leaves behind are removed by the upload sweep (they have no rows).
 */
export async function deleteAccount(profile: Profile, code: string, now = new Date()) {
  const verified = consumeSignInCode(profile.email, code, now, 'delete_account')
  if (!verified.ok || verified.profileId !== profile.id) {
    throw RuleError.from(DELETION_MESSAGES.wrongCode, { field: 'code' })
  }
  const blockers = blockersOf(profile.id, now)
  if (blockers.length) throw RuleError.from(DELETION_MESSAGES.refused(blockers), { status: 409 })

  const live = db()
    .select()
    .from(policies)
    .where(eq(policies.profileId, profile.id))
    .all()
    .filter((policy) => policy.status !== 'canceled')
  for (const policy of live) {
    try {
      await cancelPolicy(profile.id, policy.id, now, undefined, { waitForProvider: true })
    } catch (error) {
      logger.error({ profileId: profile.id, policyId: policy.id, err: error }, 'deleting a profile: cancelling a policy failed')
      throw RuleError.from(DELETION_MESSAGES.failed, { status: 502 })
    }
  }

  const anonymous = deletedAccountEmail(profile.id)
  const { folders, kept } = transaction((tx) => {
    // What a state's law requires stays, for the operator only, until its day (docs/decisions/105): written first,
    // from the profile as it still is.
    const current = tx.select().from(profiles).where(eq(profiles.id, profile.id)).get() ?? profile
    const kept = keepRecords(tx, current, now)
    const claimFiles = new Set(keptClaimFilePolicyIds(kept))
    const policyIds = tx
      .select({ id: policies.id })
      .from(policies)
      .where(eq(policies.profileId, profile.id))
      .all()
      .map((row) => row.id)
    // The claims this customer filed (a previous owner's claim on their policy is that person's, and stays).
    const filed = tx.select({ id: claims.id, policyId: claims.policyId }).from(claims).where(eq(claims.filedByProfileId, profile.id)).all()
    const claimIds = filed.map((row) => row.id)
    if (claimIds.length) {
      tx.delete(claimDocuments).where(inArray(claimDocuments.claimId, claimIds)).run()
      tx.delete(claimDocumentDrafts).where(inArray(claimDocumentDrafts.claimId, claimIds)).run()
      // Kept for accounting (what was paid for which repair, by which shop), without what the customer wrote; a Texas
      // claim file keeps its description until its day (Tex. Occ. Code §1304.155(a)(4)).
      tx.update(claims).set({ appealText: null, partnerNotes: null, serviceAddress: null }).where(inArray(claims.id, claimIds)).run()
      const emptied = filed.filter((row) => !claimFiles.has(row.policyId)).map((row) => row.id)
      if (emptied.length) tx.update(claims).set({ description: '' }).where(inArray(claims.id, emptied)).run()
    }
    if (policyIds.length) tx.delete(policyPhotos).where(inArray(policyPhotos.policyId, policyIds)).run()
    // The addresses this account ever had, and its plates: scrubbed from the e-mail log and the audit details too.
    const formerAddresses = tx
      .select({ detail: auditLog.detail })
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'profile'), eq(auditLog.entityId, profile.id), eq(auditLog.action, 'profile.email_changed')))
      .all()
      .flatMap((row) => [row.detail?.from, row.detail?.to].filter((value): value is string => typeof value === 'string'))
    const addresses = [...new Set([profile.email, ...formerAddresses])]
    const vehicleRows = tx
      .select({ id: vehicles.id, plate: vehicles.licensePlate })
      .from(vehicles)
      .where(eq(vehicles.profileId, profile.id))
      .all()
    const entityIds = [profile.id, ...policyIds, ...claimIds, ...vehicleRows.map((row) => row.id)]
    for (const secret of [...addresses, ...vehicleRows.map((row) => row.plate)]) {
      tx.update(auditLog)
        .set({ detail: { redacted: 'account deleted' } })
        .where(and(inArray(auditLog.entityId, entityIds), sql`${auditLog.detail} LIKE ${`%${secret}%`}`))
        .run()
    }
    // By account; by address only the rows no account was recorded for (an address that is now someone else's keeps
    // that account's history).
    tx.update(emailLog)
      .set({ to: anonymous })
      .where(or(eq(emailLog.profileId, profile.id), and(isNull(emailLog.profileId), inArray(emailLog.to, addresses))))
      .run()
    // Offers of another owner's policy made to this account: they forget its address, and an open one ends (its link
    // would otherwise still wait for a buyer who is gone).
    const offeredToMe = or(eq(ownershipTransfers.buyerProfileId, profile.id), inArray(ownershipTransfers.buyerEmail, addresses))
    const offersEnded = tx
      .update(ownershipTransfers)
      .set({ status: 'canceled', canceledAt: now.toISOString() })
      .where(and(offeredToMe, inArray(ownershipTransfers.status, ['offered', 'accepted'])))
      .run().changes
    tx.update(ownershipTransfers).set({ buyerEmail: anonymous }).where(offeredToMe).run()
    tx.delete(vehicles).where(eq(vehicles.profileId, profile.id)).run()
    tx.delete(sessions).where(eq(sessions.profileId, profile.id)).run()
    tx.delete(verifications)
      .where(or(eq(verifications.profileId, profile.id), eq(verifications.email, profile.email)))
      .run()
    // Consent records stay three years after the plan ends (automatic-renewal law), without the link and the address;
    // those a state's law keeps as the verification of the consent stay whole until their day.
    anonymiseConsentRecords(tx, profile.id, now, keptConsentPolicyIds(kept))
    // The letters forget whom they were addressed to; the texts, the number they went to.
    tx.update(letters).set({ recipient: null }).where(eq(letters.profileId, profile.id)).run()
    tx.update(textMessages).set({ toPhone: '' }).where(eq(textMessages.profileId, profile.id)).run()
    tx.update(profiles)
      .set({ email: anonymous, fullName: null, phone: null, mailingAddress: null, zip: null })
      .where(eq(profiles.id, profile.id))
      .run()
    recordAudit(tx, {
      actor: profile.id,
      action: 'profile.deleted',
      entityId: profile.id,
      detail: {
        policies: policyIds.length,
        claims: claimIds.length,
        ...(offersEnded ? { offersEnded } : {}),
        ...(kept.length ? { kept: kept.map((record) => ({ kind: record.kind, policyId: record.policyId, mayGoOn: record.mayGoOn })) } : {}),
      },
    })
    return { folders: [`policy-photos/${profile.id}`, ...claimIds.map((id) => `claim-documents/${id}`)], kept }
  })
  for (const folder of folders) {
    try {
      deleteStoredFolder(folder)
    } catch (error) {
      logger.error(
        { profileId: profile.id, folder, err: error },
        'deleting a profile: removing its uploads failed (the upload sweep will retry)',
      )
    }
  }
  // The last e-mail goes to the address that was deleted; its log row then forgets the address too.
  const sent = await sendEmail({
    to: profile.email,
    ...(await accountDeletedEmail({ deletedOn: formatLongDate(now), supportEmail: env().SUPPORT_EMAIL, kept: keptWords(kept) })),
    tag: 'account-deleted',
    profileId: profile.id,
  })
  if (sent) db().update(emailLog).set({ to: anonymous }).where(eq(emailLog.id, sent.id)).run()
  return { kept: kept.length }
}

/** The sentences that tell the customer what deleting their account now keeps, and why (empty: nothing). */
export function keptWords(kept: ReturnType<typeof recordsToKeep>): string[] {
  return kept.map((record) => DELETION_MESSAGES.keptRecord(record))
}

/** What deleting the account now would keep (the deletion card says it before the customer confirms). */
export function recordsKeptOnDeletion(profileId: string, now = new Date()): string[] {
  return keptWords(recordsToKeep(db(), profileId, now))
}
