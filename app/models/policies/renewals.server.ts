import { and, eq, gt, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm'

import { db } from '~/db/client.server'
import { policies, type Policy, type Profile, profiles } from '~/db/schema'
import { actByDay, nextRenewalAfter, previousRenewal } from '~/domain/billing'
import { addCalendarDays } from '~/domain/calendar'
import { formatLongDate, formatPrice } from '~/domain/format'
import { LONGEST_RENEWAL_NOTICE_DAYS, noticeRules, noticeTiming } from '~/domain/notice-windows'
import { planName } from '~/domain/plans'
import { renewalNoticeEmail } from '~/emails/renewal-notice'
import { env } from '~/env.server'
import { recordAudit } from '~/models/operations/audit.server'
import { claimAndDeliver } from '~/models/operations/batches.server'
import { postLetter } from '~/models/people/letters.server'
import { sendEmail } from '~/services/email.server'

/**
 * Renewal notices: the terms promise the customer an e-mail at least 30 days before their plan renews, once, inside their
 * state's window (domain/notice-windows), on paper too where the state or the customer asks for it. Sent by
 * the daily job (app/jobs.server.ts); safe to run any number of times, also two at once: each notice is claimed in a
 * transaction before it is sent.
 */

/**
 * The terms promise the renewal notice at least 30 days before the term ends; each state's window (domain/
 * notice-windows) says when inside that it goes. The query reads the renewals as far ahead as the longest window.
 */
export const RENEWAL_NOTICE_DAYS = LONGEST_RENEWAL_NOTICE_DAYS

const LIVE_STATUSES = ['incomplete', 'active', 'past_due'] as const

type DueNotice = { id: string; renewalAt: string; previousRenewalAt: string | null; governingState: string | null }

/**
 * Policies whose renewal notice is due: a monthly payer's once, inside its state's window before the commitment ends; a yearly
 * payer's before each yearly renewal (the first one is the commitment's end), once per renewal: a notice sent since the
 * previous renewal is this one's. Yearly payers are read whole (their renewal dates are computed, not stored); they are
 * a few columns a row, once a day.
 */
function policiesDueForNotice(now: Date): DueNotice[] {
  const horizon = addCalendarDays(now, RENEWAL_NOTICE_DAYS)
  const monthly = db()
    .select({ id: policies.id, renewalAt: policies.initialTermEndsAt, governingState: policies.governingState })
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
      governingState: policies.governingState,
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
      return [{ id: policy.id, renewalAt: renewal.toISOString(), previousRenewalAt: previous, governingState: policy.governingState }]
    })
  // Each inside its own state's window: a notice whose window has not opened waits.
  return [...monthly, ...yearly].filter((row) => noticeTiming(noticeRules(row.governingState).renewal, row.renewalAt, now) !== 'early')
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
      // Past the window's last day (the job did not run, or the policy came late): sent at once and flagged.
      const late = noticeTiming(noticeRules(policy.governingState).renewal, renewalAt, now) === 'late'
      recordAudit(tx, {
        actor: 'system',
        action: 'policy.renewal_notice',
        entityId: policy.id,
        detail: { initialTermEndsAt: policy.initialTermEndsAt, renewalAt, billingInterval: policy.billingInterval, late },
      })
      return profile ? { policy, profile, email: profile.email, renewalAt, previousSentAt: before?.sentAt ?? null, late } : null
    },
    async ({ policy, profile, email, renewalAt, previousSentAt, late }) => {
      const message = await renewalNoticeEmail({
        planName: planName(policy),
        monthlyPrice: formatPrice(policy.monthlyPriceCents),
        termEndDate: formatLongDate(renewalAt),
        renewalOff: policy.cancelAt !== null,
        yearly: policy.billingInterval === 'year',
        actBy: formatLongDate(actByDay(renewalAt, policy.governingState)),
        dashboardUrl: `${config.APP_URL}/customer`,
        supportEmail: config.SUPPORT_EMAIL,
      })
      if (await sendEmail({ to: email, ...message, tag: 'renewal-notice' })) {
        await postRenewalLetter(policy, profile, message, renewalAt, late, now)
        return true
      }
      // The send failed (already in the e-mail log): release the claim so tomorrow's run tries again.
      db().update(policies).set({ renewalNoticeSentAt: previousSentAt }).where(eq(policies.id, policy.id)).run()
      return false
    },
  )
}

/**
 * The renewal notice on paper: by certified mail where the state serves a yearly renewal's notice so (New York), and a
 * first-class copy to a customer who withdrew electronic consent. The letter says what the e-mail says.
 */
async function postRenewalLetter(
  policy: Policy,
  profile: Profile,
  message: { subject: string; text: string },
  renewalAt: string,
  late: boolean,
  now: Date,
) {
  const channel = policy.billingInterval === 'year' ? noticeRules(policy.governingState).yearlyRenewalChannel : 'email'
  if (channel === 'email' && !profile.esignWithdrawnAt) return
  await postLetter(
    {
      profileId: profile.id,
      policyId: policy.id,
      template: channel === 'email' ? 'paper-copy' : 'renewal-notice',
      content: {
        title: `Your plan renews on ${formatLongDate(renewalAt)}`,
        date: formatLongDate(now.toISOString()),
        // The e-mail's text part without its subject line: the same words on paper.
        paragraphs: message.text
          .split('\n\n')
          .map((paragraph) => paragraph.trim())
          .filter((paragraph) => paragraph && paragraph !== message.subject),
      },
      certified: channel === 'certified_mail',
      late,
    },
    now,
  )
}
