import { Form, Link } from 'react-router'

import { requireAdmin } from '~/auth/session.server'
import { GeneralErrorBoundary, isNotFound, NOT_FOUND_META } from '~/components/error-boundary'
import { Badge, Button, Card, inputClass, PageHeading } from '~/components/ui'
import { formatPrice } from '~/domain/format'
import { searchPolicies } from '~/models/operator.server'

import type { Route } from './+types/admin.policies'

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request)
  const q = new URL(request.url).searchParams.get('q')?.slice(0, 100) ?? ''
  // Prices are formatted here: the pricing model is server-only.
  return { q, results: searchPolicies(q).map((row) => ({ ...row, monthly: formatPrice(row.policy.monthlyPriceCents) })) }
}

export const meta: Route.MetaFunction = ({ error }) =>
  isNotFound(error) ? NOT_FOUND_META : [{ title: 'Policies and customers — Operator — Glass Plan' }]

const STATUS_TONES = { incomplete: 'destructive', active: 'success', past_due: 'warning', canceled: 'neutral' } as const

export default function AdminPolicies({ loaderData }: Route.ComponentProps) {
  const { q, results } = loaderData
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <p className="mb-2 text-sm">
        <Link to="/admin" className="text-brand-700 underline">
          Operator console
        </Link>
      </p>
      <PageHeading sub="Find a customer by e-mail or name, a policy by id, a vehicle by plate.">Policies and customers</PageHeading>
      <Form method="get" role="search" className="mb-6 flex max-w-xl gap-2">
        <label htmlFor="q" className="sr-only">
          Search
        </label>
        <input id="q" name="q" type="search" defaultValue={q} placeholder="e-mail, name, policy id or plate" className={inputClass} />
        <Button type="submit">Search</Button>
      </Form>
      <Card className="overflow-x-auto p-0">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{q ? `Policies matching ${q}` : 'Newest policies'}</caption>
          <thead className="border-b border-slate-200 bg-slate-50 text-slate-700">
            <tr>
              <th scope="col" className="px-4 py-3">
                Customer
              </th>
              <th scope="col" className="px-4 py-3">
                Policy
              </th>
              <th scope="col" className="px-4 py-3">
                Status
              </th>
              <th scope="col" className="px-4 py-3">
                Vehicle
              </th>
              <th scope="col" className="px-4 py-3">
                Monthly
              </th>
              <th scope="col" className="px-4 py-3">
                Commitment ends
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {results.length === 0 ? (
              <tr>
                <td colSpan={6} className="px-4 py-6 text-center text-slate-700">
                  No policies found.
                </td>
              </tr>
            ) : null}
            {results.map(({ policy, profile, vehicle, monthly }) => (
              <tr key={policy.id}>
                <td className="px-4 py-3">
                  <div className="font-medium">{profile.fullName ?? '—'}</div>
                  <div className="text-slate-700">{profile.email}</div>
                </td>
                <td className="px-4 py-3">
                  <div>
                    {policy.planType === 'chip_only'
                      ? 'Chip Repair Only'
                      : `Comprehensive (${policy.vehicleType === 'trucksuv' ? 'Truck/SUV' : 'Car'}${policy.hasAdas ? ', ADAS' : ''})`}
                  </div>
                  <code className="text-xs text-slate-700">{policy.id}</code>
                </td>
                <td className="px-4 py-3">
                  <Badge tone={STATUS_TONES[policy.status]}>{policy.status}</Badge>
                </td>
                <td className="px-4 py-3">
                  {vehicle
                    ? `${vehicle.year} ${vehicle.make} ${vehicle.model} · ${vehicle.licensePlate} (${vehicle.licensePlateState})`
                    : 'Vehicle information pending'}
                </td>
                <td className="px-4 py-3">{monthly}</td>
                <td className="px-4 py-3">{policy.initialTermEndsAt.slice(0, 10)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Card>
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
