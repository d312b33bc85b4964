import { pruneRateLimits } from '~/auth/rate-limit.server'
import { deleteExpiredSessions } from '~/auth/session.server'
import { DAY_MS } from '~/domain/time'
import { logger } from '~/logger.server'
import { runServiceCredits } from '~/models/money/credits.server'
import { retryFailedRefunds, settleUnsettledRefunds } from '~/models/money/refunds.server'
import { payAcceptedJobs } from '~/models/money/shop-payments.server'
import { yieldToRequests } from '~/models/operations/batches.server'
import { countServiceRecord } from '~/models/operations/service-record.server'
import { sweepStoredUploadsAndLog } from '~/models/operations/upload-sweep.server'
import { purgeExpiredConsentRecords } from '~/models/people/consents.server'
import { removeDueKeptRecords } from '~/models/people/kept-records.server'
import { retryLetters } from '~/models/people/letters.server'
import { deleteExpiredVerifications } from '~/models/people/sign-in-links.server'
import { sendQueuedTexts } from '~/models/people/texts.server'
import { endLocalPoliciesWithRenewalOff } from '~/models/policies/cancellation.server'
import { runPriceChanges } from '~/models/policies/price-changes.server'
import { endProviderCancellations, retryProviderCancelNotices } from '~/models/policies/provider-cancellation.server'
import { sendRenewalNotices } from '~/models/policies/renewals.server'
import { sendYearlyReminders } from '~/models/policies/yearly-reminders.server'
import { applyYearlySwitches } from '~/models/policies/yearly-switch.server'
import { retryScheduleNotices } from '~/models/shops/price-schedule.server'
import { recordDailyJobRun } from '~/server/metrics.server'

/**
 * The daily housekeeping: which jobs run, in what order, and when. Each job lives with its rules (renewal notices in
 * app/models/policies/renewals.server.ts, price changes in app/models/policies/price-changes.server.ts, …). Run inside the server once a
 * day (`scheduleDailyJobs`) and by `npm run jobs` for cron. Safe to run any number of times, also two at once.
 */

/**
 * The daily jobs in the order they run, each under the name of what it reports. Each is synchronous SQLite work:
 * between jobs the server answers the requests that arrived meanwhile.
 */
const DAILY_JOBS = {
  /** Monthly payers whose switch to yearly billing was due; first, so the renewal notice counts from the yearly renewal. */
  yearlySwitches: applyYearlySwitches,
  renewalNoticesSent: sendRenewalNotices,
  /** Reminders on a purchase's anniversary, where the subscriber's state requires one. */
  yearlyRemindersSent: sendYearlyReminders,
  rateLimitsPruned: (now: Date) => pruneRateLimits(DAY_MS, now.getTime()),
  sessionsDeleted: deleteExpiredSessions,
  verificationsDeleted: deleteExpiredVerifications,
  /** While payments are local nothing else ends a policy whose renewal was turned off. */
  localPoliciesEnded: endLocalPoliciesWithRenewalOff,
  /** Cancellations made while the payments provider was down, whose refund this run worked out and paid. */
  refundsSettled: settleUnsettledRefunds,
  /** The provider's cancellation notices e-mailed on this run after earlier tries failed; before the ending, which waits for them. */
  providerCancelNoticesSent: retryProviderCancelNotices,
  /** Policies the provider cancelled whose notice period ran out, ended with their refund. */
  providerCancellationsEnded: endProviderCancellations,
  /** Refunds the payments provider had refused, paid on this run (the rest wait for the next). */
  refundsRetried: retryFailedRefunds,
  /** Texts queued past an earlier day's cap, sent as far as today's cap allows (the rest wait). */
  queuedTexts: sendQueuedTexts,
  /** Letters posted on this run that the mail provider had refused or that waited for an address. */
  lettersRetried: retryLetters,
  /** Service-promise credits: missed promises recorded on this run, credits paid, and those still refused. */
  serviceCredits: runServiceCredits,
  /** Price changes: notices sent, prices published to the catalogue, policies moved to a new price. */
  priceChanges: runPriceChanges,
  /** Shop staff e-mailed a price schedule version on this run after earlier tries failed. */
  priceScheduleNoticesSent: retryScheduleNotices,
  /** The shops' accepted jobs put into payouts before their five business days run out, and sent by Stripe Connect. */
  shopPayments: payAcceptedJobs,
  /** The public service record counted afresh (after the credits, so the ones paid on this run are in it). */
  serviceRecord: countServiceRecord,
  /** A deleted account's records kept for a state's law, removed on their day (docs/decisions/105). */
  keptRecordsRemoved: removeDueKeptRecords,
  /** Consent records removed three years after their policy ended. */
  consentRecordsPurged: purgeExpiredConsentRecords,
  /** What the upload sweep removed: temporary files, folders with no row, files no row points to. */
  uploadsSwept: (now: Date) => sweepStoredUploadsAndLog({ now }),
} satisfies Record<string, (now: Date) => unknown>

type DailyJobs = typeof DAILY_JOBS

export type DailyJobsReport = { [Job in keyof DailyJobs]: Awaited<ReturnType<DailyJobs[Job]>> }

/** Runs the daily jobs once, counting the run and its outcome for /metrics (app/server/metrics.server.ts). */
export async function runDailyJobs(now = new Date()): Promise<DailyJobsReport> {
  try {
    const report = await runEachDailyJob(now)
    recordDailyJobRun('success')
    return report
  } catch (error) {
    recordDailyJobRun('failure')
    throw error
  }
}

async function runEachDailyJob(now: Date): Promise<DailyJobsReport> {
  const report: Partial<Record<keyof DailyJobs, unknown>> = {}
  for (const [name, job] of Object.entries(DAILY_JOBS) as Array<[keyof DailyJobs, (now: Date) => unknown]>) {
    report[name] = await job(now)
    await yieldToRequests()
  }
  // Every job of the table has run and filled in its own entry.
  return report as DailyJobsReport
}

const FIRST_RUN_DELAY_MS = 60_000

/** Runs the jobs a minute after the server starts and then every 24 h; the timers never keep the process alive. */
export function scheduleDailyJobs() {
  const run = () => {
    runDailyJobs()
      .then((report) => logger.info({ job: 'daily', report }, 'daily jobs done'))
      .catch((error) => logger.error({ job: 'daily', err: error }, 'daily jobs failed'))
  }
  setTimeout(run, FIRST_RUN_DELAY_MS).unref()
  setInterval(run, DAY_MS).unref()
}
