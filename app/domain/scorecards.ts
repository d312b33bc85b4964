/**
 * A partner group's scorecard (docs/decisions/086-shop-scorecards.md), pure and safe in the browser: five figures, each
 * a count out of the jobs it can be judged on, over the jobs the group completed in the last SCORECARD_DAYS days. The
 * shop reads its own on /shop, the operator every group's on /admin/scorecards, and a customer choosing a shop the
 * on-time figure alone, once a group has done enough jobs for it to mean something.
 */
import { SERVICE_FIGURE_DAYS } from './service-promise'

/** The window: the same 90 days as the operator's service figures, so the two never disagree about which jobs count. */
export const SCORECARD_DAYS = SERVICE_FIGURE_DAYS

/**
 * Below this many judged jobs a customer is shown "New to the network" instead of the on-time rate: one late job out of
 * three would read as 67 %, a verdict on luck rather than on the shop.
 */
export const MIN_JOBS_TO_JUDGE = 10

/** A figure: `count` of the `of` jobs it is measured on. */
export type ScoreFigure = { count: number; of: number }

export const SCORE_FIGURES = ['onTime', 'firstTimeInvoices', 'rework', 'calibrationProof', 'ratings'] as const
export type ScoreFigureName = (typeof SCORE_FIGURES)[number]

export type Scorecard = Record<ScoreFigureName, ScoreFigure>

export const EMPTY_FIGURE: ScoreFigure = { count: 0, of: 0 }

/** A customer's rating that counts as satisfied on the scorecard (app/domain/ratings.ts): 4 or 5 stars of 5. */
export const SATISFIED_RATING = 4

/** The figure as a whole percentage, or null when there is nothing to measure (no rate is better than a made-up 0 %). */
export function scoreRate(figure: ScoreFigure): number | null {
  if (figure.of <= 0) return null
  return Math.round((100 * Math.min(figure.count, figure.of)) / figure.of)
}

/** Whether a group has done enough jobs for its on-time rate to be shown to customers. */
export function enoughToJudge(figure: ScoreFigure) {
  return figure.of >= MIN_JOBS_TO_JUDGE
}

/** Whether the group has no job at all in the window: the scorecard says so instead of four empty figures. */
export function isEmptyScorecard(card: Scorecard) {
  return SCORE_FIGURES.every((name) => card[name].of === 0)
}

/** What a customer choosing a shop is shown for its group: the on-time rate with its count, or that it is new. */
export type OnTimeForCustomers = { judged: false } | { judged: true; rate: number; count: number; of: number }

export function onTimeForCustomers(figure: ScoreFigure): OnTimeForCustomers {
  const rate = scoreRate(figure)
  return enoughToJudge(figure) && rate !== null ? { judged: true, rate, count: figure.count, of: figure.of } : { judged: false }
}
