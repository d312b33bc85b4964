/**
 * The one table of rules that differ by US state: the free look, cancellation and refunds, the cancellation fee, the
 * refund deadline, whether the product's 12-month commitment may bind, the disclosures the contract must print,
 * whether a price increase needs the subscriber's consent, and whether a yearly reminder is due.
 *
 * A state's law is a floor, not the product's rule: every state starts from the national default below (the product's
 * own promise wherever no statute says more) and a listed state changes only what its statute changes. The table is
 * data for counsel to confirm before selling in a state (docs/selling-lawfully.md), not legal advice.
 *
 * Plain data and pure functions, safe in the browser: the policy card, the cancellation page and the server all ask
 * the same questions here. Money is integer cents. Days are calendar days after the purchase in the customer's own
 * time zone (`customerZone` in app/domain/calendar.ts): the day of purchase is day 0, so a 30-day free look runs to the
 * end of the 30th day after it, as Texas, Florida and Illinois count ("before the 31st day after the date of purchase").
 */

import { addCalendarDays, addCalendarMonths, calendarDaysBetween, dayOf, endOfDayIn } from './calendar'
import { US_STATES } from './us-states'

export type StateCode = string

/**
 * The records a deletion keeps because a state's law requires them (the state table's `recordsKept`,
 * app/domain/state-rules.ts): a Texas service contract's file (the holder's name and address, the contract's version and
 * dates, each claim's date and description) and California's verification of the consent to automatic renewal.
 * docs/decisions/105-deletion-keeps-the-records-the-law-requires.md.
 */
export const KEPT_RECORD_KINDS = ['service_contract', 'renewal_consent'] as const
export type KeptRecordKind = (typeof KEPT_RECORD_KINDS)[number]

/**
 * A record the state's law makes the provider keep after the customer deletes their account: which (`KeptRecordKind`, below), the statute, and until when — through the anniversary of the day coverage ended
 * `yearsAfterCoverageEnds` years on, or of the consent `yearsAfterConsent` years on, whichever is later.
 */
export type RecordKept = {
  kind: KeptRecordKind
  statute: string
  yearsAfterCoverageEnds: number
  yearsAfterConsent: number | null
}

/** Tex. Occ. Code §1304.155(a), (c): the contract sold, the holder's name and address, each claim's date and description. */
const TEXAS_RECORDS: RecordKept = {
  kind: 'service_contract',
  statute: 'Tex. Occ. Code §1304.155',
  yearsAfterCoverageEnds: 1,
  yearsAfterConsent: null,
}

/** Cal. Bus. & Prof. Code §17602 (AB 2863): the verification of the consent, 3 years or 1 year after the contract ends. */
const CALIFORNIA_RECORDS: RecordKept = {
  kind: 'renewal_consent',
  statute: 'Cal. Bus. & Prof. Code §17602',
  yearsAfterCoverageEnds: 1,
  yearsAfterConsent: 3,
}

/** What a cancellation inside the free look refunds. */
export type FreeLookRefund =
  /** everything paid */
  | 'full'
  /** everything paid, minus what the plan paid shops for claims */
  | 'full_minus_claims'
  /** everything paid when no claim was made; with a claim the after-free-look rule applies */
  | 'full_if_no_claims'
  /** everything paid minus the cancellation fee when no claim was made; with a claim the after-free-look rule applies */
  | 'full_minus_fee_if_no_claims'

/** What a cancellation after the free look refunds, of what was paid for the current billing period. */
export type LaterRefund = 'pro_rata' | 'pro_rata_minus_claims' | 'none'

/**
 * The most a cancellation fee may be: the lesser of the amounts given, and when it may be charged. A percentage is of
 * what the customer has paid for the contract, the reading that protects a monthly payer most.
 */
export type FeeCap = { cents: number | null; percentOfPaid: number | null; when: 'free_look' | 'after_free_look' | 'always' }

