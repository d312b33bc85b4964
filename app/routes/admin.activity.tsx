import { data, Form, Link } from 'react-router'

import { Actor } from '~/components/admin/actor'
import { AdminPage, FilterSelect, ListProblem } from '~/components/admin/admin-page'
import { AdminTable, Cell } from '~/components/admin/admin-table'
import { useOperatorTime } from '~/components/admin/operator-zone'
import { Pager } from '~/components/admin/pager'
import { Badge, Button, Card, cx, inputClass } from '~/components/ui'
import { AUDIT_ACTIONS, AUDIT_ENTITY_TYPES, auditActionLabel } from '~/domain/audit'
import { ACTIVITY_LOGS, type ActivityLog } from '~/domain/operator'
import { type ActivityFilters, activityPage, isAdmin } from '~/models/people/operator.server'
import { routeRules } from '~/server/route-rules'
import { NOT_FOUND_META, operatorMeta } from '~/utils/meta'
import { isNotFound } from '~/utils/refusal'
import { MAX_LENGTH } from '~/validation/lengths'
import { ActivityQuery, parseQuery } from '~/validation/operator'

import type { Route } from './+types/admin.activity'

export const handle = routeRules({ body: 'form', public: false, pageCache: false, originCheck: true })

const LOG_KEYS = Object.keys(ACTIVITY_LOGS) as ActivityLog[]
const AUDIT_ACTION_KEYS = AUDIT_ACTIONS.map((entry) => entry.action)
const DEFAULT_FILTERS: ActivityFilters = { log: 'audit', entity: null, id: '', action: null, from: '', to: '' }

/** The action filter's choices: every action of AUDIT_ACTIONS, by its label. */
const ACTION_OPTIONS: [string, string][] = [
  ['', 'Any action'],
  ...AUDIT_ACTIONS.map((entry) => [entry.action, entry.label] as [string, string]),
]

export async function loader({ request }: Route.LoaderArgs) {
  const { query, problem } = parseQuery(ActivityQuery(LOG_KEYS, AUDIT_ENTITY_TYPES, AUDIT_ACTION_KEYS), new URL(request.url))
  const filters: ActivityFilters = problem
    ? DEFAULT_FILTERS
    : {
        log: query.log as ActivityLog,
        entity: query.entity as ActivityFilters['entity'],
        id: query.id,
        action: query.action as ActivityFilters['action'],
        from: query.from,
        to: query.to,
      }
  const page = problem ? 1 : query.page
  const result = withOperators(activityPage(filters, page))
  // A page past the end of a log is simply empty (logs are not counted); say so rather than show nothing.
  const notice = problem ?? (page > 1 && result.rows.length === 0 ? `There is no page ${page.toLocaleString('en-US')} of this log.` : null)
  return data(
    { filters, page, result: notice && !problem ? withOperators(activityPage(filters, 1)) : result, notice },
    { status: notice ? 400 : 200 },
  )
}

/** Marks the audit entries made by an operator (ADMIN_EMAILS or the admin role). */
function withOperators(result: ReturnType<typeof activityPage>) {
  if (result.log !== 'audit') return result
  return {
    ...result,
    rows: result.rows.map((row) => ({
      ...row,
      operator: row.actorEmail ? isAdmin({ email: row.actorEmail, role: row.actorRole ?? 'customer' }) : false,
    })),
  }
}

export const meta: Route.MetaFunction = ({ error }) => (isNotFound(error) ? NOT_FOUND_META : operatorMeta('Activity'))

