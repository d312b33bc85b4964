import { dayAfter, dayOf, endOfDayIn, SERVICE_ZONE } from './calendar'

/**
 * A customer's rating of the shop that did their job (app/models/shops/shop-ratings.server.ts): a score of one to
 * five stars and an optional comment, from the customer of a completed claim only, once, editable for a while. Every
 * rating is shown and counted, whatever it says (the FTC's rule on consumer reviews, 16 CFR Part 465): the operator may
 * hide a comment's words only for one of the reasons below, and the reason is shown in their place. Why:
 * docs/decisions/103-every-shop-rating-shown.md.
 */
export const RATING_SCORES = [1, 2, 3, 4, 5] as const
export type RatingScore = (typeof RATING_SCORES)[number]

export const LOWEST_RATING_SCORE = RATING_SCORES[0]
export const HIGHEST_RATING_SCORE = RATING_SCORES[RATING_SCORES.length - 1]!

/** How many calendar days after rating the customer may still change it (app/domain/calendar.ts counts them). */
export const RATING_EDIT_DAYS = 30

/**
 * The last day the customer may change a rating given at `givenAt`: the RATING_EDIT_DAYS-th calendar day after the day
 * it was given, on the customer's clock, to its end (`until`: the moment the next day starts there).
 */
export function ratingEditWindow(givenAt: Date, zone = SERVICE_ZONE) {
  const lastDay = dayAfter(dayOf(givenAt, zone), RATING_EDIT_DAYS)
  return { lastDay, until: endOfDayIn(lastDay, zone) }
}

export function ratingEditable(givenAt: Date, now: Date, zone = SERVICE_ZONE) {
  return now.getTime() < ratingEditWindow(givenAt, zone).until.getTime()
}

/** The latest comments the shop choice shows under each location's average. */
export const RATING_COMMENTS_SHOWN = 3

/** The only reasons a comment's words may be hidden; its score still counts. */
export const RATING_HIDE_REASONS = ['personal_data', 'threats', 'obscenity', 'off_topic'] as const
export type RatingHideReason = (typeof RATING_HIDE_REASONS)[number]

/** Each reason as the page says it, in the hidden comment's place. */
export const RATING_HIDE_REASON_LABELS: Record<RatingHideReason, string> = {
  personal_data: 'Hidden: it gave personal information',
  threats: 'Hidden: it made a threat',
  obscenity: 'Hidden: it used obscene language',
  off_topic: 'Hidden: it was not about the job',
}

/** A location's average to one decimal, as people read a rating ("4.3"). */
export function averageInWords(average: number) {
  return (Math.round(average * 10) / 10).toFixed(1)
}