export type StateRules = {
  code: StateCode | null
  /** Where the row comes from: a statute, the national default, or the most protective rule (state unknown). */
  source: 'statute' | 'default' | 'most_protective'
  statutes: readonly string[]
  freeLookDays: number
  freeLookRefund: FreeLookRefund
  /** After the free look the customer may cancel at any time (else the product's commitment may bind). */
  cancelAnyTime: boolean
  laterRefund: LaterRefund
  /** The share of the unused (pro-rata) amount a later refund gives, in percent: 100, or less where the statute allows. */
  laterRefundPercent: number
  fee: FeeCap | null
  /**
   * Days within which a refund must be paid, and the penalty for each period late (percent of the refund): a calendar
   * month, or `latePenaltyPeriodDays` days where the statute counts in days (Nevada: each 30 days or part of them).
   * `refundDeadlineFreeLookOnly`: the deadline binds only a refund of the free look (Nevada's return of the contract).
   */
  refundDeadlineDays: number | null
  latePenaltyPercentPerMonth: number | null
  latePenaltyPeriodDays: number | null
  refundDeadlineFreeLookOnly: boolean
  /** Whether the product's 12-month commitment may restrict cancellation, and from when. */
  commitment: 'never' | 'after_free_look'
  /** Text blocks the contract must print for a customer of this state (beside the national ones). */
  disclosures: readonly string[]
  /** A higher price reaches a subscriber only after they accept it. */
  priceIncreaseNeedsConsent: boolean
  /** A reminder of the plan, its price and how to cancel on each anniversary. */
  yearlyReminder: boolean
  /**
   * Where the statute sets the terms of passing the contract to the vehicle's next owner: the offer stays open at least
   * `openDaysAfterSale` days, the fee is at most `feeCapCents`, and the contract states it in bold (null: the product's
   * own terms). `paidPeriodStays`: the period the seller has already paid goes with the contract, so the next owner's
   * subscription starts with that time free (app/domain/billing.ts `paidPeriodCarriedOver`).
   */
  nextOwnerAssignment: { openDaysAfterSale: number; feeCapCents: number; paidPeriodStays: boolean } | null
  /** A notice the buyer must be given before the sale: signup shows it above the payment step (Florida). */
  noticeBeforeSale: string | null
  /** The records an account's deletion keeps for this state's law, each until its day (app/domain/privacy.ts). */
  recordsKept: readonly RecordKept[]
  /**
   * Where the statute counts a provider's cancellation from the mailing of its notice: the policy ends no sooner than
   * this many calendar days after the day the letter is mailed (app/domain/provider-cancellation.ts reads it as the
   * state's notice days). Null: the provider-cancellation block's own days.
   */
  providerNoticeDaysAfterMailing: number | null

  // --- for counsel (the readiness checks read this; docs/selling-lawfully.md lists each question) ---
  /**
   * The open legal question that keeps this state closed until counsel answers it (null: none). A state with one is
   * not opened by the operator; the text is the refusal shown.
   */
  needsCounsel: string | null
}

/**
 * The national default, for every state not listed: a 30-day free look with a full refund minus claims paid, then
 * cancel any time with a pro-rata refund of the current period, no fee. The product's commitment does not bind.
 */
export const NATIONAL_DEFAULT: StateRules = {
  code: null,
  source: 'default',
  statutes: [],
  freeLookDays: 30,
  freeLookRefund: 'full_minus_claims',
  cancelAnyTime: true,
  laterRefund: 'pro_rata',
  laterRefundPercent: 100,
  fee: null,
  refundDeadlineDays: null,
  latePenaltyPercentPerMonth: null,
  latePenaltyPeriodDays: null,
  refundDeadlineFreeLookOnly: false,
  commitment: 'never',
  disclosures: [],
  priceIncreaseNeedsConsent: false,
  // Every subscriber gets it: Minnesota requires a yearly notice of a continuing service (Minn. Stat. §325G.56–.62)
  // and California one for its plans; elsewhere it costs nothing and keeps the renewal in view.
  yearlyReminder: true,
  nextOwnerAssignment: null,
  noticeBeforeSale: null,
  recordsKept: [],
  providerNoticeDaysAfterMailing: null,
  needsCounsel: null,
}

type StateRow = Partial<Omit<StateRules, 'code' | 'source'>> & { statutes: readonly string[] }

/** Fla. Stat. §634.121(1): said before the sale (signup) and printed in the contract. */
const FLORIDA_PURCHASE_NOT_REQUIRED =
  'Florida residents: the purchase of this contract is not required to purchase or to obtain financing for a motor vehicle.'

