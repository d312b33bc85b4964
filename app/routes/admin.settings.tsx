import { parseWithZod } from '@conform-to/zod/v4'
import { Form } from 'react-router'

import { operatorContext } from '~/auth/session.server'
import { AdminPage } from '~/components/admin/admin-page'
import { GeneralErrorBoundary, isNotFound } from '~/components/error-boundary'
import { Toast } from '~/components/toast'
import { Button, Card, Field, inputClass } from '~/components/ui'
import { formatMomentIn, OPERATOR_ZONES } from '~/domain/calendar'
import { CHECK_THE_FORM, OPERATOR_SETTINGS_MESSAGES } from '~/domain/messages'
import { operatorZone, setOperatorZone } from '~/models/operator.server'
import { routeRules } from '~/route-rules'
import { redirectWithToast } from '~/toast.server'
import { NOT_FOUND_META, operatorMeta } from '~/utils/meta'
import { answerSubmission, resultErrors } from '~/utils/refusal'
import { OperatorSettingsSchema } from '~/validation/operator'

import type { Route } from './+types/admin.settings'

export const handle = routeRules({ body: 'form', public: false, pageCache: false, originCheck: true })

export async function loader({ context }: Route.LoaderArgs) {
  const now = new Date()
  // Each zone with the time it shows now, so the operator recognises their own clock.
  return {
    timeZone: operatorZone(context.get(operatorContext)),
    zones: OPERATOR_ZONES.map(([zone, name]) => ({ zone, label: `${name} — ${formatMomentIn(now, zone).split(', ').at(-1)}` })),
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const operator = context.get(operatorContext)
  const submission = parseWithZod(await request.formData(), { schema: OperatorSettingsSchema })
  if (submission.status !== 'success') return answerSubmission(submission, { toast: { type: 'error', ...CHECK_THE_FORM } })
  setOperatorZone(operator.id, submission.value.timeZone)
  const name = OPERATOR_ZONES.find(([zone]) => zone === submission.value.timeZone)![1]
  return redirectWithToast('/admin/settings', { type: 'success', ...OPERATOR_SETTINGS_MESSAGES.saved(name) })
}

export const meta: Route.MetaFunction = ({ error }) => (isNotFound(error) ? NOT_FOUND_META : operatorMeta('Settings'))

export default function AdminSettings({ loaderData, actionData }: Route.ComponentProps) {
  const errors = resultErrors(actionData?.result)
  return (
    <AdminPage width="narrow" title="Settings" sub="How the console shows things to you.">
      <Toast toast={actionData?.toast} className="mb-6" />
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

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
