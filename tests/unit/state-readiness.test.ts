import { describe, expect, it } from 'vitest'

import { isTollFreeUsPhone } from '~/domain/phones'
import {
  counselHold,
  factProblem,
  NO_FACTS,
  readiness,
  readinessRule,
  requiredFacts,
  SAMPLE_STATE_FACTS,
  type StateFactValues,
  withSampleFacts,
} from '~/domain/state-readiness'
import { US_STATES } from '~/domain/us-states'

const facts = (values: Partial<StateFactValues>): StateFactValues => ({ ...NO_FACTS, ...values })

describe('what a state needs before it is sold in', () => {
  it('asks every state for a registration number by default', () => {
    expect(requiredFacts(readinessRule('OH'))).toEqual(['registrationNumber'])
    expect(readiness('OH', NO_FACTS)).toEqual({ ready: false, missing: ['registrationNumber'], counsel: null })
    expect(readiness('OH', facts({ registrationNumber: 'OH-1234' })).ready).toBe(true)
  })

  it('asks Utah and Washington (reimbursement insurance) and New York and California (the insurer sentence) for the insurer', () => {
    for (const code of ['UT', 'WA', 'NY', 'CA']) {
      expect(requiredFacts(readinessRule(code))).toEqual(['registrationNumber', 'insurerName', 'insurerAddress', 'insurerPhone'])
    }
    expect(readinessRule('UT').reimbursementInsurance).toBe(true)
    expect(readinessRule('NY').reimbursementInsurance).toBe(false)
    const partly = readiness('UT', facts({ registrationNumber: 'UT-1', insurerName: 'Example Insurer' }))
    expect(partly).toMatchObject({ ready: false, missing: ['insurerAddress', 'insurerPhone'] })
  })

  it('asks Texas for the administrator and its registration number, and prints Texas and Oklahoma numbers', () => {
    expect(requiredFacts(readinessRule('TX'))).toEqual(['registrationNumber', 'administratorName', 'administratorRegistration'])
    expect(readinessRule('TX').registration.printed).toBe(true)
    expect(readinessRule('OK').registration.printed).toBe(true)
    expect(readinessRule('OH').registration.printed).toBe(false)
    expect(readinessRule('IL').phonePrinted).toBe(true)
  })

  it('finds every state ready with the local samples, none without any facts', () => {
    for (const { code } of US_STATES) {
      expect(readiness(code, withSampleFacts(NO_FACTS), true).ready).toBe(true)
      expect(readiness(code, NO_FACTS).ready).toBe(false)
    }
  })

  it('holds a state with counsel’s open questions for a real sale, not for the local samples', () => {
    expect(counselHold('TX')).toMatch(/Texas/)
    expect(readiness('TX', withSampleFacts(NO_FACTS)).ready).toBe(false)
    expect(readiness('TX', withSampleFacts(NO_FACTS), true).ready).toBe(true)
    expect(counselHold('OH')).toBeNull()
    expect(readiness('OH', withSampleFacts(NO_FACTS)).ready).toBe(true)
  })

  it('keeps the facts filled in and fills only the gaps with samples', () => {
    const filled = withSampleFacts(facts({ registrationNumber: 'TX-77', insurerName: '  ' }))
    expect(filled.registrationNumber).toBe('TX-77')
    expect(filled.insurerName).toBe(SAMPLE_STATE_FACTS.insurerName)
  })
})

describe('the shape of a fact', () => {
  const rule = readinessRule('TX')

  it('takes letters, digits and hyphens for a registration number', () => {
    expect(factProblem(rule, 'registrationNumber', 'SC-2041')).toBeNull()
    expect(factProblem(rule, 'registrationNumber', 'AB')).toMatch(/letters, digits and hyphens/)
    expect(factProblem(rule, 'registrationNumber', 'no spaces please')).toMatch(/letters, digits and hyphens/)
    expect(factProblem(rule, 'registrationNumber', '-123')).not.toBeNull()
    expect(factProblem(rule, 'administratorRegistration', 'ADM 7')).not.toBeNull()
  })

  it('takes only a US toll-free number for the insurer', () => {
    expect(factProblem(rule, 'insurerPhone', '1-800-555-0100')).toBeNull()
    expect(factProblem(rule, 'insurerPhone', '(801) 555-0142')).toMatch(/toll-free/)
    for (const number of [
      '800-555-0100',
      '(833) 555-0100',
      '+1 844 555 0100',
      '855.555.0100',
      '866 555 0100',
      '877-555-0100',
      '888-555-0100',
    ]) {
      expect(isTollFreeUsPhone(number)).toBe(true)
    }
    for (const number of ['801-555-0142', '900-555-0100', '800-555', '+44 800 555 0100', '800-555-0100 ext. 4', 'call us']) {
      expect(isTollFreeUsPhone(number)).toBe(false)
    }
  })
})
