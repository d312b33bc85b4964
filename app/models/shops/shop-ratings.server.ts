import { and, gte, inArray, lt, sql } from 'drizzle-orm'

import type { Db } from '~/db/client.server'
import { shopRatings } from '~/db/schema'
import { RATING_COMMENTS_SHOWN, type RatingHideReason } from '~/domain/ratings'

/**
 * The shops' ratings by their customers (app/domain/ratings.ts): who may rate, edit, answer and hide, and what the
 * pages read. Every rating counts in every figure, whatever its score and whether its comment is hidden.
 */

/** A comment as the public sees it: the words, or (hidden) only the reason; the shop's answer under it. */
export type ShownRating = {
  id: string
  score: number
  /** Null when the customer wrote none, or when its words are hidden (then `hiddenReason` says why). */
  comment: string | null
  hiddenReason: RatingHideReason | null
  createdAt: string
  editedAt: string | null
  answer: string | null
  answeredAt: string | null
}

/** A location's figures: the average of every score (null with none), how many, and its latest comments, newest first. */
export type RatingSummary = { average: number | null; count: number; latest: ShownRating[] }

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
