import { parseWithZod } from '@conform-to/zod/v4'
import { data } from 'react-router'

import { requireShopStaff } from '~/auth/session.server'
import { ListProblem, pageOrFirst } from '~/components/admin/admin-page'
import { Pager, pageSummary } from '~/components/admin/pager'
import { RatingComment, RatingFigure } from '~/components/shop/ratings'
import { Toast } from '~/components/toast'
import { buttonClass, Card, inputClass } from '~/components/ui'
import { RuleError } from '~/domain/errors'
import { SHOP_RATING_MESSAGES } from '~/domain/messages'
import { SHOP_RATINGS_PATH } from '~/domain/paths'
import { answerRating, ratingsOfGroup } from '~/models/shops/shop-ratings.server'
import { routeRules } from '~/server/route-rules'
import { redirectWithToast } from '~/toast.server'
import { NOT_FOUND_META, pageMeta } from '~/utils/meta'
import { answerErrors, isNotFound, refusalOf, resultErrors, resultValues } from '~/utils/refusal'
import { fieldLimits } from '~/validation/limits'
import { PageQuery, parseQuery } from '~/validation/operator'
import { RatingAnswerSchema } from '~/validation/ratings'

import type { Route } from './+types/shop.ratings'

/**
 * The group's ratings by its customers, every one as customers choosing a shop see it, and the shop's one public answer
 * to each. A shop page: rendered on the server, no React sent, plain forms (POST, redirect, GET).
 */
export const handle = routeRules({ body: 'form', public: false, pageCache: false, originCheck: true, hydrate: false })

const LIMITS = fieldLimits(RatingAnswerSchema)

export async function loader({ request }: Route.LoaderArgs) {
  const { group } = await requireShopStaff(request)
  const { query, problem: badQuery } = parseQuery(PageQuery, new URL(request.url))
  const { result, problem: pastTheLast } = pageOrFirst(query.page, (page) => ratingsOfGroup(group.id, page))
  return data(
    { group: { name: group.name }, notice: badQuery ?? pastTheLast, ...result },
    { status: badQuery || pastTheLast ? 400 : 200, headers: { 'Cache-Control': 'no-store' } },
  )
}

export async function action({ request }: Route.ActionArgs) {
  const { profile, group } = await requireShopStaff(request)
  const formData = await request.formData()
  const submission = parseWithZod(formData, { schema: RatingAnswerSchema })
  const ratingId = String(formData.get('ratingId') ?? '')
  const values = { ratingId, answer: String(formData.get('answer') ?? '') }
  if (submission.status !== 'success') {
    const messages = submission.reply().error?.answer ?? [SHOP_RATING_MESSAGES.answerRequired]
    return answerErrors({ [`answer-${ratingId}`]: messages }, { values, toast: { type: 'error', ...SHOP_RATING_MESSAGES.correct } })
  }
  try {
    answerRating({ groupId: group.id, staffProfileId: profile.id, staffEmail: profile.email, ...submission.value })
    return redirectWithToast(`${SHOP_RATINGS_PATH}#rating-${ratingId}`, { type: 'success', ...SHOP_RATING_MESSAGES.answered })
  } catch (error) {
    if (!(error instanceof RuleError)) throw error
    const refused = refusalOf(error)
    return answerErrors({ [error.field]: [error.message] }, { values, toast: refused.toast, status: refused.status })
  }
}

export const meta: Route.MetaFunction = ({ error }) =>
  isNotFound(error) ? NOT_FOUND_META : pageMeta('Shop ratings', "The partner shop's ratings by its customers.", { noindex: true })

export default function ShopRatings({ loaderData, actionData }: Route.ComponentProps) {
  const { group, locations, ratings, page, notice } = loaderData
  const errors = resultErrors(actionData?.result)
  const values = resultValues(actionData?.result)
  return (
    <div className="mx-auto max-w-4xl space-y-8 px-4 py-10">
      <div>
        <p>
          <a href="/shop" className="text-sm font-semibold text-brand-700 underline">
            ← Jobs
          </a>
        </p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900">{group.name}: ratings</h1>
        <p className="mt-2 text-slate-700">{SHOP_RATING_MESSAGES.allShown}</p>
        <p className="mt-2 text-slate-700">You may answer each rating once; the answer is shown under it to everyone.</p>
      </div>
      {actionData?.toast ? <Toast toast={actionData.toast} /> : null}
      <section aria-labelledby="locations-heading" className="space-y-3">
        <h2 id="locations-heading" className="text-xl font-semibold">
          By location
        </h2>
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200" data-testid="rating-locations">
          {locations.map((location) => (
            <li key={location.id} className="flex flex-wrap gap-x-4 px-4 py-2 text-sm">
              <span className="font-semibold text-slate-900">{location.name}</span>
              <RatingFigure summary={location} />
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="ratings-heading" className="space-y-3">
        <h2 id="ratings-heading" className="text-xl font-semibold">
          Latest ratings
        </h2>
        <ListProblem notice={notice} />
        {ratings.length ? null : <p className="text-sm text-slate-700">No ratings yet.</p>}
        {ratings.map((rating) => {
          const field = `answer-${rating.id}`
          return (
            <Card key={rating.id} id={`rating-${rating.id}`} className="space-y-3" data-testid="shop-rating">
              <p className="text-sm text-slate-700">
                {rating.location} · job <span className="font-mono">{rating.code}</span>
              </p>
              <RatingComment rating={rating} />
              {rating.answer ? null : (
                <form method="post" className="space-y-2">
                  <input type="hidden" name="ratingId" value={rating.id} />
                  <label htmlFor={field} className="block text-sm font-medium text-slate-900">
                    Your public answer (once)
                  </label>
                  <textarea
                    id={field}
                    name="answer"
                    rows={3}
                    maxLength={LIMITS.answer.maxLength}
                    defaultValue={values.ratingId === rating.id ? values.answer : undefined}
                    className={inputClass}
                    aria-invalid={errors[field] ? true : undefined}
                    aria-describedby={errors[field] ? `${field}-error` : undefined}
                  />
                  {errors[field] ? (
                    <p id={`${field}-error`} className="text-sm font-medium text-red-700" role="alert">
                      {errors[field].join(' ')}
                    </p>
                  ) : null}
                  <button type="submit" className={buttonClass('secondary')}>
                    Publish the answer
                  </button>
                </form>
              )}
            </Card>
          )
        })}
        <Pager page={page.page} hasNext={page.page < page.pages} summary={pageSummary(page, ['rating', 'ratings'])} />
      </section>
    </div>
  )
}

export { GeneralErrorBoundary as ErrorBoundary } from '~/components/error-boundary'
