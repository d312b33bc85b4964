import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm'

import { db } from '~/db/client.server'
import { calibrationProofs, claimDocuments, claims, partnerGroups, partnerLocations, policies, policyPhotos, vehicles } from '~/db/schema'
import { CALIBRATION_FILE_TYPES, calibrationProofGaps } from '~/domain/calibration'
import { notFound } from '~/utils/refusal'

/**
 * The glass record of a vehicle (docs/decisions/072-calibration-proof-and-glass-record.md): its setup photos and the
 * work done on its glass, claim by claim (the damage zone, the shop, the part fitted, the calibration and its
 * certificate). It holds no personal data — no names, e-mails, addresses, no description or photo a customer sent — so
 * it passes with the vehicle to its next owner whole: the previous owner's claims read the same as their own.
 */
export function glassRecord(profileId: string, vehicleId: string) {
  const vehicle = db()
    .select()
    .from(vehicles)
    .where(and(eq(vehicles.id, vehicleId), eq(vehicles.profileId, profileId)))
    .get()
  if (!vehicle) notFound()
  // The policy that covers the vehicle now (the newest, should an ended one have covered it before).
  const policy = db()
    .select({ id: policies.id, policyNumber: policies.policyNumber, transferUsedAt: policies.transferUsedAt })
    .from(policies)
    .where(and(eq(policies.vehicleId, vehicle.id), eq(policies.profileId, profileId)))
    .orderBy(desc(policies.createdAt))
    .get()
  // The photos that show this vehicle at setup: the plan's transfer to a replacement vehicle took its own (generation 1).
  const photos = policy
    ? db()
        .select({
          id: policyPhotos.id,
          photoType: policyPhotos.photoType,
          filePath: policyPhotos.filePath,
          thumbPath: policyPhotos.thumbPath,
        })
        .from(policyPhotos)
        .where(and(eq(policyPhotos.policyId, policy.id), eq(policyPhotos.generation, policy.transferUsedAt ? 1 : 0)))
        .orderBy(asc(policyPhotos.photoType), asc(policyPhotos.position))
        .all()
    : []

  const work = db()
    .select({
      id: claims.id,
      code: claims.confirmationCode,
      completedAt: claims.completedAt,
      damageType: claims.damageType,
      damageZone: claims.damageZone,
      repairType: claims.repairType,
      partNumber: claims.partNumber,
      adasCalibration: claims.adasCalibration,
      groupName: partnerGroups.name,
      locationName: partnerLocations.name,
    })
    .from(claims)
    .innerJoin(policies, eq(policies.id, claims.policyId))
    .leftJoin(partnerGroups, eq(partnerGroups.id, claims.assignedPartnerGroupId))
    .leftJoin(partnerLocations, eq(partnerLocations.id, claims.chosenLocationId))
    // The claim's own vehicle: a transfer after filing leaves the claim on the vehicle it was filed for. Read through
    // the owner's policies (their index, then the claims' by policy), never a pass over all claims.
    .where(
      and(
        eq(policies.profileId, profileId),
        eq(sql`coalesce(${claims.vehicleId}, ${policies.vehicleId})`, vehicle.id),
        eq(claims.approvalStatus, 'completed'),
      ),
    )
    .orderBy(asc(claims.completedAt))
    .all()

  const ids = work.map((entry) => entry.id)
  const proofs = new Map(
    (ids.length ? db().select().from(calibrationProofs).where(inArray(calibrationProofs.claimId, ids)).all() : []).map((proof) => [
      proof.claimId,
      proof,
    ]),
  )
  const proofFiles = ids.length
    ? db()
        .select({ claimId: claimDocuments.claimId, documentType: claimDocuments.documentType })
        .from(claimDocuments)
        .where(and(inArray(claimDocuments.claimId, ids), inArray(claimDocuments.documentType, [...CALIBRATION_FILE_TYPES])))
        .all()
    : []

  return {
    vehicle: { id: vehicle.id, year: vehicle.year, make: vehicle.make, model: vehicle.model, vin: vehicle.vin },
    policyNumber: policy?.policyNumber ?? null,
    photos,
    claims: work.map((entry) => {
      const proof = proofs.get(entry.id)
      return {
        id: entry.id,
        code: entry.code,
        completedAt: entry.completedAt!,
        damageType: entry.damageType,
        damageZone: entry.damageZone,
        repairType: entry.repairType,
        partNumber: entry.partNumber,
        adasCalibration: entry.adasCalibration,
        shop: entry.locationName ?? entry.groupName,
        calibration: proof
          ? {
              method: proof.method,
              result: proof.result,
              toolMake: proof.toolMake,
              toolSerial: proof.toolSerial,
              complete:
                calibrationProofGaps(
                  entry,
                  proof,
                  proofFiles.filter((file) => file.claimId === entry.id).map((file) => file.documentType),
                ).length === 0,
            }
          : null,
      }
    }),
  }
}

export type GlassRecord = ReturnType<typeof glassRecord>
