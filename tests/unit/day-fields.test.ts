import { describe, expect, it } from 'vitest'
import type { z } from 'zod'

import { isCalendarDay } from '~/domain/calendar'
import { NOT_A_CALENDAR_DAY } from '~/domain/messages'
import { SubmitClaimSchema } from '~/validation/claims'
import { ActivityQuery, FormFilingSchema } from '~/validation/operator'
import { PriceScheduleSchema } from '~/validation/price-schedule'
import { PriceChangeSchema } from '~/validation/prices'
import { shopApplicationSchema } from '~/validation/shop-applications'
import { AppointmentSchema, ChooseShopSchema, RescheduleSchema } from '~/validation/shops'
import { StormEventSchema } from '~/validation/storms'

// Every field of app/validation a person types a day into, with the rest of its form: a day written right that the
// calendar does not have is refused by that field with NOT_A_CALENDAR_DAY, and a real day is not.
const fields: Array<[string, z.ZodType, Record<string, unknown>, string]> = [
  ['damage date', SubmitClaimSchema, {}, 'damageDate'],
  ['storm first day', StormEventSchema, { endsOn: '2026-03-05' }, 'startsOn'],
  ['storm last day', StormEventSchema, { startsOn: '2026-02-01' }, 'endsOn'],
  ['activity filter from', ActivityQuery(['audit'], [], []), {}, 'from'],
  ['activity filter to', ActivityQuery(['audit'], [], []), {}, 'to'],
  ['shop insurance expiry', shopApplicationSchema('2026-01-01'), {}, 'insuranceExpiresOn'],
  ['price change effective day', PriceChangeSchema, { intent: 'schedule' }, 'effectiveOn'],
  ['price schedule effective day', PriceScheduleSchema, {}, 'effectiveOn'],
  ['customer chosen day', ChooseShopSchema, {}, 'preferredDate'],
  ['customer rescheduled day', RescheduleSchema, {}, 'preferredDate'],
  ['shop proposed day', AppointmentSchema, { intent: 'propose' }, 'date'],
  ['contract form filed on', FormFilingSchema, { intent: 'record-filing', tosVersion: '1.0.5' }, 'filedOn'],
]

function messagesAt(schema: z.ZodType, input: Record<string, unknown>, field: string) {
  const result = schema.safeParse(input)
  return result.success ? [] : result.error.issues.filter((issue) => issue.path[0] === field).map((issue) => issue.message)
}

describe('every typed day is a real calendar day', () => {
  it.each(['2026-02-29', '2026-02-30', '2026-02-31', '2027-04-31', '2026-13-01', '2026-00-10', '2026-01-00'])(
    'isCalendarDay refuses %s',
    (day) => expect(isCalendarDay(day)).toBe(false),
  )
  it.each(['2028-02-29', '2026-02-28', '2026-12-31'])('isCalendarDay takes %s', (day) => expect(isCalendarDay(day)).toBe(true))

  it.each(fields)('%s: 2026-02-31 is refused by its field, 2026-03-02 is not', (_, schema, rest, field) => {
    expect(messagesAt(schema, { ...rest, [field]: '2026-02-31' }, field)).toEqual([NOT_A_CALENDAR_DAY])
    expect(messagesAt(schema, { ...rest, [field]: '2027-02-29' }, field)).toEqual([NOT_A_CALENDAR_DAY])
    expect(messagesAt(schema, { ...rest, [field]: '2027-03-02' }, field)).toEqual([])
  })
})
