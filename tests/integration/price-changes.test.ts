import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'

import { db } from '~/db/client.server'
import { auditLog, priceChangeNotices, priceChanges, prices } from '~/db/schema'
import { addCalendarMonths as addMonths } from '~/domain/calendar'
import { cancelPriceChange, runPriceChanges, schedulePriceChange } from '~/models/policies/price-changes.server'
import { getPricing } from '~/models/policies/pricing.server'
import * as adminPricesRoute from '~/routes/admin.prices'
import { loader as dashboardLoader } from '~/routes/customer'

import { createActivePolicy, createProfile, ensureSeeded, findOrCreateProfile, getPolicy, sessionCookieFor } from '../support/factories'
import { outboxFor } from '../support/outbox'
import { inOperatorArea, makeRequest, routeArgs, settle } from '../support/requests'

const pricesAction = inOperatorArea(adminPricesRoute.action)

// Price changes, terms "Price changes": 30 days' notice by e-mail, once; new signups pay the new price from its
// date; each subscriber moves at their first renewal after the date (and 30 days after their own notice). Local mode
// here; Stripe mode in price-changes-stripe.test.ts.

const DAY = 24 * 60 * 60 * 1000
const at = (iso: string) => new Date(iso)
ensureSeeded()

const operator = () => findOrCreateProfile('operator@example.com')

async function post(form: Record<string, string>) {
  const cookie = await sessionCookieFor(operator().id)
  return settle(() => pricesAction(routeArgs(makeRequest('/admin/prices', { cookie, form }))))
}

describe('scheduling a price change', () => {
  it('needs a date at least 30 days ahead, a different price, and one pending change per plan', async () => {
    const soon = new Date(Date.now() + 10 * DAY).toISOString().slice(0, 10)
    const tooSoon = await post({ intent: 'schedule', lookupKey: 'chip_only', amount: '9.99', effectiveOn: soon })
    expect(tooSoon.status).toBe(400)
    expect((tooSoon.data as { result: { error: Record<string, string[]> } }).result.error.effectiveOn![0]).toContain(
      "the terms promise subscribers 30 days' notice",
    )
    const bad = await post({ intent: 'schedule', lookupKey: 'gold_plan', amount: 'cheap', effectiveOn: '2027-02-30' })
    expect(bad.status).toBe(400)
    expect((bad.data as { result: { error: Record<string, string[]> } }).result.error).toMatchObject({
      lookupKey: ['Choose a plan.'],
      amount: ['Enter the new price in dollars, from $1.00 to $9,999.99, like 19.99.'],
      effectiveOn: ['There is no such day on the calendar: check the month and the day.'],
    })
    expect(db().select().from(priceChanges).where(eq(priceChanges.lookupKey, 'chip_only')).all()).toHaveLength(0)

    const later = new Date(Date.now() + 40 * DAY).toISOString().slice(0, 10)
    const scheduled = await post({ intent: 'schedule', lookupKey: 'chip_only', amount: '9.99', effectiveOn: later })
    expect(scheduled.status).toBe(302)
    const change = db().select().from(priceChanges).where(eq(priceChanges.lookupKey, 'chip_only')).get()!
    expect(change).toMatchObject({ amountCents: 999, effectiveOn: later, createdBy: operator().id })
    const second = await post({ intent: 'schedule', lookupKey: 'chip_only', amount: '10.99', effectiveOn: later })
    expect(second.status).toBe(409)
    expect((await post({ intent: 'cancel-change', changeId: change.id })).status).toBe(302)
    expect(db().select().from(priceChanges).where(eq(priceChanges.id, change.id)).get()!.canceledAt).not.toBeNull()
    expect((await post({ intent: 'cancel-change', changeId: 'nope' })).status).toBe(404)
  })
})

