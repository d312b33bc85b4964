import { type FormEvent, useEffect, useState } from 'react'
import { redirect } from 'react-router'

import { ClaimSubmitted } from '~/components/claims/claim-submitted'
import { SubmitClaimPage } from '~/components/claims/submit-claim-form'
import { chosenPhotos } from '~/components/demo/claim-check'
import {
  DEMO_DELAYS,
  DEMO_SUBMITTED_CODE,
  demoDashboardPath,
  demoPlanType,
  demoPolicyShown,
  demoSubmitClaimPath,
  findDemoPolicy,
} from '~/components/demo/sample-data'
import { todayIso } from '~/domain/format'
import { canFileClaim } from '~/domain/policies'
import { MAX_CLAIM_PHOTOS } from '~/domain/uploads'
import { routeRules } from '~/server/route-rules'
import { readMultipartFormOrRefusal } from '~/services/multipart.server'
import { pageMeta } from '~/utils/meta'
import { type ActionAnswer, answerErrors, answerUploadRefused, refusedResult } from '~/utils/refusal'
import { checkClaimForm, claimFormValues } from '~/validation/claims'

import type { Route } from './+types/demo.submit-claim'

export const handle = routeRules({ body: 'upload', public: true, pageCache: false, originCheck: true })

/**
 * The demo's claim form: the real form over a sample policy. With JavaScript the submission is
 * checked and "sent" in the browser (2 seconds); without it the form posts to this action, which drops the photos
 * unread and answers with the real success screen and a sample code (docs/decisions/012-demo.md). Nothing is saved.
 */

/** The sample policy in the URL, if a claim may be filed on it; otherwise back to the demo dashboard. */
function policyFor(request: Request) {
  const policy = findDemoPolicy(new URL(request.url).searchParams.get('policy_id'))
  if (!policy || !canFileClaim(demoPolicyShown(policy))) throw redirect(demoDashboardPath())
  return policy
}

export function loader({ request }: Route.LoaderArgs) {
  const policy = policyFor(request)
  const submitted = new URL(request.url).searchParams.get('submitted') === '1'
  return {
    policyId: policy.id,
    policyNumber: policy.policyNumber,
    planType: demoPlanType(policy),
    today: todayIso(),
    maxPhotos: MAX_CLAIM_PHOTOS,
    submitted,
  }
}

export async function action({ request }: Route.ActionArgs) {
  const policy = policyFor(request)
  const { form, refused } = await readMultipartFormOrRefusal(request, { maxFiles: MAX_CLAIM_PHOTOS, keepBytes: false })
  if (refused) return answerUploadRefused(refused, { values: refused.fieldsRead && claimFormValues(refused.fieldsRead) })
  const photos = form.files.filter((file) => file.fieldName === 'photos')
  const check = checkClaimForm(form.fields, photos.length, demoPlanType(policy))
  if (!check.ok) return answerErrors(check.errors, { toast: check.toast, values: check.values })
  // The echo: the success screen, as after a real submission (PRG). No claim, no photos, no e-mail.
  throw redirect(demoSubmitClaimPath(policy.id, true))
}

type Sending = { state: 'idle' } | { state: 'sending' } | { state: 'sent' }

export default function DemoSubmitClaim({ loaderData, actionData }: Route.ComponentProps) {
  const [sending, setSending] = useState<Sending>({ state: 'idle' })
  const [answer, setAnswer] = useState<ActionAnswer | null>(null)

  useEffect(() => {
    if (sending.state !== 'sending') return
    const timer = setTimeout(() => setSending({ state: 'sent' }), DEMO_DELAYS.submit)
    return () => clearTimeout(timer)
  }, [sending])

  if (loaderData.submitted || sending.state === 'sent') {
    return (
      <div className="mx-auto max-w-2xl px-4 py-12">
        <ClaimSubmitted confirmationCode={DEMO_SUBMITTED_CODE} dashboardHref={demoDashboardPath()} />
      </div>
    )
  }

  // With JavaScript: the same checks as the action, then the demo's 2-second "submission" without a request.
  function simulate(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const fields = new FormData(event.currentTarget)
    const check = checkClaimForm(fields, chosenPhotos(fields).length, loaderData.planType)
    if (!check.ok) {
      setAnswer({ result: refusedResult(check.errors, check.values), toast: check.toast })
      return
    }
    setAnswer(null)
    setSending({ state: 'sending' })
  }

  const shown = answer ?? actionData ?? null
  return (
    <SubmitClaimPage
      policyId={loaderData.policyId}
      policyNumber={loaderData.policyNumber}
      planType={loaderData.planType}
      action={demoSubmitClaimPath(loaderData.policyId)}
      cancelHref={demoDashboardPath()}
      maxDate={loaderData.today}
      maxPhotos={loaderData.maxPhotos}
      submitting={sending.state === 'sending'}
      result={shown?.result}
      toast={shown?.toast}
      onSubmit={simulate}
    />
  )
}

export const meta: Route.MetaFunction = () =>
  pageMeta('Demo: Submit a Claim', 'Try filing a windshield claim on Glass Plan with sample data: nothing is sent.')

export { GeneralErrorBoundary as ErrorBoundary } from '~/components/error-boundary'
