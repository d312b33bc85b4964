/**
 * What must be true before the product may be sold in a state: the facts the operator fills in at /admin/states
 * (a registration or licence number, the reimbursement insurer, the administrator) and what the contract prints with
 * them. A block of its own beside the cancellation and refund rules (state-rules.ts), read through `readinessRule`;
 * like that table it is data for counsel to confirm (docs/selling-lawfully.md), not legal advice.
 *
 * Plain data and pure functions: the operator's page, the sales check and the contract's disclosures ask here.
 */

import { formatPhone, isTollFreeUsPhone, toE164UsPhone } from './phones'
import { STATE_TABLE, type StateCode } from './state-rules'

/**
 * How a provider shows it can pay its contracts where a state asks (Tex. Occ. Code §1304.151): a reimbursement
 * insurance policy, a funded reserve account with a security deposit, or a net worth of at least $100 million.
 */
export const FINANCIAL_SECURITY_KINDS = ['reimbursement_insurance', 'funded_reserve', 'net_worth'] as const
export type FinancialSecurityKind = (typeof FINANCIAL_SECURITY_KINDS)[number]

/** The facts a state may need, as the operator fills them in (one row per state, table `state_facts`). */
export const STATE_FACT_KEYS = [
  'registrationNumber',
  'insurerName',
  'insurerAddress',
  'insurerPhone',
  'administratorName',
  'administratorRegistration',
  'financialSecurityKind',
  'financialSecurityDetail',
] as const
export type StateFactKey = (typeof STATE_FACT_KEYS)[number]
export type StateFactValues = Record<StateFactKey, string | null>

export const STATE_FACT_LABELS: Record<StateFactKey, string> = {
  registrationNumber: 'Registration or licence number',
  insurerName: 'Reimbursement insurer',
  insurerAddress: "Insurer's address",
  insurerPhone: "Insurer's toll-free number",
  administratorName: 'Administrator',
  administratorRegistration: "Administrator's registration number",
  financialSecurityKind: 'Financial security',
  financialSecurityDetail: 'Financial security particulars',
}

export const FINANCIAL_SECURITY_LABELS: Record<FinancialSecurityKind, string> = {
  reimbursement_insurance: 'Reimbursement insurance policy',
  funded_reserve: 'Funded reserve account and security deposit',
  net_worth: 'Net worth of at least $100 million (the provider or its parent)',
}

export function isFinancialSecurityKind(value: unknown): value is FinancialSecurityKind {
  return FINANCIAL_SECURITY_KINDS.includes(value as FinancialSecurityKind)
}

export type ReadinessRule = {
  statutes: readonly string[]
  /** The provider must hold a registration or licence before selling; its shape, and whether the contract prints it. */
  registration: { required: boolean; printed: boolean; pattern: RegExp; shape: string }
  /** The provider's obligations must be insured by a reimbursement insurer (then its name, address and number are needed). */
  reimbursementInsurance: boolean
  /**
   * The sentence the contract prints about the insurer, `{insurer}`, `{address}` and `{phone}` filled in; null: the
   * national sentence. Where the statute gives the words, counsel checks ours against them before opening.
   */
  insurerSentence: string | null
  /** The insurer sentence is printed conspicuously (in bold, a block of its own): Washington, RCW 48.110.075(2)(b). */
  insurerSentenceConspicuous: boolean
  /** The contract names the administrator and its registration number. */
  administratorPrinted: boolean
  /** The contract prints a telephone number for service. */
  phonePrinted: boolean
  /**
   * The printed service number must be toll-free or a local call: the state's area codes (Illinois, 215 ILCS
   * 152/30(3)); null: any US number.
   */
  phoneTollFreeOrLocal: readonly string[] | null
  /**
   * The provider records how it can pay its contracts (the kind and its particulars) before selling: Texas, Tex. Occ.
   * Code §1304.151–.152 (reimbursement insurance, a funded reserve with its security deposit, or net worth).
   */
  financialSecurity: boolean
  /**
   * The statute that requires the contract form filed with the regulator before it is used (null: none): a terms
   * version sells there only once its filing is recorded at /admin/states/:code.
   */
  filedForm: string | null
  /** The regulator, as the operator reads it on /admin/states. */
  regulator: string | null
}

