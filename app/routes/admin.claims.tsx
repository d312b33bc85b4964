import { data, Form, Link } from 'react-router'

import { operatorContext } from '~/auth/session.server'
import { AdminPage, FilterSelect, ListProblem, pageOrFirst } from '~/components/admin/admin-page'
import { AdminTable, Cell } from '~/components/admin/admin-table'
import { ApprovalBadge, ResponseTimer } from '~/components/admin/claim-labels'
import { Pager, pageSummary } from '~/components/admin/pager'
import { Badge, Button, Card } from '~/components/ui'
import { appealDecisionStanding, DAMAGE_TYPES } from '~/domain/claims'
import { formatDateTime, formatLongDate } from '~/domain/format'
import { QUEUE_ORDERS, QUEUE_SHOW, QUEUE_STATUSES, type QueueOrder, type QueueShow, type QueueStatus } from '~/domain/operator'
import { adminClaimPath, adminCustomerPath } from '~/domain/paths'
import { planName } from '~/domain/plans'
import { unansweredThreads } from '~/models/claims/claim-messages.server'
import { claimQueue, DEFAULT_QUEUE_FILTERS, partnerGroupChoices } from '~/models/claims/claim-queue.server'
import { operatorZone } from '~/models/people/operator.server'
import { routeRules } from '~/server/route-rules'
import { NOT_FOUND_META, operatorMeta } from '~/utils/meta'
import { isNotFound } from '~/utils/refusal'
import { parseQuery, QueueQuery } from '~/validation/operator'

import type { Route } from './+types/admin.claims'

export const handle = routeRules({ body: 'form', public: false, pageCache: false, originCheck: true })

const STATUS_KEYS = Object.keys(QUEUE_STATUSES) as QueueStatus[]
const SHOW_KEYS = Object.keys(QUEUE_SHOW) as QueueShow[]
const ORDER_KEYS = Object.keys(QUEUE_ORDERS) as QueueOrder[]

export async function loader({ request, context }: Route.LoaderArgs) {
  const now = new Date()
  const zone = operatorZone(context.get(operatorContext))
  const { query, problem } = parseQuery(QueueQuery(STATUS_KEYS, SHOW_KEYS, ORDER_KEYS), new URL(request.url))
  const groups = partnerGroupChoices()
  let filters = problem
    ? DEFAULT_QUEUE_FILTERS
    : {
        status: query.status as QueueStatus,
        show: query.show as QueueShow,
        damage: query.damage,
        group: query.group,
        order: query.order as QueueOrder,
      }
  let notice = problem
  if (filters.group && !groups.some((group) => group.id === filters.group)) {
    notice = 'Unknown partner group: choose one from the list.'
    filters = { ...filters, group: null }
  }
  const { result: list, problem: pastTheLast } = pageOrFirst(notice ? 1 : query.page, (page) => claimQueue(filters, page, now))
  notice ??= pastTheLast
  // Only what the table shows goes to the page (its data is serialized into the HTML once more for hydration).
  const rows = list.rows.map((row) => ({
    id: row.id,
    code: row.code,
    customer: row.customer,
    email: row.email,
    profileId: row.profileId,
    plan: `${planName({ planType: row.planType })} · ${row.damageType}`,
    when: formatDateTime(filters.status === 'waiting' ? row.waitingSince : row.reviewedAt, undefined, zone),
    hoursLeft: row.hoursLeft,
    partnerGroup: row.partnerGroup,
    late: row.filedLate,
    appeal: Boolean(row.appealedAt),
    pastPromise: row.pastPromise,
    // Terms: an appeal is decided within 30 days; the queue flags the last week and the overdue ones.
    appealDue: waitingAppeal(row, filters.status, now),
  }))
  // Messages from customers and shops that wait for an answer, longest waiting first.
  const unanswered = unansweredThreads().map((thread) => ({
    id: thread.claimId,
    code: thread.code,
    from: thread.author === 'shop' ? 'The shop' : 'The customer',
    when: formatDateTime(thread.at, undefined, zone),
  }))
  return data({ page: list.page, rows, filters, groups, notice, unanswered }, { status: notice ? 400 : 200 })
}

export const meta: Route.MetaFunction = ({ error }) => (isNotFound(error) ? NOT_FOUND_META : operatorMeta('Claims'))

