import crypto from 'node:crypto'

import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lte, ne, notExists, or, type SQL, sql } from 'drizzle-orm'

import { db, transaction } from '~/db/client.server'
import { policies, type Policy, priceChangeNotices, priceChanges, prices, profiles } from '~/db/schema'
import { actByDay, renewalAtOrAfter } from '~/domain/billing'
import { dayOf } from '~/domain/calendar'
import { RuleError } from '~/domain/errors'
import { formatLongDate, formatPrice } from '~/domain/format'
import { PRICE_CHANGE_MESSAGES } from '~/domain/messages'
import { cancelPath, priceConsentPath } from '~/domain/paths'
import { type LookupKey, planName, policyEmailNames } from '~/domain/plans'
import { isInInitialTerm } from '~/domain/policies'
import { earliestEffectiveOn, priceChangeStartsAt, priceNoticeTiming } from '~/domain/price-changes'
import { rulesFor } from '~/domain/state-rules'
import { priceChangeEmail } from '~/emails/price-change'
import { env } from '~/env.server'
import { logger } from '~/logger.server'
import { recordAudit } from '~/models/operations/audit.server'
import { claimAndDeliver, yieldToRequests } from '~/models/operations/batches.server'
import { policyWithOwnerEmail } from '~/models/policies/policies.server'
import { getPricing, invalidatePricingCache, priceFor } from '~/models/policies/pricing.server'
import { sendEmail } from '~/services/email.server'
import { payments } from '~/services/payments.server'
import { notFound } from '~/utils/refusal'

/**
 * Price changes with 30 days' notice (terms "Price changes"): the operator schedules, the daily job
 * tells each subscriber once, inside their state's window before the first charge the change reaches
 * (domain/price-changes.ts `priceNoticeTiming`), publishes the price to the catalogue on its date, and moves each
 * subscriber to it at their first renewal after the date (and after 30 days from their own notice).
 *
 * Where the subscriber's state lets a higher price reach them only with their consent (the state table's
 * `priceIncreaseNeedsConsent`; the most protective rule while the state is unknown), the notice of an increase carries
 * a link to accept it, and the policy moves only once it is accepted; otherwise it keeps its price
 * (docs/decisions/051-price-increase-consent-by-signed-in-owner.md).
 */

const LIVE_STATUSES = ['incomplete', 'active', 'past_due'] as const

/** A notice that needs no consent, or whose consent was given: the only ones a policy moves on. */
const consentGiven = or(eq(priceChangeNotices.consentRequired, false), isNotNull(priceChangeNotices.acceptedAt))

/** The notices that meet `where`, each with its policy and its price change. */
function noticesWhere(where: SQL | undefined) {
  return db()
    .select({ policy: policies, change: priceChanges, noticeSentAt: priceChangeNotices.noticeSentAt })
    .from(priceChangeNotices)
    .innerJoin(priceChanges, eq(priceChanges.id, priceChangeNotices.priceChangeId))
    .innerJoin(policies, eq(policies.id, priceChangeNotices.policyId))
    .where(where)
    .all()
}

/** Keyed hash of a consent link's token: the database alone never yields a working link. */
function hashConsentToken(token: string) {
  return crypto.createHmac('sha256', env().SESSION_SECRET).update(`price-consent:${token}`).digest('hex')
}

function today(now: Date) {
  return dayOf(now)
}

export async function schedulePriceChange(
  operatorId: string,
  input: { lookupKey: LookupKey; amountCents: number; effectiveOn: string },
  now = new Date(),
) {
  const earliest = earliestEffectiveOn(now)
  if (input.effectiveOn < earliest) throw RuleError.from(PRICE_CHANGE_MESSAGES.tooSoon(earliest), { field: 'effectiveOn' })
  const previousCents = priceFor(await getPricing(), input.lookupKey)
  if (previousCents === input.amountCents) throw RuleError.from(PRICE_CHANGE_MESSAGES.samePrice, { field: 'amount' })
  return transaction((tx) => {
    const pending = tx
      .select()
      .from(priceChanges)
      .where(and(eq(priceChanges.lookupKey, input.lookupKey), isNull(priceChanges.publishedAt), isNull(priceChanges.canceledAt)))
      .get()
    if (pending) throw RuleError.from(PRICE_CHANGE_MESSAGES.alreadyScheduled(pending.effectiveOn), { field: 'lookupKey', status: 409 })
    const change = tx
      .insert(priceChanges)
      .values({ ...input, previousCents, createdBy: operatorId })
      .returning()
      .get()
    recordAudit(tx, {
      actor: operatorId,
      action: 'price_change.scheduled',
      entityId: change.id,
      detail: { ...input, previousCents },
    })
    return change
  })
}

