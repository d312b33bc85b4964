import { and, eq, isNotNull, lte, ne } from 'drizzle-orm'

import { db, transaction } from '~/db/client.server'
import { policies, type Policy, profiles } from '~/db/schema'
import { RuleError } from '~/domain/errors'
import { formatLongDate } from '~/domain/format'
import { PROVIDER_CANCEL_MESSAGES } from '~/domain/messages'
import { formatPhone } from '~/domain/phones'
import {
  allowedGrounds,
  GROUND_NAMES,
  type NoticeChannel,
  noticeChannel,
  providerCancelEffectiveAt,
  type ProviderCancelGround,
  providerCancelRule,
} from '~/domain/provider-cancellation'
import { isStateCode, stateName } from '~/domain/state-rules'
import { providerCancellationEmail, providerCancellationWording } from '~/emails/provider-cancellation'
import { env } from '~/env.server'
import { logger } from '~/logger.server'
import { sendEmail } from '~/services/email.server'
import { notFound } from '~/utils/refusal'

import { recordAudit } from './audit.server'
import { cancelPolicy } from './cancellation.server'
import { postLetter } from './letters.server'
import { policyPlanName, zoneOfCustomerPolicy } from './policies.server'

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

/** What the operator's form offers for a policy: the grounds its state permits now, the notice, or the notice given. */
export function providerCancelOptions(policy: Policy, now = new Date()) {
  const rule = providerCancelRule(policy.governingState)
  return {
    noticed: policy.providerCancelAt
      ? { ground: policy.providerCancelGround ? GROUND_NAMES[policy.providerCancelGround] : null, endsAt: policy.providerCancelAt }
      : null,
    grounds: allowedGrounds(rule, policy.createdAt, now, zoneOfCustomerPolicy(policy)).map((ground) => ({
      value: ground,
      label: GROUND_NAMES[ground],
      channel: CHANNEL_NAMES[noticeChannel(rule, ground)],
    })),
    noticeDays: rule.noticeDays,
    refundWithinDays: rule.refundWithinDays,
  }
}

export type ProviderNotice = { policy: Policy; effectiveAt: Date; channel: NoticeChannel }

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
  const effectiveAt = providerCancelEffectiveAt(rule, now)
  const channel = noticeChannel(rule, input.ground)
  const updated = transaction((tx) => {
    const row = tx
      .update(policies)
      .set({ providerCancelGround: input.ground, providerCancelNoticedAt: now.toISOString(), providerCancelAt: effectiveAt.toISOString() })
      .where(eq(policies.id, policy.id))
      .returning()
      .get()
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

  const profile = db().select().from(profiles).where(eq(profiles.id, input.profileId)).get()!
  const config = env()
  const props = {
    planName: policyPlanName(policy),
    policyNumber: policy.policyNumber,
    ground: GROUND_NAMES[input.ground],
    explanation: input.explanation,
    endsOn: formatLongDate(effectiveAt.toISOString()),
    noticeDays: rule.noticeDays,
    refundWithinDays: rule.refundWithinDays,
    dashboardUrl: `${config.APP_URL}/customer`,
    supportEmail: config.SUPPORT_EMAIL,
    supportPhone: formatPhone(config.SUPPORT_PHONE),
  }
  await sendEmail({ to: profile.email, ...(await providerCancellationEmail(props)), tag: 'provider-cancellation' })
  if (channel !== 'email' || profile.esignWithdrawnAt) {
    const { title, paragraphs } = providerCancellationWording(props)
    await postLetter(
      {
        profileId: profile.id,
        policyId: policy.id,
        template: channel === 'email' ? 'paper-copy' : 'provider-cancellation',
        content: { title, date: formatLongDate(now.toISOString()), paragraphs },
        certified: channel === 'certified_mail',
      },
      now,
    )
  }
  if (rule.noticeDays === 0) await endProviderCancellations(now)
  return { policy: updated, effectiveAt, channel }
}

/**
 * For the daily job: ends each policy whose provider notice has run out, with the refund its state gives and no fee.
 * A policy the customer cancelled meanwhile is left alone; one whose payments provider fails is tried again next run.
 */
export async function endProviderCancellations(now = new Date()): Promise<number> {
  const due = db()
    .select({ id: policies.id, profileId: policies.profileId, ground: policies.providerCancelGround })
    .from(policies)
    .where(and(isNotNull(policies.providerCancelAt), lte(policies.providerCancelAt, now.toISOString()), ne(policies.status, 'canceled')))
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
