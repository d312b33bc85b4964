import { and, asc, eq, isNotNull, isNull, lt, lte, ne, or, sql } from 'drizzle-orm'

import { db, transaction } from '~/db/client.server'
import { letters, policies, type Policy, profiles, providerCancelNotices } from '~/db/schema'
import { NOTICE_EMAIL_MAX_ATTEMPTS } from '~/domain/email'
import { RuleError } from '~/domain/errors'
import { formatLongDate } from '~/domain/format'
import { MAILING_END_DATE } from '~/domain/letters'
import { PROVIDER_CANCEL_MESSAGES } from '~/domain/messages'
import { formatPhone } from '~/domain/phones'
import {
  allowedGrounds,
  emailIsTheNotice,
  GROUND_NAMES,
  type NoticeChannel,
  noticeChannel,
  providerCancelEffectiveAt,
  providerCancelEndsAfterMailing,
  providerCancelEndsAfterNotice,
  type ProviderCancelGround,
  providerCancelRule,
} from '~/domain/provider-cancellation'
import { isStateCode, stateName } from '~/domain/state-rules'
import { providerCancellationEmail, providerCancellationWording } from '~/emails/provider-cancellation'
import { env } from '~/env.server'
import { logger } from '~/logger.server'
import { recordAudit } from '~/models/operations/audit.server'
import { yieldToRequests } from '~/models/operations/batches.server'
import { postLetter } from '~/models/people/letters.server'
import { cancelPolicy } from '~/models/policies/cancellation.server'
import { policyPlanName, zoneOfCustomerPolicy } from '~/models/policies/policies.server'
import { sendEmail } from '~/services/email.server'
import { notFound } from '~/utils/refusal'

/**
 * The provider ending a policy, as the customer's state allows (domain/provider-cancellation): the operator gives the
 * ground and explains it; the customer is sent the notice by the state's channel (a letter, certified where the table
 * says, and always the e-mail, or a paper copy when they withdrew electronic consent); the policy ends on the effective
 * date — the daily job ends it — with the state's refund and no fee. Refused on a cancelled policy, a second notice, or
 * a ground the state does not permit now.
 */

export const CHANNEL_NAMES: Record<NoticeChannel, string> = {
  email: 'by e-mail',
  mail: 'by mail and e-mail',
  certified_mail: 'by certified mail and e-mail',
}

/**
 * What the operator's form offers for a policy: the grounds its state permits now, the notice, or the notice given
 * with how its e-mail fares (delivered, still being tried, or given up after NOTICE_EMAIL_MAX_ATTEMPTS tries).
 */
export function providerCancelOptions(policy: Policy, now = new Date()) {
  const rule = providerCancelRule(policy.governingState)
  const email = policy.providerCancelAt
    ? db().select().from(providerCancelNotices).where(eq(providerCancelNotices.policyId, policy.id)).get()
    : undefined
  const letter = email?.letterId
    ? db()
        .select({ status: letters.status, mailedAt: letters.mailedAt, attempts: letters.attempts })
        .from(letters)
        .where(eq(letters.id, email.letterId))
        .get()
    : undefined
  return {
    noticed: policy.providerCancelAt
      ? {
          ground: policy.providerCancelGround ? GROUND_NAMES[policy.providerCancelGround] : null,
          endsAt: policy.providerCancelAt,
          /** The letter that is the notice (null where the e-mail is): the policy ends only once it is mailed. */
          letter: email && !email.byEmail ? (letter ?? { status: 'missing' as const, mailedAt: null, attempts: 0 }) : null,
          email: email
            ? {
                sentAt: email.sentAt,
                byEmail: email.byEmail,
                attempts: email.attempts,
                gaveUp: !email.sentAt && email.attempts >= NOTICE_EMAIL_MAX_ATTEMPTS,
              }
            : null,
        }
      : null,
    grounds: allowedGrounds(rule, policy.createdAt, now, zoneOfCustomerPolicy(policy)).map((ground) => ({
      value: ground,
      label: GROUND_NAMES[ground],
      channel: CHANNEL_NAMES[noticeChannel(rule, ground)],
    })),
    noticeDays: rule.noticeDays,
    /** The state's notice goes by letter: its days count from the day the letter is mailed. */
    byLetter: rule.channel !== 'email',
    refundWithinDays: rule.refundWithinDays,
  }
}

/**
 * `waitsForEmail`: the e-mail is the notice and could not be sent now; the daily job tries it again, and the policy
 * ends `noticeDays` after it goes out.
 */
export type ProviderNotice = { policy: Policy; effectiveAt: Date; channel: NoticeChannel; noticeDays: number; waitsForEmail: boolean }

