import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'

import { db } from '~/db/client.server'
import { auditLog, localCheckouts, policies, refunds } from '~/db/schema'
import { addCalendarDays, calendarDaysBetween, customerZone, dayOf as calendarDay } from '~/domain/calendar'
import { formatLongDate } from '~/domain/format'
import { DAY_MS } from '~/domain/time'
import * as adminCustomersRoute from '~/routes/admin.customers.$profileId'
import { action as cancelPolicyApi } from '~/routes/api.cancel-policy'
import { action as cancelAction, loader as cancelLoader } from '~/routes/customer.policies.$policyId.cancel'
import { loader as localCheckoutLoader } from '~/routes/dev.checkout.$id'

import {
  commitmentBinding,
  createActivePolicy,
  createClaim,
  createProfile,
  ensureSeeded,
  findOrCreateProfile,
  getPolicy,
  sessionCookieFor,
} from '../support/factories'
import { outboxFor } from '../support/outbox'
import { inOperatorArea, makeRequest, routeArgs, settle } from '../support/requests'

/**
 * Cancellation with a refund in local mode: the test checkout's payment is what was paid; the refund row is the record
 * (no card was charged). The customer's state decides whether the commitment binds and what comes back.
 */

const customerLoader = inOperatorArea(adminCustomersRoute.loader)
const customerAction = inOperatorArea(adminCustomersRoute.action)
const operator = () => sessionCookieFor(findOrCreateProfile('operator@example.com').id)

beforeAll(() => ensureSeeded())

/** A customer who paid `amountCents` at the local checkout `daysAgo` days ago, in `state`. */
function paidPolicy(state: string | null, daysAgo: number, amountCents = 1999) {
  const customer = createProfile()
  const createdAt = new Date(Date.now() - daysAgo * DAY_MS).toISOString()
  const checkout = db()
    .insert(localCheckouts)
    .values({
      lookupKey: 'comprehensive_car_adas_false',
      amountCents,
      profileId: customer.id,
      tosVersion: '1.0.1',
      tosAcceptedAt: createdAt,
      cancelPath: '/signup',
      status: 'complete',
      completedAt: createdAt,
    })
    .returning()
    .get()
  const { policy } = createActivePolicy(customer.id, {
    governingState: state,
    createdAt,
    monthlyPriceCents: amountCents,
    stripeCheckoutSessionId: checkout.id,
  })
  return { customer, policy }
}

function postCancel(policyId: string, cookie: string) {
  return settle(() =>
    cancelAction(routeArgs(makeRequest(`/customer/policies/${policyId}/cancel`, { form: { intent: 'cancel' }, cookie }), { policyId })),
  )
}

function loadCancelPage(policyId: string, cookie: string) {
  return cancelLoader(routeArgs(makeRequest(`/customer/policies/${policyId}/cancel`, { cookie }), { policyId }))
}

