import { parseWithZod } from '@conform-to/zod/v4'
import { Form } from 'react-router'

import { operatorContext } from '~/auth/session.server'
import { AdminPage } from '~/components/admin/admin-page'
import { Toast } from '~/components/toast'
import { Badge, Button, Card, Field, inputClass } from '~/components/ui'
import { allTermsVersions } from '~/content/terms-versions'
import { RuleError } from '~/domain/errors'
import { formatLongDate } from '~/domain/format'
import { CHECK_THE_FORM, STATE_FACTS_MESSAGES } from '~/domain/messages'
import { adminStatePath } from '~/domain/paths'
import { formatPhone } from '~/domain/phones'
import {
  FINANCIAL_SECURITY_KINDS,
  FINANCIAL_SECURITY_LABELS,
  requiredFacts,
  STATE_FACT_KEYS,
  STATE_FACT_LABELS,
  type StateFactKey,
} from '~/domain/state-readiness'
import { isStateCode, stateName } from '~/domain/state-rules'
import { env } from '~/env.server'
import { formFilingsOf, listSalesStates, recordFormFiling, saveStateFacts } from '~/models/operations/sales-states.server'
import { routeRules } from '~/server/route-rules'
import { redirectWithToast } from '~/toast.server'
import { NOT_FOUND_META, operatorMeta } from '~/utils/meta'
import { answerRefusal, answerSubmission, isNotFound, notFound, resultErrors, resultValues } from '~/utils/refusal'
import { fieldLimits } from '~/validation/limits'
import { FormFilingSchema, StateFactsSchema } from '~/validation/operator'

import type { Route } from './+types/admin.states.$code'

export const handle = routeRules({ body: 'form', public: false, pageCache: false, originCheck: true })

const LIMITS = fieldLimits(StateFactsSchema)
const FILING_LIMITS = fieldLimits(FormFilingSchema)

const HINTS: Partial<Record<StateFactKey, string>> = {
  registrationNumber: 'As the regulator issued it: letters, digits and hyphens.',
  insurerPhone: 'A US toll-free number (800, 833, 844, 855, 866, 877 or 888).',
  financialSecurityDetail:
    'The insurer and policy number; or the reserve account, its balance and the security deposit with its holder; or the audited net worth and its date.',
}

