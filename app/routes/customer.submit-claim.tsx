import { redirect } from 'react-router'

import { allowClaimSubmission } from '~/auth/claim-limits.server'
import { publicClientNetwork } from '~/auth/rate-limit.server'
import { requireCustomer } from '~/auth/session.server'
import { ClaimSubmitted } from '~/components/claims/claim-submitted'
import { SubmitClaimPage } from '~/components/claims/submit-claim-form'
import { dayOf } from '~/domain/calendar'
import { CLAIM_DEADLINE_HOURS } from '~/domain/claims'
import { damageAnswersOf } from '~/domain/damage-answers'
import { RuleError } from '~/domain/errors'
import { IMAGES_BUSY, NO_POLICY_ID, STORM_MESSAGES, SUBMIT_FAILED, TOO_MANY_CLAIMS } from '~/domain/messages'
import { chooseShopPath } from '~/domain/paths'
import { claimFilingRefusal } from '~/domain/policies'
import { stormWindowInWords } from '~/domain/storms'
import { MAX_CLAIM_PHOTOS, MAX_UPLOAD_BYTES } from '~/domain/uploads'
import { logger } from '~/logger.server'
import { FILING_REFUSALS, notifyClaimSubmitted, submitClaim } from '~/models/claims/claim-filing.server'
import { getClaimForProfile } from '~/models/claims/claims.server'
import { savedZipOf } from '~/models/claims/shop-choice.server'
import { getStormEvent, openStormWindowsAt, vehiclePlaceOnFile } from '~/models/claims/storms.server'
import { getPolicyForProfile, zoneOfCustomerPolicy } from '~/models/policies/policies.server'
import { routeRules } from '~/server/route-rules'
import { clientIp } from '~/server/server-facts.server'
import { ImageQueueFull } from '~/services/image-queue.server'
import { readMultipartFormOrRefusal, UploadError } from '~/services/multipart.server'
import { redirectWithToast } from '~/toast.server'
import { pageMeta } from '~/utils/meta'
import { useIsPending } from '~/utils/pending'
import { answerErrors, answerRefusal, answerUploadRefused, isNotFound, notFound } from '~/utils/refusal'
import { checkClaimForm, claimFormValues } from '~/validation/claims'

import type { Route } from './+types/customer.submit-claim'

export const handle = routeRules({ body: 'upload', public: false, pageCache: false, originCheck: true })

export async function loader({ request }: Route.LoaderArgs) {
  const profile = await requireCustomer(request)
  const url = new URL(request.url)
  const policyId = url.searchParams.get('policy_id')
  if (!policyId) throw await redirectWithToast('/customer', { type: 'error', title: 'Error', description: NO_POLICY_ID })

  const claimId = url.searchParams.get('claim')
  if (claimId) {
    // The success screen after the redirect (PRG): only the customer's own claim; anyone else's is the 404 page.
    const found = getClaimForProfile(profile.id, claimId)
    if (!found || found.policy.id !== policyId) notFound()
    const { claim } = found
    return {
      view: 'submitted' as const,
      confirmationCode: claim.confirmationCode,
      // Approved by the rules, with no shop chosen yet: the screen says so and offers the choice at once.
      approvedByRules:
        claim.approvalStatus === 'approved' && claim.decidedByRulesVersion
          ? { version: claim.decidedByRulesVersion, chooseShopHref: chooseShopPath(claim.id) }
          : null,
      lateNotice: claim.filedLate ? STORM_MESSAGES.filedLate(filingWindowOf(claim)) : null,
    }
  }

  const policy = getPolicyForProfile(profile.id, policyId)
  const refused = claimFilingRefusal(policy, profile.id)
  // An unknown policy and another customer's (a previous owner's too) are the same 404 page (decision 031).
  if (refused === 'not_found') notFound()
  if (refused) throw await redirectWithToast('/customer', { type: 'error', ...FILING_REFUSALS[refused] })
  return {
    view: 'form' as const,
    policyId: policy!.id,
    policyNumber: policy!.policyNumber,
    planType: policy!.planType,
    // The day the customer's own clock shows: at 11 PM in Chicago the UTC day is already tomorrow.
    today: dayOf(new Date(), zoneOfCustomerPolicy(policy!)),
    maxPhotos: MAX_CLAIM_PHOTOS,
    savedZip: savedZipOf(profile.id),
    // Only the storms over the customer's own place: the form never lists other places' storm ZIPs to everyone.
    stormWindows: openStormWindowsAt(vehiclePlaceOnFile(profile.id)).map(stormWindowInWords),
  }
}

