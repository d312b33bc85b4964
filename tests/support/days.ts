import { dayOf } from '~/domain/calendar'

/**
 * Today as every US customer may type it: the day on Honolulu's clock, the last US state zone to reach midnight. The
 * UTC day is already tomorrow for every US customer each evening, and the product refuses a damage date after the
 * customer's own today; this day is never after it, and a policy covering from it covers damage on it.
 */
export function usToday(): string {
  return dayOf(new Date(), 'Pacific/Honolulu')
}