describe('cancelling with a refund (local payments)', () => {
  it('Texas, day 10: the page states the full refund before, the cancel pays it, once, and the customer is e-mailed', async () => {
    const { customer, policy } = paidPolicy('TX', 9)
    const cookie = await sessionCookieFor(customer.id)

    const before = await loadCancelPage(policy.id, cookie)
    expect(before.options.canCancel).toBe(true)
    expect(before.quote).toEqual({
      amount: '$19.99',
      explanation: 'You are within the 30-day free look: you get back everything you paid ($19.99).',
    })

    const first = await postCancel(policy.id, cookie)
    expect(first.status).toBe(302)
    expect(first.headers.get('Location')).toBe(`/customer/policies/${policy.id}/cancel`)
    expect(getPolicy(policy.id)).toMatchObject({ status: 'canceled' })
    const rows = db().select().from(refunds).where(eq(refunds.policyId, policy.id)).all()
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      amountCents: 1999,
      rule: 'free_look',
      grossCents: 1999,
      claimsDeductedCents: 0,
      feeCents: 0,
      state: 'TX',
      provider: 'local',
      status: 'succeeded',
      attempts: 1,
      reason: 'customer',
    })
    // Texas: within 45 days, counted in the customer's zone (without a ZIP, Texas's westernmost: Mountain time, which
    // late in the US evening is a day behind UTC).
    const texas = customerZone('TX')
    expect(rows[0]!.dueBy).toBe(calendarDay(addCalendarDays(new Date(), 45, texas), texas))

    // A second submit (a double click, Back then submit) is a no-op with the same answer.
    const again = await postCancel(policy.id, cookie)
    expect(again.status).toBe(302)
    expect(again.headers.get('Location')).toBe(`/customer/policies/${policy.id}/cancel`)
    expect(db().select().from(refunds).where(eq(refunds.policyId, policy.id)).all()).toHaveLength(1)

    const after = await loadCancelPage(policy.id, cookie)
    expect(after.refund).toMatchObject({ amount: '$19.99', status: 'paid back to your card', local: true })
    const mails = outboxFor(customer.email).filter((mail) => mail.tag === 'refund')
    expect(mails).toHaveLength(1)
    expect(mails[0]!.subject).toBe('Your Glass Plan refund of $19.99')
    expect(mails[0]!.text).toContain('30-day free look')
    const audit = db().select().from(auditLog).where(eq(auditLog.entityId, rows[0]!.id)).all()
    expect(audit.map((row) => row.action).sort()).toEqual(['refund.created', 'refund.succeeded'])

    // The local test checkout that took the payment shows the refund that would have been paid back.
    const checkoutId = policy.stripeCheckoutSessionId!
    const checkoutPage = (await localCheckoutLoader(routeArgs(makeRequest(`/dev/checkout/${checkoutId}`), { id: checkoutId }))) as {
      refunds: Array<{ policyId: string; amount: string; on: string; explanation: string }>
    }
    expect(checkoutPage.refunds).toEqual([
      {
        id: rows[0]!.id,
        policyId: policy.id,
        amount: '$19.99',
        on: formatLongDate(rows[0]!.succeededAt),
        explanation: 'You are within the 30-day free look: you get back everything you paid ($19.99).',
      },
    ])
  })

  it('Texas, in the free look with a claim paid: the claim is deducted; after it: pro rata, less claims and the $25 fee', async () => {
    const early = paidPolicy('TX', 5)
    createClaim(early.policy.id, { approvalStatus: 'completed', actualCostCents: 500 })
    createClaim(early.policy.id, { approvalStatus: 'denied', actualCostCents: 9999 })
    const earlyPage = await loadCancelPage(early.policy.id, await sessionCookieFor(early.customer.id))
    expect(earlyPage.quote).toEqual({
      amount: '$14.99',
      explanation:
        'You are within the 30-day free look: you get back everything you paid ($19.99), less $5.00 the plan paid shops for your claims.',
    })

    // Bought yearly 39 days ago (a yearly payment covers the period): 40 of 365 days used, the day of cancelling
    // counted, in the customer's zone (late in the US evening, a day fewer than in UTC).
    const late = paidPolicy('TX', 39, 20000)
    db().update(policies).set({ billingInterval: 'year' }).where(eq(policies.id, late.policy.id)).run()
    const latePage = await loadCancelPage(late.policy.id, await sessionCookieFor(late.customer.id))
    const bought = new Date(late.policy.createdAt)
    const dayOf = (years: number) => Date.UTC(bought.getUTCFullYear() + years, bought.getUTCMonth(), bought.getUTCDate())
    const periodDays = Math.round((dayOf(1) - dayOf(0)) / DAY_MS)
    const unused = periodDays - (calendarDaysBetween(new Date(), bought, customerZone('TX')) + 1)
    const gross = Math.round((20000 * unused) / periodDays)
    expect(latePage.quote).toEqual({
      amount: `$${((gross - 2500) / 100).toFixed(2)}`,
      explanation: `You get back the unused part of your current payment: ${unused} of its ${periodDays} days, $${(gross / 100).toFixed(2)}, less a $25.00 cancellation fee.`,
    })
  })

  it('New York after its free look: the commitment binds, cancelling is refused as before and nothing is refunded', async () => {
    const { customer, policy } = paidPolicy('NY', 40)
    const cookie = await sessionCookieFor(customer.id)
    const page = await loadCancelPage(policy.id, cookie)
    expect(page.options).toMatchObject({ canCancel: false, canTurnOffRenewal: true })
    expect(page.quote).toBeNull()
    const refused = await postCancel(policy.id, cookie)
    expect(refused.status).toBe(409)
    expect(getPolicy(policy.id)!.status).toBe('active')
    expect(db().select().from(refunds).where(eq(refunds.policyId, policy.id)).all()).toHaveLength(0)
  })

  it('a policy of another customer is a 404 on the page, the action and the API', async () => {
    const { policy } = paidPolicy('TX', 3)
    const stranger = await sessionCookieFor(createProfile().id)
    expect((await settle(() => loadCancelPage(policy.id, stranger))).status).toBe(404)
    expect((await postCancel(policy.id, stranger)).status).toBe(404)
    const url = new URL('/api/cancel-policy', process.env.APP_URL ?? 'http://localhost:3999')
    const request = new Request(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: stranger, Origin: url.origin },
      body: JSON.stringify({ policyId: policy.id }),
    })
    const api = (await cancelPolicyApi(routeArgs(request))) as Response
    expect(api.status).toBe(404)
    expect(getPolicy(policy.id)!.status).toBe('active')
  })

  it('the operator cancels with a refund for the customer (reason required, audited) and sees it listed', async () => {
    const { customer, policy } = paidPolicy('CA', 20)
    const cookie = await operator()
    const post = (form: Record<string, string>) =>
      settle(() => customerAction(routeArgs(makeRequest(`/admin/customers/${customer.id}`, { cookie, form }), { profileId: customer.id })))

    expect((await post({ intent: 'cancel-policy', policyId: policy.id, when: 'now', reason: ' ' })).status).toBe(400)
    expect(getPolicy(policy.id)!.status).toBe('active')

    const done = await post({ intent: 'cancel-policy', policyId: policy.id, when: 'now', reason: 'Asked by phone' })
    expect(done.status).toBe(302)
    expect(getPolicy(policy.id)!.status).toBe('canceled')
    const page = await customerLoader(routeArgs(makeRequest(`/admin/customers/${customer.id}`, { cookie }), { profileId: customer.id }))
    expect(page.refunds).toEqual([
      expect.objectContaining({ policyId: policy.id, amount: '$19.99', status: 'succeeded', rule: 'free_look', state: 'CA' }),
    ])
    const row = db().select().from(refunds).where(eq(refunds.policyId, policy.id)).get()!
    expect(row.reason).toBe('operator: Asked by phone')
    const created = db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, row.id))
      .all()
      .find((entry) => entry.action === 'refund.created')!
    expect(created.actor).toBe(findOrCreateProfile('operator@example.com').id)
    expect(outboxFor(customer.email).map((mail) => mail.tag)).toEqual(expect.arrayContaining(['refund', 'policy-ended-by-operator']))
  })

  it('a state that binds the commitment is refused for the operator too, as before', async () => {
    const customer = createProfile()
    const { policy } = createActivePolicy(customer.id, commitmentBinding())
    const cookie = await operator()
    const answer = await settle(() =>
      customerAction(
        routeArgs(
          makeRequest(`/admin/customers/${customer.id}`, {
            cookie,
            form: { intent: 'cancel-policy', policyId: policy.id, when: 'now', reason: 'Asked' },
          }),
          { profileId: customer.id },
        ),
      ),
    )
    expect(answer.status).toBe(409)
  })
})
