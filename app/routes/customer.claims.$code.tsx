import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form, Link } from 'react-router'

import { claimMessageLimited } from '~/auth/claim-limits.server'
import { requireCustomer } from '~/auth/session.server'
import { ClaimStatusBadge } from '~/components/claim-card'
import { ClaimThread, MessageField } from '~/components/claims/claim-thread'
import { RatingCardBody } from '~/components/claims/rating-form'
import { Toast } from '~/components/toast'
import { buttonClass, Card, cx, PageHeading } from '~/components/ui'
import { CLAIM_PAGE_MESSAGES, CLAIM_THREAD_MESSAGES, SHOP_RATING_MESSAGES } from '~/domain/messages'
import { claimPagePath } from '~/domain/paths'
import { formatPhone, phoneHref } from '~/domain/phones'
import { postClaimMessage } from '~/models/claims/claim-messages.server'
import { claimPage, ownClaimByCode, type TimelineStep } from '~/models/claims/claim-page.server'
import { routeRules } from '~/server/route-rules'
import { redirectWithToast } from '~/toast.server'
import { NOT_FOUND_META, pageMeta } from '~/utils/meta'
import { useIsPending } from '~/utils/pending'
import { answerRefusal, answerSubmission, isNotFound, resultErrors, resultValues } from '~/utils/refusal'
import { ClaimMessageSchema } from '~/validation/claims'
import { fieldLimits } from '~/validation/limits'

import type { Route } from './+types/customer.claims.$code'

export const handle = routeRules({ body: 'form', public: false, pageCache: false, originCheck: true })

const LIMITS = fieldLimits(ClaimMessageSchema)

