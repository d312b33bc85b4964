/**
 * How amounts and dates read everywhere (pages, e-mails, the PDF-free documents): one formatter each. Dates are read in
 * UTC so the server and the browser render the same text and a YYYY-MM-DD date never shifts a day (dates in the US long
 * format).
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

const LONG_DATE = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' })

function toDate(value: string | Date): Date {
  if (value instanceof Date) return value
  return new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value)
}

/** 'November 21, 2026' from an ISO time, a YYYY-MM-DD date or a Date; `fallback` for a missing or unreadable value. */
export function formatLongDate(value: string | Date | null | undefined, fallback = ''): string {
  if (value == null || value === '') return fallback
  const date = toDate(value)
  return Number.isNaN(date.getTime()) ? fallback : LONG_DATE.format(date)
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

/** Today's date as YYYY-MM-DD in UTC (US dates are never ahead of UTC). */
export function todayIso(now = new Date()) {
  return dayOf(now)
}