/** Each listed state: only what its statute changes from the national default. */
export const STATE_TABLE: Readonly<Record<StateCode, StateRow>> = {
  // Texas Occupations Code §1304.1581 (cancellation and refunds) and §1304.156 (disclosures: TDLR on every contract).
  // Free look before day 31: full price minus claims paid; later pro-rata minus claims paid; a fee of at most $50;
  // the refund within 45 days or a 10 % penalty a month. A contract may not forbid cancellation.
  TX: {
    statutes: ['Tex. Occ. Code §1304.1581', 'Tex. Occ. Code §1304.156', 'Tex. Occ. Code §1304.159'],
    freeLookDays: 30,
    freeLookRefund: 'full_minus_claims',
    laterRefund: 'pro_rata_minus_claims',
    fee: { cents: 5000, percentOfPaid: null, when: 'after_free_look' },
    refundDeadlineDays: 45,
    latePenaltyPercentPerMonth: 10,
    disclosures: [
      'The provider of this contract is regulated by the Texas Department of Licensing and Regulation, P.O. Box 12157, Austin, Texas 78711, (800) 803-9202, www.tdlr.texas.gov. Complaints may be directed to the Department.',
    ],
    // Tex. Occ. Code §1304.159: the provider's notice is mailed before the fifth day preceding the effective date, so
    // the policy ends on the sixth day after the day of mailing at the earliest (mailed on the 1st: the fifth day
    // before the 7th is the 2nd, and the 1st is before it).
    providerNoticeDaysAfterMailing: 6,
    recordsKept: [TEXAS_RECORDS],
    needsCounsel: 'Texas: is replacement of the whole windshield a service contract under Tex. Occ. Code ch. 1304, or insurance?',
  },
  // California Civil Code §1794.41 (cancellation, refunds and the fee), §1794.4, Insurance Code §12820; Business and
  // Professions Code §17600 ff. as amended by AB 2863 (automatic renewal: express consent kept 3 years, a yearly
  // reminder). 60-day free look with a full refund when no claim was made; later cancel any time, pro-rata; a fee of
  // at most the lesser of $25 or 10 % of the price.
  CA: {
    statutes: [
      'Cal. Civ. Code §1794.41',
      'Cal. Civ. Code §1794.4',
      'Cal. Ins. Code §12820',
      'Cal. Ins. Code §12825',
      'Cal. Bus. & Prof. Code §17600 ff.',
    ],
    freeLookDays: 60,
    freeLookRefund: 'full_if_no_claims',
    laterRefund: 'pro_rata',
    fee: { cents: 2500, percentOfPaid: 10, when: 'after_free_look' },
    yearlyReminder: true,
    // Cal. Ins. Code §12825: coverage ends no less than five days after the postmark of the provider's notice.
    providerNoticeDaysAfterMailing: 5,
    // Cal. Civ. Code §1794.41(a)(3): the 60 days count from the receipt of the contract. It is received at the sale:
    // the contract goes only electronically, after an E-SIGN consent that shows the PDF opens (a condition of buying),
    // so the days count from the purchase (the question for counsel is in docs/selling-lawfully.md).
    disclosures: [
      'California residents: you may cancel this contract at any time. If you cancel within 60 days of purchase and have made no claim, you receive a full refund; after that, a refund in proportion to the unused part of what you paid, less a cancellation fee of no more than the lesser of $25 or 10 % of the price.',
    ],
    recordsKept: [CALIFORNIA_RECORDS],
    needsCounsel:
      "California: is replacement of the whole windshield a service contract under Cal. Civ. Code §1791(o) and Cal. Ins. Code §12800 ff., or insurance? And who may sell one here (Cal. Ins. Code §12805, §12810): may the provider sell directly online, or must a licensed seller or the provider's appointed agent sell it?",
  },
  // Florida Statutes chapter 634 part I, §634.121: (1) the "purchase not required" notice before the sale; (2) the
  // right to assign to the next owner in conspicuous bold type, open at least 15 days after the vehicle's sale, for a
  // fee of at most $40, the contract (and the period paid for it) passing with the vehicle; (3)(a) cancel within 60 days after purchase for 100 % of what was paid less claims paid, a fee
  // of at most 5 %; after 60 days the holder may still cancel, for at least 90 % of the unearned pro-rata amount less
  // claims paid. The contract may not stop a cancellation, so the product's commitment never binds here.
  FL: {
    statutes: ['Fla. Stat. ch. 634 part I', 'Fla. Stat. §634.121'],
    freeLookDays: 60,
    freeLookRefund: 'full_minus_claims',
    laterRefund: 'pro_rata_minus_claims',
    laterRefundPercent: 90,
    fee: { cents: null, percentOfPaid: 5, when: 'free_look' },
    nextOwnerAssignment: { openDaysAfterSale: 15, feeCapCents: 4000, paidPeriodStays: true },
    noticeBeforeSale: FLORIDA_PURCHASE_NOT_REQUIRED,
    disclosures: [FLORIDA_PURCHASE_NOT_REQUIRED],
    needsCounsel:
      'Florida: does Fla. Stat. §634.121(3) give a holder who cancels after day 60 at least 90 % of the unearned pro-rata amount less claims paid (read here from secondary sources), and nothing more?',
  },
  // Illinois Service Contract Act, 215 ILCS 152/30 and /35. 30 days with no service: a full refund minus the fee;
  // later cancel any time, pro-rata minus the value of service received; a fee of at most the lesser of 10 % or $50.
  IL: {
    statutes: ['215 ILCS 152/30', '215 ILCS 152/35'],
    freeLookDays: 30,
    freeLookRefund: 'full_minus_fee_if_no_claims',
    laterRefund: 'pro_rata_minus_claims',
    fee: { cents: 5000, percentOfPaid: 10, when: 'always' },
  },
  // New York Insurance Law §7903 (free look, refunds within 30 days or a 10 % penalty a month) and §7905; General
  // Business Law §527-a as amended (a subscriber's affirmative consent before a higher price). The contract may
  // restrict cancellation after the free look, so the product's commitment binds then.
  NY: {
    statutes: ['N.Y. Ins. Law §7903', 'N.Y. Ins. Law §7905', 'N.Y. Gen. Bus. Law §527-a'],
    freeLookDays: 30,
    freeLookRefund: 'full',
    cancelAnyTime: false,
    laterRefund: 'none',
    refundDeadlineDays: 30,
    latePenaltyPercentPerMonth: 10,
    commitment: 'after_free_look',
    priceIncreaseNeedsConsent: true,
    needsCounsel:
      'New York: is replacement of the whole windshield a service contract under N.Y. Ins. Law §7902, and how long must its free look be under §7903?',
  },
  // Utah Code §31A-6a-104: the contract must say it is subject to limited regulation and not guaranteed.
  UT: {
    statutes: ['Utah Code §31A-6a-104'],
    disclosures: [
      'This contract is subject to limited regulation by the Utah Insurance Department. To file a complaint, contact the Utah Insurance Department.',
      'Coverage afforded under this contract is not guaranteed by the Property and Casualty Guaranty Association.',
    ],
    needsCounsel: 'Utah: may a contract under Utah Code §31A-6a-104 say "this contract is not insurance"?',
  },
  // Official Code of Georgia §33-7-6(b)(1): a service agreement is property insurance unless underwritten by an insurer,
  // and the wear-and-tear list names windshield chip and crack repair "without replacement of the entire windshield".
  GA: {
    statutes: ['O.C.G.A. §33-7-6'],
    needsCounsel:
      'Georgia: O.C.G.A. §33-7-6(b)(1) names chip and crack repair without replacement of the entire windshield; is a plan that replaces windshields a service agreement there?',
  },
  // Nevada Administrative Code 690C.120: claims paid may not be deducted from the refund of a cancellation within the
  // free look. The product's 30 days stay (Nevada asks for fewer), the refund is everything paid. NRS 690C.250(4): a
  // contract returned in the free look is refunded within 45 days, or 10 % of the price more for each 30 days (or part
  // of them) it stays unpaid. NRS 690C.270(2): a provider's cancellation takes effect at least 15 days after its notice
  // is mailed.
  NV: {
    statutes: ['NAC 690C.120', 'NRS 690C.250', 'NRS 690C.270'],
    freeLookRefund: 'full',
    refundDeadlineDays: 45,
    latePenaltyPercentPerMonth: 10,
    latePenaltyPeriodDays: 30,
    refundDeadlineFreeLookOnly: true,
    providerNoticeDaysAfterMailing: 15,
  },
  // Revised Code of Washington 48.110.070: the contract names the provider and the regulator.
  WA: {
    statutes: ['RCW 48.110.070'],
    disclosures: [
      'Washington residents: this service contract is regulated by the Washington State Office of the Insurance Commissioner, P.O. Box 40255, Olympia, WA 98504-0255, 1-800-562-6900.',
    ],
  },
}

