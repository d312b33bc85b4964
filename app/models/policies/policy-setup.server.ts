import os from 'node:os'

import { and, asc, eq, inArray, ne } from 'drizzle-orm'

import { type Db, db, transaction } from '~/db/client.server'
import { policies, type Policy, type PolicyPhoto, policyPhotos, type Profile, profiles, type Vehicle, vehicles } from '~/db/schema'
import { RuleError } from '~/domain/errors'
import { formatLongDate, todayIso } from '~/domain/format'
import { PHOTO_MESSAGES, SETUP_HOLD_MESSAGES, SETUP_MESSAGES } from '~/domain/messages'
import { policyEmailNames } from '~/domain/plans'
import { MAX_ADDITIONAL_PHOTOS, REQUIRED_PHOTO_TYPES, type RequiredPhotoType } from '~/domain/uploads'
import { vehicleName } from '~/domain/vehicles'
import { policyActivatedEmail } from '~/emails/policy-activated'
import { env } from '~/env.server'
import { logger } from '~/logger.server'
import { indexPhoto } from '~/models/claims/photo-integrity.server'
import { recordAudit } from '~/models/operations/audit.server'
import { isMakeEligible, saveVehicleForPolicy } from '~/models/policies/vehicles.server'
import { sendEmail } from '~/services/email.server'
import { prepareImage } from '~/services/images.server'
import { type UploadedFile, UploadError } from '~/services/multipart.server'
import { StagedFiles } from '~/services/staged-files.server'
import { deleteStored, storedFileName } from '~/services/storage.server'
import { notFound } from '~/utils/refusal'
import { ADDITIONAL_PHOTOS_FIELD, isRequiredPhotoType, type VehicleInput } from '~/validation/policy-setup'

/**
 * The setup wizard's rules: who may open it, which step
 * shows, storing the windshield photos, and activation. Plain functions over the database; no Request/Response.
 */

export type PhotoSlots = {
  required: Record<RequiredPhotoType, PolicyPhoto | null>
  additional: PolicyPhoto[]
}

/** The photos of setup (generation 0), or of the plan's transfer to a replacement vehicle (generation 1). */
export type PhotoGeneration = 0 | 1

export function photoSlots(policyId: string, generation: PhotoGeneration = 0): PhotoSlots {
  const rows = db()
    .select()
    .from(policyPhotos)
    .where(and(eq(policyPhotos.policyId, policyId), eq(policyPhotos.generation, generation)))
    .orderBy(policyPhotos.position)
    .all()
  const required = Object.fromEntries(
    REQUIRED_PHOTO_TYPES.map((type) => [type, rows.find((row) => row.photoType === type) ?? null]),
  ) as PhotoSlots['required']
  return { required, additional: rows.filter((row) => row.photoType === 'other') }
}

export function hasRequiredPhotos(slots: PhotoSlots) {
  return REQUIRED_PHOTO_TYPES.every((type) => slots.required[type] !== null)
}

export type WizardStep = 'photos' | 'vehicle'

/** Starts at photos; with all three required photos stored it opens on the vehicle; 'Back' asks for photos. */
export function wizardStep(slots: PhotoSlots, requested?: string | null): WizardStep {
  if (requested === 'photos') return 'photos'
  return hasRequiredPhotos(slots) ? 'vehicle' : 'photos'
}

// --- photos ------------------------------------------------------------------------------------------------------

/** A refused photo step: the toast's title and message, and each photo field's own message (RuleError, like every model). */
function failure(status: number, fieldErrors: Record<string, string[]>, toast: { title: string; description: string }): RuleError {
  return RuleError.from(toast, { status, fieldErrors })
}

/** An upload refused while it was read (too large, too many files): the message goes next to its field. */
export function uploadRefused(error: UploadError): RuleError {
  return failure(error.status, { [error.field]: [error.message] }, { title: PHOTO_MESSAGES.uploadFailed, description: error.message })
}

const IMAGE_WORKERS = Math.max(1, Math.min(2, os.availableParallelism()))

