import { parseWithZod } from '@conform-to/zod/v4'
import { Form } from 'react-router'

import { requireCustomer } from '~/auth/session.server'
import { ClaimFormButtons, WrittenAnswerField } from '~/components/claims/claim-fields'
import { Toast } from '~/components/toast'
import { Card, PageHeading } from '~/components/ui'
import { appealDeadline, canAppeal } from '~/domain/claims'
import { RuleError } from '~/domain/errors'
import { formatLongDate } from '~/domain/format'
import { APPEAL_ONLY_DENIED, APPEAL_REQUIRED, APPEAL_SUBMITTED } from '~/domain/messages'
import { appealClaim } from '~/models/claims/claim-filing.server'
import { getClaimForProfile } from '~/models/claims/claims.server'
import { routeRules } from '~/server/route-rules'
import { redirectWithToast } from '~/toast.server'
import { pageMeta } from '~/utils/meta'
import { useIsPending } from '~/utils/pending'
import { answerErrors, answerSubmission, notFound, refusalOf, resultErrors, resultValues } from '~/utils/refusal'
import { AppealSchema } from '~/validation/claims'

import type { Route } from './+types/customer.claims.$claimId.appeal'

export const handle = routeRules({ body: 'form', public: false, pageCache: false, originCheck: true })

export async function loader({ request, params }: Route.LoaderArgs) {
  const profile = await requireCustomer(request)
  const found = getClaimForProfile(profile.id, params.claimId)
  if (!found) notFound()
  const { claim } = found
  if (!canAppeal(claim)) {
    throw await redirectWithToast('/customer#claims', { type: 'info', ...APPEAL_ONLY_DENIED })
  }
  return {
    claim: { id: claim.id, code: claim.confirmationCode, denialReason: claim.denialReason, deadline: appealDeadline(claim)!.toISOString() },
  }
}

export async function action({ request, params }: Route.ActionArgs) {
  const profile = await requireCustomer(request)
  const formData = await request.formData()
  const submission = parseWithZod(formData, { schema: AppealSchema })
  const appealText = String(formData.get('appealText') ?? '')
  if (submission.status !== 'success') {
    const description = submission.error?.appealText?.[0] ?? APPEAL_REQUIRED.description
    return answerSubmission(submission, { toast: { type: 'error', title: APPEAL_REQUIRED.title, description } })
  }
  try {
    await appealClaim({ profileId: profile.id, claimId: params.claimId, appealText: submission.value.appealText })
  } catch (error) {
    if (error instanceof RuleError) {
      // Every refusal of an appeal is about what it asks: its message shows next to the text.
      const refusal = refusalOf(error, 'appealText')
      return answerErrors(refusal.errors, { toast: refusal.toast, status: refusal.status, values: { appealText } })
    }
    throw error
  }
  return redirectWithToast('/customer#claims', { type: 'success', ...APPEAL_SUBMITTED })
}

export const meta: Route.MetaFunction = () => pageMeta('Appeal a decision', 'Ask us to reconsider a decision on your windshield claim.')

export default function ClaimAppeal({ loaderData, actionData }: Route.ComponentProps) {
  const { claim } = loaderData
  const submitting = useIsPending({ state: 'submitting' })
  const deadline = formatLongDate(claim.deadline)
  const errors = resultErrors(actionData?.result)
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
          <WrittenAnswerField
            name="appealText"
            label="Why should we reconsider?"
            hint="Tell us what we missed. We review appeals within 30 days."
            rows={6}
            value={resultValues(actionData?.result).appealText}
            errors={errors.appealText}
          />
          <ClaimFormButtons submitting={submitting} label="Submit Appeal" />
        </Form>
      </Card>
    </div>
  )
}

export { GeneralErrorBoundary as ErrorBoundary } from '~/components/error-boundary'
