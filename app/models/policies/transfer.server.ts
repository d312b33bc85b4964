import { and, eq, isNull } from 'drizzle-orm'

import { VEHICLE_TYPE_NAMES } from '~/content/marketing'
import { transaction } from '~/db/client.server'
import { policies, type Policy, type Profile, type Vehicle, vehicles } from '~/db/schema'
import { RuleError } from '~/domain/errors'
import { SETUP_MESSAGES, TRANSFER_MESSAGES } from '~/domain/messages'
import { policyEmailNames } from '~/domain/plans'
import { transferRefusal } from '~/domain/policies'
import { REQUIRED_PHOTO_TYPES } from '~/domain/uploads'
import { normalizePlate, vehicleName } from '~/domain/vehicles'
import { planTransferredEmail } from '~/emails/plan-transferred'
import { env } from '~/env.server'
import { recordAudit } from '~/models/operations/audit.server'
import { getPolicyForProfile } from '~/models/policies/policies.server'
import { photoSlots } from '~/models/policies/policy-setup.server'
import { isMakeEligible, vehicleById, vehicleValues } from '~/models/policies/vehicles.server'
import { sendEmail } from '~/services/email.server'
import { notFound } from '~/utils/refusal'
import type { TransferVehicleInput } from '~/validation/policy-setup'

/**
 * Moving a plan to a replacement vehicle (terms "Transferring your plan to a replacement vehicle"):
 * once per plan, an active plan, a vehicle that meets the same eligibility rules and the plan's class and ADAS, and
 * three new windshield photos. The photos are drafts (photo generation 1) until the vehicle step moves the policy, so a
 * transfer that fails anywhere leaves the policy on its old vehicle.
 */

function classMismatch(plan: Pick<Policy, 'vehicleType'>) {
  const planClass = VEHICLE_TYPE_NAMES[plan.vehicleType ?? 'car']
  const other = plan.vehicleType === 'trucksuv' ? VEHICLE_TYPE_NAMES.car : VEHICLE_TYPE_NAMES.trucksuv
  return TRANSFER_MESSAGES.classMismatch(planClass, other)
}

/** The customer's policy for the transfer pages: notFound() for another's or an unknown one, a RuleError (409) when refused. */
export function policyForTransfer(profileId: string, policyId: string): Policy & { vehicle: Vehicle | null } {
  const policy = getPolicyForProfile(profileId, policyId)
  if (!policy) notFound()
  const refusal = transferRefusal(policy)
  if (refusal === 'already_used') throw RuleError.from(TRANSFER_MESSAGES.alreadyUsed, { status: 409 })
  if (refusal === 'not_active') throw RuleError.from(TRANSFER_MESSAGES.notActive, { status: 409 })
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
    throw RuleError.from(TRANSFER_MESSAGES.photosFirst)
  }
  if (!isMakeEligible(input.make, policy.planType)) throw RuleError.from(SETUP_MESSAGES.excludedMake, { field: 'make' })
  if (policy.planType === 'comprehensive') {
    if (input.vehicleType !== policy.vehicleType) throw RuleError.from(classMismatch(policy), { field: 'vehicleType' })
    if (input.hasAdas !== Boolean(policy.hasAdas))
      throw RuleError.from(TRANSFER_MESSAGES.adasMismatch(Boolean(policy.hasAdas)), { field: 'hasAdas' })
  }
  const oldVehicle = vehicleById(policy.vehicleId, profile.id)
  const plate = normalizePlate(input.licensePlate)
  if (oldVehicle && oldVehicle.licensePlate === plate && oldVehicle.licensePlateState === input.licensePlateState) {
    throw RuleError.from(TRANSFER_MESSAGES.sameVehicle, { field: 'licensePlate' })
  }
  // The same VIN is the same vehicle, whatever plate it carries now.
  if (oldVehicle?.vin && input.vin && oldVehicle.vin === input.vin) throw RuleError.from(TRANSFER_MESSAGES.sameVehicle, { field: 'vin' })

  const outcome = transaction((tx) => {
    const vehicle = tx
      .insert(vehicles)
      .values({ profileId: profile.id, ...vehicleValues(policy, input) })
      .returning()
      .get()
    const moved = tx
      .update(policies)
      .set({ vehicleId: vehicle.id, transferUsedAt: now.toISOString(), updatedAt: now.toISOString() })
      .where(and(eq(policies.id, policy.id), eq(policies.profileId, profile.id), isNull(policies.transferUsedAt)))
      .returning()
      .get()
    // Rolls the new vehicle back too: a transfer of this plan finished meanwhile.
    if (!moved) throw RuleError.from(TRANSFER_MESSAGES.alreadyUsed, { status: 409 })
    recordAudit(tx, {
      actor: profile.id,
      action: 'policy.transferred',
      entityId: policy.id,
      detail: { fromVehicleId: policy.vehicleId, toVehicleId: vehicle.id },
    })
    return { policy: moved, vehicle }
  })

  const config = env()
  const email = await planTransferredEmail({
    ...policyEmailNames(policy),
    newVehicle: vehicleName(outcome.vehicle, { withPlate: true }),
    oldVehicle: oldVehicle ? vehicleName(oldVehicle, { withPlate: true }) : 'previous vehicle',
    dashboardUrl: `${config.APP_URL}/customer`,
    supportEmail: config.SUPPORT_EMAIL,
  })
  await sendEmail({ to: profile.email, ...email, tag: 'plan-transferred' })
  return outcome
}