/** The window the claim was held to, in words: a declared storm's days, or the usual 48 hours. */
function filingWindowOf(claim: { stormEventId: string | null }) {
  const storm = claim.stormEventId ? getStormEvent(claim.stormEventId) : null
  return storm ? `${storm.filingDays} days (the window for ${storm.name})` : `${CLAIM_DEADLINE_HOURS} hours`
}

export async function action({ request, context }: Route.ActionArgs) {
  const profile = await requireCustomer(request)

  const limited = allowClaimSubmission(profile.id)
  if (!limited.allowed) {
    return answerErrors({}, { status: 429, toast: { type: 'error', ...TOO_MANY_CLAIMS } })
  }

  const { form, refused } = await readMultipartFormOrRefusal(request, { maxFiles: MAX_CLAIM_PHOTOS, maxFileBytes: MAX_UPLOAD_BYTES })
  if (refused) return answerUploadRefused(refused, { values: refused.fieldsRead && claimFormValues(refused.fieldsRead) })

  const values = claimFormValues(form.fields)
  const photos = form.files.filter((file) => file.fieldName === 'photos')
  // The plan decides which damage is covered. Another customer's (or no) policy is the 404 page before anything is
  // checked or stored; the uploaded files were only read, never kept.
  const ownPolicy = getPolicyForProfile(profile.id, String(form.fields.get('policyId') ?? ''))
  if (!ownPolicy) notFound()
  const check = checkClaimForm(form.fields, photos.length, ownPolicy.planType)
  if (!check.ok) return answerErrors(check.errors, { toast: check.toast, values: check.values })

  const input = check.value
  try {
    const claim = await submitClaim({
      profile,
      policyId: input.policyId,
      damageType: input.damageType,
      description: input.description,
      damageDate: input.damageDate,
      ...damageAnswersOf(input),
      vehicleZip: input.vehicleZip,
      photos,
      network: publicClientNetwork(clientIp({ request, context })) ?? undefined,
    })
    await notifyClaimSubmitted(claim.id) // never throws: a failed e-mail must not lose the claim
    return redirect(`/customer/submit-claim?policy_id=${encodeURIComponent(claim.policyId)}&claim=${encodeURIComponent(claim.id)}`)
  } catch (error) {
    if (error instanceof RuleError) return answerRefusal(error, { values })
    // The policy passed to someone else between the check above and the filing: the same 404.
    if (isNotFound(error)) throw error
    if (error instanceof UploadError) return answerUploadRefused(error, { values })
    if (error instanceof ImageQueueFull) {
      // Nothing was filed: the customer sends the same form again in a few seconds.
      return answerErrors(
        { photos: [IMAGES_BUSY.description] },
        { status: 503, values, toast: { type: 'error', ...IMAGES_BUSY }, headers: { 'Retry-After': String(error.retryAfterSeconds) } },
      )
    }
    logger.error({ profileId: profile.id, err: error }, 'claim submission failed')
    return answerErrors({}, { status: 500, values, toast: { type: 'error', ...SUBMIT_FAILED } })
  }
}

export default function SubmitClaim({ loaderData, actionData }: Route.ComponentProps) {
  const submitting = useIsPending({ state: 'submitting' })
  if (loaderData.view === 'submitted') {
    return (
      <div className="mx-auto max-w-2xl px-4 py-12">
        <ClaimSubmitted
          confirmationCode={loaderData.confirmationCode}
          dashboardHref="/customer"
          approvedByRules={loaderData.approvedByRules}
          lateNotice={loaderData.lateNotice}
        />
      </div>
    )
  }
  return (
    <SubmitClaimPage
      policyId={loaderData.policyId}
      policyNumber={loaderData.policyNumber}
      planType={loaderData.planType}
      cancelHref="/customer"
      maxDate={loaderData.today}
      maxPhotos={loaderData.maxPhotos}
      savedZip={loaderData.savedZip}
      stormWindows={loaderData.stormWindows}
      submitting={submitting}
      result={actionData?.result}
      toast={actionData?.toast}
    />
  )
}

export const meta: Route.MetaFunction = () => pageMeta('Submit a Claim', 'Report windshield damage with photos: we answer within 48 hours.')

export { GeneralErrorBoundary as ErrorBoundary } from '~/components/error-boundary'
