import { and, asc, count, eq, gt, isNull, ne, sql } from 'drizzle-orm'

import { db, transaction } from '~/db/client.server'
import {
  type Claim,
  claimDocuments,
  claimMessages,
  claims,
  claimThreadReads,
  MESSAGE_AUTHORS,
  type PhotoRequest,
  photoRequests,
} from '~/db/schema'
import { addCalendarDays } from '~/domain/calendar'
import { isDecided } from '~/domain/claims'
import { RuleError } from '~/domain/errors'
import { PHOTO_REQUEST_MESSAGES, tooManyClaimPhotos } from '~/domain/messages'
import { adminClaimPath, photoRequestPath, shopJobPath } from '~/domain/paths'
import { claimantName } from '~/domain/privacy'
import { MAX_REQUESTED_PHOTOS, PHOTO_REQUEST_DAYS } from '~/domain/uploads'
import { claimMessageEmail, photoRequestEmail } from '~/emails/claim-messages'
import { env } from '~/env.server'
import { stageDamagePhoto } from '~/models/claims/claim-filing.server'
import { claimContext, claimPageUrl, notify, operatorAddresses, type Outgoing, toClaimant } from '~/models/claims/claims.server'
import { indexPhoto } from '~/models/claims/photo-integrity.server'
import { recordAudit } from '~/models/operations/audit.server'
import { sendEmail } from '~/services/email.server'
import { type UploadedFile } from '~/services/multipart.server'
import { signedPhotoRequestQuery, verifyPhotoRequest } from '~/services/signed-links.server'
import { StagedFiles } from '~/services/staged-files.server'
import { storedFileName } from '~/services/storage.server'
import { notFound } from '~/utils/refusal'

/**
 * A claim's thread between the customer, the operator and (once the claim is booked with it) the shop, and the
 * operator's requests for more photos. Why one thread and links that work once: docs/decisions/075-one-page-per-claim.md.
 */

export type MessageAuthor = (typeof MESSAGE_AUTHORS)[number]

export type ThreadMessage = { id: string; author: MessageAuthor; body: string; createdAt: string }

/** A claim's messages, oldest first. */
export function threadOf(claimId: string): ThreadMessage[] {
  return db()
    .select({ id: claimMessages.id, author: claimMessages.author, body: claimMessages.body, createdAt: claimMessages.createdAt })
    .from(claimMessages)
    .where(eq(claimMessages.claimId, claimId))
    .orderBy(asc(claimMessages.createdAt), asc(sql`rowid`))
    .all()
}

/**
 * A claim's messages as one side's page shows them (the customer's claim page, the shop's job page, the operator's
 * claim page): showing them marks the thread read for that side, so the next message e-mails it again.
 */
export function readThread(claimId: string, side: MessageAuthor): ThreadMessage[] {
  const messages = threadOf(claimId)
  // Only a message from the others has anything to be read: a thread with none of theirs keeps no mark.
  if (messages.some((message) => message.author !== side)) markThreadRead(claimId, side)
  return messages
}

/** The shop is on the thread once the claim went to it (chosen by the customer or assigned by the operator) and while it is approved or done. */
export function shopOnThread(claim: Pick<Claim, 'assignedPartnerGroupId' | 'approvalStatus'>) {
  return Boolean(claim.assignedPartnerGroupId) && isDecided(claim)
}

/**
 * Adds a message to the claim's thread and e-mails it to the others on it, each with a link to their own page of the
 * claim: the customer's claim page, the shop's job page, the operator's claim page. The caller has authorised the
 * author for this claim. E-mails go after the write; a failed one is logged and never undoes the message.
 *
 * Each page counts the post against the per-person limit first (claimMessageLimited in app/auth/claim-limits.server.ts).
 * A side that was e-mailed and has not opened the thread since gets no further e-mail: the messages wait on
 * its page, all of them, and its next page load lets the next message e-mail again (docs/decisions/099-claim-thread-read-marks.md).
 */
