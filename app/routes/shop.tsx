import { parseWithZod } from '@conform-to/zod/v4'
import { data, redirect } from 'react-router'

import { requireShopStaff } from '~/auth/session.server'
import { appointmentInWords, JobFacts, type ShopJobView } from '~/components/shop/job-summary'
import { ScheduleNotice, ShopPriceSchedule } from '~/components/shop/price-schedule'
import { ShopRatingsSection } from '~/components/shop/ratings'
import { ScorecardSection } from '~/components/shop/scorecard'
import { Toast } from '~/components/toast'
import { Badge, buttonClass, Card, inputClass } from '~/components/ui'
import { SERVICE_ZONE } from '~/domain/calendar'
import { RuleError } from '~/domain/errors'
import { formatLongDate, formatPrice } from '~/domain/format'
import { CONNECT_MESSAGES, PRICE_SCHEDULE_MESSAGES, REPAIR_FAILURE_MESSAGES, STORM_MESSAGES } from '~/domain/messages'
import { SHOP_RATINGS_PATH, shopJobPath } from '~/domain/paths'
import { PAYOUT_STATE_NAMES } from '~/domain/payouts'
import { DONE_SHOWN } from '~/domain/shops'
import { env } from '~/env.server'
import { logger } from '~/logger.server'
import { shopZoneOf } from '~/models/claims/shop-choice.server'
import { refreshConnectStatus, startConnectOnboarding } from '~/models/money/shop-payments.server'
import { groupLocations, setDailyCapacity } from '~/models/shops/partners.server'
import { answerSchedule, groupScheduleView } from '~/models/shops/price-schedule.server'
import { shopJobs, shopRework } from '~/models/shops/shop-jobs.server'
import { ratingFiguresOfGroup } from '~/models/shops/shop-ratings.server'
import { scorecardOfGroup } from '~/models/shops/shop-scorecards.server'
import { routeRules } from '~/server/route-rules'
import { redirectWithToast } from '~/toast.server'
import { NOT_FOUND_META, pageMeta } from '~/utils/meta'
import { answerErrors, isNotFound, notFound, refusalOf, resultErrors, resultValues } from '~/utils/refusal'
import { ScheduleAnswerSchema } from '~/validation/price-schedule'
import { DailyCapacitySchema, MAX_DAILY_CAPACITY } from '~/validation/storms'

import type { Route } from './+types/shop'

/**
 * A partner group's jobs for its signed-in staff: new (a time to give), scheduled (today's first), done. Built for a
 * shop PC like the code-only page: rendered on the server, no React sent (hydrate false), plain links and forms.
 */
export const handle = routeRules({ body: 'form', public: false, pageCache: false, originCheck: true, hydrate: false })

export async function loader({ request }: Route.LoaderArgs) {
  const { profile, group } = await requireShopStaff(request)
  const connect = new URL(request.url).searchParams.get('connect')
  if (connect === 'return' || connect === 'refresh') return connectReturn(connect, profile.id, group.id)
  const jobs = shopJobs(group.id)
  return data(
    {
      group: { name: group.name },
      locations: groupLocations(group.id),
      stripe: { text: CONNECT_MESSAGES.shopState(group), ready: group.stripePayoutsEnabled, started: Boolean(group.stripeAccountId) },
      rework: shopRework(group.id),
      scorecard: scorecardOfGroup(group.id),
      ratings: ratingFiguresOfGroup(group.id),
      // The shop's clock, for the times this page tells (decision 045): its first location's zone.
      zone: shopZoneOf({ chosenLocationId: null, assignedPartnerGroupId: group.id }) ?? SERVICE_ZONE,
      schedule: groupScheduleView(group.id),
      ...jobs,
    },
    { headers: { 'Cache-Control': 'no-store' } },
  )
}

/** Where Stripe's hosted onboarding sends the shop back: done (its state re-read), or a link that expired (a new one). */
async function connectReturn(connect: 'return' | 'refresh', actorId: string, groupId: string) {
  try {
    if (connect === 'refresh') return redirect((await startConnectOnboarding({ groupId, actorId, ...connectUrls() })).url)
    const status = await refreshConnectStatus(groupId)
    return redirectWithToast('/shop#stripe', {
      type: status?.ready ? 'success' : 'info',
      ...CONNECT_MESSAGES[status?.ready ? 'ready' : 'notReady'],
    })
  } catch (error) {
    logger.warn({ err: error, groupId }, 'stripe connect: could not reach Stripe')
    return redirectWithToast('/shop#stripe', { type: 'error', ...CONNECT_MESSAGES.unavailable })
  }
}

