import { z } from 'zod'

/** A monthly price typed in dollars ('19.99'), kept as cents. */
export const dollarsToCents = z
  .string({ error: 'Enter a monthly price.' })
  .trim()
  .regex(/^\d{1,3}(\.\d{1,2})?$/, 'Enter a price in dollars, like 19.99.')
  .transform((value) => Math.round(Number(value) * 100))
  .refine((cents) => cents >= 100, 'A plan costs at least $1.00 a month.')

export const PricesSchema = z.object({
  chip_only: dollarsToCents,
  comprehensive_car_adas_false: dollarsToCents,
  comprehensive_car_adas_true: dollarsToCents,
  comprehensive_trucksuv_adas_false: dollarsToCents,
  comprehensive_trucksuv_adas_true: dollarsToCents,
})
