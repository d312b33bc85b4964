import { STATE_TABLE, stateName, type StateRules, stateRules } from '~/domain/state-rules'

/**
 * The automatic-renewal terms the buyer expressly agrees to at signup (a separate, unticked checkbox), as automatic-
 * renewal laws ask: the price, the 12-month commitment where the buyer's state lets it bind, month to month after it,
 * and how to cancel. The text is versioned: the consent record keeps the version, the price and the state, from which
 * the exact words shown are rebuilt. Change the words → a new version (keep the old one's function beside it).
 */
// renewal-2026-2: Florida no longer lets the commitment bind (Fla. Stat. §634.121(3)), so its buyers read "cancel at any time".
export const RENEWAL_TERMS_VERSION = 'renewal-2026-2'

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
}

/** The states whose law lets the product's commitment bind (after the free look), by name, from the state table. */
export function commitmentStateNames(): string[] {
  return Object.keys(STATE_TABLE)
    .filter((code) => stateRules(code).commitment !== 'never')
    .map(stateName)
    .sort()
}

export function renewalConsentText({ monthlyPrice, rules, supportEmail, interval = 'month' }: RenewalConsentInput): string[] {
  const period = interval === 'year' ? 'year' : 'month'
  const price = monthlyPrice ?? `the ${period === 'year' ? 'yearly' : 'monthly'} price shown above`
  const commitment =
    rules === null
      ? `If I live in ${listOf(commitmentStateNames())}, my plan has a 12-month commitment: after the free-look period I can cancel only at the end of the 12 months. Everywhere else I can cancel at any time.`
      : rules.commitment === 'after_free_look'
        ? `My plan has a 12-month commitment: after the first ${rules.freeLookDays} days (the free-look period, when I can cancel for a refund) I can cancel only at the end of the 12 months.`
        : `My state lets me cancel at any time, with the refund its law gives.`
  return [
    `I agree that my plan renews automatically every ${period} and that my card is charged ${price} each ${period} until I cancel.`,
    commitment,
    `After the first 12 months the plan continues from ${period} to ${period} at the ${period === 'year' ? 'yearly' : 'monthly'} price then in effect, until I or Glass Plan cancel it. Glass Plan e-mails me at least 30 days before any price change.`,
    `To cancel, I use "Cancel Policy" on my policy in my Glass Plan dashboard (or turn off automatic renewal there), or write to ${supportEmail}.`,
  ]
}

function listOf(names: readonly string[]) {
  if (names.length <= 1) return names[0] ?? 'a state that allows it'
  return `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`
}
