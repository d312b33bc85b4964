import { parseWithZod } from '@conform-to/zod/v4'
import { data, Link, useNavigate } from 'react-router'

import { requireCustomer } from '~/auth/session.server'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { PhotoStep } from '~/components/policy-setup/PhotoStep'
import { VehicleStep } from '~/components/policy-setup/VehicleStep'
import { WizardHeader } from '~/components/policy-setup/wizard-header'
import { fetchVehicleModels } from '~/components/policy-setup/xhr-upload'
import { Card, Field, FieldError, inputClass } from '~/components/ui'
import { planDisplayName, VEHICLE_TYPE_NAMES } from '~/content/marketing'
import { makesFor, US_STATES, vehicleYears } from '~/content/vehicles'
import { RuleError } from '~/domain/errors'
import { transferPath } from '~/domain/paths'
import { VEHICLE_TYPES } from '~/domain/plans'
import { MAX_PHOTO_FILES } from '~/domain/uploads'
import { photoSlots, removeAdditionalPhoto, savePolicyPhotos, uploadRefused, wizardStep } from '~/models/policy-setup.server'
import { completeTransfer, policyForTransfer, TRANSFER_MESSAGES } from '~/models/transfer.server'
import { describeVehicle } from '~/models/vehicles.server'
import { readMultipartForm, UploadError } from '~/services/storage.server'
import { modelsFor } from '~/services/vehicle-data.server'
import { redirectWithToast } from '~/toast.server'
import { invariantResponse } from '~/utils/invariant'
import { useIsPending } from '~/utils/pending'
import { refusalOf } from '~/utils/refusal'
import { modelLookupSchema, PHOTO_MESSAGES, transferVehicleSchema, VEHICLE_MESSAGES, vehicleFormValues } from '~/validation/policy-setup'

import type { Route } from './+types/customer.policy-transfer'
import { photoViews } from './customer.complete-policy.server'

/** The policy, or the page's answer: 404 for another customer's, the reason for a plan that cannot move. */
function transferablePolicy(profileId: string, policyId: string) {
  try {
    return { policy: policyForTransfer(profileId, policyId), refusal: null }
  } catch (error) {
    if (!(error instanceof RuleError)) throw error
    invariantResponse(error.status !== 404, 'Not found', { status: 404 })
    return { policy: null, refusal: { title: error.title, description: error.message, status: error.status } }
  }
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const profile = await requireCustomer(request)
  const { policy, refusal } = transferablePolicy(profile.id, params.policyId)
  if (!policy) return data({ refusal, transfer: null }, { status: refusal!.status })
  const slots = photoSlots(policy.id, 1)
  return {
    refusal: null,
    transfer: {
      policy: {
        id: policy.id,
        planType: policy.planType,
        planName: planDisplayName(policy.planType, policy.vehicleType),
        vehicleClass: policy.vehicleType,
        hasAdas: policy.hasAdas,
      },
      currentVehicle: policy.vehicle ? describeVehicle(policy.vehicle) : null,
      step: wizardStep(slots, new URL(request.url).searchParams.get('step')),
      ...photoViews(slots),
      makes: makesFor(policy.planType),
      years: vehicleYears(),
    },
  }
}

