import { and, asc, desc, eq } from 'drizzle-orm'

import { db, transaction } from '~/db/client.server'
import { auditLog, claims, partnerGroups, partnerLocations, policyPhotos } from '~/db/schema'
import { appealDeadline, responseHoursLeft } from '~/domain/claims'
import { RuleError } from '~/domain/errors'
import { alreadyDecided, DENIAL_REASON_REQUIRED, PARTNER_GROUP_REQUIRED } from '~/domain/messages'
import { appealPath, chooseShopPath } from '~/domain/paths'
import { photoGenerationOfClaim } from '~/domain/policies'
import { CUSTOMER_CHOOSES_SHOP, locationAddress } from '~/domain/shops'
import { claimApprovedEmail, claimDeniedEmail } from '~/emails/claims'
import { env } from '~/env.server'
import {
  claimContext,
  claimDocumentsOf,
  claimPageUrl,
  notify,
  replacementsLeft,
  shopAssignedEmailFor,
  tellTheShop,
  toClaimant,
} from '~/models/claims/claims.server'
import { shopContacts } from '~/models/claims/claims-read.server'
import { locationForAssignment } from '~/models/claims/shop-choice.server'
import { auditEntriesWithActor, recordAudit } from '~/models/operations/audit.server'
import { textClaimStep } from '~/models/people/texts.server'
import { groupsOfferedJobs, scheduleInForce } from '~/models/shops/price-schedule.server'
import { notFound } from '~/utils/refusal'

/** The operator's review: a claim's evidence, and the decision (approve with a shop, or deny). */

// --- the operator's review ---------------------------------------------------------------------------------------

export function claimForReview(claimId: string, now = new Date()) {
  const context = claimContext(claimId)
  if (!context) return null
  const previousClaims = db()
    .select()
    .from(claims)
    .where(eq(claims.policyId, context.policy.id))
    .orderBy(desc(claims.submittedAt))
    .all()
    .filter((claim) => claim.id !== claimId)
  const history = auditEntriesWithActor()
    .where(and(eq(auditLog.entityType, 'claim'), eq(auditLog.entityId, claimId)))
    .orderBy(asc(auditLog.id))
    .all()
  // The windshield as it was when coverage started: the terms exclude pre-existing damage. After a
  // transfer, a claim on the replacement vehicle shows the photos taken for the transfer.
  const setupPhotos = db()
    .select()
    .from(policyPhotos)
    .where(
      and(eq(policyPhotos.policyId, context.policy.id), eq(policyPhotos.generation, photoGenerationOfClaim(context.policy, context.claim))),
    )
    .orderBy(asc(policyPhotos.photoType), asc(policyPhotos.position))
    .all()
  return {
    ...context,
    setupPhotos,
    documents: claimDocumentsOf(claimId),
    previousClaims,
    history,
    replacementsLeft: replacementsLeft(context.policy, now),
    hoursLeft: responseHoursLeft(context.claim, now),
  }
}

/** The groups the operator may give a job to: active, and having accepted the price schedule in force. */
export function activePartnerGroups(now = new Date()) {
  const offered = groupsOfferedJobs(now)
  return db()
    .select()
    .from(partnerGroups)
    .where(eq(partnerGroups.isActive, true))
    .orderBy(asc(partnerGroups.name))
    .all()
    .filter((group) => offered === null || offered.has(group.id))
}

/**
 * The operator approves a pending claim and assigns the partner group that will do the work, at one of its locations:
 * the one the operator picked, else the group's nearest to the customer (shop-choice.server: locationForAssignment).
 * The customer's pages, e-mails and calendar file and the shop's job page all name that location.
 */
