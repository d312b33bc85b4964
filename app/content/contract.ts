/**
 * The contract as agreed, in words: what the contract page, its PDF and the purchase acknowledgment e-mail say about
 * renewal and cancelling. One wording, so the three never disagree (and California's automatic-renewal law, which asks
 * the acknowledgment to repeat the renewal terms and how to cancel, is met by the same sentences). Cancelling follows
 * the policy's state rules (domain/state-rules.ts), in the same words as the terms' section by state.
 */

import { formatLongDate } from '~/domain/format'
import { freeLookLastDay as lastDayOfFreeLook, type StateRules } from '~/domain/state-rules'

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
  /** When the plan was bought (day 0 of the free look). */
  purchasedAt: string
  /** The customer's zone, the free look's days are counted in (`customerZone`). */
  zone: string
}

/** What the contract calls the end of the first 12 months: a commitment's end only where the state lets it bind. */
export function firstTermEndLabel(rules: Pick<StateRules, 'commitment'>) {
  return rules.commitment === 'never' ? 'First term ends' : 'Commitment ends'
}

/** The plan's first 12 months: a commitment only where the state lets it bind, else a term the customer may leave. */
function firstTerm(rules: StateRules, commitmentEnds: string, billed: string) {
  return rules.commitment === 'never'
    ? `Your plan is billed ${billed}. Its first term runs until ${commitmentEnds}, and you may cancel at any time.`
    : `Your plan is a 12-month commitment, billed ${billed}, until ${commitmentEnds}.`
}

export function renewalTerms({ monthlyPrice, commitmentEnds, yearly, rules }: ContractTermsInput): string[] {
  if (yearly) {
    return [
      firstTerm(rules, commitmentEnds, `${monthlyPrice} a year`),
      `After that it renews automatically from year to year at the yearly price then in effect, until you or we cancel it. We e-mail you a renewal notice at least 30 days before each yearly renewal, and at least 30 days' notice of any price change.`,
    ]
  }
  return [
    firstTerm(rules, commitmentEnds, `${monthlyPrice} a month`),
    `After that it renews automatically from month to month at the monthly price then in effect, until you or we cancel it. We e-mail you a renewal notice at least 30 days before your first term ends, and at least 30 days' notice of any price change.`,
  ]
}

/** The last day of the free look, in words (the `freeLookDays`-th day after the purchase, in the customer's zone). */
function freeLookLastDay(rules: StateRules, purchasedAt: string, zone: string) {
  return formatLongDate(lastDayOfFreeLook(rules, purchasedAt, zone))
}

/**
 * How the customer may cancel and what comes back: at any time where the state forbids a lock-in; where it lets the
 * 12-month commitment bind, only in the free look or after the commitment (renewal can be turned off meanwhile).
 */
export function cancelTerms({ commitmentEnds, cancelUrl, supportEmail, rules, purchasedAt, zone }: ContractTermsInput): string[] {
  const rights = cancellationRightsWords(rules)
  if (rules.commitment === 'never') {
    return [`You can cancel online at any time, effective at once: ${cancelUrl}. You can also write to ${supportEmail}.`, rights]
  }
  return [
    `Until ${freeLookLastDay(rules, purchasedAt, zone)} (the ${rules.freeLookDays} days after your purchase) you can cancel online at any time, effective at once. After that, until ${commitmentEnds}, you cannot cancel, but you can turn off automatic renewal online at any time; your plan then ends on ${commitmentEnds} and you are not charged after it.`,
    `After ${commitmentEnds} you can cancel online at any time, effective at once: ${cancelUrl}. You can also write to ${supportEmail}.`,
    rights,
  ]
}
