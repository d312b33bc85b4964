import type { SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { data } from 'react-router'
import type { $ZodType, output } from 'zod/v4/core'

import { vinLookupLimited } from '~/auth/vin-lookup-limits.server'
import type { StoredPhotoView } from '~/components/policy-setup/photo-step'
import type { Policy, Profile, Vehicle } from '~/db/schema'
import { RuleError } from '~/domain/errors'
import {
  IMAGES_BUSY,
  NO_POLICY_ID,
  PHOTO_MESSAGES,
  POLICY_CANCELLED,
  SETUP_ALREADY_COMPLETE,
  SETUP_HOLD_MESSAGES,
  type ToastMessage,
  VEHICLE_MESSAGES,
  VIN_MESSAGES,
} from '~/domain/messages'
import { isSetupDone, isSetupHeld } from '~/domain/policies'
import { MAX_PHOTO_FILES, REQUIRED_PHOTO_TYPES } from '~/domain/uploads'
import { getPolicyForProfile } from '~/models/policies/policies.server'
import {
  type PhotoGeneration,
  type PhotoSlots,
  removeAdditionalPhoto,
  savePolicyPhotos,
  uploadRefused,
} from '~/models/policies/policy-setup.server'
import { lookUpVin, type VinPlan, vinRefusal } from '~/models/policies/vehicles.server'
import { ImageQueueFull } from '~/services/image-queue.server'
import { readMultipartFormOrRefusal } from '~/services/multipart.server'
import { modelsFor } from '~/services/vehicle-data.server'
import { redirectWithToast } from '~/toast.server'
import { fileUrl } from '~/utils/file-url'
import { answerErrors, answerRefusal, notFound } from '~/utils/refusal'
import { modelLookupSchema, type VehicleFormValues, type VehicleInput, vinLookupSchema } from '~/validation/policy-setup'

// The wizard's server side (routes/customer.complete-policy.tsx, and the transfer's two steps in
// routes/customer.policies.$policyId.transfer.tsx): its guards, what its steps show, and what each step's post does.

export const COMPLETE_PATH = '/customer/policy-complete'

/**
 * The wizard's guards: no policy id, a finished or a cancelled policy is a toast and a redirect; an unknown policy and
 * another customer's (a previous owner's too) are the same 404 page, before anything of a post is read.
 */
export async function policyForWizard(profile: Profile, request: Request): Promise<Policy> {
  const policyId = new URL(request.url).searchParams.get('policy_id')
  if (!policyId) throw await redirectWithToast('/customer', { type: 'error', title: NO_POLICY_ID })
  const policy = getPolicyForProfile(profile.id, policyId)
  if (!policy) notFound()
  if (isSetupDone(policy)) {
    throw await redirectWithToast(COMPLETE_PATH, { type: 'info', ...SETUP_ALREADY_COMPLETE })
  }
  if (policy.status === 'canceled') {
    throw await redirectWithToast('/customer', { type: 'error', ...POLICY_CANCELLED })
  }
  // Its VIN is on another active policy: the operator checks it before coverage starts (nothing more to do here).
  if (isSetupHeld(policy)) throw await redirectWithToast('/customer', { type: 'info', ...SETUP_HOLD_MESSAGES.beingChecked })
  return policy
}

/** The photo step's stored photos: the three required slots (empty ones null) and the additional ones, as thumbnails. */
export function photoViews(slots: PhotoSlots) {
  const stored = Object.fromEntries(
    REQUIRED_PHOTO_TYPES.map((type) => {
      const photo = slots.required[type]
      return [type, photo ? { url: fileUrl(photo.thumbPath ?? photo.filePath), fileName: photo.fileName } : null]
    }),
  ) as Record<(typeof REQUIRED_PHOTO_TYPES)[number], StoredPhotoView | null>
  const additional = slots.additional.map((photo) => ({
    id: photo.id,
    url: fileUrl(photo.thumbPath ?? photo.filePath),
    fileName: photo.fileName,
  }))
  return { stored, additional }
}

const EMPTY_VEHICLE: VehicleFormValues = { licensePlate: '', licensePlateState: '', year: '', make: '', model: '', vin: '' }

/** The vehicle step's first values: the policy's vehicle when it has one. */
export function vehicleDefaults(vehicle: Vehicle | null): VehicleFormValues {
  if (!vehicle) return EMPTY_VEHICLE
  return {
    licensePlate: vehicle.licensePlate,
    licensePlateState: vehicle.licensePlateState,
    year: String(vehicle.year),
    make: vehicle.make,
    model: vehicle.model,
    vin: vehicle.vin ?? '',
  }
}

// --- the posts of both steps: the setup wizard's, and the transfer's (photo generation 1) -----------------------------

/** A refused photo step: each photo field's message and the toast, answered to the step (no values: files are not kept). */
function photoRefusal(error: RuleError) {
  return answerRefusal(error, { values: null }, { intent: 'upload' as const })
}

/**
 * The photo step's half of a wizard post. Reads the multipart form; removing an additional photo or storing the uploaded
 * ones ends in a redirect (thrown) or the refusal (`answer`); anything else is the vehicle step's, whose `fields` are
 * handed on.
 */
export async function photoStepPost(
  request: Request,
  policy: Policy,
  generation: PhotoGeneration,
  paths: { photos: string; vehicle: string },
) {
  const { form, refused } = await readMultipartFormOrRefusal(request, { maxFiles: MAX_PHOTO_FILES })
  if (refused) return { answer: photoRefusal(uploadRefused(refused)) }
  const { fields, files } = form
  const photoId = fields.get('photoId')
  if (typeof photoId === 'string' && photoId) {
    removeAdditionalPhoto(policy, photoId, generation)
    throw await redirectWithToast(paths.photos, { type: 'success', ...PHOTO_MESSAGES.removed })
  }
  if (fields.get('intent') === 'upload') {
    try {
      await savePolicyPhotos(policy, files, generation)
    } catch (error) {
      if (error instanceof ImageQueueFull) {
        // Nothing was stored: the customer sends the same photos again in a few seconds.
        const toast = { type: 'error' as const, ...IMAGES_BUSY }
        const headers = { 'Retry-After': String(error.retryAfterSeconds) }
        return { answer: answerErrors({}, { intent: 'upload' as const, toast, status: 503, headers }) }
      }
      if (!(error instanceof RuleError)) throw error
      return { answer: photoRefusal(error) }
    }
    throw await redirectWithToast(paths.vehicle, { type: 'success', ...PHOTO_MESSAGES.uploaded })
  }
  return { fields }
}

/**
 * The vehicle step's half. 'Find models' (without JavaScript) reloads the step with the list, keeping what was typed
 * (the plain-form way to a model list); 'Look up' does the same from the VIN, filling in year, make and model; a
 * submission is checked against `schema`, the model list and, with a VIN, what the VIN decodes to. Returns the answer
 * to send, or the valid vehicle with `refuse`, which answers the model's refusal of it next to its field.
 */
export async function vehicleStepPost<Schema extends $ZodType<VehicleInput>, Values extends VehicleFormValues>(
  fields: FormData,
  plan: VinPlan & { profileId: string },
  schema: Schema,
  values: Values,
) {
  if (fields.get('intent') === 'vin-lookup') return { answer: await vinLookupPost(fields, plan, values) }

  const lookup = parseWithZod(fields, { schema: modelLookupSchema(plan.planType) })
  const models = lookup.status === 'success' ? (await modelsFor(lookup.value.make, lookup.value.year)).models : null

  if (fields.get('intent') === 'find-models') {
    if (lookup.status !== 'success')
      return { answer: data({ intent: 'find-models' as const, values, models, result: lookup.reply(), toast: null }, { status: 400 }) }
    const toast =
      models && models.length === 0 ? { type: 'error' as const, ...VEHICLE_MESSAGES.noModels(lookup.value.make, lookup.value.year) } : null
    return { answer: data({ intent: 'find-models' as const, values: { ...values, model: '' }, models, result: null, toast }) }
  }

  const submission = parseWithZod(fields, { schema })
  const answer = (result: SubmissionResult<string[]>, toast: ToastMessage | null, status: number) =>
    data({ intent: 'complete' as const, values, models, result, toast }, { status })
  if (submission.status !== 'success') return { answer: answer(submission.reply(), null, 400) }
  const vehicle = submission.value as output<Schema>
  if (models && models.length > 0 && !models.some((name) => name.toLowerCase() === vehicle.model.toLowerCase())) {
    return { answer: answer(submission.reply({ fieldErrors: { model: [VEHICLE_MESSAGES.modelNotListed] } }), null, 400) }
  }
  const vinMessage = vehicle.vin ? await vinRefusal(vehicle.vin, plan) : null
  if (vinMessage) return { answer: answer(submission.reply({ fieldErrors: { vin: [vinMessage] } }), null, 400) }
  const refuse = (error: RuleError) => {
    const onField = error.field !== 'form'
    const reply = onField ? submission.reply({ fieldErrors: { [error.field]: [error.message] } }) : submission.reply()
    // A refusal whose message is its title says it once.
    const description = error.message === error.title ? undefined : error.message
    return answer(reply, { type: 'error', title: error.title, description }, error.status)
  }
  return { vehicle, refuse }
}

/**
 * 'Look up' without JavaScript: the step comes back with what the VIN decodes to filled in (and editable), the VIN
 * kept; a VIN that is wrong, or that the plan cannot cover, gets its message next to the field and a 400. Answered as
 * 'find-models', whose answer the step already shows (values and model list).
 */
async function vinLookupPost<Values extends VehicleFormValues>(fields: FormData, plan: VinPlan & { profileId: string }, values: Values) {
  const refused = (message: string) =>
    data(
      {
        intent: 'find-models' as const,
        values,
        models: null,
        result: { status: 'error' as const, error: { vin: [message] } },
        toast: null,
      },
      { status: 400 },
    )
  const parsed = parseWithZod(fields, { schema: vinLookupSchema() })
  if (parsed.status !== 'success') return refused(parsed.error?.vin?.[0] ?? VIN_MESSAGES.characters)
  const limited = vinLookupLimited(plan.profileId)
  if (limited)
    return data(
      { intent: 'find-models' as const, values, models: null, result: null, toast: { type: 'error' as const, title: limited.message } },
      { status: 429, headers: { 'Retry-After': String(limited.retryAfterSeconds) } },
    )
  const lookup = await lookUpVin(parsed.value.vin!, plan)
  if (!lookup.ok) return refused(lookup.message)
  const filled = lookup.decoded ? { ...values, ...lookup.values, vin: lookup.vin } : { ...values, vin: lookup.vin }
  const toast = lookup.decoded
    ? { type: 'success' as const, ...VIN_MESSAGES.decoded }
    : { type: 'info' as const, ...VIN_MESSAGES.notDecoded }
  return data({ intent: 'find-models' as const, values: filled, models: lookup.decoded ? lookup.models : null, result: null, toast })
}
