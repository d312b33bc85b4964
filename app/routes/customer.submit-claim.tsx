import { parseWithZod } from '@conform-to/zod/v4'
import { data, redirect, useNavigation } from 'react-router'
import type { Route } from './+types/customer.submit-claim'
import { hit } from '~/auth/rate-limit.server'
import { requireCustomer } from '~/auth/session.server'
import { ClaimSubmitted } from '~/components/claims/claim-submitted'
import { SubmitClaimForm, type SubmitClaimErrors, SubmitClaimHeading } from '~/components/claims/submit-claim-form'
import type { ToastMessage } from '~/components/toast'
import {
  canFileClaim,
  ClaimRuleError,
  FILING_REFUSALS,
  findPolicy,
  getClaimForProfile,
  MAX_CLAIM_PHOTOS,
  notifyClaimSubmitted,
  submitClaim,
  todayIso,
} from '~/models/claims.server'
import { MAX_UPLOAD_BYTES, readMultipartForm, UploadError } from '~/services/storage.server'
import { redirectWithToast } from '~/toast.server'
import { MISSING_INFORMATION, PHOTOS_REQUIRED, SUBMIT_FAILED, SubmitClaimSchema } from '~/validation/claims'

/** Claim submissions per customer per hour: generous for real use, a wall for scripts. */
const SUBMIT_LIMIT = { limit: 10, windowMs: 60 * 60 * 1000 }

export async function loader({ request }: Route.LoaderArgs) {
  const profile = await requireCustomer(request)
  const url = new URL(request.url)
  const policyId = url.searchParams.get('policy_id')
  if (!policyId) throw await redirectWithToast('/customer', { type: 'error', title: 'Error', description: 'No policy ID provided' })

  const claimId = url.searchParams.get('claim')
  if (claimId) {
    // The success screen after the redirect (PRG): only the customer's own claim.
    const found = getClaimForProfile(profile.id, claimId)
    if (!found || found.policy.id !== policyId) throw redirect(`/customer/submit-claim?policy_id=${encodeURIComponent(policyId)}`)
    return { view: 'submitted' as const, claimId: found.claim.id, confirmationCode: found.claim.confirmationCode }
  }

  const policy = findPolicy(policyId)
  const allowed = canFileClaim(policy, profile.id)
  if (!allowed.ok) throw await redirectWithToast('/customer', { type: 'error', ...FILING_REFUSALS[allowed.reason] })
  return { view: 'form' as const, policyId: policy!.id, planType: policy!.planType, today: todayIso(), maxPhotos: MAX_CLAIM_PHOTOS }
}

type ActionResult = { errors: SubmitClaimErrors; values?: Record<string, string>; toast: ToastMessage }

function refuse(status: number, errors: SubmitClaimErrors, toast: ToastMessage, values?: Record<string, string>) {
  return data<ActionResult>({ errors, toast, values }, { status })
}

export async function action({ request }: Route.ActionArgs) {
  const profile = await requireCustomer(request)

  const limited = hit(`claim-submit:${profile.id}`, SUBMIT_LIMIT)
  if (!limited.allowed) {
    return refuse(429, {}, { type: 'error', title: 'Too Many Claims', description: 'You have filed many claims in a short time. Please try again later or contact support.' })
  }

  let form: Awaited<ReturnType<typeof readMultipartForm>>
  try {
    form = await readMultipartForm(request, { maxFiles: MAX_CLAIM_PHOTOS, maxFileBytes: MAX_UPLOAD_BYTES })
  } catch (error) {
    if (error instanceof UploadError) {
      return refuse(error.status, { photos: [error.message] }, { type: 'error', title: 'Upload Failed', description: error.message })
    }
    throw error
  }

  const submission = parseWithZod(form.fields, { schema: SubmitClaimSchema })
  const values = {
    damageType: String(form.fields.get('damageType') ?? ''),
    damageDate: String(form.fields.get('damageDate') ?? ''),
    description: String(form.fields.get('description') ?? ''),
  }
  const photos = form.files.filter((file) => file.fieldName === 'photos')
  const errors: SubmitClaimErrors = submission.status === 'success' ? {} : ((submission.reply().error ?? {}) as SubmitClaimErrors)
  if (!photos.length) errors.photos = [PHOTOS_REQUIRED.description]

  if (submission.status !== 'success' || !photos.length) {
    // One toast, for the first problem in SPEC's order.
    const toast: ToastMessage = errors.policyId
      ? { type: 'error', ...MISSING_INFORMATION }
      : errors.photos
        ? { type: 'error', ...PHOTOS_REQUIRED }
        : errors.description
          ? { type: 'error', title: 'Description Required', description: errors.description[0] }
          : { type: 'error', title: 'Please Check the Form', description: Object.values(errors).flat()[0] ?? SUBMIT_FAILED.description }
    return refuse(400, errors, toast, values)
  }

  const input = submission.value
  try {
    const claim = await submitClaim({ profile, policyId: input.policyId, damageType: input.damageType, description: input.description, damageDate: input.damageDate, photos })
    await notifyClaimSubmitted(claim.id) // never throws: a failed e-mail must not lose the claim
    return redirect(`/customer/submit-claim?policy_id=${encodeURIComponent(claim.policyId)}&claim=${encodeURIComponent(claim.id)}`)
  } catch (error) {
    if (error instanceof ClaimRuleError) {
      return refuse(error.status, { [error.field]: [error.message] }, { type: 'error', title: error.title, description: error.message }, values)
    }
    if (error instanceof UploadError) {
      return refuse(error.status, { photos: [error.message] }, { type: 'error', title: 'Upload Failed', description: error.message }, values)
    }
    console.error(`Claim submission failed for profile ${profile.id}:`, error)
    return refuse(500, {}, { type: 'error', ...SUBMIT_FAILED }, values)
  }
}

export default function SubmitClaim({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation()
  if (loaderData.view === 'submitted') {
    return (
      <div className="mx-auto max-w-2xl px-4 py-12">
        <ClaimSubmitted confirmationCode={loaderData.confirmationCode} claimId={loaderData.claimId} dashboardHref="/customer" />
      </div>
    )
  }
  return (
    <div className="mx-auto max-w-2xl px-4 py-12">
      <SubmitClaimHeading />
      <SubmitClaimForm
        policyId={loaderData.policyId}
        policyNumber={loaderData.policyId}
        planType={loaderData.planType}
        cancelHref="/customer"
        maxDate={loaderData.today}
        maxPhotos={loaderData.maxPhotos}
        submitting={navigation.state === 'submitting' && navigation.formMethod?.toUpperCase() === 'POST'}
        errors={actionData?.errors}
        defaultValues={actionData?.values}
        toast={actionData?.toast}
      />
    </div>
  )
}

export const meta: Route.MetaFunction = () => [{ title: 'Submit a Claim — Glass Plan' }]
