import { and, asc, eq, gte, inArray, lt, sql } from 'drizzle-orm'

import { db } from '~/db/client.server'
import { claimDocuments, claims, partnerGroups, payouts, policies, profiles, vehicles } from '~/db/schema'
import { monthSpan, monthsUpTo } from '~/domain/calendar'
import { latestInvoiceFirst } from '~/domain/invoice'
import { payoutStateOf } from '~/domain/payouts'
import { claimantName } from '~/domain/privacy'
import { vehicleName } from '~/domain/vehicles'
import { vehicleNameColumns } from '~/models/policies/vehicles.server'
import { invoiceColumnsOfClaim } from '~/models/shops/invoice-review.server'

/**
 * Partner statements: for one partner group and one calendar month (UTC), the claims its shops completed, with the
 * repair type, what they invoiced (part, labor, kit, calibration), the cost they reported, their invoice, repair photos
 * and calibration reports, and the totals the operator pays from.
 * Read from the index on (assigned_partner_group_id, completed_at).
 */

export const MONTHS_OFFERED = 12

/** 'YYYY-MM' of the current month and the 11 before it, newest first. */
export function recentMonths(now = new Date()) {
  return monthsUpTo(now, MONTHS_OFFERED)
}

export function monthRange(month: string) {
  const { start, end } = monthSpan(month)
  return { start: start.toISOString(), end: end.toISOString() }
}

export function partnerStatement(groupId: string, month: string) {
  const group = db().select().from(partnerGroups).where(eq(partnerGroups.id, groupId)).get()
  if (!group) return null
  const { start, end } = monthRange(month)
  const rows = db()
    .select({
      claim: claims,
      customer: profiles.fullName,
      email: profiles.email,
      vehicle: vehicleNameColumns,
      payout: { paidAt: payouts.paidAt, reference: payouts.reference },
    })
    .from(claims)
    .innerJoin(policies, eq(policies.id, claims.policyId))
    // The claimant (after a transfer, not the policy's owner today).
    .leftJoin(profiles, eq(profiles.id, claims.filedByProfileId))
    .leftJoin(vehicles, eq(vehicles.id, sql`coalesce(${claims.vehicleId}, ${policies.vehicleId})`))
    .leftJoin(payouts, eq(payouts.id, claims.payoutId))
    .where(and(eq(claims.assignedPartnerGroupId, group.id), gte(claims.completedAt, start), lt(claims.completedAt, end)))
    .orderBy(asc(claims.completedAt))
    .all()
  const documents = rows.length
    ? db()
        .select()
        .from(claimDocuments)
        .where(
          and(
            inArray(
              claimDocuments.claimId,
              rows.map((row) => row.claim.id),
            ),
            inArray(claimDocuments.documentType, ['invoice', 'repair_photo', 'calibration_report']),
          ),
        )
        .orderBy(asc(claimDocuments.createdAt))
        .all()
    : []
  const lines = rows.map(({ claim, customer, email, vehicle, payout }) => ({
    claimId: claim.id,
    code: claim.confirmationCode,
    completedAt: claim.completedAt!,
    customer: claimantName(email === null ? null : { fullName: customer, email }),
    vehicle: vehicle ? vehicleName(vehicle, { withPlate: true }) : '',
    damageType: claim.damageType,
    repairType: claim.repairType,
    costCents: claim.actualCostCents ?? 0,
    /** What the operator accepted when less than the invoice (a short-pay); null: the invoice's total. */
    acceptedCents: claim.acceptedCostCents,
    notes: claim.partnerNotes ?? '',
    /** The invoice's fields, as its declaration keeps them (app/domain/invoice.ts). */
    invoice: invoiceColumnsOfClaim(claim),
    calibrationReports: documents.filter((doc) => doc.claimId === claim.id && doc.documentType === 'calibration_report'),
    /** The invoice photo to read first (a correction's), each earlier one marked. */
    invoices: latestInvoiceFirst(documents.filter((doc) => doc.claimId === claim.id && doc.documentType === 'invoice')),
    repairPhotos: documents.filter((doc) => doc.claimId === claim.id && doc.documentType === 'repair_photo'),
    /** Where the shop's payment for the job stands (app/domain/payouts.ts). */
    payment: { ...payoutStateOf({ ...claim, payout })!, approvedAt: claim.paymentApprovedAt },
  }))
  return {
    group: { id: group.id, name: group.name, email: group.email },
    month,
    lines,
    totals: {
      claims: lines.length,
      costCents: lines.reduce((sum, line) => sum + line.costCents, 0),
      repairs: lines.filter((line) => line.repairType === 'repair').length,
      replacements: lines.filter((line) => line.repairType === 'replacement').length,
    },
  }
}
