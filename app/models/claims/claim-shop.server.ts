import { and, asc, eq, inArray } from 'drizzle-orm'

import { db, transaction } from '~/db/client.server'
import { type Claim, claimDocumentDrafts, claims, type Policy } from '~/db/schema'
import { dayOf } from '~/domain/calendar'
import { planYear } from '~/domain/claims'
import { RuleError } from '~/domain/errors'
import { calibrationRequired, type CompletionInput, INVOICE_FIELD_NAMES, SHOP_FILE_FIELDS } from '~/domain/invoice'
import {
  CLAIM_NOT_APPROVED,
  claimCompleted,
  claimCompletedHeld,
  INVOICE_AND_REPAIR_PHOTOS_REQUIRED,
  INVOICE_FIELD_MESSAGES,
  INVOICE_REQUIRED,
  NO_CLAIM_WITH_CODE,
  REPAIR_PHOTOS_REQUIRED,
  REPLACEMENT_NOT_COVERED,
  replacementLimitReached,
  TOO_MANY_REPAIR_PHOTOS,
} from '~/domain/messages'
import { heldInvoiceService, type InvoiceService, invoiceServiceName } from '~/domain/payouts'
import { planName } from '~/domain/plans'
import { MAX_REPAIR_PHOTOS } from '~/domain/uploads'
import { claimCompletedEmail } from '~/emails/claims'
import {
  claimantContact,
  claimContext,
  claimDocumentsOf,
  claimPageUrl,
  findPolicy,
  notify,
  replacementsLeft,
  toClaimant,
} from '~/models/claims/claims.server'
import { recordAudit } from '~/models/operations/audit.server'
import { textClaimStep } from '~/models/people/texts.server'
import { invoiceColumnsOfClaim, recordSubmission } from '~/models/shops/invoice-review.server'
import { priceOfJob } from '~/models/shops/price-schedule.server'
import { stageShopFiles, storeShopDocuments } from '~/models/shops/shop-documents.server'
import { askForRating } from '~/models/shops/shop-ratings.server'
import { shopThumbPath } from '~/services/images.server'
import { type UploadedFile } from '~/services/multipart.server'
import { StagedFiles } from '~/services/staged-files.server'
import { deleteStored, storedFileName } from '~/services/storage.server'

// --- shops: lookup by code and completion ------------------------------------------------------------------------

export type PartnerLookup =
  | { state: 'not_found' }
  | { state: 'pending_review' | 'denied'; code: string }
  | { state: 'completed'; code: string; claimId: string }
  | { state: 'approved'; code: string; details: PartnerClaimDetails }

export type PartnerClaimDetails = {
  claim: { id: string; damageType: Claim['damageType']; description: string; damageDate: string | null }
  customer: { name: string; email: string }
  /** The VIN when the customer gave one: the shop orders the right glass part and calibration by it. */
  vehicle: { year: number; make: string; model: string; licensePlate: string | null; vin: string | null } | null
  planType: Policy['planType']
  /** The plan as the customer bought it ('Comprehensive — Car + ADAS'): the shop sees whether recalibration is covered. */
  planName: string
  partnerGroup: string | null
  replacementsLeft: number
  /** A claim under the repair-failure guarantee: the repaired claim's code. */
  reworkOf: string | null
  /** shopThumbPath: the small copy (for an older photo that has none, /files/ serves its thumbnail). */
  damagePhotos: { id: string; filePath: string; thumbPath: string | null; shopThumbPath: string | null; fileName: string }[]
}

/** The claim behind a well-formed code, or null. */
export function findClaimByCode(code: string): Claim | null {
  return db().select().from(claims).where(eq(claims.confirmationCode, code)).get() ?? null
}

