import { pruneRateLimits } from '~/auth/rate-limit.server'
import { deleteExpiredSessions } from '~/auth/session.server'
import { DAY_MS } from '~/domain/time'
import { logger } from '~/logger.server'
import { yieldToRequests } from '~/models/batches.server'
import { endLocalPoliciesWithRenewalOff } from '~/models/cancellation.server'
import { purgeExpiredConsentRecords } from '~/models/consents.server'
import { runServiceCredits } from '~/models/credits.server'
import { retryLetters } from '~/models/letters.server'
import { type PriceChangeReport, runPriceChanges } from '~/models/price-changes.server'
import { endProviderCancellations } from '~/models/provider-cancellation.server'
import { retryFailedRefunds, settleUnsettledRefunds } from '~/models/refunds.server'
import { sendRenewalNotices } from '~/models/renewals.server'
import { payAcceptedJobs, type ShopPaymentsReport } from '~/models/shop-payments.server'
import { deleteExpiredVerifications } from '~/models/sign-in-links.server'
import { type SweepReport, sweepStoredUploadsAndLog } from '~/models/upload-sweep.server'
import { sendYearlyReminders } from '~/models/yearly-reminders.server'
import { applyYearlySwitches } from '~/models/yearly-switch.server'
import { recordDailyJobRun } from '~/server/metrics.server'

/**
 * The daily housekeeping: which jobs run, in what order, and when. Each job lives with its rules (renewal notices in
 * app/models/renewals.server.ts, price changes in app/models/price-changes.server.ts, …). Run inside the server once a
 * day (`scheduleDailyJobs`) and by `npm run jobs` for cron. Safe to run any number of times, also two at once.
 */

export type DailyJobsReport = {
  /** Monthly payers whose switch to yearly billing was due. */
  yearlySwitches: number
  renewalNoticesSent: number
  /** Reminders on a purchase's anniversary, where the subscriber's state requires one. */
  yearlyRemindersSent: number
  rateLimitsPruned: number
  sessionsDeleted: number
  verificationsDeleted: number
  localPoliciesEnded: number
  /** Cancellations made while the payments provider was down, whose refund this run worked out and paid. */
  refundsSettled: number
  /** Policies the provider cancelled whose notice period ran out, ended with their refund. */
  providerCancellationsEnded: number
  /** Letters posted on this run that the mail provider had refused or that waited for an address. */
  lettersRetried: number
  /** Refunds the payments provider had refused, paid on this run (the rest wait for the next). */
  refundsRetried: number
  /** Service-promise credits: missed promises recorded on this run, credits paid, and those still refused. */
  serviceCredits: { recorded: number; paid: number; stillPending: number }
  /** Price changes: notices sent, prices published to the catalogue, policies moved to a new price. */
  priceChanges: PriceChangeReport
  /** The shops' accepted jobs put into payouts before their five business days run out, and sent by Stripe Connect. */
  shopPayments: ShopPaymentsReport
  /** Consent records removed three years after their policy ended. */
  consentRecordsPurged: number
  /** What the upload sweep removed: temporary files, folders with no row, files no row points to. */
  uploadsSwept: SweepReport
}

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
  // Each step is synchronous SQLite work: between steps the server answers the requests that arrived meanwhile.
  // A switch to yearly first: the renewal notice then counts from the new yearly renewal.
  const yearlySwitches = await applyYearlySwitches(now)
  await yieldToRequests()
  const renewalNoticesSent = await sendRenewalNotices(now)
  await yieldToRequests()
  const yearlyRemindersSent = await sendYearlyReminders(now)
  await yieldToRequests()
  const rateLimitsPruned = pruneRateLimits(DAY_MS, now.getTime())
  await yieldToRequests()
  const sessionsDeleted = deleteExpiredSessions(now)
  await yieldToRequests()
  const verificationsDeleted = deleteExpiredVerifications(now)
  await yieldToRequests()
  // While payments are local nothing else ends a policy whose renewal was turned off.
  const localPoliciesEnded = endLocalPoliciesWithRenewalOff(now)
  await yieldToRequests()
  const refundsSettled = await settleUnsettledRefunds(now)
  const providerCancellationsEnded = await endProviderCancellations(now)
  await yieldToRequests()
  const refundsRetried = await retryFailedRefunds(now)
  await yieldToRequests()
  const lettersRetried = await retryLetters(now)
  await yieldToRequests()
  const serviceCredits = await runServiceCredits(now)
  await yieldToRequests()
  const priceChanges = await runPriceChanges(now)
  await yieldToRequests()
  const shopPayments = await payAcceptedJobs(now)
  await yieldToRequests()
  const consentRecordsPurged = await purgeExpiredConsentRecords(now)
  await yieldToRequests()
  const uploadsSwept = await sweepStoredUploadsAndLog({ now })
  return {
    yearlySwitches,
    renewalNoticesSent,
    yearlyRemindersSent,
    rateLimitsPruned,
    sessionsDeleted,
    verificationsDeleted,
    localPoliciesEnded,
    refundsSettled,
    providerCancellationsEnded,
    refundsRetried,
    lettersRetried,
    serviceCredits,
    priceChanges,
    shopPayments,
    consentRecordsPurged,
    uploadsSwept,
  }
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
