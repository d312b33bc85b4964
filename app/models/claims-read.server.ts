import { desc, eq } from 'drizzle-orm'

import { db } from '~/db/client.server'
import { type Claim, claims, partnerGroups, policies } from '~/db/schema'
import { planName, type PlanType, type VehicleType } from '~/domain/plans'

/** A claim as its owner sees it: the claim, the plan of its policy and the partner group it went to. */
export type CustomerClaim = Claim & {
  policyPlanType: PlanType
  policyVehicleType: VehicleType | null
  /** 'Comprehensive — Car', ... */
  policyPlanName: string
  partnerGroupName: string | null
}

/** The customer's claims across all their policies, newest first (by policy ids, with the partner group's name). */
export function listClaimsForProfile(profileId: string): CustomerClaim[] {
  return db()
    .select({
      claim: claims,
      planType: policies.planType,
      vehicleType: policies.vehicleType,
      hasAdas: policies.hasAdas,
      partnerGroupName: partnerGroups.name,
    })
    .from(claims)
    .innerJoin(policies, eq(policies.id, claims.policyId))
    .leftJoin(partnerGroups, eq(partnerGroups.id, claims.assignedPartnerGroupId))
    .where(eq(policies.profileId, profileId))
    .orderBy(desc(claims.submittedAt), desc(claims.createdAt), desc(claims.id))
    .all()
    .map(({ claim, planType, vehicleType, hasAdas, partnerGroupName }) => ({
      ...claim,
      policyPlanType: planType,
      policyVehicleType: vehicleType,
      policyPlanName: planName({ planType, vehicleType, hasAdas }),
      partnerGroupName,
    }))
}
