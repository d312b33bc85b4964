import { and, eq, isNull, ne } from 'drizzle-orm'

import { db, transaction } from '~/db/client.server'
import { createId } from '~/db/ids'
import { type Claim, claimDocuments, claimFlags, claims, type Profile, profiles } from '~/db/schema'
import {
  allowedDamageTypes,
  APPEAL_WINDOW_DAYS,
  canAppeal,
  generateConfirmationCode,
  isFiledLate,
  isFutureDate,
  REPAIR_GUARANTEE_MONTHS,
  repairGuaranteeEnds,
  repairGuaranteeRefusal,
} from '~/domain/claims'
import { type DamageAnswers, damageAnswersOf, keptAnswers } from '~/domain/damage-answers'
import { RuleError } from '~/domain/errors'
import { addressKey, parseMailingAddress } from '~/domain/letters'
import {
  appealNotPossible,
  DAMAGE_DATE_FUTURE,
  type Message,
  NOT_COVERED,
  PHOTOS_REQUIRED,
  POLICY_NOT_ACTIVE,
  REPAIR_FAILURE_MESSAGES,
  tooManyClaimPhotos,
  VEHICLE_ZIP_UNKNOWN,
} from '~/domain/messages'
import { chooseShopPath, HOW_CLAIMS_ARE_DECIDED_PATH } from '~/domain/paths'
import { flagReasons } from '~/domain/photo-integrity'
import { claimFilingRefusal, type FilingRefusal } from '~/domain/policies'
import { stormFor } from '~/domain/storms'
import { MAX_CLAIM_PHOTOS } from '~/domain/uploads'
import { claimAppealReceivedEmail, claimApprovedEmail, claimReceivedEmail } from '~/emails/claims'
import { env } from '~/env.server'
import { logger } from '~/logger.server'
import { decideFiledClaim } from '~/models/claims/claim-decision.server'
import {
  claimContext,
  claimPageUrl,
  getClaimForProfile,
  notify,
  operatorAddresses,
  operatorEmailFor,
  toClaimant,
} from '~/models/claims/claims.server'
import { flagClaim, indexPhoto } from '~/models/claims/photo-integrity.server'
import { stormsOn, vehiclePlaceOnFile } from '~/models/claims/storms.server'
import { recordAudit } from '~/models/operations/audit.server'
import { textClaimStep } from '~/models/people/texts.server'
import { getPolicyForProfile, zoneOfCustomerPolicy } from '~/models/policies/policies.server'
import { sendEmail } from '~/services/email.server'
import { prepareImage, shopThumbPath } from '~/services/images.server'
import { type UploadedFile } from '~/services/multipart.server'
import { StagedFiles } from '~/services/staged-files.server'
import { deleteStoredFolder, storedFileName } from '~/services/storage.server'
import { zipPlace } from '~/services/zip-centroids.server'
import { notFound } from '~/utils/refusal'

/** Filing a claim and appealing a denial: the customer's side of a claim. */

function unusedConfirmationCode() {
  for (let attempt = 0; attempt < 20; attempt++) {
    const code = generateConfirmationCode()
    const taken = db().select({ id: claims.id }).from(claims).where(eq(claims.confirmationCode, code)).get()
    if (!taken) return code
  }
  // 31^6 ≈ 887 million codes: twenty collisions in a row means something else is wrong.
  throw new Error('Could not find an unused confirmation code')
}

// --- filing rules ------------------------------------------------------------------------------------------------

/** The toast of each refusal of claimFilingRefusal; 'not_found' has none: it is notFound(), the 404 page. */
export const FILING_REFUSALS: Record<Exclude<FilingRefusal, 'not_found'>, Message> = {
  not_active: POLICY_NOT_ACTIVE,
}

/** The answers about the damage (domain/damage-answers.ts) are the input's too; a repair-failure claim gives no size. */
export type SubmitClaimInput = DamageAnswers & {
  profile: Pick<Profile, 'id'>
  policyId: string
  damageType: 'chip' | 'crack'
  description: string
  damageDate: string
  /** Where the vehicle is kept (five digits), when the customer gave it: a declared storm there gives a longer window. */
  vehicleZip?: string | null
  photos: UploadedFile[]
  /** The network the form came from (rate-limit clientNetwork), for the integrity check on many claims from one. */
  network?: string
  /** The repaired claim, for a claim under the repair-failure guarantee (fileRepairFailure checked it). */
  repairFailureOfClaimId?: string
}

