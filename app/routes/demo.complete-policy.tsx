import { parseWithZod } from '@conform-to/zod/v4'
import { useEffect, useMemo, useState } from 'react'
import { data, redirect, useLocation, useNavigate } from 'react-router'

import {
  DEMO_DELAYS,
  demoDashboardPath,
  demoPlanName,
  demoPlanType,
  demoPolicyShown,
  demoWizardPath,
  findDemoPolicy,
} from '~/components/demo/sample-data'
import { demoModelLoader, simulatedPhotoUploader } from '~/components/demo/simulate'
import { PhotoStep } from '~/components/policy-setup/photo-step'
import { VehicleStep } from '~/components/policy-setup/vehicle-step'
import { WizardHeader } from '~/components/policy-setup/wizard-header'
import { bundledModels } from '~/content/vehicle-models'
import { makesFor, US_STATES, vehicleYears } from '~/content/vehicles'
import { PHOTO_MESSAGES, type ToastMessage, VEHICLE_MESSAGES } from '~/domain/messages'
import { needsSetup } from '~/domain/policies'
import { MAX_PHOTO_FILES, REQUIRED_PHOTO_TYPES } from '~/domain/uploads'
import { routeRules } from '~/server/route-rules'
import { readMultipartFormOrRefusal } from '~/services/multipart.server'
import { redirectWithToast } from '~/toast.server'
import { pageMeta } from '~/utils/meta'
import { answerErrors } from '~/utils/refusal'
import {
  ADDITIONAL_PHOTOS_FIELD,
  modelLookupSchema,
  type VehicleFormValues,
  vehicleFormValues,
  vehicleSchema,
} from '~/validation/policy-setup'

import type { Route } from './+types/demo.complete-policy'

export const handle = routeRules({ body: 'upload', public: true, pageCache: false, originCheck: true })

/**
 * The demo's setup wizard: the real photo and vehicle steps over a sample policy. With JavaScript
 * the upload and the save are simulated in the browser with the demo's delays; without it the forms post to this action,
 * which reads the photos off the wire without keeping them and answers like the real wizard (docs/decisions/012-demo.md).
 */

const COMPLETE_PATH = '/demo/policy-complete'
const NO_STORED_PHOTOS = { head_on: null, inside_drivers: null, inside_passengers: null }
const EMPTY_VEHICLE: VehicleFormValues = { licensePlate: '', licensePlateState: '', year: '', make: '', model: '', vin: '' }

/** The sample policy in the URL; anything else goes back to the demo dashboard. */
function policyFor(request: Request) {
  const policy = findDemoPolicy(new URL(request.url).searchParams.get('policy_id'))
  if (!policy) throw redirect(demoDashboardPath())
  if (!needsSetup(demoPolicyShown(policy))) throw redirect(COMPLETE_PATH)
  return policy
}

export function loader({ request }: Route.LoaderArgs) {
  const policy = policyFor(request)
  const planType = demoPlanType(policy)
  return {
    policy: { id: policy.id, policyNumber: policy.policyNumber, planType, planName: demoPlanName(policy) },
    step: new URL(request.url).searchParams.get('step') === 'vehicle' ? ('vehicle' as const) : ('photos' as const),
    makes: makesFor(planType),
    years: vehicleYears(),
  }
}

