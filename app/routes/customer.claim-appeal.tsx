import { parseWithZod } from '@conform-to/zod/v4'
import { data, Form, Link } from 'react-router'

import { requireCustomer } from '~/auth/session.server'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { Toast, type ToastMessage } from '~/components/toast'
import { buttonClass, Card, Field, inputClass, PageHeading } from '~/components/ui'
import { appealDeadline, canAppeal } from '~/domain/claims'
import { RuleError } from '~/domain/errors'
import { formatLongDate } from '~/domain/format'
import { appealClaim } from '~/models/claim-filing.server'
import { getClaimForProfile } from '~/models/claims.server'
import { routeRules } from '~/route-rules'
import { redirectWithToast } from '~/toast.server'
import { pageMeta } from '~/utils/meta'
import { useIsPending } from '~/utils/pending'
import { notFound, refusalOf } from '~/utils/refusal'
import { AppealSchema } from '~/validation/claims'

import type { Route } from './+types/customer.claim-appeal'

export const handle = routeRules({ body: 'form', public: false, pageCache: false, originCheck: true })

export async function loader({ request, params }: Route.LoaderArgs) {
  const profile = await requireCustomer(request)
  const found = getClaimForProfile(profile.id, params.claimId)
  if (!found) notFound()
  const { claim } = found
  if (!canAppeal(claim)) {
    throw await redirectWithToast('/customer#claims', {
      type: 'info',
      title: 'Appeal Not Possible',
      description: 'Only a denied claim can be appealed, once, within 14 days of the decision.',
    })
  }
  return {
    claim: { id: claim.id, code: claim.confirmationCode, denialReason: claim.denialReason, deadline: appealDeadline(claim)!.toISOString() },
  }
}

type ActionResult = { errors: Record<string, string[]>; toast: ToastMessage; appealText: string }

export async function action({ request, params }: Route.ActionArgs) {
  const profile = await requireCustomer(request)
  const formData = await request.formData()
  const submission = parseWithZod(formData, { schema: AppealSchema })
  const appealText = String(formData.get('appealText') ?? '')
  if (submission.status !== 'success') {
    const errors = (submission.reply().error ?? {}) as Record<string, string[]>
    return data<ActionResult>(
      {
        errors,
        appealText,
        toast: { type: 'error', title: 'Appeal Required', description: errors.appealText?.[0] ?? 'Please check the form.' },
      },
      { status: 400 },
    )
  }
  try {
    await appealClaim({ profileId: profile.id, claimId: params.claimId, appealText: submission.value.appealText })
  } catch (error) {
    if (error instanceof RuleError) {
      const refusal = refusalOf(error, 'appealText')
      return data<ActionResult>({ errors: refusal.errors, appealText, toast: refusal.toast }, { status: refusal.status })
    }
    throw error
  }
  return redirectWithToast('/customer#claims', {
    type: 'success',
    title: 'Appeal Submitted',
    description: 'Your claim is back in review. We decide appeals within 30 days and will e-mail you.',
  })
}

export const meta: Route.MetaFunction = () => pageMeta('Appeal a decision', 'Ask us to reconsider a decision on your windshield claim.')

export default function ClaimAppeal({ loaderData, actionData }: Route.ComponentProps) {
  const { claim } = loaderData
  const submitting = useIsPending({ state: 'submitting' })
  const deadline = formatLongDate(claim.deadline)
  return (
    <div className="mx-auto max-w-2xl px-4 py-12">
      <PageHeading sub={`Claim ${claim.code}. You can appeal until ${deadline}.`}>Appeal the decision</PageHeading>
      <Card className="space-y-6">
        <Toast toast={actionData?.toast} />
        <div>
          <h2 className="text-sm font-semibold text-slate-900">Why the claim was denied</h2>
          <p className="mt-1 whitespace-pre-line text-slate-800" data-testid="denial-reason">
            {claim.denialReason}
          </p>
        </div>
        <Form method="post" className="space-y-4">
          <Field
            label="Why should we reconsider?"
            htmlFor="appealText"
            hint="Tell us what we missed. We review appeals within 30 days."
            errors={actionData?.errors.appealText}
          >
            <textarea
              id="appealText"
              name="appealText"
              rows={6}
              defaultValue={actionData?.appealText}
              className={inputClass}
              aria-invalid={actionData?.errors.appealText ? true : undefined}
              aria-describedby={actionData?.errors.appealText ? 'appealText-error' : undefined}
            />
          </Field>
          <div className="flex flex-wrap justify-end gap-3">
            <Link to="/customer#claims" className={buttonClass('secondary')}>
              Cancel
            </Link>
            <button type="submit" className={buttonClass('primary')} disabled={submitting}>
              {submitting ? 'Submitting...' : 'Submit Appeal'}
            </button>
          </div>
        </Form>
      </Card>
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
