import { describe, expect, it } from 'vitest'

import { legalDocumentText } from '~/content/legal'
import { cancellationRightsWords, refundsByStateSection } from '~/content/state-terms'
import { termsOfService } from '~/content/terms'
import { NATIONAL_DEFAULT, STATE_TABLE, stateName, stateRules } from '~/domain/state-rules'

const terms = termsOfService({ supportEmail: 'help@example.test', companyName: 'Example Glass LLC' })
const text = legalDocumentText(terms)

describe('the terms\' "Cancellation and refunds by state", written from the state table', () => {
  const section = refundsByStateSection()
  const bulletFor = (name: string) => section.bullets!.find((bullet) => bullet.startsWith(`${name} (`))

  it('is a section of the current terms, right after "Cancelling your plan"', () => {
    const ids = terms.sections.map((s) => s.id)
    expect(ids.indexOf('refunds-by-state')).toBe(ids.indexOf('cancellation') + 1)
    expect(terms.sections.find((s) => s.id === 'refunds-by-state')).toEqual(section)
    expect(section.heading).toBe('Cancellation and refunds by state')
  })

  it('starts with the national default and names the most protective rule for an unknown state', () => {
    expect(section.bullets![0]).toBe(`Every state not listed below: ${cancellationRightsWords(NATIONAL_DEFAULT)}`)
    expect(section.bullets![0]).toContain(
      'Within the 30 days after the day of purchase you may cancel for a full refund of what you paid, minus what we paid',
    )
    expect(section.bullets![0]).toContain('There is no cancellation fee.')
    expect(section.paragraphs.join(' ')).toContain('Until we know your state, we apply the most protective of the rules below.')
  })

  it('lists every state of the table once, by name, with its statutes, free look, deadline and commitment', () => {
    expect(section.bullets).toHaveLength(1 + Object.keys(STATE_TABLE).length)
    for (const code of Object.keys(STATE_TABLE)) {
      const rules = stateRules(code)
      const bullet = bulletFor(stateName(code))
      expect(bullet, code).toBeDefined()
      for (const statute of rules.statutes) expect(bullet).toContain(statute)
      expect(bullet).toContain(`Within the ${rules.freeLookDays} days after the day of purchase`)
      if (rules.refundDeadlineDays !== null) expect(bullet).toContain(`at the latest within ${rules.refundDeadlineDays} days`)
      expect(bullet!.includes('The 12-month commitment does not limit your right to cancel.')).toBe(rules.commitment === 'never')
      expect(bullet!.includes('After that the 12-month commitment applies')).toBe(rules.commitment === 'after_free_look')
    }
  })

  it('words each listed state as its statute reads', () => {
    expect(bulletFor('Texas')).toContain('less a cancellation fee of no more than $25.00')
    expect(bulletFor('Texas')).toContain('a late refund grows by 10 % for each month it is late')
    expect(bulletFor('Texas')).toContain('in proportion to its days, minus what we paid shops for your claims')
    expect(bulletFor('California')).toContain(
      'Within the 60 days after the day of purchase, if you have made no claim, you may cancel for a full refund',
    )
    expect(bulletFor('California')).toContain('no more than the lesser of $25.00 and 10 % of what you have paid')
    expect(bulletFor('Florida')).toContain('less a cancellation fee of no more than the lesser of $25.00 and 5 % of what you have paid.')
    expect(bulletFor('Florida')).toContain(
      'After that you may cancel at any time, for a refund of 90 % of the unused part of what you paid for the current billing period, in proportion to its days, minus what we paid shops for your claims.',
    )
    expect(bulletFor('Nevada')).toContain('you may cancel for a full refund of what you paid.')
    expect(bulletFor('Illinois')).toContain(
      'if you have made no claim, you may cancel for a full refund of what you paid, less a cancellation fee',
    )
    expect(bulletFor('New York')).toContain(
      'Within the 30 days after the day of purchase you may cancel for a full refund of what you paid.',
    )
    expect(bulletFor('New York')).toContain('fees already paid are not refunded')
  })

  it('follows the table: a changed row changes the words', () => {
    const longer = cancellationRightsWords({ ...stateRules('TX'), freeLookDays: 45, refundDeadlineDays: 20 })
    expect(longer).toContain('Within the 45 days after the day of purchase')
    expect(longer).toContain('at the latest within 20 days')
    expect(cancellationRightsWords({ ...stateRules('TX'), fee: null })).toContain('There is no cancellation fee.')
  })
})

describe('terms version 1.0.3', () => {
  it.each([
    ['you receive the refund your state gives (see "Cancellation and refunds by state", which also sets out how it is worked out)'],
    ['The 12-month commitment applies only where the law of your state allows it'],
    ['Days are counted after the day you bought your plan (that day itself is day 0), by the calendar of your own time zone'],
    ['How a refund is worked out.'],
    ['We may end your plan, and your coverage, for the reasons listed below, as your state allows'],
    ['Transfer to the next owner'],
    ['you may transfer your plan to its next owner'],
    ['15 U.S.C. §7001(c)'],
    ['You may ask for a paper copy of your contract or of any notice, at no charge'],
    ['You may withdraw your consent at any time on your privacy page (/customer/privacy)'],
    ['a device with a current web browser, an e-mail account, and a program that opens PDF files'],
    ['Nothing in these Terms takes away a right that the law of the state where you live gives you'],
  ])('says %s', (words) => {
    expect(text).toContain(words)
  })

  it('no longer says fees are never refunded, that every payer pays monthly, nor that a plan cannot pass to the buyer', () => {
    expect(text).not.toContain('All fees are non-refundable, including')
    expect(text).not.toContain('partial months')
    expect(text).not.toContain('paid in monthly installments.')
    expect(text).not.toContain('12-month minimum term')
    expect(text).not.toContain('it does not pass to the buyer when you sell your vehicle')
  })
})
