import { randomUUID } from 'node:crypto'

import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'

import { db } from '~/db/client.server'
import { auditLog, claims, serviceCredits } from '~/db/schema'
import { bookableDates } from '~/domain/shops'
import { addCredit, payCredit, runServiceCredits, waiveCredit } from '~/models/money/credits.server'

import { expectConsoleError } from '../support/console'
import { createActivePolicy, createClaim, createPartnerGroup, createProfile, ensureSeeded } from '../support/factories'
import { useFakeStripe } from '../support/fake-stripe-env'
import { outboxFor } from '../support/outbox'

const WEBHOOK_SECRET = 'whsec_credits'
const stripe = useFakeStripe({ webhookSecret: WEBHOOK_SECRET })
beforeAll(() => ensureSeeded())

/** The credits ledger against the fake Stripe server: balance transactions, idempotency keys, the daily retry. */

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 60 * 60 * 1000).toISOString()

/**
 * A monthly Stripe payer whose chip, approved 30 hours ago and given to a shop by the operator, the shop has not done:
 * the 24-hour promise is missed on our side.
 */
function lateChip() {
  const profile = createProfile()
  const { policy } = createActivePolicy(profile.id, { stripeCustomerId: `cus_test_${profile.id}`, monthlyPriceCents: 1999 })
  const claim = createClaim(policy.id, {
    damageType: 'chip',
    approvalStatus: 'approved',
    reviewedAt: hoursAgo(30),
    assignedPartnerGroupId: createPartnerGroup(`Late Glass ${profile.id}`).id,
  })
  return { profile, policy, claim }
}

const creditsOf = (policyId: string) => db().select().from(serviceCredits).where(eq(serviceCredits.policyId, policyId)).all()
const transactionsOf = (customer: string) => stripe().state.balanceTransactions.filter((entry) => entry.customer === customer)

