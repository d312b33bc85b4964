import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form } from 'react-router'

import { operatorContext } from '~/auth/session.server'
import { AdminPage, ListProblem } from '~/components/admin/admin-page'
import { AdminTable, Cell } from '~/components/admin/admin-table'
import { useOperatorTime } from '~/components/admin/operator-zone'
import { Toast } from '~/components/toast'
import { Badge, Button } from '~/components/ui'
import { RuleError } from '~/domain/errors'
import { CHECK_THE_FORM, STATE_MESSAGES } from '~/domain/messages'
import { STATE_SHOW, type StateShow } from '~/domain/operator'
import { adminStatePath } from '~/domain/paths'
import { stateFacts } from '~/domain/state-facts'
import { STATE_FACT_LABELS } from '~/domain/state-readiness'
import { stateName } from '~/domain/state-rules'
import { env } from '~/env.server'
import { listSalesStates, type SalesStateRow, setSalesState } from '~/models/operations/sales-states.server'
import { routeRules } from '~/server/route-rules'
import { redirectWithToast } from '~/toast.server'
import { NOT_FOUND_META, operatorMeta } from '~/utils/meta'
import { answerRefusal, answerSubmission, isNotFound } from '~/utils/refusal'
import { parseQuery, SalesStateSchema, StatesQuery } from '~/validation/operator'

import type { Route } from './+types/admin.states'

export const handle = routeRules({ body: 'form', public: false, pageCache: false, originCheck: true })

const SHOW_KEYS = Object.keys(STATE_SHOW) as StateShow[]

const SHOWN: Record<StateShow, (row: SalesStateRow) => boolean> = {
  all: () => true,
  open: (row) => row.isOpen,
  closed: (row) => !row.isOpen,
  'needs-facts': (row) => row.rules.source !== 'statute',
}

export async function loader({ request }: Route.LoaderArgs) {
  const { query, problem } = parseQuery(StatesQuery(SHOW_KEYS), new URL(request.url))
  const show = query.show as StateShow
  const rows = listSalesStates()
  const counts = Object.fromEntries(SHOW_KEYS.map((key) => [key, rows.filter(SHOWN[key]).length])) as Record<StateShow, number>
  const states = rows.filter(SHOWN[show]).map((row) => ({
    code: row.code,
    name: row.name,
    isOpen: row.isOpen,
    changed: row.changedAt ? { at: row.changedAt, by: row.changedBy } : null,
    facts: stateFacts(row.rules),
    readiness: row.readiness.ready
      ? 'Ready'
      : row.readiness.counsel
        ? `Needs counsel: ${row.readiness.counsel}`
        : row.readiness.missing.length
          ? `Missing: ${row.readiness.missing.map((key) => STATE_FACT_LABELS[key]).join(', ')}`
          : row.readiness.problems.join(' '),
    ready: row.readiness.ready,
  }))
  return data({ show, counts, states, notice: problem, samples: env().stateFacts === 'sample' }, { status: problem ? 400 : 200 })
}

export async function action({ request, context }: Route.ActionArgs) {
  const operator = context.get(operatorContext)
  const submission = parseWithZod(await request.formData(), { schema: SalesStateSchema })
  if (submission.status !== 'success') return answerSubmission(submission, { toast: { type: 'error', ...CHECK_THE_FORM } })
  const { code, open, show } = submission.value
  try {
    setSalesState(operator.id, code, open === 'true')
  } catch (error) {
    // Refused next to the state's button, with what is missing and a link to fill it in.
    if (error instanceof RuleError) return answerRefusal(error, null, { target: code })
    throw error
  }
  const done = open === 'true' ? STATE_MESSAGES.salesOpened(stateName(code)) : STATE_MESSAGES.salesClosed(stateName(code))
  // Back to the list the operator was looking at.
  return redirectWithToast(statesPath(show), { type: 'success', ...done })
}

export const meta: Route.MetaFunction = ({ error }) => (isNotFound(error) ? NOT_FOUND_META : operatorMeta('States'))

function statesPath(show: StateShow) {
  return show === 'all' ? '/admin/states' : `/admin/states?show=${show}`
}

const COLUMNS = [
  'State',
  'Sales',
  'Readiness',
  'Free look',
  'Cancel any time',
  'Fee cap',
  'Commitment',
  'Consent for price increases',
  'Yearly reminder',
  'Statutes',
]

