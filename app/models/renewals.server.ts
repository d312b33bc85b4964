import { and, eq, gt, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm'

import { db } from '~/db/client.server'
import { policies, profiles } from '~/db/schema'
import { nextRenewalAfter, previousRenewal } from '~/domain/billing'
import { addCalendarDays } from '~/domain/calendar'
import { formatLongDate, formatPrice } from '~/domain/format'
import { planName } from '~/domain/plans'
import { renewalNoticeEmail } from '~/emails/renewal-notice'
import { env } from '~/env.server'
import { sendEmail } from '~/services/email.server'

import { recordAudit } from './audit.server'
import { claimAndDeliver } from './batches.server'

/**
 * Renewal notices: the terms promise the customer an e-mail 30 days before their plan's commitment ends, once. Sent by
 * the daily job (app/jobs.server.ts); safe to run any number of times, also two at once: each notice is claimed in a
 * transaction before it is sent.
 */

/** The terms promise the renewal notice 30 days before the initial term ends. */
export const RENEWAL_NOTICE_DAYS = 30

const LIVE_STATUSES = ['incomplete', 'active', 'past_due'] as const

type DueNotice = { id: string; renewalAt: string; previousRenewalAt: string | null }

/**
 * Policies whose renewal notice is due: a monthly payer's once, in the 30 days before the commitment ends; a yearly
 * payer's before each yearly renewal (the first one is the commitment's end), once per renewal: a notice sent since the
 * previous renewal is this one's. Yearly payers are read whole (their renewal dates are computed, not stored); they are
 * a few columns a row, once a day.
 */
function policiesDueForNotice(now: Date): DueNotice[] {
  const horizon = addCalendarDays(now, RENEWAL_NOTICE_DAYS)
  const monthly = db()
    .select({ id: policies.id, renewalAt: policies.initialTermEndsAt })
    .from(policies)
    .where(
      and(
        eq(policies.billingInterval, 'month'),
        // The notices not yet sent, by their renewal date (policies_notice_due_idx); the unary plus keeps the planner
        // off the status index, whose live range holds every notice already sent too.
        inArray(sql`+${policies.status}`, [...LIVE_STATUSES]),
        isNull(policies.renewalNoticeSentAt),
        lte(policies.initialTermEndsAt, horizon.toISOString()),
        gt(policies.initialTermEndsAt, now.toISOString()),
      ),
    )
    .all()
    .map((row) => ({ ...row, previousRenewalAt: null }))
  const yearly = db()
    .select({
      id: policies.id,
      createdAt: policies.createdAt,
      billingInterval: policies.billingInterval,
      billingAnchorAt: policies.billingAnchorAt,
      renewalNoticeSentAt: policies.renewalNoticeSentAt,
    })
    .from(policies)
    // Written out so the planner reads the yearly payers' partial index (policies_yearly_idx), not every live policy.
    .where(and(sql`${policies.billingInterval} = 'year'`, inArray(policies.status, [...LIVE_STATUSES])))
    .all()
    .flatMap((policy) => {
      const renewal = nextRenewalAfter(policy, now)
      if (renewal.getTime() > horizon.getTime()) return []
      const previous = previousRenewal(policy, renewal).toISOString()
      if (policy.renewalNoticeSentAt && policy.renewalNoticeSentAt >= previous) return []
      return [{ id: policy.id, renewalAt: renewal.toISOString(), previousRenewalAt: previous }]
    })
  return [...monthly, ...yearly]
}

/**
 * Sends each due notice once: a batch of rows is claimed (renewal_notice_sent_at set) in one transaction, then each
 * e-mail goes out; a failed send releases its claim so tomorrow's run tries again. Returns how many were sent.
 */
export async function sendRenewalNotices(now = new Date()) {
  const config = env()
  const due = new Map(policiesDueForNotice(now).map((row) => [row.id, row]))
  return claimAndDeliver(
    [...due.keys()],
    (tx, id) => {
      const { renewalAt, previousRenewalAt } = due.get(id)!
      // Claimed only while no notice was sent for this renewal (another run may have got it first).
      const unclaimed = previousRenewalAt
        ? or(isNull(policies.renewalNoticeSentAt), lt(policies.renewalNoticeSentAt, previousRenewalAt))
        : isNull(policies.renewalNoticeSentAt)
      const before = tx.select({ sentAt: policies.renewalNoticeSentAt }).from(policies).where(eq(policies.id, id)).get()
      const policy = tx
        .update(policies)
        .set({ renewalNoticeSentAt: now.toISOString() })
        .where(and(eq(policies.id, id), unclaimed))
        .returning()
        .get()
      if (!policy) return null
      const profile = tx.select().from(profiles).where(eq(profiles.id, policy.profileId)).get()
      recordAudit(tx, {
        actor: 'system',
        action: 'policy.renewal_notice',
        entityId: policy.id,
        detail: { initialTermEndsAt: policy.initialTermEndsAt, renewalAt, billingInterval: policy.billingInterval },
      })
      return profile ? { policy, email: profile.email, renewalAt, previousSentAt: before?.sentAt ?? null } : null
    },
    async ({ policy, email, renewalAt, previousSentAt }) => {
      const message = await renewalNoticeEmail({
        planName: planName(policy),
        monthlyPrice: formatPrice(policy.monthlyPriceCents),
        termEndDate: formatLongDate(renewalAt),
        renewalOff: policy.cancelAt !== null,
        yearly: policy.billingInterval === 'year',
        dashboardUrl: `${config.APP_URL}/customer`,
        supportEmail: config.SUPPORT_EMAIL,
      })
      if (await sendEmail({ to: email, ...message, tag: 'renewal-notice' })) return true
      // The send failed (already in the e-mail log): release the claim so tomorrow's run tries again.
      db().update(policies).set({ renewalNoticeSentAt: previousSentAt }).where(eq(policies.id, policy.id)).run()
      return false
    },
  )
}