export async function action({ request, params }: Route.ActionArgs) {
  const profile = await requireCustomer(request)
  const { policy, refusal } = transferablePolicy(profile.id, params.policyId)
  if (!policy) return data({ intent: 'refused' as const, toast: { type: 'error' as const, ...refusal! } }, { status: refusal!.status })

  let fields: FormData
  let files
  try {
    ;({ fields, files } = await readMultipartForm(request, { maxFiles: MAX_PHOTO_FILES }))
  } catch (error) {
    if (!(error instanceof UploadError)) throw error
    const refused = refusalOf(uploadRefused(error))
    return data({ intent: 'upload' as const, fieldErrors: refused.errors, toast: refused.toast }, { status: refused.status })
  }

  const photoId = fields.get('photoId')
  if (typeof photoId === 'string' && photoId) {
    removeAdditionalPhoto(policy, photoId, 1)
    throw await redirectWithToast(transferPath(policy.id, 'photos'), { type: 'success', ...PHOTO_MESSAGES.removed })
  }

  const intent = fields.get('intent')
  if (intent === 'upload') {
    try {
      await savePolicyPhotos(policy, files, 1)
    } catch (error) {
      if (!(error instanceof RuleError)) throw error
      const refused = refusalOf(error)
      return data({ intent: 'upload' as const, fieldErrors: refused.errors, toast: refused.toast }, { status: refused.status })
    }
    throw await redirectWithToast(transferPath(policy.id), { type: 'success', ...PHOTO_MESSAGES.uploaded })
  }

  const values = {
    ...vehicleFormValues(fields),
    vehicleType: String(fields.get('vehicleType') ?? ''),
    hasAdas: String(fields.get('hasAdas') ?? ''),
  }
  const lookup = parseWithZod(fields, { schema: modelLookupSchema(policy.planType) })
  const models = lookup.status === 'success' ? (await modelsFor(lookup.value.make, lookup.value.year)).models : null

  if (intent === 'find-models') {
    if (lookup.status !== 'success')
      return data({ intent: 'find-models' as const, values, models, result: lookup.reply(), toast: null }, { status: 400 })
    const toast =
      models && models.length === 0 ? { type: 'error' as const, ...VEHICLE_MESSAGES.noModels(lookup.value.make, lookup.value.year) } : null
    return data({ intent: 'find-models' as const, values: { ...values, model: '' }, models, result: null, toast })
  }

  const submission = parseWithZod(fields, { schema: transferVehicleSchema(policy.planType) })
  if (submission.status !== 'success')
    return data({ intent: 'complete' as const, values, models, result: submission.reply(), toast: null }, { status: 400 })
  const vehicle = submission.value
  if (models && models.length > 0 && !models.some((name) => name.toLowerCase() === vehicle.model.toLowerCase())) {
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
  try {
    const moved = await completeTransfer(profile, policy.id, vehicle)
    throw await redirectWithToast('/customer', { type: 'success', ...TRANSFER_MESSAGES.success(describeVehicle(moved.vehicle)) })
  } catch (error) {
    if (!(error instanceof RuleError)) throw error
    const onField = error.field !== 'form'
    const reply = onField ? submission.reply({ fieldErrors: { [error.field]: [error.message] } }) : submission.reply()
    const toast = { type: 'error' as const, title: error.title, description: error.message }
    return data({ intent: 'complete' as const, values, models, result: reply, toast }, { status: error.status })
  }
}

export default function TransferPolicy({ loaderData, actionData }: Route.ComponentProps) {
  const navigate = useNavigate()
  const submitting = useIsPending({ state: 'submitting', intent: 'complete' })
  if (!loaderData.transfer) {
    return (
      <div className="mx-auto max-w-xl px-4 py-12">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Transfer to a new vehicle</h1>
        <Card className="mt-6">
          <h2 className="text-xl font-semibold text-slate-900">{loaderData.refusal?.title}</h2>
          <p className="mt-2 text-slate-800">{loaderData.refusal?.description}</p>
          <p className="mt-4 text-sm">
            <Link to="/customer" className="text-brand-700 underline">
              ← Back to your policies
            </Link>
          </p>
        </Card>
      </div>
    )
  }
  const { policy, step, currentVehicle } = loaderData.transfer
  const vehicleAnswer = actionData?.intent === 'find-models' || actionData?.intent === 'complete' ? actionData : null
  const uploadAnswer = actionData?.intent === 'upload' ? actionData : null
  const refused = actionData?.intent === 'refused' ? actionData : null
  const comprehensive = policy.planType === 'comprehensive'
  const defaults = vehicleAnswer?.values ?? {
    licensePlate: '',
    licensePlateState: '',
    year: '',
    make: '',
    model: '',
    vehicleType: '',
    hasAdas: '',
  }

  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:py-14">
      <p className="mb-2 text-sm">
        <Link to="/customer" className="text-brand-700 underline-offset-2 hover:underline">
          ← Back to your policies
        </Link>
      </p>
      <WizardHeader planName={policy.planName} policyId={policy.id} step={step} title="Transfer to a new vehicle" />
      <p className="-mt-4 mb-8 text-slate-700">
        Your plan can move to a replacement vehicle once{currentVehicle ? `; today it covers your ${currentVehicle}` : ''}. Your commitment
        and price carry on, and claims already filed stay with your current vehicle. Nothing changes until you finish step 2.
      </p>
      {refused ? <p className="mb-6 rounded-lg bg-red-50 p-4 text-red-900">{refused.toast.description}</p> : null}
      {step === 'photos' ? (
        <PhotoStep
          action={transferPath(policy.id, 'photos')}
          stored={loaderData.transfer.stored}
          additional={loaderData.transfer.additional}
          removeAction={transferPath(policy.id, 'photos')}
          continueHref={transferPath(policy.id)}
          fieldErrors={uploadAnswer?.fieldErrors}
          toast={uploadAnswer?.toast}
          onUploaded={(to) => navigate(to)}
        />
      ) : (
        <VehicleStep
          key={actionData?.intent === 'find-models' ? JSON.stringify([actionData.values, actionData.models]) : 'vehicle'}
          action={transferPath(policy.id)}
          planType={policy.planType}
          states={US_STATES}
          years={loaderData.transfer.years}
          makes={loaderData.transfer.makes}
          defaultValues={defaults}
          models={vehicleAnswer ? vehicleAnswer.models : null}
          lastResult={vehicleAnswer?.result ?? null}
          toast={vehicleAnswer?.toast ?? null}
          backHref={transferPath(policy.id, 'photos')}
          submitting={submitting}
          loadModels={fetchVehicleModels}
          schema={transferVehicleSchema}
          copy={{ intro: 'Tell us about your new vehicle.', submit: 'Transfer Plan', submitting: 'Transferring...' }}
          extraFields={
            comprehensive
              ? (errors) => (
                  <>
                    <Field label="Vehicle class" htmlFor="vehicleType" errors={errors('vehicleType')} errorId="vehicleType-error">
                      <select
                        id="vehicleType"
                        name="vehicleType"
                        defaultValue={defaults.vehicleType}
                        required
                        className={inputClass}
                        aria-invalid={errors('vehicleType') ? true : undefined}
                        aria-describedby={errors('vehicleType') ? 'vehicleType-error' : undefined}
                      >
                        <option value="">Select a class</option>
                        {VEHICLE_TYPES.map((type) => (
                          <option key={type} value={type}>
                            {VEHICLE_TYPE_NAMES[type]}
                          </option>
                        ))}
                      </select>
                    </Field>
                    <fieldset
                      aria-describedby={errors('hasAdas') ? 'hasAdas-error' : undefined}
                      aria-invalid={errors('hasAdas') ? true : undefined}
                    >
                      <legend className="text-sm font-medium text-slate-900">
                        Does it have ADAS (cameras or sensors at the windshield)?
                      </legend>
                      <div className="mt-2 flex gap-6">
                        {(['true', 'false'] as const).map((value) => (
                          <label key={value} className="flex items-center gap-2 text-slate-900">
                            <input
                              type="radio"
                              name="hasAdas"
                              value={value}
                              defaultChecked={defaults.hasAdas === value}
                              className="size-4"
                            />
                            {value === 'true' ? 'Yes' : 'No'}
                          </label>
                        ))}
                      </div>
                      <FieldError id="hasAdas-error" errors={errors('hasAdas')} />
                    </fieldset>
                  </>
                )
              : undefined
          }
        />
      )}
    </div>
  )
}

export const meta: Route.MetaFunction = () => [{ title: 'Transfer to a new vehicle · Glass Plan' }]

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
