import { desc, eq } from 'drizzle-orm'

import { db } from '~/db/client.server'
import { type Claim, claims, partnerGroups, partnerLocations, policies } from '~/db/schema'
import { planName, type PlanType, type VehicleType } from '~/domain/plans'
import { isPreviousOwnersClaim } from '~/domain/policies'

/** A claim as its owner sees it: the claim, the plan of its policy and the partner group it went to. */
export type CustomerClaim = Claim & {
  policyPlanType: PlanType
  policyVehicleType: VehicleType | null
  /** 'Comprehensive — Car', ... */
  policyPlanName: string
  /** The policy's number as the customer reads it (GP-…). */
  policyNumber: string
  partnerGroupName: string | null
  /** Filed by the policy's previous owner, before it passed to this customer: only its code and status may show. */
  previousOwner: boolean
  /** The location the customer chose, as the card shows it. */
  chosenLocation: { name: string; address: string; phone: string | null } | null
}

/** The customer's claims across all their policies, newest first (by policy ids, with the partner group's name). */
export function listClaimsForProfile(profileId: string): CustomerClaim[] {
  return db()
    .select({
      claim: claims,
      planType: policies.planType,
      vehicleType: policies.vehicleType,
      hasAdas: policies.hasAdas,
      policyNumber: policies.policyNumber,
      ownedSince: policies.ownedSince,
      partnerGroupName: partnerGroups.name,
      location: partnerLocations,
    })
    .from(claims)
    .innerJoin(policies, eq(policies.id, claims.policyId))
    .leftJoin(partnerGroups, eq(partnerGroups.id, claims.assignedPartnerGroupId))
    .leftJoin(partnerLocations, eq(partnerLocations.id, claims.chosenLocationId))
    .where(eq(policies.profileId, profileId))
    .orderBy(desc(claims.submittedAt), desc(claims.createdAt), desc(claims.id))
    .all()
    .map(({ claim, planType, vehicleType, hasAdas, policyNumber, ownedSince, partnerGroupName, location }) => ({
      ...claim,
      policyPlanType: planType,
      policyVehicleType: vehicleType,
      policyPlanName: planName({ planType, vehicleType, hasAdas }),
      policyNumber,
      partnerGroupName,
      previousOwner: isPreviousOwnersClaim({ ownedSince }, claim),
      chosenLocation: location
        ? {
            name: location.name,
            address: [location.address, location.city, [location.state, location.zip].filter(Boolean).join(' ')].filter(Boolean).join(', '),
            phone: location.phone,
          }
        : null,
    }))
}
