import { describe, expect, it } from 'vitest'

import { feeCapText, stateFacts } from '~/domain/state-facts'
import { MOST_PROTECTIVE, stateRules } from '~/domain/state-rules'

describe('the state table as the operator reads it', () => {
  it('names each fee cap: an amount, a percentage, the lesser of both, and when it applies', () => {
    expect(feeCapText(null)).toBe('No fee')
    expect(feeCapText(stateRules('TX').fee)).toBe('$50.00, after the free look')
    expect(feeCapText(stateRules('CA').fee)).toBe('lesser of $25.00 or 10% of paid, after the free look')
    expect(feeCapText(stateRules('FL').fee)).toBe('5% of paid, in the free look')
    expect(feeCapText(stateRules('IL').fee)).toBe('lesser of $50.00 or 10% of paid')
  })

  it('gives every fact of a listed state, of the national default and of the most protective rule', () => {
    expect(stateFacts(stateRules('NY'))).toMatchObject({
      commitment: 'Binds after the free look',
      priceConsent: 'Required',
      yearlyReminder: 'Yes',
      statutes: expect.stringContaining('N.Y. Ins. Law §7903'),
    })
    expect(stateFacts(stateRules('CA'))).toMatchObject({ freeLook: '60 days', cancelAnyTime: 'Yes', yearlyReminder: 'Yes' })
    expect(stateFacts(stateRules('OH'))).toEqual({
      freeLook: '30 days',
      cancelAnyTime: 'Yes',
      feeCap: 'No fee',
      commitment: 'Never binds',
      priceConsent: 'Not required',
      yearlyReminder: 'Yes',
      statutes: 'National default',
    })
    expect(stateFacts(MOST_PROTECTIVE)).toMatchObject({ commitment: 'Never binds', priceConsent: 'Required', feeCap: 'No fee' })
  })
})