export async function noticeProviderCancellation(
  input: { profileId: string; policyId: string; ground: ProviderCancelGround; explanation: string; actorId: string },
  now = new Date(),
): Promise<ProviderNotice> {
  const policy = db()
    .select()
    .from(policies)
    .where(and(eq(policies.id, input.policyId), eq(policies.profileId, input.profileId)))
    .get()
  if (!policy) notFound()
  if (policy.status === 'canceled') throw RuleError.from(PROVIDER_CANCEL_MESSAGES.alreadyCanceled, { field: 'ground', status: 409 })
  if (policy.providerCancelAt) {
    throw RuleError.from(PROVIDER_CANCEL_MESSAGES.alreadyNoticed(formatLongDate(policy.providerCancelAt)), { field: 'ground', status: 409 })
  }
  const rule = providerCancelRule(policy.governingState)
  const allowed = allowedGrounds(rule, policy.createdAt, now, zoneOfCustomerPolicy(policy))
  if (!allowed.includes(input.ground)) {
    const state = policy.governingState && isStateCode(policy.governingState) ? stateName(policy.governingState) : 'Your state'
    throw RuleError.from(
      PROVIDER_CANCEL_MESSAGES.groundNotAllowed(
        state,
        allowed.map((ground) => GROUND_NAMES[ground]),
      ),
      { field: 'ground', status: 409 },
    )
  }
  const channel = noticeChannel(rule, input.ground)
  const profile = db().select().from(profiles).where(eq(profiles.id, input.profileId)).get()!
  const byEmail = emailIsTheNotice(channel, Boolean(profile.esignWithdrawnAt))
  const zone = zoneOfCustomerPolicy(policy)
  // By letter: counted from the mailing (a letter posted now ends then; one held for an address ends later, set when it
  // is mailed). By e-mail: from the e-mail, as before.
  const effectiveAt = byEmail ? providerCancelEffectiveAt(rule, now) : providerCancelEndsAfterMailing(rule, now, now, zone)
  const updated = transaction((tx) => {
    const row = tx
      .update(policies)
      .set({ providerCancelGround: input.ground, providerCancelNoticedAt: now.toISOString(), providerCancelAt: effectiveAt.toISOString() })
      .where(eq(policies.id, policy.id))
      .returning()
      .get()
    tx.insert(providerCancelNotices)
      .values({ policyId: policy.id, explanation: input.explanation, byEmail, createdAt: now.toISOString() })
      .run()
    recordAudit(tx, {
      actor: input.actorId,
      action: 'policy.provider_cancel_noticed',
      entityId: policy.id,
      detail: {
        ground: input.ground,
        explanation: input.explanation,
        state: policy.governingState,
        noticeDays: rule.noticeDays,
        channel,
        effectiveAt: effectiveAt.toISOString(),
      },
    })
    return row
  })

  let final = updated
  // The letter first, so the e-mail copy gives the day counted from its mailing.
  if (!byEmail) {
    // The letter names the day counted from its own mailing: filled in when it is posted (domain/letters).
    const { title, paragraphs } = providerCancellationWording(
      noticeProps(updated, { ground: input.ground, explanation: input.explanation, endsOn: MAILING_END_DATE }),
    )
    const letter = await postLetter(
      {
        profileId: profile.id,
        policyId: policy.id,
        template: channel === 'email' ? 'paper-copy' : 'provider-cancellation',
        content: {
          title,
          date: formatLongDate(now.toISOString()),
          paragraphs,
          countsFromMailing: { days: rule.noticeDays, zone, notBefore: effectiveAt.toISOString() },
        },
        certified: channel === 'certified_mail',
      },
      now,
    )
    db().update(providerCancelNotices).set({ letterId: letter.id }).where(eq(providerCancelNotices.policyId, policy.id)).run()
    await followMailedNotices(now, policy.id)
    final = db().select().from(policies).where(eq(policies.id, policy.id)).get() ?? updated
  }
  const emailSent = await deliverNotice(policy.id, now)
  if (rule.noticeDays === 0) await endProviderCancellations(now)
  return {
    policy: final,
    effectiveAt: new Date(final.providerCancelAt ?? effectiveAt),
    channel,
    noticeDays: rule.noticeDays,
    waitsForEmail: byEmail && !emailSent,
  }
}

/**
 * For a notice given by letter: the day the policy ends, counted from the day the letter was mailed (Lob's send date,
 * or the day the twin posted it) — moved later where the letter went out after the day set (a letter held for an
 * address, or a send date Lob put later), audited. A letter not mailed moves nothing, and no policy ends on it
 * (`endProviderCancellations`). `policyId` or `profileId` narrows it to one policy or one customer's. Returns how many moved.
 */
