import { and, eq, inArray, lte, max } from 'drizzle-orm'

import { db } from '~/db/client.server'
import { policies, profiles, yearlyReminders } from '~/db/schema'
import { formatLongDate, formatPrice } from '~/domain/format'
import { cancelPath } from '~/domain/paths'
import { planName } from '~/domain/plans'
import { commitmentHolds } from '~/domain/policies'
import { rulesFor } from '~/domain/state-rules'
import { DAY_MS } from '~/domain/time'
import { dueAnniversary } from '~/domain/yearly-reminder'
import { yearlyReminderEmail } from '~/emails/yearly-reminder'
import { env } from '~/env.server'
import { sendEmail } from '~/services/email.server'

import { recordAudit } from './audit.server'
import { claimAndDeliver } from './batches.server'

/**
 * The yearly reminder of an automatically renewing plan, where the subscriber's state requires one (the state table's
 * `yearlyReminder`; the most protective rule while the state is unknown): on each anniversary of the purchase, once.
 * Sent by the daily job (app/jobs.server.ts); each reminder is claimed (a `yearly_reminders` row) in a transaction
 * before it is sent, so reruns and two runs at once send it once; a failed send releases the claim.
 */

/** Only a plan that is still billed renews: the reminder is about the next renewal. */
const REMINDED_STATUSES = ['active', 'past_due'] as const

type Due = { policyId: string; anniversary: number }

function remindersDue(now: Date): Due[] {
  // A first anniversary needs a purchase at least a year ago (365 days is a lower bound for any year).
  const yearAgo = new Date(now.getTime() - 365 * DAY_MS).toISOString()
  const candidates = db()
    .select({ id: policies.id, createdAt: policies.createdAt, governingState: policies.governingState })
    .from(policies)
    .where(and(inArray(policies.status, [...REMINDED_STATUSES]), lte(policies.createdAt, yearAgo)))
    .all()
    .filter((policy) => rulesFor(policy.governingState).yearlyReminder)
  if (candidates.length === 0) return []
  const latestSent = new Map(
    db()
      .select({ policyId: yearlyReminders.policyId, latest: max(yearlyReminders.anniversary) })
      .from(yearlyReminders)
      .groupBy(yearlyReminders.policyId)
      .all()
      .map((row) => [row.policyId, row.latest ?? 0]),
  )
  return candidates.flatMap((policy) => {
    const due = dueAnniversary(policy.createdAt, now)
    if (!due || (latestSent.get(policy.id) ?? 0) >= due.number) return []
    return [{ policyId: policy.id, anniversary: due.number }]
  })
}

/** Sends each due reminder once; returns how many were sent. */
export async function sendYearlyReminders(now = new Date()) {
  const config = env()
  const due = new Map(remindersDue(now).map((row) => [row.policyId, row]))
  return claimAndDeliver(
    [...due.keys()],
    (tx, policyId) => {
      const { anniversary } = due.get(policyId)!
      const claimed = tx.insert(yearlyReminders).values({ policyId, anniversary, sentAt: now.toISOString() }).onConflictDoNothing().run()
      if (claimed.changes !== 1) return null // another run got it first
      const row = tx
        .select({ policy: policies, email: profiles.email })
        .from(policies)
        .innerJoin(profiles, eq(profiles.id, policies.profileId))
        .where(eq(policies.id, policyId))
        .get()
      if (!row) return null
      recordAudit(tx, {
        actor: 'system',
        action: 'policy.yearly_reminder',
        entityId: policyId,
        detail: { anniversary, state: row.policy.governingState },
      })
      return { ...row, anniversary }
    },
    async ({ policy, email, anniversary }) => {
      const message = await yearlyReminderEmail({
        planName: planName(policy),
        policyId: policy.id,
        since: formatLongDate(policy.createdAt),
        price: formatPrice(policy.monthlyPriceCents),
        yearly: policy.billingInterval === 'year',
        commitmentEnds: commitmentHolds(policy, now) ? formatLongDate(policy.initialTermEndsAt) : null,
        cancelUrl: `${config.APP_URL}${cancelPath(policy.id)}`,
        supportEmail: config.SUPPORT_EMAIL,
      })
      if (await sendEmail({ to: email, ...message, tag: 'yearly-reminder', profileId: policy.profileId })) return true
      // The send failed (already in the e-mail log): release the claim so the next run tries again.
      db()
        .delete(yearlyReminders)
        .where(and(eq(yearlyReminders.policyId, policy.id), eq(yearlyReminders.anniversary, anniversary)))
        .run()
      return false
    },
  )
}