export async function postClaimMessage(input: { claimId: string; author: MessageAuthor; authorProfileId: string; body: string }) {
  const message = db()
    .insert(claimMessages)
    .values({ claimId: input.claimId, author: input.author, authorProfileId: input.authorProfileId, body: input.body })
    .returning()
    .get()
  await notify(input.claimId, async ({ claim, profile, partnerGroup }) => {
    const app = env().APP_URL
    const from =
      input.author === 'operator'
        ? 'Glass Plan'
        : input.author === 'shop'
          ? (partnerGroup?.name ?? 'The shop')
          : `The customer (${claimantName(profile)})`
    const email = async (side: MessageAuthor, replyUrl: string) =>
      claimMessageEmail({ confirmationCode: claim.confirmationCode, from, body: input.body, replyUrl, waiting: waitingFor(claim.id, side) })
    // Each side's turn is taken before its e-mail is written, so of messages posted at once only one e-mails a side.
    const outgoing: Outgoing[] = []
    if (input.author !== 'customer' && takeEmailTurn(claim.id, 'customer')) {
      outgoing.push(...toClaimant(profile, { ...(await email('customer', claimPageUrl(claim.confirmationCode))), tag: 'claim-message' }))
    }
    if (input.author !== 'operator' && operatorAddresses().length && takeEmailTurn(claim.id, 'operator')) {
      const toOperator = await email('operator', `${app}${adminClaimPath(claim.id)}`)
      for (const to of operatorAddresses()) outgoing.push({ to, ...toOperator, tag: 'claim-message-operator' })
    }
    if (input.author !== 'shop' && shopOnThread(claim) && partnerGroup?.email && takeEmailTurn(claim.id, 'shop')) {
      outgoing.push({ to: partnerGroup.email, ...(await email('shop', `${app}${shopJobPath(claim.id)}`)), tag: 'claim-message-shop' })
    }
    return outgoing
  })
  return message
}

/**
 * Whether `side` is e-mailed about a new message now, taking its turn if so: yes when it was never e-mailed about the
 * thread or has opened it since the last e-mail. One statement, so two messages posted at once cannot both take it.
 */
function takeEmailTurn(claimId: string, side: MessageAuthor, now = new Date()) {
  const emailedAt = now.toISOString()
  return (
    db()
      .insert(claimThreadReads)
      .values({ claimId, side, emailedAt })
      .onConflictDoUpdate({
        target: [claimThreadReads.claimId, claimThreadReads.side],
        set: { emailedAt },
        setWhere: sql`${claimThreadReads.emailedAt} IS NULL OR ${claimThreadReads.readAt} >= ${claimThreadReads.emailedAt}`,
      })
      .returning({ side: claimThreadReads.side })
      .all().length > 0
  )
}

/** How many messages from the others wait for `side`: those written since it last opened the thread. */
function waitingFor(claimId: string, side: MessageAuthor) {
  const readAt = db()
    .select({ readAt: claimThreadReads.readAt })
    .from(claimThreadReads)
    .where(and(eq(claimThreadReads.claimId, claimId), eq(claimThreadReads.side, side)))
    .get()?.readAt
  const [row] = db()
    .select({ waiting: count() })
    .from(claimMessages)
    .where(
      and(eq(claimMessages.claimId, claimId), ne(claimMessages.author, side), readAt ? gt(claimMessages.createdAt, readAt) : undefined),
    )
    .all()
  return row?.waiting ?? 0
}

/**
 * Marks the thread read by `side` (the customer, the operator, the shop): called by the page that shows it to them, so
 * the next message e-mails them again.
 */
export function markThreadRead(claimId: string, side: MessageAuthor, now = new Date()) {
  // A page view writes only when it changes something: the side's first view, or one after an e-mail it has not read.
  // Any other view has nothing new to mark (a message from the others since the last read would have e-mailed), and
  // a write on every view would queue each claim page behind the database's one writer.
  const mark = db()
    .select({ emailedAt: claimThreadReads.emailedAt, readAt: claimThreadReads.readAt })
    .from(claimThreadReads)
    .where(and(eq(claimThreadReads.claimId, claimId), eq(claimThreadReads.side, side)))
    .get()
  if (mark && !(mark.emailedAt && (!mark.readAt || mark.readAt < mark.emailedAt))) return
  const readAt = now.toISOString()
  db()
    .insert(claimThreadReads)
    .values({ claimId, side, readAt })
    .onConflictDoUpdate({ target: [claimThreadReads.claimId, claimThreadReads.side], set: { readAt } })
    .run()
}