/** Before its date a change can be called off; subscribers already told simply keep their price. */
export function cancelPriceChange(operatorId: string, changeId: string, now = new Date()) {
  return transaction((tx) => {
    const change = tx.select().from(priceChanges).where(eq(priceChanges.id, changeId)).get()
    if (!change) notFound()
    if (change.publishedAt || change.canceledAt) throw RuleError.from(PRICE_CHANGE_MESSAGES.notCancellable, { status: 409 })
    tx.update(priceChanges).set({ canceledAt: now.toISOString() }).where(eq(priceChanges.id, changeId)).run()
    recordAudit(tx, { actor: operatorId, action: 'price_change.cancelled', entityId: changeId })
  })
}

/** The operator's list: every change, newest first, with how many subscribers were told and moved. */
export function listPriceChanges() {
  return db()
    .select({
      change: priceChanges,
      noticed: sql<number>`(SELECT count(*) FROM ${priceChangeNotices} WHERE ${priceChangeNotices.priceChangeId} = ${priceChanges.id})`,
      applied: sql<number>`(SELECT count(*) FROM ${priceChangeNotices} WHERE ${priceChangeNotices.priceChangeId} = ${priceChanges.id} AND ${priceChangeNotices.appliedAt} IS NOT NULL)`,
    })
    .from(priceChanges)
    .orderBy(desc(priceChanges.createdAt))
    .all()
}

/** A customer's announced price changes, by policy: the new price and the day it is first charged. */
export function upcomingPricesFor(policyIds: string[]) {
  if (policyIds.length === 0) return new Map<string, { amountCents: number; startsOn: string }>()
  const rows = noticesWhere(
    and(
      inArray(priceChangeNotices.policyId, policyIds),
      isNull(priceChangeNotices.appliedAt),
      isNull(priceChanges.canceledAt),
      // A higher price waiting for the customer's consent is not coming unless they accept it.
      consentGiven,
    ),
  )
  return new Map(
    rows.map(({ policy, change, noticeSentAt }) => [
      policy.id,
      { amountCents: change.amountCents, startsOn: startsOnFor(policy, change.effectiveOn, noticeSentAt).toISOString() },
    ]),
  )
}

/**
 * The first charge at the new price: the policy's first renewal (monthly, or yearly for a yearly payer) after the change
 * may apply. Both modes renew on the same days (domain/billing).
 */
function startsOnFor(policy: Pick<Policy, 'createdAt' | 'billingInterval' | 'billingAnchorAt'>, effectiveOn: string, noticeSentAt: string) {
  return renewalAtOrAfter(policy, priceChangeStartsAt(effectiveOn, noticeSentAt))
}

// --- the daily job -----------------------------------------------------------------------------------------------

export type PriceChangeReport = { noticesSent: number; published: number; policiesMoved: number; failures: number }

export async function runPriceChanges(now = new Date()): Promise<PriceChangeReport> {
  const report: PriceChangeReport = { noticesSent: 0, published: 0, policiesMoved: 0, failures: 0 }
  const open = db().select().from(priceChanges).where(isNull(priceChanges.canceledAt)).orderBy(asc(priceChanges.effectiveOn)).all()
  for (const [index, change] of open.entries()) {
    // Each subscriber is told inside their own window before the charge the change reaches, so notices go on after
    // the change is published; a later change of the same plan takes over the subscribers not yet told of this one.
    const superseded = open.slice(index + 1).some((later) => later.lookupKey === change.lookupKey)
    if (!superseded) report.noticesSent += await sendNotices(change, now)
    await yieldToRequests()
    if (!change.publishedAt && change.effectiveOn <= today(now)) {
      if (await publish(change, now)) report.published++
      else report.failures++
    }
  }
  await yieldToRequests()
  const moved = await moveDuePolicies(now)
  report.policiesMoved = moved.moved
  report.failures += moved.failures
  return report
}

