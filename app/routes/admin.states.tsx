import { parseWithZod } from '@conform-to/zod/v4'
import { Form } from 'react-router'

import { operatorContext } from '~/auth/session.server'
import { AdminPage } from '~/components/admin/admin-page'
import { AdminTable, Cell } from '~/components/admin/admin-table'
import { GeneralErrorBoundary, isNotFound } from '~/components/error-boundary'
import { Toast } from '~/components/toast'
import { Badge, Button } from '~/components/ui'
import { formatDateTime } from '~/domain/format'
import { CHECK_THE_FORM, STATE_MESSAGES } from '~/domain/messages'
import { stateFacts } from '~/domain/state-facts'
import { stateName } from '~/domain/state-rules'
import { listSalesStates, setSalesState } from '~/models/sales-states.server'
import { routeRules } from '~/route-rules'
import { redirectWithToast } from '~/toast.server'
import { NOT_FOUND_META, operatorMeta } from '~/utils/meta'
import { answerSubmission } from '~/utils/refusal'
import { SalesStateSchema } from '~/validation/operator'

import type { Route } from './+types/admin.states'

export const handle = routeRules({ body: 'form', public: false, pageCache: false, originCheck: true })

export async function loader() {
  return {
    states: listSalesStates().map((row) => ({
      code: row.code,
      name: row.name,
      isOpen: row.isOpen,
      changed: row.changedAt ? { at: row.changedAt, by: row.changedBy } : null,
      facts: stateFacts(row.rules),
    })),
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const operator = context.get(operatorContext)
  const submission = parseWithZod(await request.formData(), { schema: SalesStateSchema })
  if (submission.status !== 'success') return answerSubmission(submission, { toast: { type: 'error', ...CHECK_THE_FORM } })
  const { code, open } = submission.value
  setSalesState(operator.id, code, open === 'true')
  const done = open === 'true' ? STATE_MESSAGES.salesOpened(stateName(code)) : STATE_MESSAGES.salesClosed(stateName(code))
  return redirectWithToast('/admin/states', { type: 'success', ...done })
}

export const meta: Route.MetaFunction = ({ error }) => (isNotFound(error) ? NOT_FOUND_META : operatorMeta('States'))

const COLUMNS = [
  'State',
  'Sales',
  'Free look',
  'Cancel any time',
  'Fee cap',
  'Commitment',
  'Consent for price increases',
  'Yearly reminder',
  'Statutes',
]

export default function AdminStates({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AdminPage
      title="States"
      sub="Where new customers may sign up, and the rules of each state as the state table gives them (counsel must confirm them before selling there)."
    >
      <Toast toast={actionData?.toast} className="mb-6" />
      <p className="mb-6 text-sm text-slate-700">
        <a href="/admin/states/consents.csv" download className="font-medium text-brand-700 underline">
          Download the consent records (CSV)
        </a>
        : what each customer agreed to at signup (automatic renewal, electronic delivery), kept three years after the plan ends.
      </p>
      <AdminTable caption="Sales by state" columns={COLUMNS} empty={null}>
        {loaderData.states.map((state) => (
          <tr key={state.code} data-testid={`state-${state.code}`} className="align-top">
            <Cell label="State" className="px-4 py-3">
              <span className="font-medium text-slate-900">{state.name}</span> <code className="text-xs">{state.code}</code>
            </Cell>
            <Cell label="Sales" className="px-4 py-3">
              <Badge tone={state.isOpen ? 'success' : 'warning'}>{state.isOpen ? 'Open' : 'Closed'}</Badge>
              <p className="mt-1 text-xs text-slate-600">
                {state.changed
                  ? `Changed ${formatDateTime(state.changed.at)} by ${state.changed.by ?? 'an operator'}`
                  : 'From configuration'}
              </p>
              <Form method="post" className="mt-2">
                <input type="hidden" name="intent" value="set-sales" />
                <input type="hidden" name="code" value={state.code} />
                <input type="hidden" name="open" value={state.isOpen ? 'false' : 'true'} />
                <Button type="submit" variant="secondary" aria-label={`${state.isOpen ? 'Close' : 'Open'} sales in ${state.name}`}>
                  {state.isOpen ? 'Close sales' : 'Open sales'}
                </Button>
              </Form>
            </Cell>
            <Cell label="Free look" className="px-4 py-3">
              {state.facts.freeLook}
            </Cell>
            <Cell label="Cancel any time" className="px-4 py-3">
              {state.facts.cancelAnyTime}
            </Cell>
            <Cell label="Fee cap" className="px-4 py-3">
              {state.facts.feeCap}
            </Cell>
            <Cell label="Commitment" className="px-4 py-3">
              {state.facts.commitment}
            </Cell>
            <Cell label="Consent for price increases" className="px-4 py-3">
              {state.facts.priceConsent}
            </Cell>
            <Cell label="Yearly reminder" className="px-4 py-3">
              {state.facts.yearlyReminder}
            </Cell>
            <Cell label="Statutes" className="px-4 py-3 text-xs">
              {state.facts.statutes}
            </Cell>
          </tr>
        ))}
      </AdminTable>
    </AdminPage>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