/**
 * The threads waiting for the operator: those whose newest message is the customer's or the shop's, longest waiting
 * first. Reads the newest message of each claim through the thread index.
 */
export function unansweredThreads(limit = 50) {
  return db().all<{ claimId: string; code: string; author: MessageAuthor; at: string }>(sql`
    SELECT last.claim_id AS claimId, c.confirmation_code AS code, last.author AS author, last.created_at AS at
    FROM (
      SELECT claim_id, author, created_at,
             row_number() OVER (PARTITION BY claim_id ORDER BY created_at DESC, rowid DESC) AS newest
      FROM claim_messages
    ) AS last
    JOIN claims c ON c.id = last.claim_id
    WHERE last.newest = 1 AND last.author <> 'operator'
    ORDER BY last.created_at ASC
    LIMIT ${limit}
  `)
}

// --- the operator's request for more photos ----------------------------------------------------------------------

/**
 * Asks the customer or the shop for more photos: a request row and an e-mail with its signed link, which works once,
 * for this claim only, for PHOTO_REQUEST_DAYS. Refused (next to the choice) when the one asked cannot be e-mailed.
 */
export async function requestPhotos(
  input: { claimId: string; audience: 'customer' | 'shop'; note: string; operatorId: string },
  now = new Date(),
) {
  const context = claimContext(input.claimId)
  if (!context) notFound()
  const { claim, profile, partnerGroup } = context
  const customer = toClaimant(profile, { subject: '', html: '', text: '', tag: 'claim-photo-request' })[0]
  const to = input.audience === 'customer' ? customer?.to : shopOnThread(claim) ? partnerGroup?.email : null
  if (!to) {
    throw RuleError.from(
      {
        title: PHOTO_REQUEST_MESSAGES.correct.title,
        description: input.audience === 'customer' ? PHOTO_REQUEST_MESSAGES.noCustomer : PHOTO_REQUEST_MESSAGES.noShop,
      },
      { field: 'audience' },
    )
  }
  const expiresAt = addCalendarDays(now, PHOTO_REQUEST_DAYS)
  const request = transaction((tx) => {
    const row = tx
      .insert(photoRequests)
      .values({
        claimId: claim.id,
        audience: input.audience,
        note: input.note,
        expiresAt: expiresAt.toISOString(),
        createdBy: input.operatorId,
      })
      .returning()
      .get()
    recordAudit(tx, { actor: input.operatorId, action: 'claim.photos_requested', entityId: claim.id, detail: { audience: input.audience } })
    return row
  })
  const uploadUrl = photoRequestUrl(request, claim.confirmationCode)
  const email = await photoRequestEmail({ confirmationCode: claim.confirmationCode, note: input.note, uploadUrl, expiresAt })
  await sendEmail({
    to,
    ...(input.audience === 'customer' ? { profileId: customer!.profileId } : {}),
    ...email,
    tag: 'claim-photo-request',
  })
  return { request, uploadUrl, who: input.audience === 'customer' ? 'the customer' : (partnerGroup?.name ?? 'the shop') }
}

/** The signed link of a request, as e-mailed. */
export function photoRequestUrl(request: Pick<PhotoRequest, 'id' | 'expiresAt'>, confirmationCode: string) {
  return `${env().APP_URL}${photoRequestPath(confirmationCode, request.id)}?${signedPhotoRequestQuery(request.id, confirmationCode, new Date(request.expiresAt))}`
}

export type PhotoRequestRefusal = keyof typeof PHOTO_REQUEST_MESSAGES.refused

/** Why a photo-request link cannot be used: a refusal page (4xx) says which. */
export class PhotoRequestRefused extends Error {
  constructor(readonly refusal: PhotoRequestRefusal) {
    super(PHOTO_REQUEST_MESSAGES.refused[refusal].title)
  }
}

