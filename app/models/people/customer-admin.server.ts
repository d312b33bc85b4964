import { and, asc, desc, eq, inArray, or } from 'drizzle-orm'

import { db, transaction } from '~/db/client.server'
import {
  auditLog,
  claimDocuments,
  claims,
  emailLog,
  ownershipTransfers,
  partnerGroups,
  policies,
  policyPhotos,
  profiles,
  stripeEvents,
  type Vehicle,
  vehicles,
} from '~/db/schema'
import { RuleError } from '~/domain/errors'
import { formatLongDate } from '~/domain/format'
import { COMMITMENT_OVER, emailNotSent, stillInCommitment } from '~/domain/messages'
import type { PlanType, VehicleType } from '~/domain/plans'
import { commitmentHolds, isInInitialTerm, needsSetup } from '~/domain/policies'
import { policyEndedByOperatorEmail } from '~/emails/policy-ended-by-operator'
import { env } from '~/env.server'
import { refundsOfPolicies } from '~/models/money/refunds.server'
import { auditEntriesWithActor, recordAudit } from '~/models/operations/audit.server'
import { sendSignInEmail } from '~/models/people/sign-in-links.server'
import { cancelPolicy, setPolicyRenewal } from '~/models/policies/cancellation.server'
import { sendFinishSetupEmail } from '~/models/policies/fulfilment.server'
import { policyPlanName } from '~/models/policies/policies.server'
import { sendEmail } from '~/services/email.server'
import { notFound } from '~/utils/refusal'
import type { VehicleInput } from '~/validation/policy-setup'

/**
 * One customer as the operator sees them (/admin/customers/:id), and what the operator does for them: resend the
 * setup or sign-in e-mail, cancel a policy at their request, correct a vehicle. Every action is audited with the
 * operator as its actor.
 */

const RECENT = 50

export function customerForOperator(profileId: string) {
  const profile = db().select().from(profiles).where(eq(profiles.id, profileId)).get()
  if (!profile) return null
  const owned = db().select().from(policies).where(eq(policies.profileId, profileId)).orderBy(desc(policies.createdAt)).all()
  const policyIds = owned.map((policy) => policy.id)
  const ownVehicles = db().select().from(vehicles).where(eq(vehicles.profileId, profileId)).orderBy(desc(vehicles.createdAt)).all()
  const photos = policyIds.length
    ? db()
        .select()
        .from(policyPhotos)
        .where(inArray(policyPhotos.policyId, policyIds))
        .orderBy(asc(policyPhotos.photoType), asc(policyPhotos.position))
        .all()
    : []
  const ownClaims = policyIds.length
    ? db()
        .select({ claim: claims, partnerGroup: partnerGroups.name })
        .from(claims)
        .leftJoin(partnerGroups, eq(partnerGroups.id, claims.assignedPartnerGroupId))
        .where(inArray(claims.policyId, policyIds))
        .orderBy(desc(claims.submittedAt))
        .all()
    : []
  const claimIds = ownClaims.map((row) => row.claim.id)
  // The offers to pass each policy to a vehicle's next owner: by its seller (this customer, or the owner before them).
  const offers = policyIds.length
    ? db()
        .select({ offer: ownershipTransfers, sellerEmail: profiles.email })
        .from(ownershipTransfers)
        .innerJoin(profiles, eq(profiles.id, ownershipTransfers.sellerProfileId))
        .where(inArray(ownershipTransfers.policyId, policyIds))
        .orderBy(desc(ownershipTransfers.createdAt))
        .all()
    : []
  const documents = claimIds.length
    ? db().select().from(claimDocuments).where(inArray(claimDocuments.claimId, claimIds)).orderBy(asc(claimDocuments.createdAt)).all()
    : []
  const emails = db()
    .select()
    .from(emailLog)
    .where(eq(emailLog.profileId, profile.id))
    .orderBy(desc(emailLog.createdAt))
    .limit(RECENT)
    .all()
  const stripeIds = [
    profile.stripeCustomerId,
    ...owned.flatMap((policy) => [policy.stripeSubscriptionId, policy.stripeCheckoutSessionId, policy.stripeCustomerId]),
  ].filter((id): id is string => Boolean(id))
  const payments = stripeIds.length
    ? db()
        .select()
        .from(stripeEvents)
        .where(inArray(stripeEvents.objectId, [...new Set(stripeIds)]))
        .orderBy(desc(stripeEvents.processedAt))
        .limit(RECENT)
        .all()
    : []
  const records = (type: string, ids: string[]) =>
    ids.length ? and(eq(auditLog.entityType, type), inArray(auditLog.entityId, ids)) : undefined
  const trail = auditEntriesWithActor()
    .where(
      or(
        eq(auditLog.actor, profileId),
        records('profile', [profileId]),
        records('policy', policyIds),
        records('claim', claimIds),
        records(
          'vehicle',
          ownVehicles.map((vehicle) => vehicle.id),
        ),
      ),
    )
    .orderBy(desc(auditLog.id))
    .limit(RECENT)
    .all()
  return {
    profile,
    refunds: refundsOfPolicies(policyIds),
    policies: owned.map((policy) => ({
      ...policy,
      vehicle: ownVehicles.find((vehicle) => vehicle.id === policy.vehicleId) ?? null,
      photos: photos.filter((photo) => photo.policyId === policy.id),
      offers: offers
        .filter((row) => row.offer.policyId === policy.id)
        .map(({ offer, sellerEmail }) => ({ ...offer, sellerEmail, fromThisCustomer: offer.sellerProfileId === profileId })),
    })),
    vehicles: ownVehicles.map((vehicle) => ({
      ...vehicle,
      policyIds: owned.filter((policy) => policy.vehicleId === vehicle.id).map((policy) => policy.id),
    })),
    claims: ownClaims.map(({ claim, partnerGroup }) => ({
      ...claim,
      partnerGroup,
      documents: documents.filter((doc) => doc.claimId === claim.id),
    })),
    emails,
    payments,
    trail,
  }
}

