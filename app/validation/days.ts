import { isCalendarDay } from '~/domain/calendar'
import { NOT_A_CALENDAR_DAY } from '~/domain/messages'

import { singleLineText } from './text'

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/

/**
 * The one builder for a day a person types (YYYY-MM-DD): `message` when it is missing or not written as a day, and
 * NOT_A_CALENDAR_DAY by the field when it is written right but the calendar has no such day (2026-02-30). A bare
 * `Date.parse` lets 2026-02-30 through as March 2nd, so every typed-day field of app/validation starts here.
 * Its own file, so a page that only needs a text field's builder does not load the calendar.
 */
export function dayField(message: string) {
  return singleLineText({ error: message })
    .regex(DAY_PATTERN, message)
    .refine((value) => !DAY_PATTERN.test(value) || isCalendarDay(value), NOT_A_CALENDAR_DAY)
}