const connectUrls = () => ({ returnUrl: `${env().APP_URL}/shop?connect=return`, refreshUrl: `${env().APP_URL}/shop?connect=refresh` })

/** The list page's forms: how many jobs a day each of the group's locations takes, and being paid through Stripe. */
export async function action({ request }: Route.ActionArgs) {
  const { profile, group } = await requireShopStaff(request)
  const formData = await request.formData()
  if (formData.get('intent') === 'connect') {
    // Stripe's hosted onboarding: the shop gives its business and bank details to Stripe, never to us.
    try {
      return redirect((await startConnectOnboarding({ groupId: group.id, actorId: profile.id, ...connectUrls() })).url)
    } catch (error) {
      logger.warn({ err: error, groupId: group.id }, 'stripe connect: could not reach Stripe')
      return redirectWithToast('/shop#stripe', { type: 'error', ...CONNECT_MESSAGES.unavailable })
    }
  }
  const intent = formData.get('intent')
  if (intent === 'accept-schedule' || intent === 'refuse-schedule') return answerPriceSchedule(formData, group.id, profile.id)
  const submission = parseWithZod(formData, { schema: DailyCapacitySchema })
  const locationId = String(formData.get('locationId') ?? '')
  const values = { locationId, dailyCapacity: String(formData.get('dailyCapacity') ?? '') }
  if (submission.status !== 'success') {
    const message = STORM_MESSAGES.capacity(MAX_DAILY_CAPACITY)
    return answerErrors(
      { [`capacity-${locationId}`]: [message] },
      { values, toast: { type: 'error', ...STORM_MESSAGES.capacityCorrect, description: message } },
    )
  }
  const saved = setDailyCapacity(profile.id, group.id, submission.value.locationId, submission.value.dailyCapacity)
  if (!saved) notFound()
  return redirectWithToast('/shop', { type: 'success', ...STORM_MESSAGES.capacitySet(saved.name, submission.value.dailyCapacity) })
}

/** The group's answer to a version of the price schedule: accepted or refused, with a flash; a stale version is a 409. */
function answerPriceSchedule(formData: FormData, groupId: string, actorId: string) {
  const submission = parseWithZod(formData, { schema: ScheduleAnswerSchema })
  if (submission.status !== 'success') {
    return answerErrors(
      { schedule: [PRICE_SCHEDULE_MESSAGES.notOpen.description] },
      { toast: { type: 'error', ...PRICE_SCHEDULE_MESSAGES.notOpen } },
    )
  }
  const accepted = submission.value.intent === 'accept-schedule'
  try {
    const version = answerSchedule({ groupId, actorId, scheduleId: submission.value.scheduleId, accepted })
    return redirectWithToast('/shop#price-schedule', {
      type: accepted ? 'success' : 'info',
      ...PRICE_SCHEDULE_MESSAGES[accepted ? 'accepted' : 'refused'](version.version),
    })
  } catch (error) {
    if (!(error instanceof RuleError)) throw error
    const refused = refusalOf(error)
    return answerErrors({ schedule: [error.message] }, { toast: refused.toast, status: refused.status })
  }
}

export const meta: Route.MetaFunction = ({ error }) =>
  isNotFound(error) ? NOT_FOUND_META : pageMeta('Shop jobs', "The partner shop's jobs: new, scheduled and done.", { noindex: true })

