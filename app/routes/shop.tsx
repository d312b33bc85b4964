import { data } from 'react-router'

import { requireShopStaff } from '~/auth/session.server'
import { GeneralErrorBoundary, isNotFound } from '~/components/error-boundary'
import { appointmentInWords, JobFacts, type ShopJobView } from '~/components/shop/job-summary'
import { Badge, Card } from '~/components/ui'
import { formatLongDate, formatPrice } from '~/domain/format'
import { shopJobPath } from '~/domain/paths'
import { PAYOUT_STATE_NAMES } from '~/domain/payouts'
import { DONE_SHOWN } from '~/domain/shops'
import { shopJobs } from '~/models/shop-jobs.server'
import { routeRules } from '~/route-rules'
import { NOT_FOUND_META, pageMeta } from '~/utils/meta'

import type { Route } from './+types/shop'

/**
 * A partner group's jobs for its signed-in staff: new (a time to give), scheduled (today's first), done. Built for a
 * shop PC like the code-only page: rendered on the server, no React sent (hydrate false), plain links and forms.
 */
export const handle = routeRules({ body: 'form', public: false, pageCache: false, originCheck: true, hydrate: false })

export async function loader({ request }: Route.LoaderArgs) {
  const { group } = await requireShopStaff(request)
  const jobs = shopJobs(group.id)
  return data({ group: { name: group.name }, ...jobs }, { headers: { 'Cache-Control': 'no-store' } })
}

export const meta: Route.MetaFunction = ({ error }) =>
  isNotFound(error) ? NOT_FOUND_META : pageMeta('Shop jobs', "The partner shop's jobs: new, scheduled and done.", { noindex: true })

export default function ShopJobs({ loaderData }: Route.ComponentProps) {
  const { group, fresh, scheduled, done, paid, today } = loaderData
  return (
    <div className="mx-auto max-w-4xl space-y-8 px-4 py-10">
      <div>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">{group.name}: jobs</h1>
        <p className="mt-2 text-slate-700">Give each new job a time; complete it with the invoice once the work is done.</p>
      </div>
      <JobSection id="new" title="New: choose a time" jobs={fresh} empty="No new jobs." />
      <JobSection id="scheduled" title="Scheduled" jobs={scheduled} empty="Nothing scheduled." today={today} />
      <FinishedJobs id="done" title="Done" jobs={done} empty="No finished jobs waiting for payment." />
      <FinishedJobs id="paid" title="Paid" jobs={paid} empty="No paid jobs yet." />
    </div>
  )
}

type FinishedJob = Route.ComponentProps['loaderData']['done'][number]

/** Finished jobs (the latest DONE_SHOWN), with where the payment stands: approved, in a payout, or paid and its reference. */
function FinishedJobs({ id, title, jobs, empty }: { id: string; title: string; jobs: FinishedJob[]; empty: string }) {
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
              <span>{formatLongDate(job.completedAt)}</span>
              <span className="capitalize">{job.repairType ?? job.damageType}</span>
              <span>{job.customer.name}</span>
              {job.actualCostCents !== null ? <span>{formatPrice(job.actualCostCents)}</span> : null}
              <span data-testid="job-payment">
                {job.payment?.state === 'paid'
                  ? `Paid on ${formatLongDate(job.payment.paidAt)}, reference ${job.payment.reference}`
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

function JobSection({ id, title, jobs, empty, today }: { id: string; title: string; jobs: ShopJobView[]; empty: string; today?: string }) {
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
              <Badge tone="info">Today {appointmentInWords(job.appointmentAt).split(', ').pop()}</Badge>
            ) : null}
            {job.appointmentProposed ? <Badge tone="warning">Other time proposed</Badge> : null}
            {job.pastPromise ? <Badge tone="destructive">Past promise</Badge> : null}
            {job.rescheduleRequestedAt && !job.appointmentAt ? <Badge tone="warning">Customer asked for another time</Badge> : null}
          </div>
          <JobFacts job={job} />
        </Card>
      ))}
    </section>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
