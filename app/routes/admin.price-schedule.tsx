import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { Form } from 'react-router'

import { operatorContext } from '~/auth/session.server'
import { AdminPage } from '~/components/admin/admin-page'
import { Toast } from '~/components/toast'
import { Button, Card, Field, inputClass } from '~/components/ui'
import { NOTICE_EMAIL_MAX_ATTEMPTS } from '~/domain/email'
import { RuleError } from '~/domain/errors'
import { formatDollars, formatLongDate } from '~/domain/format'
import { PRICE_SCHEDULE_MESSAGES } from '~/domain/messages'
import { SCHEDULE_SERVICE_LABELS, SCHEDULE_SERVICES } from '~/domain/price-schedule'
import { publishSchedule, scheduleOverview } from '~/models/shops/price-schedule.server'
import { routeRules } from '~/server/route-rules'
import { redirectWithToast } from '~/toast.server'
import { NOT_FOUND_META, operatorMeta } from '~/utils/meta'
import { answerRefusal, answerSubmission, isNotFound } from '~/utils/refusal'
import { PriceScheduleSchema } from '~/validation/price-schedule'

import type { Route } from './+types/admin.price-schedule'

/**
 * The network's price schedule for shops: the versions published (never edited), each group's answer, and the form
 * that publishes the next version (decision 087). Inside the admin layout, whose guard makes it the operator's only.
 */
export const handle = routeRules({ body: 'form', public: false, pageCache: false, originCheck: true })

export async function loader() {
  const overview = scheduleOverview()
  return {
    ...overview,
    defaults: Object.fromEntries(
      SCHEDULE_SERVICES.map((service) => [service, overview.latest ? formatDollars(overview.latest[service]) : '']),
    ),
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const operator = context.get(operatorContext)
  const submission = parseWithZod(await request.formData(), { schema: PriceScheduleSchema })
  if (submission.status !== 'success') {
    return answerSubmission(submission, { toast: { type: 'error', ...PRICE_SCHEDULE_MESSAGES.correct } })
  }
  const { effectiveOn, ...amounts } = submission.value
  try {
    const schedule = await publishSchedule({ actorId: operator.id, amounts, effectiveOn: effectiveOn ?? null })
    return redirectWithToast('/admin/price-schedule', {
      type: 'success',
      ...PRICE_SCHEDULE_MESSAGES.published(schedule.version, formatLongDate(schedule.effectiveAt)),
    })
  } catch (error) {
    if (!(error instanceof RuleError)) throw error
    return answerRefusal(error, submission)
  }
}

export const meta: Route.MetaFunction = ({ error }) => (isNotFound(error) ? NOT_FOUND_META : operatorMeta('Shop price schedule'))

export default function AdminPriceSchedule({ loaderData, actionData }: Route.ComponentProps) {
  const [form, fields] = useForm({
    id: 'price-schedule',
    lastResult: actionData?.result,
    constraint: getZodConstraint(PriceScheduleSchema),
    defaultValue: { ...loaderData.defaults, effectiveOn: loaderData.isFirst ? '' : loaderData.earliestDay },
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: PriceScheduleSchema }),
  })
  return (
    <AdminPage
      width="narrow"
      title="Shop price schedule"
      sub="What the network pays a partner shop per service. A published version is never edited: publish a new one."
    >
      <Toast toast={actionData?.toast} className="mb-6" />
      <Card role="region" aria-labelledby="publish-heading">
        <h2 id="publish-heading" className="text-lg font-semibold text-slate-900">
          {loaderData.isFirst ? 'Publish the first schedule' : 'Publish a new version'}
        </h2>
        <p className="mt-1 text-sm text-slate-700">
          {loaderData.isFirst
            ? 'The first schedule takes effect at once. Every shop must accept it before it is offered new jobs.'
            : `A new version takes effect at least 30 days after it is published (${formatLongDate(loaderData.earliestDay)} or later). Every shop's staff are e-mailed it now; a shop that has not accepted it by then gets no new jobs from that day.`}
        </p>
        <Form method="post" {...getFormProps(form)} className="mt-4 space-y-4">
          {SCHEDULE_SERVICES.map((service) => {
            const field = fields[service]
            return (
              <Field
                key={service}
                label={`${SCHEDULE_SERVICE_LABELS[service]} ($)`}
                htmlFor={field.id}
                errors={field.errors}
                errorId={field.errorId}
              >
                <input {...getInputProps(field, { type: 'text' })} inputMode="decimal" className={inputClass} />
              </Field>
            )
          })}
          {loaderData.isFirst ? null : (
            <Field
              label="Takes effect on"
              hint={`${formatLongDate(loaderData.earliestDay)} or later`}
              htmlFor={fields.effectiveOn.id}
              errors={fields.effectiveOn.errors}
              errorId={fields.effectiveOn.errorId}
            >
              <input {...getInputProps(fields.effectiveOn, { type: 'date' })} min={loaderData.earliestDay} className={inputClass} />
            </Field>
          )}
          <Button type="submit">Publish version {(loaderData.versions[0]?.version ?? 0) + 1}</Button>
        </Form>
      </Card>
      <Versions versions={loaderData.versions} />
    </AdminPage>
  )
}

function Versions({ versions }: { versions: Route.ComponentProps['loaderData']['versions'] }) {
  if (versions.length === 0) return null
  return (
    <Card className="mt-6" role="region" aria-labelledby="versions-heading">
      <h2 id="versions-heading" className="text-lg font-semibold text-slate-900">
        Versions, newest first
      </h2>
      <ul className="mt-3 divide-y divide-slate-200">
        {versions.map((version) => (
          <li key={version.id} className="space-y-2 py-3 text-sm" data-testid="schedule-version">
            <h3 className="font-medium text-slate-900">
              Version {version.version} · {version.state} · from {formatLongDate(version.effectiveAt)} (published{' '}
              {formatLongDate(version.publishedAt)})
            </h3>
            {/* One price a line: the services read down a list, not across one run-on line. */}
            <ul className="grid gap-x-8 gap-y-0.5 text-slate-700 sm:grid-cols-2" aria-label={`Prices of version ${version.version}`}>
              {version.lines.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
            <p className="text-slate-700">
              Accepted by {version.accepted.length ? version.accepted.join(', ') : 'no shop yet'}
              {version.refused.length ? ` · refused by ${version.refused.join(', ')}` : ''}
              {version.unanswered.length ? ` · no answer from ${version.unanswered.join(', ')}` : ''}
            </p>
            {version.untold ? (
              <p className={version.givenUp ? 'text-red-800' : 'text-slate-700'} data-testid="schedule-untold">
                {`${version.untold} staff ${version.untold === 1 ? 'member has' : 'members have'} not yet been e-mailed this version`}
                {version.givenUp
                  ? ` (${version.givenUp} no longer tried after ${NOTICE_EMAIL_MAX_ATTEMPTS} failures: tell them another way)`
                  : '; it is tried again daily'}
                .
              </p>
            ) : null}
          </li>
        ))}
      </ul>
    </Card>
  )
}

export { GeneralErrorBoundary as ErrorBoundary } from '~/components/error-boundary'
