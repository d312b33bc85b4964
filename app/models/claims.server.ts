import fs from 'node:fs'

import { and, asc, desc, eq, inArray, isNotNull } from 'drizzle-orm'

import { clientNetwork, hit } from '~/auth/rate-limit.server'
import { type Db, db, transaction } from '~/db/client.server'
import { createId } from '~/db/ids'
import {
  auditLog,
  type Claim,
  type ClaimDocument,
  claimDocuments,
  claims,
  type PartnerGroup,
  partnerGroups,
  policies,
  type Policy,
  type Profile,
  profiles,
  rateLimits,
  type Vehicle,
  vehicles,
} from '~/db/schema'
import {
  allowedDamageTypes,
  APPEAL_WINDOW_DAYS,
  appealDeadline,
  canAppeal,
  generateConfirmationCode,
  isFiledLate,
  isFutureDate,
  normalizeCode,
  planYear,
  REPLACEMENTS_PER_PLAN_YEAR,
  replacementsLeftOf,
  responseHoursLeft,
} from '~/domain/claims'
import { RuleError } from '~/domain/errors'
import { ACCESS_DENIED, type Message, POLICY_NOT_ACTIVE } from '~/domain/messages'
import { claimFilingRefusal, type FilingRefusal } from '~/domain/policies'
import { MAX_CLAIM_PHOTOS } from '~/domain/uploads'
import {
  claimAppealReceivedEmail,
  claimApprovedEmail,
  claimCompletedEmail,
  claimDeniedEmail,
  claimReceivedEmail,
  operatorClaimEmail,
} from '~/emails/claims'
import { env } from '~/env.server'
import { sendEmail } from '~/services/email.server'
import {
  prepareImage,
  shopCopy,
  shopThumbPath,
  StagedFiles,
  storedFileName,
  type UploadedFile,
  uploadsPath,
} from '~/services/storage.server'

/**
 * Claims (DESIGN §6 "Claim states"): filing, the operator's decision, the customer's appeal and the shop's completion
 * by confirmation code. Plain functions over the database; routes only authenticate, parse and respond.
 */

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

/** The toast of each refusal of claimFilingRefusal (SPEC §5 "Claim access"). */
export const FILING_REFUSALS: Record<FilingRefusal, Message> = {
  access_denied: ACCESS_DENIED,
  not_active: POLICY_NOT_ACTIVE,
}

export function findPolicy(policyId: string) {
  return db().select().from(policies).where(eq(policies.id, policyId)).get() ?? null
}

export type SubmitClaimInput = {
  profile: Pick<Profile, 'id'>
  policyId: string
  damageType: 'chip' | 'crack'
  description: string
  damageDate: string
  photos: UploadedFile[]
}

/**
 * Files a claim. Order matters (DESIGN §6 "Uploads"): every photo is stored first (sharp refuses non-images), then
 * the claim and its claim_documents rows are written in one transaction; if anything fails the stored files are
 * removed again, so a failure leaves neither rows nor files behind.
 */
