import { actByDay, nextRenewalAfter } from '~/domain/billing'
import { customerZone, dayOf } from '~/domain/calendar'
import { formatLongDate } from '~/domain/format'
import { STATE_TABLE, stateName, type StateRules, stateRules } from '~/domain/state-rules'

/**
 * The automatic-renewal terms the buyer expressly agrees to at signup (a separate, unticked checkbox), as automatic-
 * renewal laws ask: the price, the 12-month commitment where the buyer's state lets it bind, month to month after it,
 * and how to cancel. The text is versioned: the consent record keeps the version, the price and the state, from which
 * the exact words shown are rebuilt. Change the words → a new version (keep the old one's function beside it).
 */
// renewal-2026-2: Florida no longer lets the commitment bind (Fla. Stat. §634.121(3)), so its buyers read "cancel at any time".
// renewal-2026-3: the deadline to act before each charge (the day before it, in the customer's zone), as New York and
// Illinois ask the offer to state; the words of renewal-2026-2 stay rebuildable by passing its version.
export const RENEWAL_TERMS_VERSION = 'renewal-2026-3'

export type RenewalTermsVersion = 'renewal-2026-2' | 'renewal-2026-3'

export type RenewalConsentInput = {
  /** '$19.99', or null while the page cannot price the plan yet (no ADAS choice). */
  monthlyPrice: string | null
  /**
   * The rules of the buyer's state, or null before a state is chosen (the page without JavaScript): the text then says
   * which states let the commitment bind, from the same table.
   */
  rules: StateRules | null
  supportEmail: string
  /** How the plan is paid: the price is charged each month, or each year. Monthly when not given. */
  interval?: 'month' | 'year'
  /** The buyer's state (USPS code), whose zone the deadline is counted in; null or absent before a state is chosen. */
  governingState?: string | null
  /**
   * When the offer is made (ISO): the first renewal is one interval later, and the text names its deadline. Absent,
   * the text gives the rule without a date.
   */
  offeredAt?: string | null
}

/** The states whose law lets the product's commitment bind (after the free look), by name, from the state table. */
export function commitmentStateNames(): string[] {
  return Object.keys(STATE_TABLE)
    .filter((code) => stateRules(code).commitment !== 'never')
    .map(stateName)
    .sort()
}

/**
 * Where the 12-month commitment binds, said one way by every page that speaks of it before a state is known (the
 * landing's prices, the signup's price box): the states of the table whose rule lets it bind, by name.
 */
export function commitmentWhere() {
  return `12-month commitment only in ${commitmentStateNames().join(', ')}`
}

export function renewalConsentText(
  { monthlyPrice, rules, supportEmail, interval = 'month', governingState = null, offeredAt = null }: RenewalConsentInput,
  version: RenewalTermsVersion = RENEWAL_TERMS_VERSION,
): string[] {
  const period = interval === 'year' ? 'year' : 'month'
  const price = monthlyPrice ?? `the ${period === 'year' ? 'yearly' : 'monthly'} price shown above`
  const commitment =
    rules === null
      ? `If I live in ${listOf(commitmentStateNames())}, my plan has a 12-month commitment: after the free-look period I can cancel only at the end of the 12 months. Everywhere else I can cancel at any time.`
      : rules.commitment === 'after_free_look'
        ? `My plan has a 12-month commitment: after the first ${rules.freeLookDays} days (the free-look period, when I can cancel for a refund) I can cancel only at the end of the 12 months.`
        : `My state lets me cancel at any time, with the refund its law gives.`
  const words = [
    `I agree that my plan renews automatically every ${period} and that my card is charged ${price} each ${period} until I cancel.`,
    commitment,
    `After the first 12 months the plan continues from ${period} to ${period} at the ${period === 'year' ? 'yearly' : 'monthly'} price then in effect, until I or Glass Plan cancel it. Glass Plan e-mails me at least 30 days before any price change.`,
    `To cancel, I use "Cancel Policy" on my policy in my Glass Plan dashboard (or turn off automatic renewal there), or write to ${supportEmail}.`,
  ]
  if (version === 'renewal-2026-2') return words
  return [...words, deadlineToAct(interval, governingState, offeredAt)]
}

/**
 * The deadline before each charge (New York and Illinois want it in the offer): the day before the charge, in the
 * buyer's zone (domain/billing actByDay, the same day the renewal and price notices name); with the offer's moment,
 * the first renewal's charge and deadline as dates.
 */
function deadlineToAct(interval: 'month' | 'year', governingState: string | null, offeredAt: string | null) {
  const rule = `To stop a charge, I cancel or turn off automatic renewal by the end of the day before the charge, in my state's time.`
  if (!offeredAt) return `${rule} Glass Plan's notices before each renewal give that date.`
  const firstRenewal = nextRenewalAfter({ createdAt: offeredAt, billingInterval: interval, billingAnchorAt: null }, new Date(offeredAt))
  return `${rule} If I subscribe today, my first renewal is charged on ${formatLongDate(dayOf(firstRenewal, customerZone(governingState)))}, so the last day to stop it is ${formatLongDate(actByDay(firstRenewal, governingState))}. Glass Plan's notices before each renewal give that date again.`
}

function listOf(names: readonly string[]) {
  if (names.length <= 1) return names[0] ?? 'a state that allows it'
  return `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`
}
