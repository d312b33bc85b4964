import { eq } from 'drizzle-orm'
import { beforeEach, describe, expect, test } from 'vitest'

import { db } from '~/db/client.server'
import { auditLog, rateLimits, sessions, verifications } from '~/db/schema'
import { runDailyJobs } from '~/jobs.server'
import { sendRenewalNotices } from '~/models/policies/renewals.server'

import { createPolicy, createProfile, getPolicy, uniqueEmail } from '../support/factories'
import { outboxFor as outbox } from '../support/outbox'

const DAY = 24 * 60 * 60 * 1000
const now = new Date('2026-11-21T08:00:00.000Z')
const inDays = (days: number) => new Date(now.getTime() + days * DAY).toISOString()

describe('renewal notices', () => {
  let email: string
  let profileId: string
  beforeEach(() => {
    email = uniqueEmail()
    profileId = createProfile({ email }).id
  })

  test('a policy whose commitment ends within 30 days gets one notice, however often the job runs', async () => {
    const policy = createPolicy(profileId, { status: 'active', initialTermEndsAt: inDays(29) })
    await runDailyJobs(now)
    await runDailyJobs(now)
    await runDailyJobs(new Date(now.getTime() + DAY))

    const notices = outbox(email)
    expect(notices).toHaveLength(1)
    expect(notices[0]!.subject).toBe('Your Glass Plan renews on December 20, 2026')
    expect(notices[0]!.text).toContain('$19.99 per month')
    expect(getPolicy(policy.id)!.renewalNoticeSentAt).toBe(now.toISOString())
    expect(
      db()
        .select()
        .from(auditLog)
        .where(eq(auditLog.entityId, policy.id))
        .all()
        .map((row) => row.action),
    ).toEqual(['policy.renewal_notice'])
  })

  test('two runs at once still send one notice', async () => {
    createPolicy(profileId, { status: 'active', initialTermEndsAt: inDays(10) })
    await Promise.all([sendRenewalNotices(now), sendRenewalNotices(now)])
    expect(outbox(email)).toHaveLength(1)
  })

  test('no notice too early, after the term, or for a cancelled policy', async () => {
    createPolicy(profileId, { status: 'active', initialTermEndsAt: inDays(46) })
    createPolicy(profileId, { status: 'active', initialTermEndsAt: inDays(-1) })
    createPolicy(profileId, { status: 'canceled', initialTermEndsAt: inDays(5) })
    await runDailyJobs(now)
    expect(outbox(email)).toHaveLength(0)
  })

  test('with renewal turned off the notice says the coverage ends', async () => {
    createPolicy(profileId, { status: 'active', initialTermEndsAt: inDays(20), cancelAt: inDays(20) })
    await runDailyJobs(now)
    const [notice] = outbox(email)
    expect(notice!.subject).toBe('Your Glass Plan coverage ends on December 11, 2026')
  })
})

describe('pruning', () => {
  test('drops old rate-limit windows, expired sessions and day-old sign-in codes, and keeps the rest', async () => {
    const profile = createProfile()
    db()
      .insert(rateLimits)
      .values([
        { key: 'old', windowStartedAt: now.getTime() - 2 * DAY, count: 3 },
        { key: 'fresh', windowStartedAt: now.getTime() - 60_000, count: 1 },
      ])
      .run()
    db()
      .insert(sessions)
      .values([
        { id: 'expired-session', profileId: profile.id, expiresAt: inDays(-1) },
        { id: 'live-session', profileId: profile.id, expiresAt: inDays(10) },
      ])
      .run()
    db()
      .insert(verifications)
      .values([
        { email: profile.email, codeHash: 'a', tokenHash: 'old-token', expiresAt: inDays(-2) },
        { email: profile.email, codeHash: 'b', tokenHash: 'recent-token', expiresAt: new Date(now.getTime() - 60_000).toISOString() },
      ])
      .run()

    const report = await runDailyJobs(now)

    expect(report).toMatchObject({ rateLimitsPruned: 1, sessionsDeleted: 1, verificationsDeleted: 1 })
    expect(
      db()
        .select()
        .from(rateLimits)
        .all()
        .map((row) => row.key),
    ).toEqual(['fresh'])
    expect(
      db()
        .select()
        .from(sessions)
        .all()
        .map((row) => row.id),
    ).toEqual(['live-session'])
    expect(
      db()
        .select()
        .from(verifications)
        .all()
        .map((row) => row.tokenHash),
    ).toEqual(['recent-token'])
  })
})

describe('local policies with renewal turned off', () => {
  test('end once their cancel date passes, and only then', async () => {
    const profile = createProfile()
    const due = createPolicy(profile.id, { status: 'active', cancelAt: inDays(-1), initialTermEndsAt: inDays(-1) })
    const later = createPolicy(profile.id, { status: 'active', cancelAt: inDays(5), initialTermEndsAt: inDays(5) })
    const stripeManaged = createPolicy(profile.id, { status: 'active', cancelAt: inDays(-1), stripeSubscriptionId: `sub_${profile.id}` })

    expect((await runDailyJobs(now)).localPoliciesEnded).toBe(1)
    expect(getPolicy(due.id)).toMatchObject({ status: 'canceled', canceledAt: now.toISOString() })
    expect(getPolicy(later.id)?.status).toBe('active')
    // Stripe ends its own subscriptions (customer.subscription.deleted); the job leaves them alone.
    expect(getPolicy(stripeManaged.id)?.status).toBe('active')
    expect(
      db()
        .select()
        .from(auditLog)
        .where(eq(auditLog.entityId, due.id))
        .all()
        .map((row) => row.action),
    ).toContain('policy.canceled')

    expect((await runDailyJobs(now)).localPoliciesEnded).toBe(0)
  })
})