export async function submitClaim(input: SubmitClaimInput, now = new Date()): Promise<Claim> {
  const policy = findPolicy(input.policyId)
  const refused = claimFilingRefusal(policy, input.profile.id)
  if (refused) {
    const refusal = FILING_REFUSALS[refused]
    throw new RuleError('form', refusal.description, refusal.title, refused === 'access_denied' ? 404 : 400)
  }
  if (!allowedDamageTypes(policy!).includes(input.damageType)) {
    throw new RuleError('damageType', 'Your chip repair plan covers chip damage only.', 'Not Covered')
  }
  if (isFutureDate(input.damageDate, now)) {
    throw new RuleError('damageDate', 'The damage date cannot be in the future.', 'Check the Date')
  }
  if (input.photos.length === 0) {
    throw new RuleError('photos', 'Please upload at least one photo of the damage.', 'Photos Required')
  }
  if (input.photos.length > MAX_CLAIM_PHOTOS) {
    throw new RuleError('photos', `Please upload no more than ${MAX_CLAIM_PHOTOS} photos.`, 'Too Many Photos', 413)
  }

  const claimId = createId()
  const stamp = now.getTime()
  // Files first (DESIGN §6), under temporary names: renamed into place as the transaction's last step.
  const staged = new StagedFiles()
  const stored: { filePath: string; thumbPath: string; fileName: string }[] = []
  try {
    for (const [index, photo] of input.photos.entries()) {
      stored.push({
        ...(await stageDamagePhoto(staged, photo, `claim-documents/${claimId}/${stamp}_damage_${index + 1}`)),
        fileName: photo.fileName,
      })
    }
    return transaction((tx) => {
      const row = tx
        .insert(claims)
        .values({
          id: claimId,
          policyId: policy!.id,
          damageType: input.damageType,
          description: input.description,
          damageDate: input.damageDate,
          filedLate: isFiledLate(input.damageDate, now),
          lifecycleStatus: 'submitted',
          approvalStatus: 'pending_review',
          confirmationCode: unusedConfirmationCode(),
          submittedAt: now.toISOString(),
        })
        .returning()
        .get()
      for (const file of stored) {
        tx.insert(claimDocuments)
          .values({
            claimId,
            documentType: 'damage_photo',
            filePath: file.filePath,
            thumbPath: file.thumbPath,
            fileName: storedFileName(file.fileName),
            uploadedByProfileId: input.profile.id,
          })
          .run()
      }
      audit(tx, input.profile.id, 'claim.submitted', claimId, {
        code: row.confirmationCode,
        filedLate: row.filedLate,
        photos: stored.length,
      })
      staged.commit()
      return row
    })
  } catch (error) {
    staged.discard()
    // The claim's folder was new and is empty again; remove it too, so nothing at all is left behind.
    fs.rmSync(uploadsPath(`claim-documents/${claimId}`), { recursive: true, force: true })
    throw error
  }
}

/** Stages a damage photo: the clean copy and thumbnail, plus the shop's small copy (all by the storage service). */
export async function stageDamagePhoto(staged: StagedFiles, file: UploadedFile, relPathWithoutExt: string) {
  const image = await prepareImage(file)
  const paths = await staged.addImage(image, relPathWithoutExt)
  await staged.add(shopThumbPath(paths.filePath), await shopCopy(image))
  return paths
}

/** After a claim is filed: a receipt to the customer and a note to the operator. Never throws. */
export async function notifyClaimSubmitted(claimId: string) {
  try {
    const context = claimContext(claimId)
    if (!context) return false
    const { claim, profile } = context
    const receipt = claimReceivedEmail({
      claimId: claim.id,
      confirmationCode: claim.confirmationCode,
      dashboardUrl: `${env().APP_URL}/customer#claims`,
    })
    await sendEmail({ to: profile.email, ...receipt, tag: 'claim-received' })
    const operator = operatorEmailFor('new', context)
    for (const to of operatorAddresses()) await sendEmail({ to, ...operator, tag: 'claim-submitted-operator' })
    return true
  } catch (error) {
    console.error(`Claim ${claimId}: submission e-mails failed`, error)
    return false
  }
}

function operatorAddresses() {
  const admins = env().ADMIN_EMAILS
  return admins.length ? admins : [env().SUPPORT_EMAIL]
}

// --- the customer's view -----------------------------------------------------------------------------------------

/** A claim of this customer's (through its policy), or null for anyone else's. */
export function getClaimForProfile(profileId: string, claimId: string) {
  const row = db()
    .select({ claim: claims, policy: policies })
    .from(claims)
    .innerJoin(policies, eq(policies.id, claims.policyId))
    .where(and(eq(claims.id, claimId), eq(policies.profileId, profileId)))
    .get()
  return row ?? null
}

