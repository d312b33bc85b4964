import { parseWithZod } from '@conform-to/zod/v4'
import { Form, Link } from 'react-router'

import { operatorContext } from '~/auth/session.server'
import { AdminPage } from '~/components/admin/admin-page'
import { Toast } from '~/components/toast'
import { buttonClass, Card } from '~/components/ui'
import { RuleError } from '~/domain/errors'
import { formatLongDate } from '~/domain/format'
import { SETUP_HOLD_MESSAGES } from '~/domain/messages'
import { adminCustomerPath } from '~/domain/paths'
import { decideHeldSetup, type HeldSetup, heldSetups } from '~/models/policies/policy-setup.server'
import { routeRules } from '~/server/route-rules'
import { redirectWithToast } from '~/toast.server'
import { NOT_FOUND_META, operatorMeta } from '~/utils/meta'
import { type ActionAnswer, answerRefusal, answerSubmission, isNotFound } from '~/utils/refusal'
import { SetupDecisionSchema } from '~/validation/operator'

import type { Route } from './+types/admin.setups'

// Setups held before coverage starts because their VIN is already on another active policy: the operator
// sees both policies and approves (coverage starts) or asks the customer to correct the vehicle.

export const handle = routeRules({ body: 'form', public: false, pageCache: false, originCheck: true })

const PAGE = '/admin/setups'

export async function loader() {
  return { held: heldSetups() }
}

export async function action({ request, context }: Route.ActionArgs) {
  const operator = context.get(operatorContext)
  const formData = await request.formData()
  const submission = parseWithZod(formData, { schema: SetupDecisionSchema })
  if (submission.status !== 'success') return answerSubmission(submission, { toast: { type: 'error', ...SETUP_HOLD_MESSAGES.notHeld } })
  try {
    const outcome = await decideHeldSetup(operator.id, submission.value.policyId, submission.value.intent)
    const toast = outcome === 'approved' ? SETUP_HOLD_MESSAGES.approved : SETUP_HOLD_MESSAGES.correctionSent
    return redirectWithToast(PAGE, { type: 'success', ...toast })
  } catch (error) {
    if (error instanceof RuleError) return answerRefusal(error, submission)
    throw error
  }
}

export const meta: Route.MetaFunction = ({ error }) => (isNotFound(error) ? NOT_FOUND_META : operatorMeta('Setups to check'))

export default function AdminSetups({ loaderData, actionData }: Route.ComponentProps) {
  const answer = actionData as ActionAnswer | undefined
  return (
    <AdminPage title="Setups to check" sub="Policy setups held before coverage starts, oldest first.">
      <Toast toast={answer?.toast} className="mb-6" />
      {loaderData.held.length === 0 ? <p className="text-slate-700">No setups wait for a check.</p> : null}
      <ol className="space-y-4">
        {loaderData.held.map((setup) => (
          <li key={setup.policyId}>
            <HeldSetupCard setup={setup} />
          </li>
        ))}
      </ol>
    </AdminPage>
  )
}

function HeldSetupCard({ setup }: { setup: HeldSetup }) {
  const headingId = `setup-${setup.policyId}`
  return (
    <Card className="space-y-3" data-testid="held-setup" role="group" aria-labelledby={headingId}>
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        <Link to={adminCustomerPath(setup.profileId)} className="text-brand-700 underline">
          {setup.policyNumber}
        </Link>
      </h2>
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1 text-sm">
        <dt className="text-slate-600">Reason</dt>
        <dd data-testid="held-setup-reason">{setup.reason}</dd>
        <dt className="text-slate-600">VIN</dt>
        <dd className="font-mono">{setup.vin}</dd>
        <dt className="text-slate-600">Held</dt>
        <dd>{setup.heldAt ? formatLongDate(setup.heldAt) : '—'}</dd>
        <dt className="text-slate-600">Also on</dt>
        <dd>
          {setup.others.length === 0 ? (
            'No active policy any more'
          ) : (
            <ul>
              {setup.others.map((other) => (
                <li key={other.policyId}>
                  <Link to={adminCustomerPath(other.profileId)} className="font-mono text-brand-700 underline">
                    {other.policyNumber}
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </dd>
      </dl>
      <div className="flex flex-wrap gap-3">
        <Form method="post">
          <input type="hidden" name="policyId" value={setup.policyId} />
          <button type="submit" name="intent" value="approve" className={buttonClass()}>
            Approve: start coverage
          </button>
        </Form>
        <Form method="post">
          <input type="hidden" name="policyId" value={setup.policyId} />
          <button type="submit" name="intent" value="correct" className={buttonClass('secondary')}>
            Ask for a correction
          </button>
        </Form>
      </div>
    </Card>
  )
}
