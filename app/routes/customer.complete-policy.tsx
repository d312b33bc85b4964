import { useEffect, useMemo } from 'react'
import { data, type ShouldRevalidateFunctionArgs, useNavigate } from 'react-router'

import { requireCustomer } from '~/auth/session.server'
import { PhotoStep } from '~/components/policy-setup/photo-step'
import { VehicleStep } from '~/components/policy-setup/vehicle-step'
import { WizardHeader } from '~/components/policy-setup/wizard-header'
import { fetchVehicleModels, vinDecoder, xhrPhotoUploader } from '~/components/policy-setup/xhr-upload'
import { Field, inputClass } from '~/components/ui'
import { makesFor, US_STATES, vehicleYears } from '~/content/vehicles'
import { RuleError } from '~/domain/errors'
import { SETUP_HOLD_MESSAGES, VEHICLE_MESSAGES } from '~/domain/messages'
import { formatPhone } from '~/domain/phones'
import { planName } from '~/domain/plans'
import { completePolicySetup, photoSlots, wizardStep } from '~/models/policies/policy-setup.server'
import { vehicleById } from '~/models/policies/vehicles.server'
import { routeRules } from '~/server/route-rules'
import { modelsFor } from '~/services/vehicle-data.server'
import { redirectWithToast } from '~/toast.server'
import { pageMeta } from '~/utils/meta'
import { useIsPending } from '~/utils/pending'
import { useHydrated } from '~/utils/use-hydrated'
import { MAX_LENGTH } from '~/validation/lengths'
import { setupVehicleSchema, vehicleFormValues } from '~/validation/policy-setup'

import type { Route } from './+types/customer.complete-policy'
import {
  COMPLETE_PATH,
  photoStepPost,
  photoViews,
  policyForWizard,
  vehicleDefaults,
  vehicleStepPost,
} from './customer.complete-policy.server'

export const handle = routeRules({ body: 'upload', public: false, pageCache: false, originCheck: true })

function wizardPath(policyId: string, step?: 'photos') {
  return `/customer/complete-policy?policy_id=${encodeURIComponent(policyId)}${step ? `&step=${step}` : ''}`
}

export async function loader({ request }: Route.LoaderArgs) {
  const profile = await requireCustomer(request)
  const policy = await policyForWizard(profile, request)
  const slots = photoSlots(policy.id)
  const step = wizardStep(slots, new URL(request.url).searchParams.get('step'))

  const vehicle = vehicleById(policy.vehicleId, profile.id)
  const models = step === 'vehicle' && vehicle ? (await modelsFor(vehicle.make, vehicle.year)).models : null
  return {
    policy: { id: policy.id, policyNumber: policy.policyNumber, planType: policy.planType, planName: planName(policy) },
    step,
    // The operator asked for a correction of a held setup (its VIN is on another active policy).
    correctionAsked: policy.setupHold === 'vin_correction',
    ...photoViews(slots),
    vehicle: { defaults: { ...vehicleDefaults(vehicle), phone: profile.phone ? formatPhone(profile.phone) : '' }, models },
    makes: makesFor(policy.planType),
    years: vehicleYears(),
  }
}

export async function action({ request }: Route.ActionArgs) {
  const profile = await requireCustomer(request)
  const policy = await policyForWizard(profile, request)

  const photos = await photoStepPost(request, policy, 0, { photos: wizardPath(policy.id, 'photos'), vehicle: wizardPath(policy.id) })
  if (photos.answer) return photos.answer
  const { fields } = photos

  const values = { ...vehicleFormValues(fields), phone: String(fields.get('phone') ?? '').slice(0, 40) }
  const step = await vehicleStepPost(fields, policy, setupVehicleSchema(policy.planType), values)
  if (step.answer) return step.answer
  let held: boolean
  try {
    held = (await completePolicySetup(profile, policy, step.vehicle)).held
  } catch (error) {
    if (!(error instanceof RuleError)) throw error
    return step.refuse(error)
  }
  if (held) {
    // The VIN is on another active policy: the operator checks it; the dashboard says so (never whose policy it is).
    const checking = { type: 'info' as const, ...SETUP_HOLD_MESSAGES.beingChecked }
    if (fields.get('js') === '1') return data({ intent: 'completed' as const, redirectTo: '/customer', toast: checking })
    throw await redirectWithToast('/customer', checking)
  }

  const success = { type: 'success' as const, ...VEHICLE_MESSAGES.success }
  // With JavaScript the wizard shows 'Success!' and moves on after 2 seconds; without it, at once.
  if (fields.get('js') === '1') return data({ intent: 'completed' as const, redirectTo: COMPLETE_PATH, toast: success })
  throw await redirectWithToast(COMPLETE_PATH, success)
}

