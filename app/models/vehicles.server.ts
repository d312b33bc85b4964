import { and, eq } from 'drizzle-orm'

import { isExcludedMake, isMakeAllowed } from '~/content/vehicles'
import { type Db, db } from '~/db/client.server'
import { type Policy, type Vehicle, vehicles } from '~/db/schema'
import { RuleError } from '~/domain/errors'
import { SETUP_MESSAGES } from '~/domain/messages'
import type { PlanType } from '~/domain/plans'
import { normalizePlate } from '~/domain/vehicles'
import type { VehicleInput } from '~/validation/policy-setup'

/** Vehicle rules: which makes a plan may cover, and saving a policy's vehicle. */

/** Excluded (luxury/exotic) makes are refused for Comprehensive plans only; Chip Repair Only may choose them. */
export function isMakeEligible(make: string, planType: PlanType) {
  if (isExcludedMake(make)) return planType === 'chip_only'
  return isMakeAllowed(make, planType)
}

export function vehicleById(id: string | null | undefined, profileId: string): Vehicle | null {
  if (!id) return null
  return (
    db()
      .select()
      .from(vehicles)
      .where(and(eq(vehicles.id, id), eq(vehicles.profileId, profileId)))
      .get() ?? null
  )
}

/**
 * Creates the policy's vehicle, or updates it when the policy already has one of this customer's.
 * Runs inside the caller's transaction. The plate is stored normalised (domain/vehicles).
 */
export function saveVehicleForPolicy(tx: Db, policy: Policy, input: VehicleInput): Vehicle {
  if (!isMakeEligible(input.make, policy.planType)) throw RuleError.from(SETUP_MESSAGES.excludedMake, { field: 'make' })
  const values = {
    licensePlate: normalizePlate(input.licensePlate),
    licensePlateState: input.licensePlateState.toUpperCase(),
    vehicleType: policy.vehicleType,
    hasAdas: policy.hasAdas,
    year: input.year,
    make: input.make,
    model: input.model,
  }
  const existing = policy.vehicleId
    ? tx
        .select({ id: vehicles.id })
        .from(vehicles)
        .where(and(eq(vehicles.id, policy.vehicleId), eq(vehicles.profileId, policy.profileId)))
        .get()
    : undefined
  if (existing) {
    return tx.update(vehicles).set(values).where(eq(vehicles.id, existing.id)).returning().get()
  }
  return tx
    .insert(vehicles)
    .values({ profileId: policy.profileId, ...values })
    .returning()
    .get()
}

/** '2019 Toyota Camry (UT ABC123)'. */
export function describeVehicle(vehicle: Pick<Vehicle, 'year' | 'make' | 'model' | 'licensePlate' | 'licensePlateState'>) {
  return `${vehicle.year} ${vehicle.make} ${vehicle.model} (${vehicle.licensePlateState} ${vehicle.licensePlate})`
}
