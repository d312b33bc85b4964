/** Lengths of time in milliseconds, written once (safe in the browser). A day here is 24 hours: dates are read in UTC. */
export const HOUR_MS = 60 * 60 * 1000
export const DAY_MS = 24 * HOUR_MS
