import { formatLongDate } from '~/domain/format'
import { SHOP_RATING_MESSAGES } from '~/domain/messages'
import { averageInWords, RATING_HIDE_REASON_LABELS } from '~/domain/ratings'
import type { RatingSummary, ShownRating } from '~/models/shops/shop-ratings.types'

/**
 * A location's ratings as anyone reads them: the average of every score with how many, and a comment with the shop's
 * answer under it, or in a hidden comment's place the reason it is hidden. Plain HTML (the shop's pages send no React).
 */

export function RatingFigure({ summary }: { summary: Pick<RatingSummary, 'average' | 'count'> }) {
  return (
    <span data-testid="rating-figure">
      {summary.average === null || summary.count === 0
        ? SHOP_RATING_MESSAGES.none
        : SHOP_RATING_MESSAGES.average(averageInWords(summary.average), summary.count)}
    </span>
  )
}

export function RatingComment({ rating }: { rating: ShownRating }) {
  return (
    <div className="space-y-1 text-sm" data-testid="rating-comment">
      <p className="text-slate-900">
        <span className="font-semibold">{rating.score} of 5</span>
        <span className="text-slate-700"> · {formatLongDate(rating.createdAt)}</span>
      </p>
      {rating.hiddenReason ? (
        <p className="italic text-slate-700" data-testid="rating-hidden">
          {RATING_HIDE_REASON_LABELS[rating.hiddenReason]}
        </p>
      ) : rating.comment ? (
        <p className="whitespace-pre-line text-slate-800">{rating.comment}</p>
      ) : null}
      {rating.answer ? (
        <p className="ml-4 whitespace-pre-line border-l-2 border-slate-300 pl-3 text-slate-800" data-testid="rating-answer">
          <span className="font-medium">{SHOP_RATING_MESSAGES.shopAnswer}:</span> {rating.answer}
        </p>
      ) : null}
    </div>
  )
}

/** The shop's own figures on /shop: each location's average and count, and the way to read and answer each rating. */
export function ShopRatingsSection({
  locations,
  href,
}: {
  locations: (Pick<RatingSummary, 'average' | 'count'> & { id: string; name: string })[]
  href: string
}) {
  return (
    <section id="ratings" aria-labelledby="ratings-heading" className="space-y-3" data-testid="shop-ratings">
      <h2 id="ratings-heading" className="text-xl font-semibold">
        Your ratings
      </h2>
      <p className="text-sm text-slate-700">{SHOP_RATING_MESSAGES.allShown}</p>
      <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200">
        {locations.map((location) => (
          <li key={location.id} className="flex flex-wrap gap-x-4 px-4 py-2 text-sm">
            <span className="font-semibold text-slate-900">{location.name}</span>
            <RatingFigure summary={location} />
          </li>
        ))}
      </ul>
      <a href={href} className="text-sm font-semibold text-brand-700 underline">
        Read and answer your ratings
      </a>
    </section>
  )
}
