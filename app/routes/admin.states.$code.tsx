import { parseWithZod } from '@conform-to/zod/v4'
import { Form } from 'react-router'

import { operatorContext } from '~/auth/session.server'
import { AdminPage } from '~/components/admin/admin-page'
import { Toast } from '~/components/toast'
import { Badge, Button, Card, Field, inputClass } from '~/components/ui'
import { RuleError } from '~/domain/errors'
import { CHECK_THE_FORM, STATE_FACTS_MESSAGES } from '~/domain/messages'
import { adminStatePath } from '~/domain/paths'
import { formatPhone } from '~/domain/phones'
import { requiredFacts, STATE_FACT_KEYS, STATE_FACT_LABELS, type StateFactKey } from '~/domain/state-readiness'
import { isStateCode, stateName } from '~/domain/state-rules'
import { env } from '~/env.server'
import { listSalesStates, saveStateFacts } from '~/models/operations/sales-states.server'
import { routeRules } from '~/server/route-rules'
import { redirectWithToast } from '~/toast.server'
import { NOT_FOUND_META, operatorMeta } from '~/utils/meta'
import { answerRefusal, answerSubmission, isNotFound, notFound, resultErrors, resultValues } from '~/utils/refusal'
import { fieldLimits } from '~/validation/limits'
import { StateFactsSchema } from '~/validation/operator'

import type { Route } from './+types/admin.states.$code'

export const handle = routeRules({ body: 'form', public: false, pageCache: false, originCheck: true })

const LIMITS = fieldLimits(StateFactsSchema)

const HINTS: Partial<Record<StateFactKey, string>> = {
  registrationNumber: 'As the regulator issued it: letters, digits and hyphens.',
  insurerPhone: 'A US toll-free number (800, 833, 844, 855, 866, 877 or 888).',
}

function stateOf(code: string) {
  if (!isStateCode(code)) notFound()
  return listSalesStates().find((row) => row.code === code)!
}

export async function loader({ params }: Route.LoaderArgs) {
  const row = stateOf(params.code)
  const required = requiredFacts(row.readinessRule)
  return {
    code: row.code,
    name: row.name,
    isOpen: row.isOpen,
    readiness: row.readiness,
    rule: {
      statutes: row.readinessRule.statutes,
      regulator: row.readinessRule.regulator,
      reimbursementInsurance: row.readinessRule.reimbursementInsurance,
      registrationPrinted: row.readinessRule.registration.printed,
      administratorPrinted: row.readinessRule.administratorPrinted,
      phonePrinted: row.readinessRule.phonePrinted,
      insurerSentence: row.readinessRule.insurerSentence,
    },
    required,
    facts: { ...row.facts, insurerPhone: row.facts.insurerPhone ? formatPhone(row.facts.insurerPhone) : null },
    samples: env().stateFacts === 'sample',
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const operator = context.get(operatorContext)
  const row = stateOf(params.code)
  const submission = parseWithZod(await request.formData(), { schema: StateFactsSchema })
  if (submission.status !== 'success') return answerSubmission(submission, { toast: { type: 'error', ...CHECK_THE_FORM } })
  const { intent, ...values } = submission.value
  try {
    saveStateFacts(operator.id, row.code, values, intent === 'save-and-open')
  } catch (error) {
    if (error instanceof RuleError) return answerRefusal(error, submission)
    throw error
  }
  const done = intent === 'save-and-open' ? STATE_FACTS_MESSAGES.savedAndOpened(row.name) : STATE_FACTS_MESSAGES.saved(row.name)
  return redirectWithToast(adminStatePath(row.code), { type: 'success', ...done })
}

export const meta: Route.MetaFunction = ({ error, params }) =>
  isNotFound(error) ? NOT_FOUND_META : operatorMeta(isStateCode(params.code) ? `${stateName(params.code)} facts` : 'State facts')

export default function AdminStateFacts({ loaderData, actionData }: Route.ComponentProps) {
  const { code, name, isOpen, readiness, rule, required, facts, samples } = loaderData
  const errors = resultErrors(actionData?.result)
  const typed = resultValues(actionData?.result)
  const value = (key: StateFactKey) => (actionData?.result ? (typed[key] ?? '') : (facts[key] ?? ''))
  return (
    <AdminPage
      width="narrow"
      title={`${name}: facts for selling`}
      sub="What must be true before the product may be sold in this state, and what the contract prints with it."
    >
      <Toast toast={actionData?.toast} className="mb-6" />
      <p className="mb-4 text-sm">
        <a href="/admin/states" className="font-medium text-brand-700 underline">
          All states
        </a>
      </p>
      <Card className="mb-6 space-y-2 text-sm text-slate-800">
        <p>
          Sales: <Badge tone={isOpen ? 'success' : 'warning'}>{isOpen ? 'Open' : 'Closed'}</Badge>{' '}
          <span data-testid="readiness">
            {readiness.ready
              ? 'Ready to sell.'
              : readiness.counsel
                ? `Needs counsel: ${readiness.counsel}`
                : `Missing: ${readiness.missing.map((key) => STATE_FACT_LABELS[key]).join(', ')}.`}
          </span>
        </p>
        {rule.regulator ? <p>Regulator: {rule.regulator}</p> : null}
        <p>Statutes: {rule.statutes.length ? rule.statutes.join('; ') : 'the default (registration before selling)'}</p>
        <ul className="list-disc pl-5">
          {rule.reimbursementInsurance ? <li>Reimbursement insurance is required.</li> : null}
          {rule.insurerSentence ? <li>The contract prints the statutory sentence about the insurer.</li> : null}
          {rule.registrationPrinted ? <li>The contract prints the registration or licence number.</li> : null}
          {rule.administratorPrinted ? <li>The contract names the administrator and its registration number.</li> : null}
          {rule.phonePrinted ? <li>The contract prints a telephone number for service.</li> : null}
        </ul>
        {samples ? (
          <p className="text-amber-800">
            Local default: facts left blank are filled with sample values, so this start sells everywhere. A production start sells only
            with the real ones.
          </p>
        ) : null}
      </Card>
      <Card>
        <Form method="post" className="space-y-4" aria-label={`Facts for ${code}`}>
          {STATE_FACT_KEYS.map((key) => (
            <Field
              key={key}
              label={`${STATE_FACT_LABELS[key]}${required.includes(key) ? ' (required)' : ''}`}
              htmlFor={key}
              hint={HINTS[key]}
              errors={errors[key]}
            >
              <input
                id={key}
                name={key}
                type={key === 'insurerPhone' ? 'tel' : 'text'}
                defaultValue={value(key)}
                maxLength={LIMITS[key].maxLength}
                className={inputClass}
                aria-describedby={errors[key] ? `${key}-error` : undefined}
                aria-invalid={errors[key] ? true : undefined}
              />
            </Field>
          ))}
          <div className="flex flex-wrap gap-3">
            <Button type="submit" name="intent" value="save" variant="secondary">
              Save facts
            </Button>
            {isOpen ? null : (
              <Button type="submit" name="intent" value="save-and-open">
                Save and open sales
              </Button>
            )}
          </div>
        </Form>
      </Card>
    </AdminPage>
  )
}

export { GeneralErrorBoundary as ErrorBoundary } from '~/components/error-boundary'
