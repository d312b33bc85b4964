import { and, asc, eq, isNull, sql } from 'drizzle-orm'

import { db, preparedQuery } from '~/db/client.server'
import {
  type Claim,
  type ClaimDocument,
  claimDocuments,
  claims,
  type PartnerGroup,
  partnerGroups,
  policies,
  type Policy,
  type Profile,
  profiles,
  type Vehicle,
  vehicles,
} from '~/db/schema'
import type { EmailTag } from '~/domain/audit'
import {
  appealDeadline,
  canAppeal,
  repairGuaranteeEnds,
  repairGuaranteeRefusal,
  REPLACEMENTS_PER_PLAN_YEAR,
  replacementsLeftOf,
} from '~/domain/claims'
import {
  adminClaimPath,
  appealPath,
  chooseShopPath,
  claimPagePath,
  partnerCompleteClaimPath,
  repairFailedPath,
  reschedulePath,
} from '~/domain/paths'
import { isOwnClaim } from '~/domain/policies'
import { claimantName, isDeletedAccount } from '~/domain/privacy'
import type { ShopContact } from '~/domain/shops'
import { vehicleName } from '~/domain/vehicles'
import { operatorClaimEmail, shopAssignedEmail } from '~/emails/claims'
import { env } from '~/env.server'
import { logger } from '~/logger.server'
import { recordAudit } from '~/models/operations/audit.server'
import { sendEmail } from '~/services/email.server'

/**
 * Claims, what every actor shares: a claim's context and documents, the customer's own
 * claims, the replacement allowance, the audit trail and the e-mails. Each actor's work has its own module:
 * filing and appeals (claim-filing.server.ts), the operator's review (claim-review.server.ts), the shop's lookup and
 * completion (claim-shop.server.ts).
 */

/** The claim's own page as an e-mail links to it (every e-mail about a claim does). */
export function claimPageUrl(confirmationCode: string) {
  return `${env().APP_URL}${claimPagePath(confirmationCode)}`
}

export function operatorAddresses() {
  const admins = env().ADMIN_EMAILS
  return admins.length ? admins : [env().SUPPORT_EMAIL]
}

// --- the customer's view -----------------------------------------------------------------------------------------

/**
 * A claim of this customer's (through its policy), or null for anyone else's — including a claim the policy's previous
 * owner filed before it passed to this customer (its details are that person's).
 */
export function getClaimForProfile(profileId: string, claimId: string) {
  const row = db()
    .select({ claim: claims, policy: policies })
    .from(claims)
    .innerJoin(policies, eq(policies.id, claims.policyId))
    .where(and(eq(claims.id, claimId), eq(policies.profileId, profileId)))
    .get()
  if (!row || !isOwnClaim(profileId, row.policy, row.claim)) return null
  return row
}

/**
 * A claim with what its e-mails and pages need. `profile` is the claimant (who filed it), not the policy's owner today:
 * after the policy passed to the vehicle's next owner, a claim the seller filed is still the seller's to hear about.
 * Null only for a claim whose claimant is not known; e-mails to the claimant go through `toClaimant`.
 */
export type ClaimContext = {
  claim: Claim
  policy: Policy
  profile: Profile | null
  vehicle: Vehicle | null
  partnerGroup: PartnerGroup | null
}

/** The operator's e-mail about a new claim or an appeal, with what the review queue needs at a glance. */
export function operatorEmailFor(kind: 'new' | 'appeal', { claim, profile, policy, vehicle }: Omit<ClaimContext, 'partnerGroup'>) {
  return operatorClaimEmail({
    kind,
    claimId: claim.id,
    confirmationCode: claim.confirmationCode,
    customer: claimantName(profile),
    planType: policy.planType,
    damageType: claim.damageType,
    vehicle: vehicle ? vehicleName(vehicle) : null,
    filedLate: claim.filedLate,
    reviewUrl: `${env().APP_URL}${adminClaimPath(claim.id)}`,
  })
}

const claimContextQuery = preparedQuery((database) =>
  database
    .select({ claim: claims, policy: policies, profile: profiles, vehicle: vehicles, partnerGroup: partnerGroups })
    .from(claims)
    .innerJoin(policies, eq(policies.id, claims.policyId))
    .leftJoin(profiles, eq(profiles.id, claims.filedByProfileId))
    // The claim's own vehicle: a transfer after filing leaves the claim on the vehicle it was filed for.
    .leftJoin(vehicles, eq(vehicles.id, sql`coalesce(${claims.vehicleId}, ${policies.vehicleId})`))
    .leftJoin(partnerGroups, eq(partnerGroups.id, claims.assignedPartnerGroupId))
    .where(eq(claims.id, sql.placeholder('claimId')))
    .prepare(),
)