/**
 * One claim, for its customer: where it stands (a timeline from filing to the repair guarantee), the shop and the
 * appointment with a calendar file, the photos, what they can do next, and the messages with us and the shop. Named by
 * its confirmation code; anyone else's claim is a 404 (docs/decisions/075-one-page-per-claim.md).
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const profile = await requireCustomer(request)
  return data(claimPage(profile.id, params.code), { headers: { 'Cache-Control': 'no-store' } })
}

export async function action({ request, params }: Route.ActionArgs) {
  const profile = await requireCustomer(request)
  // Another person's claim is a 404 before anything about the form.
  const claim = ownClaimByCode(profile.id, params.code)
  const submission = parseWithZod(await request.formData(), { schema: ClaimMessageSchema })
  if (submission.status !== 'success') {
    return answerSubmission(submission, { toast: { type: 'error', ...CLAIM_THREAD_MESSAGES.correct } })
  }
  // Past the thread's limit: said next to the message, which stays in the box; nothing is saved.
  const limited = claimMessageLimited(profile.id, claim.id)
  if (limited) return answerRefusal(limited, submission)
  await postClaimMessage({ claimId: claim.id, author: 'customer', authorProfileId: profile.id, body: submission.value.body })
  return redirectWithToast(`${claimPagePath(claim.confirmationCode)}#claim-thread-title`, {
    type: 'success',
    ...CLAIM_THREAD_MESSAGES.sent,
  })
}

export const meta: Route.MetaFunction = ({ error, loaderData }) =>
  isNotFound(error) || !loaderData
    ? NOT_FOUND_META
    : pageMeta(`Claim ${loaderData.claim.code}`, 'Where your windshield claim stands, your shop and appointment, and messages with us.')

const STEP_MARKS: Record<TimelineStep['state'], { mark: string; words: string; className: string }> = {
  done: { mark: '✓', words: 'Done', className: 'bg-green-700 text-white' },
  current: { mark: '•', words: 'Now', className: 'bg-brand-700 text-white' },
  upcoming: { mark: '', words: 'Next', className: 'border-2 border-slate-400 bg-white' },
}

export default function ClaimPage({ loaderData, actionData }: Route.ComponentProps) {
  const { claim, timeline, shop, promise, appointment, photos, actions, thread, shopOnThread, rating } = loaderData
  const errors = resultErrors(actionData?.result)
  const values = resultValues(actionData?.result)
  const sending = useIsPending({ state: 'submitting' })
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-12">
      <p>
        <Link to="/customer#claims" className="text-sm font-semibold text-brand-700 underline">
          ← Your claims
        </Link>
      </p>
      <PageHeading sub={`${claim.policy.planName} (${claim.policy.number})`}>
        Claim <span className="font-mono tracking-wider">{claim.code}</span>
      </PageHeading>
      <div>
        <ClaimStatusBadge status={claim.status} />
      </div>

      <Card className="space-y-4" role="region" aria-labelledby="timeline-title">
        <h2 id="timeline-title" className="text-xl font-semibold text-slate-900">
          Where your claim stands
        </h2>
        <ol className="space-y-4" data-testid="claim-timeline">
          {timeline.map((step) => (
            <li key={step.key} className="flex gap-3" data-testid={`step-${step.key}`} data-state={step.state}>
              <span
                aria-hidden
                className={cx(
                  'mt-0.5 flex h-6 w-6 shrink-0 items-center justify-center rounded-full text-sm',
                  STEP_MARKS[step.state].className,
                )}
              >
                {STEP_MARKS[step.state].mark}
              </span>
              <div>
                <p className="font-semibold text-slate-900">
                  <span className="sr-only">{STEP_MARKS[step.state].words}: </span>
                  {step.title}
                  {step.when ? <span className="font-normal text-slate-700"> · {step.when}</span> : null}
                </p>
                {step.detail ? <p className="whitespace-pre-line text-sm text-slate-800">{step.detail}</p> : null}
                {step.link ? (
                  <a href={step.link.href} className="text-sm font-semibold text-brand-700 underline">
                    {step.link.label}
                  </a>
                ) : null}
              </div>
            </li>
          ))}
        </ol>
      </Card>

      {actions.length ? (
        <div className="flex flex-wrap gap-3" data-testid="claim-actions">
          {actions.map((action) => (
            <Link key={action.key} to={action.href} className={buttonClass(action.key === 'appeal' ? 'secondary' : 'primary')}>
              {action.label}
            </Link>
          ))}
        </div>
      ) : null}

      {promise ? (
        <Card className="space-y-2" role="region" aria-labelledby="promise-title" data-testid="claim-promise">
          <h2 id="promise-title" className="text-xl font-semibold text-slate-900">
            {CLAIM_PAGE_MESSAGES.promiseTitle}
          </h2>
          {promise.date ? <p className="font-semibold text-slate-900">{promise.date}</p> : null}
          <p className="text-sm text-slate-800">{promise.detail}</p>
        </Card>
      ) : null}

      {shop || appointment ? (
        <Card className="space-y-3" role="region" aria-labelledby="shop-title" data-testid="claim-shop">
          <h2 id="shop-title" className="text-xl font-semibold text-slate-900">
            Your shop
          </h2>
          {shop ? (
            <div className="text-slate-800">
              <p className="font-semibold text-slate-900">{shop.name}</p>
              {shop.address ? <p>{shop.address}</p> : null}
              {shop.phone ? (
                <p>
                  <a href={phoneHref(shop.phone)} className="underline">
                    {formatPhone(shop.phone)}
                  </a>
                </p>
              ) : null}
              {shop.map ? (
                <a href={shop.map} className="text-sm font-semibold text-brand-700 underline" target="_blank" rel="noreferrer">
                  Open in maps
                </a>
              ) : null}
            </div>
          ) : null}
          {appointment ? (
            <div className="space-y-2 border-t border-slate-200 pt-3" data-testid="claim-appointment">
              <p className="text-slate-900">
                <span className="font-semibold">Appointment{appointment.proposed ? ' (proposed by the shop)' : ''}:</span>{' '}
                {appointment.when}. {appointment.place}.
              </p>
              <a href={appointment.calendarHref} className={buttonClass('secondary', 'py-1.5')} download>
                Add to calendar
              </a>
            </div>
          ) : null}
        </Card>
      ) : null}

      {rating ? (
        <Card className="space-y-4" role="region" aria-labelledby="rating-title" data-testid="claim-rating">
          <h2 id="rating-title" className="text-xl font-semibold text-slate-900">
            {SHOP_RATING_MESSAGES.askTitle(rating.shop)}
          </h2>
          {/* Posts to the rating's own route, which answers a refusal on its page and comes back here on success. */}
          <RatingCardBody path={rating.path} rating={rating.rating} values={{}} errors={{}} submitting={false} />
        </Card>
      ) : null}

      {photos.length ? (
        <Card className="space-y-4" role="region" aria-labelledby="photos-title">
          <h2 id="photos-title" className="text-xl font-semibold text-slate-900">
            Photos
          </h2>
          {photos.map((group) => (
            <section key={group.type} aria-labelledby={`photos-${group.type}`}>
              <h3 id={`photos-${group.type}`} className="text-base font-semibold text-slate-900">
                {group.title}
              </h3>
              <ul
                className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-4"
                aria-labelledby={`photos-${group.type}`}
                data-testid={`claim-photos-${group.type}`}
              >
                {group.photos.map((photo, index) => (
                  <li key={photo.key}>
                    <a href={photo.full} target="_blank" rel="noreferrer">
                      <img
                        src={photo.thumb}
                        alt={`${group.label} ${index + 1}`}
                        className="aspect-square w-full rounded-lg object-cover"
                        loading="lazy"
                      />
                    </a>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </Card>
      ) : null}

      <Toast toast={actionData?.toast} />
      <ClaimThread
        messages={thread}
        reader="customer"
        shopName={shop?.name ?? null}
        note={shopOnThread ? 'Our claims team and your shop read these messages.' : 'Our claims team reads these messages.'}
      >
        <Form method="post" className="space-y-3">
          <MessageField errors={errors.body} value={values.body} maxLength={LIMITS.body.maxLength} />
          <button type="submit" className={buttonClass('primary')} disabled={sending}>
            {sending ? 'Sending...' : 'Send message'}
          </button>
        </Form>
      </ClaimThread>
    </div>
  )
}

export { GeneralErrorBoundary as ErrorBoundary } from '~/components/error-boundary'