/** The customer appeals a denial (once, within 14 days): the claim goes back to the operator's queue. */
export async function appealClaim(input: { profileId: string; claimId: string; appealText: string }, now = new Date()) {
  const claim = transaction((tx) => {
    const found = getClaimForProfile(input.profileId, input.claimId)
    if (!found) throw new RuleError('form', 'Claim not found.', 'Not Found', 404)
    if (!canAppeal(found.claim, now)) {
      throw new RuleError(
        'form',
        `This claim can no longer be appealed. Denials may be appealed once, within ${APPEAL_WINDOW_DAYS} days.`,
        'Appeal Not Possible',
      )
    }
    const row = tx
      .update(claims)
      .set({ approvalStatus: 'pending_review', lifecycleStatus: 'in_review', appealText: input.appealText, appealedAt: now.toISOString() })
      .where(and(eq(claims.id, input.claimId), eq(claims.approvalStatus, 'denied')))
      .returning()
      .get()
    audit(tx, input.profileId, 'claim.appealed', input.claimId, {})
    return row
  })
  await notify(claim.id, (context) => {
    const { claim: current, profile } = context
    const received = claimAppealReceivedEmail({
      claimId: current.id,
      confirmationCode: current.confirmationCode,
      dashboardUrl: `${env().APP_URL}/customer#claims`,
    })
    const operator = operatorEmailFor('appeal', context)
    return [
      { to: profile.email, ...received, tag: 'claim-appeal-received' },
      ...operatorAddresses().map((to) => ({ to, ...operator, tag: 'claim-appeal-operator' })),
    ]
  })
  return claim
}

// --- the operator's review ---------------------------------------------------------------------------------------

export type QueueEntry = {
  claim: Claim
  customerName: string | null
  customerEmail: string
  planType: Policy['planType']
  /** Hours left on the 48-hour response promise; negative when overdue. Appeals count from the appeal. */
  hoursLeft: number
}

/** Claims waiting for a decision, oldest first (by submission, or by appeal for appeals). */
export function reviewQueue(now = new Date()): QueueEntry[] {
  const rows = db()
    .select({ claim: claims, email: profiles.email, fullName: profiles.fullName, planType: policies.planType })
    .from(claims)
    .innerJoin(policies, eq(policies.id, claims.policyId))
    .innerJoin(profiles, eq(profiles.id, policies.profileId))
    .where(eq(claims.approvalStatus, 'pending_review'))
    .orderBy(asc(claims.submittedAt))
    .all()
  return rows
    .map((row) => ({
      claim: row.claim,
      customerName: row.fullName,
      customerEmail: row.email,
      planType: row.planType,
      hoursLeft: responseHoursLeft(row.claim, now),
    }))
    .sort((a, b) => waitingSince(a.claim) - waitingSince(b.claim))
}

function waitingSince(claim: Pick<Claim, 'submittedAt' | 'appealedAt'>) {
  return Date.parse(claim.appealedAt ?? claim.submittedAt)
}

/** Recently decided claims, newest decision first, for the console's second list. */
export function recentlyDecided(limit = 20) {
  return db()
    .select({ claim: claims, email: profiles.email, fullName: profiles.fullName, groupName: partnerGroups.name })
    .from(claims)
    .innerJoin(policies, eq(policies.id, claims.policyId))
    .innerJoin(profiles, eq(profiles.id, policies.profileId))
    .leftJoin(partnerGroups, eq(partnerGroups.id, claims.assignedPartnerGroupId))
    .where(isNotNull(claims.reviewedAt))
    .orderBy(desc(claims.reviewedAt))
    .limit(limit)
    .all()
}

type ClaimContext = { claim: Claim; policy: Policy; profile: Profile; vehicle: Vehicle | null; partnerGroup: PartnerGroup | null }