/** Every state's row, the national default filled in. */
export function stateRules(code: StateCode): StateRules {
  const row = STATE_TABLE[code]
  if (!row) return { ...NATIONAL_DEFAULT, code }
  return { ...NATIONAL_DEFAULT, ...row, code, source: 'statute' }
}

/**
 * For a policy whose state is not known yet: the most protective rule of the whole table — the longest free look,
 * a full refund, cancel any time with a pro-rata refund and no fee, the shortest deadline, consent before a higher
 * price and the yearly reminder. No state-specific disclosures (those need the state).
 */
export const MOST_PROTECTIVE: StateRules = (() => {
  const rows = [NATIONAL_DEFAULT, ...Object.keys(STATE_TABLE).map(stateRules)]
  const deadlines = rows.map((row) => row.refundDeadlineDays).filter((days): days is number => days !== null)
  return {
    ...NATIONAL_DEFAULT,
    source: 'most_protective',
    freeLookDays: Math.max(...rows.map((row) => row.freeLookDays)),
    freeLookRefund: 'full',
    cancelAnyTime: true,
    laterRefund: 'pro_rata',
    fee: null,
    refundDeadlineDays: deadlines.length ? Math.min(...deadlines) : null,
    commitment: 'never',
    priceIncreaseNeedsConsent: true,
    yearlyReminder: true,
    // Keeping a record is the provider's duty, not the customer's protection: an unknown state keeps what any state asks.
    recordsKept: [TEXAS_RECORDS, CALIFORNIA_RECORDS],
  }
})()

