import { z } from 'zod'

import { STORM_MESSAGES } from '~/domain/messages'
import { AREA_CODE_PATTERN, areaCodes, MAX_STORM_AREA_CODES, STORM_FILING_DAYS } from '~/domain/storms'

import { dayField } from './days'
import { MAX_LENGTH } from './limits'
import { freeText, singleLineText } from './text'

const day = dayField(STORM_MESSAGES.dateFormat)

const wholeDays = STORM_MESSAGES.filingDays(STORM_FILING_DAYS.min, STORM_FILING_DAYS.max)

/**
 * The operator's declaration of a storm (/admin/storms). The form checks what it can alone (the codes' shape, the
 * order of the days); whether each ZIP exists and whether the area overlaps another storm's is the model's
 * (declareStormEvent), which has the ZIP table and the other events.
 */
export const StormEventSchema = z
  .object({
    name: singleLineText({ error: STORM_MESSAGES.nameRequired })
      .min(1, STORM_MESSAGES.nameRequired)
      .max(MAX_LENGTH.stormName, STORM_MESSAGES.nameTooLong),
    area: freeText({ error: STORM_MESSAGES.areaRequired })
      .min(1, STORM_MESSAGES.areaRequired)
      .max(MAX_STORM_AREA_CODES * 7, STORM_MESSAGES.areaTooLong(MAX_STORM_AREA_CODES))
      .transform((value, context) => {
        const codes = areaCodes(value)
        if (codes.length === 0) context.addIssue({ code: 'custom', message: STORM_MESSAGES.areaRequired })
        if (codes.length > MAX_STORM_AREA_CODES)
          context.addIssue({ code: 'custom', message: STORM_MESSAGES.areaTooLong(MAX_STORM_AREA_CODES) })
        const malformed = codes.find((code) => !AREA_CODE_PATTERN.test(code))
        if (malformed) context.addIssue({ code: 'custom', message: STORM_MESSAGES.areaCodeFormat(malformed.slice(0, 12)) })
        return codes
      }),
    startsOn: day,
    endsOn: day,
    filingDays: z.coerce
      .number({ error: wholeDays })
      .int(wholeDays)
      .min(STORM_FILING_DAYS.min, wholeDays)
      .max(STORM_FILING_DAYS.max, wholeDays),
  })
  .superRefine((value, context) => {
    if (value.endsOn < value.startsOn) context.addIssue({ code: 'custom', path: ['endsOn'], message: STORM_MESSAGES.endBeforeStart })
  })
export type StormEventValues = z.infer<typeof StormEventSchema>

/** The most jobs a day a location may say it takes: a number, not a typo of one. */
export const MAX_DAILY_CAPACITY = 500

const capacityMessage = STORM_MESSAGES.capacity(MAX_DAILY_CAPACITY)

/** A shop location's daily capacity, set on the shop's pages; empty clears it. */
export const DailyCapacitySchema = z.object({
  intent: z.literal('capacity'),
  locationId: singleLineText().min(1),
  dailyCapacity: singleLineText()
    .optional()
    .transform((value, context) => {
      if (!value) return null
      if (!/^\d{1,3}$/.test(value) || Number(value) < 1 || Number(value) > MAX_DAILY_CAPACITY) {
        context.addIssue({ code: 'custom', message: capacityMessage })
        return z.NEVER
      }
      return Number(value)
    }),
})