/** The operator's e-mail about a new claim or an appeal, with what the review queue needs at a glance. */
function operatorEmailFor(kind: 'new' | 'appeal', { claim, profile, policy, vehicle }: Omit<ClaimContext, 'partnerGroup'>) {
  return operatorClaimEmail({
    kind,
    claimId: claim.id,
    confirmationCode: claim.confirmationCode,
    customer: profile.fullName || profile.email,
    planType: policy.planType,
    damageType: claim.damageType,
    vehicle: vehicle ? `${vehicle.year} ${vehicle.make} ${vehicle.model}` : null,
    filedLate: claim.filedLate,
    reviewUrl: `${env().APP_URL}/admin/claims/${claim.id}`,
  })
}

function claimContext(claimId: string): ClaimContext | null {
  const row = db()
    .select({ claim: claims, policy: policies, profile: profiles, vehicle: vehicles, partnerGroup: partnerGroups })
    .from(claims)
    .innerJoin(policies, eq(policies.id, claims.policyId))
    .innerJoin(profiles, eq(profiles.id, policies.profileId))
    .leftJoin(vehicles, eq(vehicles.id, policies.vehicleId))
    .leftJoin(partnerGroups, eq(partnerGroups.id, claims.assignedPartnerGroupId))
    .where(eq(claims.id, claimId))
    .get()
  return row ?? null
}

export function claimDocumentsOf(claimId: string): ClaimDocument[] {
  return db()
    .select()
    .from(claimDocuments)
    .where(eq(claimDocuments.claimId, claimId))
    .orderBy(asc(claimDocuments.createdAt), asc(claimDocuments.filePath))
    .all()
}

/** Everything the operator's claim page shows. */
export function claimForReview(claimId: string, now = new Date()) {
  const context = claimContext(claimId)
  if (!context) return null
  const previousClaims = db()
    .select()
    .from(claims)
    .where(eq(claims.policyId, context.policy.id))
    .orderBy(desc(claims.submittedAt))
    .all()
    .filter((claim) => claim.id !== claimId)
  const history = db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, 'claim'), eq(auditLog.entityId, claimId)))
    .orderBy(asc(auditLog.id))
    .all()
  return {
    ...context,
    documents: claimDocumentsOf(claimId),
    previousClaims,
    history,
    replacementsLeft: replacementsLeft(context.policy, now),
    hoursLeft: responseHoursLeft(context.claim, now),
  }
}

export function activePartnerGroups() {
  return db().select().from(partnerGroups).where(eq(partnerGroups.isActive, true)).orderBy(asc(partnerGroups.name)).all()
}

/** The operator approves a pending claim and assigns the partner group that will do the work. */
export async function approveClaim(input: { claimId: string; partnerGroupId: string; actorId: string }, now = new Date()) {
  const claim = transaction((tx) => {
    const group = tx
      .select()
      .from(partnerGroups)
      .where(and(eq(partnerGroups.id, input.partnerGroupId), eq(partnerGroups.isActive, true)))
      .get()
    // A stale page or a hand-made post may name a group that is gone or inactive: a message, never a foreign-key error.
    if (!group)
      throw new RuleError(
        'partnerGroupId',
        'That partner group does not exist or is not active. Please choose one from the list.',
        'Partner Group Required',
      )
    const row = tx
      .update(claims)
      .set({
        approvalStatus: 'approved',
        lifecycleStatus: 'approved',
        assignedPartnerGroupId: group.id,
        reviewedAt: now.toISOString(),
        reviewedBy: input.actorId,
      })
      .where(and(eq(claims.id, input.claimId), eq(claims.approvalStatus, 'pending_review')))
      .returning()
      .get()
    if (!row) throw notPending(input.claimId)
    audit(tx, input.actorId, 'claim.approved', row.id, {
      partnerGroupId: group.id,
      partnerGroup: group.name,
      appeal: Boolean(row.appealedAt),
    })
    return row
  })
  await notify(claim.id, ({ claim: current, profile, partnerGroup }) => [
    {
      to: profile.email,
      ...claimApprovedEmail({
        claimId: current.id,
        confirmationCode: current.confirmationCode,
        partnerGroup: partnerGroup?.name ?? 'our partner shop',
        partnerPhone: partnerGroup?.phone ?? null,
        partnerEmail: partnerGroup?.email ?? null,
        dashboardUrl: `${env().APP_URL}/customer#claims`,
      }),
      tag: 'claim-approved',
    },
  ])
  return claim
}