/** The facts only some states ask for: shown where the state requires them or one is filled in. */
const ONLY_WHERE_REQUIRED: StateFactKey[] = ['financialSecurityKind', 'financialSecurityDetail']

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
      phoneTollFreeOrLocal: Boolean(row.readinessRule.phoneTollFreeOrLocal),
      financialSecurity: row.readinessRule.financialSecurity,
      filedForm: row.readinessRule.filedForm,
      insurerSentence: row.readinessRule.insurerSentence,
    },
    filings: row.readinessRule.filedForm ? formFilingsOf(row.code) : [],
    termsVersions: allTermsVersions().map((entry) => entry.version),
    required,
    facts: { ...row.facts, insurerPhone: row.facts.insurerPhone ? formatPhone(row.facts.insurerPhone) : null },
    samples: env().stateFacts === 'sample',
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const operator = context.get(operatorContext)
  const row = stateOf(params.code)
  const form = await request.formData()
  if (form.get('intent') === 'record-filing') {
    const filing = parseWithZod(form, { schema: FormFilingSchema })
    if (filing.status !== 'success') return answerSubmission(filing, { toast: { type: 'error', ...CHECK_THE_FORM } })
    try {
      recordFormFiling(operator.id, row.code, filing.value)
    } catch (error) {
      if (error instanceof RuleError) return answerRefusal(error, filing)
      throw error
    }
    return redirectWithToast(adminStatePath(row.code), {
      type: 'success',
      ...STATE_FACTS_MESSAGES.filingRecorded(row.name, filing.value.tosVersion),
    })
  }
  const submission = parseWithZod(form, { schema: StateFactsSchema })
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
  const { code, name, isOpen, readiness, rule, required, facts, samples, filings, termsVersions } = loaderData
  const filingAnswer = actionData?.result && resultValues(actionData.result).intent === 'record-filing'
  const errors = filingAnswer ? {} : resultErrors(actionData?.result)
  const typed = filingAnswer ? {} : resultValues(actionData?.result)
  const filingErrors = filingAnswer ? resultErrors(actionData?.result) : {}
  const filingTyped = filingAnswer ? resultValues(actionData?.result) : {}
  const value = (key: StateFactKey) => (actionData?.result && !filingAnswer ? (typed[key] ?? '') : (facts[key] ?? ''))
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
                : readiness.missing.length
                  ? `Missing: ${readiness.missing.map((key) => STATE_FACT_LABELS[key]).join(', ')}.`
                  : 'Not ready:'}
          </span>
        </p>
        {readiness.problems.length ? (
          <ul className="list-disc pl-5 text-amber-900" data-testid="readiness-problems">
            {readiness.problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        ) : null}
        {rule.regulator ? <p>Regulator: {rule.regulator}</p> : null}
        <p>Statutes: {rule.statutes.length ? rule.statutes.join('; ') : 'the default (registration before selling)'}</p>
        <ul className="list-disc pl-5">
          {rule.reimbursementInsurance ? <li>Reimbursement insurance is required.</li> : null}
          {rule.insurerSentence ? <li>The contract prints the statutory sentence about the insurer.</li> : null}
          {rule.registrationPrinted ? <li>The contract prints the registration or licence number.</li> : null}
          {rule.administratorPrinted ? <li>The contract names the administrator and its registration number.</li> : null}
          {rule.phonePrinted ? (
            <li>
              The contract prints a telephone number for service
              {rule.phoneTollFreeOrLocal ? ', toll-free or a local number here (the SUPPORT_PHONE setting)' : ''}.
            </li>
          ) : null}
          {rule.financialSecurity ? (
            <li>The provider records its financial security: reimbursement insurance, a funded reserve with its deposit, or net worth.</li>
          ) : null}
          {rule.filedForm ? (
            <li>The contract form is filed with the regulator before each terms version is sold ({rule.filedForm}).</li>
          ) : null}
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
          {STATE_FACT_KEYS.filter((key) => !ONLY_WHERE_REQUIRED.includes(key) || required.includes(key) || facts[key]).map((key) => (
            <Field
              key={key}
              label={`${STATE_FACT_LABELS[key]}${required.includes(key) ? ' (required)' : ''}`}
              htmlFor={key}
              hint={HINTS[key]}
              errors={errors[key]}
            >
              {key === 'financialSecurityKind' ? (
                <select
                  id={key}
                  name={key}
                  defaultValue={value(key)}
                  className={inputClass}
                  aria-describedby={errors[key] ? `${key}-error` : undefined}
                  aria-invalid={errors[key] ? true : undefined}
                >
                  <option value="">Not recorded</option>
                  {FINANCIAL_SECURITY_KINDS.map((kind) => (
                    <option key={kind} value={kind}>
                      {FINANCIAL_SECURITY_LABELS[kind]}
                    </option>
                  ))}
                </select>
              ) : (
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
              )}
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
      {rule.filedForm ? (
        <FilingCard filedForm={rule.filedForm} filings={filings} termsVersions={termsVersions} errors={filingErrors} typed={filingTyped} />
      ) : null}
    </AdminPage>
  )
}

/**
 * Where the state requires the contract form filed before use: each terms version's filing (the day the regulator
 * received it), recorded here; the version sold now is held until its filing is recorded.
 */
function FilingCard({
  filedForm,
  filings,
  termsVersions,
  errors,
  typed,
}: {
  filedForm: string
  filings: Array<{ tosVersion: string; filedOn: string; reference: string | null; recordedBy: string | null }>
  termsVersions: string[]
  errors: Record<string, string[] | undefined>
  typed: Record<string, string | undefined>
}) {
  return (
    <Card className="mt-6" role="region" aria-labelledby="filing-heading">
      <h2 id="filing-heading" className="text-lg font-semibold text-slate-900">
        Contract form filed
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        {filedForm} requires the contract form filed with the regulator before it is used: a terms version is sold here only once its filing
        is recorded.
      </p>
      {filings.length ? (
        <ul className="mt-3 list-disc pl-5 text-sm text-slate-800" data-testid="form-filings">
          {filings.map((filing) => (
            <li key={filing.tosVersion}>
              Terms {filing.tosVersion}: filed {formatLongDate(filing.filedOn)}
              {filing.reference ? `, reference ${filing.reference}` : ''}
              {filing.recordedBy ? ` (recorded by ${filing.recordedBy})` : ''}
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-3 text-sm text-amber-900">No filing recorded yet.</p>
      )}
      <Form method="post" className="mt-4 grid gap-4 sm:grid-cols-3" aria-label={`Record a filing`}>
        <Field label="Terms version" htmlFor="tosVersion" errors={errors.tosVersion}>
          <select id="tosVersion" name="tosVersion" defaultValue={typed.tosVersion ?? termsVersions[0]} className={inputClass}>
            {termsVersions.map((version) => (
              <option key={version} value={version}>
                {version}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Filed on" htmlFor="filedOn" hint="The day the regulator received it." errors={errors.filedOn}>
          <input
            id="filedOn"
            name="filedOn"
            type="date"
            defaultValue={typed.filedOn ?? ''}
            className={inputClass}
            aria-describedby={errors.filedOn ? 'filedOn-error' : undefined}
            aria-invalid={errors.filedOn ? true : undefined}
          />
        </Field>
        <Field label="Reference (optional)" htmlFor="reference" errors={errors.reference}>
          <input
            id="reference"
            name="reference"
            type="text"
            defaultValue={typed.reference ?? ''}
            maxLength={FILING_LIMITS.reference.maxLength}
            className={inputClass}
          />
        </Field>
        <div className="sm:col-span-3">
          <Button type="submit" name="intent" value="record-filing" variant="secondary">
            Record the filing
          </Button>
        </div>
      </Form>
    </Card>
  )
}

export { GeneralErrorBoundary as ErrorBoundary } from '~/components/error-boundary'