export async function followMailedNotices(now = new Date(), policyId?: string, profileId?: string): Promise<number> {
  const rows = db()
    .select({ policy: policies, mailedAt: letters.mailedAt })
    .from(providerCancelNotices)
    .innerJoin(policies, eq(policies.id, providerCancelNotices.policyId))
    .innerJoin(letters, eq(letters.id, providerCancelNotices.letterId))
    .where(
      and(
        eq(providerCancelNotices.byEmail, false),
        eq(letters.status, 'sent'),
        isNotNull(letters.mailedAt),
        isNotNull(policies.providerCancelAt),
        ne(policies.status, 'canceled'),
        policyId ? eq(policies.id, policyId) : undefined,
        profileId ? eq(policies.profileId, profileId) : undefined,
      ),
    )
    .all()
  let moved = 0
  for (const { policy, mailedAt } of rows) {
    const rule = providerCancelRule(policy.governingState)
    const endsAt = new Date(policy.providerCancelAt!)
    const to = providerCancelEndsAfterMailing(rule, endsAt, new Date(mailedAt!), zoneOfCustomerPolicy(policy))
    if (to.getTime() === endsAt.getTime()) continue
    transaction((tx) => {
      tx.update(policies).set({ providerCancelAt: to.toISOString() }).where(eq(policies.id, policy.id)).run()
      recordAudit(tx, {
        actor: 'system',
        action: 'policy.provider_cancel_moved',
        entityId: policy.id,
        detail: {
          from: endsAt.toISOString(),
          to: to.toISOString(),
          letterMailedAt: mailedAt,
          noticeDays: rule.noticeDays,
          at: now.toISOString(),
        },
      })
    })
    moved += 1
  }
  return moved
}

/** What the notice says, in the e-mail and the letter alike (the letter's end date is filled in at its mailing). */
function noticeProps(policy: Policy, notice: { ground: ProviderCancelGround; explanation: string; endsAt?: Date; endsOn?: string }) {
  const rule = providerCancelRule(policy.governingState)
  const config = env()
  return {
    planName: policyPlanName(policy),
    policyNumber: policy.policyNumber,
    ground: GROUND_NAMES[notice.ground],
    explanation: notice.explanation,
    endsOn: notice.endsOn ?? formatLongDate(notice.endsAt!.toISOString()),
    noticeDays: rule.noticeDays,
    refundWithinDays: rule.refundWithinDays,
    dashboardUrl: `${config.APP_URL}/customer`,
    supportEmail: config.SUPPORT_EMAIL,
    supportPhone: formatPhone(config.SUPPORT_PHONE),
  }
}

/**
 * One try of a notice's e-mail. The try is claimed first by marking the e-mail sent (and counting the try), so two runs
 * at once send it once; a failed send releases the claim for the daily job. Where the e-mail is the notice itself, the
 * policy ends no sooner than the state's notice days after it actually went out: a try that succeeds after earlier ones
 * failed moves the end date later (audited), and the e-mail gives that date. Returns whether it went out.
 */
async function deliverNotice(policyId: string, now: Date): Promise<boolean> {
  const row = db()
    .select({ notice: providerCancelNotices, policy: policies, email: profiles.email })
    .from(providerCancelNotices)
    .innerJoin(policies, eq(policies.id, providerCancelNotices.policyId))
    .innerJoin(profiles, eq(profiles.id, policies.profileId))
    .where(eq(providerCancelNotices.policyId, policyId))
    .get()
  if (!row) return false
  const { notice, policy } = row
  if (policy.status === 'canceled' || !policy.providerCancelAt || !policy.providerCancelGround) return false
  // The notice period runs from the notice actually given: PROVIDER_CANCEL_DEFAULT, the rule of every state whose
  // notice goes by e-mail, gives "ten days' notice by e-mail", and `noticeDays` is "whole days between the notice and the
  // day the policy ends". The later day is set with the claim, so no run ends the policy on the earlier one while this
  // e-mail is on its way.
  const rule = providerCancelRule(policy.governingState)
  const endsAt = new Date(policy.providerCancelAt)
  const movedTo = notice.byEmail ? providerCancelEndsAfterNotice(rule, endsAt, now) : endsAt
  const moves = movedTo.getTime() !== endsAt.getTime()
  const attempt = transaction((tx) => {
    const claimed = tx
      .update(providerCancelNotices)
      .set({ sentAt: now.toISOString(), attempts: sql`${providerCancelNotices.attempts} + 1` })
      .where(
        and(
          eq(providerCancelNotices.policyId, policyId),
          isNull(providerCancelNotices.sentAt),
          lt(providerCancelNotices.attempts, NOTICE_EMAIL_MAX_ATTEMPTS),
        ),
      )
      .returning({ attempts: providerCancelNotices.attempts })
      .get()
    if (claimed && moves) tx.update(policies).set({ providerCancelAt: movedTo.toISOString() }).where(eq(policies.id, policyId)).run()
    return claimed
  })
  if (!attempt) return false
  const props = noticeProps(policy, { ground: policy.providerCancelGround, explanation: notice.explanation, endsAt: movedTo })
  const sent = await sendEmail({
    to: row.email,
    profileId: policy.profileId,
    ...(await providerCancellationEmail(props)),
    tag: 'provider-cancellation',
  })
  if (!sent) {
    transaction((tx) => {
      tx.update(providerCancelNotices).set({ sentAt: null }).where(eq(providerCancelNotices.policyId, policyId)).run()
      if (moves) {
        tx.update(policies)
          .set({ providerCancelAt: endsAt.toISOString() })
          .where(and(eq(policies.id, policyId), eq(policies.providerCancelAt, movedTo.toISOString())))
          .run()
      }
    })
    // The notice's id only: the address is the customer's own and stays in the e-mail log.
    logger.warn(
      { policyId, attempts: attempt.attempts, maxAttempts: NOTICE_EMAIL_MAX_ATTEMPTS },
      'a provider cancellation notice e-mail failed; the daily job tries it again',
    )
    return false
  }
  if (moves) {
    recordAudit(db(), {
      actor: 'system',
      action: 'policy.provider_cancel_moved',
      entityId: policyId,
      detail: {
        from: endsAt.toISOString(),
        to: movedTo.toISOString(),
        noticeGivenAt: now.toISOString(),
        noticeDays: rule.noticeDays,
        attempts: attempt.attempts,
      },
    })
  }
  return true
}