/** The operator denies a pending claim; the reason is required and is shown to the customer. */
export async function denyClaim(input: { claimId: string; reason: string; actorId: string }, now = new Date()) {
  const reason = input.reason.trim()
  if (!reason) throw new RuleError('reason', 'Please give the reason for the denial.', 'Reason Required')
  const claim = transaction((tx) => {
    const row = tx
      .update(claims)
      .set({
        approvalStatus: 'denied',
        lifecycleStatus: 'denied',
        denialReason: reason,
        reviewedAt: now.toISOString(),
        reviewedBy: input.actorId,
        assignedPartnerGroupId: null,
      })
      .where(and(eq(claims.id, input.claimId), eq(claims.approvalStatus, 'pending_review')))
      .returning()
      .get()
    if (!row) throw notPending(input.claimId)
    audit(tx, input.actorId, 'claim.denied', row.id, { reason, appeal: Boolean(row.appealedAt) })
    return row
  })
  await notify(claim.id, ({ claim: current, profile }) => [
    {
      to: profile.email,
      ...claimDeniedEmail({
        claimId: current.id,
        confirmationCode: current.confirmationCode,
        reason,
        // A decided appeal is final; a first denial may be appealed within 14 days.
        appealUntil: appealDeadline({ approvalStatus: 'denied', reviewedAt: now.toISOString(), appealedAt: current.appealedAt }),
        appealUrl: `${env().APP_URL}/customer/claims/${current.id}/appeal`,
        supportEmail: env().SUPPORT_EMAIL,
      }),
      tag: 'claim-denied',
    },
  ])
  return claim
}

function notPending(claimId: string) {
  const current = db().select({ status: claims.approvalStatus }).from(claims).where(eq(claims.id, claimId)).get()
  if (!current) return new RuleError('form', 'Claim not found.', 'Not Found', 404)
  return new RuleError('form', `This claim was already decided (${current.status.replace('_', ' ')}).`, 'Already Decided', 409)
}

// --- replacements ------------------------------------------------------------------------------------------------

/** Replacements left this plan year (domain rule), counting the policy's completed replacements. */
export function replacementsLeft(policy: Pick<Policy, 'id' | 'planType' | 'coverageStartDate' | 'createdAt'>, now = new Date()) {
  if (REPLACEMENTS_PER_PLAN_YEAR[policy.planType] === 0) return 0
  const completedAts = db()
    .select({ completedAt: claims.completedAt })
    .from(claims)
    .where(and(eq(claims.policyId, policy.id), eq(claims.approvalStatus, 'completed'), eq(claims.repairType, 'replacement')))
    .all()
    .map((row) => row.completedAt)
  return replacementsLeftOf(policy, completedAts, now)
}

// --- shops: lookup by code and completion ------------------------------------------------------------------------

/** 10 wrong codes from one address (IPv6: one /64) in 10 minutes, then 30 minutes of refusals (DESIGN §6). */
export const WRONG_CODE_LIMIT = { limit: 10, windowMs: 10 * 60 * 1000, blockMs: 30 * 60 * 1000 }
/** Any one code: 30 lookups in 10 minutes is far more than a shop needs. */
export const PER_CODE_LIMIT = { limit: 30, windowMs: 10 * 60 * 1000, blockMs: 30 * 60 * 1000 }
/**
 * Wrong codes over the whole site, from all addresses together: far more than shops mistype, far fewer than guessing
 * needs (31^6 codes). Past it, lookups from addresses we don't know as shops are refused for 30 minutes.
 */
