import { z } from 'zod'

import { dollarsWithin } from '~/domain/format'

import { MAX_LENGTH } from './limits'
import { singleLineText } from './text'

/**
 * The one builder for an amount a person types in dollars, kept as whole cents: '$1,250.00', '1250' and '1,250' are
 * the same amount in every form (app/domain/format.ts, `parseDollars`, reads them). `message` is shown by the field
 * when it is empty, not written as dollars, or outside `min` to `max` cents (both included), so it names the range.
 * Every amount field of app/validation starts here; tests/unit/dollar-fields.test.ts holds each to it.
 */
export function dollarsField({ min, max, message }: { min: number; max: number; message: string }) {
  return singleLineText({ error: message })
    .max(MAX_LENGTH.dollarAmount, message)
    .transform((text, context) => {
      const cents = dollarsWithin(text, { min, max })
      if (cents !== null) return cents
      context.addIssue({ code: 'custom', message })
      return z.NEVER
    })
}
