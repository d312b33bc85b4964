import { parseWithZod } from '@conform-to/zod/v4'
import { Form, Link } from 'react-router'

import { operatorContext } from '~/auth/session.server'
import { AdminPage } from '~/components/admin/admin-page'
import { Toast } from '~/components/toast'
import { Button, Card, Field, FieldError, inputClass } from '~/components/ui'
import { formatMomentIn, OPERATOR_ZONES } from '~/domain/calendar'
import { AUTOMATIC_APPROVAL_MODES } from '~/domain/decision-rules'
import { AUTOMATIC_APPROVAL_MESSAGES, CHECK_THE_FORM, OPERATOR_SETTINGS_MESSAGES } from '~/domain/messages'
import { HOW_CLAIMS_ARE_DECIDED_PATH } from '~/domain/paths'
import { decisionSettingsNow, setDecisionSettings } from '~/models/claims/claim-decision.server'
import { operatorZone, setOperatorZone } from '~/models/people/operator.server'
import { routeRules } from '~/server/route-rules'
import { redirectWithToast } from '~/toast.server'
import { NOT_FOUND_META, operatorMeta } from '~/utils/meta'
import { answerSubmission, isNotFound, resultErrors, resultValues } from '~/utils/refusal'
import { AutomaticApprovalSchema, OperatorSettingsSchema } from '~/validation/operator'

import type { Route } from './+types/admin.settings'

export const handle = routeRules({ body: 'form', public: false, pageCache: false, originCheck: true })

export async function loader({ context }: Route.LoaderArgs) {
  const now = new Date()
  // Each zone with the time it shows now, so the operator recognises their own clock.
  return {
    automatic: decisionSettingsNow(),
    modes: AUTOMATIC_APPROVAL_MODES.map((mode) => ({ mode, label: AUTOMATIC_APPROVAL_MESSAGES.modes[mode] })),
    timeZone: operatorZone(context.get(operatorContext)),
    zones: OPERATOR_ZONES.map(([zone, name]) => ({ zone, label: `${name} — ${formatMomentIn(now, zone).split(', ').at(-1)}` })),
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const operator = context.get(operatorContext)
  const form = await request.formData()
  if (form.get('intent') === 'automatic-approval') {
    const automatic = parseWithZod(form, { schema: AutomaticApprovalSchema })
    if (automatic.status !== 'success') {
      return answerSubmission(automatic, { intent: 'automatic-approval', toast: { type: 'error', ...CHECK_THE_FORM } })
    }
    setDecisionSettings(operator.id, { automaticApproval: automatic.value.automaticApproval, dailyCap: automatic.value.dailyCap })
    return redirectWithToast('/admin/settings', { type: 'success', ...AUTOMATIC_APPROVAL_MESSAGES.saved })
  }
  const submission = parseWithZod(form, { schema: OperatorSettingsSchema })
  if (submission.status !== 'success') return answerSubmission(submission, { toast: { type: 'error', ...CHECK_THE_FORM } })
  setOperatorZone(operator.id, submission.value.timeZone)
  const name = OPERATOR_ZONES.find(([zone]) => zone === submission.value.timeZone)![1]
  return redirectWithToast('/admin/settings', { type: 'success', ...OPERATOR_SETTINGS_MESSAGES.saved(name) })
}

export const meta: Route.MetaFunction = ({ error }) => (isNotFound(error) ? NOT_FOUND_META : operatorMeta('Settings'))

export default function AdminSettings({ loaderData, actionData }: Route.ComponentProps) {
  const automaticAnswer = actionData && 'intent' in actionData && actionData.intent === 'automatic-approval'
  const errors = automaticAnswer ? {} : resultErrors(actionData?.result)
  const automaticErrors = automaticAnswer ? resultErrors(actionData?.result) : {}
  const sent = automaticAnswer ? resultValues(actionData?.result) : {}
  return (
    <AdminPage width="narrow" title="Settings" sub="How the console shows things to you, and what the decision rules may approve.">
      <Toast toast={actionData?.toast} className="mb-6" />
      <Card className="mb-6">
        <h2 className="text-lg font-semibold text-slate-900">Automatic approval</h2>
        <p className="mt-1 text-sm text-slate-700">
          The published rules approve a claim the moment it is filed when every rule holds; they never deny. Every other claim waits for you
          with the reasons.{' '}
          <Link to={HOW_CLAIMS_ARE_DECIDED_PATH} className="text-brand-700 underline">
            How claims are decided
          </Link>
        </p>
        <Form method="post" className="mt-4 space-y-4">
          <input type="hidden" name="intent" value="automatic-approval" />
          <fieldset className="space-y-1.5" aria-describedby={automaticErrors.automaticApproval ? 'automaticApproval-error' : undefined}>
            <legend className="block text-sm font-medium text-slate-900">What the rules may approve</legend>
            {loaderData.modes.map(({ mode, label }) => (
              <label key={mode} className="flex min-h-11 items-center gap-2 text-slate-900">
                <input
                  type="radio"
                  name="automaticApproval"
                  value={mode}
                  defaultChecked={(sent.automaticApproval ?? loaderData.automatic.automaticApproval) === mode}
                  className="size-4"
                />
                {label}
              </label>
            ))}
            <FieldError id="automaticApproval-error" errors={automaticErrors.automaticApproval} />
          </fieldset>
          <Field
            label="Daily cap"
            htmlFor="dailyCap"
            hint="At most this many claims a day (UTC) are approved automatically; the rest wait for you. 0 approves none."
            errors={automaticErrors.dailyCap}
          >
            <input
              id="dailyCap"
              name="dailyCap"
              inputMode="numeric"
              defaultValue={sent.dailyCap ?? String(loaderData.automatic.dailyCap)}
              className={inputClass}
              aria-describedby={automaticErrors.dailyCap ? 'dailyCap-error' : undefined}
              aria-invalid={automaticErrors.dailyCap ? true : undefined}
            />
          </Field>
          <Button type="submit">Save automatic approval</Button>
        </Form>
      </Card>
      <Card>
        <Form method="post" className="space-y-4">
          <Field
            label="Time zone"
            htmlFor="timeZone"
            hint="Times in the console (queues, history, deadlines) are shown in this zone, with its abbreviation. A shop's appointment stays in the shop's own time."
            errors={errors.timeZone}
          >
            <select
              id="timeZone"
              name="timeZone"
              defaultValue={loaderData.timeZone}
              className={inputClass}
              aria-describedby={errors.timeZone ? 'timeZone-error' : undefined}
              aria-invalid={errors.timeZone ? true : undefined}
            >
              {loaderData.zones.map(({ zone, label }) => (
                <option key={zone} value={zone}>
                  {label}
                </option>
              ))}
            </select>
          </Field>
          <Button type="submit">Save settings</Button>
        </Form>
      </Card>
    </AdminPage>
  )
}

export { GeneralErrorBoundary as ErrorBoundary } from '~/components/error-boundary'
