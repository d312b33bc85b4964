import { and, asc, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm'

import { db, preparedQuery } from '~/db/client.server'
import { type Claim, claims, partnerGroups, partnerLocations, policies } from '~/db/schema'
import { DECIDED_STATUSES } from '~/domain/claims'
import { planName, type PlanType, type VehicleType } from '~/domain/plans'
import { isOwnClaim } from '~/domain/policies'
import { locationAddress, SHOP_CONTACT_PLACES, type ShopContact } from '~/domain/shops'

/** isDecided (app/domain/claims.ts) as SQL: the claim is approved, or repaired since. */
export const decidedClaim = () => inArray(claims.approvalStatus, [...DECIDED_STATUSES])

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
  /** The group the claim went to, with its phone and its places' addresses: whom the customer contacts. */
  assignedShop: ShopContact | null
}

/** The customer's claims across all their policies, newest first (by policy ids, with the partner group's name). */
const claimsOfProfile = preparedQuery((database) =>
  database
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
    .where(eq(policies.profileId, sql.placeholder('profileId')))
    .orderBy(desc(claims.submittedAt), desc(claims.createdAt), desc(claims.id))
    .prepare(),
)

export function listClaimsForProfile(profileId: string): CustomerClaim[] {
  const rows = claimsOfProfile().all({ profileId })
  const shops = shopContacts(rows.map((row) => row.claim.assignedPartnerGroupId).filter((id): id is string => id !== null))
  return rows.map(({ claim, planType, vehicleType, hasAdas, policyNumber, ownedSince, partnerGroupName, location }) => ({
    ...claim,
    policyPlanType: planType,
    policyVehicleType: vehicleType,
    policyPlanName: planName({ planType, vehicleType, hasAdas }),
    policyNumber,
    partnerGroupName,
    previousOwner: !isOwnClaim(profileId, { ownedSince }, claim),
    chosenLocation: location
      ? {
          name: location.name,
          address: locationAddress(location),
          phone: location.phone,
        }
      : null,
    assignedShop: claim.assignedPartnerGroupId ? (shops.get(claim.assignedPartnerGroupId) ?? null) : null,
  }))
}

/** Each group's name, phone and first active places with an address (by name), in two queries whatever the count. */
export function shopContacts(groupIds: string[]): Map<string, ShopContact> {
  const contacts = new Map<string, ShopContact>()
  const ids = [...new Set(groupIds)]
  if (!ids.length) return contacts
  for (const group of db()
    .select({ id: partnerGroups.id, name: partnerGroups.name, phone: partnerGroups.phone })
    .from(partnerGroups)
    .where(inArray(partnerGroups.id, ids))
    .all())
    contacts.set(group.id, { name: group.name, phone: group.phone, places: [] })
  const places = db()
    .select()
    .from(partnerLocations)
    .where(and(inArray(partnerLocations.partnerGroupId, ids), eq(partnerLocations.isActive, true), isNotNull(partnerLocations.address)))
    .orderBy(asc(partnerLocations.name))
    .all()
  for (const place of places) {
    const contact = contacts.get(place.partnerGroupId!)
    if (!contact || contact.places.length >= SHOP_CONTACT_PLACES) continue
    contact.places.push({ name: place.name, address: locationAddress(place), phone: place.phone })
  }
  return contacts
}
