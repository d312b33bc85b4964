import { Link, NavLink } from 'react-router'

import { requireAdmin } from '~/auth/session.server'
import { GeneralErrorBoundary, isNotFound, NOT_FOUND_META } from '~/components/error-boundary'
import { Badge, Card, cx, PageHeading } from '~/components/ui'
import { type ActivityKind, recentActivity } from '~/models/operator.server'

import type { Route } from './+types/admin.activity'

const KINDS: { kind: ActivityKind; label: string }[] = [
  { kind: 'audit', label: 'Audit log' },
  { kind: 'email', label: 'E-mail log' },
  { kind: 'stripe', label: 'Stripe events' },
]

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request)
  const requested = new URL(request.url).searchParams.get('log')
  const kind = KINDS.find((entry) => entry.kind === requested)?.kind ?? 'audit'
  return recentActivity(kind)
}

export const meta: Route.MetaFunction = ({ error }) =>
  isNotFound(error) ? NOT_FOUND_META : [{ title: 'Activity — Operator — Glass Plan' }]

export default function AdminActivity({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <p className="mb-2 text-sm">
        <Link to="/admin" className="text-brand-700 underline">
          Operator console
        </Link>
      </p>
      <PageHeading sub="The latest 100 entries.">Activity</PageHeading>
      <nav aria-label="Logs" className="mb-6 flex gap-2">
        {KINDS.map(({ kind, label }) => (
          <NavLink
            key={kind}
            to={`?log=${kind}`}
            aria-current={loaderData.kind === kind ? 'page' : undefined}
            className={cx(
              'rounded-lg px-3 py-1.5 text-sm font-medium',
              loaderData.kind === kind ? 'bg-brand-600 text-white' : 'bg-slate-100 text-slate-900',
            )}
          >
            {label}
          </NavLink>
        ))}
      </nav>
      <Card className="overflow-x-auto p-0">
        <ActivityTable data={loaderData} />
      </Card>
    </div>
  )
}

function ActivityTable({ data }: { data: Route.ComponentProps['loaderData'] }) {
  const head = (...columns: string[]) => (
    <thead className="border-b border-slate-200 bg-slate-50 text-slate-700">
      <tr>
        {columns.map((column) => (
          <th key={column} scope="col" className="px-4 py-3">
            {column}
          </th>
        ))}
      </tr>
    </thead>
  )
  const empty = (span: number) =>
    data.rows.length === 0 ? (
      <tr>
        <td colSpan={span} className="px-4 py-6 text-center text-slate-700">
          Nothing yet.
        </td>
      </tr>
    ) : null
  const cell = 'px-4 py-2 align-top'
  switch (data.kind) {
    case 'audit':
      return (
        <table className="w-full text-left text-sm">
          {head('When (UTC)', 'Who', 'What', 'Entity', 'Detail')}
          <tbody className="divide-y divide-slate-200">
            {empty(5)}
            {data.rows.map((row) => (
              <tr key={row.id}>
                <td className={cell}>{row.createdAt.replace('T', ' ').slice(0, 19)}</td>
                <td className={cell}>
                  <code>{row.actor}</code>
                </td>
                <td className={cell}>{row.action}</td>
                <td className={cell}>
                  <code>
                    {row.entityType}:{row.entityId}
                  </code>
                </td>
                <td className={cx(cell, 'max-w-xs break-words font-mono text-xs')}>{row.detail ? JSON.stringify(row.detail) : ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )
    case 'email':
      return (
        <table className="w-full text-left text-sm">
          {head('When (UTC)', 'To', 'Subject', 'Kind', 'Result')}
          <tbody className="divide-y divide-slate-200">
            {empty(5)}
            {data.rows.map((row) => (
              <tr key={row.id}>
                <td className={cell}>{row.createdAt.replace('T', ' ').slice(0, 19)}</td>
                <td className={cell}>{row.to}</td>
                <td className={cell}>{row.subject}</td>
                <td className={cell}>{row.tag}</td>
                <td className={cell}>
                  <Badge tone={row.status === 'sent' ? 'success' : 'destructive'}>
                    {row.status} via {row.transport}
                  </Badge>
                  {row.error ? <div className="mt-1 text-xs text-red-800">{row.error}</div> : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )
    case 'stripe':
      return (
        <table className="w-full text-left text-sm">
          {head('Processed (UTC)', 'Event', 'Type', 'Object')}
          <tbody className="divide-y divide-slate-200">
            {empty(4)}
            {data.rows.map((row) => (
              <tr key={row.id}>
                <td className={cell}>{row.processedAt.replace('T', ' ').slice(0, 19)}</td>
                <td className={cell}>
                  <code>{row.id}</code>
                </td>
                <td className={cell}>{row.type}</td>
                <td className={cell}>
                  <code>{row.objectId ?? ''}</code>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )
  }
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
