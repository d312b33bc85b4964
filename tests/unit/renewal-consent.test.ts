import { describe, expect, it } from 'vitest'

import { ESIGN_DISCLOSURE_VERSION, esignDisclosure } from '~/content/esign'
import { commitmentStateNames, RENEWAL_TERMS_VERSION, renewalConsentText } from '~/content/renewal-consent'
import { rulesFor, stateRules } from '~/domain/state-rules'

const supportEmail = 'help@glassplan.example'

describe('the automatic-renewal consent text', () => {
  it('is versioned', () => {
    expect(RENEWAL_TERMS_VERSION).toBe('renewal-2026-3')
  })

  it("states the deadline before each charge: the day before it, in the buyer's zone, with the first renewal's dates", () => {
    // Bought at 03:30 UTC on November 27: still November 26 in New York and in Chicago, so the first renewal's charge
    // falls on December 26 there and the last day to stop it is December 25.
    for (const governingState of ['NY', 'IL']) {
      const text = renewalConsentText({
        monthlyPrice: '$19.99',
        rules: stateRules(governingState),
        supportEmail,
        governingState,
        offeredAt: '2026-11-27T03:30:00.000Z',
      })
      expect(text.at(-1)).toBe(
        "To stop a charge, I cancel or turn off automatic renewal by the end of the day before the charge, in my state's time. If I subscribe today, my first renewal is charged on December 26, 2026, so the last day to stop it is December 25, 2026. Glass Plan's notices before each renewal give that date again.",
      )
    }
    // Paid yearly, at noon UTC: the renewal a year on, the deadline the day before.
    const yearly = renewalConsentText({
      monthlyPrice: '$199.90',
      rules: stateRules('IL'),
      supportEmail,
      interval: 'year',
      governingState: 'IL',
      offeredAt: '2026-03-01T12:00:00.000Z',
    }).join(' ')
    expect(yearly).toContain('my first renewal is charged on March 1, 2027, so the last day to stop it is February 28, 2027.')
  })

  it("gives the rule without dates when the offer has no moment, and keeps renewal-2026-2's words as they were", () => {
    const input = { monthlyPrice: '$19.99', rules: stateRules('NY'), supportEmail }
    expect(renewalConsentText(input).at(-1)).toBe(
      "To stop a charge, I cancel or turn off automatic renewal by the end of the day before the charge, in my state's time. Glass Plan's notices before each renewal give that date.",
    )
    const old = renewalConsentText({ ...input, governingState: 'NY', offeredAt: '2026-11-27T03:30:00.000Z' }, 'renewal-2026-2')
    expect(old).toHaveLength(4)
    expect(old.join(' ')).not.toContain('day before')
    expect(old.at(-1)).toBe(
      `To cancel, I use "Cancel Policy" on my policy in my Glass Plan dashboard (or turn off automatic renewal there), or write to ${supportEmail}.`,
    )
  })

  it('states the price, the commitment where the state lets it bind, month to month after, and how to cancel', () => {
    const text = renewalConsentText({ monthlyPrice: '$19.99', rules: stateRules('NY'), supportEmail }).join(' ')
    expect(text).toContain('my card is charged $19.99 each month until I cancel')
    expect(text).toContain('My plan has a 12-month commitment: after the first 30 days')
    expect(text).toContain('continues from month to month')
    expect(text).toContain(`"Cancel Policy" on my policy in my Glass Plan dashboard`)
    expect(text).toContain(supportEmail)
  })

  it('speaks of years for a plan paid yearly', () => {
    const text = renewalConsentText({ monthlyPrice: '$199.90', rules: stateRules('TX'), supportEmail, interval: 'year' }).join(' ')
    expect(text).toContain('renews automatically every year and that my card is charged $199.90 each year until I cancel')
    expect(text).toContain('continues from year to year at the yearly price then in effect')
    expect(text).not.toContain('each month')
  })

  it('promises no commitment where the state forbids it, nor while the state is unknown to the rules', () => {
    for (const rules of [stateRules('TX'), stateRules('CA'), stateRules('FL'), rulesFor(null)]) {
      const text = renewalConsentText({ monthlyPrice: '$7.99', rules, supportEmail }).join(' ')
      expect(text).not.toContain('12-month commitment:')
      expect(text).toContain('My state lets me cancel at any time')
    }
  })

  it('without a chosen state, names the states where the commitment binds, from the table', () => {
    expect(commitmentStateNames()).toEqual(['New York'])
    const text = renewalConsentText({ monthlyPrice: null, rules: null, supportEmail }).join(' ')
    expect(text).toContain('If I live in New York, my plan has a 12-month commitment')
    expect(text).toContain('the monthly price shown above')
  })
})

describe('the electronic-delivery (E-SIGN) disclosure', () => {
  it('covers paper copies, withdrawing and what follows, and the hardware and software needed', () => {
    expect(ESIGN_DISCLOSURE_VERSION).toMatch(/^esign-/)
    const sections = esignDisclosure(supportEmail)
    expect(sections.map((section) => section.heading)).toEqual([
      'What you agree to',
      'Paper copies',
      'Withdrawing your consent',
      'What you need',
    ])
    const text = sections.map((section) => section.text).join(' ')
    expect(text).toContain('paper copy')
    expect(text).toContain('we post your contract and notices on paper')
    expect(text).toContain('web browser')
    expect(text).toContain(supportEmail)
  })
})
