/**
 * The contract as agreed, in words: what the contract page, its PDF and the purchase acknowledgment e-mail say about
 * renewal and cancelling. One wording, so the three never disagree (and California's automatic-renewal law, which asks
 * the acknowledgment to repeat the renewal terms and how to cancel, is met by the same sentences).
 */

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

export function cancelTerms({ commitmentEnds, cancelUrl, supportEmail }: ContractTermsInput): string[] {
  return [
    `Until ${commitmentEnds} you cannot cancel, but you can turn off automatic renewal online at any time; your plan then ends on ${commitmentEnds} and you are not charged after it.`,
    `After ${commitmentEnds} you can cancel online at any time, effective at once: ${cancelUrl}. You can also write to ${supportEmail}.`,
  ]
}
