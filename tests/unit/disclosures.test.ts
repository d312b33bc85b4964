import { describe, expect, it } from 'vitest'

import { contractDisclosures, type ContractProvider, INSURER_HEADING, STATE_NOT_KNOWN_YET } from '~/content/disclosures'
import { SAMPLE_STATE_FACTS, type StateFactValues } from '~/domain/state-readiness'
import { STATE_TABLE } from '~/domain/state-rules'

const provider: ContractProvider = {
  name: 'Glass Plan LLC',
  address: '2150 South 1300 East, Suite 500, Salt Lake City, UT 84106',
  insurer: null,
  supportPhone: '+18015550142',
}
const FULL_FAITH = "The provider's obligations under this contract are backed by the full faith and credit of the provider."

const lines = (state: string | null, who = provider) => contractDisclosures(who, state).flatMap((block) => block.lines)

describe('the contract disclosures', () => {
  it('name the provider and its address, the full faith and credit without an insurer, and that this is not insurance', () => {
    const [national] = contractDisclosures(provider, 'OH')
    expect(national).toEqual({
      id: 'provider',
      heading: 'The provider and this contract',
      lines: [
        'The provider of this contract is Glass Plan LLC, 2150 South 1300 East, Suite 500, Salt Lake City, UT 84106.',
        FULL_FAITH,
        'The seller of this contract is Glass Plan LLC; its administrator is Glass Plan LLC.',
        'For service and questions about this contract, call (801) 555-0142.',
        expect.stringMatching(/^This contract is not insurance\. It is a service contract/),
      ],
    })
  })

  it('name the insurer instead, when one backs the provider', () => {
    const insured = lines('TX', { ...provider, insurer: 'Example Casualty Company' })
    expect(insured).toContain("The provider's obligations under this contract are insured by Example Casualty Company.")
    expect(insured).not.toContain(FULL_FAITH)
  })

  it('add the Texas regulator under the heading Texas', () => {
    const [, texas] = contractDisclosures(provider, 'TX')
    expect(texas!.heading).toBe('Texas')
    expect(texas!.lines).toEqual([...STATE_TABLE.TX!.disclosures!])
    expect(texas!.lines.join(' ')).toContain('Texas Department of Licensing and Regulation')
  })

  it('add both Utah lines', () => {
    const [, utah] = contractDisclosures(provider, 'UT')
    expect(utah!.lines.slice(0, 2)).toEqual([...STATE_TABLE.UT!.disclosures!])
    expect(utah!.heading).toBe('Utah')
    expect(utah!.lines[0]).toContain('subject to limited regulation by the Utah Insurance Department')
    expect(utah!.lines[1]).toContain('not guaranteed by the Property and Casualty Guaranty Association')
  })

  it('add Florida\'s "purchase not required" and the assignment to the next owner', () => {
    const [, florida] = contractDisclosures(provider, 'FL')
    expect(florida!.heading).toBe('Florida')
    expect(florida!.lines.join(' ')).toContain('is not required to purchase or to obtain financing for a motor vehicle')
    const assignment = contractDisclosures(provider, 'FL').find((block) => block.id === 'assignment')!
    expect(assignment).toMatchObject({ conspicuous: true, heading: 'Your right to assign this contract to the next owner' })
    expect(assignment.lines.join(' ')).toContain('You have the right to assign this contract to the person who buys the covered vehicle')
    expect(assignment.lines.join(' ')).toContain('stays open for at least 15 days')
    expect(assignment.lines.join(' ')).toContain('We charge no assignment fee (the law allows at most $40.00)')
    // Only where the table sets the assignment's terms.
    expect(contractDisclosures(provider, 'TX').map((block) => block.id)).toEqual(['provider', 'state'])
  })

  it('show only the national ones for a state without its own, under its name', () => {
    const blocks = contractDisclosures(provider, 'OH')
    expect(blocks.map((block) => block.heading)).toEqual(['The provider and this contract', 'Ohio'])
    expect(blocks[1]!.lines).toEqual(['Ohio requires no disclosures beyond those above.'])
  })

  it('say the state is not known yet when the policy has none (or an unusable one), with the national ones only', () => {
    for (const state of [null, undefined, '', 'ZZ']) {
      const blocks = contractDisclosures(provider, state)
      expect(blocks[0]!.id).toBe('provider')
      expect(blocks[1]).toEqual({ id: 'state', heading: 'Your state', lines: [STATE_NOT_KNOWN_YET] })
      const all = blocks.flatMap((block) => block.lines).join(' ')
      for (const row of Object.values(STATE_TABLE)) for (const line of row.disclosures ?? []) expect(all).not.toContain(line)
    }
  })

  describe('with the facts filled in for the state', () => {
    const facts: StateFactValues = {
      registrationNumber: 'SC-2041',
      insurerName: 'Example Reimbursement Insurance Co.',
      insurerAddress: '1 Insurance Plaza, Hartford, CT 06103',
      insurerPhone: '+18885550199',
      administratorName: 'Example Administrators Inc.',
      administratorRegistration: 'ADM-778',
      financialSecurityKind: null,
      financialSecurityDetail: null,
    }
    const withFacts = { ...provider, stateFacts: facts }
    const all = (state: string) => contractDisclosures(withFacts, state).flatMap((block) => block.lines)

    it('print the statutory insurer sentence where the state requires insurance, and never the full faith and credit', () => {
      for (const state of ['UT', 'WA', 'NY', 'CA']) {
        const text = all(state)
        expect(text).not.toContain(FULL_FAITH)
        expect(text.join(' ')).toContain('Example Reimbursement Insurance Co., 1 Insurance Plaza, Hartford, CT 06103')
      }
      for (const state of ['UT', 'WA', 'NY']) expect(all(state).join(' ')).toContain('Hartford, CT 06103, (888) 555-0199')
    })

    it('print California’s sentence in the words of Ins. Code §12820(b)(1)(A), the insurer named in it', () => {
      expect(all('CA')).toContain(
        "Performance to you under this contract is guaranteed by a California approved insurance company. You may file a claim with this insurance company if any promise made in the contract has been denied or has not been honored within 60 days after your request. The name and address of the insurance company is: Example Reimbursement Insurance Co., 1 Insurance Plaza, Hartford, CT 06103. If you are not satisfied with the insurance company's response, you may contact the California Department of Insurance at 1-800-927-4357 or access the department's Internet Web site (www.insurance.ca.gov).",
      )
    })

    it('print Washington’s insurer sentence conspicuously, in a bold block of its own (RCW 48.110.075(2)(b)); elsewhere in the state’s block', () => {
      const washington = contractDisclosures(withFacts, 'WA')
      const insurer = washington.find((block) => block.id === 'insurer')!
      expect(insurer).toMatchObject({ heading: INSURER_HEADING, conspicuous: true })
      expect(insurer.lines).toEqual([
        expect.stringMatching(
          /^Obligations of the provider under this service contract are guaranteed under a service contract reimbursement insurance policy issued by Example Reimbursement Insurance Co\./,
        ),
      ])
      expect(insurer.lines[0]).toContain('you are entitled to apply directly to the reimbursement insurance company')
      expect(washington.find((block) => block.id === 'state')!.lines.join(' ')).not.toContain('reimbursement insurance policy issued')
      for (const state of ['UT', 'NY', 'CA']) {
        expect(contractDisclosures(withFacts, state).map((block) => block.id)).not.toContain('insurer')
      }
    })

    it('print the licence number in Oklahoma, the administrator and its number in Texas, the phone in Illinois', () => {
      expect(all('OK')).toContain('Glass Plan LLC is registered in Oklahoma under number SC-2041.')
      expect(all('TX')).toContain(
        'The seller of this contract is Glass Plan LLC; its administrator is Example Administrators Inc. (registration number ADM-778).',
      )
      expect(all('TX')).toContain('Glass Plan LLC is registered in Texas under number SC-2041.')
      expect(all('IL')).toContain('For service under this contract, call (801) 555-0142.')
      // Elsewhere the registration number is kept, not printed.
      expect(all('OH').join(' ')).not.toContain('SC-2041')
    })

    it('name the seller and the administrator in the national block', () => {
      expect(all('OH')).toContain(
        'The seller of this contract is Glass Plan LLC; its administrator is Example Administrators Inc. (registration number ADM-778).',
      )
    })

    it('say the local samples are samples, where they stand in', () => {
      const text = contractDisclosures({ ...provider, stateFacts: SAMPLE_STATE_FACTS }, 'UT').flatMap((block) => block.lines)
      expect(text.join(' ')).toContain('local default, not a real insurer')
    })
  })
})
