import { describe, expect, it } from 'vitest'
import type { z } from 'zod'

import { MAX_OPERATOR_CREDIT_CENTS } from '~/domain/credits'
import { formatDollars, formatPrice, parseDollars } from '~/domain/format'
import { MAX_INVOICE_CENTS } from '~/domain/invoice'
import { CLAIM_FIELD_MESSAGES, CREDIT_MESSAGES, PRICE_SCHEDULE_MESSAGES } from '~/domain/messages'
import { SCHEDULE_BOUNDS, SCHEDULE_SERVICE_LABELS } from '~/domain/price-schedule'
import { ReviewSchema } from '~/validation/claims'
import { CompleteClaimSchema } from '~/validation/invoice'
import { AddCreditSchema } from '~/validation/operator'
import { PriceScheduleSchema } from '~/validation/price-schedule'
import { PriceChangeSchema, PricesSchema } from '~/validation/prices'

// Every field of app/validation a person types an amount of dollars into, with its range in cents and the message
// shown by it: the same typed amount is the same cents in each (or that field's message, when outside its range).
type AmountField = { schema: z.ZodType; rest: Record<string, unknown>; field: string; min: number; max: number; message: string }

const fields: Record<string, AmountField> = {
  'monthly price': {
    schema: PricesSchema,
    rest: {},
    field: 'chip_only',
    min: 100,
    max: 99_999,
    message: 'Enter a monthly price in dollars, from $1.00 to $999.99, like 19.99.',
  },
  'yearly price': {
    schema: PricesSchema,
    rest: {},
    field: 'chip_only_yearly',
    min: 100,
    max: 999_999,
    message: 'Enter a yearly price in dollars, from $1.00 to $9,999.99, like 199.90.',
  },
  'scheduled price change': {
    schema: PriceChangeSchema,
    rest: { intent: 'schedule' },
    field: 'amount',
    min: 100,
    max: 999_999,
    message: 'Enter the new price in dollars, from $1.00 to $9,999.99, like 19.99.',
  },
  'price schedule amount': {
    schema: PriceScheduleSchema,
    rest: {},
    field: 'replacementCar',
    ...SCHEDULE_BOUNDS.replacementCar,
    message: PRICE_SCHEDULE_MESSAGES.amount(SCHEDULE_SERVICE_LABELS.replacementCar, '$50.00', '$3,000.00'),
  },
  'price schedule surcharge (from $0)': {
    schema: PriceScheduleSchema,
    rest: {},
    field: 'mobileSurcharge',
    ...SCHEDULE_BOUNDS.mobileSurcharge,
    message: PRICE_SCHEDULE_MESSAGES.amount(SCHEDULE_SERVICE_LABELS.mobileSurcharge, '$0.00', '$200.00'),
  },
  'operator credit': {
    schema: AddCreditSchema,
    rest: { intent: 'add-credit' },
    field: 'amount',
    min: 1,
    max: MAX_OPERATOR_CREDIT_CENTS,
    message: CREDIT_MESSAGES.amountInvalid(formatPrice(MAX_OPERATOR_CREDIT_CENTS)),
  },
  'invoice total': {
    schema: CompleteClaimSchema,
    rest: {},
    field: 'actualCost',
    min: 0,
    max: MAX_INVOICE_CENTS,
    message: CLAIM_FIELD_MESSAGES.actualCost,
  },
  'invoice amount accepted': {
    schema: ReviewSchema,
    rest: { intent: 'approve-payment' },
    field: 'acceptedAmount',
    min: 0,
    max: MAX_INVOICE_CENTS,
    message: CLAIM_FIELD_MESSAGES.actualCost,
  },
  'dispute amount accepted': {
    schema: ReviewSchema,
    rest: { intent: 'answer-dispute' },
    field: 'acceptedAmount',
    min: 0,
    max: MAX_INVOICE_CENTS,
    message: CLAIM_FIELD_MESSAGES.actualCost,
  },
}

/** One amount, typed each way a person writes it. */
const SPELLINGS: Array<[string, number]> = [
  ['$1,250.00', 125_000],
  ['1250', 125_000],
  ['1,250', 125_000],
  ['$1250', 125_000],
  ['1250.0', 125_000],
  [' $ 1,250.00 ', 125_000],
  ['19.99', 1_999],
  ['$19.99', 1_999],
  ['0.07', 7],
  ['$150', 15_000],
  ['1,000', 100_000],
]

/** Not written as dollars, whatever the field. */
const NOT_DOLLARS = ['abc', '12,50', '1,2500', '12.345', '-5', '$-5', '1.2.3', '12 50', '$', '.', '1e3', '0x10', '1,250,00']

/** The field's messages in its whole form, else what its own rule keeps (the rest of its form may be left out). */
function outcome(entry: AmountField, typed: string): { cents: unknown } | { messages: string[] } {
  const result = entry.schema.safeParse({ ...entry.rest, [entry.field]: typed })
  const messages = result.success ? [] : result.error.issues.filter((issue) => issue.path[0] === entry.field).map((issue) => issue.message)
  if (messages.length > 0) return { messages }
  const schema = entry.schema as unknown as { shape?: Record<string, z.ZodType>; options?: z.ZodObject[] }
  const shape = schema.shape ?? schema.options!.find((option) => option.shape.intent!.safeParse(entry.rest.intent).success)!.shape
  return { cents: shape[entry.field]!.parse(typed) }
}

describe('every typed amount is read one way', () => {
  it.each(SPELLINGS)('parseDollars reads %j as %i cents', (typed, cents) => expect(parseDollars(typed)).toBe(cents))
  it.each(NOT_DOLLARS)('parseDollars refuses %j', (typed) => expect(parseDollars(typed)).toBeNull())
  it.each([0, 7, 1_999, 125_000, 99_999_999])('formatDollars writes %i cents as the form reads them back', (cents) => {
    expect(parseDollars(formatDollars(cents))).toBe(cents)
    expect(parseDollars(formatPrice(cents))).toBe(cents)
  })

  describe.each(Object.entries(fields))('%s', (_, entry) => {
    it.each(SPELLINGS)('%j is %i cents, or the field’s message outside its range', (typed, cents) => {
      const within = cents >= entry.min && cents <= entry.max
      expect(outcome(entry, typed)).toEqual(within ? { cents } : { messages: [entry.message] })
    })
    it('its lowest and highest amounts are taken, one cent beyond is its message', () => {
      expect(outcome(entry, formatPrice(entry.min))).toEqual({ cents: entry.min })
      expect(outcome(entry, formatDollars(entry.max))).toEqual({ cents: entry.max })
      expect(outcome(entry, formatDollars(entry.max + 1))).toEqual({ messages: [entry.message] })
      if (entry.min > 0) expect(outcome(entry, formatDollars(entry.min - 1))).toEqual({ messages: [entry.message] })
    })
    it.each(NOT_DOLLARS)('%j is the field’s message', (typed) => {
      expect(outcome(entry, typed)).toEqual({ messages: [entry.message] })
    })
  })
})
