import { and, eq, gt, inArray, isNull, lte } from 'drizzle-orm'

import { db } from '~/db/client.server'
import { policies, profiles } from '~/db/schema'
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

/** Policies whose commitment ends within the notice window and that have not had their notice. */
function policiesDueForNotice(now: Date) {
  const horizon = addCalendarDays(now, RENEWAL_NOTICE_DAYS).toISOString()
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

/**
 * Sends each due notice once: a batch of rows is claimed (renewal_notice_sent_at set) in one transaction, then each
 * e-mail goes out; a failed send releases its claim so tomorrow's run tries again. Returns how many were sent.
 */
export async function sendRenewalNotices(now = new Date()) {
  const config = env()
  const due = policiesDueForNotice(now).map((row) => row.id)
  return claimAndDeliver(
    due,
    (tx, id) => {
      const policy = tx
        .update(policies)
        .set({ renewalNoticeSentAt: now.toISOString() })
        .where(and(eq(policies.id, id), isNull(policies.renewalNoticeSentAt)))
        .returning()
        .get()
      if (!policy) return null // another run got it first
      const profile = tx.select().from(profiles).where(eq(profiles.id, policy.profileId)).get()
      recordAudit(tx, {
        actor: 'system',
        action: 'policy.renewal_notice',
        entityId: policy.id,
        detail: { initialTermEndsAt: policy.initialTermEndsAt },
      })
      return profile ? { policy, email: profile.email } : null
    },
    async ({ policy, email }) => {
      const message = await renewalNoticeEmail({
        planName: planName(policy),
        monthlyPrice: formatPrice(policy.monthlyPriceCents),
        termEndDate: formatLongDate(policy.initialTermEndsAt),
        renewalOff: policy.cancelAt !== null,
        dashboardUrl: `${config.APP_URL}/customer`,
        supportEmail: config.SUPPORT_EMAIL,
      })
      if (await sendEmail({ to: email, ...message, tag: 'renewal-notice' })) return true
      // The send failed (already in the e-mail log): release the claim so tomorrow's run tries again.
      db().update(policies).set({ renewalNoticeSentAt: null }).where(eq(policies.id, policy.id)).run()
      return false
    },
  )
}
