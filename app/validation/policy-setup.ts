import { z } from 'zod'

import { isExcludedMake, isMakeAllowed, isUsStateCode } from '~/content/vehicles'
import { PHOTO_SLOTS, TRANSFER_VEHICLE_MESSAGES, VEHICLE_MESSAGES, VIN_MESSAGES } from '~/domain/messages'
import { type PlanType, VEHICLE_TYPES } from '~/domain/plans'
import { REQUIRED_PHOTO_TYPES, type RequiredPhotoType } from '~/domain/uploads'
import { MIN_VEHICLE_YEAR, normalizePlate } from '~/domain/vehicles'
import { checkVin, normalizeVin } from '~/domain/vin'

import { MAX_LENGTH } from './limits'
import { phoneField } from './privacy'
import { singleLineText } from './text'

/**
 * The setup wizard's forms, shared by the wizard's components, its actions and
 * the demo. Their messages live in `app/domain/messages.ts`.
 */

/** A stored setup photo's name for people: the slot's label, or 'Additional photo'. */
export function setupPhotoLabel(photoType: string) {
  return photoType in PHOTO_SLOTS ? PHOTO_SLOTS[photoType as RequiredPhotoType].label : 'Additional photo'
}

/** The form field of the optional additional photos (several files). */
export const ADDITIONAL_PHOTOS_FIELD = 'other'

export function isRequiredPhotoType(value: string): value is RequiredPhotoType {
  return (REQUIRED_PHOTO_TYPES as readonly string[]).includes(value)
}

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
    .max(MAX_LENGTH.vehicleMake, VEHICLE_MESSAGES.make)
    // The dropdown hides excluded makes for Comprehensive; a hand-made post must not get around it.
    .refine((make) => !(planType === 'comprehensive' && isExcludedMake(make)), VEHICLE_MESSAGES.excludedMake)
    .refine((make) => isExcludedMake(make) || isMakeAllowed(make, planType), VEHICLE_MESSAGES.make)

/**
 * The optional VIN, stored normalised (upper case, no spaces): each way it can be wrong has its own message
 * (domain/vin). Whether the plan can cover what it decodes to is the model's (models/vehicles lookUpVin).
 */
export function vinField() {
  return singleLineText({ error: VIN_MESSAGES.characters })
    .max(MAX_LENGTH.vin, VIN_MESSAGES.tooLong)
    .transform(normalizeVin)
    .superRefine((vin, ctx) => {
      const check = checkVin(vin)
      if (!check.ok) ctx.addIssue({ code: 'custom', message: check.message })
    })
    .optional()
}

/** Step 2: the vehicle. The plan decides which makes are allowed. */
export function vehicleSchema(planType: PlanType, now = new Date()) {
  return z.object({
    intent: z.literal('complete').default('complete'),
    licensePlate: singleLineText({ error: VEHICLE_MESSAGES.plate })
      .min(1, { error: VEHICLE_MESSAGES.plate, abort: true })
      .max(MAX_LENGTH.licensePlate, VEHICLE_MESSAGES.plateFormat)
      .regex(/^[A-Za-z0-9 -]+$/, VEHICLE_MESSAGES.plateFormat)
      .transform(normalizePlate)
      .refine((plate) => plate.length > 0, VEHICLE_MESSAGES.plateFormat),
    licensePlateState: singleLineText({ error: VEHICLE_MESSAGES.state })
      .refine(isUsStateCode, VEHICLE_MESSAGES.state)
      .transform((code) => code.toUpperCase()),
    year: yearField(now),
    make: makeField(planType),
    model: singleLineText({ error: VEHICLE_MESSAGES.model })
      .min(1, VEHICLE_MESSAGES.model)
      .max(MAX_LENGTH.vehicleModel, VEHICLE_MESSAGES.model),
    vin: vinField(),
  })
}
export type VehicleInput = z.infer<ReturnType<typeof vehicleSchema>>

/** The setup wizard's step 2: the vehicle, and the phone a shop calls the customer on (optional, kept on the profile). */
export function setupVehicleSchema(planType: PlanType, now = new Date()) {
  return vehicleSchema(planType, now).extend({ phone: phoneField() })
}

/** 'Find models' (without JavaScript) and the models lookup: a year and a make. */
export function modelLookupSchema(planType: PlanType | null, now = new Date()) {
  return z.object({
    year: yearField(now),
    make: planType ? makeField(planType) : singleLineText().min(1, VEHICLE_MESSAGES.make).max(MAX_LENGTH.vehicleMake),
  })
}

/** The raw values of the vehicle form, kept when the step reloads ('Find models', 'Look up', or errors). */
export type VehicleFormValues = { licensePlate: string; licensePlateState: string; year: string; make: string; model: string; vin: string }

/** 'Look up' (without JavaScript): the VIN alone. */
export function vinLookupSchema() {
  return z.object({ vin: vinField().refine((vin) => vin !== undefined, VIN_MESSAGES.empty) })
}

/** The longest of the vehicle form's fields: a value kept for the page is cut there, never longer than any field takes. */
const LONGEST_VEHICLE_FIELD = Math.max(MAX_LENGTH.vehicleMake, MAX_LENGTH.vehicleModel, MAX_LENGTH.vin, MAX_LENGTH.licensePlate)

export function vehicleFormValues(form: FormData): VehicleFormValues {
  const text = (name: string) => {
    const value = form.get(name)
    return typeof value === 'string' ? value.slice(0, LONGEST_VEHICLE_FIELD) : ''
  }
  return {
    licensePlate: text('licensePlate'),
    licensePlateState: text('licensePlateState'),
    year: text('year'),
    make: text('make'),
    model: text('model'),
    vin: text('vin'),
  }
}

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
