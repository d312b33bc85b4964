import { and, eq, isNull } from 'drizzle-orm'

import { VEHICLE_TYPE_NAMES } from '~/content/marketing'
import { transaction } from '~/db/client.server'
import { auditLog, policies, type Policy, type Profile, type Vehicle, vehicles } from '~/db/schema'
import { RuleError } from '~/domain/errors'
import { POLICY_NOT_FOUND } from '~/domain/messages'
import { planName } from '~/domain/plans'
import { transferRefusal } from '~/domain/policies'
import { REQUIRED_PHOTO_TYPES } from '~/domain/uploads'
import { normalizePlate } from '~/domain/vehicles'
import { planTransferredEmail } from '~/emails/plan-transferred'
import { env } from '~/env.server'
import { sendEmail } from '~/services/email.server'
import { PHOTO_MESSAGES, type TransferVehicleInput, VEHICLE_MESSAGES } from '~/validation/policy-setup'

import { getPolicyForProfile } from './policies.server'
import { photoSlots } from './policy-setup.server'
import { describeVehicle, isMakeEligible, vehicleById } from './vehicles.server'

/**
 * Moving a plan to a replacement vehicle (terms "Transferring your plan to a replacement vehicle"; issue 10 item 2):
 * once per plan, an active plan, a vehicle that meets the same eligibility rules and the plan's class and ADAS, and
 * three new windshield photos. The photos are drafts (photo generation 1) until the vehicle step moves the policy, so a
 * transfer that fails anywhere leaves the policy on its old vehicle.
 */

export const TRANSFER_MESSAGES = {
  alreadyUsed: {
    title: 'Transfer already used',
    description: 'This plan has already been moved to a replacement vehicle once, and the terms allow one transfer per plan.',
  },
  notActive: {
    title: 'Transfer not available',
    description: 'A plan can move to a replacement vehicle once it is active and set up with its photos.',
  },
  photosFirst: 'Please upload the three windshield photos of your new vehicle first.',
  sameVehicle: 'This is the vehicle your plan already covers. Enter the plate of your new vehicle.',
  success: (vehicle: string) => ({ title: 'Plan transferred', description: `Your plan now covers your ${vehicle}.` }),
} as const

function classMismatch(plan: Pick<Policy, 'vehicleType'>) {
  const planClass = VEHICLE_TYPE_NAMES[plan.vehicleType ?? 'car']
  const other = plan.vehicleType === 'trucksuv' ? VEHICLE_TYPE_NAMES.car : VEHICLE_TYPE_NAMES.trucksuv
  return `Your plan is priced for a ${planClass}, so it can only move to a ${planClass}. For a ${other}, keep this plan on your current vehicle or choose the ${other} plan when you sign up for a new one.`
}

function adasMismatch(plan: Pick<Policy, 'hasAdas'>) {
  return plan.hasAdas
    ? 'Your plan is priced for a vehicle with ADAS, so it can only move to a vehicle with ADAS. To move it to one without, write to us and we will change the plan and its price.'
    : 'Your plan is priced for a vehicle without ADAS and does not cover the recalibration ADAS needs after a replacement, so it can only move to a vehicle without ADAS. For a vehicle with ADAS, choose a plan with ADAS.'
}

/** The customer's policy for the transfer pages, or a RuleError: 404 for another's or an unknown one, 409 when refused. */
export function policyForTransfer(profileId: string, policyId: string): Policy & { vehicle: Vehicle | null } {
  const policy = getPolicyForProfile(profileId, policyId)
  if (!policy) throw new RuleError('form', POLICY_NOT_FOUND.description, POLICY_NOT_FOUND.title, 404)
  const refusal = transferRefusal(policy)
  if (refusal === 'already_used')
    throw new RuleError('form', TRANSFER_MESSAGES.alreadyUsed.description, TRANSFER_MESSAGES.alreadyUsed.title, 409)
  if (refusal === 'not_active') throw new RuleError('form', TRANSFER_MESSAGES.notActive.description, TRANSFER_MESSAGES.notActive.title, 409)
  return policy
}

/**
 * Moves the policy to the new vehicle: a new vehicle row (the old one stays, with its claims), the policy's vehicle
 * and `transfer_used_at` in one transaction with the audit entry; the confirmation e-mail after the commit. A second
 * transfer racing this one finds `transfer_used_at` set and is refused.
 */
export async function completeTransfer(profile: Profile, policyId: string, input: TransferVehicleInput, now = new Date()) {
  const policy = policyForTransfer(profile.id, policyId)
  const slots = photoSlots(policy.id, 1)
  if (REQUIRED_PHOTO_TYPES.some((type) => !slots.required[type])) {
    throw new RuleError('form', TRANSFER_MESSAGES.photosFirst, PHOTO_MESSAGES.uploadFailed)
  }
  if (!isMakeEligible(input.make, policy.planType)) throw new RuleError('make', VEHICLE_MESSAGES.excludedMake, VEHICLE_MESSAGES.saveFailed)
  if (policy.planType === 'comprehensive') {
    if (input.vehicleType !== policy.vehicleType)
      throw new RuleError('vehicleType', classMismatch(policy), 'This vehicle needs another plan')
    if (input.hasAdas !== Boolean(policy.hasAdas)) throw new RuleError('hasAdas', adasMismatch(policy), 'This vehicle needs another plan')
  }
  const oldVehicle = vehicleById(policy.vehicleId, profile.id)
  const plate = normalizePlate(input.licensePlate)
  if (oldVehicle && oldVehicle.licensePlate === plate && oldVehicle.licensePlateState === input.licensePlateState) {
    throw new RuleError('licensePlate', TRANSFER_MESSAGES.sameVehicle, 'Same vehicle')
  }

  const outcome = transaction((tx) => {
    const vehicle = tx
      .insert(vehicles)
      .values({
        profileId: profile.id,
        licensePlate: plate,
        licensePlateState: input.licensePlateState,
        vehicleType: policy.vehicleType,
        hasAdas: policy.hasAdas,
        year: input.year,
        make: input.make,
        model: input.model,
      })
      .returning()
      .get()
    const moved = tx
      .update(policies)
      .set({ vehicleId: vehicle.id, transferUsedAt: now.toISOString(), updatedAt: now.toISOString() })
      .where(and(eq(policies.id, policy.id), eq(policies.profileId, profile.id), isNull(policies.transferUsedAt)))
      .returning()
      .get()
    // Rolls the new vehicle back too: a transfer of this plan finished meanwhile.
    if (!moved) throw new RuleError('form', TRANSFER_MESSAGES.alreadyUsed.description, TRANSFER_MESSAGES.alreadyUsed.title, 409)
    tx.insert(auditLog)
      .values({
        actor: profile.id,
        action: 'policy.transferred',
        entityType: 'policy',
        entityId: policy.id,
        detail: { fromVehicleId: policy.vehicleId, toVehicleId: vehicle.id },
      })
      .run()
    return { policy: moved, vehicle }
  })

  const config = env()
  const email = planTransferredEmail({
    planName: planName(policy),
    policyId: policy.id,
    newVehicle: describeVehicle(outcome.vehicle),
    oldVehicle: oldVehicle ? describeVehicle(oldVehicle) : 'previous vehicle',
    dashboardUrl: `${config.APP_URL}/customer`,
    supportEmail: config.SUPPORT_EMAIL,
  })
  await sendEmail({ to: profile.email, ...email, tag: 'plan-transferred' })
  return outcome
}