/**
 * What a shop may see of a claim it holds the code of: only an approved, not yet completed claim reveals the
 * customer's details. Rate limits are the route layer's (`app/auth/shop-lookup-limits.server.ts`).
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
      customer: claimantContact(context.profile),
      vehicle: context.vehicle
        ? {
            year: context.vehicle.year,
            make: context.vehicle.make,
            model: context.vehicle.model,
            licensePlate: context.vehicle.licensePlate,
            vin: context.vehicle.vin,
          }
        : null,
      planType: context.policy.planType,
      planName: planName(context.policy),
      partnerGroup: context.partnerGroup?.name ?? null,
      replacementsLeft: replacementsLeft(context.policy, now),
      reworkOf: claim.repairFailureOfClaimId
        ? (db().select({ code: claims.confirmationCode }).from(claims).where(eq(claims.id, claim.repairFailureOfClaimId)).get()?.code ??
          null)
        : null,
      damagePhotos: photos.map((photo) => ({
        id: photo.id,
        filePath: photo.filePath,
        thumbPath: photo.thumbPath,
        // /files/ answers with the thumbnail for an older photo that has no small copy: no lookup per photo here.
        shopThumbPath: shopThumbPath(photo.filePath),
        fileName: photo.fileName,
      })),
    },
  }
}

/** completeClaim's input: the completion's fields (app/validation/invoice.ts `completionInput`) and its files. */
export type CompleteClaimInput = CompletionInput & {
  /** The claim, when the caller already read it (the shop's lookup); otherwise it is read by its code. */
  claim?: Claim
  code: string
  invoice: UploadedFile | null
  repairPhotos: UploadedFile[]
  /** With the invoice's details (the shop's job page): a calibration other than none needs its report, a PDF or a photo. */
  calibrationReport?: UploadedFile | null
  /**
   * The drafts (ids) this post uses: the form lists each file kept from a refused post with a ticked box. Only these are
   * used; the others are deleted by this post, so a post that names none (a bare post, a script, the API) completes
   * with its own files or not at all.
   */
  draftIds?: readonly string[]
  /** Who completes it, for the audit: a signed-in staff member's profile; the code's holder otherwise. */
  actor?: string
  /** What the form's own check found (e.g. a cost like 123.456): reported with every other problem, at once. */
  fieldErrors?: Record<string, string[]>
}

/**
 * The most drafts a claim holds: one invoice and the repair photos of one form. A refused post replaces the drafts of
 * the kinds it brings and their files are deleted at once, so any number of refused posts (a script that sends a bad
 * cost over and over) keeps at most this many files per claim, not one set per post until the daily sweep.
 */
export const MAX_CLAIM_DRAFTS = 2 + MAX_REPAIR_PHOTOS

/** The drafts of a claim a post names, and the others (which that post removes). */
function splitDrafts<Draft extends { id: string }>(drafts: Draft[], draftIds: readonly string[] | undefined) {
  const named = new Set(draftIds ?? [])
  return { used: drafts.filter((draft) => named.has(draft.id)), dropped: drafts.filter((draft) => !named.has(draft.id)) }
}

const filesOf = (drafts: { filePath: string; thumbPath: string | null }[]) =>
  drafts.flatMap((draft) => [draft.filePath, draft.thumbPath ?? []].flat())

/** The files a refused completion kept for this claim, oldest first. */
export function draftsOf(claimId: string, database: Pick<ReturnType<typeof db>, 'select'> = db()) {
  return database
    .select()
    .from(claimDocumentDrafts)
    .where(eq(claimDocumentDrafts.claimId, claimId))
    .orderBy(asc(claimDocumentDrafts.createdAt))
    .all()
}

/** The form's fields in the order their problems are told; the first one names the toast. */
const FIELD_ORDER: string[] = [
  'code',
  'repairType',
  // The invoice's fields in their declaration's order (app/domain/invoice.ts).
  ...INVOICE_FIELD_NAMES,
  'partnerNotes',
  SHOP_FILE_FIELDS.invoice,
  SHOP_FILE_FIELDS.repair_photo,
  SHOP_FILE_FIELDS.calibration_report,
]
const FIELD_TITLES: Record<string, string> = {
  [SHOP_FILE_FIELDS.invoice]: INVOICE_REQUIRED.title,
  [SHOP_FILE_FIELDS.repair_photo]: REPAIR_PHOTOS_REQUIRED.title,
  [SHOP_FILE_FIELDS.calibration_report]: 'Calibration Report Required',
}

