/**
 * The provider ending a policy (the terms: "as your state allows"): on which grounds, with how many days' notice, by
 * which channel, and what it refunds — per state, a block of its own beside the customer's cancellation rules
 * (state-rules.ts). Data for counsel to confirm (docs/selling-lawfully.md). Plain data and pure functions.
 */

import { addCalendarDays } from './calendar'
import { daysAfterPurchase, type StateCode, type StateRules, stateRules } from './state-rules'
import { DAY_MS } from './time'

export const PROVIDER_CANCEL_GROUNDS = ['nonpayment', 'fraud', 'misrepresentation', 'breach'] as const
export type ProviderCancelGround = (typeof PROVIDER_CANCEL_GROUNDS)[number]

/** The ground as the operator picks it and the customer reads it in the notice. */
export const GROUND_NAMES: Record<ProviderCancelGround, string> = {
  nonpayment: 'Nonpayment of the price',
  fraud: 'Fraud in obtaining the contract or in a claim',
  misrepresentation: 'A material misrepresentation by the contract holder',
  breach: 'A substantial breach of the contract holder’s duties under the contract',
}

/** How a notice reaches the customer: e-mail (with their consent to electronic delivery), first-class or certified mail. */
export type NoticeChannel = 'email' | 'mail' | 'certified_mail'

export type ProviderCancelRule = {
  statutes: readonly string[]
  /** The grounds allowed at any time in the contract. */
  grounds: readonly ProviderCancelGround[]
  /** From this day of the contract on (day 0 = the purchase), only these grounds. */
  laterGrounds: { fromDay: number; grounds: readonly ProviderCancelGround[] } | null
  /**
   * Whole days between the notice and the day the policy ends; for a notice that goes by letter, counted from the day
   * the letter is mailed (`providerCancelEndsAfterMailing`).
   */
  noticeDays: number
  /** The channel of the notice, by ground where it differs. */
  channel: NoticeChannel
  channelByGround: Partial<Record<ProviderCancelGround, NoticeChannel>>
  /** Days after the policy ends within which the refund is paid; null: with the cancellation. */
  refundWithinDays: number | null
}

/**
 * Every state not listed: any of the grounds, ten days' notice by e-mail (or on paper to a customer who withdrew
 * electronic consent), and the refund the state gives a cancelling customer, without a fee.
 */
export const PROVIDER_CANCEL_DEFAULT: ProviderCancelRule = {
  statutes: [],
  grounds: PROVIDER_CANCEL_GROUNDS,
  laterGrounds: null,
  noticeDays: 10,
  channel: 'email',
  channelByGround: {},
  refundWithinDays: null,
}

type ProviderCancelRow = Partial<ProviderCancelRule> & { statutes: readonly string[] }

/** The days the state table counts from the mailing of the notice (state-rules.ts, its statute beside it). */
const daysAfterMailing = (code: StateCode) => stateRules(code).providerNoticeDaysAfterMailing!

export const PROVIDER_CANCEL_TABLE: Readonly<Record<StateCode, ProviderCancelRow>> = {
  // Texas Occupations Code §1304.159: a written notice mailed before the fifth day preceding the effective date (six
  // days from the mailing, in the state table), and a pro-rata refund without a cancellation fee.
  TX: { statutes: ['Tex. Occ. Code §1304.159'], noticeDays: daysAfterMailing('TX'), channel: 'mail' },
  // California Insurance Code §12825: a written notice stating the grounds, coverage ending no less than five days
  // after its postmark; the refund within 30 days. After the 60th day only for nonpayment, or a material
  // misrepresentation or fraud.
  CA: {
    statutes: ['Cal. Ins. Code §12825'],
    laterGrounds: { fromDay: 61, grounds: ['nonpayment', 'fraud', 'misrepresentation'] },
    noticeDays: daysAfterMailing('CA'),
    channel: 'mail',
    refundWithinDays: 30,
  },
  // Nevada NRS 690C.270: after the contract's 70th day only for nonpayment, fraud or misrepresentation, or a substantial
  // breach; effective at least 15 days after the notice is mailed (the state table's days from the mailing).
  NV: {
    statutes: ['NRS 690C.270'],
    laterGrounds: { fromDay: 70, grounds: ['nonpayment', 'fraud', 'misrepresentation', 'breach'] },
    noticeDays: daysAfterMailing('NV'),
    channel: 'mail',
  },
  // Florida Statutes chapter 634 part I, §634.121(3)(b): after the 60th day only on its listed grounds (nonpayment,
  // fraud or material misrepresentation); a cancellation for nonpayment by certified mail.
  FL: {
    statutes: ['Fla. Stat. ch. 634 part I', 'Fla. Stat. §634.121(3)(b)'],
    laterGrounds: { fromDay: 61, grounds: ['nonpayment', 'fraud', 'misrepresentation'] },
    channel: 'mail',
    channelByGround: { nonpayment: 'certified_mail' },
  },
}