export default function ShopJobs({ loaderData, actionData }: Route.ComponentProps) {
  const { group, fresh, scheduled, done, paid, today, locations, rework, zone } = loaderData
  return (
    <div className="mx-auto max-w-4xl space-y-8 px-4 py-10">
      <div>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">{group.name}: jobs</h1>
        <p className="mt-2 text-slate-700">
          Give each new job a time; complete it with the invoice once the work is done. New jobs are listed most urgent first.
        </p>
      </div>
      {actionData?.toast ? <Toast toast={actionData.toast} /> : null}
      <ScheduleNotice schedule={loaderData.schedule} />
      {/* The jobs first, on a phone and on the shop's PC; the schedule's prices after them. */}
      <JobSection id="new" title="New: choose a time" jobs={fresh} empty="No new jobs." zone={zone} />
      <JobSection id="scheduled" title="Scheduled" jobs={scheduled} empty="Nothing scheduled." today={today} zone={zone} />
      <FinishedJobs id="done" title="Done" jobs={done} empty="No finished jobs waiting for payment." zone={zone} />
      <FinishedJobs id="paid" title="Paid" jobs={paid} empty="No paid jobs yet." zone={zone} />
      <ShopPriceSchedule schedule={loaderData.schedule} error={resultErrors(actionData?.result).schedule?.join(' ')} />
      <Rework items={rework} zone={zone} />
      <ScorecardSection {...loaderData.scorecard} zone={loaderData.zone} />
      <ShopRatingsSection locations={loaderData.ratings} href={SHOP_RATINGS_PATH} />
      <DailyCapacity locations={locations} result={actionData?.result} />
      <StripePayouts stripe={loaderData.stripe} />
    </div>
  )
}

/** Being paid through Stripe Connect: the state, and the button to Stripe's hosted onboarding. */
function StripePayouts({ stripe }: { stripe: Route.ComponentProps['loaderData']['stripe'] }) {
  return (
    <section id="stripe" aria-labelledby="stripe-heading" className="space-y-3">
      <h2 id="stripe-heading" className="text-xl font-semibold">
        Getting paid
      </h2>
      <p className="text-sm text-slate-700" data-testid="stripe-state">
        {stripe.text}
      </p>
      {stripe.ready ? null : (
        <form method="post">
          <input type="hidden" name="intent" value="connect" />
          <button type="submit" className={buttonClass('primary')}>
            {stripe.started ? 'Continue the Stripe set-up' : 'Get paid through Stripe'}
          </button>
        </form>
      )}
    </section>
  )
}

/** Each location's jobs a day: customers are offered only the days it has room on (empty: no limit). */
function DailyCapacity({
  locations,
  result,
}: {
  locations: Route.ComponentProps['loaderData']['locations']
  result: Parameters<typeof resultErrors>[0]
}) {
  const errors = resultErrors(result)
  const values = resultValues(result)
  if (!locations.length) return null
  return (
    <section aria-labelledby="capacity-heading" className="space-y-3">
      <h2 id="capacity-heading" className="text-xl font-semibold">
        Jobs a day
      </h2>
      <p className="text-sm text-slate-700">
        How many jobs each location takes a day. Customers choosing a shop are not offered a day that is full; leave it empty for no limit.
      </p>
      {locations.map((location) => {
        const field = `capacity-${location.id}`
        const refused = values.locationId === location.id
        return (
          <form key={location.id} method="post" className="flex flex-wrap items-end gap-3" data-testid="daily-capacity">
            <input type="hidden" name="intent" value="capacity" />
            <input type="hidden" name="locationId" value={location.id} />
            <label className="grid gap-1 text-sm font-medium text-slate-900">
              {location.name}: jobs a day
              <input
                type="text"
                inputMode="numeric"
                name="dailyCapacity"
                maxLength={String(MAX_DAILY_CAPACITY).length}
                defaultValue={refused ? values.dailyCapacity : (location.dailyCapacity?.toString() ?? '')}
                className={inputClass}
                aria-invalid={errors[field] ? true : undefined}
                aria-describedby={errors[field] ? `${field}-error` : undefined}
              />
            </label>
            <button type="submit" className={buttonClass('secondary')}>
              Save
            </button>
            {errors[field] ? (
              <p id={`${field}-error`} className="w-full text-sm font-medium text-red-700" role="alert">
                {errors[field].join(' ')}
              </p>
            ) : null}
          </form>
        )
      })}
    </section>
  )
}

type FinishedJob = Route.ComponentProps['loaderData']['done'][number]

