import { data, Link, useNavigate } from 'react-router'

import { requireCustomer } from '~/auth/session.server'
import { BackToPolicies } from '~/components/policy-page-header'
import { PhotoStep } from '~/components/policy-setup/photo-step'
import { VehicleStep } from '~/components/policy-setup/vehicle-step'
import { WizardHeader } from '~/components/policy-setup/wizard-header'
import { fetchVehicleModels, vinDecoder } from '~/components/policy-setup/xhr-upload'
import { Card, Field, FieldError, inputClass } from '~/components/ui'
import { VEHICLE_TYPE_NAMES } from '~/content/marketing'
import { makesFor, US_STATES, vehicleYears } from '~/content/vehicles'
import { RuleError } from '~/domain/errors'
import { TRANSFER_MESSAGES } from '~/domain/messages'
import { transferPath } from '~/domain/paths'
import { planName, VEHICLE_TYPES } from '~/domain/plans'
import { vehicleName } from '~/domain/vehicles'
import { photoSlots, wizardStep } from '~/models/policies/policy-setup.server'
import { completeTransfer, policyForTransfer } from '~/models/policies/transfer.server'
import { routeRules } from '~/server/route-rules'
import { redirectWithToast } from '~/toast.server'
import { pageMeta } from '~/utils/meta'
import { useIsPending } from '~/utils/pending'
import { transferVehicleSchema, vehicleFormValues } from '~/validation/policy-setup'

import type { Route } from './+types/customer.policies.$policyId.transfer'
import { photoStepPost, photoViews, vehicleStepPost } from './customer.complete-policy.server'

export const handle = routeRules({ body: 'upload', public: false, pageCache: false, originCheck: true })

/** The policy, or the page's answer: the reason for a plan that cannot move (another customer's is notFound()'s 404). */
function transferablePolicy(profileId: string, policyId: string) {
  try {
    return { policy: policyForTransfer(profileId, policyId), refusal: null }
  } catch (error) {
    if (!(error instanceof RuleError)) throw error
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
        policyNumber: policy.policyNumber,
        planType: policy.planType,
        planName: planName(policy),
        vehicleClass: policy.vehicleType,
        hasAdas: policy.hasAdas,
      },
      currentVehicle: policy.vehicle ? vehicleName(policy.vehicle, { withPlate: true }) : null,
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

  const photos = await photoStepPost(request, policy, 1, { photos: transferPath(policy.id, 'photos'), vehicle: transferPath(policy.id) })
  if (photos.answer) return photos.answer
  const { fields } = photos

  const values = {
    ...vehicleFormValues(fields),
    vehicleType: String(fields.get('vehicleType') ?? ''),
    hasAdas: String(fields.get('hasAdas') ?? ''),
  }
  const step = await vehicleStepPost(fields, policy, transferVehicleSchema(policy.planType), values)
  if (step.answer) return step.answer
  try {
    const moved = await completeTransfer(profile, policy.id, step.vehicle)
    throw await redirectWithToast('/customer', {
      type: 'success',
      ...TRANSFER_MESSAGES.success(vehicleName(moved.vehicle, { withPlate: true })),
    })
  } catch (error) {
    if (!(error instanceof RuleError)) throw error
    return step.refuse(error)
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
    vin: '',
    vehicleType: '',
    hasAdas: '',
  }

  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:py-14">
      <BackToPolicies className="mb-2" />
      <WizardHeader planName={policy.planName} policyNumber={policy.policyNumber} step={step} title="Transfer to a new vehicle" />
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
          result={uploadAnswer?.result}
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
          vinLookup
          decodeVin={vinDecoder(policy.id)}
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

export const meta: Route.MetaFunction = () => pageMeta('Transfer to a new vehicle', 'Move your Glass Plan policy to another vehicle.')

export { GeneralErrorBoundary as ErrorBoundary } from '~/components/error-boundary'
