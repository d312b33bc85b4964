/**
 * How amounts and dates read everywhere (pages, e-mails, the PDF-free documents): one formatter each. A moment is read
 * in the zone it is given (the reader's; UTC when none is), never the machine's, so the server and the browser render
 * the same text; a YYYY-MM-DD date is read in UTC and never shifts a day (dates in the US long format).
 */

import { dayOf, formatMomentIn, SERVICE_ZONE } from './calendar'

const USD = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 })

/** A number with its noun, in the singular for one: (1, 'claim') → '1 claim'; (1200, 'claim') → '1,200 claims'. */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? singular : plural}`
}

/** 1999 → '$19.99'; 123456 → '$1,234.56'. */
export function formatPrice(cents: number): string {
  return USD.format(cents / 100)
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
  return new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value)
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