/** The rules that govern a policy: its state's, or the most protective while the state is not known. */
export function rulesFor(code: StateCode | null | undefined): StateRules {
  return code && isStateCode(code) ? stateRules(code) : MOST_PROTECTIVE
}

export function isStateCode(value: unknown): value is StateCode {
  return typeof value === 'string' && US_STATES.some((state) => state.code === value)
}

/** The notices to give before the sale, by state (signup shows the chosen state's, or all of them before a choice). */
export function noticesBeforeSale(): Array<{ code: StateCode; notice: string }> {
  return Object.keys(STATE_TABLE).flatMap((code) => {
    const notice = stateRules(code).noticeBeforeSale
    return notice ? [{ code, notice }] : []
  })
}

export function stateName(code: StateCode): string {
  return US_STATES.find((state) => state.code === code)?.name ?? code
}

/** The product's own cancellation fee, charged only where a state's table allows a fee, and never above its cap. */
export const PRODUCT_CANCELLATION_FEE_CENTS = 2500

/** Calendar days after the purchase that `now` falls on, in the customer's zone: 0 on the day of purchase. */
export function daysAfterPurchase(purchasedAt: Date | string, now: Date | string, zone: string): number {
  return calendarDaysBetween(new Date(now), new Date(purchasedAt), zone)
}

/** The last day of the free look (YYYY-MM-DD, in the customer's zone): the `freeLookDays`-th day after the purchase. */
export function freeLookLastDay(rules: StateRules, purchasedAt: Date | string, zone: string): string {
  return dayOf(addCalendarDays(new Date(purchasedAt), rules.freeLookDays, zone), zone)
}

/** The moment the free look ends: the end of its last day in the customer's zone. */
export function freeLookEndsAt(rules: StateRules, purchasedAt: Date | string, zone: string): Date {
  return endOfDayIn(freeLookLastDay(rules, purchasedAt, zone), zone)
}

export function inFreeLook(rules: StateRules, purchasedAt: Date | string, now: Date | string, zone: string): boolean {
  return daysAfterPurchase(purchasedAt, now, zone) <= rules.freeLookDays
}

/** What the commitment rule needs of a policy: when it was bought, when its 12 months end, the customer's zone. */
export type CommitmentInput = { purchasedAt: Date | string; initialTermEndsAt: string | null; zone: string }

/**
 * Whether the product's 12-month commitment stops the customer from cancelling now: only inside the commitment, only
 * where the state lets a contract restrict cancellation, and never in the free look.
 */
export function commitmentBinds(rules: StateRules, policy: CommitmentInput, now: Date | string): boolean {
  if (rules.commitment === 'never') return false
  if (!policy.initialTermEndsAt || new Date(now).getTime() >= new Date(policy.initialTermEndsAt).getTime()) return false
  return !inFreeLook(rules, policy.purchasedAt, now, policy.zone)
}

