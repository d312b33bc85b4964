import { parseWithZod } from '@conform-to/zod/v4'
import { data, Link } from 'react-router'

import { requireCustomer } from '~/auth/session.server'
import { RatingCardBody } from '~/components/claims/rating-form'
import { Toast } from '~/components/toast'
import { Card, PageHeading } from '~/components/ui'
import { RuleError } from '~/domain/errors'
import { SHOP_RATING_MESSAGES } from '~/domain/messages'
import { claimPagePath } from '~/domain/paths'
import { ownRating, rateShop } from '~/models/shops/shop-ratings.server'
import { routeRules } from '~/server/route-rules'
import { redirectWithToast } from '~/toast.server'
import { NOT_FOUND_META, pageMeta } from '~/utils/meta'
import { useIsPending } from '~/utils/pending'
import { answerRefusal, answerSubmission, isNotFound, resultErrors, resultValues } from '~/utils/refusal'
import { RatingSchema } from '~/validation/ratings'

import type { Route } from './+types/customer.claims.$claimId.rating'

export const handle = routeRules({ body: 'form', public: false, pageCache: false, originCheck: true })

/**
 * The customer rates the shop of a finished job (1 to 5 stars, a comment if they like), once, and may change it for 30
 * days (app/domain/ratings.ts). The claim page's card posts here too. Anyone else's claim is a 404; a claim whose job
 * is not done goes back to its page with a message.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const profile = await requireCustomer(request)
  try {
    return data(ownRating(profile.id, params.claimId), { headers: { 'Cache-Control': 'no-store' } })
  } catch (error) {
    if (error instanceof RuleError)
      throw await redirectWithToast('/customer#claims', { type: 'info', title: error.title, description: error.message })
    throw error
  }
}

export async function action({ request, params }: Route.ActionArgs) {
  const profile = await requireCustomer(request)
  const submission = parseWithZod(await request.formData(), { schema: RatingSchema })
  try {
    if (submission.status !== 'success') {
      // Another person's claim stays a 404, and an open job's refusal comes, before any message about the form.
      ownRating(profile.id, params.claimId)
      return answerSubmission(submission, { toast: { type: 'error', ...SHOP_RATING_MESSAGES.correct } })
    }
    const { rating, edited, shop } = rateShop({ profileId: profile.id, claimId: params.claimId, ...submission.value })
    const code = ownRating(profile.id, rating.claimId).code
    return redirectWithToast(`${claimPagePath(code)}#rating-title`, {
      type: 'success',
      ...(edited ? SHOP_RATING_MESSAGES.edited(shop) : SHOP_RATING_MESSAGES.given(shop)),
    })
  } catch (error) {
    if (error instanceof RuleError) return answerRefusal(error, submission)
    throw error
  }
}

export const meta: Route.MetaFunction = ({ error, loaderData }) =>
  isNotFound(error) || !loaderData
    ? NOT_FOUND_META
    : pageMeta(SHOP_RATING_MESSAGES.askTitle(loaderData.shop), 'Rate the shop that did your windshield job.')

export default function RateShop({ loaderData, actionData }: Route.ComponentProps) {
  const { code, path, shop, rating } = loaderData
  const submitting = useIsPending({ state: 'submitting' })
  return (
    <div className="mx-auto max-w-2xl space-y-6 px-4 py-12">
      <p>
        <Link to={claimPagePath(code)} className="text-sm font-semibold text-brand-700 underline">
          ← Claim {code}
        </Link>
      </p>
      <PageHeading sub={`Claim ${code}`}>{SHOP_RATING_MESSAGES.askTitle(shop)}</PageHeading>
      <Toast toast={actionData?.toast} />
      <Card className="space-y-4">
        <RatingCardBody
          path={path}
          rating={rating}
          values={resultValues(actionData?.result)}
          errors={resultErrors(actionData?.result)}
          submitting={submitting}
        />
      </Card>
    </div>
  )
}

export { GeneralErrorBoundary as ErrorBoundary } from '~/components/error-boundary'
