import { z } from 'zod'

import { LOOKUP_KEYS } from '~/domain/plans'

import { dayField } from './days'
import { MAX_LENGTH } from './limits'
import { singleLineText } from './text'

/** A monthly price typed in dollars ('19.99'), kept as cents. */
export const dollarsToCents = singleLineText({ error: 'Enter a monthly price.' })
  .regex(/^\d{1,3}(\.\d{1,2})?$/, 'Enter a price in dollars, like 19.99.')
  .transform((value) => Math.round(Number(value) * 100))
  .refine((cents) => cents >= 100, 'A plan costs at least $1.00 a month.')

/** A yearly price typed in dollars ('199.90'), kept as cents. */
export const yearlyDollarsToCents = singleLineText({ error: 'Enter a yearly price.' })
  .regex(/^\d{1,4}(\.\d{1,2})?$/, 'Enter a price in dollars, like 199.90.')
  .transform((value) => Math.round(Number(value) * 100))
  .refine((cents) => cents >= 100, 'A plan costs at least $1.00 a year.')

/** A monthly or a yearly price ('19.99', '199.90'): a change may be scheduled for either kind of key. */
const anyPriceToCents = singleLineText({ error: 'Enter the new price.' })
  .regex(/^\d{1,4}(\.\d{1,2})?$/, 'Enter a price in dollars, like 19.99.')
  .transform((value) => Math.round(Number(value) * 100))
  .refine((cents) => cents >= 100, 'A plan costs at least $1.00.')

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

export const CancelPriceChangeSchema = z.object({
  intent: z.literal('cancel-change'),
  changeId: singleLineText().min(1).max(MAX_LENGTH.recordId),
})