export async function action({ request }: Route.ActionArgs) {
  const policy = policyFor(request)
  const planType = demoPlanType(policy)

  const { form, refused } = await readMultipartFormOrRefusal(request, { maxFiles: MAX_PHOTO_FILES, keepBytes: false })
  if (refused) {
    return answerErrors(
      {},
      {
        intent: 'upload' as const,
        status: refused.status,
        toast: { type: 'error', title: PHOTO_MESSAGES.uploadFailed, description: refused.message },
      },
    )
  }
  const { fields, files } = form
  const intent = fields.get('intent')

  if (intent === 'upload') {
    // The real wizard's checks on what was chosen; the bytes are already gone.
    const fieldErrors: Record<string, string[]> = {}
    for (const type of REQUIRED_PHOTO_TYPES) {
      const file = files.find((candidate) => candidate.fieldName === type)
      if (!file) fieldErrors[type] = [PHOTO_MESSAGES.missing(type)]
      else if (!file.contentType.startsWith('image/')) fieldErrors[type] = [PHOTO_MESSAGES.notImage]
    }
    if (files.some((file) => file.fieldName === ADDITIONAL_PHOTOS_FIELD && !file.contentType.startsWith('image/'))) {
      fieldErrors[ADDITIONAL_PHOTOS_FIELD] = [PHOTO_MESSAGES.notImages]
    }
    const [field, messages] = Object.entries(fieldErrors)[0] ?? []
    if (field && messages) {
      const missing = REQUIRED_PHOTO_TYPES.some((type) => type === field) && !files.some((file) => file.fieldName === field)
      const toast: ToastMessage = {
        type: 'error',
        title: missing ? PHOTO_MESSAGES.uploadFailed : PHOTO_MESSAGES.invalidFile,
        description: messages[0],
      }
      return answerErrors(fieldErrors, { intent: 'upload' as const, toast })
    }
    throw await redirectWithToast(demoWizardPath(policy.id, 'vehicle'), { type: 'success', ...PHOTO_MESSAGES.uploaded })
  }

  const values = vehicleFormValues(fields)
  const lookup = parseWithZod(fields, { schema: modelLookupSchema(planType) })
  const models = lookup.status === 'success' ? bundledModels(lookup.value.make, lookup.value.year) : null

  if (intent === 'find-models') {
    if (lookup.status !== 'success')
      return data({ intent: 'find-models' as const, values, models, result: lookup.reply(), toast: null }, { status: 400 })
    const toast =
      models && models.length === 0 ? { type: 'error' as const, ...VEHICLE_MESSAGES.noModels(lookup.value.make, lookup.value.year) } : null
    return data({ intent: 'find-models' as const, values: { ...values, model: '' }, models, result: null, toast })
  }

  const submission = parseWithZod(fields, { schema: vehicleSchema(planType) })
  if (submission.status !== 'success') {
    return data({ intent: 'complete' as const, values, models, result: submission.reply(), toast: null }, { status: 400 })
  }
  if (models && models.length > 0 && !models.some((name) => name.toLowerCase() === submission.value.model.toLowerCase())) {
    return data(
      {
        intent: 'complete' as const,
        values,
        models,
        result: submission.reply({ fieldErrors: { model: [VEHICLE_MESSAGES.modelNotListed] } }),
        toast: null,
      },
      { status: 400 },
    )
  }
  // The echo: the same success the real wizard gives. Nothing was saved.
  throw await redirectWithToast(COMPLETE_PATH, { type: 'success', ...VEHICLE_MESSAGES.success })
}

type Saving = 'idle' | 'saving' | 'saved'

export default function DemoCompletePolicy({ loaderData, actionData }: Route.ComponentProps) {
  const { policy, step } = loaderData
  const navigate = useNavigate()
  const location = useLocation()
  const uploader = useMemo(() => simulatedPhotoUploader(demoWizardPath(policy.id, 'vehicle')), [policy.id])
  const [saving, setSaving] = useState<Saving>('idle')

  // With JavaScript, 'Complete Policy' "saves" for 2 seconds, shows 'Success!', and moves on 2 seconds later.
  useEffect(() => {
    if (saving === 'idle') return
    const timer =
      saving === 'saving'
        ? setTimeout(() => setSaving('saved'), DEMO_DELAYS.submit)
        : setTimeout(() => navigate(COMPLETE_PATH), DEMO_DELAYS.redirect)
    return () => clearTimeout(timer)
  }, [saving, navigate])

  const vehicleAnswer = actionData?.intent === 'find-models' || actionData?.intent === 'complete' ? actionData : null
  const uploadAnswer = actionData?.intent === 'upload' ? actionData : null
  // After the simulated upload the step change carries the 'Photos Uploaded' toast (the real wizard's flash).
  const uploadedToast = (location.state as { toast?: ToastMessage } | null)?.toast ?? null
  const savedToast: ToastMessage | null = saving === 'saved' ? { type: 'success', ...VEHICLE_MESSAGES.success } : null

  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:py-14">
      <WizardHeader planName={policy.planName} policyNumber={policy.policyNumber} step={step} />
      {step === 'photos' ? (
        <PhotoStep
          action={demoWizardPath(policy.id)}
          stored={NO_STORED_PHOTOS}
          additional={[]}
          result={uploadAnswer?.result}
          toast={uploadAnswer?.toast}
          upload={uploader}
          onUploaded={(to) => navigate(to, { state: { toast: { type: 'success', ...PHOTO_MESSAGES.uploaded } } })}
        />
      ) : (
        <VehicleStep
          key={actionData?.intent === 'find-models' ? JSON.stringify([actionData.values, actionData.models]) : 'vehicle'}
          action={demoWizardPath(policy.id, 'vehicle')}
          planType={policy.planType}
          states={US_STATES}
          years={loaderData.years}
          makes={loaderData.makes}
          defaultValues={vehicleAnswer?.values ?? EMPTY_VEHICLE}
          models={vehicleAnswer ? vehicleAnswer.models : null}
          lastResult={vehicleAnswer?.result ?? null}
          toast={savedToast ?? vehicleAnswer?.toast ?? uploadedToast}
          backHref={demoWizardPath(policy.id)}
          submitting={saving !== 'idle'}
          loadModels={demoModelLoader}
          onComplete={() => setSaving('saving')}
        />
      )}
    </div>
  )
}

export const meta: Route.MetaFunction = () =>
  pageMeta('Demo: Complete Your Policy', 'Try the Glass Plan policy setup with sample data: no sign-in, nothing is saved.')

export { GeneralErrorBoundary as ErrorBoundary } from '~/components/error-boundary'