/**
 * Files a claim, then lets the published decision rules decide it (claim-decision.server.ts): the decision is a step
 * of its own after the filing commits, so whatever is recorded about the filed claim first (its flags) is what the
 * rules read. Returns the claim as it stands after the decision.
 */
export async function submitClaim(input: SubmitClaimInput, now = new Date()): Promise<Claim> {
  const filed = await fileClaim(input, now)
  return decideFiledClaim(filed.id, now)
}

/**
 * Writes a claim. Order matters (docs/decisions/015-staged-uploads.md): every photo is stored first (sharp refuses non-images), then
 * the claim and its claim_documents rows are written in one transaction; if anything fails the stored files are
 * removed again, so a failure leaves neither rows nor files behind.
 */
async function fileClaim(input: SubmitClaimInput, now: Date): Promise<Claim> {
  const policy = filablePolicy(input.profile.id, input.policyId)
  // The repair-failure guarantee covers the replacement on both plans.
  if (!input.repairFailureOfClaimId && !allowedDamageTypes(policy).includes(input.damageType)) {
    throw RuleError.from(NOT_COVERED, { field: 'damageType' })
  }
  // The customer's today, as the claim form's latest day: at 11 PM in Chicago the UTC day is already tomorrow.
  if (isFutureDate(input.damageDate, now, zoneOfCustomerPolicy(policy))) {
    throw RuleError.from(DAMAGE_DATE_FUTURE, { field: 'damageDate' })
  }
  if (input.vehicleZip && !zipPlace(input.vehicleZip)) {
    throw RuleError.from(VEHICLE_ZIP_UNKNOWN, { field: 'vehicleZip' })
  }
  if (input.photos.length === 0) {
    throw RuleError.from(PHOTOS_REQUIRED, { field: 'photos' })
  }
  if (input.photos.length > MAX_CLAIM_PHOTOS) {
    throw RuleError.from(tooManyClaimPhotos(MAX_CLAIM_PHOTOS), { field: 'photos', status: 413 })
  }

  const claimId = createId()
  const stamp = now.getTime()
  // Files first, under temporary names: renamed into place as the transaction's last step.
  const staged = new StagedFiles()
  const stored: (Awaited<ReturnType<typeof stageDamagePhoto>> & { fileName: string })[] = []
  try {
    for (const [index, photo] of input.photos.entries()) {
      stored.push({
        ...(await stageDamagePhoto(staged, photo, `claim-documents/${claimId}/${stamp}_damage_${index + 1}`)),
        fileName: photo.fileName,
      })
    }
    return transaction((tx) => {
      // Read again where the write happens: while the photos were prepared, the policy may have ended (the account
      // deleted, its vehicle gone with it) or moved to another vehicle.
      const current = filablePolicy(input.profile.id, input.policyId)
      if (input.repairFailureOfClaimId) guaranteeOpenFor(input.profile.id, input.repairFailureOfClaimId, now)
      // The one filing deadline: 48 hours, or the declared storm's window when the damage falls in one, read for where
      // the vehicle is kept as on file (a ZIP typed with the claim counts only when none is on file).
      const onFile = vehiclePlaceOnFile(input.profile.id, tx)
      const storm = stormFor(stormsOn(input.damageDate), onFile ?? input.vehicleZip, input.damageDate)
      const filer = tx.select({ mailingAddress: profiles.mailingAddress }).from(profiles).where(eq(profiles.id, input.profile.id)).get()
      const mailingAddress = parseMailingAddress(filer?.mailingAddress)
      const row = tx
        .insert(claims)
        .values({
          id: claimId,
          policyId: current.id,
          vehicleId: current.vehicleId,
          filedByProfileId: input.profile.id,
          damageType: input.damageType,
          description: input.description,
          damageDate: input.damageDate,
          // A question this damage is not asked (how many chips, of a crack) keeps nothing.
          ...keptAnswers(damageAnswersOf(input), input.damageType),
          filedLate: isFiledLate(input.damageDate, now, storm),
          vehicleZip: input.vehicleZip ?? null,
          stormEventId: storm?.id ?? null,
          filedFromNetwork: input.network ?? null,
          filedFromAddress: mailingAddress ? addressKey(mailingAddress) : null,
          repairFailureOfClaimId: input.repairFailureOfClaimId ?? null,
          approvalStatus: 'pending_review',
          confirmationCode: unusedConfirmationCode(),
          submittedAt: now.toISOString(),
        })
        .returning()
        .get()
      for (const file of stored) {
        const document = tx
          .insert(claimDocuments)
          .values({
            claimId,
            documentType: 'damage_photo',
            filePath: file.filePath,
            thumbPath: file.thumbPath,
            fileName: storedFileName(file.fileName),
            uploadedByProfileId: input.profile.id,
            phash: file.phash,
            orientedHashes: file.orientedHashes,
            capturedAt: file.capturedAt,
            camera: file.camera,
          })
          .returning({ id: claimDocuments.id })
          .get()
        indexPhoto(tx, {
          photoId: document.id,
          policyId: current.id,
          source: 'claim',
          hash: file.phash,
          orientedHashes: file.orientedHashes,
        })
      }
      // The ZIP given here is where shops are searched from too, unless the customer already gave one.
      if (input.vehicleZip) {
        tx.update(profiles)
          .set({ zip: input.vehicleZip })
          .where(and(eq(profiles.id, input.profile.id), isNull(profiles.zip)))
          .run()
      }
      // The integrity checks, with the claim and its photos written and before anything decides it: a flagged claim
      // waits for a person.
      const flags = flagClaim(tx, claimId)
      // A ZIP other than the one on file: a person looks (the customer may have moved, or typed a storm's ZIP).
      if (input.vehicleZip && onFile && input.vehicleZip !== onFile) {
        tx.insert(claimFlags)
          .values({ claimId, kind: 'vehicle_zip_differs', detail: flagReasons.vehicleZipDiffers(input.vehicleZip, onFile) })
          .run()
        flags.push('vehicle_zip_differs')
      }
      recordAudit(tx, {
        actor: input.profile.id,
        action: 'claim.submitted',
        entityId: claimId,
        detail: {
          code: row.confirmationCode,
          filedLate: row.filedLate,
          photos: stored.length,
          ...(storm ? { storm: storm.name } : {}),
          ...(flags.length ? { flags } : {}),
          ...(input.repairFailureOfClaimId ? { repairFailureOf: input.repairFailureOfClaimId } : {}),
        },
      })
      staged.commit()
      return row
    })
  } catch (error) {
    staged.discard()
    // The claim's folder was new and is empty again; remove it too, so nothing at all is left behind.
    deleteStoredFolder(`claim-documents/${claimId}`)
    throw error
  }
}