/**
 * From when the commitment binds (the end of the free look), where it may bind at all and has not ended by then; null
 * where the customer may cancel at any time.
 */
export function commitmentBindsFrom(rules: StateRules, policy: CommitmentInput): Date | null {
  if (rules.commitment === 'never' || !policy.initialTermEndsAt) return null
  const from = freeLookEndsAt(rules, policy.purchasedAt, policy.zone)
  return from.getTime() < new Date(policy.initialTermEndsAt).getTime() ? from : null
}

/**
 * The penalty on a refund paid after the state's deadline: `latePenaltyPercentPerMonth` of the refund for each month,
 * or part of one, it is late (a month counted from the day after the deadline, in the customer's zone). Nothing where
 * the state sets no penalty, or when the refund is paid by the end of its deadline day.
 */
export function lateRefundPenalty(
  rules: StateRules,
  refund: { amountCents: number; dueBy: string | null },
  paidAt: Date | string,
  zone: string,
): { periodsLate: number; penaltyCents: number } {
  const percent = rules.latePenaltyPercentPerMonth
  if (!percent || !refund.dueBy || refund.amountCents <= 0) return { periodsLate: 0, penaltyCents: 0 }
  const deadline = endOfDayIn(refund.dueBy, zone)
  const paid = new Date(paidAt)
  if (paid.getTime() < deadline.getTime()) return { periodsLate: 0, penaltyCents: 0 }
  const periodDays = rules.latePenaltyPeriodDays
  const periodEnd = (periods: number) =>
    periodDays === null ? addCalendarMonths(deadline, periods, zone) : addCalendarDays(deadline, periodDays * periods, zone)
  let periodsLate = 1
  while (periodEnd(periodsLate).getTime() <= paid.getTime()) periodsLate++
  return { periodsLate, penaltyCents: Math.round((refund.amountCents * percent * periodsLate) / 100) }
}

/** The fee a cancellation may carry: the product's fee, capped by the state, only when the state allows one then. */
export function cancellationFee(
  rules: StateRules,
  {
    paidCents,
    freeLook,
    productFeeCents = PRODUCT_CANCELLATION_FEE_CENTS,
  }: {
    paidCents: number
    freeLook: boolean
    productFeeCents?: number
  },
): number {
  const cap = rules.fee
  if (!cap) return 0
  if (cap.when === 'free_look' && !freeLook) return 0
  if (cap.when === 'after_free_look' && freeLook) return 0
  const limits = [productFeeCents]
  if (cap.cents !== null) limits.push(cap.cents)
  if (cap.percentOfPaid !== null) limits.push(Math.floor((Math.max(0, paidCents) * cap.percentOfPaid) / 100))
  return Math.max(0, Math.min(...limits))
}

export type RefundInput = {
  /** When the contract was bought (the terms were accepted and paid). */
  purchasedAt: Date | string
  now: Date | string
  /** The customer's zone, the days are counted in (`customerZone`). */
  zone: string
  /** Everything the customer has paid for this policy, net of earlier refunds. */
  totalPaidCents: number
  /** The current billing period and what was paid for it (null when nothing is paid for the current period). */
  period: { start: Date | string; end: Date | string; paidCents: number } | null
  /** What the plan paid shops for this policy's claims. */
  claimsPaidCents: number
  /** How many claims were made (filed, whatever their outcome). */
  claimsMade: number
  productFeeCents?: number
}

export type RefundRule = 'free_look' | 'pro_rata' | 'none'

export type Refund = {
  amountCents: number
  rule: RefundRule
  /** Before deductions: everything paid (free look) or the unused share of the period. */
  grossCents: number
  claimsDeductedCents: number
  feeCents: number
  /** The unused days and the period's days, for a pro-rata refund. */
  unusedDays: number | null
  periodDays: number | null
  /** The last day the refund may be paid without a penalty (YYYY-MM-DD), where the state sets one. */
  dueBy: string | null
}

/**
 * What a cancellation now refunds under a state's rules. Pure arithmetic, rounded to the cent: a pro-rata refund is
 * the period's payment times its unused whole days (the day of cancellation counts as used) over its days, times the
 * state's `laterRefundPercent`, less claims paid where the state allows, less the fee the state allows.
 */