/** A registration number as regulators issue them: letters, digits and hyphens (3–30), starting with a letter or digit. */
const REGISTRATION_SHAPE = /^[A-Z0-9][A-Z0-9-]{2,29}$/i

/**
 * Every state not listed: most states require a service contract provider to register before selling, so the default
 * asks for the number (counsel may relax a state where none is needed); nothing more is printed than the national text.
 */
export const DEFAULT_READINESS: ReadinessRule = {
  statutes: [],
  registration: { required: true, printed: false, pattern: REGISTRATION_SHAPE, shape: 'letters, digits and hyphens (3 to 30)' },
  reimbursementInsurance: false,
  insurerSentence: null,
  insurerSentenceConspicuous: false,
  administratorPrinted: false,
  phonePrinted: false,
  phoneTollFreeOrLocal: null,
  financialSecurity: false,
  filedForm: null,
  regulator: null,
}

type ReadinessRow = Partial<Omit<ReadinessRule, 'registration'>> & {
  statutes: readonly string[]
  registration?: Partial<ReadinessRule['registration']>
}

/** Each listed state: only what its statute changes from the default. */
export const READINESS_TABLE: Readonly<Record<StateCode, ReadinessRow>> = {
  // Utah Code §31A-6a-103: a provider's obligations insured by a reimbursement insurer; §31A-6a-104(2): the contract
  // names the insurer and says the holder may claim from it if the provider does not pay.
  UT: {
    statutes: ['Utah Code §31A-6a-103', 'Utah Code §31A-6a-104(2)', 'Utah Code ch. 31A-6a (the contract form filed)'],
    reimbursementInsurance: true,
    // The form filed before use: which section requires it, and whether on file or on request, is a question for
    // counsel (docs/selling-lawfully.md); held as required until answered.
    filedForm: 'Utah Code ch. 31A-6a',
    insurerSentence:
      'Obligations of the provider under this service contract are guaranteed under a service contract reimbursement insurance policy. If the provider fails to pay or provide service on a claim within 60 days after proof of loss has been filed, the contract holder is entitled to make a claim directly against the insurance company: {insurer}, {address}, {phone}.',
    regulator: 'Utah Insurance Department',
  },
  // Revised Code of Washington 48.110.075(2)(a): a motor vehicle service contract provider insures its obligations;
  // (2)(b): the contract states conspicuously that they are guaranteed under the reimbursement insurance policy, the
  // insurer's name and address, and that the holder may apply directly to the insurer (48.110.070(2) in the same words).
  WA: {
    statutes: ['RCW 48.110.075(2)(b)', 'RCW 48.110.070'],
    reimbursementInsurance: true,
    insurerSentence:
      'Obligations of the provider under this service contract are guaranteed under a service contract reimbursement insurance policy issued by {insurer}, {address}, {phone}. If the provider fails to pay or provide service within 60 days after you request it, you are entitled to apply directly to the reimbursement insurance company.',
    insurerSentenceConspicuous: true,
    regulator: 'Washington State Office of the Insurance Commissioner',
  },
  // New York Insurance Law §7905(b): the contract states that the provider's obligations are insured and names the insurer.
  NY: {
    statutes: ['N.Y. Ins. Law §7905(b)'],
    insurerSentence:
      "The provider's obligations under this service contract are insured under a service contract reimbursement insurance policy issued by {insurer}, {address}, {phone}. If the provider fails to pay or provide service on a claim within 60 days after proof of loss has been filed, you may file a claim directly with the insurer.",
    regulator: 'New York State Department of Financial Services',
  },
  // California Insurance Code §12820(b)(1)(A): a contract whose performance is guaranteed by an insurer prints the
  // statute's own sentence, the insurer's name and address in it and the Department of Insurance after it (the form
  // without an insurer, (b)(1)(B), does not arise: this product opens California only with an insurer recorded);
  // §12820(a): the contract form is filed with the Department before it is sold.
  CA: {
    statutes: ['Cal. Ins. Code §12820(b)(1)(A)', 'Cal. Ins. Code §12820(a)'],
    filedForm: 'Cal. Ins. Code §12820(a)',
    insurerSentence:
      "Performance to you under this contract is guaranteed by a California approved insurance company. You may file a claim with this insurance company if any promise made in the contract has been denied or has not been honored within 60 days after your request. The name and address of the insurance company is: {insurer}, {address}. If you are not satisfied with the insurance company's response, you may contact the California Department of Insurance at 1-800-927-4357 or access the department's Internet Web site (www.insurance.ca.gov).",
    regulator: 'California Department of Insurance',
  },
  // Oklahoma, 15 O.S. §141.13 (the motor vehicle service contract's contents, not the Service Warranty Act of 36 O.S.
  // §6601 ff.): the contract prints the provider's licence number.
  OK: {
    statutes: ['15 O.S. §141.13'],
    registration: { printed: true },
    regulator: 'Oklahoma Insurance Department',
  },
  // Texas Occupations Code §1304.101 (registration before selling), §1304.151–.152 (financial security: a reimbursement
  // insurance policy, a funded reserve account with a security deposit, or a net worth of $100 million) and §1304.156
  // (the contract names the administrator and its registration number).
  TX: {
    statutes: ['Tex. Occ. Code §1304.101', 'Tex. Occ. Code §1304.151–.152', 'Tex. Occ. Code §1304.156'],
    registration: { printed: true },
    administratorPrinted: true,
    financialSecurity: true,
    regulator: 'Texas Department of Licensing and Regulation',
  },
  // Florida Statutes §634.121(1): the service agreement form is filed with the Office of Insurance Regulation before use.
  FL: {
    statutes: ['Fla. Stat. §634.121(1)'],
    filedForm: 'Fla. Stat. §634.121(1)',
    regulator: 'Florida Office of Insurance Regulation',
  },
  // Illinois Service Contract Act, 215 ILCS 152/30(3): the contract prints a local or toll-free telephone number for
  // the approval of covered repairs; "local" read as an Illinois area code.
  IL: {
    statutes: ['215 ILCS 152/30(3)'],
    phonePrinted: true,
    phoneTollFreeOrLocal: [
      '217',
      '224',
      '309',
      '312',
      '331',
      '447',
      '464',
      '618',
      '630',
      '708',
      '730',
      '773',
      '779',
      '815',
      '847',
      '861',
      '872',
    ],
    regulator: 'Illinois Department of Insurance',
  },
}

