import { Link } from 'react-router'

import { requireAdmin } from '~/auth/session.server'
import { ApprovalBadge, planName, ResponseTimer } from '~/components/admin/claim-labels'
import { GeneralErrorBoundary, isNotFound, NOT_FOUND_META } from '~/components/error-boundary'
import { Badge, Card, PageHeading } from '~/components/ui'
import { formatDateTime } from '~/domain/format'
import { recentlyDecided, reviewQueue } from '~/models/claim-review.server'

import type { Route } from './+types/admin.claims'

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request)
  const queue = reviewQueue().map((entry) => ({
    id: entry.claim.id,
    code: entry.claim.confirmationCode,
    customer: entry.customerName || entry.customerEmail,
    email: entry.customerEmail,
    planType: entry.planType,
    damageType: entry.claim.damageType,
    submittedAt: entry.claim.submittedAt,
    appealedAt: entry.claim.appealedAt,
    filedLate: entry.claim.filedLate,
    hoursLeft: entry.hoursLeft,
  }))
  const decided = recentlyDecided().map((row) => ({
    id: row.claim.id,
    code: row.claim.confirmationCode,
    customer: row.fullName || row.email,
    status: row.claim.approvalStatus,
    reviewedAt: row.claim.reviewedAt,
    partnerGroup: row.groupName,
  }))
  return { queue, decided }
}

export const meta: Route.MetaFunction = ({ error }) =>
  isNotFound(error) ? NOT_FOUND_META : [{ title: 'Claims to review — Operator — Glass Plan' }]

export default function AdminClaims({ loaderData }: Route.ComponentProps) {
  const { queue, decided } = loaderData
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <p className="mb-2 text-sm">
        <Link to="/admin" className="text-brand-700 underline">
          Operator console
        </Link>
      </p>
      <PageHeading sub="Oldest first. We promise customers an answer within 48 hours of a claim or an appeal.">
        Claims to review
      </PageHeading>
      <Card className="overflow-x-auto p-0">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Claims waiting for a decision, oldest first</caption>
          <thead className="border-b border-slate-200 bg-slate-50 text-slate-700">
            <tr>
              <th scope="col" className="px-4 py-3">
                Claim
              </th>
              <th scope="col" className="px-4 py-3">
                Customer
              </th>
              <th scope="col" className="px-4 py-3">
                Plan / damage
              </th>
              <th scope="col" className="px-4 py-3">
                Submitted
              </th>
              <th scope="col" className="px-4 py-3">
                Response due
              </th>
              <th scope="col" className="px-4 py-3">
                Flags
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {queue.length === 0 ? (
              <tr>
                <td colSpan={6} className="px-4 py-6 text-center text-slate-700">
                  No claims are waiting for review.
                </td>
              </tr>
            ) : null}
            {queue.map((claim) => (
              <tr key={claim.id} data-testid="queue-row">
                <td className="px-4 py-3">
                  <Link to={`/admin/claims/${claim.id}`} className="font-mono font-semibold text-brand-700 underline">
                    {claim.code}
                  </Link>
                </td>
                <td className="px-4 py-3">
                  <div className="font-medium">{claim.customer}</div>
                  <div className="text-slate-700">{claim.email}</div>
                </td>
                <td className="px-4 py-3">
                  {planName(claim.planType)} · {claim.damageType}
                </td>
                <td className="px-4 py-3">{formatDateTime(claim.submittedAt)}</td>
                <td className="px-4 py-3">
                  <ResponseTimer hoursLeft={claim.hoursLeft} />
                </td>
                <td className="space-x-1 px-4 py-3">
                  {claim.filedLate ? <Badge tone="warning">Filed late</Badge> : null}
                  {claim.appealedAt ? <Badge tone="info">Appeal</Badge> : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </Card>

      <h2 className="mt-10 mb-4 text-xl font-semibold text-slate-900">Recently decided</h2>
      {decided.length === 0 ? (
        <p className="text-slate-700">No decisions yet.</p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
          {decided.map((claim) => (
            <li key={claim.id} className="flex flex-wrap items-center gap-3 px-4 py-3 text-sm">
              <Link to={`/admin/claims/${claim.id}`} className="font-mono font-semibold text-brand-700 underline">
                {claim.code}
              </Link>
              <ApprovalBadge status={claim.status} />
              <span>{claim.customer}</span>
              {claim.partnerGroup ? <span className="text-slate-700">→ {claim.partnerGroup}</span> : null}
              <span className="ml-auto text-slate-600">{formatDateTime(claim.reviewedAt)}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
