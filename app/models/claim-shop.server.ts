import fs from 'node:fs'

import { eq } from 'drizzle-orm'

import { db, transaction } from '~/db/client.server'
import { createId } from '~/db/ids'
import { type Claim, claimDocuments, claims, type Policy } from '~/db/schema'
import { planYear } from '~/domain/claims'
import { RuleError } from '~/domain/errors'
import { INVOICE_REQUIRED, REPAIR_PHOTOS_REQUIRED } from '~/domain/messages'
import { claimCompletedEmail } from '~/emails/claims'
import { env } from '~/env.server'
import { prepareImage, shopThumbPath, StagedFiles, storedFileName, type UploadedFile, uploadsPath } from '~/services/storage.server'

import { audit, claimContext, claimDocumentsOf, findPolicy, notify, replacementsLeft } from './claims.server'

// --- shops: lookup by code and completion ------------------------------------------------------------------------

export type PartnerLookup =
  | { state: 'not_found' }
  | { state: 'pending_review' | 'denied'; code: string }
  | { state: 'completed'; code: string; claimId: string }
  | { state: 'approved'; code: string; details: PartnerClaimDetails }

export type PartnerClaimDetails = {
  claim: { id: string; damageType: Claim['damageType']; description: string; damageDate: string | null }
  customer: { name: string; email: string }
  vehicle: { year: number; make: string; model: string; licensePlate: string | null } | null
  planType: Policy['planType']
  partnerGroup: string | null
  replacementsLeft: number
  /** shopThumbPath: the small copy when it exists (older claims have only the thumbnail). */
  damagePhotos: { id: string; filePath: string; thumbPath: string | null; shopThumbPath: string | null; fileName: string }[]
}

/** The claim behind a well-formed code, or null. */
export function findClaimByCode(code: string): Claim | null {
  return db().select().from(claims).where(eq(claims.confirmationCode, code)).get() ?? null
}

/**
 * What a shop may see of a claim it holds the code of: only an approved, not yet completed claim reveals the
 * customer's details (DESIGN §6). Rate limits are the route layer's (`app/auth/shop-lookup-limits.server.ts`).
 */
export function partnerViewOf(claim: Claim, code: string, now = new Date()): PartnerLookup {
  if (claim.approvalStatus === 'completed') return { state: 'completed', code, claimId: claim.id }
  if (claim.approvalStatus !== 'approved') return { state: claim.approvalStatus === 'denied' ? 'denied' : 'pending_review', code }
  const context = claimContext(claim.id)!
  const photos = claimDocumentsOf(claim.id).filter((document) => document.documentType === 'damage_photo')
  return {
    state: 'approved',
    code,
    details: {
      claim: { id: claim.id, damageType: claim.damageType, description: claim.description, damageDate: claim.damageDate },
      customer: { name: context.profile.fullName ?? '', email: context.profile.email },
      vehicle: context.vehicle
        ? {
            year: context.vehicle.year,
            make: context.vehicle.make,
            model: context.vehicle.model,
            licensePlate: context.vehicle.licensePlate,
          }
        : null,
      planType: context.policy.planType,
      partnerGroup: context.partnerGroup?.name ?? null,
      replacementsLeft: replacementsLeft(context.policy, now),
      damagePhotos: photos.map((photo) => ({
        id: photo.id,
        filePath: photo.filePath,
        thumbPath: photo.thumbPath,
        shopThumbPath: fs.existsSync(uploadsPath(shopThumbPath(photo.filePath))) ? shopThumbPath(photo.filePath) : null,
        fileName: photo.fileName,
      })),
    },
  }
}

export type CompleteClaimInput = {
  /** The claim, when the caller already read it (the shop's lookup); otherwise it is read by its code. */
  claim?: Claim
  code: string
  repairType: 'repair' | 'replacement'
  actualCostCents: number | null
  partnerNotes: string | null
  invoice: UploadedFile | null
  repairPhotos: UploadedFile[]
}

/**
 * The shop marks an approved claim complete with its invoice and repair photos. Completing a completed claim again
 * changes nothing and reports success (a double-submitted form is harmless). Files are stored before the rows.
 */
