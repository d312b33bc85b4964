import { z } from 'zod'

import { formatPrice } from '~/domain/format'
import { MAX_HOUSEHOLD_DISCOUNT_PERCENT } from '~/domain/households'
import { PRICES_MESSAGES } from '~/domain/messages'
import { LOOKUP_KEYS } from '~/domain/plans'

import { dayField } from './days'
import { dollarsField } from './dollars'
import { MAX_LENGTH } from './limits'
import { singleLineText } from './text'

/** The cents a plan's price may be: at least $1.00, and as many dollars as its field has ever taken. */
const MONTHLY = { min: 100, max: 99_999 }
const ANY = { min: 100, max: 999_999 }

const priceMessage = (what: string, { min, max }: { min: number; max: number }, like: string) =>
  `Enter ${what} in dollars, from ${formatPrice(min)} to ${formatPrice(max)}, like ${like}.`

/** A monthly price typed in dollars ('19.99', '$19.99'), kept as cents. */
export const dollarsToCents = dollarsField({ ...MONTHLY, message: priceMessage('a monthly price', MONTHLY, '19.99') })

/** A yearly price typed in dollars ('199.90', '$1,199.00'), kept as cents. */
export const yearlyDollarsToCents = dollarsField({ ...ANY, message: priceMessage('a yearly price', ANY, '199.90') })

/** A monthly or a yearly price ('19.99', '199.90'): a change may be scheduled for either kind of key. */
const anyPriceToCents = dollarsField({ ...ANY, message: priceMessage('the new price', ANY, '19.99') })

export const PricesSchema = z.object({
  chip_only: dollarsToCents,
  comprehensive_car_adas_false: dollarsToCents,
  comprehensive_car_adas_true: dollarsToCents,
  comprehensive_trucksuv_adas_false: dollarsToCents,
  comprehensive_trucksuv_adas_true: dollarsToCents,
  chip_only_yearly: yearlyDollarsToCents,
  comprehensive_car_adas_false_yearly: yearlyDollarsToCents,
  comprehensive_car_adas_true_yearly: yearlyDollarsToCents,
  comprehensive_trucksuv_adas_false_yearly: yearlyDollarsToCents,
  comprehensive_trucksuv_adas_true_yearly: yearlyDollarsToCents,
})

/** Schedule a new price for one plan, effective on a date (the model checks the 30 days). */
export const PriceChangeSchema = z.object({
  intent: z.literal('schedule'),
  lookupKey: z.enum(LOOKUP_KEYS, { error: 'Choose a plan.' }),
  amount: anyPriceToCents,
  effectiveOn: dayField('Choose the date the new price starts.'),
})

/** The household discount: a whole percent off each vehicle after the first (app/domain/households.ts). */
export const HouseholdDiscountSchema = z.object({
  intent: z.literal('household-discount'),
  discountPercent: z.coerce
    .number({ error: PRICES_MESSAGES.householdDiscount(MAX_HOUSEHOLD_DISCOUNT_PERCENT) })
    .int(PRICES_MESSAGES.householdDiscount(MAX_HOUSEHOLD_DISCOUNT_PERCENT))
    .min(0, PRICES_MESSAGES.householdDiscount(MAX_HOUSEHOLD_DISCOUNT_PERCENT))
    .max(MAX_HOUSEHOLD_DISCOUNT_PERCENT, PRICES_MESSAGES.householdDiscount(MAX_HOUSEHOLD_DISCOUNT_PERCENT)),
})

export const CancelPriceChangeSchema = z.object({
  intent: z.literal('cancel-change'),
  changeId: singleLineText().min(1).max(MAX_LENGTH.recordId),
})