export const SITE_WRONG_CODE_LIMIT = { limit: 200, windowMs: 10 * 60 * 1000, blockMs: 30 * 60 * 1000 }
/** How many addresses one approved claim's code can make known shops in a day (a shop's PC, its phone, a second PC). */
export const KNOWN_SHOP_GRANTS_PER_CODE = { limit: 3, windowMs: 24 * 60 * 60 * 1000 }
const SITE_KEY = 'claim-code:wrong:site'
const KNOWN_SHOP_MS = 24 * 60 * 60 * 1000

export class RateLimitedError extends Error {
  constructor(
    public retryAfterSeconds: number,
    /** Whose guessing was limited: this address, this code, or the whole site's (then the message must not blame the shop). */
    public scope: 'address' | 'code' | 'site' = 'address',
  ) {
    super('Too many attempts')
    this.name = 'RateLimitedError'
  }
}

function blockedFor(key: string, now = Date.now()) {
  const row = db().select({ blockedUntil: rateLimits.blockedUntil }).from(rateLimits).where(eq(rateLimits.key, key)).get()
  return row?.blockedUntil && row.blockedUntil > now ? Math.ceil((row.blockedUntil - now) / 1000) : 0
}

/** An address (network) that looked up an approved or completed claim in the last day: a shop at work. */
function isKnownShop(network: string, now: number) {
  const row = db()
    .select({ at: rateLimits.windowStartedAt })
    .from(rateLimits)
    .where(eq(rateLimits.key, `claim-code:known:${network}`))
    .get()
  return Boolean(row && now - row.at < KNOWN_SHOP_MS)
}

/** Kept in rate_limits so the daily prune forgets it a day after its last use. */
function rememberKnownShop(network: string, code: string, now: number) {
  if (!isKnownShop(network, now)) {
    // One customer's own code must not turn a whole botnet into "known shops".
    if (!hit(`claim-code:grants:${code}`, KNOWN_SHOP_GRANTS_PER_CODE, now).allowed) return
  }
  const key = `claim-code:known:${network}`
  db()
    .insert(rateLimits)
    .values({ key, windowStartedAt: now, count: 1, blockedUntil: null })
    .onConflictDoUpdate({ target: rateLimits.key, set: { windowStartedAt: now } })
    .run()
}

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

/**
 * A shop looks a claim up by its code. Rate limited per address (wrong codes only; IPv6 by /64), per code, and across
 * the whole site (wrong codes only); throws RateLimitedError. Only an approved, not yet completed claim reveals the
 * customer's details.
 *
 * The site-wide cap answers an attacker who spreads guesses over many addresses, each under its own limit. While it
 * is passed, lookups are refused *before the code is looked at*, right or wrong alike: refusing only wrong codes would
 * tell the attacker which guess was right, and the cap would protect nothing. Shops keep working through it: an
 * address that looked up an approved or completed claim in the last day is a known shop and is not refused (its own
 * per-address limit still applies). A new shop waits out the block (30 minutes) or calls us.
 */
