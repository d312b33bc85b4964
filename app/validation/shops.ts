import { z } from 'zod'

import { SHOP_CHOICE_MESSAGES } from '~/domain/messages'
import { SERVICE_PLACES, TIME_SLOTS, ZIP_PATTERN } from '~/domain/shops'

import { singleLineText } from './text'

const zip = singleLineText({ error: SHOP_CHOICE_MESSAGES.zipFormat }).regex(ZIP_PATTERN, SHOP_CHOICE_MESSAGES.zipFormat)

/** The ZIP the customer looks for shops near (a GET form: the list is a page of its own, bookmarkable, no JS needed). */
export const ShopSearchSchema = z.object({ zip })

/** The customer's choice: a shop from the list, a day, morning or afternoon, and the shop or its mobile service. */
export const ChooseShopSchema = z
  .object({
    zip,
    locationId: singleLineText({ error: SHOP_CHOICE_MESSAGES.chooseShop }).min(1, SHOP_CHOICE_MESSAGES.chooseShop),
    preferredDate: singleLineText({ error: SHOP_CHOICE_MESSAGES.chooseDay }).regex(/^\d{4}-\d{2}-\d{2}$/, SHOP_CHOICE_MESSAGES.chooseDay),
    preferredSlot: z.enum(TIME_SLOTS, { error: SHOP_CHOICE_MESSAGES.chooseSlot }),
    serviceAt: z.enum(SERVICE_PLACES, { error: SHOP_CHOICE_MESSAGES.choosePlace }),
    serviceAddress: singleLineText()
      .max(160, SHOP_CHOICE_MESSAGES.addressTooLong)
      .optional()
      .transform((value) => value || null),
  })
  .superRefine((value, ctx) => {
    if (value.serviceAt === 'mobile' && !value.serviceAddress) {
      ctx.addIssue({ code: 'custom', path: ['serviceAddress'], message: SHOP_CHOICE_MESSAGES.addressRequired })
    }
  })
