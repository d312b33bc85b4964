import { z } from 'zod'

import { isExcludedMake, isMakeAllowed, isUsStateCode, MIN_VEHICLE_YEAR } from '~/content/vehicles'
import { type PlanType, VEHICLE_TYPES } from '~/domain/plans'
import { MAX_ADDITIONAL_PHOTOS, REQUIRED_PHOTO_TYPES, type RequiredPhotoType } from '~/domain/uploads'
import { normalizePlate } from '~/domain/vehicles'

import { singleLineText } from './text'

/**
 * The setup wizard's forms (SPEC §5 "Photos" and "Vehicle form"), shared by the wizard's components, its actions and
 * the demo. SPEC strings live here once.
 */

/** A stored setup photo's name for people: the slot's label, or 'Additional photo'. */
export function setupPhotoLabel(photoType: string) {
  return photoType in PHOTO_SLOTS ? PHOTO_SLOTS[photoType as RequiredPhotoType].label : 'Additional photo'
}

/** The form field of the optional additional photos (several files). */
export const ADDITIONAL_PHOTOS_FIELD = 'other'

export const PHOTO_SLOTS: Record<RequiredPhotoType, { label: string; description: string }> = {
  head_on: { label: 'Head-on view', description: 'Stand in front of the vehicle and capture the whole windshield.' },
  inside_drivers: { label: "Inside driver's side", description: "From the driver's seat, looking out through the windshield." },
  inside_passengers: { label: "Inside passenger's side", description: "From the passenger's seat, looking out through the windshield." },
}

export const PHOTO_TIPS = ['Use good lighting', 'Make sure the whole windshield is visible', 'Keep photos clear and in focus'] as const

export function isRequiredPhotoType(value: string): value is RequiredPhotoType {
  return (REQUIRED_PHOTO_TYPES as readonly string[]).includes(value)
}

export const PHOTO_MESSAGES = {
  missing: (type: RequiredPhotoType) => `Please upload ${PHOTO_SLOTS[type].label.toLowerCase()} photo`,
  notImage: 'Please select an image file',
  notImages: 'Please select only image files',
  invalidFile: 'Invalid File',
  uploadFailed: 'Upload Failed',
  failedType: (type: RequiredPhotoType) => `Failed to upload ${PHOTO_SLOTS[type].label.toLowerCase()} photo`,
  failedAdditional: (n: number) => `Failed to upload additional photo ${n}`,
  recordFailed: 'Failed to save photo record',
  additionalRecordFailed: 'Failed to save additional photo record',
  duringUpload: 'An error occurred during upload',
  tooManyAdditional: `You can add up to ${MAX_ADDITIONAL_PHOTOS} additional photos.`,
  uploaded: { title: 'Photos Uploaded', description: 'All photos uploaded successfully!' },
  removed: { title: 'Photo Removed', description: 'The additional photo was removed.' },
} as const

export const VEHICLE_MESSAGES = {
  plate: 'Please enter your license plate',
  plateFormat: 'Use letters, numbers, spaces and dashes only (up to 10)',
  state: 'Please select the state on your plate',
  year: (currentYear: number) => `Please select a year from ${MIN_VEHICLE_YEAR} to ${currentYear}`,
  make: 'Please select a make',
  excludedMake: 'This make is not eligible for Comprehensive plans. See the excluded vehicles list.',
  model: 'Please select a model',
  modelNotListed: 'Please select a model from the list',
  saveFailed: 'Failed to save vehicle information',
  updateFailed: 'Failed to update policy',
  success: { title: 'Success!', description: 'Your policy is now complete' },
  noModels: (make: string, year: number | string) => ({
    title: 'No Models Found',
    description: `No models found for ${make} in ${year}. Try a different year or make.`,
  }),
  modelsError: { title: 'Error Loading Models', description: 'Failed to load vehicle models. Please try again.' },
} as const

const yearField = (now: Date) => {
  const currentYear = now.getFullYear()
  return z.coerce
    .number({ error: VEHICLE_MESSAGES.year(currentYear) })
    .int(VEHICLE_MESSAGES.year(currentYear))
    .min(MIN_VEHICLE_YEAR, VEHICLE_MESSAGES.year(currentYear))
    .max(currentYear, VEHICLE_MESSAGES.year(currentYear))
}

