import { and, eq, gt, inArray, isNull, lt, lte } from 'drizzle-orm'

import { pruneRateLimits } from '~/auth/rate-limit.server'
import { db, transaction } from '~/db/client.server'
import { auditLog, policies, profiles, sessions, verifications } from '~/db/schema'
import { formatLongDate, formatPrice } from '~/domain/format'
import { planName } from '~/domain/plans'
import { renewalNoticeEmail } from '~/emails/renewal-notice'
import { env } from '~/env.server'
import { endLocalPoliciesWithRenewalOff } from '~/models/cancellation.server'
import { type PriceChangeReport, runPriceChanges } from '~/models/price-changes.server'
import { type SweepReport, sweepStoredUploadsAndLog } from '~/models/upload-sweep.server'
import { sendEmail } from '~/services/email.server'

/**
 * The daily housekeeping (issue 4 item 8): renewal notices 30 days before the commitment ends, ending local-mode
 * policies whose renewal was turned off, scheduled price changes (issue 10 item 5), and pruning of old rate-limit counters, expired sessions and sign-in codes. Run inside the server once a day (`scheduleDailyJobs`)
 * and by `npm run jobs` for cron. Safe to run any number of times, also two at once: each notice is claimed in a
 * transaction before it is sent.
 */

const DAY_MS = 24 * 60 * 60 * 1000
/** The terms promise the renewal notice 30 days before the initial term ends. */
export const RENEWAL_NOTICE_DAYS = 30

export type DailyJobsReport = {
  renewalNoticesSent: number
  rateLimitsPruned: number
  sessionsDeleted: number
  verificationsDeleted: number
  localPoliciesEnded: number
  /** Price changes: notices sent, prices published to the catalogue, policies moved to a new price. */
  priceChanges: PriceChangeReport
  /** What the upload sweep removed: temporary files, folders with no row, files no row points to. */
  uploadsSwept: SweepReport
}

export async function runDailyJobs(now = new Date()): Promise<DailyJobsReport> {
  // Each step is synchronous SQLite work: between steps the server answers the requests that arrived meanwhile.
  const renewalNoticesSent = await sendRenewalNotices(now)
  await yieldToRequests()
  const rateLimitsPruned = pruneRateLimits(DAY_MS, now.getTime())
  await yieldToRequests()
  const sessionsDeleted = db().delete(sessions).where(lt(sessions.expiresAt, now.toISOString())).run().changes
  await yieldToRequests()
  // Sign-in codes are kept a day past expiry: recent ones still explain a rate limit or a "link expired" report.
  const verificationsDeleted = db()
    .delete(verifications)
    .where(lt(verifications.expiresAt, new Date(now.getTime() - DAY_MS).toISOString()))
    .run().changes
  await yieldToRequests()
  // While payments are local nothing else ends a policy whose renewal was turned off.
  const localPoliciesEnded = endLocalPoliciesWithRenewalOff(now)
  await yieldToRequests()
  const priceChanges = await runPriceChanges(now)
  await yieldToRequests()
  const uploadsSwept = await sweepStoredUploadsAndLog({ now })
  return { renewalNoticesSent, rateLimitsPruned, sessionsDeleted, verificationsDeleted, localPoliciesEnded, priceChanges, uploadsSwept }
}

function yieldToRequests() {
  return new Promise((resolve) => setImmediate(resolve))
}

/** Policies whose commitment ends within the notice window and that have not had their notice. */
function policiesDueForNotice(now: Date) {
  const horizon = new Date(now.getTime() + RENEWAL_NOTICE_DAYS * DAY_MS).toISOString()
  return db()
    .select({ id: policies.id })
    .from(policies)
    .where(
      and(
        inArray(policies.status, ['incomplete', 'active', 'past_due']),
        isNull(policies.renewalNoticeSentAt),
        lte(policies.initialTermEndsAt, horizon),
        gt(policies.initialTermEndsAt, now.toISOString()),
      ),
    )
    .all()
}

/** Notices claimed per transaction: one commit (one fsync) per batch, not per notice. */
const NOTICE_BATCH = 100

/**
 * Sends each due notice once: claim a batch of rows (set renewal_notice_sent_at) in one transaction, then send each
 * e-mail, yielding to the event loop between sends, so a large backlog (the first run at 100,000 policies found 4,000)
 * never holds up the requests the server is answering.
 */
export async function sendRenewalNotices(now = new Date()) {
  const config = env()
  const due = policiesDueForNotice(now).map((row) => row.id)
  let sent = 0
  for (let start = 0; start < due.length; start += NOTICE_BATCH) {
    const claimed = transaction((tx) =>
      due.slice(start, start + NOTICE_BATCH).flatMap((id) => {
        const claim = tx
          .update(policies)
          .set({ renewalNoticeSentAt: now.toISOString() })
          .where(and(eq(policies.id, id), isNull(policies.renewalNoticeSentAt)))
          .returning()
          .get()
        if (!claim) return [] // another run got it first
        const profile = tx.select().from(profiles).where(eq(profiles.id, claim.profileId)).get()
        tx.insert(auditLog)
          .values({
            actor: 'system',
            action: 'policy.renewal_notice',
            entityType: 'policy',
            entityId: claim.id,
            detail: { initialTermEndsAt: claim.initialTermEndsAt },
          })
          .run()
        return profile ? [{ policy: claim, email: profile.email }] : []
      }),
    )
    for (const { policy, email } of claimed) {
      await yieldToRequests()
      const message = renewalNoticeEmail({
        planName: planName(policy),
        monthlyPrice: formatPrice(policy.monthlyPriceCents),
        termEndDate: formatLongDate(policy.initialTermEndsAt),
        renewalOff: policy.cancelAt !== null,
        dashboardUrl: `${config.APP_URL}/customer`,
        supportEmail: config.SUPPORT_EMAIL,
      })
      const result = await sendEmail({ to: email, ...message, tag: 'renewal-notice' })
      if (result) {
        sent++
      } else {
        // The send failed (already in the e-mail log): release the claim so tomorrow's run tries again.
        db().update(policies).set({ renewalNoticeSentAt: null }).where(eq(policies.id, policy.id)).run()
      }
    }
  }
  return sent
}

const FIRST_RUN_DELAY_MS = 60_000

/** Runs the jobs a minute after the server starts and then every 24 h; the timers never keep the process alive. */
export function scheduleDailyJobs() {
  const run = () => {
    runDailyJobs()
      .then((report) => console.log(`[glass] daily jobs: ${JSON.stringify(report)}`))
      .catch((error) => console.error('[glass] daily jobs failed', error))
  }
  setTimeout(run, FIRST_RUN_DELAY_MS).unref()
  setInterval(run, DAY_MS).unref()
}
