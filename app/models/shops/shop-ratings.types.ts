import type { RatingHideReason } from '~/domain/ratings'

/** What the ratings model (shop-ratings.server.ts) gives the pages: safe in the browser. */

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

/** What the customer's rating page and the claim page's card show: the shop, and their rating with its edit window. */
export type OwnRating = {
  claimId: string
  code: string
  path: string
  shop: string
  rating: {
    score: number
    comment: string | null
    hiddenReason: RatingHideReason | null
    answer: string | null
    editable: boolean
    /** The last day it can be changed, in words, on the customer's clock. */
    editableUntil: string
  } | null
}

/** A rating as its shop sees it: as the public does (a hidden comment's words stay hidden), with the job's code. */
export type ShopSideRating = ShownRating & { location: string; code: string }