/**
 * For the daily job: the notice e-mails not delivered yet (on a policy not cancelled meanwhile), each tried once more
 * until NOTICE_EMAIL_MAX_ATTEMPTS tries; the operator sees one that ran out on the customer's page. Returns how many
 * went out on this run.
 */
export async function retryProviderCancelNotices(now = new Date()): Promise<number> {
  const due = db()
    .select({ policyId: providerCancelNotices.policyId })
    .from(providerCancelNotices)
    .innerJoin(policies, eq(policies.id, providerCancelNotices.policyId))
    .where(
      and(
        isNull(providerCancelNotices.sentAt),
        lt(providerCancelNotices.attempts, NOTICE_EMAIL_MAX_ATTEMPTS),
        ne(policies.status, 'canceled'),
      ),
    )
    .orderBy(asc(providerCancelNotices.createdAt))
    .all()
  let sent = 0
  for (const { policyId } of due) {
    await yieldToRequests()
    if (await deliverNotice(policyId, now)) sent += 1
  }
  return sent
}

/**
 * For the daily job: ends each policy whose provider notice has run out, with the refund its state gives and no fee.
 * A policy the customer cancelled meanwhile is left alone; one whose payments provider fails is tried again next run;
 * one whose notice was not sent — the e-mail where it is the notice, the letter otherwise — is not ended.
 */
export async function endProviderCancellations(now = new Date()): Promise<number> {
  // First each letter notice's end counted from its mailing, so none ends before its days from the postmark.
  await followMailedNotices(now)
  const due = db()
    .select({ id: policies.id, profileId: policies.profileId, ground: policies.providerCancelGround })
    .from(policies)
    .innerJoin(providerCancelNotices, eq(providerCancelNotices.policyId, policies.id))
    .leftJoin(letters, eq(letters.id, providerCancelNotices.letterId))
    .where(
      and(
        isNotNull(policies.providerCancelAt),
        lte(policies.providerCancelAt, now.toISOString()),
        ne(policies.status, 'canceled'),
        // Never before the notice went out: where the e-mail is the notice, only once it was delivered; where a letter
        // is, only once that letter was mailed (held for an address or refused by the mail provider, it waits).
        or(
          and(eq(providerCancelNotices.byEmail, true), isNotNull(providerCancelNotices.sentAt)),
          and(eq(providerCancelNotices.byEmail, false), eq(letters.status, 'sent'), isNotNull(letters.mailedAt)),
        ),
      ),
    )
    .all()
  let ended = 0
  for (const policy of due) {
    try {
      await cancelPolicy(
        policy.profileId,
        policy.id,
        now,
        { actorId: 'system', reason: policy.ground ?? 'notice' },
        {
          byProvider: true,
          // Waits for the payments provider: a refund settled later would follow the state's rules, not the provider's.
          waitForProvider: true,
        },
      )
      ended += 1
    } catch (error) {
      logger.error({ policyId: policy.id, err: error }, 'ending a policy the provider cancelled failed; tried again on the next run')
    }
  }
  return ended
}
