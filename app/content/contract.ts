/**
 * The contract as agreed, in words: what the contract page, its PDF and the purchase acknowledgment e-mail say about
 * renewal and cancelling. One wording, so the three never disagree (and California's automatic-renewal law, which asks
 * the acknowledgment to repeat the renewal terms and how to cancel, is met by the same sentences). Cancelling follows
 * the policy's state rules (domain/state-rules.ts), in the same words as the terms' section by state.
 */

import { formatLongDate } from '~/domain/format'
import type { StateRules } from '~/domain/state-rules'
import { DAY_MS } from '~/domain/time'

import { cancellationRightsWords } from './state-terms'

export type ContractTermsInput = {
  /** '$19.99': a month's price, or a year's when `yearly`. */
  monthlyPrice: string
  /** Paid yearly: the plan renews from year to year. */
  yearly?: boolean
  /** 'November 22, 2027': the end of the 12-month commitment. */
  commitmentEnds: string
  /** The absolute (e-mail, PDF) or relative (page) address of the policy's cancel page. */
  cancelUrl: string
  supportEmail: string
  /** The rules that govern the policy: `rulesFor(policy.governingState)`. */
  rules: StateRules
  /** When the plan was bought (day 1 of the free look). */
  purchasedAt: string
}

export function renewalTerms({ monthlyPrice, commitmentEnds, yearly }: ContractTermsInput): string[] {
  if (yearly) {
    return [
      `Your plan is a 12-month commitment, billed ${monthlyPrice} a year, until ${commitmentEnds}.`,
      `After that it renews automatically from year to year at the yearly price then in effect, until you or we cancel it. We e-mail you a renewal notice at least 30 days before each yearly renewal, and at least 30 days' notice of any price change.`,
    ]
  }
  return [
    `Your plan is a 12-month commitment, billed ${monthlyPrice} a month, until ${commitmentEnds}.`,
    `After that it renews automatically from month to month at the monthly price then in effect, until you or we cancel it. We e-mail you a renewal notice at least 30 days before your 12-month commitment ends, and at least 30 days' notice of any price change.`,
  ]
}

/** The last day of the free look (day 1 is the day of purchase). */
function freeLookLastDay(rules: StateRules, purchasedAt: string) {
  return formatLongDate(new Date(new Date(purchasedAt).getTime() + (rules.freeLookDays - 1) * DAY_MS))
}

/**
 * How the customer may cancel and what comes back: at any time where the state forbids a lock-in; where it lets the
 * 12-month commitment bind, only in the free look or after the commitment (renewal can be turned off meanwhile).
 */
export function cancelTerms({ commitmentEnds, cancelUrl, supportEmail, rules, purchasedAt }: ContractTermsInput): string[] {
  const rights = cancellationRightsWords(rules)
  if (rules.commitment === 'never') {
    return [`You can cancel online at any time, effective at once: ${cancelUrl}. You can also write to ${supportEmail}.`, rights]
  }
  return [
    `Until ${freeLookLastDay(rules, purchasedAt)} (your first ${rules.freeLookDays} days) you can cancel online at any time, effective at once. After that, until ${commitmentEnds}, you cannot cancel, but you can turn off automatic renewal online at any time; your plan then ends on ${commitmentEnds} and you are not charged after it.`,
    `After ${commitmentEnds} you can cancel online at any time, effective at once: ${cancelUrl}. You can also write to ${supportEmail}.`,
    rights,
  ]
}
