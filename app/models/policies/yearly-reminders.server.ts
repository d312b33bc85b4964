import { and, between, eq, inArray, isNull, lt, max, min, or, sql } from 'drizzle-orm'

import { db } from '~/db/client.server'
import { policies, type Policy, yearlyReminders } from '~/db/schema'
import { actByDay, nextRenewalAfter } from '~/domain/billing'
import { calendarYearsBetween } from '~/domain/calendar'
import { formatLongDate, formatPrice } from '~/domain/format'
import { cancelPath } from '~/domain/paths'
import { policyEmailNames } from '~/domain/plans'
import { commitmentHolds } from '~/domain/policies'
import { rulesFor } from '~/domain/state-rules'
import { DAY_MS } from '~/domain/time'
import { US_STATES } from '~/domain/us-states'
import { dueAnniversary, purchaseWindows } from '~/domain/yearly-reminder'
import { yearlyReminderEmail } from '~/emails/yearly-reminder'
import { env } from '~/env.server'
import { recordAudit } from '~/models/operations/audit.server'
import { claimAndDeliver, yieldToRequests } from '~/models/operations/batches.server'
import { policyWithOwnerEmail } from '~/models/policies/policies.server'
import { sendEmail } from '~/services/email.server'

/**
 * The yearly reminder of an automatically renewing plan, to every subscriber (the state table's `yearlyReminder`, true
 * in the national default: Minnesota requires it, and it costs nothing elsewhere): on each anniversary of the purchase, once.
 * Sent by the daily job (app/jobs.server.ts); each reminder is claimed (a `yearly_reminders` row) in a transaction
 * before it is sent, so reruns and two runs at once send it once; a failed send releases the claim.
 */

/** Only a plan that is still billed renews: the reminder is about the next renewal. */
const REMINDED_STATUSES = ['active', 'past_due'] as const

/** The states whose subscribers get the reminder, and whether one whose state is unknown does (the most protective rule). */
const REMINDED_STATES = {
  codes: US_STATES.map((state) => state.code).filter((code) => rulesFor(code).yearlyReminder),
  unknown: rulesFor(null).yearlyReminder,
}

/** Which governing states the query keeps: none left out (today: every subscriber is reminded), or those the table names. */
function remindedStateCondition() {
  if (REMINDED_STATES.unknown && REMINDED_STATES.codes.length === US_STATES.length) return undefined
  return REMINDED_STATES.unknown
    ? or(isNull(policies.governingState), inArray(policies.governingState, REMINDED_STATES.codes))
    : inArray(policies.governingState, REMINDED_STATES.codes)
}

type Due = { policyId: string; anniversary: number }

/** The purchases of one window not yet reminded of anniversary `anniversary` (a query, so a test can read its plan). */
export function purchasesToRemind({ from, to }: { from: Date; to: Date }, anniversary: number) {
  const latestSent = sql<number>`coalesce((${db()
    .select({ latest: max(yearlyReminders.anniversary) })
    .from(yearlyReminders)
    .where(eq(yearlyReminders.policyId, policies.id))}), 0)`
  return db()
    .select({ id: policies.id, createdAt: policies.createdAt, governingState: policies.governingState, latest: latestSent })
    .from(policies)
    .where(
      and(
        // The unary plus keeps the planner off the status index (most policies are active): the dates are the narrow part.
        inArray(sql`+${policies.status}`, [...REMINDED_STATUSES]),
        between(policies.createdAt, from.toISOString(), to.toISOString()),
        remindedStateCondition(),
        lt(latestSent, anniversary),
      ),
    )
}

/** A window is read a few days at a time, the server answering requests in between (each slice is a few ms at 1,000,000). */
const SLICE_MS = 3 * DAY_MS

async function remindersDue(now: Date): Promise<Due[]> {
  // Only the purchases whose anniversary is near (a window of the created_at index per anniversary number) and not yet
  // reminded for it: the job reads the reminders it has to send, not every policy.
  const oldest = db()
    .select({ at: min(policies.createdAt) })
    .from(policies)
    .get()?.at
  if (!oldest) return []
  const due: Due[] = []
  for (const [index, window] of purchaseWindows(now, calendarYearsBetween(now, new Date(oldest)) + 1).entries()) {
    for (let from = window.from.getTime(); from <= window.to.getTime(); from += SLICE_MS) {
      await yieldToRequests()
      // Slices meet end to end; `between` includes both ends, so a slice stops a millisecond before the next begins.
      const to = new Date(Math.min(from + SLICE_MS - 1, window.to.getTime()))
      for (const policy of purchasesToRemind({ from: new Date(from), to }, index + 1).all()) {
        if (!rulesFor(policy.governingState).yearlyReminder) continue
        const anniversary = dueAnniversary(policy.createdAt, now)
        if (anniversary && policy.latest < anniversary.number) due.push({ policyId: policy.id, anniversary: anniversary.number })
      }
    }
  }
  return due
}

/**
 * The next charge the subscriber can still avoid, and the last day to act before it: the next renewal, or while the
 * commitment holds the first renewal after it ends.
 */
function nextChargeToAvoid(policy: Policy, now: Date) {
  const from = commitmentHolds(policy, now) ? new Date(policy.initialTermEndsAt) : now
  const charge = nextRenewalAfter(policy, new Date(Math.max(from.getTime() - 1, now.getTime())))
  return { on: formatLongDate(charge), actBy: formatLongDate(actByDay(charge, policy.governingState)) }
}

/** Sends each due reminder once; returns how many were sent. */
export async function sendYearlyReminders(now = new Date()) {
  const config = env()
  const due = new Map((await remindersDue(now)).map((row) => [row.policyId, row]))
  return claimAndDeliver(
    [...due.keys()],
    (tx, policyId) => {
      const { anniversary } = due.get(policyId)!
      const claimed = tx.insert(yearlyReminders).values({ policyId, anniversary, sentAt: now.toISOString() }).onConflictDoNothing().run()
      if (claimed.changes !== 1) return null // another run got it first
      const row = policyWithOwnerEmail(tx, policyId)
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
        ...policyEmailNames(policy),
        since: formatLongDate(policy.createdAt),
        price: formatPrice(policy.monthlyPriceCents),
        yearly: policy.billingInterval === 'year',
        commitmentEnds: commitmentHolds(policy, now) ? formatLongDate(policy.initialTermEndsAt) : null,
        nextCharge: nextChargeToAvoid(policy, now),
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