// --- the repair-failure guarantee ------------------------------------------------------------------------------

/**
 * The customer's repaired claim if "My repair failed" may be filed on it now; else the refusal: another customer's
 * claim is not found (404), a claim that was no chip repair or whose guarantee ended is refused, and so is a second
 * guarantee claim while one is waiting or was approved (a denied one may be filed again).
 */
export function guaranteeOpenFor(profileId: string, repairedClaimId: string, now = new Date()) {
  const found = getClaimForProfile(profileId, repairedClaimId)
  if (!found) notFound()
  const repaired = found.claim
  const refusal = repairGuaranteeRefusal(repaired, now)
  if (refusal === 'not_a_repair') throw RuleError.from(REPAIR_FAILURE_MESSAGES.notARepair, { status: 409 })
  if (refusal === 'outside_window') {
    const ended = repairGuaranteeEnds(repaired)!.toISOString()
    throw RuleError.from(REPAIR_FAILURE_MESSAGES.outsideWindow(REPAIR_GUARANTEE_MONTHS, ended), { status: 409 })
  }
  const open = db()
    .select({ id: claims.id })
    .from(claims)
    .where(and(eq(claims.repairFailureOfClaimId, repaired.id), ne(claims.approvalStatus, 'denied')))
    .get()
  if (open) throw RuleError.from(REPAIR_FAILURE_MESSAGES.alreadyFiled, { status: 409 })
  return found
}

export type RepairFailureInput = Pick<
  SubmitClaimInput,
  'profile' | 'description' | 'damageDate' | 'inLineOfSight' | 'damageZone' | 'photos' | 'network'
> & { repairedClaimId: string }

/**
 * Files "My repair failed" on a repaired claim: a crack on the same policy, linked to the repaired claim (and so to
 * the shop that repaired it), decided by the published rules like any claim. Not counted against the plan year's
 * replacement, and covered on Chip Repair Only too.
 */
