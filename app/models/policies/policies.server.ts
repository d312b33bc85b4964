import { and, desc, eq, sql } from 'drizzle-orm'

import { type Db, db, preparedQuery } from '~/db/client.server'
import { policies, type Policy, profiles, type Vehicle, vehicles } from '~/db/schema'
import { customerZone } from '~/domain/calendar'
import { planName } from '~/domain/plans'
import { generatePolicyNumber } from '~/domain/policies'
import { zipPlace, zoneOfZip } from '~/services/zip-centroids.server'

/**
 * A policy with the vehicle it covers (null until setup saves one) and the zone its contract days are counted in (the
 * free look, the commitment: `customerZone`).
 */
export type PolicyWithVehicle = Policy & { vehicle: Vehicle | null; timeZone: string }

/** The customer's ZIP as `customerZone` reads it: its state and zone (null without a ZIP the table knows). */
const zipOfProfileQuery = preparedQuery((database) =>
  database
    .select({ zip: profiles.zip })
    .from(profiles)
    .where(eq(profiles.id, sql.placeholder('profileId')))
    .prepare(),
)

function zipOfProfile(profileId: string) {
  const zip = zipOfProfileQuery().get({ profileId })?.zip
  const place = zipPlace(zip)
  return place ? { state: place.state, zone: zoneOfZip(zip) } : null
}

/** The zone a customer's policy counts its days in: their ZIP's when it lies in the policy's state, else the state's. */
export function zoneOfCustomerPolicy(policy: Pick<Policy, 'profileId' | 'governingState'>): string {
  return customerZone(policy.governingState, zipOfProfile(policy.profileId))
}

const policiesOfProfile = preparedQuery((database) =>
  database
    .select({ policy: policies, vehicle: vehicles })
    .from(policies)
    .leftJoin(vehicles, eq(vehicles.id, policies.vehicleId))
    .where(eq(policies.profileId, sql.placeholder('profileId')))
    .orderBy(desc(policies.createdAt), desc(policies.id))
    .prepare(),
)

/** The customer's policies, newest first. */
export function listPoliciesForProfile(profileId: string): PolicyWithVehicle[] {
  const rows = policiesOfProfile().all({ profileId })
  const zip = rows.length ? zipOfProfile(profileId) : null
  return rows.map(({ policy, vehicle }) => ({ ...policy, vehicle, timeZone: customerZone(policy.governingState, zip) }))
}

/** Whether the account holds any policy, in any status (the header's customer links are for such accounts). */
export function hasPolicies(profileId: string): boolean {
  return db().select({ id: policies.id }).from(policies).where(eq(policies.profileId, profileId)).limit(1).get() !== undefined
}

const policyOfProfile = preparedQuery((database) =>
  database
    .select({ policy: policies, vehicle: vehicles })
    .from(policies)
    .leftJoin(vehicles, eq(vehicles.id, policies.vehicleId))
    .where(and(eq(policies.id, sql.placeholder('policyId')), eq(policies.profileId, sql.placeholder('profileId'))))
    .prepare(),
)

/** One of the customer's policies; another customer's policy is null, exactly like a missing one (callers answer 404). */
export function getPolicyForProfile(profileId: string, policyId: string): PolicyWithVehicle | null {
  const row = policyOfProfile().get({ policyId, profileId })
  return row ? { ...row.policy, vehicle: row.vehicle, timeZone: zoneOfCustomerPolicy(row.policy) } : null
}

/** 'Chip Repair Only', 'Comprehensive — Car', 'Comprehensive — Car + ADAS', ... */
/** A policy with its owner's e-mail address, for a notice about it (null when either is gone). */
export function policyWithOwnerEmail(database: Db, policyId: string) {
  return (
    database
      .select({ policy: policies, email: profiles.email })
      .from(policies)
      .innerJoin(profiles, eq(profiles.id, policies.profileId))
      .where(eq(policies.id, policyId))
      .get() ?? null
  )
}

export function policyPlanName(policy: Pick<Policy, 'planType' | 'vehicleType' | 'hasAdas'>) {
  return planName(policy)
}

/** A policy number no policy has yet, read inside the transaction that writes it (the unique index is the last word). */
export function unusedPolicyNumber(database: Db) {
  for (let attempt = 0; attempt < 20; attempt++) {
    const number = generatePolicyNumber()
    const taken = database.select({ id: policies.id }).from(policies).where(eq(policies.policyNumber, number)).get()
    if (!taken) return number
  }
  // 31^6 ≈ 887 million numbers: twenty collisions in a row means something else is wrong.
  throw new Error('Could not find an unused policy number')
}