/** Like Promise.allSettled over items.map(work), with at most `limit` running at once; results in input order. */
async function settleInPool<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<PromiseSettledResult<R>[]> {
  const results: PromiseSettledResult<R>[] = new Array(items.length)
  let next = 0
  async function worker() {
    while (next < items.length) {
      const index = next++
      try {
        results[index] = { status: 'fulfilled', value: await work(items[index]!) }
      } catch (reason) {
        results[index] = { status: 'rejected', reason }
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
  return results
}

function folderOf(policy: Policy, generation: PhotoGeneration) {
  return `policy-photos/${policy.profileId}/${policy.id}${generation === 0 ? '' : '/transfer'}`
}

/**
 * Stores one submission of the photo step. Every image is decoded and
 * re-encoded before anything is written; then the files of the images that passed are written; then their rows in one
 * transaction. If a file or the rows fail, the files this submission added are removed again. A file that is not a
 * photo, or a view still without one, is refused by field after the good photos are kept: the policy's photos are
 * its drafts until step 2 activates it, so the customer chooses only the bad one again.
 * A required type uploaded again overwrites its file.
 */
export async function savePolicyPhotos(
  policy: Policy,
  files: UploadedFile[],
  generation: PhotoGeneration = 0,
): Promise<{ stored: number }> {
  const slots = photoSlots(policy.id, generation)
  const chosen = new Map<RequiredPhotoType, UploadedFile>()
  const additional: UploadedFile[] = []
  for (const file of files) {
    if (isRequiredPhotoType(file.fieldName)) {
      if (chosen.has(file.fieldName))
        throw failure(
          400,
          { [file.fieldName]: ['Please choose one photo here.'] },
          { title: PHOTO_MESSAGES.uploadFailed, description: 'Please choose one photo for each view.' },
        )
      chosen.set(file.fieldName, file)
    } else if (file.fieldName === ADDITIONAL_PHOTOS_FIELD) {
      additional.push(file)
    } else {
      throw failure(400, {}, { title: PHOTO_MESSAGES.uploadFailed, description: PHOTO_MESSAGES.duringUpload })
    }
  }

  if (slots.additional.length + additional.length > MAX_ADDITIONAL_PHOTOS) {
    throw failure(
      413,
      { [ADDITIONAL_PHOTOS_FIELD]: [PHOTO_MESSAGES.tooManyAdditional] },
      { title: PHOTO_MESSAGES.uploadFailed, description: PHOTO_MESSAGES.tooManyAdditional },
    )
  }

  // 1. Decode and clean every image.
  // Two at a time: JPEG decoding is single-threaded per image, so two use two cores, while each 12-megapixel photo
  // decodes to ~36 MB, so decoding all thirteen at once would only raise the memory peak (target: < 400 MB).
  const uploads = [...chosen.values(), ...additional]
  const prepared = await settleInPool(uploads, IMAGE_WORKERS, (file) => prepareImage(file))
  const refused = prepared.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason as unknown] : []))
  const fieldErrors: Record<string, string[]> = {}
  let description: string | null = null
  for (const reason of refused) {
    if (!(reason instanceof UploadError)) throw reason
    const message =
      reason.field === ADDITIONAL_PHOTOS_FIELD && reason.message === PHOTO_MESSAGES.notImage ? PHOTO_MESSAGES.notImages : reason.message
    fieldErrors[reason.field] = [message]
    description ??= message
  }
  const images = prepared.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []))
  // A view with no photo yet, and none that passed now, is asked for (a refused one has its own message already).
  const missing = REQUIRED_PHOTO_TYPES.filter(
    (type) => !slots.required[type] && !images.some((image) => image.fieldName === type) && !fieldErrors[type],
  )
  for (const type of missing) fieldErrors[type] = [PHOTO_MESSAGES.missing(type)]
  description ??= missing.length ? PHOTO_MESSAGES.missing(missing[0]!) : null

  // 2. Write the files. Additional photos take the next free numbers (other_{n}).
  let nextPosition = Math.max(0, ...slots.additional.map((photo) => photo.position)) + 1
  const planned = images.map((image) => {
    if (isRequiredPhotoType(image.fieldName)) {
      return {
        image,
        photoType: image.fieldName,
        position: 0,
        relPath: `${folderOf(policy, generation)}/${image.fieldName}`,
        replaces: slots.required[image.fieldName],
      }
    }
    const position = nextPosition++
    return { image, photoType: 'other' as const, position, relPath: `${folderOf(policy, generation)}/other_${position}`, replaces: null }
  })
  // Staged under temporary names, renamed into place inside the transaction: a failure leaves the old photos whole.
  const staged = new StagedFiles()
  const written: Array<(typeof planned)[number] & Awaited<ReturnType<StagedFiles['addImage']>>> = []
  for (const entry of planned) {
    try {
      written.push({ ...entry, ...(await staged.addImage(entry.image, entry.relPath)) })
    } catch (error) {
      logger.error({ file: entry.relPath, err: error }, 'writing a photo failed')
      staged.discard()
      const description =
        entry.photoType === 'other' ? PHOTO_MESSAGES.failedAdditional(entry.position) : PHOTO_MESSAGES.failedType(entry.photoType)
      throw failure(500, {}, { title: PHOTO_MESSAGES.uploadFailed, description })
    }
  }

  // 3. The rows of the photos that passed, all or nothing, and their files renamed into place as the last step.
  try {
    transaction((tx) => {
      for (const entry of written) {
        const row = {
          policyId: policy.id,
          generation,
          photoType: entry.photoType,
          position: entry.position,
          filePath: entry.filePath,
          thumbPath: entry.thumbPath,
          fileName: storedFileName(entry.image.fileName),
          phash: entry.phash,
          orientedHashes: entry.orientedHashes,
          capturedAt: entry.capturedAt,
          camera: entry.camera,
        }
        const photo = tx
          .insert(policyPhotos)
          .values(row)
          .onConflictDoUpdate({
            target: [policyPhotos.policyId, policyPhotos.generation, policyPhotos.photoType, policyPhotos.position],
            set: {
              filePath: row.filePath,
              thumbPath: row.thumbPath,
              fileName: row.fileName,
              phash: row.phash,
              orientedHashes: row.orientedHashes,
              capturedAt: row.capturedAt,
              camera: row.camera,
              createdAt: new Date().toISOString(),
            },
          })
          .returning({ id: policyPhotos.id })
          .get()
        indexPhoto(tx, { photoId: photo.id, policyId: policy.id, source: 'setup', hash: row.phash, orientedHashes: row.orientedHashes })
      }
      staged.commit()
    })
  } catch (error) {
    logger.error({ policyId: policy.id, err: error }, 'saving the photo rows of a policy failed')
    staged.discard()
    const onlyAdditional = written.every((entry) => entry.photoType === 'other')
    throw failure(
      500,
      {},
      {
        title: PHOTO_MESSAGES.uploadFailed,
        description: onlyAdditional ? PHOTO_MESSAGES.additionalRecordFailed : PHOTO_MESSAGES.recordFailed,
      },
    )
  }
  // 4. The photos that passed are kept (one bad file never costs the good ones); then the rest is
  // asked for, field by field.
  if (description) {
    const status = refused.some((reason) => reason instanceof UploadError && reason.status === 413) ? 413 : 400
    const title =
      description === PHOTO_MESSAGES.notImage || description === PHOTO_MESSAGES.notImages
        ? PHOTO_MESSAGES.invalidFile
        : PHOTO_MESSAGES.uploadFailed
    throw failure(status, fieldErrors, { title, description })
  }
  return { stored: written.length }
}

