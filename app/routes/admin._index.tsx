import type { ReactNode } from 'react'
import { Link } from 'react-router'

import { BarChart, ColumnChart, Meter, NumbersTable } from '~/components/admin/charts'
import { formatHoursLeft } from '~/components/admin/claim-labels'
import { useOperatorTime } from '~/components/admin/operator-zone'
import { Card, PageHeading } from '~/components/ui'
import { formatLongDate, formatPrice } from '~/domain/format'
import { planName } from '~/domain/plans'
import { failedRefundCount, penaltiesByHand } from '~/models/money/refunds.server'
import { businessFigures } from '~/models/operations/business.server'
import { routeRules } from '~/server/route-rules'
import { NOT_FOUND_META, operatorMeta } from '~/utils/meta'
import { isNotFound } from '~/utils/refusal'

import type { Route } from './+types/admin._index'

export const handle = routeRules({ body: 'form', public: false, pageCache: false, originCheck: true })

export async function loader() {
  const figures = businessFigures()
  return {
    ...figures,
    failedRefunds: failedRefundCount(),
    penaltiesByHand: ((owed) => ({ count: owed.count, amount: formatPrice(owed.cents) }))(penaltiesByHand()),
    mrr: formatPrice(figures.mrrCents),
    plans: figures.plans.map((row) => ({ ...row, name: planName(row), mrr: formatPrice(row.mrrCents) })),
  }
}

export const meta: Route.MetaFunction = ({ error }) => (isNotFound(error) ? NOT_FOUND_META : operatorMeta('Operator console'))

const SECTIONS = [
  { to: '/admin/claims', title: 'Claims', text: 'The review queue, with filters; decided and completed claims.' },
  { to: '/admin/policies', title: 'Customers and policies', text: 'Search by e-mail, name, phone, plate, policy id or claim code.' },
  {
    to: '/admin/setups',
    title: 'Setups to check',
    text: 'Policy setups held before coverage starts: a VIN already on another active policy.',
  },
  {
    to: '/admin/letters',
    title: 'Letters not posted',
    text: 'Every paper letter held or refused, and why: a missing address, the mail provider’s refusal.',
  },
  {
    to: '/admin/statements',
    title: 'Partner statements',
    text: "Each partner group's completed claims by month, as a CSV to pay the shops.",
  },
  {
    to: '/admin/payouts',
    title: 'Payouts',
    text: 'Approve completed jobs for payment, pay each shop group with a remittance; the service promise per group.',
  },
  { to: '/admin/partners', title: 'Partner groups and locations', text: 'Shops that complete claims, and their signup links.' },
  { to: '/admin/applications', title: 'Applications to join', text: 'Shops that applied to join the network: approve or decline.' },
  {
    to: '/admin/scorecards',
    title: 'Shop scorecards',
    text: "Each partner group's on-time rate, invoices accepted first time, rework and calibration proof.",
  },
  {
    to: '/admin/ratings',
    title: 'Shop ratings',
    text: "Customers' ratings of the shops: every one shown; a comment hidden only for a listed reason.",
  },
  { to: '/admin/activity', title: 'Activity', text: 'Audit log, e-mail log and payment events.' },
  { to: '/admin/prices', title: 'Prices', text: 'Monthly prices while payments are local.' },
  {
    to: '/admin/price-schedule',
    title: 'Shop price schedule',
    text: 'What the network pays shops per service, by version, and who accepted it.',
  },
  { to: '/admin/states', title: 'States', text: 'Where the product is sold, each state’s rules, and the consent records.' },
  {
    to: '/admin/storms',
    title: 'Storms',
    text: 'Declare a storm: a longer filing window in its area, and a board of its claims, shops and backlog.',
  },
  { to: '/admin/settings', title: 'Settings', text: 'The time zone the console shows times in.' },
]