export function refundFor(rules: StateRules, input: RefundInput): Refund {
  const zone = input.zone
  const freeLook = inFreeLook(rules, input.purchasedAt, input.now, zone)
  const noClaims = input.claimsMade === 0
  const fee = (inFreeLookWindow: boolean) =>
    cancellationFee(rules, {
      paidCents: input.totalPaidCents,
      freeLook: inFreeLookWindow,
      productFeeCents: input.productFeeCents,
    })
  const dueBy = refundDueBy(rules, input.now, zone, { freeLook: true })
  const laterDueBy = refundDueBy(rules, input.now, zone, { freeLook: false })

  if (freeLook) {
    const paid = Math.max(0, input.totalPaidCents)
    const full = (claims: number, feeCents: number): Refund => ({
      amountCents: Math.max(0, paid - claims - feeCents),
      rule: 'free_look',
      grossCents: paid,
      claimsDeductedCents: Math.min(claims, paid),
      feeCents: Math.min(feeCents, Math.max(0, paid - claims)),
      unusedDays: null,
      periodDays: null,
      dueBy,
    })
    // The free look never pays less than the refund after it would for the same moment: claims larger than a
    // price paid (a yearly payer's first weeks) would otherwise make waiting for the free look to end pay more
    // (docs/decisions/104-money-owed-said-before-it-happens.md).
    const atLeastLater = (refund: Refund) => {
      const later = laterRefund(rules, input, fee(false), laterDueBy)
      return later.amountCents > refund.amountCents ? later : refund
    }
    switch (rules.freeLookRefund) {
      case 'full':
        return atLeastLater(full(0, fee(true)))
      case 'full_minus_claims':
        return atLeastLater(full(input.claimsPaidCents, fee(true)))
      case 'full_if_no_claims':
        if (noClaims) return atLeastLater(full(0, fee(true)))
        break
      case 'full_minus_fee_if_no_claims':
        if (noClaims) return atLeastLater(full(0, fee(true)))
        break
    }
  }
  return laterRefund(rules, input, fee(freeLook), laterDueBy)
}

/**
 * The last day a refund worked out at `now` may be paid without a penalty (YYYY-MM-DD), where the state sets one for a
 * refund of its kind (`freeLook`: the return of the contract in the free look).
 */
export function refundDueBy(rules: StateRules, now: Date | string, zone: string, kind: { freeLook: boolean }): string | null {
  if (rules.refundDeadlineDays === null || (rules.refundDeadlineFreeLookOnly && !kind.freeLook)) return null
  return dayOf(addCalendarDays(new Date(now), rules.refundDeadlineDays, zone), zone)
}

/**
 * The unused whole days of a paid period at `now`, in the customer's zone: the day of `now` counts as used, and a
 * period counts at least one day. Shared by a cancellation's pro-rata refund and a transfer's (app/domain/refunds.ts).
 */
export function unusedShare(period: { start: Date | string; end: Date | string }, now: Date | string, zone: string) {
  const start = new Date(period.start)
  const periodDays = Math.max(1, calendarDaysBetween(new Date(period.end), start, zone))
  const usedDays = Math.min(periodDays, Math.max(1, calendarDaysBetween(new Date(now), start, zone) + 1))
  return { unusedDays: periodDays - usedDays, periodDays }
}

/** The refund after the free look (the state's later rule), with the fee given. */
function laterRefund(rules: StateRules, input: RefundInput, fee: number, dueBy: string | null): Refund {
  if (rules.laterRefund === 'none' || !input.period) {
    return {
      amountCents: 0,
      rule: rules.laterRefund === 'none' ? 'none' : 'pro_rata',
      grossCents: 0,
      claimsDeductedCents: 0,
      feeCents: 0,
      unusedDays: null,
      periodDays: null,
      dueBy: rules.laterRefund === 'none' ? null : dueBy,
    }
  }
  const { unusedDays, periodDays } = unusedShare(input.period, input.now, input.zone)
  const gross = Math.round((input.period.paidCents * unusedDays * rules.laterRefundPercent) / (periodDays * 100))
  const claims = rules.laterRefund === 'pro_rata_minus_claims' ? Math.min(input.claimsPaidCents, gross) : 0
  const feeCents = Math.min(fee, gross - claims)
  return {
    amountCents: Math.max(0, gross - claims - feeCents),
    rule: 'pro_rata',
    grossCents: gross,
    claimsDeductedCents: claims,
    feeCents: Math.max(0, feeCents),
    unusedDays,
    periodDays,
    dueBy,
  }
}
