import { and, desc, eq, gte, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm'

import { db, transaction } from '~/db/client.server'
import { type Claim, claims, policies, type Policy, profiles, type ServiceCredit, serviceCredits } from '~/db/schema'
import { CHOICE_REMINDER_AFTER_HOURS, creditMethod, missedPromiseOnOurSide, monthlyCreditCents } from '~/domain/credits'
import { RuleError } from '~/domain/errors'
import { formatPrice } from '~/domain/format'
import { CREDIT_MESSAGES } from '~/domain/messages'
import { chooseShopPath } from '~/domain/paths'
import { SHORTEST_PROMISE_HOURS } from '~/domain/service-promise'
import { DAY_MS, HOUR_MS } from '~/domain/time'
import { choiceReminderEmail } from '~/emails/choice-reminder'
import { creditEmail } from '~/emails/credit'
import { env } from '~/env.server'
import { logger } from '~/logger.server'
import { decidedClaim } from '~/models/claims/claims-read.server'
import { shopZoneOf } from '~/models/claims/shop-choice.server'
import { recordAudit } from '~/models/operations/audit.server'
import { sendEmail } from '~/services/email.server'
import { payments } from '~/services/payments.server'
import { notFound } from '~/utils/refusal'

/**
 * The credits ledger: one month's price for a missed service promise (found by the daily job, once per claim), and the
 * operator's credits and waivers. A row is written first, in its own transaction, and paid after: a refused payment
 * leaves it pending for the daily job and the operator, and the payment's idempotency key is the row's id, so a retry
 * or a second run never pays twice. Why: docs/decisions/077-service-promise-credits.md.
 */

/** The daily job looks for missed promises among claims approved in this many days (a promise runs out in days). */
export const MISSED_PROMISE_LOOKBACK_DAYS = 60

/** The columns of a claim that `missedPromiseOnOurSide` reads. */
export const promiseColumns = {
  approvalStatus: claims.approvalStatus,
  reviewedAt: claims.reviewedAt,
  damageType: claims.damageType,
  repairType: claims.repairType,
  completedAt: claims.completedAt,
  rescheduleRequestedAt: claims.rescheduleRequestedAt,
  assignedPartnerGroupId: claims.assignedPartnerGroupId,
  chosenLocationId: claims.chosenLocationId,
  shopChosenAt: claims.shopChosenAt,
  preferredDate: claims.preferredDate,
}

/**
 * The claims approved lately that missed their promise on our side and have no credit yet. The read leaves out what
 * cannot have missed (finished within the shortest promise of its approval) and takes only the columns the promise
 * reads: on a business's steady state that is the few claims still open or finished late, not every claim of the
 * lookback, so the daily job holds the server for milliseconds at any size (docs/benchmarks.md, "At scale").
 */
function missedPromisesWithoutCredit(now: Date) {
  const since = new Date(now.getTime() - MISSED_PROMISE_LOOKBACK_DAYS * DAY_MS).toISOString()
  const keptAt = sql`strftime('%Y-%m-%dT%H:%M:%fZ', ${claims.reviewedAt}, ${`+${SHORTEST_PROMISE_HOURS} hours`})`
  return db()
    .select({ id: claims.id, ...promiseColumns })
    .from(claims)
    .leftJoin(serviceCredits, and(eq(serviceCredits.claimId, claims.id), eq(serviceCredits.kind, 'missed_promise')))
    .where(
      and(
        decidedClaim(),
        gte(claims.reviewedAt, since),
        isNull(serviceCredits.id),
        or(isNull(claims.completedAt), sql`${claims.completedAt} > ${keptAt}`),
      ),
    )
    .all()
    .filter((claim) => missedPromiseOnOurSide(withWorkZone(claim), now))
}

/** A day the customer asked for is read at the clock where the work is done (only a claim with such a day needs it). */
function withWorkZone<T extends Pick<Claim, 'preferredDate' | 'chosenLocationId' | 'assignedPartnerGroupId'>>(claim: T) {
  return claim.preferredDate ? { ...claim, workZone: shopZoneOf(claim) } : claim
}

/**
 * Records the credit of a missed promise (nothing when the claim already has one: the unique index makes two runs at
 * once write one row). Returns the new row, or null.
 */
export function recordMissedPromiseCredit(claimId: string, now = new Date()): ServiceCredit | null {
  return transaction((tx) => {
    const claim = tx.select().from(claims).where(eq(claims.id, claimId)).get()
    if (!claim || !missedPromiseOnOurSide(withWorkZone(claim), now)) return null
    const policy = tx.select().from(policies).where(eq(policies.id, claim.policyId)).get()!
    const row = tx
      .insert(serviceCredits)
      .values({
        policyId: policy.id,
        profileId: claim.filedByProfileId ?? policy.profileId,
        claimId: claim.id,
        kind: 'missed_promise',
        amountCents: monthlyCreditCents(policy),
        reason: CREDIT_MESSAGES.missedPromise(claim.confirmationCode),
        method: creditMethod(env().payments, policy),
        createdBy: 'system',
      })
      .onConflictDoNothing()
      .returning()
      .get()
    if (!row) return null
    recordAudit(tx, {
      actor: 'system',
      action: 'service_credit.created',
      entityId: row.id,
      detail: { claimId: claim.id, amountCents: row.amountCents, method: row.method, kind: row.kind },
    })
    return row
  })
}

/**
 * Pays a pending credit through the payments adapter: Stripe's customer balance (monthly payers), a refund (yearly
 * payers) or the local ledger. Success marks it applied and e-mails the customer; a refusal keeps it pending with the
 * error, for the daily job. A credit already applied or waived is left alone. Never throws for the provider's sake.
 */
export async function payCredit(creditId: string, now = new Date()): Promise<ServiceCredit> {
  const credit = db().select().from(serviceCredits).where(eq(serviceCredits.id, creditId)).get()
  if (!credit) notFound()
  if (credit.state !== 'pending') return credit
  const policy = db().select().from(policies).where(eq(policies.id, credit.policyId)).get()!
  try {
    const stripeId = await pay(credit, policy)
    const applied = transaction((tx) => {
      const row = tx
        .update(serviceCredits)
        .set({
          state: 'applied',
          stripeId,
          attempts: sql`${serviceCredits.attempts} + 1`,
          lastError: null,
          appliedAt: now.toISOString(),
          updatedAt: now.toISOString(),
        })
        .where(and(eq(serviceCredits.id, credit.id), eq(serviceCredits.state, 'pending')))
        .returning()
        .get()
      if (row)
        recordAudit(tx, { actor: 'system', action: 'service_credit.applied', entityId: row.id, detail: { stripeId, method: row.method } })
      return row
    })
    // Another run (or a waiver) got there first: the payment above was the same idempotent one.
    if (!applied) return db().select().from(serviceCredits).where(eq(serviceCredits.id, creditId)).get()!
    await sendCreditEmail(applied)
    return applied
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    logger.error({ creditId: credit.id, policyId: policy.id, err: error }, 'a credit was refused; the daily job retries it')
    return transaction((tx) => {
      const row = tx
        .update(serviceCredits)
        .set({ attempts: sql`${serviceCredits.attempts} + 1`, lastError: message.slice(0, 500), updatedAt: now.toISOString() })
        .where(eq(serviceCredits.id, credit.id))
        .returning()
        .get()!
      recordAudit(tx, { actor: 'system', action: 'service_credit.failed', entityId: row.id, detail: { error: message.slice(0, 200) } })
      return row
    })
  }
}

async function pay(credit: ServiceCredit, policy: Policy): Promise<string | null> {
  const adapter = await payments()
  if (credit.method === 'local_ledger') return null
  if (credit.method === 'stripe_refund') {
    const { stripeRefundIds } = await adapter.refund(policy, { refundId: `credit-${credit.id}`, amountCents: credit.amountCents })
    return stripeRefundIds.join(' ') || null
  }
  const { stripeId } = await adapter.creditBalance(policy, {
    creditId: credit.id,
    amountCents: credit.amountCents,
    description: credit.reason,
  })
  return stripeId
}

async function sendCreditEmail(credit: ServiceCredit) {
  try {
    if (!credit.profileId) return
    const profile = db().select({ email: profiles.email }).from(profiles).where(eq(profiles.id, credit.profileId)).get()
    if (!profile) return
    const config = env()
    const message = await creditEmail({
      amount: formatPrice(credit.amountCents),
      reason: credit.reason,
      howPaid: CREDIT_MESSAGES.howPaid[credit.method],
      dashboardUrl: `${config.APP_URL}/customer#credits`,
      supportEmail: config.SUPPORT_EMAIL,
    })
    await sendEmail({ to: profile.email, ...message, tag: 'service-credit', profileId: credit.profileId })
  } catch (error) {
    logger.error({ creditId: credit.id, err: error }, 'the credit e-mail failed')
  }
}

/**
 * The approved claims whose shop the operator left to the customer, who has not chosen it a day after approval and was
 * not reminded yet: each is marked reminded (once, decided in the update, so two runs send one e-mail) and e-mailed.
 * The promise clock waits for their choice either way (awaitsCustomerChoice); the reminder keeps it from waiting unseen.
 */
async function remindCustomersToChoose(now: Date) {
  const approvedBefore = new Date(now.getTime() - CHOICE_REMINDER_AFTER_HOURS * HOUR_MS).toISOString()
  const since = new Date(now.getTime() - MISSED_PROMISE_LOOKBACK_DAYS * DAY_MS).toISOString()
  const waiting = db()
    .select({ id: claims.id })
    .from(claims)
    .where(
      and(
        eq(claims.approvalStatus, 'approved'),
        isNull(claims.assignedPartnerGroupId),
        isNull(claims.chosenLocationId),
        isNull(claims.choiceRemindedAt),
        lte(claims.reviewedAt, approvedBefore),
        gte(claims.reviewedAt, since),
      ),
    )
    .all()
  let reminded = 0
  for (const { id } of waiting) {
    const claim = transaction((tx) => {
      const row = tx
        .update(claims)
        .set({ choiceRemindedAt: now.toISOString() })
        .where(and(eq(claims.id, id), isNull(claims.choiceRemindedAt), isNull(claims.assignedPartnerGroupId)))
        .returning()
        .get()
      if (row) recordAudit(tx, { actor: 'system', action: 'claim.choice_reminded', entityId: row.id, detail: {} })
      return row
    })
    if (!claim) continue
    reminded++
    await sendChoiceReminder(claim)
  }
  return reminded
}

async function sendChoiceReminder(claim: Claim) {
  try {
    const profileId = claim.filedByProfileId
    const profile = profileId ? db().select({ email: profiles.email }).from(profiles).where(eq(profiles.id, profileId)).get() : undefined
    if (!profile) return
    const config = env()
    const message = await choiceReminderEmail({
      confirmationCode: claim.confirmationCode,
      chooseShopUrl: `${config.APP_URL}${chooseShopPath(claim.id)}`,
      supportEmail: config.SUPPORT_EMAIL,
    })
    await sendEmail({ to: profile.email, ...message, tag: 'claim-choice-reminder', profileId })
  } catch (error) {
    logger.error({ claimId: claim.id, err: error }, 'the reminder to choose a shop failed')
  }
}

/**
 * The daily job: reminds the customers who have not chosen their shop, records a credit for every missed promise
 * without one, then pays every pending credit (new ones and those a provider refused before). Running it twice pays
 * once. Returns what it reminded, recorded and paid.
 */
export async function runServiceCredits(now = new Date()) {
  const reminded = await remindCustomersToChoose(now)
  let recorded = 0
  for (const claim of missedPromisesWithoutCredit(now)) {
    if (recordMissedPromiseCredit(claim.id, now)) recorded++
  }
  let paid = 0
  const pending = db()
    .select({ id: serviceCredits.id })
    .from(serviceCredits)
    .where(sql`${serviceCredits.state} = 'pending'`)
    .all()
  for (const { id } of pending) {
    if ((await payCredit(id, now)).state === 'applied') paid++
  }
  return { reminded, recorded, paid, stillPending: pending.length - paid }
}

// --- the operator ------------------------------------------------------------------------------------------------

/**
 * The operator adds a credit to a policy, with the reason the customer reads; audited, then paid like any credit. The
 * form's one-time token is the row's unique key: the same form posted again (twice at once, or a retry) writes nothing
 * and pays nothing, and is answered with the first post's credit.
 */
export async function addCredit(
  input: { actorId: string; policyId: string; amountCents: number; reason: string; formToken: string },
  now = new Date(),
) {
  const row = transaction((tx) => {
    const policy = tx.select().from(policies).where(eq(policies.id, input.policyId)).get()
    if (!policy) notFound()
    const credit = tx
      .insert(serviceCredits)
      .values({
        policyId: policy.id,
        profileId: policy.profileId,
        kind: 'operator',
        amountCents: input.amountCents,
        reason: input.reason,
        method: creditMethod(env().payments, policy),
        createdBy: input.actorId,
        formToken: input.formToken,
      })
      .onConflictDoNothing()
      .returning()
      .get()
    if (!credit) return null
    recordAudit(tx, {
      actor: input.actorId,
      action: 'service_credit.created',
      entityId: credit.id,
      detail: { amountCents: credit.amountCents, method: credit.method, kind: credit.kind, reason: input.reason },
    })
    return credit
  })
  if (!row) return db().select().from(serviceCredits).where(eq(serviceCredits.formToken, input.formToken)).get()!
  return payCredit(row.id, now)
}

/** The operator waives a credit not yet paid, with a reason; audited. A paid or waived one is refused. */
export function waiveCredit(input: { actorId: string; creditId: string; reason: string }) {
  return transaction((tx) => {
    const credit = tx.select().from(serviceCredits).where(eq(serviceCredits.id, input.creditId)).get()
    if (!credit) notFound()
    if (credit.state !== 'pending') throw RuleError.from(CREDIT_MESSAGES.notWaivable, { status: 409 })
    const row = tx
      .update(serviceCredits)
      .set({ state: 'waived', waivedBy: input.actorId, waivedReason: input.reason, updatedAt: new Date().toISOString() })
      .where(and(eq(serviceCredits.id, credit.id), eq(serviceCredits.state, 'pending')))
      .returning()
      .get()
    if (!row) throw RuleError.from(CREDIT_MESSAGES.notWaivable, { status: 409 })
    recordAudit(tx, { actor: input.actorId, action: 'service_credit.waived', entityId: row.id, detail: { reason: input.reason } })
    return row
  })
}

// --- reading -----------------------------------------------------------------------------------------------------

/** The credits of a customer (the dashboard): those made out to them, newest first. */
export function creditsForProfile(profileId: string) {
  return creditLines(eq(serviceCredits.profileId, profileId))
}

/** The credits of the given policies, newest first (the operator's customer page). */
export function creditsForPolicies(policyIds: string[]) {
  if (!policyIds.length) return []
  return creditLines(inArray(serviceCredits.policyId, policyIds))
}

function creditLines(where: SQL) {
  return db()
    .select({ credit: serviceCredits, claimCode: claims.confirmationCode, policyNumber: policies.policyNumber })
    .from(serviceCredits)
    .innerJoin(policies, eq(policies.id, serviceCredits.policyId))
    .leftJoin(claims, eq(claims.id, serviceCredits.claimId))
    .where(where)
    .orderBy(desc(serviceCredits.createdAt), desc(serviceCredits.id))
    .all()
    .map(({ credit, claimCode, policyNumber }) => ({
      id: credit.id,
      amountCents: credit.amountCents,
      reason: credit.reason,
      state: credit.state,
      method: credit.method,
      claimCode,
      policyNumber,
      createdAt: credit.createdAt,
      appliedAt: credit.appliedAt,
      stripeId: credit.stripeId,
      attempts: credit.attempts,
      lastError: credit.lastError,
      waivedReason: credit.waivedReason,
    }))
}