/** Finished jobs (the latest DONE_SHOWN), with where the payment stands: approved, in a payout, or paid and its reference. */
function FinishedJobs({ id, title, jobs, empty, zone }: { id: string; title: string; jobs: FinishedJob[]; empty: string; zone: string }) {
  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-3">
      <h2 id={`${id}-heading`} className="text-xl font-semibold">
        {title} <span className="text-sm font-normal text-slate-700">(of the latest {DONE_SHOWN} finished)</span>
      </h2>
      {jobs.length ? (
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200" data-testid={`jobs-${id}`}>
          {jobs.map((job) => (
            <li key={job.id} className="flex flex-wrap gap-x-4 px-4 py-2 text-sm">
              <a href={shopJobPath(job.id)} className="font-mono font-semibold text-brand-700 underline">
                {job.code}
              </a>
              <span data-testid="job-completed-on">{formatLongDate(job.completedAt, '', zone)}</span>
              <span className="capitalize">{job.repairType ?? job.damageType}</span>
              <span>{job.customer.name}</span>
              {job.paidCents !== null ? <span data-testid="job-paid-amount">{formatPrice(job.paidCents)}</span> : null}
              <span data-testid="job-payment">
                {job.payment?.state === 'paid'
                  ? `Paid on ${formatLongDate(job.payment.paidAt, '', zone)}, reference ${job.payment.reference}`
                  : PAYOUT_STATE_NAMES[job.payment?.state ?? 'not_approved']}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-700">{empty}</p>
      )}
    </section>
  )
}

/** Chip repairs of this shop that failed and were claimed under the repair guarantee: the rework on its record. */
function Rework({
  items,
  zone,
}: {
  zone: string
  items: {
    id: string
    code: string
    approvalStatus: string
    submittedAt: string
    repairedId: string
    repairedCode: string
    repairedAt: string | null
  }[]
}) {
  return (
    <section aria-labelledby="rework-heading" className="space-y-3">
      <h2 id="rework-heading" className="text-xl font-semibold">
        Rework: repairs that failed
      </h2>
      {items.length ? (
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200" data-testid="rework">
          {items.map((item) => (
            <li key={item.id} className="px-4 py-2 text-sm">
              {REPAIR_FAILURE_MESSAGES.shopRework(item.repairedCode, item.repairedAt ?? item.submittedAt, zone)}{' '}
              <a href={shopJobPath(item.repairedId)} className="font-mono font-semibold text-brand-700 underline">
                {item.repairedCode}
              </a>{' '}
              · claim <span className="font-mono">{item.code}</span> filed {formatLongDate(item.submittedAt, '', zone)} ·{' '}
              {REWORK_STATUS[item.approvalStatus] ?? item.approvalStatus}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-700">No repair of yours has failed.</p>
      )}
    </section>
  )
}

const REWORK_STATUS: Record<string, string> = {
  pending_review: 'waiting for review',
  approved: 'approved',
  denied: 'denied',
  completed: 'replaced',
}

function JobSection({
  id,
  title,
  jobs,
  empty,
  today,
  zone,
}: {
  id: string
  title: string
  jobs: ShopJobView[]
  empty: string
  today?: string
  zone: string
}) {
  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-3" data-testid={`jobs-${id}`}>
      <h2 id={`${id}-heading`} className="text-xl font-semibold">
        {title} <span className="text-sm font-normal text-slate-700">({jobs.length})</span>
      </h2>
      {jobs.length === 0 ? <p className="text-sm text-slate-700">{empty}</p> : null}
      {jobs.map((job) => (
        <Card key={job.id} className="space-y-2" data-testid="shop-job">
          <div className="flex flex-wrap items-center gap-3">
            <a href={shopJobPath(job.id)} className="font-mono text-lg font-semibold text-brand-700 underline">
              {job.code}
            </a>
            {today && job.appointmentAt?.startsWith(today) ? (
              <Badge tone="info">Today {appointmentInWords(job.appointmentAt, zone).split(', ').pop()}</Badge>
            ) : null}
            {job.urgency === 'unsafe' ? <Badge tone="destructive">Urgent: shattered or in the driver's sight</Badge> : null}
            {job.appointmentProposed ? <Badge tone="warning">Other time proposed</Badge> : null}
            {job.pastPromise ? <Badge tone="destructive">Past promise</Badge> : null}
            {job.rescheduleRequestedAt && !job.appointmentAt ? <Badge tone="warning">Customer asked for another time</Badge> : null}
          </div>
          <JobFacts job={job} zone={zone} />
        </Card>
      ))}
    </section>
  )
}

export { GeneralErrorBoundary as ErrorBoundary } from '~/components/error-boundary'