export function lookupClaimByCode(rawCode: unknown, clientAddress: string, now = new Date()): PartnerLookup {
  const at = now.getTime()
  const network = clientNetwork(clientAddress)
  const ipKey = `claim-code:ip:${network}`
  const ipWait = blockedFor(ipKey, at)
  if (ipWait) throw new RateLimitedError(ipWait, 'address')
  const knownShop = isKnownShop(network, at)
  const siteWait = blockedFor(SITE_KEY, at)
  if (siteWait && !knownShop) throw new RateLimitedError(siteWait, 'site')
  const code = normalizeCode(rawCode)
  if (code) {
    const perCode = hit(`claim-code:code:${code}`, PER_CODE_LIMIT, at)
    if (!perCode.allowed) throw new RateLimitedError(perCode.retryAfterSeconds, 'code')
  }
  const claim = code ? db().select().from(claims).where(eq(claims.confirmationCode, code)).get() : undefined
  if (!code || !claim) {
    const wrong = hit(ipKey, WRONG_CODE_LIMIT, at)
    if (!wrong.allowed) throw new RateLimitedError(wrong.retryAfterSeconds, 'address')
    // Only well-formed codes are guesses at the code space; a typo like "CS-12" is the address's business alone.
    if (code) {
      const site = hit(SITE_KEY, SITE_WRONG_CODE_LIMIT, at)
      if (!site.allowed && !knownShop) throw new RateLimitedError(site.retryAfterSeconds, 'site')
    }
    return { state: 'not_found' }
  }
  if (claim.approvalStatus === 'approved' || claim.approvalStatus === 'completed') rememberKnownShop(network, code, at)
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
  const existing = db().select().from(claims).where(eq(claims.confirmationCode, input.code)).get()
  if (!existing) throw new RuleError('code', 'No claim has this confirmation code.', 'Claim Not Found', 404)
  if (existing.approvalStatus === 'completed') return { claim: existing, alreadyCompleted: true }
  if (existing.approvalStatus !== 'approved') {
    throw new RuleError('code', 'This claim is not approved for service yet.', 'Not Approved', 409)
  }
  const policy = findPolicy(existing.policyId)!
  assertReplacementAllowed(policy, input.repairType, now)
  if (!input.invoice) throw new RuleError('invoice', 'Please upload an invoice photo.', 'Invoice Required')
  if (input.repairPhotos.length === 0)
    throw new RuleError('repairPhotos', 'Please upload at least one repair photo.', 'Repair Photos Required')

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

// --- shared ------------------------------------------------------------------------------------------------------

function audit(tx: Db, actor: string, action: string, claimId: string, detail: Record<string, unknown>) {
  tx.insert(auditLog).values({ actor, action, entityType: 'claim', entityId: claimId, detail }).run()
}

type Outgoing = { to: string; subject: string; html: string; text: string; tag: string }

/** E-mails about a claim, after its transaction committed. A failure is logged, never undoes the decision. */
async function notify(claimId: string, build: (context: ClaimContext) => Outgoing[]) {
  try {
    const context = claimContext(claimId)
    if (!context) return
    for (const message of build(context)) await sendEmail(message)
  } catch (error) {
    console.error(`Claim ${claimId}: e-mail failed`, error)
  }
}

/** Claims of these policies with their partner group names, newest first (for cards outside the dashboard). */
export function claimsOfPolicies(policyIds: string[]) {
  if (!policyIds.length) return []
  return db()
    .select({ claim: claims, partnerGroupName: partnerGroups.name })
    .from(claims)
    .leftJoin(partnerGroups, eq(partnerGroups.id, claims.assignedPartnerGroupId))
    .where(inArray(claims.policyId, policyIds))
    .orderBy(desc(claims.submittedAt))
    .all()
}

/** The live part of a customer's claim card: what its status means now, and whether 'Appeal' is offered. */
export function claimLiveStatus(
  claim: Pick<Claim, 'id' | 'approvalStatus' | 'denialReason' | 'reviewedAt' | 'appealedAt' | 'completedAt'> & {
    partnerGroupName: string | null
  },
  now = new Date(),
) {
  const appealable = canAppeal(claim, now)
  return {
    approvalStatus: claim.approvalStatus,
    partnerGroupName: claim.partnerGroupName,
    denialReason: claim.approvalStatus === 'denied' ? claim.denialReason : null,
    appealUntil: appealable ? appealDeadline(claim)!.toISOString() : null,
    appealHref: appealable ? `/customer/claims/${claim.id}/appeal` : null,
    appealedAt: claim.appealedAt,
    completedAt: claim.completedAt,
  }
}