/** After activation the loader would bounce to the complete page at once; the 2-second pause is the component's. */
export function shouldRevalidate({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (actionResult && typeof actionResult === 'object' && 'intent' in actionResult && actionResult.intent === 'completed') return false
  return defaultShouldRevalidate
}

export default function CompletePolicy({ loaderData, actionData }: Route.ComponentProps) {
  const { policy, step, vehicle } = loaderData
  const navigate = useNavigate()
  const hydrated = useHydrated()
  const uploader = useMemo(() => xhrPhotoUploader(`/customer/policy-photos?policy_id=${encodeURIComponent(policy.id)}`), [policy.id])
  const decodeVin = useMemo(() => vinDecoder(policy.id), [policy.id])

  const completed = actionData?.intent === 'completed' ? actionData : null
  useEffect(() => {
    if (!completed) return
    const timer = setTimeout(() => navigate(completed.redirectTo), 2000)
    return () => clearTimeout(timer)
  }, [completed, navigate])

  const vehicleAnswer = actionData?.intent === 'find-models' || actionData?.intent === 'complete' ? actionData : null
  const uploadAnswer = actionData?.intent === 'upload' ? actionData : null
  const submittingVehicle = useIsPending({ formAction: wizardPath(policy.id), state: 'submitting', intent: 'complete' })

  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:py-14">
      <WizardHeader planName={policy.planName} policyNumber={policy.policyNumber} step={step} />
      {loaderData.correctionAsked ? (
        <p role="status" className="mb-6 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          {SETUP_HOLD_MESSAGES.correctionAsked}.
        </p>
      ) : null}

      {step === 'photos' ? (
        <PhotoStep
          action={wizardPath(policy.id, 'photos')}
          stored={loaderData.stored}
          additional={loaderData.additional}
          removeAction={wizardPath(policy.id, 'photos')}
          continueHref={wizardPath(policy.id)}
          result={uploadAnswer?.result}
          toast={uploadAnswer?.toast}
          upload={uploader}
          onUploaded={(to) => navigate(to)}
        />
      ) : (
        <VehicleStep
          key={actionData?.intent === 'find-models' ? JSON.stringify([actionData.values, actionData.models]) : 'vehicle'}
          action={wizardPath(policy.id)}
          hiddenFields={{ js: hydrated ? '1' : '0' }}
          planType={policy.planType}
          states={US_STATES}
          years={loaderData.years}
          makes={loaderData.makes}
          defaultValues={vehicleAnswer?.values ?? vehicle.defaults}
          models={vehicleAnswer ? vehicleAnswer.models : vehicle.models}
          lastResult={vehicleAnswer?.result ?? null}
          toast={completed?.toast ?? vehicleAnswer?.toast ?? null}
          backHref={wizardPath(policy.id, 'photos')}
          submitting={submittingVehicle || Boolean(completed)}
          loadModels={fetchVehicleModels}
          vinLookup
          decodeVin={decodeVin}
          schema={setupVehicleSchema}
          extraFields={(errors) => (
            <Field
              label="Phone (optional)"
              hint="The shop that does your repair calls you on it; without one, it e-mails you."
              htmlFor="phone"
              errors={errors('phone')}
              errorId="phone-error"
            >
              <input
                id="phone"
                name="phone"
                type="tel"
                autoComplete="tel"
                maxLength={MAX_LENGTH.phone}
                defaultValue={(vehicleAnswer?.values ?? vehicle.defaults).phone}
                aria-invalid={errors('phone') ? true : undefined}
                aria-describedby={errors('phone') ? 'phone-error' : undefined}
                className={inputClass}
              />
            </Field>
          )}
        />
      )}
    </div>
  )
}

export const meta: Route.MetaFunction = () =>
  pageMeta('Complete Your Policy', 'Add your vehicle and windshield photos to start your Glass Plan coverage.')

export { GeneralErrorBoundary as ErrorBoundary } from '~/components/error-boundary'