describe('the daily job, with local payments', () => {
  it('tells each subscriber once, publishes on the date, and moves each policy at its first renewal after it', async () => {
    const scheduledAt = at('2030-01-10T09:00:00Z')
    const key = 'comprehensive_trucksuv_adas_true' as const
    const oldCents = (await getPricing())[key]!
    // Bought on the 25th: renews on the 25th of each month.
    const customer = createProfile()
    // Texas: a higher price needs no consent there (New York's consent is in price-consent.test.ts).
    const { policy } = createActivePolicy(customer.id, {
      governingState: 'TX',
      lookupKey: key,
      vehicleType: 'trucksuv',
      hasAdas: true,
      monthlyPriceCents: oldCents,
      createdAt: '2029-06-25T12:00:00.000Z',
    })
    const ended = createActivePolicy(createProfile().id, { lookupKey: key, monthlyPriceCents: oldCents, status: 'canceled' }).policy
    const endsFirst = createActivePolicy(createProfile().id, {
      lookupKey: key,
      monthlyPriceCents: oldCents,
      cancelAt: '2030-02-01T00:00:00.000Z',
    }).policy
    const otherPlan = createActivePolicy(createProfile().id, { lookupKey: 'comprehensive_car_adas_false' }).policy

    const change = await schedulePriceChange(
      operator().id,
      { lookupKey: key, amountCents: oldCents + 300, effectiveOn: '2030-02-15' },
      scheduledAt,
    )
    const first = await runPriceChanges(at('2030-01-11T03:00:00Z'))
    expect(first.noticesSent).toBeGreaterThanOrEqual(1)
    const notices = db().select().from(priceChangeNotices).where(eq(priceChangeNotices.priceChangeId, change.id)).all()
    const told = notices.map((notice) => notice.policyId)
    expect(told).toContain(policy.id)
    for (const skipped of [ended.id, endsFirst.id, otherPlan.id]) expect(told).not.toContain(skipped)
    const [email] = outboxFor(customer.email)
    expect(email?.subject).toBe('Your Glass Plan price changes on February 25, 2030')
    expect(email?.text).toContain(`to $${((oldCents + 300) / 100).toFixed(2)}`)

    // Idempotent: another run the same day tells nobody again.
    await runPriceChanges(at('2030-01-11T09:00:00Z'))
    expect(outboxFor(customer.email).filter((mail) => mail.subject.startsWith('Your Glass Plan price changes'))).toHaveLength(1)

    // The dashboard card shows the new price and its first charge.
    const cookie = await sessionCookieFor(customer.id)
    const dashboard = (await dashboardLoader(routeArgs(makeRequest('/customer', { cookie })))) as {
      policies: Array<{ id: string; upcomingPrice: { amountCents: number; startsOn: string } | null }>
    }
    expect(dashboard.policies.find((card) => card.id === policy.id)!.upcomingPrice).toEqual({
      amountCents: oldCents + 300,
      startsOn: '2030-02-25T12:00:00.000Z',
    })

    // Before the date nothing is published; on it, new signups pay the new price.
    await runPriceChanges(at('2030-02-14T09:00:00Z'))
    expect((await getPricing())[key]).toBe(oldCents)
    const onTheDay = await runPriceChanges(at('2030-02-15T09:00:00Z'))
    expect(onTheDay.published).toBe(1)
    expect((await getPricing())[key]).toBe(oldCents + 300)
    expect(db().select().from(prices).where(eq(prices.lookupKey, key)).get()!.amountCents).toBe(oldCents + 300)
    // The policy keeps its price until its renewal on the 25th.
    expect(getPolicy(policy.id)!.monthlyPriceCents).toBe(oldCents)
    await runPriceChanges(at('2030-02-25T11:59:00Z'))
    expect(getPolicy(policy.id)!.monthlyPriceCents).toBe(oldCents)
    const renewal = await runPriceChanges(at('2030-02-25T12:00:00Z'))
    expect(renewal.policiesMoved).toBeGreaterThanOrEqual(1)
    expect(getPolicy(policy.id)!.monthlyPriceCents).toBe(oldCents + 300)
    expect(
      db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, policy.id), eq(auditLog.action, 'policy.price_changed')))
        .all(),
    ).toHaveLength(1)
    // Once applied, the card no longer announces it; the cancelled one stays on its price.
    const after = (await dashboardLoader(routeArgs(makeRequest('/customer', { cookie })))) as typeof dashboard
    expect(after.policies.find((card) => card.id === policy.id)!.upcomingPrice).toBeNull()
    expect(getPolicy(ended.id)!.monthlyPriceCents).toBe(oldCents)
    expect(() => cancelPriceChange(operator().id, change.id)).toThrow('already in effect')
  })

  it('gives a subscriber told late their own 30 days', async () => {
    const key = 'comprehensive_car_adas_true' as const
    const oldCents = (await getPricing())[key]!
    const change = await schedulePriceChange(
      operator().id,
      { lookupKey: key, amountCents: oldCents + 100, effectiveOn: '2031-03-01' },
      at('2031-01-05T00:00:00Z'),
    )
    // The job does not run until 2031-02-20, nine days before the date: this subscriber is told then.
    const late = createActivePolicy(createProfile().id, {
      governingState: 'TX',
      lookupKey: key,
      monthlyPriceCents: oldCents,
      createdAt: '2030-12-03T08:00:00.000Z',
    }).policy
    await runPriceChanges(at('2031-02-20T06:00:00Z'))
    expect(
      db()
        .select()
        .from(priceChangeNotices)
        .where(and(eq(priceChangeNotices.priceChangeId, change.id), eq(priceChangeNotices.policyId, late.id)))
        .get(),
    ).toBeDefined()
    // 30 days after the notice is 2031-03-22; the first renewal after that is 2031-04-03.
    await runPriceChanges(at('2031-03-03T09:00:00Z'))
    expect(getPolicy(late.id)!.monthlyPriceCents).toBe(oldCents)
    await runPriceChanges(at('2031-04-03T08:00:00Z'))
    expect(getPolicy(late.id)!.monthlyPriceCents).toBe(oldCents + 100)
  })
})

describe('monthly renewals', () => {
  it('fall on the purchase day, or the last day of a shorter month', () => {
    expect(addMonths(at('2030-01-31T10:00:00Z'), 1).toISOString()).toBe('2030-02-28T10:00:00.000Z')
    expect(addMonths(at('2030-01-31T10:00:00Z'), 2).toISOString()).toBe('2030-03-31T10:00:00.000Z')
  })
})