export async function approveClaim(
  input: { claimId: string; partnerGroupId: string; partnerLocationId?: string | null; actorId: string },
  now = new Date(),
) {
  // The operator may leave the shop to the customer, who then chooses one near them (app/models/claims/shop-choice.server.ts).
  const customerChooses = input.partnerGroupId === CUSTOMER_CHOOSES_SHOP
  const claim = transaction((tx) => {
    const group = customerChooses
      ? null
      : tx
          .select()
          .from(partnerGroups)
          .where(and(eq(partnerGroups.id, input.partnerGroupId), eq(partnerGroups.isActive, true)))
          .get()
    // A stale page or a hand-made post may name a group that is gone, inactive or has not accepted the price schedule
    // in force: a message, never a foreign-key error.
    const offered = groupsOfferedJobs(now, tx)
    if ((!group || (offered && !offered.has(group.id))) && !customerChooses) {
      throw RuleError.from(PARTNER_GROUP_REQUIRED, { field: 'partnerGroupId' })
    }
    const pending = tx.select().from(claims).where(eq(claims.id, input.claimId)).get()
    if (!pending) notFound()
    // A claim decided meanwhile is told so below, not asked for a location.
    const location =
      group && pending.approvalStatus === 'pending_review'
        ? locationForAssignment(pending, group, input.partnerLocationId ?? null, tx)
        : null
    const row = tx
      .update(claims)
      .set({
        approvalStatus: 'approved',
        assignedPartnerGroupId: group?.id ?? null,
        chosenLocationId: location?.id ?? null,
        // Given to a shop now: priced by the schedule in force (decision 087).
        ...(group ? { priceScheduleId: scheduleInForce(now, tx)?.id ?? null } : {}),
        reviewedAt: now.toISOString(),
        reviewedBy: input.actorId,
      })
      .where(and(eq(claims.id, input.claimId), eq(claims.approvalStatus, 'pending_review')))
      .returning()
      .get()
    if (!row) throw notPending(input.claimId)
    recordAudit(tx, {
      actor: input.actorId,
      action: 'claim.approved',
      entityId: row.id,
      detail: group
        ? {
            partnerGroupId: group.id,
            partnerGroup: group.name,
            ...(location ? { locationId: location.id, location: location.name } : {}),
            appeal: Boolean(row.appealedAt),
          }
        : { customerChoosesShop: true, appeal: Boolean(row.appealedAt) },
    })
    return row
  })
  const assigned = claim.chosenLocationId
    ? (db().select().from(partnerLocations).where(eq(partnerLocations.id, claim.chosenLocationId)).get() ?? null)
    : null
  await notify(claim.id, async ({ claim: current, profile, partnerGroup }) =>
    toClaimant(profile, {
      ...(await claimApprovedEmail({
        confirmationCode: current.confirmationCode,
        partnerGroup: partnerGroup?.name ?? 'our partner shop',
        // The location assigned, when there is one: the customer goes there, not to the group's first place.
        partnerPhone: assigned?.phone ?? partnerGroup?.phone ?? null,
        partnerEmail: partnerGroup?.email ?? null,
        partnerPlaces: assigned
          ? [{ name: assigned.name, address: locationAddress(assigned) }]
          : partnerGroup
            ? (shopContacts([partnerGroup.id]).get(partnerGroup.id)?.places ?? [])
            : [],
        claimUrl: claimPageUrl(current.confirmationCode),
        chooseShopUrl: customerChooses ? `${env().APP_URL}${chooseShopPath(current.id)}` : undefined,
      })),
      tag: 'claim-approved',
    }),
  )
  await notifyShop(claim.id, input.actorId, assigned ? [assigned.name, locationAddress(assigned)].filter(Boolean).join(', ') : null)
  await textClaimStep(claim.id, 'claim_decided')
  return claim
}

/**
 * The shop hears about its work: the group's address gets the code, the damage, the vehicle and the
 * completion link. Whether it went out (or why not) is recorded on the claim, so the operator's page can say so.
 */
function notifyShop(claimId: string, actorId: string, location: string | null) {
  return tellTheShop(claimId, actorId, {
    tag: 'claim-assigned-shop',
    compose: (context) => shopAssignedEmailFor(context, undefined, location),
  })
}

/**
 * What the operator's denial writes on a claim (a pending one, or one the rules approved): the reason, required and
 * shown to the customer, and who decided when; the claim leaves any shop.
 */
export function denialBy(input: { reason: string; actorId: string }, now: Date) {
  const reason = input.reason.trim()
  if (!reason) throw RuleError.from(DENIAL_REASON_REQUIRED, { field: 'reason' })
  return {
    approvalStatus: 'denied',
    denialReason: reason,
    reviewedAt: now.toISOString(),
    reviewedBy: input.actorId,
    assignedPartnerGroupId: null,
  } as const
}

/** The operator denies a pending claim; the reason is required and is shown to the customer. */
export async function denyClaim(input: { claimId: string; reason: string; actorId: string }, now = new Date()) {
  const denial = denialBy(input, now)
  const reason = denial.denialReason
  const claim = transaction((tx) => {
    const row = tx
      .update(claims)
      .set(denial)
      .where(and(eq(claims.id, input.claimId), eq(claims.approvalStatus, 'pending_review')))
      .returning()
      .get()
    if (!row) throw notPending(input.claimId)
    recordAudit(tx, { actor: input.actorId, action: 'claim.denied', entityId: row.id, detail: { reason, appeal: Boolean(row.appealedAt) } })
    return row
  })
  await notifyDenied(claim.id, reason, now)
  return claim
}

/** Tells the claimant their claim was denied, why, and until when they may appeal. Never throws (notify logs). */
export async function notifyDenied(claimId: string, reason: string, now: Date) {
  await notify(claimId, async ({ claim: current, profile }) =>
    toClaimant(profile, {
      ...(await claimDeniedEmail({
        confirmationCode: current.confirmationCode,
        reason,
        // A decided appeal is final; a first denial may be appealed within 14 days.
        appealUntil: appealDeadline({ approvalStatus: 'denied', reviewedAt: now.toISOString(), appealedAt: current.appealedAt }),
        appealUrl: `${env().APP_URL}${appealPath(current.id)}`,
        claimUrl: claimPageUrl(current.confirmationCode),
        supportEmail: env().SUPPORT_EMAIL,
      })),
      tag: 'claim-denied',
    }),
  )
  await textClaimStep(claimId, 'claim_decided')
}

function notPending(claimId: string) {
  const current = db().select({ status: claims.approvalStatus }).from(claims).where(eq(claims.id, claimId)).get()
  if (!current) notFound()
  return RuleError.from(alreadyDecided(current.status), { status: 409 })
}