export async function fileRepairFailure(input: RepairFailureInput, now = new Date()): Promise<Claim> {
  const { policy } = guaranteeOpenFor(input.profile.id, input.repairedClaimId, now)
  return submitClaim(
    {
      profile: input.profile,
      policyId: policy.id,
      damageType: 'crack',
      description: input.description,
      damageDate: input.damageDate,
      ...damageAnswersOf({ inLineOfSight: input.inLineOfSight, damageZone: input.damageZone }),
      photos: input.photos,
      network: input.network,
      repairFailureOfClaimId: input.repairedClaimId,
    },
    now,
  )
}

/** The customer's policy if a claim may be filed on it now; else the refusal (another customer's is "not found"). */
function filablePolicy(profileId: string, policyId: string) {
  const policy = getPolicyForProfile(profileId, policyId)
  const refused = claimFilingRefusal(policy, profileId)
  if (refused === 'not_found') notFound()
  if (refused) throw RuleError.from(FILING_REFUSALS[refused])
  return policy!
}

/** Stages a damage photo: the clean copy and thumbnail, plus the shop's small copy (all by the storage service). */
export async function stageDamagePhoto(staged: StagedFiles, file: UploadedFile, relPathWithoutExt: string) {
  const image = await prepareImage(file, { shopCopy: true })
  const paths = await staged.addImage(image, relPathWithoutExt)
  await staged.add(shopThumbPath(paths.filePath), image.shopThumbnail!)
  return paths
}

/** After a claim is filed: a receipt to the customer and a note to the operator. Never throws. */
export async function notifyClaimSubmitted(claimId: string) {
  try {
    const context = claimContext(claimId)
    if (!context) return false
    const { claim, profile } = context
    if (claim.decidedByRulesVersion && claim.approvalStatus === 'approved') {
      // Approved by the rules as it was filed: the customer hears "approved" at once, and nothing waits for the operator.
      const approved = await claimApprovedEmail({
        confirmationCode: claim.confirmationCode,
        partnerGroup: 'our partner shop',
        partnerPhone: null,
        partnerEmail: null,
        claimUrl: claimPageUrl(claim.confirmationCode),
        chooseShopUrl: `${env().APP_URL}${chooseShopPath(claim.id)}`,
        decidedByRules: { version: claim.decidedByRulesVersion, rulesUrl: `${env().APP_URL}${HOW_CLAIMS_ARE_DECIDED_PATH}` },
      })
      for (const message of toClaimant(profile, { ...approved, tag: 'claim-approved' })) await sendEmail(message)
      await textClaimStep(claim.id, 'claim_decided')
      return true
    }
    const receipt = await claimReceivedEmail({
      confirmationCode: claim.confirmationCode,
      claimUrl: claimPageUrl(claim.confirmationCode),
    })
    for (const message of toClaimant(profile, { ...receipt, tag: 'claim-received' })) await sendEmail(message)
    const operator = await operatorEmailFor('new', context)
    for (const to of operatorAddresses()) await sendEmail({ to, ...operator, tag: 'claim-submitted-operator' })
    return true
  } catch (error) {
    logger.error({ claimId, err: error }, 'claim submission e-mails failed')
    return false
  }
}

export async function appealClaim(input: { profileId: string; claimId: string; appealText: string }, now = new Date()) {
  const claim = transaction((tx) => {
    const found = getClaimForProfile(input.profileId, input.claimId)
    if (!found) notFound()
    if (!canAppeal(found.claim, now)) {
      throw RuleError.from(appealNotPossible(APPEAL_WINDOW_DAYS))
    }
    const row = tx
      .update(claims)
      .set({ approvalStatus: 'pending_review', appealText: input.appealText, appealedAt: now.toISOString() })
      .where(and(eq(claims.id, input.claimId), eq(claims.approvalStatus, 'denied')))
      .returning()
      .get()
    recordAudit(tx, { actor: input.profileId, action: 'claim.appealed', entityId: input.claimId, detail: {} })
    return row
  })
  await notify(claim.id, async (context) => {
    const { claim: current, profile } = context
    const received = await claimAppealReceivedEmail({
      confirmationCode: current.confirmationCode,
      claimUrl: claimPageUrl(current.confirmationCode),
    })
    const operator = await operatorEmailFor('appeal', context)
    return [
      ...toClaimant(profile, { ...received, tag: 'claim-appeal-received' }),
      ...operatorAddresses().map((to) => ({ to, ...operator, tag: 'claim-appeal-operator' as const })),
    ]
  })
  return claim
}