/** Removes one additional photo (the required three can only be replaced). */
export function removeAdditionalPhoto(policy: Policy, photoId: string, generation: PhotoGeneration = 0): boolean {
  const photo = db()
    .select()
    .from(policyPhotos)
    .where(
      and(
        eq(policyPhotos.id, photoId),
        eq(policyPhotos.policyId, policy.id),
        eq(policyPhotos.generation, generation),
        eq(policyPhotos.photoType, 'other'),
      ),
    )
    .get()
  if (!photo) return false
  db().delete(policyPhotos).where(eq(policyPhotos.id, photo.id)).run()
  deleteStored([photo.filePath, ...(photo.thumbPath ? [photo.thumbPath] : [])])
  return true
}

// --- activation --------------------------------------------------------------------------------------------------

/**
 * The other active policies the VIN is on (another customer's, or the same customer's other policy): a second
 * registration of a VIN waits for the operator instead of starting coverage: the first registration's owner must
 * not have their claims held for someone else's, and the operator, not the rules, decides who is right.
 */
function activePoliciesWithVin(tx: Db, vin: string, policyId: string) {
  return tx
    .select({ id: policies.id, policyNumber: policies.policyNumber, profileId: policies.profileId })
    .from(vehicles)
    .innerJoin(policies, eq(policies.vehicleId, vehicles.id))
    .where(and(eq(vehicles.vin, vin), eq(policies.status, 'active'), ne(policies.id, policyId)))
    .all()
}

/**
 * Finishes setup: saves the vehicle (create or update), then in the same transaction gives the policy its
 * vehicle, marks the photos uploaded, activates it with coverage starting today, and writes the audit log. The
 * confirmation e-mail goes out after the commit. A new policy whose VIN is already on another active policy is held
 * for the operator instead (`held`): the vehicle and photos are kept, coverage does not start, nothing is e-mailed.
 */