const count = (value: number) => value.toLocaleString('en-US')
const percent = (rate: number | null) => (rate === null ? '—' : `${Math.round(rate * 100)}%`)
const hours = (value: number | null) => (value === null ? '—' : `${value.toLocaleString('en-US', { maximumFractionDigits: 1 })} h`)
const weekLabel = (week: string) => week.slice(5)

export default function AdminIndex({ loaderData }: Route.ComponentProps) {
  const time = useOperatorTime()
  const { plans, policies, mrr, weeks, waiting, appeals, asOf, countedAt, failedRefunds, penaltiesByHand } = loaderData
  // The counts against the clock are kept for up to a minute (app/models/operations/business.server.ts): their age is shown.
  const countedAgo = Math.round((Date.parse(asOf) - Date.parse(countedAt)) / 1000)
  const counted = countedAgo >= 1 ? ` (counted ${countedAgo} s ago)` : ''
  const decided = weeks.reduce((sum, week) => sum + week.decisions, 0)
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <PageHeading sub={`How the business is doing, as of ${time(asOf)}.`}>Operator console</PageHeading>

      <ul className="mb-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Key figures">
        <Figure to="/admin/policies?status=active" label="Active policies" value={count(policies.active)} />
        <Figure
          to="/admin/policies?status=active"
          label="Monthly recurring revenue"
          value={mrr}
          note="Active and past-due policies' monthly prices."
        />
        <Figure
          to="/admin/claims"
          label="Claims waiting"
          value={count(waiting.total)}
          note={waiting.total ? `${count(waiting.overdue)} past the ${waiting.promiseHours}-hour promise${counted}` : 'Nothing waiting.'}
          alert={waiting.overdue > 0}
        />
        <Figure
          to="/admin/claims?show=appeal"
          label="Appeals waiting"
          value={count(appeals.total)}
          note={
            appeals.total
              ? `${count(appeals.pastDeadline)} past the ${appeals.deadlineDays}-day deadline, ${count(appeals.dueWithinWeek)} due within a week${counted}`
              : 'No appeals waiting.'
          }
          alert={appeals.pastDeadline > 0}
        />
        <Figure
          to="/admin/policies?status=past_due"
          label="Past-due subscriptions"
          value={count(policies.pastDue)}
          note="A payment failed; Stripe is retrying."
          alert={policies.pastDue > 0}
        />
        <Figure
          to="/admin/policies?status=incomplete"
          label="Waiting for setup"
          value={count(policies.incomplete)}
          note="Paid, photos and vehicle not yet sent."
        />
        <Figure
          to="/admin/activity?action=refund.failed"
          label="Failed refunds"
          value={count(failedRefunds)}
          note={failedRefunds ? 'The payments provider refused; the daily job retries each until it is paid.' : 'No refund waiting.'}
          alert={failedRefunds > 0}
        />
        {penaltiesByHand.count > 0 ? (
          <Figure
            to="/admin/activity?action=refund.penalty_by_hand"
            label="Late penalties to pay by hand"
            value={count(penaltiesByHand.count)}
            note={`${penaltiesByHand.amount} owed above what the cards' payments could take back: pay each customer another way.`}
            alert
          />
        ) : null}
      </ul>

      <div className="grid gap-8">
        <Card>
          <BarChart
            id="plans"
            title="Active policies by plan"
            description={plans.map((row) => `${row.name}: ${count(row.byStatus.active)} active`).join('; ') || 'No policies yet.'}
            points={plans.map((row) => ({ label: row.name, value: row.byStatus.active }))}
            table={
              <NumbersTable
                caption="Policies by plan and status, and monthly recurring revenue"
                head={['Plan', 'Active', 'Past due', 'Setup', 'Canceled', 'MRR']}
                rows={plans.map((row) => [
                  row.name,
                  count(row.byStatus.active),
                  count(row.byStatus.past_due),
                  count(row.byStatus.incomplete),
                  count(row.byStatus.canceled),
                  row.mrr,
                ])}
              />
            }
          />
        </Card>
        <Card>
          <ColumnChart
            id="new-policies"
            title="New policies per week"
            description={`New policies in each of the last ${weeks.length} weeks, the current week last: ${weeks.map((week) => week.newPolicies).join(', ')}.`}
            points={weeks.map((week) => ({ label: weekLabel(week.week), value: week.newPolicies }))}
          />
        </Card>
        <Card>
          <h2 className="mb-3 text-base font-semibold text-slate-900">Oldest claim waiting</h2>
          {waiting.oldestHours === null ? (
            <p className="text-slate-700">No claim is waiting for a decision.</p>
          ) : (
            <>
              <p className="mb-3 text-slate-900">
                Waiting {hours(Math.round(waiting.oldestHours))} since {time(waiting.oldestSince)}:{' '}
                <strong>{formatHoursLeft(waiting.promiseHours - waiting.oldestHours)}</strong> on the {waiting.promiseHours}-hour promise.
              </p>
              <Meter
                id="oldest-claim"
                title="Oldest waiting claim against the 48-hour promise"
                description={`The oldest claim has waited ${Math.round(waiting.oldestHours)} hours; the promise is ${waiting.promiseHours} hours.`}
                value={waiting.oldestHours}
                limit={waiting.promiseHours}
                label={`${waiting.promiseHours} h promise`}
              />
            </>
          )}
          {appeals.nextDeadline ? (
            <p className="mt-4 text-slate-900">
              Next appeal deadline: <strong>{formatLongDate(appeals.nextDeadline, '—')}</strong> ({appeals.deadlineDays} days from the
              appeal).
            </p>
          ) : null}
        </Card>
        <Card>
          <ColumnChart
            id="decisions"
            title="Decisions per week"
            description={`Claims and appeals decided in each of the last ${weeks.length} weeks: ${decided} in all.`}
            points={weeks.map((week) => ({ label: weekLabel(week.week), value: week.decisions }))}
            wideTable
            table={
              <NumbersTable
                caption="Decisions per week, approval rate and median time to a decision"
                head={['Week of', 'Decisions', 'Approved', 'Median time']}
                rows={weeks.map((week) => [
                  weekLabel(week.week),
                  count(week.decisions),
                  percent(week.approvalRate),
                  hours(week.medianHoursToDecision),
                ])}
              />
            }
          />
        </Card>
        <Card>
          <ColumnChart
            id="completed"
            title="Completed claims per week"
            description={`Claims the shops completed in each of the last ${weeks.length} weeks: ${weeks.map((week) => week.completed).join(', ')}.`}
            points={weeks.map((week) => ({ label: weekLabel(week.week), value: week.completed }))}
          />
        </Card>
      </div>

      <h2 className="mt-12 mb-4 text-xl font-semibold text-slate-900">Run the business</h2>
      <ul className="grid gap-4 sm:grid-cols-2">
        {SECTIONS.map((section) => (
          <li key={section.to}>
            <Link to={section.to} className="block h-full">
              <Card className="h-full hover:border-brand-600">
                <h3 className="text-lg font-semibold text-slate-900">{section.title}</h3>
                <p className="mt-1 text-sm text-slate-700">{section.text}</p>
              </Card>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  )
}

function Figure({ to, label, value, note, alert }: { to: string; label: string; value: ReactNode; note?: string; alert?: boolean }) {
  return (
    <li>
      <Link to={to} className="block h-full">
        <Card className={alert ? 'h-full border-red-300 hover:border-red-600' : 'h-full hover:border-brand-600'}>
          <p className="text-sm font-medium text-slate-700">{label}</p>
          <p className="mt-1 text-3xl font-bold text-slate-900 tabular-nums">{value}</p>
          {note ? <p className={alert ? 'mt-1 text-sm text-red-800' : 'mt-1 text-sm text-slate-700'}>{note}</p> : null}
        </Card>
      </Link>
    </li>
  )
}

export { GeneralErrorBoundary as ErrorBoundary } from '~/components/error-boundary'
