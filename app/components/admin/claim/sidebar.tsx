import { Link } from 'react-router'

import { Actor } from '~/components/admin/actor'
import { ApprovalBadge } from '~/components/admin/claim-labels'
import { useOperatorTime } from '~/components/admin/operator-zone'
import { Card } from '~/components/ui'
import { auditActionLabel } from '~/domain/audit'
import { formatLongDate } from '~/domain/format'
import { adminClaimPath, adminCustomerPath } from '~/domain/paths'
import { planName } from '~/domain/plans'
import { vehicleName } from '~/domain/vehicles'
import type { ClaimReviewPageData } from '~/models/claims/claim-review-page.types'

type Data = ClaimReviewPageData

/** Beside the claim: who filed it, the policy and its vehicle, the policy's earlier claims, and the claim's history. */
export function ClaimSidebar({
  customer,
  policy,
  vehicle,
  replacementsLeft,
  previousClaims,
  history,
}: Pick<Data, 'customer' | 'policy' | 'vehicle' | 'replacementsLeft' | 'previousClaims' | 'history'>) {
  const time = useOperatorTime()
  return (
    <div className="space-y-6">
      <Card>
        <h2 className="text-lg font-semibold text-slate-900">Customer</h2>
        {customer ? (
          <>
            <p className="mt-2 font-medium">
              <Link to={adminCustomerPath(customer.id)} className="text-brand-700 underline">
                {customer.name ?? customer.email}
              </Link>
            </p>
            <p className="text-sm text-slate-700">{customer.email}</p>
            {customer.phone ? <p className="text-sm text-slate-700">{customer.phone}</p> : null}
          </>
        ) : (
          <p className="mt-2 text-sm text-slate-700">Not on record: filed before the policy passed to its next owner.</p>
        )}
      </Card>
      <Card>
        <h2 className="text-lg font-semibold text-slate-900">Policy</h2>
        <dl className="mt-3 space-y-1 text-sm">
          <div>
            <dt className="inline text-slate-600">Plan: </dt>
            <dd className="inline">{planName(policy)}</dd>
          </div>
          <div>
            <dt className="inline text-slate-600">Status: </dt>
            <dd className="inline">{policy.status}</dd>
          </div>
          <div>
            <dt className="inline text-slate-600">Coverage since: </dt>
            <dd className="inline">{formatLongDate(policy.coverageStartDate, '—')}</dd>
          </div>
          <div>
            <dt className="inline text-slate-600">Policy number: </dt>
            <dd className="inline font-mono">{policy.policyNumber}</dd>
          </div>
          <div>
            <dt className="inline text-slate-600">Vehicle: </dt>
            <dd className="inline">
              {vehicle
                ? vehicleName({ ...vehicle, licensePlate: vehicle.plate, licensePlateState: vehicle.state }, { withPlate: true })
                : 'Vehicle information pending'}
            </dd>
          </div>
          <div data-testid="replacements-left">
            <dt className="inline text-slate-600">Replacements left this plan year: </dt>
            <dd className="inline">{policy.planType === 'chip_only' ? 'none (chip repair only)' : replacementsLeft}</dd>
          </div>
        </dl>
      </Card>
      <Card>
        <h2 className="text-lg font-semibold text-slate-900">Previous claims on this policy</h2>
        {previousClaims.length === 0 ? (
          <p className="mt-2 text-sm text-slate-700">None.</p>
        ) : (
          <ul className="mt-2 space-y-2 text-sm">
            {previousClaims.map((previous) => (
              <li key={previous.id} className="flex flex-wrap items-center gap-2">
                <Link to={adminClaimPath(previous.id)} className="font-mono text-brand-700 underline">
                  {previous.code}
                </Link>
                <ApprovalBadge status={previous.status} />
                <span className="text-slate-700">
                  {previous.damageType}
                  {previous.repairType ? ` · ${previous.repairType}` : ''} · {formatLongDate(previous.submittedAt)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card>
        <h2 className="text-lg font-semibold text-slate-900">History</h2>
        {history.length === 0 ? <p className="mt-2 text-sm text-slate-700">Nothing recorded yet.</p> : null}
        <ol className="mt-2 space-y-1 text-sm text-slate-700">
          {history.map((entry) => (
            <li key={entry.id}>
              <span className="font-medium text-slate-900">{auditActionLabel(entry.action)}</span> · {time(entry.at)} ·{' '}
              <Actor actor={entry.actor} email={entry.actorEmail} operator={entry.operator} />
            </li>
          ))}
        </ol>
      </Card>
    </div>
  )
}
