import { describe, expect, it } from 'vitest'

import { cancelTerms, type ContractTermsInput } from '~/content/contract'
import { MOST_PROTECTIVE, NATIONAL_DEFAULT, type StateRules, stateRules } from '~/domain/state-rules'

/** What the contract page, its PDF and the purchase e-mail say about cancelling: from the policy's state rules. */

const terms = (rules: StateRules): ContractTermsInput => ({
  monthlyPrice: '$19.99',
  commitmentEnds: 'November 21, 2027',
  cancelUrl: 'https://glassplan.example/customer/policies/pol_1/cancel',
  supportEmail: 'support@glassplan.example',
  rules,
  purchasedAt: '2026-11-21T15:00:00.000Z',
  zone: 'America/New_York',
})

describe('the contract says how to cancel, by the rules of the policy', () => {
  it('Texas: cancel at any time, with the free look and the pro-rata refund; no lock-in', () => {
    const [first, rights, ...rest] = cancelTerms(terms(stateRules('TX')))
    expect(rest).toEqual([])
    expect(first).toBe(
      'You can cancel online at any time, effective at once: https://glassplan.example/customer/policies/pol_1/cancel. You can also write to support@glassplan.example.',
    )
    expect(rights).toContain(
      'Within the 30 days after the day of purchase you may cancel for a full refund of what you paid, minus what we paid shops',
    )
    expect(rights).toContain('less a cancellation fee of no more than $25.00')
    expect(rights).toContain('within 45 days')
    expect(cancelTerms(terms(stateRules('TX'))).join(' ')).not.toContain('you cannot cancel')
  })

  it('California, Illinois, a state not listed, and a policy whose state is unknown: no lock-in either', () => {
    for (const rules of [stateRules('CA'), stateRules('IL'), stateRules('OH'), NATIONAL_DEFAULT, MOST_PROTECTIVE]) {
      const words = cancelTerms(terms(rules))
      expect(words[0]).toMatch(/^You can cancel online at any time, effective at once/)
      expect(words.join(' ')).not.toContain('you cannot cancel')
    }
    expect(cancelTerms(terms(stateRules('CA')))[1]).toContain('Within the 60 days after the day of purchase, if you have made no claim')
    expect(cancelTerms(terms(MOST_PROTECTIVE))[1]).toContain(
      'Within the 60 days after the day of purchase you may cancel for a full refund',
    )
  })

  it('New York: cancel in the 30-day free look; then the commitment binds until its end, and renewal can be turned off', () => {
    const [freeLook, after, rights] = cancelTerms(terms(stateRules('NY')))
    expect(freeLook).toBe(
      'Until December 21, 2026 (the 30 days after your purchase) you can cancel online at any time, effective at once. After that, until November 21, 2027, you cannot cancel, but you can turn off automatic renewal online at any time; your plan then ends on November 21, 2027 and you are not charged after it.',
    )
    expect(after).toBe(
      'After November 21, 2027 you can cancel online at any time, effective at once: https://glassplan.example/customer/policies/pol_1/cancel. You can also write to support@glassplan.example.',
    )
    expect(rights).toContain('Within the 30 days after the day of purchase you may cancel for a full refund of what you paid.')
  })

  it("New York: the free look's last day is counted in the customer's zone", () => {
    // Bought at 11 PM on November 20 in Los Angeles (already the 21st in New York): the last day follows the zone.
    const late = { ...terms(stateRules('NY')), purchasedAt: '2026-11-21T07:00:00.000Z' }
    expect(cancelTerms({ ...late, zone: 'America/Los_Angeles' })[0]).toMatch(/^Until December 20, 2026 /)
    expect(cancelTerms({ ...late, zone: 'America/New_York' })[0]).toMatch(/^Until December 21, 2026 /)
  })

  it('Florida: cancel at any time, 90 % of the unused part after the 60 days', () => {
    const words = cancelTerms(terms(stateRules('FL')))
    expect(words[0]).toMatch(/^You can cancel online at any time/)
    expect(words[1]).toContain('Within the 60 days after the day of purchase')
    expect(words[1]).toContain('90 % of the unused part')
  })
})