export default function AdminClaims({ loaderData }: Route.ComponentProps) {
  const { rows, page, filters, groups, notice, unanswered } = loaderData
  const waiting = filters.status === 'waiting'
  return (
    <AdminPage
      title="Claims"
      sub={
        waiting
          ? `${QUEUE_ORDERS[filters.order]}. We promise customers an answer within 48 hours of a claim or an appeal.`
          : 'Newest first.'
      }
    >
      {unanswered.length ? (
        <Card className="mb-6 space-y-2" role="region" data-testid="unanswered-threads" aria-labelledby="unanswered-title">
          <h2 id="unanswered-title" className="text-lg font-semibold text-slate-900">
            Messages waiting for an answer ({unanswered.length})
          </h2>
          <ul className="space-y-1 text-sm">
            {unanswered.map((thread) => (
              <li key={thread.id}>
                <Link to={adminClaimPath(thread.id)} className="font-mono text-brand-700 underline">
                  {thread.code}
                </Link>{' '}
                · {thread.from} wrote {thread.when}
              </li>
            ))}
          </ul>
        </Card>
      ) : null}
      <Card className="mb-6">
        <Form method="get" className="flex flex-wrap items-end gap-4" aria-label="Filter claims">
          <FilterSelect
            name="status"
            label="Status"
            value={filters.status}
            options={STATUS_KEYS.map((key) => [key, QUEUE_STATUSES[key].label])}
          />
          <FilterSelect name="show" label="Show" value={filters.show} options={SHOW_KEYS.map((key) => [key, QUEUE_SHOW[key]])} />
          <FilterSelect
            name="order"
            label="Waiting claims"
            value={filters.order}
            options={ORDER_KEYS.map((key) => [key, QUEUE_ORDERS[key]])}
          />
          <FilterSelect
            name="damage"
            label="Damage"
            value={filters.damage ?? ''}
            options={[['', 'Any damage'], ...DAMAGE_TYPES.map((type) => [type, type === 'chip' ? 'Chip' : 'Crack'] as [string, string])]}
          />
          <FilterSelect
            name="group"
            label="Partner group"
            value={filters.group ?? ''}
            options={[['', 'Any partner group'], ...groups.map((group) => [group.id, group.name] as [string, string])]}
          />
          <Button type="submit">Show claims</Button>
          <Link to="/admin/claims" className="py-2.5 text-sm text-brand-700 underline">
            Clear filters
          </Link>
        </Form>
      </Card>
      <ListProblem notice={notice} />
      <AdminTable
        caption={
          waiting
            ? `Claims waiting for a decision, ${QUEUE_ORDERS[filters.order].toLowerCase()}`
            : `${QUEUE_STATUSES[filters.status].label} claims, newest first`
        }
        columns={[
          'Claim',
          'Customer',
          'Plan / damage',
          waiting ? 'Waiting since' : 'Decided',
          waiting ? 'Response due' : 'Partner group',
          'Flags',
        ]}
        empty={rows.length === 0 ? 'No claims match.' : null}
      >
        {rows.map((claim) => (
          <tr key={claim.id} data-testid="queue-row">
            <Cell label="Claim">
              <a href={adminClaimPath(claim.id)} className="font-mono font-semibold">
                {claim.code}
              </a>
            </Cell>
            <Cell label="Customer">
              {claim.profileId ? (
                <a href={adminCustomerPath(claim.profileId)} className="font-medium">
                  {claim.customer}
                </a>
              ) : (
                <span className="font-medium">{claim.customer}</span>
              )}
              <div className="text-slate-700">{claim.email}</div>
            </Cell>
            <Cell label="Plan / damage">{claim.plan}</Cell>
            <Cell label={waiting ? 'Waiting since' : 'Decided'}>{claim.when}</Cell>
            <Cell label={waiting ? 'Response due' : 'Partner group'}>
              {claim.hoursLeft !== null ? <ResponseTimer hoursLeft={claim.hoursLeft} /> : (claim.partnerGroup ?? '—')}
            </Cell>
            <Cell label="Flags" className="space-x-1">
              {waiting ? null : <ApprovalBadge status={QUEUE_STATUSES[filters.status].approval} />}
              {claim.late ? <Badge tone="warning">Filed late</Badge> : null}
              {claim.appeal ? <Badge tone="info">Appeal</Badge> : null}
              {claim.appealDue ? <AppealDueBadge due={claim.appealDue} /> : null}
              {claim.pastPromise ? <Badge tone="destructive">Past promise</Badge> : null}
            </Cell>
          </tr>
        ))}
      </AdminTable>
      <Pager page={page.page} hasNext={page.page < page.pages} summary={pageSummary(page, ['claim', 'claims'])} />
    </AdminPage>
  )
}

function waitingAppeal(row: { appealedAt: string | null }, status: string, now: Date) {
  if (status !== 'waiting' || !row.appealedAt) return null
  const due = appealDecisionStanding(row.appealedAt, now)
  return due.standing === 'on-track' ? null : { standing: due.standing, date: formatLongDate(due.deadline) }
}

function AppealDueBadge({ due }: { due: { standing: 'overdue' | 'due-soon'; date: string } }) {
  return due.standing === 'overdue' ? (
    <Badge tone="destructive">Appeal decision overdue (was due {due.date})</Badge>
  ) : (
    <Badge tone="warning">Decide appeal by {due.date}</Badge>
  )
}

export { GeneralErrorBoundary as ErrorBoundary } from '~/components/error-boundary'
