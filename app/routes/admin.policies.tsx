import { data, Form, Link } from 'react-router'

import { AdminPage, FilterSelect, ListProblem, pageOrFirst } from '~/components/admin/admin-page'
import { AdminTable, Cell } from '~/components/admin/admin-table'
import { Pager, pageSummary } from '~/components/admin/pager'
import { PolicyStatusBadge } from '~/components/policy-card'
import { Button, inputClass } from '~/components/ui'
import { formatPrice } from '~/domain/format'
import { adminClaimPath, adminCustomerPath } from '~/domain/paths'
import { planName } from '~/domain/plans'
import { POLICY_STATUS_LABELS, POLICY_STATUSES, type PolicyStatus } from '~/domain/policies'
import { vehicleName } from '~/domain/vehicles'
import { type CustomerList, customersWithStatus, newestCustomers, searchCustomers } from '~/models/people/customer-search.server'
import { routeRules } from '~/server/route-rules'
import { NOT_FOUND_META, operatorMeta } from '~/utils/meta'
import { isNotFound } from '~/utils/refusal'
import { MAX_LENGTH } from '~/validation/lengths'
import { parseQuery, SearchQuery } from '~/validation/operator'

import type { Route } from './+types/admin.policies'

export const handle = routeRules({ body: 'form', public: false, pageCache: false, originCheck: true })

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url)
  let { query, problem } = parseQuery(SearchQuery, url)
  const rawStatus = url.searchParams.get('status') || null
  let status = rawStatus && (POLICY_STATUSES as readonly string[]).includes(rawStatus) ? (rawStatus as PolicyStatus) : null
  if (rawStatus && !status) problem ??= 'Unknown status: choose one from the list.'
  if (problem) query = { page: 1, q: '' }
  if (problem) status = null
  const list = (page: number): CustomerList | null =>
    query.q ? searchCustomers(query.q, page) : status ? customersWithStatus(status, page) : newestCustomers(page)
  const { result, problem: pastTheLast } = pageOrFirst(query.page, list)
  problem ??= pastTheLast
  const rows = result.rows.map((row) => ({
    ...row,
    policies: row.policies.map((policy) => ({ ...policy, plan: planName(policy), monthly: formatPrice(policy.monthlyPriceCents) })),
  }))
  return data({ q: query.q, status, page: result.page, rows, claim: result.claim, notice: problem }, { status: problem ? 400 : 200 })
}

export const meta: Route.MetaFunction = ({ error }) => (isNotFound(error) ? NOT_FOUND_META : operatorMeta('Customers and policies'))

export default function AdminPolicies({ loaderData }: Route.ComponentProps) {
  const { q, status, page, rows, claim, notice } = loaderData
  const caption = q
    ? `Customers matching ${q}`
    : status
      ? `Customers with a policy ${POLICY_STATUS_LABELS[status].toLowerCase()}`
      : 'Newest customers'
  return (
    <AdminPage
      title="Customers and policies"
      sub="Find a customer by e-mail, name, phone or plate; a policy by its number (GP-…) or id; a claim by its code."
    >
      <Form method="get" role="search" className="mb-6 flex max-w-3xl flex-wrap items-end gap-3">
        <label className="grid min-w-64 flex-1 gap-1 text-sm font-medium text-slate-900">
          Search
          <input
            name="q"
            type="search"
            defaultValue={q}
            maxLength={MAX_LENGTH.search}
            placeholder="e-mail, name, phone, plate, policy id or CS- code"
            className={inputClass}
          />
        </label>
        <FilterSelect
          name="status"
          label="Policy status"
          value={status ?? ''}
          options={[['', 'Any status'], ...POLICY_STATUSES.map((key) => [key, POLICY_STATUS_LABELS[key]] as [string, string])]}
        />
        <Button type="submit">Search</Button>
      </Form>
      <ListProblem notice={notice} />
      {claim ? (
        <p className="mb-4 rounded-lg border border-brand-100 bg-brand-50 px-4 py-3 text-sm">
          Claim{' '}
          <Link to={adminClaimPath(claim.id)} className="font-mono font-semibold text-brand-700 underline">
            {claim.code}
          </Link>{' '}
          — open the claim.
        </p>
      ) : null}
      <AdminTable caption={caption} columns={['Customer', 'Policies', 'Joined']} empty={rows.length === 0 ? 'No customers found.' : null}>
        {rows.map((row) => (
          <tr key={row.id} data-testid="customer-row">
            <Cell label="Customer">
              <a href={adminCustomerPath(row.id)} className="inline-block py-1 font-medium text-brand-700 underline">
                {row.fullName || row.email}
              </a>
              <div className="text-slate-700">{row.email}</div>
              {row.phone ? <div className="text-slate-700">{row.phone}</div> : null}
            </Cell>
            <Cell label="Policies">
              {row.policies.length === 0 ? <span className="text-slate-700">No policy</span> : null}
              <ul className="grid gap-1">
                {row.policies.map((policy) => (
                  <li key={policy.id} className="flex flex-wrap items-center gap-2">
                    <PolicyStatusBadge status={policy.status} />
                    <span>{policy.plan}</span>
                    <span className="text-slate-700">
                      {policy.vehicle ? vehicleName(policy.vehicle, { withPlate: true }) : 'Vehicle information pending'}
                    </span>
                    <span className="text-slate-700">
                      {policy.monthly}/mo · commitment ends {policy.initialTermEndsAt.slice(0, 10)}
                    </span>
                    <code className="text-xs font-semibold text-slate-900">{policy.policyNumber}</code>
                  </li>
                ))}
              </ul>
            </Cell>
            <Cell label="Joined">{row.createdAt.slice(0, 10)}</Cell>
          </tr>
        ))}
      </AdminTable>
      <Pager
        page={page.page}
        hasNext={page.page < page.pages}
        summary={pageSummary(page, status && !q ? ['policy', 'policies'] : ['customer', 'customers'])}
      />
    </AdminPage>
  )
}

export { GeneralErrorBoundary as ErrorBoundary } from '~/components/error-boundary'