export default function AdminStates({ loaderData, actionData }: Route.ComponentProps) {
  const time = useOperatorTime()
  const { show, counts, states, notice, samples } = loaderData
  const refusal = actionData && 'target' in actionData ? { code: actionData.target, message: actionData.toast?.description } : null
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
      {samples ? (
        <p className="mb-6 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900" data-testid="sample-facts">
          Local default: every state sells with sample registration and insurer facts where none are filled in. A production start opens
          only the states SALES_STATES names, once their facts are filled in.
        </p>
      ) : null}
      <ListProblem notice={notice} />
      <nav aria-label="Filter states" className="mb-4">
        <ul className="flex flex-wrap gap-2 text-sm">
          {SHOW_KEYS.map((key) => (
            <li key={key}>
              <a
                href={statesPath(key)}
                aria-current={key === show ? 'page' : undefined}
                className={
                  key === show
                    ? 'inline-flex min-h-11 items-center rounded-full bg-brand-700 px-4 font-semibold text-white'
                    : 'inline-flex min-h-11 items-center rounded-full border border-slate-300 bg-white px-4 text-slate-900 hover:border-brand-600'
                }
              >
                {STATE_SHOW[key]} ({counts[key]})
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {/* Whole words only: a narrow column grows to its longest word instead of breaking it letter by letter. */}
      <div className="wrap-break-word">
        <AdminTable
          caption={`Sales by state: ${STATE_SHOW[show].toLowerCase()}`}
          columns={COLUMNS}
          empty={states.length === 0 ? 'No state matches this filter.' : null}
          dense
        >
          {states.map((state) => (
            <tr key={state.code} data-testid={`state-${state.code}`} className="align-top">
              <Cell label="State" className="whitespace-nowrap">
                <span className="font-medium text-slate-900">{state.name}</span> <code className="text-xs">{state.code}</code>
              </Cell>
              <Cell label="Sales">
                <div className="flex flex-wrap items-center gap-2">
                  <Badge tone={state.isOpen ? 'success' : 'warning'}>{state.isOpen ? 'Open' : 'Closed'}</Badge>
                  <Form method="post">
                    <input type="hidden" name="intent" value="set-sales" />
                    <input type="hidden" name="code" value={state.code} />
                    <input type="hidden" name="open" value={state.isOpen ? 'false' : 'true'} />
                    <input type="hidden" name="show" value={show} />
                    <Button
                      type="submit"
                      variant="secondary"
                      className="whitespace-nowrap"
                      aria-label={`${state.isOpen ? 'Close' : 'Open'} sales in ${state.name}`}
                    >
                      {state.isOpen ? 'Close sales' : 'Open sales'}
                    </Button>
                  </Form>
                </div>
                {refusal?.code === state.code ? (
                  <p id={`open-${state.code}-error`} role="alert" className="mt-1 text-sm font-medium text-red-700">
                    {refusal.message}
                  </p>
                ) : null}
                <p className="mt-1 text-xs text-slate-600">
                  {state.changed ? `Changed ${time(state.changed.at)} by ${state.changed.by ?? 'an operator'}` : 'From configuration'}
                </p>
              </Cell>
              <Cell label="Readiness">
                <span className={state.ready ? 'text-slate-900' : 'text-amber-800'}>{state.readiness}</span>{' '}
                <a href={adminStatePath(state.code)} className="text-brand-700 underline" aria-label={`Facts for ${state.name}`}>
                  Facts
                </a>
              </Cell>
              <Cell label="Free look" className="whitespace-nowrap">
                {state.facts.freeLook}
              </Cell>
              <Cell label="Cancel any time">{state.facts.cancelAnyTime}</Cell>
              <Cell label="Fee cap">{state.facts.feeCap}</Cell>
              <Cell label="Commitment">{state.facts.commitment}</Cell>
              <Cell label="Consent for price increases">{state.facts.priceConsent}</Cell>
              <Cell label="Yearly reminder">{state.facts.yearlyReminder}</Cell>
              <Cell label="Statutes" data-wide className="text-xs">
                {state.facts.statutes}
              </Cell>
            </tr>
          ))}
        </AdminTable>
      </div>
    </AdminPage>
  )
}

export { GeneralErrorBoundary as ErrorBoundary } from '~/components/error-boundary'
