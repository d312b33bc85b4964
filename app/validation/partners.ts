import { z } from 'zod'

import { SHOP_STAFF_MESSAGES } from '~/domain/messages'
import { ZIP_PATTERN } from '~/domain/shops'

import { MAX_LENGTH, MAX_VALUE } from './limits'
import { singleLineText } from './text'

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

const name = singleLineText({ error: 'Enter a name.' })
  .min(2, 'Enter a name of at least 2 characters.')
  .max(MAX_LENGTH.businessName, `Keep the name under ${MAX_LENGTH.businessName} characters.`)
const optionalText = (max: number, message: string) =>
  singleLineText()
    .max(max, message)
    .optional()
    .transform((value) => value || null)

/** A checkbox: sent as "on" when ticked, absent when not (a plain string: a z.enum would give the box a `pattern`). */
const checkbox = singleLineText()
  .optional()
  .transform((value) => value === 'on')

/**
 * Where a location is and what it does. Optional for a location that only has a signup link; one without a ZIP is not
 * offered to customers choosing a shop. The ZIP must be a real one: the action checks it against the bundled list.
 */
function placeFields() {
  return {
    address: optionalText(MAX_LENGTH.streetAddress, `Keep the street address under ${MAX_LENGTH.streetAddress} characters.`),
    city: optionalText(MAX_LENGTH.city, `Keep the city under ${MAX_LENGTH.city} characters.`),
    state: singleLineText()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, 'Enter the two-letter state, like UT.')
      .optional()
      .or(z.literal('').transform(() => undefined))
      .transform((value) => value ?? null),
    zip: singleLineText()
      .regex(ZIP_PATTERN, 'Enter the five-digit ZIP code, like 84101.')
      .optional()
      .or(z.literal('').transform(() => undefined))
      .transform((value) => value ?? null),
    phone: optionalText(MAX_LENGTH.listedPhone, `Keep the phone number under ${MAX_LENGTH.listedPhone} characters.`),
    hours: optionalText(MAX_LENGTH.openingHours, `Keep the opening hours under ${MAX_LENGTH.openingHours} characters.`),
    mobileService: checkbox,
    mobileRadiusMiles: z
      .number({ error: 'Enter the radius in whole miles, like 25.' })
      .int('Enter the radius in whole miles, like 25.')
      .min(1, 'Enter a radius of at least 1 mile.')
      .max(MAX_VALUE.mobileRadiusMiles, `Enter a radius of at most ${MAX_VALUE.mobileRadiusMiles} miles.`)
      .optional()
      .transform((value) => value ?? null),
    offersChipRepair: checkbox,
    offersReplacement: checkbox,
    offersCalibration: checkbox,
  }
}

const groupFields = {
  name,
  email: singleLineText()
    .email('Enter a valid email address.')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  phone: optionalText(MAX_LENGTH.listedPhone, `Keep the phone number under ${MAX_LENGTH.listedPhone} characters.`),
}
const locationFields = {
  partnerGroupId: singleLineText({ error: 'Choose the partner group.' }).min(1, 'Choose the partner group.'),
  name,
  slug: singleLineText({ error: 'Enter the signup link name.' })
    .toLowerCase()
    .min(3, 'Use at least 3 characters.')
    .max(MAX_LENGTH.signupSlug, `Keep it under ${MAX_LENGTH.signupSlug} characters.`)
    .regex(SLUG_PATTERN, 'Use lower-case letters, digits and single hyphens, like "main-street-glass".'),
  ...placeFields(),
}

const withPlaceRules = <T extends z.ZodObject<ReturnType<typeof placeFields>>>(schema: T) =>
  schema.superRefine((value, ctx) => {
    if (value.mobileService && value.mobileRadiusMiles === null) {
      ctx.addIssue({ code: 'custom', path: ['mobileRadiusMiles'], message: 'Enter how many miles the mobile service travels.' })
    }
    if (!value.offersChipRepair && !value.offersReplacement && !value.offersCalibration) {
      ctx.addIssue({ code: 'custom', path: ['offersChipRepair'], message: 'Choose at least one service.' })
    }
  })

/** The partner console's forms, one union keyed on `intent`; editing uses the same rules as creating. */
export const PartnerConsoleSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('create-group'), ...groupFields }),
  withPlaceRules(z.object({ intent: z.literal('create-location'), ...locationFields })),
  z.object({ intent: z.literal('edit-group'), id: singleLineText().min(1), ...groupFields }),
  withPlaceRules(z.object({ intent: z.literal('edit-location'), id: singleLineText().min(1), ...locationFields })),
  z.object({ intent: z.literal('set-group-active'), id: singleLineText().min(1), active: z.enum(['true', 'false']) }),
  z.object({ intent: z.literal('set-location-active'), id: singleLineText().min(1), active: z.enum(['true', 'false']) }),
  // A group's staff: the addresses that get the shop's pages when they sign in.
  z.object({
    intent: z.literal('add-staff'),
    id: singleLineText().min(1),
    email: singleLineText({ error: SHOP_STAFF_MESSAGES.emailFormat })
      .toLowerCase()
      .email(SHOP_STAFF_MESSAGES.emailFormat)
      .max(MAX_LENGTH.email, SHOP_STAFF_MESSAGES.emailFormat),
  }),
  z.object({ intent: z.literal('remove-staff'), id: singleLineText().min(1) }),
])
