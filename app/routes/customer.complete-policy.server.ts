import type { StoredPhotoView } from '~/components/policy-setup/PhotoStep'
import type { Policy, Profile, Vehicle } from '~/db/schema'
import { POLICY_NOT_FOUND } from '~/domain/messages'
import { isSetupDone } from '~/domain/policies'
import { REQUIRED_PHOTO_TYPES } from '~/domain/uploads'
import { getPolicyForProfile } from '~/models/policies.server'
import { type PhotoSlots } from '~/models/policy-setup.server'
import { redirectWithToast } from '~/toast.server'
import { fileUrl } from '~/utils/file-url'
import type { VehicleFormValues } from '~/validation/policy-setup'

// The setup wizard's server side (routes/customer.complete-policy.tsx): its guards and what its steps show.

export const COMPLETE_PATH = '/customer/policy-complete'

/** The guards of SPEC §8 "Auth and policy pages": each one a toast and a redirect; another's policy shows nothing. */
export async function policyForWizard(profile: Profile, request: Request): Promise<Policy> {
  const policyId = new URL(request.url).searchParams.get('policy_id')
  if (!policyId) throw await redirectWithToast('/customer', { type: 'error', title: 'No policy ID provided' })
  // Unknown and another customer's policy look the same (nothing says whether it exists): 'Policy Not Found'.
  const policy = getPolicyForProfile(profile.id, policyId)
  if (!policy) throw await redirectWithToast('/customer', { type: 'error', ...POLICY_NOT_FOUND })
  if (isSetupDone(policy)) {
    throw await redirectWithToast(COMPLETE_PATH, { type: 'info', title: 'Already Complete', description: 'This policy is already set up.' })
  }
  if (policy.status === 'canceled') {
    throw await redirectWithToast('/customer', { type: 'error', title: 'Policy Cancelled', description: 'This policy has been cancelled' })
  }
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

const EMPTY_VEHICLE: VehicleFormValues = { licensePlate: '', licensePlateState: '', year: '', make: '', model: '' }

/** The vehicle step's first values: the policy's vehicle when it has one. */
export function vehicleDefaults(vehicle: Vehicle | null): VehicleFormValues {
  if (!vehicle) return EMPTY_VEHICLE
  return {
    licensePlate: vehicle.licensePlate,
    licensePlateState: vehicle.licensePlateState,
    year: String(vehicle.year),
    make: vehicle.make,
    model: vehicle.model,
  }
}