export function readinessRule(code: StateCode): ReadinessRule {
  const row = READINESS_TABLE[code]
  if (!row) return DEFAULT_READINESS
  return { ...DEFAULT_READINESS, ...row, registration: { ...DEFAULT_READINESS.registration, ...row.registration } }
}

/** The facts that must be filled in before the state may be opened. */
export function requiredFacts(rule: ReadinessRule): StateFactKey[] {
  const keys: StateFactKey[] = []
  if (rule.registration.required) keys.push('registrationNumber')
  if (rule.reimbursementInsurance || rule.insurerSentence) keys.push('insurerName', 'insurerAddress', 'insurerPhone')
  if (rule.administratorPrinted) keys.push('administratorName', 'administratorRegistration')
  if (rule.financialSecurity) keys.push('financialSecurityKind', 'financialSecurityDetail')
  return keys
}

/**
 * The mark counsel's review puts on a state whose questions are still open (the table's `needsCounsel`): such a
 * state cannot be opened whatever its facts. Read through this one function so the mark has one reader.
 */
export function counselHold(code: StateCode): string | null {
  const row = STATE_TABLE[code] as { needsCounsel?: string | boolean | null } | undefined
  const mark = row?.needsCounsel
  if (!mark) return null
  return typeof mark === 'string' ? mark : 'Counsel has open questions about this state.'
}

/** Why a fact's value is unusable (its shape), or null; an empty value is judged by `missingFacts`, not here. */
export function factProblem(rule: ReadinessRule, key: StateFactKey, value: string): string | null {
  if (key === 'registrationNumber' && !rule.registration.pattern.test(value)) {
    return `A registration number is ${rule.registration.shape}.`
  }
  if (key === 'administratorRegistration' && !REGISTRATION_SHAPE.test(value)) {
    return `A registration number is ${DEFAULT_READINESS.registration.shape}.`
  }
  if (key === 'insurerPhone' && !isTollFreeUsPhone(value)) {
    return 'Enter a US toll-free number (800, 833, 844, 855, 866, 877 or 888).'
  }
  if (key === 'financialSecurityKind' && !isFinancialSecurityKind(value)) {
    return 'Choose how the provider shows it can pay: reimbursement insurance, a funded reserve, or net worth.'
  }
  return null
}

