import { z } from 'zod'

import { APPOINTMENT_MESSAGES, DISPUTE_MESSAGES, SHOP_CHOICE_MESSAGES } from '~/domain/messages'
import { SERVICE_PLACES, TIME_PATTERN, TIME_SLOTS, ZIP_PATTERN } from '~/domain/shops'

import { dayField } from './days'
import { invoiceShape } from './invoice'
import { MAX_LENGTH } from './limits'
import { freeText, singleLineText } from './text'

const zip = singleLineText({ error: SHOP_CHOICE_MESSAGES.zipFormat }).regex(ZIP_PATTERN, SHOP_CHOICE_MESSAGES.zipFormat)

/** The ZIP the customer looks for shops near (a GET form: the list is a page of its own, bookmarkable, no JS needed). */
export const ShopSearchSchema = z.object({ zip })

/** The customer's choice: a shop from the list, a day, morning or afternoon, and the shop or its mobile service. */
export const ChooseShopSchema = z
  .object({
    zip,
    locationId: singleLineText({ error: SHOP_CHOICE_MESSAGES.chooseShop }).min(1, SHOP_CHOICE_MESSAGES.chooseShop),
    preferredDate: dayField(SHOP_CHOICE_MESSAGES.chooseDay),
    preferredSlot: z.enum(TIME_SLOTS, { error: SHOP_CHOICE_MESSAGES.chooseSlot }),
    serviceAt: z.enum(SERVICE_PLACES, { error: SHOP_CHOICE_MESSAGES.choosePlace }),
    serviceAddress: singleLineText()
      .max(MAX_LENGTH.streetAddress, SHOP_CHOICE_MESSAGES.addressTooLong)
      .optional()
      .transform((value) => value || null),
  })
  .superRefine((value, ctx) => {
    if (value.serviceAt === 'mobile' && !value.serviceAddress) {
      ctx.addIssue({ code: 'custom', path: ['serviceAddress'], message: SHOP_CHOICE_MESSAGES.addressRequired })
    }
  })

/** The shop's appointment: a time inside the window asked for (on the day asked for), or another day and time. */
export const AppointmentSchema = z.discriminatedUnion('intent', [
  z.object({
    intent: z.literal('confirm'),
    time: singleLineText({ error: APPOINTMENT_MESSAGES.timeFormat }).regex(TIME_PATTERN, APPOINTMENT_MESSAGES.timeFormat),
  }),
  z.object({
    intent: z.literal('propose'),
    date: dayField(APPOINTMENT_MESSAGES.dateFormat),
    time: singleLineText({ error: APPOINTMENT_MESSAGES.timeFormat }).regex(TIME_PATTERN, APPOINTMENT_MESSAGES.timeFormat),
  }),
])

/** The customer's one request for another time: a new day and half day, from the same list as when choosing. */
export const RescheduleSchema = z.object({
  preferredDate: dayField(SHOP_CHOICE_MESSAGES.chooseDay),
  preferredSlot: z.enum(TIME_SLOTS, { error: SHOP_CHOICE_MESSAGES.chooseSlot }),
})

/** The shop's correction of a rejected invoice: the invoice's fields again, as the declaration has them. */
export const InvoiceCorrectionSchema = z.object({ intent: z.literal('resubmit'), ...invoiceShape })

/** The shop's dispute of a rejection or a short-pay: a message (the files are checked beside it). */
export const DisputeSchema = z.object({
  intent: z.literal('dispute'),
  message: freeText({ error: DISPUTE_MESSAGES.messageRequired })
    .min(1, DISPUTE_MESSAGES.messageRequired)
    .max(MAX_LENGTH.longText, DISPUTE_MESSAGES.messageTooLong),
})