/** Tells each subscriber on the old price once: a notice row is claimed in a transaction, then the e-mail goes out. */
async function sendNotices(change: typeof priceChanges.$inferSelect, now: Date) {
  const due = db()
    .select({
      id: policies.id,
      createdAt: policies.createdAt,
      billingInterval: policies.billingInterval,
      billingAnchorAt: policies.billingAnchorAt,
      governingState: policies.governingState,
    })
    .from(policies)
    .where(
      and(
        eq(policies.lookupKey, change.lookupKey),
        inArray(policies.status, [...LIVE_STATUSES]),
        ne(policies.monthlyPriceCents, change.amountCents),
        // A plan bought after the new price was published was sold at it (or at a later one): nothing to tell.
        change.publishedAt ? lte(policies.createdAt, change.publishedAt) : undefined,
        // A plan that ends before the new price starts never pays it.
        or(isNull(policies.cancelAt), gt(policies.cancelAt, `${change.effectiveOn}T00:00:00.000Z`)),
        notExists(
          db()
            .select({ one: sql`1` })
            .from(priceChangeNotices)
            .where(and(eq(priceChangeNotices.priceChangeId, change.id), eq(priceChangeNotices.policyId, policies.id))),
        ),
      ),
    )
    .all()
    // Not before the subscriber's window opens: a notice months ahead of the charge it announces is not sent yet.
    .filter((policy) => priceNoticeTiming(policy, change.effectiveOn, now).due)
    .map((row) => row.id)
  const config = env()
  return claimAndDeliver(
    due,
    (tx, policyId) => {
      const row = policyWithOwnerEmail(tx, policyId)
      if (!row) return null
      const consentRequired = needsConsent(row.policy, change.amountCents)
      const token = consentRequired ? crypto.randomBytes(32).toString('base64url') : null
      const inserted = tx
        .insert(priceChangeNotices)
        .values({
          priceChangeId: change.id,
          policyId,
          noticeSentAt: now.toISOString(),
          consentRequired,
          consentTokenHash: token ? hashConsentToken(token) : null,
        })
        .onConflictDoNothing()
        .run()
      if (inserted.changes !== 1) return null // another run got it first
      recordAudit(tx, {
        actor: 'system',
        action: 'policy.price_change_notice',
        entityId: policyId,
        detail: { priceChangeId: change.id, consentRequired },
      })
      return { ...row, token }
    },
    async ({ policy, email, token }) => {
      const message = await priceChangeEmail({
        ...policyEmailNames(policy),
        oldPrice: formatPrice(policy.monthlyPriceCents),
        newPrice: formatPrice(change.amountCents),
        startsOn: formatLongDate(startsOnFor(policy, change.effectiveOn, now.toISOString())),
        actBy: formatLongDate(actByDay(startsOnFor(policy, change.effectiveOn, now.toISOString()), policy.governingState)),
        inCommitment: isInInitialTerm(policy, now),
        yearly: policy.billingInterval === 'year',
        cancelUrl: `${config.APP_URL}${cancelPath(policy.id)}`,
        acceptUrl: token ? `${config.APP_URL}${priceConsentPath(token)}` : null,
        supportEmail: config.SUPPORT_EMAIL,
      })
      if (await sendEmail({ to: email, ...message, tag: 'price-change' })) return true
      // The send failed (logged): release the claim so the next run tells them, with its own 30 days.
      db()
        .delete(priceChangeNotices)
        .where(and(eq(priceChangeNotices.priceChangeId, change.id), eq(priceChangeNotices.policyId, policy.id)))
        .run()
      return false
    },
  )
}

