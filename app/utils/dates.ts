/**
 * Dates as the product shows them: US long format ('November 21, 2026'), always read in UTC so the server and the
 * browser render the same text (no hydration mismatch) and a YYYY-MM-DD date never shifts a day.
 */
const LONG_DATE = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' })

/** Accepts an ISO time, a YYYY-MM-DD date or a Date; returns '' for a missing or unreadable value. */
export function formatLongDate(value: string | Date | null | undefined): string {
  if (value == null || value === '') return ''
  const date = value instanceof Date ? value : new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value)
  return Number.isNaN(date.getTime()) ? '' : LONG_DATE.format(date)
}