describe('service-promise credits with Stripe live', () => {
  it('a missed promise is credited once to the Stripe balance, however often the daily job runs, and the customer is e-mailed', async () => {
    const { profile, policy, claim } = lateChip()
    await runServiceCredits()
    await runServiceCredits()
    const [credit, ...more] = creditsOf(policy.id)
    expect(more).toHaveLength(0)
    expect(credit).toMatchObject({
      claimId: claim.id,
      kind: 'missed_promise',
      amountCents: 1999,
      method: 'stripe_balance',
      state: 'applied',
    })
    const transactions = transactionsOf(policy.stripeCustomerId!)
    expect(transactions).toEqual([expect.objectContaining({ amount: -1999, currency: 'usd', id: credit!.stripeId })])
    expect(transactions[0]!.metadata).toMatchObject({ credit_id: credit!.id })
    const sent = stripe().requests.filter((request) => request.path === `/v1/customers/${policy.stripeCustomerId}/balance_transactions`)
    expect(sent).toHaveLength(1)
    expect(outboxFor(profile.email).filter((email) => email.subject === 'A credit of $19.99 from Glass Plan')).toHaveLength(1)
  })

  it('a credit Stripe refuses stays due, shown with its error, and the next run pays it once; a replayed payment reuses the key', async () => {
    const { policy } = lateChip()
    stripe().state.failBalanceTransactions = 1
    expectConsoleError(/a credit was refused/)
    await runServiceCredits()
    const [refused] = creditsOf(policy.id)
    expect(refused).toMatchObject({ state: 'pending', attempts: 1 })
    expect(refused!.lastError).toContain('cannot be changed right now')
    expect(transactionsOf(policy.stripeCustomerId!)).toHaveLength(0)

    await runServiceCredits()
    const [paid] = creditsOf(policy.id)
    expect(paid).toMatchObject({ state: 'applied', attempts: 2, lastError: null })
    expect(transactionsOf(policy.stripeCustomerId!)).toHaveLength(1)

    // A payment replayed after it went through (its answer lost, the row still pending): Stripe answers with the first.
    db().update(serviceCredits).set({ state: 'pending' }).where(eq(serviceCredits.id, paid!.id)).run()
    const replayed = await payCredit(paid!.id)
    expect(replayed).toMatchObject({ state: 'applied', stripeId: paid!.stripeId })
    expect(transactionsOf(policy.stripeCustomerId!)).toHaveLength(1)
  })

  it('the operator adds a credit with a reason and waives one not yet paid, both audited', async () => {
    const operator = createProfile()
    const { policy } = lateChip()
    const added = await addCredit({
      actorId: operator.id,
      policyId: policy.id,
      amountCents: 500,
      reason: 'The shop kept you waiting an hour.',
      formToken: randomUUID(),
    })
    expect(added).toMatchObject({ kind: 'operator', state: 'applied', amountCents: 500, createdBy: operator.id })
    expect(transactionsOf(policy.stripeCustomerId!)).toEqual([expect.objectContaining({ amount: -500 })])

    stripe().state.failBalanceTransactions = 1
    expectConsoleError(/a credit was refused/)
    const refused = await addCredit({
      actorId: operator.id,
      policyId: policy.id,
      amountCents: 700,
      reason: 'A second goodwill credit.',
      formToken: randomUUID(),
    })
    expect(refused.state).toBe('pending')
    const waived = waiveCredit({ actorId: operator.id, creditId: refused.id, reason: 'Entered twice by mistake.' })
    expect(waived).toMatchObject({ state: 'waived', waivedBy: operator.id, waivedReason: 'Entered twice by mistake.' })
    expect(() => waiveCredit({ actorId: operator.id, creditId: added.id, reason: 'Too late.' })).toThrow('Only a credit not yet paid')
    // The daily job pays the claim's own missed promise, never the waived credit.
    await runServiceCredits()
    expect(
      transactionsOf(policy.stripeCustomerId!)
        .map((entry) => entry.amount)
        .sort((a, b) => a - b),
    ).toEqual([-1999, -500])
    const actions = db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, refused.id))
      .all()
      .map((entry) => [entry.action, entry.actor])
    expect(actions).toEqual([
      ['service_credit.created', operator.id],
      ['service_credit.failed', 'system'],
      ['service_credit.waived', operator.id],
    ])
  })

  it('the operator’s same form posted twice at once is one credit: one balance transaction, one e-mail', async () => {
    const operator = createProfile()
    const { profile, policy } = lateChip()
    const form = { actorId: operator.id, policyId: policy.id, amountCents: 800, reason: 'Sorry for the wait.', formToken: randomUUID() }
    const [first, second] = await Promise.all([addCredit(form), addCredit(form)])
    expect(second!.id).toBe(first!.id)
    expect(creditsOf(policy.id)).toEqual([expect.objectContaining({ kind: 'operator', amountCents: 800, state: 'applied' })])
    expect(transactionsOf(policy.stripeCustomerId!)).toEqual([expect.objectContaining({ amount: -800 })])
    expect(outboxFor(profile.email).filter((email) => email.subject === 'A credit of $8.00 from Glass Plan')).toHaveLength(1)
  })

  it('no credit for a chip the customer never chose a shop for: reminded once, and the clock starts at their choice', async () => {
    const profile = createProfile()
    const { policy } = createActivePolicy(profile.id, { stripeCustomerId: `cus_test_${profile.id}`, monthlyPriceCents: 1999 })
    // Approved 30 hours ago by the rules, the shop left to the customer, who has not chosen one.
    const claim = createClaim(policy.id, {
      damageType: 'chip',
      approvalStatus: 'approved',
      reviewedAt: hoursAgo(30),
      filedByProfileId: profile.id,
    })
    const first = await runServiceCredits()
    await runServiceCredits()
    expect(first.reminded).toBeGreaterThanOrEqual(1)
    expect(creditsOf(policy.id)).toHaveLength(0)
    expect(transactionsOf(policy.stripeCustomerId!)).toHaveLength(0)
    const reminders = outboxFor(profile.email).filter((email) => email.subject === `Choose a shop for claim ${claim.confirmationCode}`)
    expect(reminders).toHaveLength(1)
    expect(db().select().from(claims).where(eq(claims.id, claim.id)).get()!.choiceRemindedAt).not.toBeNull()

    // Chosen 10 hours ago for the next day: 10 hours of the promise's 24 have run, nothing is due yet.
    const group = createPartnerGroup(`Chosen Glass ${Date.now()}`)
    db()
      .update(claims)
      .set({ assignedPartnerGroupId: group.id, shopChosenAt: hoursAgo(10) })
      .where(eq(claims.id, claim.id))
      .run()
    await runServiceCredits()
    expect(creditsOf(policy.id)).toHaveLength(0)
    // 25 hours after the choice the promise is missed on our side, and credited.
    db()
      .update(claims)
      .set({ shopChosenAt: hoursAgo(25) })
      .where(eq(claims.id, claim.id))
      .run()
    await runServiceCredits()
    expect(transactionsOf(policy.stripeCustomerId!)).toEqual([expect.objectContaining({ amount: -1999 })])
  })

  it('no credit for a day the customer chose beyond the promise, until that day has passed', async () => {
    const profile = createProfile()
    const { policy } = createActivePolicy(profile.id, { stripeCustomerId: `cus_test_${profile.id}`, monthlyPriceCents: 1999 })
    const group = createPartnerGroup(`Far Day Glass ${Date.now()}`)
    const lastDay = bookableDates(new Date()).at(-1)!
    const claim = createClaim(policy.id, {
      damageType: 'chip',
      approvalStatus: 'approved',
      reviewedAt: hoursAgo(30),
      assignedPartnerGroupId: group.id,
      shopChosenAt: hoursAgo(29),
      preferredDate: lastDay,
      preferredSlot: 'afternoon',
    })
    await runServiceCredits()
    expect(creditsOf(policy.id)).toHaveLength(0)
    // The day they chose has ended (the group has no place on file: read where the day ends last) with the chip not
    // repaired: that is ours, and credited.
    await runServiceCredits(new Date(Date.parse(`${lastDay}T00:00:00Z`) + 35 * 60 * 60 * 1000))
    expect(creditsOf(policy.id)).toEqual([expect.objectContaining({ claimId: claim.id, state: 'applied' })])
  })

  it('no credit when the customer asked for another time before the deadline, or the chip was repaired in time', async () => {
    const { policy, claim } = lateChip()
    db()
      .update(claims)
      .set({ rescheduleRequestedAt: hoursAgo(20) })
      .where(eq(claims.id, claim.id))
      .run()
    const onTime = createClaim(policy.id, {
      approvalStatus: 'completed',
      reviewedAt: hoursAgo(30),
      completedAt: hoursAgo(10),
      repairType: 'repair',
    })
    await runServiceCredits()
    expect(creditsOf(policy.id)).toHaveLength(0)
    expect(db().select().from(serviceCredits).where(eq(serviceCredits.claimId, onTime.id)).all()).toHaveLength(0)
  })
  it('the daily read agrees with the promise at its edge: a chip done an hour past its day is credited, one done on the hour is not', async () => {
    const profile = createProfile()
    const { policy } = createActivePolicy(profile.id, { stripeCustomerId: `cus_test_${profile.id}` })
    const doneAfter = (hours: number) =>
      createClaim(policy.id, {
        damageType: 'chip',
        approvalStatus: 'completed',
        reviewedAt: hoursAgo(100),
        completedAt: hoursAgo(100 - hours),
        repairType: 'repair',
      })
    doneAfter(24)
    const late = doneAfter(25)
    await runServiceCredits()
    expect(creditsOf(policy.id).map((credit) => credit.claimId)).toEqual([late.id])
  })
})
