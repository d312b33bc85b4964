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
  servicePhoneAllowed,
  type StateFactValues,
  withSampleFacts,
} from '~/domain/state-readiness'
import { US_STATES } from '~/domain/us-states'

const facts = (values: Partial<StateFactValues>): StateFactValues => ({ ...NO_FACTS, ...values })

describe('what a state needs before it is sold in', () => {
  it('asks every state for a registration number by default', () => {
    expect(requiredFacts(readinessRule('OH'))).toEqual(['registrationNumber'])
    expect(readiness('OH', NO_FACTS)).toEqual({ ready: false, missing: ['registrationNumber'], counsel: null, problems: [] })
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
    expect(requiredFacts(readinessRule('TX'))).toEqual([
      'registrationNumber',
      'administratorName',
      'administratorRegistration',
      'financialSecurityKind',
      'financialSecurityDetail',
    ])
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

describe('Texas: the financial security recorded before the state opens (Tex. Occ. Code §1304.151–.152)', () => {
  const texas = facts({ registrationNumber: 'TX-77', administratorName: 'Example Administrators', administratorRegistration: 'ADM-1' })

  it('is missing until its kind and particulars are both recorded, and then complete', () => {
    expect(readiness('TX', texas).missing).toEqual(['financialSecurityKind', 'financialSecurityDetail'])
    expect(readiness('TX', { ...texas, financialSecurityKind: 'funded_reserve' }).missing).toEqual(['financialSecurityDetail'])
    expect(
      readiness('TX', {
        ...texas,
        financialSecurityKind: 'funded_reserve',
        financialSecurityDetail: 'Reserve at Example Bank; deposit $25,000',
      }).missing,
    ).toEqual([])
    // Another state asks for none.
    expect(requiredFacts(readinessRule('OH'))).not.toContain('financialSecurityKind')
  })

  it('takes only the three kinds the statute names', () => {
    const rule = readinessRule('TX')
    for (const kind of ['reimbursement_insurance', 'funded_reserve', 'net_worth'])
      expect(factProblem(rule, 'financialSecurityKind', kind)).toBeNull()
    expect(factProblem(rule, 'financialSecurityKind', 'a letter of credit')).toMatch(
      /reimbursement insurance, a funded reserve, or net worth/,
    )
  })

  it('cites registration and financial security apart', () => {
    expect(readinessRule('TX').statutes).toEqual(['Tex. Occ. Code §1304.101', 'Tex. Occ. Code §1304.151–.152', 'Tex. Occ. Code §1304.156'])
    expect(readinessRule('OK').statutes).toEqual(['15 O.S. §141.13'])
  })
})

describe('Illinois: the printed service number is toll-free or local (215 ILCS 152/30(3))', () => {
  const rule = readinessRule('IL')
  const illinois = facts({ registrationNumber: 'IL-1' })

  it('takes a toll-free number or an Illinois area code, and nothing else', () => {
    expect(rule.statutes).toEqual(['215 ILCS 152/30(3)'])
    expect(servicePhoneAllowed(rule, '1-800-555-0100')).toBe(true)
    expect(servicePhoneAllowed(rule, '(217) 555-0100')).toBe(true)
    expect(servicePhoneAllowed(rule, '(312) 555-0100')).toBe(true)
    expect(servicePhoneAllowed(rule, '(801) 555-0142')).toBe(false)
    expect(servicePhoneAllowed(rule, '(900) 555-0100')).toBe(false)
    // Any number in a state without the rule.
    expect(servicePhoneAllowed(readinessRule('OH'), '(801) 555-0142')).toBe(true)
  })

  it('holds the state with a Utah number printed, not with an Illinois one or a toll-free one', () => {
    const utah = readiness('IL', illinois, false, { servicePhone: '(801) 555-0142' })
    expect(utah.ready).toBe(false)
    expect(utah.problems).toEqual([
      expect.stringContaining('(801) 555-0142, must be toll-free or a local number here (215 ILCS 152/30(3))'),
    ])
    expect(readiness('IL', illinois, false, { servicePhone: '(847) 555-0100' })).toMatchObject({ ready: true, problems: [] })
    expect(readiness('IL', illinois, false, { servicePhone: '888-555-0100' })).toMatchObject({ ready: true, problems: [] })
    // The local samples sell everywhere: the hold is reported, not applied.
    expect(readiness('IL', withSampleFacts(NO_FACTS), true, { servicePhone: '(801) 555-0142' })).toMatchObject({
      ready: true,
      problems: [expect.any(String)],
    })
  })
})

describe('the contract form filed before use (CA §12820(a), FL §634.121(1), UT)', () => {
  it('is required in California, Florida and Utah only', () => {
    expect(readinessRule('CA').filedForm).toBe('Cal. Ins. Code §12820(a)')
    expect(readinessRule('FL').filedForm).toBe('Fla. Stat. §634.121(1)')
    expect(readinessRule('UT').filedForm).toMatch(/Utah Code/)
    expect(readinessRule('OH').filedForm).toBeNull()
  })

  it('holds a state until the terms sold now are filed: an older version filed is not enough', () => {
    const florida = facts({ registrationNumber: 'FL-1' })
    const none = readiness('FL', florida, false, { termsVersion: '1.0.5', filedVersions: [] })
    expect(none.ready).toBe(false)
    expect(none.problems).toEqual([
      'Terms 1.0.5 must be filed with the regulator before they are sold here (Fla. Stat. §634.121(1)): record the filing.',
    ])
    expect(readiness('FL', florida, false, { termsVersion: '1.0.5', filedVersions: ['1.0.4'] }).problems).toHaveLength(1)
    // Filed: only counsel's open question (Florida's row of the state table) still holds it.
    expect(readiness('FL', florida, false, { termsVersion: '1.0.5', filedVersions: ['1.0.4', '1.0.5'] })).toMatchObject({
      problems: [],
      counsel: expect.stringMatching(/Florida/),
    })
    // A state that files nothing is not held by it.
    expect(readiness('OH', facts({ registrationNumber: 'OH-1' }), false, { termsVersion: '1.0.5', filedVersions: [] }).ready).toBe(true)
  })
})

describe('California: who may sell is a question for counsel (Ins. Code §12805, §12810)', () => {
  it('holds California with the question', () => {
    expect(counselHold('CA')).toMatch(/§12805, §12810/)
  })
})
