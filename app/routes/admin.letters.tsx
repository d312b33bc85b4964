import { Link } from 'react-router'

import { AdminPage } from '~/components/admin/admin-page'
import { AdminTable, Cell } from '~/components/admin/admin-table'
import { useOperatorTime } from '~/components/admin/operator-zone'
import { LETTER_TEMPLATES, type LetterTemplate } from '~/domain/letters'
import { adminCustomerPath } from '~/domain/paths'
import { unsentLetters } from '~/models/people/letters.server'
import { routeRules } from '~/server/route-rules'
import { NOT_FOUND_META, operatorMeta } from '~/utils/meta'
import { isNotFound } from '~/utils/refusal'

import type { Route } from './+types/admin.letters'

// Every paper letter not posted, oldest first, each with why: held for a mailing address, refused by the mail provider
// (tried again daily, or no longer), or being posted. The customer's page shows the same for one customer.

export const handle = routeRules({ body: 'form', public: false, pageCache: false, originCheck: true })

export async function loader() {
  return {
    letters: unsentLetters().map((letter) => ({
      id: letter.id,
      profileId: letter.profileId,
      customer: letter.customer ? (letter.customer.fullName ?? letter.customer.email) : null,
      template: LETTER_TEMPLATES[letter.template as LetterTemplate] ?? letter.template,
      certified: letter.certified,
      policyNumber: letter.policyNumber,
      reason: letter.reason,
      holdsCancellation: letter.holdsCancellation,
      createdAt: letter.createdAt,
    })),
  }
}

export const meta: Route.MetaFunction = ({ error }) => (isNotFound(error) ? NOT_FOUND_META : operatorMeta('Letters not posted'))

export default function AdminLetters({ loaderData }: Route.ComponentProps) {
  const time = useOperatorTime()
  return (
    <AdminPage title="Letters not posted" sub="Every paper letter held or refused, oldest first, and why.">
      <AdminTable
        caption="Letters not posted"
        columns={['Customer', 'Letter', 'Why it has not gone', 'Since']}
        empty={loaderData.letters.length === 0 ? 'Every letter has been posted.' : null}
      >
        {loaderData.letters.map((letter) => (
          <tr key={letter.id} data-testid="unsent-letter">
            <Cell label="Customer">
              {letter.profileId ? (
                <Link to={adminCustomerPath(letter.profileId)} className="font-medium text-brand-700 underline">
                  {letter.customer ?? 'Deleted account'}
                </Link>
              ) : (
                'Deleted account'
              )}
            </Cell>
            <Cell label="Letter">
              {letter.template}
              {letter.certified ? ' (certified)' : ''}
              {letter.policyNumber ? <span className="block text-xs text-slate-600">Policy {letter.policyNumber}</span> : null}
            </Cell>
            <Cell label="Why it has not gone">
              {letter.reason}
              {letter.holdsCancellation ? (
                <p className="mt-1 text-xs font-medium text-red-800">
                  It is a cancellation notice: the policy does not end until it is mailed, and then its days after the mailing.
                </p>
              ) : null}
            </Cell>
            <Cell label="Since">{time(letter.createdAt)}</Cell>
          </tr>
        ))}
      </AdminTable>
    </AdminPage>
  )
}

export { GeneralErrorBoundary as ErrorBoundary } from '~/components/error-boundary'