export function providerCancelRule(code: StateCode | null | undefined): ProviderCancelRule {
  const row = code ? PROVIDER_CANCEL_TABLE[code] : undefined
  return row ? { ...PROVIDER_CANCEL_DEFAULT, ...row } : PROVIDER_CANCEL_DEFAULT
}

/** The grounds allowed on a policy bought at `purchasedAt`, now; days counted after the purchase in the customer's zone. */
export function allowedGrounds(
  rule: ProviderCancelRule,
  purchasedAt: Date | string,
  now: Date | string,
  zone: string,
): readonly ProviderCancelGround[] {
  const day = daysAfterPurchase(purchasedAt, now, zone)
  if (rule.laterGrounds && day >= rule.laterGrounds.fromDay)
    return rule.grounds.filter((ground) => rule.laterGrounds!.grounds.includes(ground))
  return rule.grounds
}

export function noticeChannel(rule: ProviderCancelRule, ground: ProviderCancelGround): NoticeChannel {
  return rule.channelByGround[ground] ?? rule.channel
}

/** The day the policy ends: the notice's day plus the notice period (the same moment of that day). */
export function providerCancelEffectiveAt(rule: ProviderCancelRule, noticedAt: Date): Date {
  return new Date(noticedAt.getTime() + rule.noticeDays * DAY_MS)
}

/**
 * When the policy ends once the notice has actually gone out at `givenAt`: never before the notice period counted from
 * that moment (`noticeDays`, "whole days between the notice and the day the policy ends", as each row of the table above
 * and PROVIDER_CANCEL_DEFAULT give it), and never earlier than the day already set (`endsAt`), which the operator chose
 * to give and the customer may have been told.
 */
export function providerCancelEndsAfterNotice(rule: ProviderCancelRule, endsAt: Date, givenAt: Date): Date {
  const earliest = providerCancelEffectiveAt(rule, givenAt)
  return earliest > endsAt ? earliest : endsAt
}

/**
 * When a policy whose notice went by letter may end: `noticeDays` calendar days after the letter was mailed (Lob's send
 * date, or the day the offline twin posted it), at the same time of day in the customer's zone, and never earlier than
 * the day already set. Texas counts six (mailed before the fifth day preceding the effective date), California five
 * (no less than five days after the postmark): the state table's `providerNoticeDaysAfterMailing`
 * (docs/decisions/110-provider-cancellation-counts-from-the-mailing.md).
 */
export function providerCancelEndsAfterMailing(rule: ProviderCancelRule, endsAt: Date, mailedAt: Date, zone: string): Date {
  const earliest = addCalendarDays(mailedAt, rule.noticeDays, zone)
  return earliest > endsAt ? earliest : endsAt
}

/**
 * Whether the e-mail is itself the notice the state counts from: its channel is e-mail and the customer kept electronic
 * delivery. Otherwise a letter is the notice (posted and retried with the letters) and the e-mail a courtesy copy.
 */
export function emailIsTheNotice(channel: NoticeChannel, esignWithdrawn: boolean): boolean {
  return channel === 'email' && !esignWithdrawn
}

/**
 * The state's refund rules as they apply when the provider ends the policy: never a fee, and where the state lets a
 * customer's own late cancellation refund nothing or only a share, the whole unused part of the period is refunded (the
 * customer did not choose to leave).
 */
export function providerRefundRules(rules: StateRules): StateRules {
  return { ...rules, fee: null, laterRefund: rules.laterRefund === 'none' ? 'pro_rata' : rules.laterRefund, laterRefundPercent: 100 }
}