export async function completePolicySetup(
  profile: Profile,
  policy: Policy,
  input: VehicleInput & { phone?: string | null },
  now = new Date(),
): Promise<{ policy: Policy; vehicle: Vehicle; held: boolean }> {
  if (policy.profileId !== profile.id) notFound()
  if (policy.status === 'canceled') throw RuleError.from(SETUP_MESSAGES.canceled)
  const slots = photoSlots(policy.id)
  const missing = REQUIRED_PHOTO_TYPES.find((type) => !slots.required[type])
  if (missing) throw RuleError.from(SETUP_MESSAGES.missingPhoto(missing))
  if (!isMakeEligible(input.make, policy.planType)) throw RuleError.from(SETUP_MESSAGES.excludedMake, { field: 'make' })

  const outcome = transaction((tx) => {
    let vehicle: Vehicle
    try {
      vehicle = saveVehicleForPolicy(tx, policy, input)
    } catch (error) {
      logger.error({ policyId: policy.id, err: error }, 'saving the vehicle of a policy failed')
      throw RuleError.from(SETUP_MESSAGES.saveFailed, { status: 500 })
    }
    const duplicates = policy.status === 'incomplete' && vehicle.vin ? activePoliciesWithVin(tx, vehicle.vin, policy.id) : []
    if (duplicates.length) {
      const held = tx
        .update(policies)
        .set({
          vehicleId: vehicle.id,
          windshieldPhotosUploaded: true,
          setupHold: 'vin_review',
          setupHeldAt: now.toISOString(),
          updatedAt: now.toISOString(),
        })
        .where(and(eq(policies.id, policy.id), eq(policies.profileId, profile.id)))
        .returning()
        .all()
      if (held.length !== 1) throw RuleError.from(SETUP_MESSAGES.updateFailed, { status: 500 })
      if (input.phone !== undefined && input.phone !== profile.phone) {
        tx.update(profiles).set({ phone: input.phone, updatedAt: now.toISOString() }).where(eq(profiles.id, profile.id)).run()
        recordAudit(tx, { actor: profile.id, action: 'profile.details_corrected', entityId: profile.id, detail: { fields: ['phone'] } })
      }
      recordAudit(tx, {
        actor: profile.id,
        action: 'policy.setup_held',
        entityId: policy.id,
        detail: {
          vehicleId: vehicle.id,
          reason: 'vin_on_other_active_policy',
          otherPolicies: duplicates.map((other) => other.policyNumber),
        },
      })
      return { policy: held[0]!, vehicle, held: true }
    }
    const updated = tx
      .update(policies)
      .set({
        vehicleId: vehicle.id,
        windshieldPhotosUploaded: true,
        // past_due stays past_due until the payment goes through; only a new policy becomes active here.
        status: policy.status === 'incomplete' ? 'active' : policy.status,
        coverageStartDate: policy.coverageStartDate ?? todayIso(now),
        setupHold: null,
        setupHeldAt: null,
        updatedAt: now.toISOString(),
      })
      .where(and(eq(policies.id, policy.id), eq(policies.profileId, profile.id)))
      .returning()
      .all()
    // Rolls the vehicle back too: the policy vanished or changed hands meanwhile.
    if (updated.length !== 1) throw RuleError.from(SETUP_MESSAGES.updateFailed, { status: 500 })
    // The wizard asks for the phone a shop calls the customer on; it is the profile's, as on the details page.
    if (input.phone !== undefined && input.phone !== profile.phone) {
      tx.update(profiles).set({ phone: input.phone, updatedAt: now.toISOString() }).where(eq(profiles.id, profile.id)).run()
      recordAudit(tx, { actor: profile.id, action: 'profile.details_corrected', entityId: profile.id, detail: { fields: ['phone'] } })
    }
    recordAudit(tx, {
      actor: profile.id,
      action: policy.status === 'incomplete' ? 'policy.activated' : 'policy.setup_updated',
      entityId: policy.id,
      detail: { vehicleId: vehicle.id, from: policy.status, to: updated[0]!.status },
    })
    return { policy: updated[0]!, vehicle, held: false }
  })

  if (policy.status === 'incomplete' && !outcome.held) await sendActivatedEmail(profile.email, outcome.policy, outcome.vehicle, now)
  return outcome
}