export async function completeClaim(input: CompleteClaimInput, now = new Date()): Promise<{ claim: Claim; alreadyCompleted: boolean }> {
  // The route usually looked the claim up already (with the shop's rate limits): read it only when it did not.
  const existing = input.claim ?? findClaimByCode(input.code)
  if (!existing) throw new RuleError('code', 'No claim has this confirmation code.', 'Claim Not Found', 404)
  if (existing.approvalStatus === 'completed') return { claim: existing, alreadyCompleted: true }
  if (existing.approvalStatus !== 'approved') {
    throw new RuleError('code', 'This claim is not approved for service yet.', 'Not Approved', 409)
  }
  // Told first, before any photo is processed; decided again inside the transaction, where two shops cannot race.
  const policy = findPolicy(existing.policyId)!
  assertReplacementAllowed(policy, input.repairType, now)
  if (!input.invoice) throw new RuleError('invoice', INVOICE_REQUIRED.description, INVOICE_REQUIRED.title)
  if (input.repairPhotos.length === 0) throw new RuleError('repairPhotos', REPAIR_PHOTOS_REQUIRED.description, REPAIR_PHOTOS_REQUIRED.title)

  const stamp = now.getTime()
  const staged = new StagedFiles()
  const stored: { documentType: 'invoice' | 'repair_photo'; filePath: string; thumbPath: string; fileName: string }[] = []
  const label = (type: string) => `claim-documents/${existing.id}/${stamp}_${type}_${createId(6)}`
  try {
    stored.push({
      documentType: 'invoice',
      fileName: input.invoice.fileName,
      ...(await staged.addImage(await prepareImage(input.invoice), label('invoice'))),
    })
    for (const photo of input.repairPhotos) {
      stored.push({
        documentType: 'repair_photo',
        fileName: photo.fileName,
        ...(await staged.addImage(await prepareImage(photo), label('repair'))),
      })
    }
    const result = transaction((tx) => {
      // Decided again inside the transaction: two shops (or two clicks) racing must not both complete it.
      const current = tx.select().from(claims).where(eq(claims.id, existing.id)).get()!
      if (current.approvalStatus === 'completed') return { claim: current, alreadyCompleted: true }
      if (current.approvalStatus !== 'approved')
        throw new RuleError('code', 'This claim is not approved for service yet.', 'Not Approved', 409)
      assertReplacementAllowed(policy, input.repairType, now)
      const row = tx
        .update(claims)
        .set({
          approvalStatus: 'completed',
          lifecycleStatus: 'completed',
          completedAt: now.toISOString(),
          repairType: input.repairType,
          actualCostCents: input.actualCostCents,
          partnerNotes: input.partnerNotes,
        })
        .where(eq(claims.id, existing.id))
        .returning()
        .get()
      for (const file of stored) {
        tx.insert(claimDocuments)
          .values({
            claimId: existing.id,
            documentType: file.documentType,
            filePath: file.filePath,
            thumbPath: file.thumbPath,
            fileName: storedFileName(file.fileName),
          })
          .run()
      }
      audit(tx, `partner:${input.code}`, 'claim.completed', existing.id, {
        repairType: input.repairType,
        actualCostCents: input.actualCostCents,
        documents: stored.length,
      })
      staged.commit()
      return { claim: row, alreadyCompleted: false }
    })
    // Completed by someone else meanwhile: nothing of this submission is kept.
    if (result.alreadyCompleted) staged.discard()
    else {
      await notify(result.claim.id, ({ claim, profile, partnerGroup }) => [
        {
          to: profile.email,
          ...claimCompletedEmail({
            claimId: claim.id,
            confirmationCode: claim.confirmationCode,
            repairType: claim.repairType ?? 'repair',
            partnerGroup: partnerGroup?.name ?? null,
            dashboardUrl: `${env().APP_URL}/customer#claims`,
          }),
          tag: 'claim-completed',
        },
      ])
    }
    return result
  } catch (error) {
    staged.discard()
    throw error
  }
}

function assertReplacementAllowed(policy: Policy, repairType: 'repair' | 'replacement', now: Date) {
  if (repairType !== 'replacement') return
  if (policy.planType === 'chip_only') {
    throw new RuleError(
      'repairType',
      'This is a Chip Repair Only plan: it does not cover a windshield replacement.',
      'Replacement Not Covered',
    )
  }
  if (replacementsLeft(policy, now) === 0) {
    const { end } = planYear(policy, now)
    throw new RuleError(
      'repairType',
      `This plan already used its one windshield replacement for this plan year. The next replacement is covered from ${end.toISOString().slice(0, 10)}.`,
      'Replacement Limit Reached',
    )
  }
}
