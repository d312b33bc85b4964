/**
 * The terms' "Cancellation and refunds by state", written from the state table (domain/state-rules.ts) so the words a
 * customer signs and the rules the code applies cannot drift apart. Plain data, no React.
 *
 * The section is part of a signed terms text: a change to the table that changes these words changes the text of the
 * current terms version, and tests/unit/terms-versions.test.ts fails until a new version is published
 * (docs/decisions/053-state-rights-in-the-terms.md says how).
 */

import { formatPrice } from '~/domain/format'
import {
  type FeeCap,
  NATIONAL_DEFAULT,
  PRODUCT_CANCELLATION_FEE_CENTS,
  STATE_TABLE,
  stateName,
  type StateRules,
  stateRules,
} from '~/domain/state-rules'

import type { LegalSection } from './legal'

export const REFUNDS_BY_STATE_HEADING = 'Cancellation and refunds by state'

/** What the terms say a cancellation fee may be: the product's fee, within the state's cap. */
function feeWords(fee: FeeCap): string {
  const amount = Math.min(PRODUCT_CANCELLATION_FEE_CENTS, fee.cents ?? Infinity)
  return fee.percentOfPaid === null
    ? `a cancellation fee of no more than ${formatPrice(amount)}`
    : `a cancellation fee of no more than the lesser of ${formatPrice(amount)} and ${fee.percentOfPaid} % of what you have paid`
}

function feeIn(rules: StateRules, window: 'free_look' | 'after_free_look'): string | null {
  if (!rules.fee) return null
  return rules.fee.when === window || rules.fee.when === 'always' ? feeWords(rules.fee) : null
}

/** One state's cancellation and refund rights, in plain words. */
export function cancellationRightsWords(rules: StateRules): string {
  const sentences: string[] = []
  const days = rules.freeLookDays
  const freeLookFee = feeIn(rules, 'free_look')
  const lessFee = freeLookFee ? `, less ${freeLookFee}` : ''
  const within = `Within the ${days} days after the day of purchase`
  switch (rules.freeLookRefund) {
    case 'full':
      sentences.push(`${within} you may cancel for a full refund of what you paid${lessFee}.`)
      break
    case 'full_minus_claims':
      sentences.push(`${within} you may cancel for a full refund of what you paid, minus what we paid shops for your claims${lessFee}.`)
      break
    case 'full_if_no_claims':
      sentences.push(
        `${within}, if you have made no claim, you may cancel for a full refund of what you paid${lessFee}; with a claim, the refund below applies.`,
      )
      break
    case 'full_minus_fee_if_no_claims':
      sentences.push(
        `${within}, if you have made no claim, you may cancel for a full refund of what you paid, less ${freeLookFee ?? 'no fee'}; with a claim, the refund below applies.`,
      )
      break
  }

  const laterFee = feeIn(rules, 'after_free_look')
  if (rules.cancelAnyTime) {
    if (rules.laterRefund === 'none') {
      sentences.push('After that you may cancel at any time; what you paid for the current billing period is not refunded.')
    } else {
      const claims = rules.laterRefund === 'pro_rata_minus_claims' ? ', minus what we paid shops for your claims' : ''
      const share = rules.laterRefundPercent === 100 ? 'the unused part' : `${rules.laterRefundPercent} % of the unused part`
      sentences.push(
        `After that you may cancel at any time, for a refund of ${share} of what you paid for the current billing period, in proportion to its days${claims}${laterFee ? `, less ${laterFee}` : ''}.`,
      )
    }
  } else {
    sentences.push(
      `After that the 12-month commitment applies: until it ends you cannot cancel, but you can turn off automatic renewal; once it ends you may cancel at any time${rules.laterRefund === 'none' ? ', and fees already paid are not refunded' : ''}.`,
    )
  }
  if (!rules.fee) sentences.push('There is no cancellation fee.')

  sentences.push(refundDeadlineSentence(rules))
  if (rules.commitment === 'never') sentences.push('The 12-month commitment does not limit your right to cancel.')
  return sentences.join(' ')
}

/** When a refund is paid, and what a late one adds, as the state's table sets it. */
function refundDeadlineSentence(rules: StateRules): string {
  if (rules.refundDeadlineDays === null) return 'We issue a refund when you cancel.'
  const percent = rules.latePenaltyPercentPerMonth
  const period = rules.latePenaltyPeriodDays ? `${rules.latePenaltyPeriodDays} days, or part of them,` : 'month'
  if (rules.refundDeadlineFreeLookOnly) {
    return `We issue a refund when you cancel; a refund in the free look at the latest within ${rules.refundDeadlineDays} days${percent ? `, and a late one grows by ${percent} % of the price for each ${period} it is late` : ''}.`
  }
  return `We issue a refund when you cancel, and at the latest within ${rules.refundDeadlineDays} days${percent ? `; a late refund grows by ${percent} % for each ${period} it is late` : ''}.`
}

/** The listed states, by name, each with its own rights and the statutes they come from. */
export function refundsByStateSection(): LegalSection {
  const listed = Object.keys(STATE_TABLE)
    .map(stateRules)
    .sort((a, b) => stateName(a.code!).localeCompare(stateName(b.code!)))
  return {
    id: 'refunds-by-state',
    heading: REFUNDS_BY_STATE_HEADING,
    paragraphs: [
      `Your rights to cancel and to a refund depend on the state you live in, which you tell us when you subscribe and which is recorded with your plan. Where the law of your state gives you more than these Terms, it applies.`,
      `Until we know your state, we apply the most protective of the rules below. Days are counted after the day you bought your plan (that day itself is day 0), by the calendar of your own time zone, so a 30-day period ends at midnight at the end of the 30th day after your purchase. Before you confirm a cancellation, your dashboard shows the exact refund.`,
      `How a refund is worked out. Within the free look: everything you have paid for the plan, less only what the rule of your state below deducts. After it, where your state gives a refund: the amount you paid for the current billing period (a month, or a year if you pay yearly), times the days of that period not yet used, divided by the period's days (the day you cancel counts as used), times the share your state sets (all of it unless stated below), less what we paid shops for your claims and a cancellation fee only where the rule of your state below says so. The fee is never more than the refund it comes out of. Within the free look you always receive the larger of the two: the free-look refund, or the refund after it worked out for the same day. A service credit still on your account when you cancel is refunded with the cancellation, and no refund is more than what you paid less what was already refunded to you.`,
    ],
    bullets: [
      `Every state not listed below: ${cancellationRightsWords(NATIONAL_DEFAULT)}`,
      ...listed.map((rules) => `${stateName(rules.code!)} (${rules.statutes.join('; ')}): ${cancellationRightsWords(rules)}`),
    ],
  }
}
