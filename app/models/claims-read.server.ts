import { desc, eq } from 'drizzle-orm'

import { db } from '~/db/client.server'
import { type Claim, claims, partnerGroups, policies } from '~/db/schema'
import { planName, type PlanType, type VehicleType } from '~/domain/plans'
import { isPreviousOwnersClaim } from '~/domain/policies'

/** A claim as its owner sees it: the claim, the plan of its policy and the partner group it went to. */
export type CustomerClaim = Claim & {
  policyPlanType: PlanType
  policyVehicleType: VehicleType | null
  /** 'Comprehensive — Car', ... */
  policyPlanName: string
  partnerGroupName: string | null
  /** Filed by the policy's previous owner, before it passed to this customer: only its code and status may show. */
  previousOwner: boolean
}

/** The customer's claims across all their policies, newest first (by policy ids, with the partner group's name). */
export function listClaimsForProfile(profileId: string): CustomerClaim[] {
  return db()
    .select({
      claim: claims,
      planType: policies.planType,
      vehicleType: policies.vehicleType,
      hasAdas: policies.hasAdas,
      ownedSince: policies.ownedSince,
      partnerGroupName: partnerGroups.name,
    })
    .from(claims)
    .innerJoin(policies, eq(policies.id, claims.policyId))
    .leftJoin(partnerGroups, eq(partnerGroups.id, claims.assignedPartnerGroupId))
    .where(eq(policies.profileId, profileId))
    .orderBy(desc(claims.submittedAt), desc(claims.createdAt), desc(claims.id))
    .all()
    .map(({ claim, planType, vehicleType, hasAdas, ownedSince, partnerGroupName }) => ({
      ...claim,
      policyPlanType: planType,
      policyVehicleType: vehicleType,
      policyPlanName: planName({ planType, vehicleType, hasAdas }),
      partnerGroupName,
      previousOwner: isPreviousOwnersClaim({ ownedSince }, claim),
    }))
}