async function sendActivatedEmail(to: string, policy: Policy, vehicle: Vehicle, now: Date) {
  const config = env()
  const email = await policyActivatedEmail({
    ...policyEmailNames(policy),
    vehicle: vehicleName(vehicle, { withPlate: true }),
    coverageStart: formatLongDate(policy.coverageStartDate ?? todayIso(now)),
    dashboardUrl: `${config.APP_URL}/customer`,
    supportEmail: config.SUPPORT_EMAIL,
    supportPhone: config.SUPPORT_PHONE,
  })
  await sendEmail({ to, ...email, tag: 'policy-activated' })
}

// --- setups held for the operator ---------------------------------------------------------------------------------

/** A held setup as the operator's list shows it: the policy, its customer, and the other active policies with the VIN. */
export type HeldSetup = {
  policyId: string
  policyNumber: string
  profileId: string
  heldAt: string | null
  vin: string
  reason: string
  others: { policyId: string; policyNumber: string; profileId: string }[]
}

/** The setups waiting for the operator, oldest first. */
export function heldSetups(): HeldSetup[] {
  const rows = db()
    .select({ policy: policies, vin: vehicles.vin })
    .from(policies)
    .innerJoin(vehicles, eq(vehicles.id, policies.vehicleId))
    .where(and(eq(policies.setupHold, 'vin_review'), inArray(policies.status, ['incomplete', 'past_due'])))
    .orderBy(asc(policies.setupHeldAt))
    .all()
  return rows.map(({ policy, vin }) => ({
    policyId: policy.id,
    policyNumber: policy.policyNumber,
    profileId: policy.profileId,
    heldAt: policy.setupHeldAt,
    vin: vin ?? '',
    reason: SETUP_HOLD_MESSAGES.operatorReason,
    others: vin
      ? activePoliciesWithVin(db(), vin, policy.id).map((other) => ({
          policyId: other.id,
          policyNumber: other.policyNumber,
          profileId: other.profileId,
        }))
      : [],
  }))
}

/**
 * The operator's decision on a held setup: 'approve' starts coverage today (the policy becomes active and the customer
 * gets the activation e-mail); 'correct' opens the wizard again for the customer with a note to check the VIN.
 * A setup that is not held (decided meanwhile) is refused with a RuleError; an unknown policy is a 404.
 */
export async function decideHeldSetup(operatorId: string, policyId: string, decision: 'approve' | 'correct', now = new Date()) {
  const outcome = transaction((tx) => {
    const policy = tx.select().from(policies).where(eq(policies.id, policyId)).get()
    if (!policy) notFound()
    if (policy.setupHold !== 'vin_review' || policy.status === 'canceled')
      throw RuleError.from(SETUP_HOLD_MESSAGES.notHeld, { status: 409 })
    if (decision === 'correct') {
      tx.update(policies)
        .set({ setupHold: 'vin_correction', updatedAt: now.toISOString() })
        .where(and(eq(policies.id, policy.id), eq(policies.setupHold, 'vin_review')))
        .run()
      recordAudit(tx, {
        actor: operatorId,
        action: 'policy.setup_correction_asked',
        entityId: policy.id,
        detail: { vehicleId: policy.vehicleId },
      })
      return { policy, activated: null }
    }
    const activated = tx
      .update(policies)
      .set({
        status: policy.status === 'incomplete' ? 'active' : policy.status,
        coverageStartDate: policy.coverageStartDate ?? todayIso(now),
        setupHold: null,
        setupHeldAt: null,
        updatedAt: now.toISOString(),
      })
      .where(and(eq(policies.id, policy.id), eq(policies.setupHold, 'vin_review')))
      .returning()
      .get()
    if (!activated) throw RuleError.from(SETUP_HOLD_MESSAGES.notHeld, { status: 409 })
    recordAudit(tx, {
      actor: operatorId,
      action: 'policy.setup_approved',
      entityId: policy.id,
      detail: { vehicleId: policy.vehicleId, from: policy.status, to: activated.status },
    })
    return { policy, activated }
  })
  if (outcome.activated && outcome.activated.vehicleId) {
    const profile = db().select({ email: profiles.email }).from(profiles).where(eq(profiles.id, outcome.policy.profileId)).get()
    const vehicle = db().select().from(vehicles).where(eq(vehicles.id, outcome.activated.vehicleId)).get()
    if (profile && vehicle) await sendActivatedEmail(profile.email, outcome.activated, vehicle, now)
  }
  return outcome.activated ? 'approved' : 'correction_asked'
}
