import { operatorContext } from '~/auth/session.server'
import { AppealCard } from '~/components/admin/claim/appeal'
import { ClaimHeading } from '~/components/admin/claim/claim-heading'
import { DamageCard } from '~/components/admin/claim/damage'
import { DecisionCard } from '~/components/admin/claim/decision'
import { IntegrityFlags } from '~/components/admin/claim/integrity-flags'
import { ClaimMessages } from '~/components/admin/claim/messages'
import { OutcomeCard } from '~/components/admin/claim/outcome'
import { PhotoRequest } from '~/components/admin/claim/photo-request'
import { ClaimSidebar } from '~/components/admin/claim/sidebar'
import { Toast } from '~/components/toast'
import { readThread, shopOnThread } from '~/models/claims/claim-messages.server'
import { claimForReview } from '~/models/claims/claim-review.server'
import { reviewPage } from '~/models/claims/claim-review-page.server'
import { operatorZone } from '~/models/people/operator.server'
import { routeRules } from '~/server/route-rules'
import { NOT_FOUND_META, operatorMeta } from '~/utils/meta'
import { isNotFound, notFound, resultErrors, resultValues } from '~/utils/refusal'

import type { Route } from './+types/admin.claims.$claimId'
import { askForPhotos, postMessage, review } from './admin.claims.$claimId.intents.server'

export const handle = routeRules({ body: 'form', public: false, pageCache: false, originCheck: true })

export async function loader({ params, context }: Route.LoaderArgs) {
  const review = claimForReview(params.claimId)
  if (!review) notFound()
  return {
    ...reviewPage(review, operatorZone(context.get(operatorContext))),
    // The claim's thread with the customer and (once booked) the shop, answered here.
    thread: readThread(review.claim.id, 'operator').map(({ id, ...message }) => ({ key: id, ...message })),
    shopOnThread: shopOnThread(review.claim),
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const on = { claimId: params.claimId, operatorId: context.get(operatorContext).id }
  const formData = await request.formData()
  const intent = formData.get('intent')
  if (intent === 'message') return postMessage(formData, on)
  if (intent === 'request-photos') return askForPhotos(formData, on)
  return review(formData, on)
}

export const meta: Route.MetaFunction = ({ data: loaderData, error }) =>
  isNotFound(error) ? NOT_FOUND_META : operatorMeta(`Claim ${loaderData?.claim.code ?? ''}`)

export default function AdminClaim({ loaderData, actionData }: Route.ComponentProps) {
  const { claim } = loaderData
  const failed = (intent: string) =>
    actionData && 'intent' in actionData && actionData.intent === intent ? resultErrors(actionData.result) : {}
  const kept = (intent: string) =>
    actionData && 'intent' in actionData && actionData.intent === intent ? resultValues(actionData.result) : {}
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <ClaimHeading {...loaderData} />
      <Toast toast={actionData?.toast} className="mb-6" />

      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <IntegrityFlags flags={loaderData.flags} />
          <DamageCard {...loaderData} />
          <AppealCard claim={claim} />
          {claim.status === 'pending_review' ? (
            <DecisionCard {...loaderData} failed={failed} kept={kept} />
          ) : (
            <OutcomeCard {...loaderData} failed={failed} />
          )}
          <ClaimMessages
            thread={loaderData.thread}
            shopName={claim.partnerGroup}
            shopIsOnThread={loaderData.shopOnThread}
            failed={failed}
            values={kept('message')}
          />
          <PhotoRequest shopIsOnThread={loaderData.shopOnThread} failed={failed} />
        </div>

        <ClaimSidebar {...loaderData} />
      </div>
    </div>
  )
}

export { GeneralErrorBoundary as ErrorBoundary } from '~/components/error-boundary'
