import { z } from 'zod'

import { SHOP_RATING_MESSAGES } from '~/domain/messages'
import { RATING_HIDE_REASONS, RATING_SCORES } from '~/domain/ratings'

import { MAX_LENGTH } from './limits'
import { freeText, singleLineText } from './text'

const SCORE_VALUES = RATING_SCORES.map(String) as [string, ...string[]]

/** The customer's rating of the shop: 1 to 5 stars (radio buttons) and an optional comment. Also its edit. */
export const RatingSchema = z.object({
  score: z.enum(SCORE_VALUES, { error: SHOP_RATING_MESSAGES.scoreRequired }).transform(Number),
  comment: freeText()
    .max(MAX_LENGTH.ratingComment, SHOP_RATING_MESSAGES.commentTooLong(MAX_LENGTH.ratingComment))
    .optional()
    .transform((value) => value?.trim() || null),
})

/** The shop's one public answer to a rating. */
export const RatingAnswerSchema = z.object({
  ratingId: singleLineText().max(MAX_LENGTH.recordId),
  answer: freeText({ error: SHOP_RATING_MESSAGES.answerRequired })
    .min(1, SHOP_RATING_MESSAGES.answerRequired)
    .max(MAX_LENGTH.ratingAnswer, SHOP_RATING_MESSAGES.answerTooLong(MAX_LENGTH.ratingAnswer)),
})

/** The operator hides a comment's words, for one of the listed reasons only. */
export const HideRatingSchema = z.object({
  ratingId: singleLineText().max(MAX_LENGTH.recordId),
  reason: z.enum(RATING_HIDE_REASONS, { error: SHOP_RATING_MESSAGES.reasonRequired }),
})
