import { parseWithZod } from '@conform-to/zod/v4'
import { Form } from 'react-router'

import { operatorContext } from '~/auth/session.server'
import { AdminPage } from '~/components/admin/admin-page'
import { Toast } from '~/components/toast'
import { Badge, buttonClass, Card, FieldError, inputClass } from '~/components/ui'
import type { ShopApplication } from '~/db/schema'
import { RuleError } from '~/domain/errors'
import { formatLongDate } from '~/domain/format'
import { SHOP_APPLICATION_MESSAGES } from '~/domain/messages'
import { formatPhone } from '~/domain/phones'
import { SHOP_APPLICATION_STATUS_LABELS } from '~/domain/shops'
import { approveShopApplication, declineShopApplication, shopApplicationsForReview } from '~/models/shops/shop-applications.server'
import { routeRules } from '~/server/route-rules'
import { redirectWithToast } from '~/toast.server'
import { NOT_FOUND_META, operatorMeta } from '~/utils/meta'
import { type ActionAnswer, answerRefusal, answerSubmission, isNotFound, resultErrors } from '~/utils/refusal'
import { MAX_LENGTH } from '~/validation/lengths'
import { ApplicationDecisionSchema } from '~/validation/shop-applications'

import type { Route } from './+types/admin.applications'

export const handle = routeRules({ body: 'form', public: false, pageCache: false, originCheck: true })

const PAGE = '/admin/applications'

export async function loader() {
  return shopApplicationsForReview()
}

export async function action({ request, context }: Route.ActionArgs) {
  const operator = context.get(operatorContext)
  const formData = await request.formData()
  const submission = parseWithZod(formData, { schema: ApplicationDecisionSchema })
  if (submission.status !== 'success') {
    return answerSubmission(submission, {
      id: String(formData.get('id') ?? ''),
      toast: { type: 'error', ...SHOP_APPLICATION_MESSAGES.correct },
    })
  }
  const value = submission.value
  try {
    if (value.intent === 'approve') {
      // A second post (a double click) lands on the same page with the same answer, creating nothing.
      const { group } = await approveShopApplication({ id: value.id, actorId: operator.id })
      return redirectWithToast(PAGE, { type: 'success', ...SHOP_APPLICATION_MESSAGES.approved(group.name) })
    }
    const application = await declineShopApplication({ id: value.id, actorId: operator.id, reason: value.reason })
    return redirectWithToast(PAGE, { type: 'success', ...SHOP_APPLICATION_MESSAGES.declined(application.businessName) })
  } catch (error) {
    if (error instanceof RuleError) return answerRefusal(error, submission, { id: value.id })
    throw error
  }
}

export default function AdminApplications({ loaderData, actionData }: Route.ComponentProps) {
  const { pending, decided } = loaderData
  const answer = actionData as (ActionAnswer & { id?: string }) | undefined
  return (
    <AdminPage title="Applications to join" sub="Shops that applied on the public Join the network page, oldest first.">
      <Toast toast={answer?.toast} className="mb-6" />
      {pending.length === 0 ? <p className="text-slate-700">No applications wait for review.</p> : null}
      <ol className="space-y-4">
        {pending.map((application) => (
          <li key={application.id}>
            <ApplicationCard
              application={application}
              errors={answer?.id === application.id ? (resultErrors(answer.result) as Record<string, string[] | undefined>) : {}}
            />
          </li>
        ))}
      </ol>
      {decided.length > 0 ? (
        <section aria-labelledby="decided-heading" className="mt-10">
          <h2 id="decided-heading" className="mb-3 text-xl font-semibold text-slate-900">
            Decided
          </h2>
          <ul className="space-y-2 text-sm">
            {decided.map((application) => (
              <li key={application.id} data-testid="decided-application">
                <span className="font-medium text-slate-900">{application.businessName}</span> ·{' '}
                <Badge tone={application.status === 'approved' ? 'success' : 'neutral'}>
                  {SHOP_APPLICATION_STATUS_LABELS[application.status]}
                </Badge>{' '}
                · {formatLongDate(application.decidedAt)}
                {application.declineReason ? <> · {application.declineReason}</> : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </AdminPage>
  )
}

function ApplicationCard({ application, errors }: { application: ShopApplication; errors: Record<string, string[] | undefined> }) {
  const services = [
    application.offersChipRepair && 'Chip repair',
    application.offersReplacement && 'Replacement',
    application.offersCalibration && 'ADAS calibration',
    application.mobileService && 'Mobile service',
  ].filter(Boolean)
  const reasonId = `reason-${application.id}`
  return (
    <Card className="space-y-3" data-testid="application" role="group" aria-label={application.businessName}>
      <h2 className="text-lg font-semibold text-slate-900">{application.businessName}</h2>
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1 text-sm">
        <dt className="text-slate-600">Applied</dt>
        <dd>{formatLongDate(application.createdAt)}</dd>
        <dt className="text-slate-600">Contact</dt>
        <dd>
          {application.contactName} · {application.email} · {formatPhone(application.phone)}
        </dd>
        <dt className="text-slate-600">Locations</dt>
        <dd>
          <ul>
            {application.locations.map((location) => (
              <li key={`${location.name}-${location.zip}`}>
                {location.name}: {location.address}, {location.city}, {location.state} {location.zip}
              </li>
            ))}
          </ul>
        </dd>
        <dt className="text-slate-600">Insurance</dt>
        <dd>
          {application.insuranceCarrier}, policy {application.insurancePolicyNumber}, until {formatLongDate(application.insuranceExpiresOn)}
        </dd>
        <dt className="text-slate-600">Certifications</dt>
        <dd className="whitespace-pre-line">{application.certifications ?? '—'}</dd>
        <dt className="text-slate-600">Services</dt>
        <dd>{services.join(', ')}</dd>
      </dl>
      <FieldError id={`form-${application.id}-error`} errors={errors.form} />
      <div className="flex flex-wrap items-start gap-6 border-t border-slate-200 pt-3">
        <Form method="post">
          <input type="hidden" name="intent" value="approve" />
          <input type="hidden" name="id" value={application.id} />
          <button type="submit" className={buttonClass('primary')}>
            Approve and create the group
          </button>
        </Form>
        <Form method="post" className="min-w-64 flex-1 space-y-2">
          <input type="hidden" name="intent" value="decline" />
          <input type="hidden" name="id" value={application.id} />
          <label htmlFor={reasonId} className="block text-sm font-medium text-slate-900">
            Reason for declining (the applicant reads it)
          </label>
          <textarea
            id={reasonId}
            name="reason"
            rows={2}
            maxLength={MAX_LENGTH.reason}
            required
            aria-invalid={errors.reason ? true : undefined}
            aria-describedby={errors.reason ? `${reasonId}-error` : undefined}
            className={inputClass}
          />
          <FieldError id={`${reasonId}-error`} errors={errors.reason} />
          <button type="submit" className={buttonClass('secondary')}>
            Decline
          </button>
        </Form>
      </div>
    </Card>
  )
}

export const meta: Route.MetaFunction = ({ error }) => (isNotFound(error) ? NOT_FOUND_META : operatorMeta('Applications to join'))

export { GeneralErrorBoundary as ErrorBoundary } from '~/components/error-boundary'
