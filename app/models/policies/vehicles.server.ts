import { and, eq } from 'drizzle-orm'

import { isExcludedMake, isMakeAllowed } from '~/content/vehicles'
import { type Db, db } from '~/db/client.server'
import { type Policy, type Vehicle, vehicles } from '~/db/schema'
import { RuleError } from '~/domain/errors'
import { SETUP_MESSAGES, VEHICLE_MESSAGES, VIN_MESSAGES } from '~/domain/messages'
import type { PlanType, VehicleType } from '~/domain/plans'
import { MIN_VEHICLE_YEAR, normalizePlate } from '~/domain/vehicles'
import { checkVin, VIN_CLASS_WORDS } from '~/domain/vin'
import { decodeVin, modelsFor } from '~/services/vehicle-data.server'
import type { VehicleInput } from '~/validation/policy-setup'

/** Vehicle rules: which makes a plan may cover, and saving a policy's vehicle. */

/** Excluded (luxury/exotic) makes are refused for Comprehensive plans only; Chip Repair Only may choose them. */
export function isMakeEligible(make: string, planType: PlanType) {
  if (isExcludedMake(make)) return planType === 'chip_only'
  return isMakeAllowed(make, planType)
}

/** The columns `vehicleName` (domain/vehicles) reads, for a query that names a vehicle with its plate. */
export const vehicleNameColumns = {
  year: vehicles.year,
  make: vehicles.make,
  model: vehicles.model,
  licensePlate: vehicles.licensePlate,
  licensePlateState: vehicles.licensePlateState,
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
 * A policy's vehicle row as the customer gave it (the plate stored normalised, domain/vehicles), with the class and ADAS
 * the policy is priced for.
 */
export function vehicleValues(policy: Pick<Policy, 'vehicleType' | 'hasAdas'>, input: VehicleInput) {
  return {
    licensePlate: normalizePlate(input.licensePlate),
    licensePlateState: input.licensePlateState.toUpperCase(),
    vehicleType: policy.vehicleType,
    hasAdas: policy.hasAdas,
    year: input.year,
    make: input.make,
    model: input.model,
    vin: input.vin ?? null,
  }
}

/**
 * Creates the policy's vehicle, or updates it when the policy already has one of this customer's.
 * Runs inside the caller's transaction.
 */
export function saveVehicleForPolicy(tx: Db, policy: Policy, input: VehicleInput): Vehicle {
  if (!isMakeEligible(input.make, policy.planType)) throw RuleError.from(SETUP_MESSAGES.excludedMake, { field: 'make' })
  const values = vehicleValues(policy, input)
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

/** The plan a VIN is checked against: its type, and for Comprehensive its class (null when it has none). */
export type VinPlan = { planType: PlanType; vehicleType: VehicleType | null }

/** What a VIN fills in: year, make and model as the form's lists have them ('' where not known or not offered). */
export type VinLookup =
  | { ok: true; vin: string; values: { year: string; make: string; model: string }; models: string[] | null; decoded: boolean }
  | { ok: false; message: string }

/**
 * Looks a typed VIN up for a plan: checked (domain/vin), decoded (services/vehicle-data), then refused when the plan
 * cannot cover what it decodes to: an excluded make on Comprehensive (today's message), or a class other than the
 * plan's. A valid VIN nobody can decode is no refusal (`decoded: false`): the customer picks the vehicle.
 */
export async function lookUpVin(typed: string, plan: VinPlan, now = new Date()): Promise<VinLookup> {
  const check = checkVin(typed)
  if (!check.ok) return check
  const vin = check.vin
  const decoded = await decodeVin(vin, now)
  const empty = { year: '', make: '', model: '' }
  if (!decoded) return { ok: true, vin, values: empty, models: null, decoded: false }

  if (plan.planType === 'comprehensive') {
    if (decoded.makes.length > 0 && decoded.makes.every(isExcludedMake)) return { ok: false, message: VEHICLE_MESSAGES.excludedMake }
    if (plan.vehicleType && decoded.vehicleType && decoded.vehicleType !== plan.vehicleType) {
      return { ok: false, message: VIN_MESSAGES.classMismatch(VIN_CLASS_WORDS[decoded.vehicleType], VIN_CLASS_WORDS[plan.vehicleType]) }
    }
  }

  const year = decoded.year && decoded.year >= MIN_VEHICLE_YEAR && decoded.year <= now.getFullYear() ? decoded.year : null
  const make = decoded.make && isMakeEligible(decoded.make, plan.planType) ? decoded.make : null
  const models = year && make ? (await modelsFor(make, year)).models : null
  const wanted = decoded.model?.toLowerCase()
  const model = (wanted && models?.find((name) => name.toLowerCase() === wanted)) || ''
  return { ok: true, vin, values: { year: year ? String(year) : '', make: make ?? '', model }, models, decoded: true }
}

/** The refusal of a VIN being saved on a vehicle (the same checks as the lookup), or null when it may be saved. */
export async function vinRefusal(vin: string, plan: VinPlan): Promise<string | null> {
  const lookup = await lookUpVin(vin, plan)
  return lookup.ok ? null : lookup.message
}
