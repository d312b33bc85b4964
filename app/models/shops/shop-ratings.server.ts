import { and, count, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm'

import { type Db, db, transaction } from '~/db/client.server'
import { claims, partnerLocations, type ShopRating, shopRatings } from '~/db/schema'
import { SERVICE_ZONE } from '~/domain/calendar'
import { RuleError } from '~/domain/errors'
import { formatLongDate } from '~/domain/format'
import { SHOP_RATING_MESSAGES as WORDS } from '~/domain/messages'
import { PAGE_SIZE, pageOf } from '~/domain/paging'
import { ratingPath } from '~/domain/paths'
import { RATING_COMMENTS_SHOWN, ratingEditable, ratingEditWindow, type RatingHideReason, type RatingScore } from '~/domain/ratings'
import { ratingRequestEmail } from '~/emails/ratings'
import { env } from '~/env.server'
import { getClaimForProfile, notify, toClaimant } from '~/models/claims/claims.server'
import { recordAudit } from '~/models/operations/audit.server'
import { getPolicyForProfile } from '~/models/policies/policies.server'
import { notFound } from '~/utils/refusal'

import type { OwnRating, RatingSummary, ShopSideRating, ShownRating } from './shop-ratings.types'

export type { OwnRating, RatingSummary, ShopSideRating, ShownRating } from './shop-ratings.types'

/**
 * The shops' ratings by their customers (app/domain/ratings.ts): who may rate, edit, answer and hide, and what the
 * pages read. Every rating counts in every figure, whatever its score and whether its comment is hidden.
 */

export const NO_RATINGS: RatingSummary = { average: null, count: 0, latest: [] }

type LatestRow = {
  id: string
  location_id: string
  score: number
  comment: string | null
  hidden_reason: RatingHideReason | null
  created_at: string
  edited_at: string | null
  answer: string | null
  answered_at: string | null
}

/**
 * Each location's average, count and latest comments (up to `shown`), for the shop choice: a location with no
 * ratings is absent from the map. Reads the (location, created_at) index only for the locations asked about.
 */
export function ratingSummaryByLocation(
  database: Db,
  locationIds: readonly string[],
  shown: number = RATING_COMMENTS_SHOWN,
): Map<string, RatingSummary> {
  const summaries = new Map<string, RatingSummary>()
  const ids = [...new Set(locationIds)]
  if (!ids.length) return summaries
  const totals = database
    .select({
      locationId: shopRatings.partnerLocationId,
      average: sql<number>`avg(${shopRatings.score})`,
      count: sql<number>`count(*)`,
    })
    .from(shopRatings)
    .where(inArray(shopRatings.partnerLocationId, ids))
    .groupBy(shopRatings.partnerLocationId)
    .all()
  for (const row of totals) summaries.set(row.locationId, { average: row.average, count: row.count, latest: [] })
  if (shown <= 0 || !summaries.size) return summaries
  const latest = database.all<LatestRow>(sql`
    SELECT id, location_id, score, comment, hidden_reason, created_at, edited_at, answer, answered_at FROM (
      SELECT r.id, r.partner_location_id AS location_id, r.score, r.comment, r.hidden_reason, r.created_at, r.edited_at,
             r.answer, r.answered_at,
             row_number() OVER (PARTITION BY r.partner_location_id ORDER BY r.created_at DESC, r.id DESC) AS place
      FROM shop_ratings r
      WHERE r.partner_location_id IN (${sql.join(
        [...summaries.keys()].map((id) => sql`${id}`),
        sql`, `,
      )}) AND r.comment IS NOT NULL
    ) WHERE place <= ${shown}
    ORDER BY location_id, created_at DESC, id DESC
  `)
  for (const row of latest) summaries.get(row.location_id)?.latest.push(shownRating(row))
  return summaries
}

/**
 * The network's average score and count of ratings given from `from` up to (not including) `to`: every rating counts,
 * hidden comments included. The public service record reads it per month.
 */
export function networkRatingAverage(database: Db, period: { from: Date; to: Date }): { average: number | null; count: number } {
  const row = database
    .select({ average: sql<number | null>`avg(${shopRatings.score})`, count: sql<number>`count(*)` })
    .from(shopRatings)
    .where(and(gte(shopRatings.createdAt, period.from.toISOString()), lt(shopRatings.createdAt, period.to.toISOString())))
    .get()
  return { average: row?.average ?? null, count: row?.count ?? 0 }
}

/** What the public sees of a rating: a hidden comment's words never leave the server. */
function shownRating(row: LatestRow): ShownRating {
  return {
    id: row.id,
    score: row.score,
    comment: row.hidden_reason ? null : row.comment,
    hiddenReason: row.hidden_reason,
    createdAt: row.created_at,
    editedAt: row.edited_at,
    answer: row.answer,
    answeredAt: row.answered_at,
  }
}

// --- the customer's rating -------------------------------------------------------------------------------------

/**
 * The claim a customer may rate: their own (as its claimant and the policy's owner, like its page: anyone else's is a
 * 404), its job done, at a location. The zone is the customer's (their policy's), the edit window's clock.
 */
function rateableClaim(profileId: string, claimId: string) {
  const own = getClaimForProfile(profileId, claimId)
  if (!own) notFound()
  const { claim } = own
  if (claim.approvalStatus !== 'completed' || !claim.chosenLocationId) throw RuleError.from(WORDS.notRateable, { status: 409 })
  const location = db()
    .select({ id: partnerLocations.id, name: partnerLocations.name, groupId: partnerLocations.partnerGroupId })
    .from(partnerLocations)
    .where(eq(partnerLocations.id, claim.chosenLocationId))
    .get()
  if (!location) throw RuleError.from(WORDS.notRateable, { status: 409 })
  const zone = getPolicyForProfile(profileId, claim.policyId)?.timeZone ?? SERVICE_ZONE
  return { claim, location, zone }
}

function ratingOfClaim(claimId: string, database: Db = db()): ShopRating | undefined {
  return database.select().from(shopRatings).where(eq(shopRatings.claimId, claimId)).get()
}

function ownRatingView({ claim, location, zone }: ReturnType<typeof rateableClaim>, rating: ShopRating | undefined, now: Date): OwnRating {
  return {
    claimId: claim.id,
    code: claim.confirmationCode,
    path: ratingPath(claim.id),
    shop: location.name,
    rating: rating
      ? {
          score: rating.score,
          comment: rating.comment,
          hiddenReason: rating.hiddenReason,
          answer: rating.answer,
          editable: ratingEditable(new Date(rating.createdAt), now, zone),
          editableUntil: formatLongDate(ratingEditWindow(new Date(rating.createdAt), zone).lastDay),
        }
      : null,
  }
}

/** The customer's rating page: a 404 for anyone else's claim, a refusal (409) while the job is not done. */
export function ownRating(profileId: string, claimId: string, now = new Date()): OwnRating {
  const rateable = rateableClaim(profileId, claimId)
  return ownRatingView(rateable, ratingOfClaim(rateable.claim.id), now)
}

/**
 * The claim page's card: the ask (a finished job not yet rated) or the customer's rating; null for a claim that cannot
 * be rated (not done, or another person's). Never throws.
 */
export function ratingCardOf(profileId: string, claimId: string, now = new Date()): OwnRating | null {
  try {
    return ownRating(profileId, claimId, now)
  } catch (error) {
    if (error instanceof RuleError) return null
    throw error
  }
}

/**
 * The customer rates the shop of their finished job, once: a second rating of the same claim changes the first, for
 * RATING_EDIT_DAYS calendar days after it was given (app/domain/ratings.ts), and is refused after. Nothing is asked
 * or given in return, and every score counts.
 */
export function rateShop(
  input: { profileId: string; claimId: string; score: RatingScore | number; comment: string | null },
  now = new Date(),
): { rating: ShopRating; edited: boolean; shop: string } {
  const rateable = rateableClaim(input.profileId, input.claimId)
  const { claim, location, zone } = rateable
  return transaction((tx) => {
    const existing = ratingOfClaim(claim.id, tx)
    if (existing) {
      if (!ratingEditable(new Date(existing.createdAt), now, zone)) {
        throw RuleError.from(WORDS.editOver(formatLongDate(ratingEditWindow(new Date(existing.createdAt), zone).lastDay)), {
          status: 409,
        })
      }
      // New words are the customer's to show: a hiding was of the old ones, and the operator may hide these again.
      const rewritten = input.comment !== existing.comment
      const rating = tx
        .update(shopRatings)
        .set({
          score: input.score,
          comment: input.comment,
          editedAt: now.toISOString(),
          ...(rewritten ? { hiddenReason: null, hiddenAt: null, hiddenBy: null } : {}),
        })
        .where(eq(shopRatings.id, existing.id))
        .returning()
        .get()
      recordAudit(tx, {
        actor: input.profileId,
        action: 'shop_rating.edited',
        entityId: rating.id,
        detail: {
          claimId: claim.id,
          from: existing.score,
          score: rating.score,
          ...(rewritten && existing.hiddenReason ? { hiddenBefore: existing.hiddenReason } : {}),
        },
      })
      return { rating, edited: true, shop: location.name }
    }
    const rating = tx
      .insert(shopRatings)
      .values({
        claimId: claim.id,
        partnerLocationId: location.id,
        partnerGroupId: claim.assignedPartnerGroupId ?? location.groupId,
        profileId: input.profileId,
        score: input.score,
        comment: input.comment,
        createdAt: now.toISOString(),
      })
      .returning()
      .get()
    recordAudit(tx, {
      actor: input.profileId,
      action: 'shop_rating.given',
      entityId: rating.id,
      detail: { claimId: claim.id, locationId: location.id, score: rating.score },
    })
    return { rating, edited: false, shop: location.name }
  })
}

/**
 * The one e-mail asking the customer of a just-finished job to rate the shop (the claim page's card asks too). Sent
 * once, by the completion itself, which happens once; nothing for a claim without a location or a known claimant.
 */
export async function askForRating(claimId: string) {
  await notify(claimId, async ({ claim, profile }) => {
    if (claim.approvalStatus !== 'completed' || !claim.chosenLocationId || ratingOfClaim(claim.id)) return []
    const location = db()
      .select({ name: partnerLocations.name })
      .from(partnerLocations)
      .where(eq(partnerLocations.id, claim.chosenLocationId))
      .get()
    if (!location) return []
    return toClaimant(profile, {
      ...(await ratingRequestEmail({
        confirmationCode: claim.confirmationCode,
        shop: location.name,
        rateUrl: `${env().APP_URL}${ratingPath(claim.id)}`,
      })),
      tag: 'shop-rating-request',
    })
  })
}

// --- the shop's view and its answer -----------------------------------------------------------------------------

/** Each of the group's locations with its average and count, for the shop's own pages. */
export function ratingFiguresOfGroup(groupId: string) {
  const locations = db()
    .select({ id: partnerLocations.id, name: partnerLocations.name })
    .from(partnerLocations)
    .where(eq(partnerLocations.partnerGroupId, groupId))
    .orderBy(partnerLocations.name)
    .all()
  const summaries = ratingSummaryByLocation(
    db(),
    locations.map((location) => location.id),
    0,
  )
  return locations.map((location) => ({ ...location, ...(summaries.get(location.id) ?? NO_RATINGS) }))
}

/**
 * A page of the group's ratings, newest first (PAGE_SIZE a page, by the (group, created_at) index), with each
 * location's figures; null when `page` is past the last.
 */
export function ratingsOfGroup(groupId: string, page = 1) {
  const total = db().select({ count: count() }).from(shopRatings).where(eq(shopRatings.partnerGroupId, groupId)).get()!.count
  const slice = pageOf(page, total)
  if (!slice) return null
  const rows = db()
    .select({ rating: shopRatings, location: partnerLocations.name, code: claims.confirmationCode })
    .from(shopRatings)
    .innerJoin(partnerLocations, eq(partnerLocations.id, shopRatings.partnerLocationId))
    .innerJoin(claims, eq(claims.id, shopRatings.claimId))
    .where(eq(shopRatings.partnerGroupId, groupId))
    .orderBy(desc(shopRatings.createdAt))
    .limit(PAGE_SIZE)
    .offset(slice.offset)
    .all()
  return {
    locations: ratingFiguresOfGroup(groupId),
    page: slice,
    ratings: rows.map(({ rating, location, code }): ShopSideRating => ({
      ...shownRating(rowOf(rating)),
      location,
      code,
    })),
  }
}

/**
 * The shop's one public answer to a rating of its own (another group's rating is a 404); a second answer is refused
 * (409) and the first stands.
 */
export function answerRating(
  input: { groupId: string; ratingId: string; answer: string; staffProfileId: string; staffEmail: string },
  now = new Date(),
) {
  return transaction((tx) => {
    const rating = tx
      .select()
      .from(shopRatings)
      .where(and(eq(shopRatings.id, input.ratingId), eq(shopRatings.partnerGroupId, input.groupId)))
      .get()
    if (!rating) notFound()
    if (rating.answer !== null) throw RuleError.from(WORDS.alreadyAnswered, { field: `answer-${rating.id}`, status: 409 })
    const answered = tx
      .update(shopRatings)
      .set({ answer: input.answer, answeredAt: now.toISOString(), answeredBy: input.staffEmail })
      .where(and(eq(shopRatings.id, rating.id), sql`${shopRatings.answer} IS NULL`))
      .returning()
      .get()
    recordAudit(tx, {
      actor: input.staffProfileId,
      action: 'shop_rating.answered',
      entityId: rating.id,
      detail: { groupId: input.groupId },
    })
    return answered
  })
}

// --- the operator ----------------------------------------------------------------------------------------------

/**
 * A page of every rating, newest first, for the operator (PAGE_SIZE a page): the words, the reason when hidden, who hid
 * it when; null when `page` is past the last. Counted and ordered by the (created_at) index.
 */
export function ratingsForOperator(page = 1) {
  const total = db().select({ count: count() }).from(shopRatings).get()!.count
  const slice = pageOf(page, total)
  if (!slice) return null
  const ratings = db()
    .select({ rating: shopRatings, location: partnerLocations.name, code: claims.confirmationCode, claimId: claims.id })
    .from(shopRatings)
    .innerJoin(partnerLocations, eq(partnerLocations.id, shopRatings.partnerLocationId))
    .innerJoin(claims, eq(claims.id, shopRatings.claimId))
    .orderBy(desc(shopRatings.createdAt))
    .limit(PAGE_SIZE)
    .offset(slice.offset)
    .all()
  return { page: slice, ratings }
}

/**
 * The operator hides a comment's words for one of the listed reasons (the type holds the list; the form's schema
 * checks it), audited with the reason; the reason is shown in the words' place and the score still counts.
 */
export function hideRatingComment(input: { ratingId: string; reason: RatingHideReason; actorId: string }, now = new Date()) {
  return transaction((tx) => {
    const rating = tx.select().from(shopRatings).where(eq(shopRatings.id, input.ratingId)).get()
    if (!rating) notFound()
    if (!rating.comment) throw RuleError.from(WORDS.noComment, { field: `reason-${rating.id}`, status: 409 })
    if (rating.hiddenReason) throw RuleError.from(WORDS.alreadyHidden, { field: `reason-${rating.id}`, status: 409 })
    const hidden = tx
      .update(shopRatings)
      .set({ hiddenReason: input.reason, hiddenAt: now.toISOString(), hiddenBy: input.actorId })
      .where(eq(shopRatings.id, rating.id))
      .returning()
      .get()
    recordAudit(tx, {
      actor: input.actorId,
      action: 'shop_rating.hidden',
      entityId: rating.id,
      detail: { reason: input.reason, claimId: rating.claimId },
    })
    return hidden
  })
}

function rowOf(rating: ShopRating): LatestRow {
  return {
    id: rating.id,
    location_id: rating.partnerLocationId,
    score: rating.score,
    comment: rating.comment,
    hidden_reason: rating.hiddenReason,
    created_at: rating.createdAt,
    edited_at: rating.editedAt,
    answer: rating.answer,
    answered_at: rating.answeredAt,
  }
}
