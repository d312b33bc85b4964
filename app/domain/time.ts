/**
 * Lengths of time in milliseconds, written once (safe in the browser): for durations (a session's life, a rate limit's
 * window). Calendar days, months and years are counted in app/domain/calendar.ts.
 */
export const MINUTE_MS = 60 * 1000
export const HOUR_MS = 60 * MINUTE_MS
export const DAY_MS = 24 * HOUR_MS
