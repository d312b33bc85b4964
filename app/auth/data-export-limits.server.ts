import { HOUR_MS } from '~/domain/time'

import { hit } from './rate-limit.server'

/** Exports are heavy (every photo): a few an hour per customer is plenty. */
export const EXPORTS_PER_CUSTOMER = { limit: 5, windowMs: HOUR_MS }

/** Counts one 'Download my data' by the customer. */
export function allowDataExport(profileId: string) {
  return hit(`data-export:${profileId}`, EXPORTS_PER_CUSTOMER)
}