/**
 * One refusal for every problem of a shop's submit. The banner tells them all (its title from the first field), as
 * without JavaScript it is the first thing read after the page reloads; each message also stays next to its field.
 */
function shopRefusal(errors: Record<string, string[]>) {
  const fields = [...FIELD_ORDER.filter((field) => errors[field]), ...Object.keys(errors).filter((field) => !FIELD_ORDER.includes(field))]
  const first = fields[0]!
  // Both files missing: one title for the two (the messages already say both, invoice first).
  const title =
    first === SHOP_FILE_FIELDS.invoice && errors[SHOP_FILE_FIELDS.repair_photo]
      ? INVOICE_AND_REPAIR_PHOTOS_REQUIRED.title
      : (FIELD_TITLES[first] ?? 'Error')
  const description = [...new Set(fields.flatMap((field) => errors[field]!))].join(' ')
  return RuleError.from({ title, description }, { field: first, fieldErrors: errors })
}

/**
 * The shop marks an approved claim complete with its invoice and repair photos. Completing a completed claim again
 * changes nothing and reports success (a double-submitted form is harmless). Files are stored before the rows.
 *
 * Every problem is found in one pass (the form's own, the replacement rule, each file that is not a photo, a missing
 * invoice or repair photo) and refused together, as one RuleError with every field's message. The photos that were
 * fine are kept as drafts of the claim, so the shop does not choose them again: the form lists them, and the next
 * submit uses those it names (`draftIds`) unless it brings new ones (a new invoice replaces the draft invoice; new
 * repair photos replace the draft repair photos). A draft the post does not name is never used.
 */
export async function completeClaim(input: CompleteClaimInput, now = new Date()): Promise<{ claim: Claim; alreadyCompleted: boolean }> {
  const checked = checkCompletion(input, now)
  if (checked.done) return { claim: checked.claim, alreadyCompleted: true }
  const { existing, policy, errors, problem } = checked
  const staged = new StagedFiles()
  try {
    const files = await checkFiles(staged, input, existing.id, now, errors, problem)
    if (Object.keys(errors).length) {
      keepDrafts(staged, input, existing.id, files)
      throw shopRefusal(errors)
    }

    let unused: string[] = []
    const result = transaction((tx) => {
      // Decided again inside the transaction: two shops (or two clicks) racing must not both complete it.
      const current = tx.select().from(claims).where(eq(claims.id, existing.id)).get()!
      if (current.approvalStatus === 'completed') return { claim: current, alreadyCompleted: true }
      if (current.approvalStatus !== 'approved') throw RuleError.from(CLAIM_NOT_APPROVED, { field: 'code', status: 409 })
      assertReplacementAllowed(policy, existing, input.repairType, now)
      const used = filesInUse(tx, input, existing.id, files)
      const priced = priceAndHold(tx, current, policy, input, now)
      const row = writeCompletion(tx, input, existing, used, priced, now)
      unused = used.unused
      staged.commit()
      return { claim: row, alreadyCompleted: false }
    })
    // Completed by someone else meanwhile: nothing of this submission is kept.
    if (result.alreadyCompleted) staged.discard()
    else {
      if (unused.length) deleteStored(unused)
      await tellCompletion(result.claim.id)
    }
    return result
  } catch (error) {
    staged.discard()
    throw error
  }
}

type Problem = (field: string, message: string) => void

/**
 * Check: the claim by its code (done already, or approved), and every rule the fields break, collected rather than
 * thrown (the form's own errors, the replacement rule, a calibration a replacement with ADAS needs named).
 */