/**
 * Whether the printed service number meets the state's rule: toll-free, or a local call (one of the state's area
 * codes). True where the state has no such rule.
 */
export function servicePhoneAllowed(rule: ReadinessRule, phone: string): boolean {
  if (!rule.phoneTollFreeOrLocal) return true
  if (isTollFreeUsPhone(phone)) return true
  const e164 = toE164UsPhone(phone)
  return e164 !== null && rule.phoneTollFreeOrLocal.includes(e164.slice(2, 5))
}

export function missingFacts(rule: ReadinessRule, facts: StateFactValues): StateFactKey[] {
  return requiredFacts(rule).filter((key) => !facts[key]?.trim())
}

/**
 * What readiness checks beyond the state's own facts: the service number the contract prints (SUPPORT_PHONE), the
 * terms version sold now and the versions whose filing is recorded for the state. Left out: not checked.
 */
export type ReadinessChecks = { servicePhone?: string | null; termsVersion?: string; filedVersions?: readonly string[] }

export type Readiness = {
  ready: boolean
  missing: StateFactKey[]
  counsel: string | null
  /** What else holds the state, in the operator's words, its statute named (the service number, the form filing). */
  problems: string[]
}

/** The state's other holds, each a sentence for the operator: a service number that is neither toll-free nor local, an unfiled form. */
export function readinessProblems(rule: ReadinessRule, checks: ReadinessChecks): string[] {
  const problems: string[] = []
  if (rule.phoneTollFreeOrLocal && checks.servicePhone && !servicePhoneAllowed(rule, checks.servicePhone)) {
    problems.push(
      `The service number the contract prints, ${formatPhone(toE164UsPhone(checks.servicePhone) ?? checks.servicePhone)}, must be toll-free or a local number here (${rule.statutes.join('; ')}): set SUPPORT_PHONE to one.`,
    )
  }
  if (rule.filedForm && checks.termsVersion && !(checks.filedVersions ?? []).includes(checks.termsVersion)) {
    problems.push(
      `Terms ${checks.termsVersion} must be filed with the regulator before they are sold here (${rule.filedForm}): record the filing.`,
    )
  }
  return problems
}

/**
 * Whether a state may be sold in with these facts. `sample`: the embedded local default, which sells everywhere on
 * made-up facts to show the product, so counsel's open questions and the other holds are reported but hold nothing
 * there; they only hold a state that would be sold for real.
 */
export function readiness(code: StateCode, facts: StateFactValues, sample = false, checks: ReadinessChecks = {}): Readiness {
  const rule = readinessRule(code)
  const missing = missingFacts(rule, facts)
  const counsel = counselHold(code)
  const problems = readinessProblems(rule, checks)
  return { ready: missing.length === 0 && (sample || (counsel === null && problems.length === 0)), missing, counsel, problems }
}

export const NO_FACTS: StateFactValues = Object.fromEntries(STATE_FACT_KEYS.map((key) => [key, null])) as StateFactValues

/**
 * What the embedded local default sells with where the operator filled in nothing: made-up facts, named as such, so a
 * local start sells everywhere and the contract shows where the real ones will be printed.
 */
export const SAMPLE_STATE_FACTS: StateFactValues = {
  registrationNumber: 'SAMPLE-0000',
  insurerName: 'Sample Reimbursement Insurer (local default, not a real insurer)',
  insurerAddress: '100 Example Street, Salt Lake City, UT 84101',
  insurerPhone: '+18005550100',
  administratorName: 'Sample Administrator (local default)',
  administratorRegistration: 'SAMPLE-ADM-0000',
  financialSecurityKind: 'reimbursement_insurance',
  financialSecurityDetail: 'Sample reimbursement insurance policy (local default, not a real policy)',
}

/** The filled-in facts, each missing one taken from the samples (the local default only). */
export function withSampleFacts(facts: StateFactValues): StateFactValues {
  return Object.fromEntries(
    STATE_FACT_KEYS.map((key) => [key, facts[key]?.trim() ? facts[key] : SAMPLE_STATE_FACTS[key]]),
  ) as StateFactValues
}

/** Fills a statutory sentence's placeholders. */
export function fillSentence(sentence: string, values: Record<string, string>): string {
  return sentence.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole)
}