function ownedPolicy(profileId: string, policyId: string) {
  const policy = db()
    .select()
    .from(policies)
    .where(and(eq(policies.id, policyId), eq(policies.profileId, profileId)))
    .get()
  if (!policy) notFound()
  return policy
}

/**
 * Sends the customer the e-mail that gets them going: the finish-setup e-mail while a policy waits for its photos and
 * vehicle, a sign-in link otherwise. Returns what was sent.
 */
export async function resendCustomerEmail(input: { profileId: string; policyId?: string; actorId: string }) {
  const profile = db().select().from(profiles).where(eq(profiles.id, input.profileId)).get()
  if (!profile) notFound()
  const policy = input.policyId ? ownedPolicy(profile.id, input.policyId) : null
  const kind = policy && needsSetup(policy) ? ('finish-setup' as const) : ('sign-in' as const)
  const sent = kind === 'finish-setup' ? await sendFinishSetupEmail(profile, policy!) : (await sendSignInEmail(profile.email)) !== null
  recordAudit(db(), {
    actor: input.actorId,
    action: 'profile.email_resent',
    entityId: profile.id,
    detail: { kind, policyId: policy?.id ?? null, sent },
  })
  if (!sent) throw RuleError.from(emailNotSent(kind), { status: 502 })
  return { kind, to: profile.email }
}

/**
 * Ends a policy at the customer's request, through the payments adapter (so Stripe stops too): now when the
 * commitment does not bind (over, or the customer's state does not let it bind — then with the refund the state
 * gives back), or at its end while it binds (renewal off). The customer gets an e-mail saying so.
 */
export async function cancelOnBehalf(
  input: { profileId: string; policyId: string; when: 'now' | 'end_of_commitment'; reason: string; actorId: string },
  now = new Date(),
) {
  const policy = ownedPolicy(input.profileId, input.policyId)
  const by = { actorId: input.actorId, reason: input.reason }
  if (input.when === 'now' && commitmentHolds(policy, now)) {
    throw RuleError.from(stillInCommitment(formatLongDate(policy.initialTermEndsAt, '')), { field: 'when', status: 409 })
  }
  if (input.when === 'end_of_commitment' && !isInInitialTerm(policy, now)) {
    throw RuleError.from(COMMITMENT_OVER, { field: 'when', status: 409 })
  }
  const { policy: updated, refund } =
    input.when === 'now'
      ? await cancelPolicy(input.profileId, policy.id, now, by)
      : { policy: await setPolicyRenewal(input.profileId, policy.id, false, now, by), refund: null }
  const profile = db().select().from(profiles).where(eq(profiles.id, input.profileId)).get()!
  await sendEmail({
    to: profile.email,
    ...(await policyEndedByOperatorEmail({
      planName: policyPlanName(policy),
      ends: input.when === 'now' ? { now: true } : { now: false, on: formatLongDate(policy.initialTermEndsAt, '') },
      reason: input.reason,
      dashboardUrl: `${env().APP_URL}/customer`,
      supportEmail: env().SUPPORT_EMAIL,
    })),
    tag: 'policy-ended-by-operator',
  })
  return { policy: updated, refund }
}

/** Corrects a vehicle's details (what the customer typed wrong), keeping the old values in the audit entry. */
export function correctVehicle(input: {
  profileId: string
  vehicleId: string
  values: Omit<VehicleInput, 'intent'>
  reason: string
  actorId: string
}) {
  return transaction((tx) => {
    const before = tx
      .select()
      .from(vehicles)
      .where(and(eq(vehicles.id, input.vehicleId), eq(vehicles.profileId, input.profileId)))
      .get()
    if (!before) notFound()
    const after = tx
      .update(vehicles)
      .set({
        licensePlate: input.values.licensePlate,
        licensePlateState: input.values.licensePlateState,
        year: input.values.year,
        make: input.values.make,
        model: input.values.model,
        vin: input.values.vin ?? null,
      })
      .where(eq(vehicles.id, before.id))
      .returning()
      .get()
    const changed = (['licensePlate', 'licensePlateState', 'year', 'make', 'model', 'vin'] as const).filter(
      (key) => before[key] !== after[key],
    )
    recordAudit(tx, {
      actor: input.actorId,
      action: 'vehicle.corrected',
      entityId: before.id,
      detail: {
        reason: input.reason,
        before: Object.fromEntries(changed.map((key) => [key, before[key]])),
        after: Object.fromEntries(changed.map((key) => [key, after[key]])),
      },
    })
    return after satisfies Vehicle
  })
}

/** The plan whose rules a vehicle must meet: the plan (type and class) of the policy that covers it. */
export function planOfVehicle(vehicleId: string): { planType: PlanType; vehicleType: VehicleType | null } {
  return (
    db()
      .select({ planType: policies.planType, vehicleType: policies.vehicleType })
      .from(policies)
      .where(eq(policies.vehicleId, vehicleId))
      .get() ?? { planType: 'chip_only', vehicleType: null }
  )
}