export function claimContext(claimId: string): ClaimContext | null {
  return claimContextQuery().get({ claimId }) ?? null
}

/**
 * The claimant's e-mail about their claim, or none: nobody is written to when the claim has no known claimant or their
 * account was deleted (never the policy's next owner, whose claim it is not).
 */
export function toClaimant(profile: Profile | null, message: Omit<Outgoing, 'to' | 'profileId'>): Outgoing[] {
  if (!profile || isDeletedAccount(profile)) return []
  return [{ to: profile.email, profileId: profile.id, ...message }]
}

/** What the shop holding an approved claim's code sees of the claimant (the code-only partner page). */
export function claimantContact(profile: Profile | null) {
  const reachable = profile && !isDeletedAccount(profile) ? profile : null
  return { name: reachable?.fullName ?? '', email: reachable?.email ?? '' }
}

export function claimDocumentsOf(claimId: string): ClaimDocument[] {
  return db()
    .select()
    .from(claimDocuments)
    .where(eq(claimDocuments.claimId, claimId))
    .orderBy(asc(claimDocuments.createdAt), asc(claimDocuments.filePath))
    .all()
}

/** Everything the operator's claim page shows. */
// --- replacements ------------------------------------------------------------------------------------------------

/** Replacements left this plan year (domain rule), counting the policy's completed replacements. */
export function replacementsLeft(policy: Pick<Policy, 'id' | 'planType' | 'coverageStartDate' | 'createdAt'>, now = new Date()) {
  if (REPLACEMENTS_PER_PLAN_YEAR[policy.planType] === 0) return 0
  const completedAts = db()
    .select({ completedAt: claims.completedAt })
    .from(claims)
    .where(
      and(
        eq(claims.policyId, policy.id),
        eq(claims.approvalStatus, 'completed'),
        eq(claims.repairType, 'replacement'),
        // A replacement under the repair-failure guarantee does not use the plan year's.
        isNull(claims.repairFailureOfClaimId),
      ),
    )
    .all()
    .map((row) => row.completedAt)
  return replacementsLeftOf(policy, completedAts, now)
}

// --- shared ------------------------------------------------------------------------------------------------------

export type Outgoing = { to: string; subject: string; html: string; text: string; tag: EmailTag; profileId?: string }

/** E-mails about a claim, after its transaction committed. A failure is logged, never undoes the decision. */
export async function notify(claimId: string, build: (context: ClaimContext) => Promise<Outgoing[]>) {
  try {
    const context = claimContext(claimId)
    if (!context) return
    for (const message of await build(context)) await sendEmail(message)
  } catch (error) {
    logger.error({ claimId, err: error }, 'claim e-mail failed')
  }
}

/** The e-mail that gives a shop a claim: the code, the damage, the vehicle, the claimant and the completion link. */
export function shopAssignedEmailFor(
  { claim, profile, vehicle, partnerGroup }: ShopClaimContext,
  booking?: Parameters<typeof shopAssignedEmail>[0]['booking'],
  location?: string | null,
) {
  return shopAssignedEmail({
    location,
    partnerGroup: partnerGroup.name,
    confirmationCode: claim.confirmationCode,
    damageType: claim.damageType,
    vehicle: vehicle ? vehicleName(vehicle, { withPlate: true }) : null,
    customerName: claimantName(profile),
    completeUrl: `${env().APP_URL}${partnerCompleteClaimPath(claim.confirmationCode)}`,
    booking,
  })
}

/** A claim's context once a shop holds it. */
export type ShopClaimContext = ClaimContext & { partnerGroup: PartnerGroup }

/**
 * Tells the shop holding a claim about it: the group's address gets the e-mail `compose` writes, and whether it went
 * out (or why not) is recorded on the claim, so the operator's page can say so. `about` names a notice other than the
 * job itself ('another time'); nothing is sent for a claim no shop holds.
 */
export async function tellTheShop(
  claimId: string,
  actorId: string,
  notice: { tag: EmailTag; about?: string; compose: (context: ShopClaimContext) => Promise<Omit<Outgoing, 'to' | 'tag'>> },
) {
  const context = claimContext(claimId)
  const group = context?.partnerGroup
  if (!context || !group) return
  const about = notice.about ? { about: notice.about } : {}
  if (!group.email) {
    recordAudit(db(), {
      actor: actorId,
      action: 'claim.shop_not_emailed',
      entityId: claimId,
      detail: { partnerGroup: group.name, ...about, reason: 'The partner group has no e-mail address.' },
    })
    return
  }
  const sent = await sendEmail({ to: group.email, ...(await notice.compose({ ...context, partnerGroup: group })), tag: notice.tag })
  recordAudit(db(), {
    actor: actorId,
    action: sent ? 'claim.shop_emailed' : 'claim.shop_not_emailed',
    entityId: claimId,
    detail: {
      partnerGroup: group.name,
      to: group.email,
      ...about,
      ...(sent ? {} : { reason: 'The e-mail could not be sent; see the e-mail log.' }),
    },
  })
}