/** The status each refusal of a link answers with: changed or misdirected links are forbidden, spent ones gone. */
export const PHOTO_REQUEST_STATUS: Record<PhotoRequestRefusal, number> = { invalid: 403, otherClaim: 403, expired: 410, used: 410 }

type LinkParts = { code: string; requestId: string; exp: string | null; sig: string | null }

/** The request a link opens, with its claim; throws PhotoRequestRefused for a changed, misdirected, expired or spent link. */
export function openPhotoRequest(link: LinkParts, now = new Date()) {
  if (!verifyPhotoRequest(link.requestId, link.code, link.exp, link.sig)) throw new PhotoRequestRefused('invalid')
  const row = db()
    .select({ request: photoRequests, claim: claims })
    .from(photoRequests)
    .innerJoin(claims, eq(claims.id, photoRequests.claimId))
    .where(eq(photoRequests.id, link.requestId))
    .get()
  if (!row) throw new PhotoRequestRefused('invalid')
  if (row.claim.confirmationCode !== link.code) throw new PhotoRequestRefused('otherClaim')
  if (Number(link.exp) * 1000 <= now.getTime() || Date.parse(row.request.expiresAt) <= now.getTime())
    throw new PhotoRequestRefused('expired')
  if (row.request.usedAt) throw new PhotoRequestRefused('used')
  return row
}

/**
 * Adds the photos a request asked for, once: stored first, then in one transaction the request is spent (only if it
 * still was not: two tabs cannot both use it) and the photos become the claim's damage photos. A refusal leaves
 * neither rows nor files.
 */
export async function addRequestedPhotos(link: LinkParts & { photos: UploadedFile[] }, now = new Date()) {
  const { request, claim } = openPhotoRequest(link, now)
  if (link.photos.length === 0)
    throw RuleError.from(
      { title: PHOTO_REQUEST_MESSAGES.photosRequired, description: PHOTO_REQUEST_MESSAGES.photosRequired },
      { field: 'photos' },
    )
  if (link.photos.length > MAX_REQUESTED_PHOTOS)
    throw RuleError.from(tooManyClaimPhotos(MAX_REQUESTED_PHOTOS), { field: 'photos', status: 413 })
  const staged = new StagedFiles()
  try {
    const stamp = now.getTime()
    const stored: (Awaited<ReturnType<typeof stageDamagePhoto>> & { fileName: string })[] = []
    for (const [index, photo] of link.photos.entries()) {
      stored.push({
        ...(await stageDamagePhoto(staged, photo, `claim-documents/${claim.id}/${stamp}_requested_${index + 1}`)),
        fileName: photo.fileName,
      })
    }
    transaction((tx) => {
      const spent = tx
        .update(photoRequests)
        .set({ usedAt: now.toISOString() })
        .where(and(eq(photoRequests.id, request.id), isNull(photoRequests.usedAt)))
        .run()
      if (spent.changes === 0) throw new PhotoRequestRefused('used')
      for (const file of stored) {
        const document = tx
          .insert(claimDocuments)
          .values({
            claimId: claim.id,
            documentType: 'damage_photo',
            filePath: file.filePath,
            thumbPath: file.thumbPath,
            fileName: storedFileName(file.fileName),
            phash: file.phash,
            orientedHashes: file.orientedHashes,
            capturedAt: file.capturedAt,
            camera: file.camera,
          })
          .returning({ id: claimDocuments.id })
          .get()
        indexPhoto(tx, {
          photoId: document.id,
          policyId: claim.policyId,
          source: request.audience === 'shop' ? 'shop' : 'claim',
          hash: file.phash,
          orientedHashes: file.orientedHashes,
        })
      }
      recordAudit(tx, {
        actor: request.audience === 'shop' ? `partner:${claim.confirmationCode}` : (claim.filedByProfileId ?? 'system'),
        action: 'claim.photos_added',
        entityId: claim.id,
        detail: { audience: request.audience, photos: stored.length },
      })
      staged.commit()
    })
  } catch (error) {
    staged.discard()
    throw error
  }
  return { claim, request }
}
