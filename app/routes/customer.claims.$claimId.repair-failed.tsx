import { parseWithZod } from '@conform-to/zod/v4'
import { Form } from 'react-router'

import { allowClaimSubmission } from '~/auth/claim-limits.server'
import { publicClientNetwork } from '~/auth/rate-limit.server'
import { requireCustomer } from '~/auth/session.server'
import { ClaimFormButtons, ClaimPhotosField, DamageAnswerQuestion, WrittenAnswerField } from '~/components/claims/claim-fields'
import { Toast } from '~/components/toast'
import { Card, Field, inputClass, PageHeading } from '~/components/ui'
import { dayOf } from '~/domain/calendar'
import { REPAIR_GUARANTEE_MONTHS, repairGuaranteeEnds } from '~/domain/claims'
import { DAMAGE_ANSWER, REPAIR_FAILURE_ANSWER_NAMES } from '~/domain/damage-answers'
import { RuleError } from '~/domain/errors'
import { formatLongDate } from '~/domain/format'
import { IMAGES_BUSY, PHOTOS_REQUIRED, REPAIR_FAILURE_MESSAGES, SUBMIT_FAILED, TOO_MANY_CLAIMS } from '~/domain/messages'
import { MAX_CLAIM_PHOTOS, MAX_UPLOAD_BYTES } from '~/domain/uploads'
import { logger } from '~/logger.server'
import { fileRepairFailure, guaranteeOpenFor, notifyClaimSubmitted } from '~/models/claims/claim-filing.server'
import { zoneOfCustomerPolicy } from '~/models/policies/policies.server'
import { routeRules } from '~/server/route-rules'
import { clientIp } from '~/server/server-facts.server'
import { ImageQueueFull } from '~/services/image-queue.server'
import { readMultipartFormOrRefusal, UploadError } from '~/services/multipart.server'
import { redirectWithToast } from '~/toast.server'
import { pageMeta } from '~/utils/meta'
import { useIsPending } from '~/utils/pending'
import { answerErrors, answerRefusal, answerUploadRefused, isNotFound, resultErrors, resultValues } from '~/utils/refusal'
import { RepairFailureSchema, sentAnswers } from '~/validation/claims'

import type { Route } from './+types/customer.claims.$claimId.repair-failed'

export const handle = routeRules({ body: 'upload', public: false, pageCache: false, originCheck: true })