/** A higher price than the policy pays, for a subscriber whose state lets it reach them only with their consent. */
function needsConsent(policy: Pick<Policy, 'governingState' | 'monthlyPriceCents'>, newCents: number) {
  return newCents > policy.monthlyPriceCents && rulesFor(policy.governingState).priceIncreaseNeedsConsent
}

/** On its date the new price reaches the catalogue: new signups pay it. */
async function publish(change: typeof priceChanges.$inferSelect, now: Date) {
  try {
    const { stripePriceId } = await (
      await payments()
    ).publishPrice(change.lookupKey as LookupKey, change.amountCents, `price-change-${change.id}`)
    transaction((tx) => {
      tx.insert(prices)
        .values({ lookupKey: change.lookupKey, amountCents: change.amountCents, stripePriceId })
        .onConflictDoUpdate({
          target: prices.lookupKey,
          set: { amountCents: change.amountCents, stripePriceId, updatedAt: now.toISOString() },
        })
        .run()
      tx.update(priceChanges).set({ publishedAt: now.toISOString(), stripePriceId }).where(eq(priceChanges.id, change.id)).run()
      recordAudit(tx, {
        actor: 'system',
        action: 'price_change.published',
        entityId: change.id,
        detail: { stripePriceId },
      })
    })
    invalidatePricingCache()
    return true
  } catch (error) {
    logger.error(
      { priceChangeId: change.id, lookupKey: change.lookupKey, err: error },
      'publishing a price change failed; the next run retries',
    )
    return false
  }
}

/**
 * Moves each told subscriber whose new price is due: Stripe mode as soon as the change may apply (the subscription
 * item moves without proration, so Stripe charges the new price from the next renewal); local mode at that renewal.
 */
async function moveDuePolicies(now: Date) {
  const mode = env().payments
  const pending = noticesWhere(
    and(
      isNull(priceChangeNotices.appliedAt),
      // Without the consent its state requires, the policy keeps its price (and in Stripe mode its subscription).
      consentGiven,
      isNotNull(priceChanges.publishedAt),
      isNull(priceChanges.canceledAt),
      lte(priceChanges.effectiveOn, today(now)),
    ),
  )
  let moved = 0
  let failures = 0
  const adapter = await payments()
  for (const { policy, change, noticeSentAt } of pending) {
    if (!LIVE_STATUSES.includes(policy.status as (typeof LIVE_STATUSES)[number])) continue
    const due =
      mode === 'stripe' ? priceChangeStartsAt(change.effectiveOn, noticeSentAt) : startsOnFor(policy, change.effectiveOn, noticeSentAt)
    if (due.getTime() > now.getTime()) continue
    await yieldToRequests()
    try {
      await adapter.moveSubscriptionToPrice(policy, change.lookupKey as LookupKey)
    } catch (error) {
      logger.error(
        { policyId: policy.id, priceChangeId: change.id, err: error },
        'moving a policy to a price change failed; the next run retries',
      )
      failures++
      continue
    }
    transaction((tx) => {
      tx.update(policies)
        .set({ monthlyPriceCents: change.amountCents, updatedAt: now.toISOString() })
        .where(eq(policies.id, policy.id))
        .run()
      tx.update(priceChangeNotices)
        .set({ appliedAt: now.toISOString() })
        .where(and(eq(priceChangeNotices.priceChangeId, change.id), eq(priceChangeNotices.policyId, policy.id)))
        .run()
      recordAudit(tx, {
        actor: 'system',
        action: 'policy.price_changed',
        entityId: policy.id,
        detail: { priceChangeId: change.id, from: policy.monthlyPriceCents, to: change.amountCents },
      })
    })
    moved++
  }
  return { moved, failures }
}

// --- consent to a higher price -----------------------------------------------------------------------------------

/**
 * The notice behind a consent link, for its signed-in owner: the token finds it, and it must be a notice of one of the
 * customer's own policies (someone else's link is the same 404 as an unknown one). The link is not a sign-in: agreeing
 * to pay more is recorded against the account that pays (docs/decisions/051-price-increase-consent-by-signed-in-owner.md).
 */