const makeField = (planType: PlanType) =>
  singleLineText({ error: VEHICLE_MESSAGES.make })
    .min(1, VEHICLE_MESSAGES.make)
    .max(60, VEHICLE_MESSAGES.make)
    // The dropdown hides excluded makes for Comprehensive; a hand-made post must not get around it (DESIGN §6).
    .refine((make) => !(planType === 'comprehensive' && isExcludedMake(make)), VEHICLE_MESSAGES.excludedMake)
    .refine((make) => isExcludedMake(make) || isMakeAllowed(make, planType), VEHICLE_MESSAGES.make)

/** Step 2: the vehicle. The plan decides which makes are allowed. */
export function vehicleSchema(planType: PlanType, now = new Date()) {
  return z.object({
    intent: z.literal('complete').default('complete'),
    licensePlate: singleLineText({ error: VEHICLE_MESSAGES.plate })
      .min(1, { error: VEHICLE_MESSAGES.plate, abort: true })
      .max(10, VEHICLE_MESSAGES.plateFormat)
      .regex(/^[A-Za-z0-9 -]+$/, VEHICLE_MESSAGES.plateFormat)
      .transform(normalizePlate)
      .refine((plate) => plate.length > 0, VEHICLE_MESSAGES.plateFormat),
    licensePlateState: singleLineText({ error: VEHICLE_MESSAGES.state })
      .refine(isUsStateCode, VEHICLE_MESSAGES.state)
      .transform((code) => code.toUpperCase()),
    year: yearField(now),
    make: makeField(planType),
    model: singleLineText({ error: VEHICLE_MESSAGES.model }).min(1, VEHICLE_MESSAGES.model).max(80, VEHICLE_MESSAGES.model),
  })
}
export type VehicleInput = z.infer<ReturnType<typeof vehicleSchema>>

/** 'Find models' (without JavaScript) and the models lookup: a year and a make. */
export function modelLookupSchema(planType: PlanType | null, now = new Date()) {
  return z.object({
    year: yearField(now),
    make: planType ? makeField(planType) : singleLineText().min(1, VEHICLE_MESSAGES.make).max(60),
  })
}

/** The raw values of the vehicle form, kept when the step reloads ('Find models', or errors). */
export type VehicleFormValues = { licensePlate: string; licensePlateState: string; year: string; make: string; model: string }

export function vehicleFormValues(form: FormData): VehicleFormValues {
  const text = (name: string) => {
    const value = form.get(name)
    return typeof value === 'string' ? value.slice(0, 80) : ''
  }
  return {
    licensePlate: text('licensePlate'),
    licensePlateState: text('licensePlateState'),
    year: text('year'),
    make: text('make'),
    model: text('model'),
  }
}

export const TRANSFER_VEHICLE_MESSAGES = {
  vehicleType: 'Please choose the class of your new vehicle',
  hasAdas: 'Please say whether your new vehicle has ADAS',
} as const

/**
 * The transfer's vehicle step: the setup step's fields, and for Comprehensive (priced by class and ADAS) the new
 * vehicle's class and ADAS, which must match the plan's (the model says why when they do not).
 */
export function transferVehicleSchema(planType: PlanType, now = new Date()) {
  const base = vehicleSchema(planType, now)
  // Chip Repair Only is one price for every vehicle: class and ADAS are not asked, and ignored if sent.
  if (planType !== 'comprehensive')
    return base.extend({ vehicleType: z.any().transform(() => null), hasAdas: z.any().transform(() => null) })
  return base.extend({
    vehicleType: z.enum(VEHICLE_TYPES, { error: TRANSFER_VEHICLE_MESSAGES.vehicleType }),
    hasAdas: z.enum(['true', 'false'], { error: TRANSFER_VEHICLE_MESSAGES.hasAdas }).transform((value) => value === 'true'),
  })
}
export type TransferVehicleInput = z.infer<ReturnType<typeof transferVehicleSchema>>