/** The live part of a customer's claim card: what its status means now, and whether 'Appeal' is offered. */
export function claimLiveStatus(
  claim: Pick<Claim, 'id' | 'approvalStatus' | 'denialReason' | 'reviewedAt' | 'appealedAt' | 'completedAt'> &
    Partial<
      Pick<
        Claim,
        | 'assignedPartnerGroupId'
        | 'chosenLocationId'
        | 'preferredDate'
        | 'preferredSlot'
        | 'serviceAt'
        | 'serviceAddress'
        | 'appointmentAt'
        | 'appointmentProposed'
        | 'rescheduleRequestedAt'
        | 'decidedByRulesVersion'
        | 'repairType'
      >
    > & {
      partnerGroupName: string | null
      chosenLocation?: { name: string; address: string; phone: string | null } | null
      assignedShop?: ShopContact | null
    },
  now = new Date(),
) {
  const appealable = canAppeal(claim, now)
  return {
    approvalStatus: claim.approvalStatus,
    partnerGroupName: claim.partnerGroupName,
    denialReason: claim.approvalStatus === 'denied' ? claim.denialReason : null,
    appealUntil: appealable ? appealDeadline(claim)!.toISOString() : null,
    appealHref: appealable ? appealPath(claim.id) : null,
    appealedAt: claim.appealedAt,
    completedAt: claim.completedAt,
    // Approved with the shop left to the customer, who has not chosen yet: the card asks them to.
    chooseShopHref:
      claim.approvalStatus === 'approved' && !claim.assignedPartnerGroupId && !claim.chosenLocationId ? chooseShopPath(claim.id) : null,
    // The version of the published rules that approved the claim as it was filed; null when a person decided.
    decidedByRules: claim.approvalStatus === 'approved' ? (claim.decidedByRulesVersion ?? null) : null,
    booking:
      claim.chosenLocation && claim.preferredDate && claim.preferredSlot
        ? {
            ...claim.chosenLocation,
            preferredDate: claim.preferredDate,
            preferredSlot: claim.preferredSlot,
            place: claim.serviceAt === 'mobile' ? `mobile service at ${claim.serviceAddress ?? ''}` : 'at the shop',
          }
        : null,
    // The time the shop gave, and (once, while the claim is open) a way to ask for another.
    appointment:
      claim.approvalStatus === 'approved' && claim.appointmentAt
        ? { at: claim.appointmentAt, proposed: Boolean(claim.appointmentProposed) }
        : null,
    rescheduleHref:
      claim.approvalStatus === 'approved' && claim.appointmentAt && !claim.rescheduleRequestedAt ? reschedulePath(claim.id) : null,
    // Whom to contact when the operator chose the shop: the location assigned (the one the shop's job page names), or for
    // a claim assigned before locations were, the group with its places.
    shopContact:
      claim.approvalStatus !== 'approved' || (claim.chosenLocation && claim.preferredDate)
        ? null
        : claim.chosenLocation
          ? {
              name: claim.chosenLocation.name,
              phone: claim.chosenLocation.phone,
              places: claim.chosenLocation.address ? [{ ...claim.chosenLocation, phone: null }] : [],
            }
          : (claim.assignedShop ?? null),
    // A completed chip repair still under its guarantee offers "My repair failed" (the caller drops it when a
    // guarantee claim is already open for it).
    repairFailed: repairFailedOffer(claim, now),
  }
}

/** "My repair failed" on a completed chip repair while its guarantee lasts, or null. */
function repairFailedOffer(claim: Pick<Claim, 'id' | 'approvalStatus' | 'completedAt'> & { repairType?: Claim['repairType'] }, now: Date) {
  const repair = { approvalStatus: claim.approvalStatus, repairType: claim.repairType ?? null, completedAt: claim.completedAt }
  if (repairGuaranteeRefusal(repair, now)) return null
  return { href: repairFailedPath(claim.id), until: repairGuaranteeEnds(repair)!.toISOString() }
}

/** A policy by id, whoever owns it (callers check ownership with the domain rule). */
export function findPolicy(policyId: string) {
  return db().select().from(policies).where(eq(policies.id, policyId)).get() ?? null
}