export function findConsentNotice(token: string, profileId: string) {
  if (!token || token.length > 200) return null
  const row = db()
    .select({ notice: priceChangeNotices, change: priceChanges, policy: policies })
    .from(priceChangeNotices)
    .innerJoin(priceChanges, eq(priceChanges.id, priceChangeNotices.priceChangeId))
    .innerJoin(policies, eq(policies.id, priceChangeNotices.policyId))
    .where(and(eq(priceChangeNotices.consentTokenHash, hashConsentToken(token)), eq(priceChangeNotices.consentRequired, true)))
    .get()
  if (!row || row.policy.profileId !== profileId) return null
  return row
}

export type ConsentNotice = NonNullable<ReturnType<typeof findConsentNotice>>

/** What the consent page shows: the plan, the price it pays now and the new one, and the first charge at it. */
export function describeConsent({ notice, change, policy }: ConsentNotice) {
  return {
    policyId: policy.id,
    policyNumber: policy.policyNumber,
    planName: planName(policy),
    yearly: policy.billingInterval === 'year',
    oldPrice: formatPrice(notice.appliedAt ? change.previousCents : policy.monthlyPriceCents),
    newPrice: formatPrice(change.amountCents),
    startsOn: startsOnFor(policy, change.effectiveOn, notice.noticeSentAt).toISOString(),
    acceptedAt: notice.acceptedAt,
    /** Nothing left to accept: the change was called off or the plan has ended. */
    closed: change.canceledAt !== null || policy.status === 'canceled',
  }
}

/** The customer accepts the higher price: recorded once (a repeated submit changes nothing) and audited. */
export function acceptPriceIncrease(token: string, profileId: string, now = new Date()) {
  return transaction((tx) => {
    const found = findConsentNotice(token, profileId)
    if (!found) notFound()
    if (found.notice.acceptedAt) return found.notice
    if (found.change.canceledAt || found.policy.status === 'canceled') {
      throw RuleError.from(PRICE_CHANGE_MESSAGES.consentClosed, { status: 409 })
    }
    const accepted = tx
      .update(priceChangeNotices)
      .set({ acceptedAt: now.toISOString() })
      .where(
        and(
          eq(priceChangeNotices.priceChangeId, found.notice.priceChangeId),
          eq(priceChangeNotices.policyId, found.notice.policyId),
          isNull(priceChangeNotices.acceptedAt),
        ),
      )
      .returning()
      .get()
    if (!accepted) return found.notice
    recordAudit(tx, {
      actor: profileId,
      action: 'policy.price_change_accepted',
      entityId: found.policy.id,
      detail: { priceChangeId: found.change.id, from: found.policy.monthlyPriceCents, to: found.change.amountCents },
    })
    return accepted
  })
}

/**
 * For the operator: per price change, every subscriber whose consent it needed, with their notice's date and whether
 * they accepted (one who did not keeps their price).
 */
export function consentNoticesByChange(changeIds: string[]) {
  const byChange = new Map<
    string,
    Array<{
      policyId: string
      policyNumber: string
      profileId: string
      email: string
      noticeSentAt: string
      acceptedAt: string | null
    }>
  >()
  if (changeIds.length === 0) return byChange
  const rows = db()
    .select({
      changeId: priceChangeNotices.priceChangeId,
      policyId: priceChangeNotices.policyId,
      policyNumber: policies.policyNumber,
      profileId: policies.profileId,
      email: profiles.email,
      noticeSentAt: priceChangeNotices.noticeSentAt,
      acceptedAt: priceChangeNotices.acceptedAt,
    })
    .from(priceChangeNotices)
    .innerJoin(policies, eq(policies.id, priceChangeNotices.policyId))
    .innerJoin(profiles, eq(profiles.id, policies.profileId))
    .where(and(inArray(priceChangeNotices.priceChangeId, changeIds), eq(priceChangeNotices.consentRequired, true)))
    .orderBy(asc(priceChangeNotices.noticeSentAt), asc(priceChangeNotices.policyId))
    .all()
  for (const { changeId, ...row } of rows) byChange.set(changeId, [...(byChange.get(changeId) ?? []), row])
  return byChange
}