function checkCompletion(
  input: CompleteClaimInput,
  now: Date,
): { done: true; claim: Claim } | { done: false; existing: Claim; policy: Policy; errors: Record<string, string[]>; problem: Problem } {
  // The route usually looked the claim up already (with the shop's rate limits): read it only when it did not.
  const existing = input.claim ?? findClaimByCode(input.code)
  if (!existing) throw RuleError.from(NO_CLAIM_WITH_CODE, { field: 'code', status: 404 })
  if (existing.approvalStatus === 'completed') return { done: true, claim: existing }
  if (existing.approvalStatus !== 'approved') {
    throw RuleError.from(CLAIM_NOT_APPROVED, { field: 'code', status: 409 })
  }
  const policy = findPolicy(existing.policyId)!
  const errors: Record<string, string[]> = Object.fromEntries(
    Object.entries(input.fieldErrors ?? {}).map(([key, list]) => [key, [...list]]),
  )
  const problem: Problem = (field, message) => (errors[field] ??= []).push(message)
  // The forms cannot send more (their readers stop at this many files); the drafts' cap relies on it.
  if (input.repairPhotos.length > MAX_REPAIR_PHOTOS) {
    throw RuleError.from(TOO_MANY_REPAIR_PHOTOS, { field: SHOP_FILE_FIELDS.repair_photo, status: 413 })
  }
  try {
    assertReplacementAllowed(policy, existing, input.repairType, now)
  } catch (error) {
    if (!(error instanceof RuleError)) throw error
    problem(error.field, error.message)
  }
  // The shop's page sends the invoice's details: a replacement on a plan with ADAS needs its calibration named.
  if (
    input.invoiceDetails &&
    input.invoiceDetails.adasCalibration === 'none' &&
    !errors.adasCalibration &&
    calibrationRequired({ planHasAdas: policy.hasAdas, repairType: input.repairType })
  ) {
    problem('adasCalibration', INVOICE_FIELD_MESSAGES.calibrationRequired)
  }
  return { done: false, existing, policy, errors, problem }
}

type StagedFile = Awaited<ReturnType<typeof stageShopFiles>>[number]
type CompletionFiles = { calibrated: boolean; newInvoice?: StagedFile; newRepairs: StagedFile[]; newReport?: StagedFile }

/**
 * Check, of the files: this post's are staged (each that is not a photo is a problem), and the invoice, the repair
 * photos and the calibration's report must be there, new or kept as drafts.
 */
async function checkFiles(
  staged: StagedFiles,
  input: CompleteClaimInput,
  claimId: string,
  now: Date,
  errors: Record<string, string[]>,
  problem: Problem,
): Promise<CompletionFiles> {
  // A report is kept only with a calibration to report (one sent with 'none' is not stored at all).
  const calibrated = Boolean(input.invoiceDetails && input.invoiceDetails.adasCalibration !== 'none')
  const fresh = await stageShopFiles(
    staged,
    {
      claimId,
      now,
      invoice: input.invoice,
      repairPhotos: input.repairPhotos,
      calibrationReport: calibrated ? (input.calibrationReport ?? null) : null,
    },
    problem,
  )
  const drafts = splitDrafts(draftsOf(claimId), input.draftIds).used
  const newInvoice = fresh.find((file) => file.documentType === 'invoice')
  const newRepairs = fresh.filter((file) => file.documentType === 'repair_photo')
  const invoice = newInvoice ?? drafts.find((file) => file.documentType === 'invoice')
  const repairs = newRepairs.length ? newRepairs : drafts.filter((file) => file.documentType === 'repair_photo')
  const { invoice: invoiceField, repair_photo: repairsField, calibration_report: reportField } = SHOP_FILE_FIELDS
  if (!invoice && !errors[invoiceField]) problem(invoiceField, INVOICE_REQUIRED.description)
  if (!repairs.length && !errors[repairsField]) problem(repairsField, REPAIR_PHOTOS_REQUIRED.description)
  const newReport = fresh.find((file) => file.documentType === 'calibration_report')
  const report = newReport ?? drafts.find((file) => file.documentType === 'calibration_report')
  if (calibrated && !report && !errors[reportField]) problem(reportField, INVOICE_FIELD_MESSAGES.calibrationReportRequired)
  return { calibrated, newInvoice, newRepairs, newReport }
}

/**
 * Refused: keep what was fine as drafts (replacing the drafts of the same kind), so the good photos are not lost to one
 * wrong field; the files of the drafts they replace are deleted at once, as are those of the drafts this post did not
 * name (the shop removed them).
 */