export default function AdminActivity({ loaderData }: Route.ComponentProps) {
  const { filters, page, result, notice } = loaderData
  const shownPage = notice ? 1 : page
  return (
    <AdminPage
      title="Activity"
      sub="Newest first, 50 entries a page. Times are in the zone of your settings; the From and To days are UTC days."
    >
      <nav aria-label="Logs" className="mb-4 flex flex-wrap gap-2">
        {LOG_KEYS.map((log) => (
          <Link
            key={log}
            to={`?log=${log}`}
            aria-current={filters.log === log ? 'page' : undefined}
            className={cx(
              'inline-flex min-h-11 items-center rounded-lg px-3 text-sm font-medium',
              filters.log === log ? 'bg-brand-600 text-white' : 'bg-slate-100 text-slate-900',
            )}
          >
            {ACTIVITY_LOGS[log]}
          </Link>
        ))}
      </nav>
      <Card className="mb-6">
        <Form method="get" className="flex flex-wrap items-end gap-4" aria-label="Filter the log">
          <input type="hidden" name="log" value={filters.log} />
          {filters.log === 'audit' ? (
            <FilterSelect
              name="entity"
              label="Record"
              value={filters.entity ?? ''}
              options={[['', 'Any record'], ...AUDIT_ENTITY_TYPES.map((type) => [type, type.replace('_', ' ')] as [string, string])]}
            />
          ) : null}
          <label className="grid gap-1 text-sm font-medium text-slate-900">
            {filters.log === 'audit' ? 'Record id' : filters.log === 'email' ? 'Recipient' : 'Stripe object id'}
            <input name="id" defaultValue={filters.id} maxLength={MAX_LENGTH.activityId} className={inputClass} />
          </label>
          {filters.log === 'audit' ? (
            <FilterSelect name="action" label="Action" value={filters.action ?? ''} options={ACTION_OPTIONS} />
          ) : null}
          <label className="grid gap-1 text-sm font-medium text-slate-900">
            From
            <input name="from" type="date" defaultValue={filters.from} className={inputClass} />
          </label>
          <label className="grid gap-1 text-sm font-medium text-slate-900">
            To
            <input name="to" type="date" defaultValue={filters.to} className={inputClass} />
          </label>
          <Button type="submit">Show</Button>
        </Form>
      </Card>
      <ListProblem notice={notice} />
      <ActivityTable result={result} />
      <Pager page={shownPage} hasNext={result.hasNext} summary={`Page ${shownPage.toLocaleString('en-US')}`} />
    </AdminPage>
  )
}

function ActivityTable({ result }: { result: Route.ComponentProps['loaderData']['result'] }) {
  const when = useOperatorTime()
  const empty = result.rows.length === 0 ? 'Nothing here.' : null
  switch (result.log) {
    case 'audit':
      return (
        <AdminTable caption="Audit log" columns={['When', 'Who', 'What', 'Record', 'Detail']} empty={empty}>
          {result.rows.map(({ entry, actorEmail, operator }) => (
            <tr key={entry.id}>
              <Cell label="When">{when(entry.createdAt)}</Cell>
              <Cell label="Who">
                <Actor actor={entry.actor} email={actorEmail} operator={operator} />
              </Cell>
              <Cell label="What">
                {auditActionLabel(entry.action)}
                <code className="block text-xs text-slate-600">{entry.action}</code>
              </Cell>
              <Cell label="Record">
                <a
                  href={`?log=audit&entity=${entry.entityType}&id=${encodeURIComponent(entry.entityId)}`}
                  className="text-brand-700 underline"
                >
                  <code>
                    {entry.entityType}:{entry.entityId}
                  </code>
                </a>
              </Cell>
              <Cell label="Detail" className="max-w-xs font-mono text-xs break-words">
                {entry.detail ? JSON.stringify(entry.detail) : ''}
              </Cell>
            </tr>
          ))}
        </AdminTable>
      )
    case 'email':
      return (
        <AdminTable caption="E-mail log" columns={['When', 'To', 'Subject', 'Kind', 'Result']} empty={empty}>
          {result.rows.map((row) => (
            <tr key={row.id}>
              <Cell label="When">{when(row.createdAt)}</Cell>
              <Cell label="To">{row.to}</Cell>
              <Cell label="Subject">{row.subject}</Cell>
              <Cell label="Kind">{row.tag}</Cell>
              <Cell label="Result">
                <Badge tone={row.status === 'sent' ? 'success' : 'destructive'}>
                  {row.status} via {row.transport}
                </Badge>
                {row.error ? <div className="mt-1 text-xs text-red-800">{row.error}</div> : null}
              </Cell>
            </tr>
          ))}
        </AdminTable>
      )
    case 'stripe':
      return (
        <AdminTable caption="Payment events" columns={['Processed', 'Event', 'Type', 'Object']} empty={empty}>
          {result.rows.map((row) => (
            <tr key={row.id}>
              <Cell label="Processed">{when(row.processedAt)}</Cell>
              <Cell label="Event">
                <code>{row.id}</code>
              </Cell>
              <Cell label="Type">{row.type}</Cell>
              <Cell label="Object">
                <code>{row.objectId ?? ''}</code>
              </Cell>
            </tr>
          ))}
        </AdminTable>
      )
  }
}

export { GeneralErrorBoundary as ErrorBoundary } from '~/components/error-boundary'
