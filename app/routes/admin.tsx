import { Link } from 'react-router'

import { requireAdmin } from '~/auth/session.server'
import { GeneralErrorBoundary, isNotFound, NOT_FOUND_META } from '~/components/error-boundary'
import { Card, PageHeading } from '~/components/ui'
import { reviewQueue } from '~/models/claim-review.server'

import type { Route } from './+types/admin'

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request)
  const queue = reviewQueue()
  return { waiting: queue.length, overdue: queue.filter((entry) => entry.hoursLeft < 0).length }
}

export const meta: Route.MetaFunction = ({ error }) => (isNotFound(error) ? NOT_FOUND_META : [{ title: 'Operator console — Glass Plan' }])

const SECTIONS = [
  { to: '/admin/partners', title: 'Partner groups and locations', text: 'Shops that complete claims, and their signup links.' },
  { to: '/admin/policies', title: 'Policies and customers', text: 'Search by e-mail, name, policy id or plate.' },
  { to: '/admin/activity', title: 'Activity', text: 'Audit log, e-mail log and payment events.' },
  { to: '/admin/prices', title: 'Prices', text: 'Monthly prices while payments are local.' },
]

export default function AdminIndex({ loaderData }: Route.ComponentProps) {
  const { waiting, overdue } = loaderData
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <PageHeading sub="Everything the operator needs, in one place.">Operator console</PageHeading>
      <ul className="grid gap-4 sm:grid-cols-2">
        <li>
          <Link to="/admin/claims" className="block h-full">
            <Card className="h-full hover:border-brand-600">
              <h2 className="text-lg font-semibold text-slate-900">Claims to review</h2>
              <p className="mt-1 text-sm text-slate-700">
                {waiting === 0 ? 'Nothing waiting.' : `${waiting} waiting${overdue ? `, ${overdue} past the 48-hour promise` : ''}.`}
              </p>
            </Card>
          </Link>
        </li>
        {SECTIONS.map((section) => (
          <li key={section.to}>
            <Link to={section.to} className="block h-full">
              <Card className="h-full hover:border-brand-600">
                <h2 className="text-lg font-semibold text-slate-900">{section.title}</h2>
                <p className="mt-1 text-sm text-slate-700">{section.text}</p>
              </Card>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