function keepDrafts(staged: StagedFiles, input: CompleteClaimInput, claimId: string, files: CompletionFiles) {
  const { newInvoice, newRepairs, newReport } = files
  const replaced = transaction((tx) => {
    const { dropped } = splitDrafts(draftsOf(claimId, tx), input.draftIds)
    if (dropped.length) {
      tx.delete(claimDocumentDrafts)
        .where(
          inArray(
            claimDocumentDrafts.id,
            dropped.map((draft) => draft.id),
          ),
        )
        .run()
    }
    const gone: string[] = filesOf(dropped)
    for (const [kind, kept] of [
      ['invoice', newInvoice ? [newInvoice] : []],
      ['repair_photo', newRepairs],
      ['calibration_report', newReport ? [newReport] : []],
    ] as const) {
      if (!kept.length) continue
      const old = tx
        .delete(claimDocumentDrafts)
        .where(and(eq(claimDocumentDrafts.claimId, claimId), eq(claimDocumentDrafts.documentType, kind)))
        .returning()
        .all()
      gone.push(...filesOf(old))
      for (const file of kept)
        tx.insert(claimDocumentDrafts)
          .values({ claimId, ...file, fileName: storedFileName(file.fileName) })
          .run()
    }
    staged.commit()
    return gone
  })
  if (replaced.length) deleteStored(replaced)
}

type Tx = Parameters<Parameters<typeof transaction>[0]>[0]

/**
 * Check, inside the transaction: the files this completion keeps, from the drafts as they are now (a refused post
 * racing this one may have replaced, and deleted, those read before), and the drafts' files it leaves unused.
 */
function filesInUse(tx: Tx, input: CompleteClaimInput, claimId: string, files: CompletionFiles) {
  const { calibrated, newInvoice, newRepairs, newReport } = files
  const allDrafts = draftsOf(claimId, tx)
  const currentDrafts = splitDrafts(allDrafts, input.draftIds).used
  const useInvoice = newInvoice ?? currentDrafts.find((file) => file.documentType === 'invoice')
  const useRepairs = newRepairs.length ? newRepairs : currentDrafts.filter((file) => file.documentType === 'repair_photo')
  if (!useInvoice) throw RuleError.from(INVOICE_REQUIRED, { field: SHOP_FILE_FIELDS.invoice })
  if (!useRepairs.length) throw RuleError.from(REPAIR_PHOTOS_REQUIRED, { field: SHOP_FILE_FIELDS.repair_photo })
  const useReport = calibrated ? (newReport ?? currentDrafts.find((file) => file.documentType === 'calibration_report')) : undefined
  if (calibrated && !useReport) {
    throw RuleError.from(
      { title: FIELD_TITLES[SHOP_FILE_FIELDS.calibration_report]!, description: INVOICE_FIELD_MESSAGES.calibrationReportRequired },
      { field: SHOP_FILE_FIELDS.calibration_report },
    )
  }
  const documents = [useInvoice, ...useRepairs, ...(useReport ? [useReport] : [])]
  const used = new Set(documents.map((file) => file.filePath))
  return { documents, unused: filesOf(allDrafts.filter((draft) => !used.has(draft.filePath))) }
}

/**
 * Price and hold: the price is fixed now, from the version the job was given under (decision 087): no later version
 * changes it. Above that price, the invoice waits for the operator before it can be approved for payment.
 */
function priceAndHold(tx: Tx, current: Claim, policy: Policy, input: CompleteClaimInput, now: Date) {
  const details = input.invoiceDetails
  const priced = priceOfJob(
    current,
    {
      repairType: input.repairType,
      vehicleType: policy.vehicleType,
      hasAdas: Boolean(policy.hasAdas),
      adasCalibration: details?.adasCalibration ?? null,
      mobile: current.serviceAt === 'mobile',
    },
    now,
    tx,
  )
  const heldFor = heldInvoiceService({
    repairType: input.repairType,
    vehicleType: policy.vehicleType,
    adasCalibration: details?.adasCalibration ?? null,
    actualCostCents: input.actualCostCents,
    priceCents: priced.priceCents,
  })
  return { ...priced, heldFor }
}

