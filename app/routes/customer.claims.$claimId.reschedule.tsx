import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form } from 'react-router'

import { requireCustomer } from '~/auth/session.server'
import { ClaimFormButtons } from '~/components/claims/claim-fields'
import { PreferredTimeFields } from '~/components/shop/preferred-time'
import { Toast } from '~/components/toast'
import { Card, PageHeading } from '~/components/ui'
import { RuleError } from '~/domain/errors'
import { APPOINTMENT_MESSAGES } from '~/domain/messages'
import { describeAppointment } from '~/domain/shops'
import { claimForReschedule, requestReschedule } from '~/models/shops/shop-jobs.server'
import { routeRules } from '~/server/route-rules'
import { redirectWithToast } from '~/toast.server'
import { NOT_FOUND_META, pageMeta } from '~/utils/meta'
import { useIsPending } from '~/utils/pending'
import { answerRefusal, answerSubmission, isNotFound, resultErrors, resultValues } from '~/utils/refusal'
import { RescheduleSchema } from '~/validation/shops'

import type { Route } from './+types/customer.claims.$claimId.reschedule'

export const handle = routeRules({ body: 'form', public: false, pageCache: false, originCheck: true })

/** The customer asks the shop for another time, once: a new day and half day; the shop is e-mailed and gives a time. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const profile = await requireCustomer(request)
  const { claim, shop, refusal, dates } = claimForReschedule(profile.id, params.claimId)
  return data(
    {
      claim: { id: claim.id, code: claim.confirmationCode, appointmentAt: claim.appointmentAt },
      shop,
      refusal,
      dates,
    },
    { headers: { 'Cache-Control': 'no-store' } },
  )
}

export async function action({ request, params }: Route.ActionArgs) {
  const profile = await requireCustomer(request)
  const formData = await request.formData()
  const submission = parseWithZod(formData, { schema: RescheduleSchema })
  if (submission.status !== 'success') {
    // A claim that is not theirs stays a 404 before any message about the form.
    claimForReschedule(profile.id, params.claimId)
    return answerSubmission(submission, { toast: { type: 'error', ...APPOINTMENT_MESSAGES.rescheduleCorrect } })
  }
  try {
    await requestReschedule({ profileId: profile.id, claimId: params.claimId, ...submission.value })
    return redirectWithToast('/customer#claims', { type: 'success', ...APPOINTMENT_MESSAGES.rescheduleAsked })
  } catch (error) {
    if (error instanceof RuleError) return answerRefusal(error, submission)
    throw error
  }
}

export const meta: Route.MetaFunction = ({ error }) =>
  isNotFound(error) ? NOT_FOUND_META : pageMeta('Ask for another time', 'Ask your shop for another appointment time.')

export default function Reschedule({ loaderData, actionData }: Route.ComponentProps) {
  const { claim, shop, refusal, dates } = loaderData
  const errors = resultErrors(actionData?.result)
  const values = resultValues(actionData?.result)
  const submitting = useIsPending({ state: 'submitting' })
  return (
    <div className="mx-auto max-w-2xl px-4 py-12">
      <PageHeading sub={`Claim ${claim.code} · ${shop}`}>Ask for another time</PageHeading>
      <Toast toast={actionData?.toast} className="mb-6" />
      {claim.appointmentAt ? <p className="mb-4 text-slate-800">Your appointment: {describeAppointment(claim.appointmentAt)}.</p> : null}
      {refusal ? (
        <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-950">{refusal}</p>
      ) : (
        <Card>
          <Form method="post" className="space-y-4">
            <p className="text-sm text-slate-700">You can ask for another time once; the shop then gives you a new one.</p>
            <PreferredTimeFields dates={dates} values={values} errors={errors} />
            <ClaimFormButtons submitting={submitting} label="Ask for this time" pendingLabel="Sending..." />
          </Form>
        </Card>
      )}
    </div>
  )
}

export { GeneralErrorBoundary as ErrorBoundary } from '~/components/error-boundary'
