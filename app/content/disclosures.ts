/**
 * The disclosures a contract prints: the national ones every contract carries (the provider's name and address, what
 * backs its obligations, that the contract is not insurance) and those of the state whose law governs the policy, from
 * the state table (domain/state-rules.ts). One builder for the contract page, its PDF and the purchase e-mail, so the
 * three never say different things. Plain data, no React.
 */

import { rulesFor, stateName } from '~/domain/state-rules'

export type DisclosureBlock = { id: 'provider' | 'state'; heading: string; lines: string[] }

/** Who provides the contract, from the configuration (PROVIDER_NAME, PROVIDER_ADDRESS, PROVIDER_INSURER). */
export type ContractProvider = { name: string; address: string; insurer: string | null }

export const DISCLOSURES_HEADING = 'Disclosures'

export const STATE_NOT_KNOWN_YET =
  'Your state of residence is not known yet. Until it is, the most protective cancellation and refund rules of every state apply to this contract, and the disclosures of your state will be shown here once it is known.'

/** The blocks, national first; `governingState` is the policy's state (null while not known). */
export function contractDisclosures(provider: ContractProvider, governingState: string | null | undefined): DisclosureBlock[] {
  const national: DisclosureBlock = {
    id: 'provider',
    heading: 'The provider and this contract',
    lines: [
      `The provider of this contract is ${provider.name}, ${provider.address}.`,
      provider.insurer
        ? `The provider's obligations under this contract are insured by ${provider.insurer}.`
        : "The provider's obligations under this contract are backed by the full faith and credit of the provider.",
      // In line with the terms' own words: "A protection plan is a service contract, not an insurance policy."
      'This contract is not insurance. It is a service contract: the provider arranges and pays for the windshield repairs and replacements it describes, carried out by partner glass shops.',
    ],
  }
  const rules = rulesFor(governingState)
  if (!rules.code) return [national, { id: 'state', heading: 'Your state', lines: [STATE_NOT_KNOWN_YET] }]
  const name = stateName(rules.code)
  return [
    national,
    {
      id: 'state',
      heading: name,
      lines: rules.disclosures.length > 0 ? [...rules.disclosures] : [`${name} requires no disclosures beyond those above.`],
    },
  ]
}