/** Write: the claim completed with its invoice, its documents, the invoice's first submission, and the audit. */
function writeCompletion(
  tx: Tx,
  input: CompleteClaimInput,
  existing: Claim,
  { documents }: ReturnType<typeof filesInUse>,
  priced: ReturnType<typeof priceAndHold>,
  now: Date,
) {
  const details = input.invoiceDetails
  const row = tx
    .update(claims)
    .set({
      approvalStatus: 'completed',
      completedAt: now.toISOString(),
      repairType: input.repairType,
      actualCostCents: input.actualCostCents,
      partnerNotes: input.partnerNotes,
      invoiceHeldFor: priced.heldFor,
      priceScheduleId: priced.scheduleId,
      scheduledPriceCents: priced.priceCents,
      ...(details
        ? {
            partNumber: details.partNumber,
            laborHours: details.laborHours,
            kitMoulding: details.kitMoulding,
            adasCalibration: details.adasCalibration,
          }
        : {}),
    })
    .where(eq(claims.id, existing.id))
    .returning()
    .get()
  storeShopDocuments(tx, { claimId: existing.id, policyId: existing.policyId, files: documents })
  // The invoice as sent: the first of its submissions, which the operator accepts or rejects.
  recordSubmission(tx, { claimId: existing.id, actor: input.actor ?? null, fields: invoiceColumnsOfClaim(row), now })
  // The drafts are documents now, or were replaced by this post's files (those are deleted after the transaction).
  tx.delete(claimDocumentDrafts).where(eq(claimDocumentDrafts.claimId, existing.id)).run()
  recordAudit(tx, {
    actor: input.actor ?? `partner:${input.code}`,
    action: 'claim.completed',
    entityId: existing.id,
    detail: { repairType: input.repairType, actualCostCents: input.actualCostCents, documents: documents.length, ...details },
  })
  if (priced.heldFor) {
    recordAudit(tx, {
      actor: input.actor ?? `partner:${input.code}`,
      action: 'claim.invoice_held',
      entityId: existing.id,
      detail: { service: priced.heldFor, amountCents: input.actualCostCents, ceilingCents: priced.priceCents },
    })
  }
  return row
}

/** Tell: the customer's e-mail and text that the job is done, and the one ask how the shop did. */
async function tellCompletion(claimId: string) {
  await notify(claimId, async ({ claim, profile, partnerGroup }) =>
    toClaimant(profile, {
      ...(await claimCompletedEmail({
        confirmationCode: claim.confirmationCode,
        repairType: claim.repairType ?? 'repair',
        partnerGroup: partnerGroup?.name ?? null,
        claimUrl: claimPageUrl(claim.confirmationCode),
      })),
      tag: 'claim-completed',
    }),
  )
  await textClaimStep(claimId, 'claim_done')
  // Asked once, now the job is done: how the shop did (every rating is shown, app/domain/ratings.ts).
  await askForRating(claimId)
}

/**
 * What the shop is told once a job is completed: that it is done, and when its invoice is above its service's ceiling,
 * that the invoice is held for review before it is paid. `name` is how the page names the claim (its code, or its id).
 */
export function completedMessage(claim: Pick<Claim, 'confirmationCode' | 'invoiceHeldFor'>, name = claim.confirmationCode) {
  return claim.invoiceHeldFor ? claimCompletedHeld(name, invoiceServiceName(claim.invoiceHeldFor as InvoiceService)) : claimCompleted(name)
}

function assertReplacementAllowed(
  policy: Policy,
  claim: Pick<Claim, 'repairFailureOfClaimId'>,
  repairType: 'repair' | 'replacement',
  now: Date,
) {
  if (repairType !== 'replacement') return
  // The repair-failure guarantee covers the replacement on both plans, outside the plan year's allowance.
  if (claim.repairFailureOfClaimId) return
  if (policy.planType === 'chip_only') {
    throw RuleError.from(REPLACEMENT_NOT_COVERED, { field: 'repairType' })
  }
  if (replacementsLeft(policy, now) === 0) {
    const { end } = planYear(policy, now)
    throw RuleError.from(replacementLimitReached(dayOf(end)), { field: 'repairType' })
  }
}
