/**
 * The disclosures a contract prints: the national ones every contract carries (the provider's name and address, what
 * backs its obligations, that the contract is not insurance) and those of the state whose law governs the policy, from
 * the state table (domain/state-rules.ts). One builder for the contract page, its PDF and the purchase e-mail, so the
 * three never say different things. Plain data, no React.
 */

import { formatPrice } from '~/domain/format'
import { formatPhone } from '~/domain/phones'
import { fillSentence, readinessRule, type StateFactValues } from '~/domain/state-readiness'
import { rulesFor, stateName, type StateRules } from '~/domain/state-rules'

/** `conspicuous`: the statute asks for bold type; the page, the PDF and the e-mail print its lines in bold. */
export type DisclosureBlock = {
  id: 'provider' | 'state' | 'insurer' | 'assignment'
  heading: string
  lines: string[]
  conspicuous?: boolean
}

/** The heading of the insurer's sentence where the state asks for it conspicuously (Washington). */
export const INSURER_HEADING = 'Who guarantees the provider’s obligations'

/** The heading of the statement of the right to pass the contract to the vehicle's next owner. */
export const NEXT_OWNER_ASSIGNMENT_HEADING = 'Your right to assign this contract to the next owner'

/** That statement, with its conditions, where the state's table sets them (Florida). */
export function nextOwnerAssignmentLines(assignment: NonNullable<StateRules['nextOwnerAssignment']>): string[] {
  return [
    'You have the right to assign this contract to the person who buys the covered vehicle from you.',
    `Conditions: you send the offer to the buyer from your dashboard, on or after the day you sell or transfer the vehicle, and it stays open for at least ${assignment.openDaysAfterSale} days; the buyer accepts it by accepting these terms and paying for the same plan. We charge no assignment fee (the law allows at most ${formatPrice(assignment.feeCapCents)}).`,
    ...(assignment.paidPeriodStays
      ? ['The period you have already paid for stays with the contract: the buyer pays nothing more until it ends.']
      : []),
  ]
}

/**
 * Who provides the contract, from the configuration (PROVIDER_NAME, PROVIDER_ADDRESS, PROVIDER_INSURER, SUPPORT_PHONE),
 * and the facts filled in for the policy's state (registration, insurer, administrator: app/domain/state-readiness.ts).
 */
export type ContractProvider = {
  name: string
  address: string
  insurer: string | null
  supportPhone: string
  stateFacts?: StateFactValues | null
}

export const DISCLOSURES_HEADING = 'Disclosures'

export const STATE_NOT_KNOWN_YET =
  'Your state of residence is not known yet. Until it is, the most protective cancellation and refund rules of every state apply to this contract, and the disclosures of your state will be shown here once it is known.'

/** The blocks, national first; `governingState` is the policy's state (null while not known). */
export function contractDisclosures(provider: ContractProvider, governingState: string | null | undefined): DisclosureBlock[] {
  const rules = rulesFor(governingState)
  const readiness = rules.code ? readinessRule(rules.code) : null
  const facts = provider.stateFacts ?? null
  // Where the state requires an insurer or gives its own sentence, that sentence replaces the national one: such a
  // state forbids resting the promise on the provider's own full faith and credit.
  const insurerByState = Boolean(readiness && (readiness.insurerSentence || readiness.reimbursementInsurance))
  // The national block names the administrator with its registration number (Texas requires both printed).
  const administrator = facts?.administratorName
    ? `${facts.administratorName}${facts.administratorRegistration ? ` (registration number ${facts.administratorRegistration})` : ''}`
    : provider.name
  const national: DisclosureBlock = {
    id: 'provider',
    heading: 'The provider and this contract',
    lines: [
      `The provider of this contract is ${provider.name}, ${provider.address}.`,
      ...(insurerByState
        ? []
        : [
            provider.insurer
              ? `The provider's obligations under this contract are insured by ${provider.insurer}.`
              : "The provider's obligations under this contract are backed by the full faith and credit of the provider.",
          ]),
      `The seller of this contract is ${provider.name}; its administrator is ${administrator}.`,
      `For service and questions about this contract, call ${formatPhone(provider.supportPhone)}.`,
      // In line with the terms' own words: "A protection plan is a service contract, not an insurance policy."
      'This contract is not insurance. It is a service contract: the provider arranges and pays for the windshield repairs and replacements it describes, carried out by partner glass shops.',
    ],
  }
  if (!rules.code || !readiness) return [national, { id: 'state', heading: 'Your state', lines: [STATE_NOT_KNOWN_YET] }]
  const name = stateName(rules.code)
  const lines = [...rules.disclosures]
  const insurerLine =
    readiness.insurerSentence && facts?.insurerName
      ? fillSentence(readiness.insurerSentence, {
          insurer: facts.insurerName,
          address: facts.insurerAddress ?? '',
          phone: facts.insurerPhone ? formatPhone(facts.insurerPhone) : '',
        })
      : null
  // A conspicuous sentence goes in a bold block of its own below the state's (see `blocks`).
  if (insurerLine) {
    if (!readiness.insurerSentenceConspicuous) lines.push(insurerLine)
  } else if (readiness.reimbursementInsurance && facts?.insurerName) {
    lines.push(`The provider's obligations under this contract are insured by ${facts.insurerName}, ${facts.insurerAddress ?? ''}.`)
  }
  if (readiness.registration.printed && facts?.registrationNumber) {
    lines.push(`${provider.name} is registered in ${name} under number ${facts.registrationNumber}.`)
  }
  if (readiness.phonePrinted) lines.push(`For service under this contract, call ${formatPhone(provider.supportPhone)}.`)
  const blocks: DisclosureBlock[] = [
    national,
    { id: 'state', heading: name, lines: lines.length > 0 ? lines : [`${name} requires no disclosures beyond those above.`] },
  ]
  if (insurerLine && readiness.insurerSentenceConspicuous) {
    blocks.push({ id: 'insurer', heading: INSURER_HEADING, lines: [insurerLine], conspicuous: true })
  }
  if (rules.nextOwnerAssignment) {
    blocks.push({
      id: 'assignment',
      heading: NEXT_OWNER_ASSIGNMENT_HEADING,
      lines: nextOwnerAssignmentLines(rules.nextOwnerAssignment),
      conspicuous: true,
    })
  }
  return blocks
}
