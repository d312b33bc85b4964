import { z } from 'zod'

import { singleLineText } from './text'

export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

const name = singleLineText({ error: 'Enter a name.' })
  .min(2, 'Enter a name of at least 2 characters.')
  .max(120, 'Keep the name under 120 characters.')
const optionalText = (max: number, message: string) =>
  singleLineText()
    .max(max, message)
    .optional()
    .transform((value) => value || null)

const groupFields = {
  name,
  email: singleLineText()
    .email('Enter a valid email address.')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  phone: optionalText(40, 'Keep the phone number under 40 characters.'),
}
const locationFields = {
  partnerGroupId: singleLineText({ error: 'Choose the partner group.' }).min(1, 'Choose the partner group.'),
  name,
  slug: singleLineText({ error: 'Enter the signup link name.' })
    .toLowerCase()
    .min(3, 'Use at least 3 characters.')
    .max(60, 'Keep it under 60 characters.')
    .regex(SLUG_PATTERN, 'Use lower-case letters, digits and single hyphens, like "main-street-glass".'),
}

/** The partner console's forms, one union keyed on `intent`; editing uses the same rules as creating. */
export const PartnerConsoleSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('create-group'), ...groupFields }),
  z.object({ intent: z.literal('create-location'), ...locationFields }),
  z.object({ intent: z.literal('edit-group'), id: singleLineText().min(1), ...groupFields }),
  z.object({ intent: z.literal('edit-location'), id: singleLineText().min(1), ...locationFields }),
  z.object({ intent: z.literal('set-group-active'), id: singleLineText().min(1), active: z.enum(['true', 'false']) }),
  z.object({ intent: z.literal('set-location-active'), id: singleLineText().min(1), active: z.enum(['true', 'false']) }),
])
