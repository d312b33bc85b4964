/**
 * When notices must reach a subscriber before a renewal, per state: a window of days before the renewal (the earliest
 * and the latest day a notice may be sent) and the channel a yearly renewal's notice takes. A block of its own beside
 * the cancellation rules (state-rules.ts); data for counsel to confirm (docs/selling-lawfully.md). Pure.
 */

import type { NoticeChannel } from './provider-cancellation'
import type { StateCode } from './state-rules'
import { DAY_MS } from './time'

/** A notice goes out between `earliestDays` and `latestDays` days before the date it announces. */
export type NoticeWindow = { earliestDays: number; latestDays: number }

export type NoticeRules = {
  statutes: readonly string[]
  renewal: NoticeWindow
  /**
   * A price change: the window before the subscriber's first charge at the new price (the change waits for the next
   * charge rather than arriving with less notice; app/domain/price-changes.ts `priceNoticeTiming`).
   */
  priceChange: NoticeWindow
  /** How the notice of a yearly renewal is served (a contract of more than a month, where the state says so). */
  yearlyRenewalChannel: NoticeChannel
}

/**
 * Every state not listed: 35 to 45 days before the renewal, by e-mail — inside every listed state's window that allows
 * it, and more than the terms' "at least 30 days".
 */
export const NOTICE_DEFAULT: NoticeRules = {
  statutes: [],
  renewal: { earliestDays: 45, latestDays: 35 },
  // The terms give at least 30 days' notice of a new price; 45 at most, so the notice is about the charge it announces.
  priceChange: { earliestDays: 45, latestDays: 30 },
  yearlyRenewalChannel: 'email',
}

type NoticeRow = Partial<NoticeRules> & { statutes: readonly string[] }

export const NOTICE_TABLE: Readonly<Record<StateCode, NoticeRow>> = {
  // New York General Obligations Law §5-903: for a contract of more than a month that renews unless cancelled, the
  // notice is served personally or by certified mail 15 to 30 days before the deadline to cancel. The deadline to
  // cancel is the day before the renewal, so the window is 16 to 31 days before the renewal. General Business Law
  // §527-a: a change of price is noticed 5 to 30 days before it takes effect.
  NY: {
    statutes: ['N.Y. Gen. Oblig. Law §5-903', 'N.Y. Gen. Bus. Law §527-a'],
    renewal: { earliestDays: 31, latestDays: 16 },
    priceChange: { earliestDays: 30, latestDays: 5 },
    yearlyRenewalChannel: 'certified_mail',
  },
  // Illinois Automatic Contract Renewal Act, 815 ILCS 601/10: 30 to 60 days before the deadline (the default fits).
  IL: { statutes: ['815 ILCS 601/10'] },
  // California Business and Professions Code §17602 as amended by AB 390: renewal notices 15 to 45 days before (the
  // default fits); a change of price noticed 7 to 30 days before it takes effect.
  CA: { statutes: ['Cal. Bus. & Prof. Code §17602'], priceChange: { earliestDays: 30, latestDays: 7 } },
}

export function noticeRules(code: StateCode | null | undefined): NoticeRules {
  const row = code ? NOTICE_TABLE[code] : undefined
  return row ? { ...NOTICE_DEFAULT, ...row } : NOTICE_DEFAULT
}

/** The furthest ahead any state's renewal notice goes: the daily job reads the renewals this close. */
export const LONGEST_RENEWAL_NOTICE_DAYS = Math.max(
  NOTICE_DEFAULT.renewal.earliestDays,
  ...Object.values(NOTICE_TABLE).map((row) => row.renewal?.earliestDays ?? 0),
)

/** Where `now` stands against a notice window for a date `at`: not yet, inside it, or past its last day (send at once, flagged). */
export function noticeTiming(window: NoticeWindow, at: Date | string, now: Date | string): 'early' | 'due' | 'late' {
  const daysLeft = (new Date(at).getTime() - new Date(now).getTime()) / DAY_MS
  if (daysLeft > window.earliestDays) return 'early'
  return daysLeft < window.latestDays ? 'late' : 'due'
}
