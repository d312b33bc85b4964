/**
 * How amounts and dates read everywhere (pages, e-mails, the PDF-free documents): one formatter each. A moment is read
 * in the zone it is given (the reader's; UTC when none is), never the machine's, so the server and the browser render
 * the same text; a YYYY-MM-DD date is read in UTC and never shifts a day (dates in the US long format).
 */

import { dayOf, formatMomentIn, SERVICE_ZONE, startOfDayIn } from './calendar'

const USD = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 })

/** A number with its noun, in the singular for one: (1, 'claim') → '1 claim'; (1200, 'claim') → '1,200 claims'. */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? singular : plural}`
}

/** 1999 → '$19.99'; 123456 → '$1,234.56'. */
export function formatPrice(cents: number): string {
  return USD.format(cents / 100)
}

/**
 * 123456 → '1234.56': an amount as a form writes it back and a CSV cell holds it (no sign, no commas, so a
 * spreadsheet adds it up and the form's own rule reads it again).
 */
export function formatDollars(cents: number): string {
  const whole = Math.trunc(Math.abs(cents) / 100)
  const rest = String(Math.abs(cents) % 100).padStart(2, '0')
  return `${cents < 0 ? '-' : ''}${whole}.${rest}`
}

/** Dollars as a person types them: a '$' or not, commas between thousands or none, up to two decimals. */
const TYPED_DOLLARS = /^\$?\s*(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/

/**
 * A typed amount in whole cents, or null when it is not written as dollars: '$1,250.00', '1250', '1,250' and
 * '1250.0' are all 125000. Commas only between thousands ('12,50' is refused, not read as 1250 or as 12.50); counted
 * in whole numbers, so 19.99 is 1999 and never 1998.9999. The one reader of typed dollars: app/validation/dollars.ts
 * (`dollarsField`) and the invoice's total (app/domain/invoice.ts) both start here.
 */
export function parseDollars(text: string): number | null {
  const match = TYPED_DOLLARS.exec(text.trim())
  if (!match) return null
  const whole = Number(match[1]!.replaceAll(',', ''))
  const cents = whole * 100 + Number((match[2] ?? '').padEnd(2, '0'))
  return Number.isSafeInteger(cents) ? cents : null
}

/** `parseDollars`, kept only from `min` to `max` cents (both included): null outside them. */
export function dollarsWithin(text: string, { min, max }: { min: number; max: number }): number | null {
  const cents = parseDollars(text)
  return cents !== null && cents >= min && cents <= max ? cents : null
}

const longDates = new Map<string, Intl.DateTimeFormat>()
function longDateIn(zone: string) {
  let format = longDates.get(zone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: zone })
    longDates.set(zone, format)
  }
  return format
}

function toDate(value: string | Date): Date {
  if (value instanceof Date) return value
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? startOfDayIn(value) : new Date(value)
}

/**
 * 'November 21, 2026' from an ISO time, a YYYY-MM-DD date or a Date; `fallback` for a missing or unreadable value. A
 * moment is told as the day it was in `zone`, the zone of the person who reads it (at 11 PM in Chicago a claim filed
 * then is filed on that day, not the UTC day after). A YYYY-MM-DD day is already a day (a damage date, a day picked
 * for a shop): it is read in UTC, where it was written, whatever `zone`, so it never moves a day.
 */
export function formatLongDate(value: string | Date | null | undefined, fallback = '', zone = SERVICE_ZONE): string {
  if (value == null || value === '') return fallback
  const date = toDate(value)
  if (Number.isNaN(date.getTime())) return fallback
  const storedDay = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)
  return longDateIn(storedDay ? 'UTC' : zone).format(date)
}

/**
 * 'Nov 21, 2026, 3:04 PM UTC' — for the operator's logs and queues, in the zone they chose ('… 8:04 AM MST'); every
 * time carries its zone's abbreviation.
 */
export function formatDateTime(value: string | Date | null | undefined, fallback = '—', zone = SERVICE_ZONE): string {
  if (value == null || value === '') return fallback
  const date = toDate(value)
  return Number.isNaN(date.getTime()) ? fallback : formatMomentIn(date, zone)
}

/**
 * Today's date as YYYY-MM-DD in `zone`: where a person sees or picks the day, the zone is theirs (the customer's,
 * zoneOfCustomerPolicy; the shop's, shopZoneOf). UTC, the default, is for the service's own stored days, which no
 * person's clock is read against.
 */
export function todayIso(now = new Date(), zone = SERVICE_ZONE) {
  return dayOf(now, zone)
}
