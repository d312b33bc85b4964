import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form } from 'react-router'

import { operatorContext } from '~/auth/session.server'
import { AdminPage, ListProblem, pageOrFirst } from '~/components/admin/admin-page'
import { useOperatorTime } from '~/components/admin/operator-zone'
import { Pager, pageSummary } from '~/components/admin/pager'
import { Toast } from '~/components/toast'
import { buttonClass, Card, inputClass } from '~/components/ui'
import { RuleError } from '~/domain/errors'
import { SHOP_RATING_MESSAGES } from '~/domain/messages'
import { ADMIN_RATINGS_PATH, adminClaimPath } from '~/domain/paths'
import { RATING_HIDE_REASON_LABELS, RATING_HIDE_REASONS } from '~/domain/ratings'
import { hideRatingComment, ratingsForOperator } from '~/models/shops/shop-ratings.server'
import { routeRules } from '~/server/route-rules'
import { redirectWithToast } from '~/toast.server'
import { NOT_FOUND_META, operatorMeta } from '~/utils/meta'
import { answerErrors, isNotFound, refusalOf, resultErrors } from '~/utils/refusal'
import { PageQuery, parseQuery } from '~/validation/operator'
import { HideRatingSchema } from '~/validation/ratings'

import type { Route } from './+types/admin.ratings'

export const handle = routeRules({ body: 'form', public: false, pageCache: false, originCheck: true })

/**
 * Every rating, newest first, a page at a time. The operator may hide a comment's words only for one of the listed reasons; the
 * reason is shown in their place, the score still counts, and the hiding is audited (the operator guard is the layout's).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const { query, problem: badQuery } = parseQuery(PageQuery, new URL(request.url))
  const { result, problem: pastTheLast } = pageOrFirst(query.page, (page) => ratingsForOperator(page))
  return data(
    {
      notice: badQuery ?? pastTheLast,
      page: result.page,
      ratings: result.ratings.map(({ rating, location, code, claimId }) => ({
        id: rating.id,
        score: rating.score,
        comment: rating.comment,
        hiddenReason: rating.hiddenReason,
        hiddenAt: rating.hiddenAt,
        createdAt: rating.createdAt,
        answer: rating.answer,
        location,
        code,
        claimId,
      })),
    },
    { status: badQuery || pastTheLast ? 400 : 200, headers: { 'Cache-Control': 'no-store' } },
  )
}

export async function action({ request, context }: Route.ActionArgs) {
  const operator = context.get(operatorContext)
  const formData = await request.formData()
  const ratingId = String(formData.get('ratingId') ?? '')
  const submission = parseWithZod(formData, { schema: HideRatingSchema })
  if (submission.status !== 'success') {
    return answerErrors(
      { [`reason-${ratingId}`]: [SHOP_RATING_MESSAGES.reasonRequired] },
      { values: { ratingId }, toast: { type: 'error', ...SHOP_RATING_MESSAGES.correct } },
    )
  }
  try {
    hideRatingComment({ ...submission.value, actorId: operator.id })
    return redirectWithToast(`${ADMIN_RATINGS_PATH}#rating-${ratingId}`, { type: 'success', ...SHOP_RATING_MESSAGES.hidden })
  } catch (error) {
    if (!(error instanceof RuleError)) throw error
    const refused = refusalOf(error)
    return answerErrors({ [error.field]: [error.message] }, { values: { ratingId }, toast: refused.toast, status: refused.status })
  }
}

export const meta: Route.MetaFunction = ({ error }) => (isNotFound(error) ? NOT_FOUND_META : operatorMeta('Shop ratings'))

export default function AdminRatings({ loaderData, actionData }: Route.ComponentProps) {
  const errors = resultErrors(actionData?.result)
  const time = useOperatorTime()
  return (
    <AdminPage title="Shop ratings" sub={SHOP_RATING_MESSAGES.allShown}>
      <Toast toast={actionData?.toast} className="mb-6" />
      <ListProblem notice={loaderData.notice} />
      {loaderData.ratings.length ? null : <p className="text-slate-700">No ratings yet.</p>}
      <div className="space-y-4">
        {loaderData.ratings.map((rating) => {
          const field = `reason-${rating.id}`
          return (
            <Card key={rating.id} id={`rating-${rating.id}`} className="space-y-2" data-testid="admin-rating">
              <p className="text-sm text-slate-700">
                {rating.location} ·{' '}
                <a href={adminClaimPath(rating.claimId)} className="font-mono underline">
                  {rating.code}
                </a>{' '}
                · {time(rating.createdAt)}
              </p>
              <p className="font-semibold text-slate-900">{rating.score} of 5</p>
              {rating.comment ? <p className="whitespace-pre-line text-sm text-slate-800">{rating.comment}</p> : null}
              {rating.answer ? (
                <p className="text-sm text-slate-700">
                  {SHOP_RATING_MESSAGES.shopAnswer}: {rating.answer}
                </p>
              ) : null}
              {!rating.comment ? null : rating.hiddenReason ? (
                <p className="text-sm font-medium text-slate-900" data-testid="rating-hidden">
                  {RATING_HIDE_REASON_LABELS[rating.hiddenReason]} ({time(rating.hiddenAt)})
                </p>
              ) : (
                <Form method="post" className="flex flex-wrap items-end gap-3">
                  <input type="hidden" name="ratingId" value={rating.id} />
                  <label className="grid gap-1 text-sm font-medium text-slate-900">
                    Hide the comment because
                    <select
                      name="reason"
                      defaultValue=""
                      className={inputClass}
                      aria-invalid={errors[field] ? true : undefined}
                      aria-describedby={errors[field] ? `${field}-error` : undefined}
                    >
                      <option value="">Choose a reason</option>
                      {RATING_HIDE_REASONS.map((reason) => (
                        <option key={reason} value={reason}>
                          {RATING_HIDE_REASON_LABELS[reason]}
                        </option>
                      ))}
                    </select>
                  </label>
                  <button type="submit" className={buttonClass('secondary')}>
                    Hide the comment
                  </button>
                  {errors[field] ? (
                    <p id={`${field}-error`} className="w-full text-sm font-medium text-red-700" role="alert">
                      {errors[field].join(' ')}
                    </p>
                  ) : null}
                </Form>
              )}
            </Card>
          )
        })}
      </div>
      <Pager
        page={loaderData.page.page}
        hasNext={loaderData.page.page < loaderData.page.pages}
        summary={pageSummary(loaderData.page, ['rating', 'ratings'])}
      />
    </AdminPage>
  )
}

export { GeneralErrorBoundary as ErrorBoundary } from '~/components/error-boundary'