/**
 * "My repair failed": a chip we repaired that cracked within the guarantee is filed from the repaired claim, with
 * photos. Another customer's claim is a 404; a claim that was no repair, or whose guarantee ended, goes back to the
 * dashboard with the reason.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const profile = await requireCustomer(request)
  let repaired: ReturnType<typeof guaranteeOpenFor>['claim']
  let policy: ReturnType<typeof guaranteeOpenFor>['policy']
  try {
    ;({ claim: repaired, policy } = guaranteeOpenFor(profile.id, params.claimId))
  } catch (error) {
    if (error instanceof RuleError) {
      throw await redirectWithToast('/customer#claims', { type: 'info', title: error.title, description: error.message })
    }
    throw error
  }
  return {
    claim: {
      code: repaired.confirmationCode,
      repairedOn: repaired.completedAt!,
      guaranteeEnds: repairGuaranteeEnds(repaired)!.toISOString(),
    },
    // The day the customer's own clock shows, as on the claim form and in the server's check (fileClaim).
    today: dayOf(new Date(), zoneOfCustomerPolicy(policy)),
    maxPhotos: MAX_CLAIM_PHOTOS,
  }
}

/** What the customer sent, to show again with a refusal. */
function repairFailureValues(fields: FormData) {
  return {
    description: String(fields.get('description') ?? ''),
    damageDate: String(fields.get('damageDate') ?? ''),
    ...sentAnswers(fields, REPAIR_FAILURE_ANSWER_NAMES),
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const profile = await requireCustomer(request)
  const limited = allowClaimSubmission(profile.id)
  if (!limited.allowed) return answerErrors({}, { status: 429, toast: { type: 'error', ...TOO_MANY_CLAIMS } })

  const { form, refused } = await readMultipartFormOrRefusal(request, { maxFiles: MAX_CLAIM_PHOTOS, maxFileBytes: MAX_UPLOAD_BYTES })
  if (refused) return answerUploadRefused(refused, { values: refused.fieldsRead && repairFailureValues(refused.fieldsRead) })
  const values = repairFailureValues(form.fields)
  const photos = form.files.filter((file) => file.fieldName === 'photos')
  const submission = parseWithZod(form.fields, { schema: RepairFailureSchema })
  const errors: Record<string, string[]> =
    submission.status === 'success' ? {} : ((submission.reply().error ?? {}) as Record<string, string[]>)
  if (photos.length === 0) errors.photos = [PHOTOS_REQUIRED.description]
  if (submission.status !== 'success' || errors.photos) {
    const first = Object.values(errors).find((list) => list?.length)?.[0]
    return answerErrors(errors, {
      values,
      toast: { type: 'error', title: SUBMIT_FAILED.title, description: first ?? SUBMIT_FAILED.description },
    })
  }
  try {
    const claim = await fileRepairFailure({
      profile,
      repairedClaimId: params.claimId,
      ...submission.value,
      photos,
      network: publicClientNetwork(clientIp({ request, context })) ?? undefined,
    })
    await notifyClaimSubmitted(claim.id) // never throws: a failed e-mail must not lose the claim
    return redirectWithToast('/customer#claims', { type: 'success', ...REPAIR_FAILURE_MESSAGES.filed })
  } catch (error) {
    if (error instanceof RuleError) return answerRefusal(error, { values })
    if (error instanceof UploadError) return answerUploadRefused(error, { values })
    if (error instanceof ImageQueueFull) {
      return answerErrors(
        { photos: [IMAGES_BUSY.description] },
        { status: 503, values, toast: { type: 'error', ...IMAGES_BUSY }, headers: { 'Retry-After': String(error.retryAfterSeconds) } },
      )
    }
    // Another customer's claim (or none): the 404 passes through untouched.
    if (isNotFound(error)) throw error
    logger.error({ profileId: profile.id, err: error }, 'repair-failure claim failed')
    return answerErrors({}, { status: 500, values, toast: { type: 'error', ...SUBMIT_FAILED } })
  }
}

export const meta: Route.MetaFunction = () => pageMeta('My repair failed', 'A chip we repaired cracked: the replacement is guaranteed.')

export default function RepairFailed({ loaderData, actionData }: Route.ComponentProps) {
  const { claim } = loaderData
  const submitting = useIsPending({ state: 'submitting' })
  const errors = resultErrors(actionData?.result)
  const values = resultValues(actionData?.result)
  return (
    <div className="mx-auto max-w-2xl px-4 py-12">
      <PageHeading
        sub={`The chip repaired under claim ${claim.code} on ${formatLongDate(claim.repairedOn)} is guaranteed for ${REPAIR_GUARANTEE_MONTHS} months, until ${formatLongDate(claim.guaranteeEnds)}.`}
      >
        My repair failed
      </PageHeading>
      <Card className="space-y-6">
        <Toast toast={actionData?.toast} />
        <p className="text-sm text-slate-800">
          If the repaired chip has cracked, the replacement is covered on your plan (Chip Repair Only too) and does not use your plan year’s
          replacement. Tell us what happened and add photos of the crack.
        </p>
        <Form method="post" encType="multipart/form-data" className="space-y-6">
          <Field label="When did you notice the crack?" htmlFor="damageDate" errors={errors.damageDate}>
            <input
              id="damageDate"
              name="damageDate"
              type="date"
              max={loaderData.today}
              defaultValue={values.damageDate}
              className={inputClass}
              aria-invalid={errors.damageDate ? true : undefined}
              aria-describedby={errors.damageDate ? 'damageDate-error' : undefined}
            />
          </Field>
          {REPAIR_FAILURE_ANSWER_NAMES.map((name) => (
            <DamageAnswerQuestion key={name} answer={DAMAGE_ANSWER[name]} chosen={values[name]} errors={errors[name]} />
          ))}
          <ClaimPhotosField label="Photos of the crack" maxFiles={loaderData.maxPhotos} errors={errors.photos} />
          <WrittenAnswerField name="description" label="What Happened?" rows={5} value={values.description} errors={errors.description} />
          <ClaimFormButtons submitting={submitting} label="File repair-failure claim" />
        </Form>
      </Card>
    </div>
  )
}

export { GeneralErrorBoundary as ErrorBoundary } from '~/components/error-boundary'
