import { and, eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'

import { db } from '~/db/client.server'
import { auditLog, localCheckouts, policies, priceChangeNotices } from '~/db/schema'
import { policyContract } from '~/models/policies/contract.server'
import { runPriceChanges, schedulePriceChange } from '~/models/policies/price-changes.server'
import { getPricing } from '~/models/policies/pricing.server'
import { sendRenewalNotices } from '~/models/policies/renewals.server'
import { applyYearlySwitches } from '~/models/policies/yearly-switch.server'
import { loader as getPricingLoader } from '~/routes/api.get-pricing'
import { loader as dashboardLoader } from '~/routes/customer'
import { action as billingAction, loader as billingLoader } from '~/routes/customer.policies.$policyId.billing'
import { action as payAction, loader as payLoader } from '~/routes/dev.checkout.$id'
import { action as signupAction, loader as signupLoader } from '~/routes/signup'

import {
  createActivePolicy,
  createProfile,
  ensureSeeded,
  findOrCreateProfile,
  getPolicy,
  sessionCookieFor,
  uniqueEmail,
} from '../support/factories'
import { outboxFor } from '../support/outbox'
import { makeRequest, routeArgs, settle } from '../support/requests'
import { SIGNUP_FIELDS } from '../support/signup-form'

// Yearly billing with local payments: the yearly prices, signup and the test checkout, the yearly renewal notices, a
// price change for a yearly payer, and a monthly payer's switch to yearly. Stripe mode: yearly-billing-stripe.test.ts.

beforeAll(() => ensureSeeded())

const at = (iso: string) => new Date(iso)

describe('yearly prices', () => {
  it('are seeded at ten times the monthly price and answered by /api/get-pricing beside the monthly ones', async () => {
    const pricing = await getPricing()
    expect(pricing.chip_only_yearly).toBe(pricing.chip_only! * 10)
    expect(pricing.comprehensive_trucksuv_adas_true_yearly).toBe(pricing.comprehensive_trucksuv_adas_true! * 10)
    const response = (await getPricingLoader(routeArgs(makeRequest('/api/get-pricing')))) as Response
    const body = (await response.json()) as { prices: Record<string, number> }
    expect(body.prices.chip_only).toBe(7.99)
    expect(body.prices.chip_only_yearly).toBe(79.9)
    expect(Object.keys(body.prices)).toHaveLength(10)
  })
})

describe('a yearly signup, local test checkout', () => {
  it('charges the yearly price and records a yearly policy: "Annual" on the card, yearly on the contract', async () => {
    const pricing = await getPricing()
    const page = (await signupLoader(routeArgs(makeRequest('/signup?planType=chip_only')))) as { prices: Record<string, number> }
    expect(page.prices.chip_only_yearly).toBe(7990)

    const form = {
      ...SIGNUP_FIELDS,
      planType: 'chip_only',
      billingInterval: 'year',
      acceptTerms: 'on',
      shownPrices: JSON.stringify(pricing),
    }
    const started = await settle(() => signupAction(routeArgs(makeRequest('/signup', { form }))))
    expect(started.status).toBe(303)
    const id = started.headers.get('Location')!.split('/').pop()!
    expect(db().select().from(localCheckouts).where(eq(localCheckouts.id, id)).get()).toMatchObject({
      lookupKey: 'chip_only_yearly',
      amountCents: 7990,
    })
    const shown = await settle(() => payLoader(routeArgs(makeRequest(`/dev/checkout/${id}`), { id })))
    expect(shown.data).toMatchObject({ checkout: { planName: 'Chip Repair Only', monthlyPrice: '$79.90', yearly: true } })

    const email = uniqueEmail('yearly')
    const paid = await settle(() =>
      payAction(routeArgs(makeRequest(`/dev/checkout/${id}`, { form: { email, fullName: 'Yara Yearly' } }), { id })),
    )
    expect(paid.status).toBe(303)
    const policy = db().select().from(policies).where(eq(policies.stripeCheckoutSessionId, id)).get()!
    expect(policy).toMatchObject({ lookupKey: 'chip_only_yearly', billingInterval: 'year', monthlyPriceCents: 7990, planType: 'chip_only' })
    const [welcome] = outboxFor(email)
    expect(welcome!.text).toContain('Chip Repair Only at $79.90 per year.')
    expect(welcome!.text).toContain('renews automatically from year to year')

    const cookie = await sessionCookieFor(policy.profileId)
    const dashboard = (await dashboardLoader(routeArgs(makeRequest('/customer', { cookie })))) as {
      policies: Array<{ id: string; billingInterval: string }>
      switchable: string[]
    }
    expect(dashboard.policies.find((card) => card.id === policy.id)!.billingInterval).toBe('year')
    expect(dashboard.switchable).not.toContain(policy.id)

    const contract = policyContract(policy.profileId, policy.id)!
    expect(contract.billing).toBe('Annual')
    expect(contract.price).toEqual({ label: 'Yearly price', text: '$79.90 / year' })
    expect(contract.renewal[0]).toContain('billed $79.90 a year')
  })

  it('refuses a billing interval that is not monthly or yearly', async () => {
    const pricing = await getPricing()
    const form = {
      ...SIGNUP_FIELDS,
      planType: 'chip_only',
      billingInterval: 'weekly',
      acceptTerms: 'on',
      shownPrices: JSON.stringify(pricing),
    }
    const refused = await settle(() => signupAction(routeArgs(makeRequest('/signup', { form }))))
    expect(refused.status).toBe(400)
  })

  it('counts a yearly payer at a twelfth of their price in the monthly revenue', () => {
    const mrr = () =>
      db().get<{ cents: number }>(sql`SELECT coalesce(sum(monthly_cents), 0) AS cents FROM policy_stats WHERE plan_type = 'chip_only'`)!
        .cents
    const before = mrr()
    const { policy } = createActivePolicy(createProfile().id, {
      planType: 'chip_only',
      vehicleType: null,
      hasAdas: null,
      lookupKey: 'chip_only_yearly',
      billingInterval: 'year',
      monthlyPriceCents: 7990,
    })
    expect(mrr() - before).toBe(666)
    db().delete(policies).where(eq(policies.id, policy.id)).run()
    expect(mrr()).toBe(before)
  })
})

describe('renewal notices for a yearly payer', () => {
  it('go out 30 days before each yearly renewal, once each', async () => {
    const customer = createProfile()
    const { policy } = createActivePolicy(customer.id, {
      lookupKey: 'comprehensive_car_adas_false_yearly',
      billingInterval: 'year',
      monthlyPriceCents: 19990,
      createdAt: '2040-03-10T12:00:00.000Z',
      initialTermEndsAt: '2041-03-10T12:00:00.000Z',
    })
    const notices = () => outboxFor(customer.email).filter((mail) => mail.subject.startsWith('Your Glass Plan renews'))

    await sendRenewalNotices(at('2041-01-15T06:00:00Z')) // 54 days ahead: not yet
    expect(notices()).toHaveLength(0)
    await sendRenewalNotices(at('2041-02-15T06:00:00Z'))
    await sendRenewalNotices(at('2041-02-16T06:00:00Z'))
    expect(notices()).toHaveLength(1)
    expect(notices()[0]!.subject).toBe('Your Glass Plan renews on March 10, 2041')
    expect(notices()[0]!.text).toContain('renews on March 10, 2041 for another year, at $199.90 per year')

    // The next year's renewal gets its own notice, once.
    await sendRenewalNotices(at('2041-06-01T06:00:00Z'))
    expect(notices()).toHaveLength(1)
    await sendRenewalNotices(at('2042-02-20T06:00:00Z'))
    await sendRenewalNotices(at('2042-02-21T06:00:00Z'))
    expect(notices()).toHaveLength(2)
    expect(notices().map((mail) => mail.subject)).toContain('Your Glass Plan renews on March 10, 2042')
    const audited = db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, policy.id), eq(auditLog.action, 'policy.renewal_notice')))
      .all()
    expect(audited).toHaveLength(2)
  })

  it('a monthly payer still gets one notice, before the commitment ends', async () => {
    const customer = createProfile()
    createActivePolicy(customer.id, { createdAt: '2043-03-10T12:00:00.000Z', initialTermEndsAt: '2044-03-10T12:00:00.000Z' })
    await sendRenewalNotices(at('2044-02-20T06:00:00Z'))
    await sendRenewalNotices(at('2045-02-20T06:00:00Z'))
    expect(outboxFor(customer.email).filter((mail) => mail.subject.startsWith('Your Glass Plan renews'))).toHaveLength(1)
  })
})

describe('a price change for a yearly payer', () => {
  it('is announced with the yearly price and applies at their next yearly renewal', async () => {
    const key = 'comprehensive_trucksuv_adas_false_yearly' as const
    const oldCents = (await getPricing())[key]!
    const customer = createProfile()
    const { policy } = createActivePolicy(customer.id, {
      governingState: 'TX', // a higher price needs no consent there
      lookupKey: key,
      vehicleType: 'trucksuv',
      billingInterval: 'year',
      monthlyPriceCents: oldCents,
      createdAt: '2050-09-20T12:00:00.000Z',
    })
    const monthlyPayer = createActivePolicy(createProfile().id, {
      lookupKey: 'comprehensive_trucksuv_adas_false',
      vehicleType: 'trucksuv',
    }).policy
    const operator = findOrCreateProfile('operator@example.com')
    const change = await schedulePriceChange(
      operator.id,
      { lookupKey: key, amountCents: oldCents + 1000, effectiveOn: '2051-03-01' },
      at('2051-01-10T09:00:00Z'),
    )
    // Not told in January of a charge in September: the notice waits for the 45 days before it.
    await runPriceChanges(at('2051-01-11T03:00:00Z'))
    expect(outboxFor(customer.email)).toHaveLength(0)

    // Published on its date, but this payer keeps their price until their yearly renewal.
    await runPriceChanges(at('2051-03-02T03:00:00Z'))
    expect(getPolicy(policy.id)!.monthlyPriceCents).toBe(oldCents)
    expect(outboxFor(customer.email)).toHaveLength(0)

    // 41 days before the yearly renewal: told, even though the change was published months ago.
    await runPriceChanges(at('2051-08-10T03:00:00Z'))
    const told = db().select().from(priceChangeNotices).where(eq(priceChangeNotices.priceChangeId, change.id)).all()
    expect(told.map((notice) => notice.policyId)).toContain(policy.id)
    expect(told.map((notice) => notice.policyId)).not.toContain(monthlyPayer.id)
    const [email] = outboxFor(customer.email)
    expect(email!.subject).toBe('Your Glass Plan price changes on September 20, 2051')
    expect(email!.text).toContain('The yearly price of your Comprehensive — Truck/SUV plan')
    await runPriceChanges(at('2051-09-19T03:00:00Z'))
    expect(getPolicy(policy.id)!.monthlyPriceCents).toBe(oldCents)
    await runPriceChanges(at('2051-09-20T13:00:00Z'))
    expect(getPolicy(policy.id)!.monthlyPriceCents).toBe(oldCents + 1000)
  })
})

describe('a monthly payer switching to yearly', () => {
  it('is offered from the card, recorded for the next monthly renewal and applied by the daily job then', async () => {
    const customer = createProfile()
    const { policy } = createActivePolicy(customer.id, { createdAt: '2060-01-15T08:00:00.000Z' })
    const cookie = await sessionCookieFor(customer.id)
    const dashboard = (await dashboardLoader(routeArgs(makeRequest('/customer', { cookie })))) as { switchable: string[] }
    expect(dashboard.switchable).toContain(policy.id)

    const params = { policyId: policy.id }
    const page = (await billingLoader(routeArgs(makeRequest(`/customer/policies/${policy.id}/billing`, { cookie }), params))) as {
      offer: { price: string; at: string; saving: number } | null
    }
    expect(page.offer).toMatchObject({ price: '$199.90 / year', saving: 17 })

    const posted = await settle(() =>
      billingAction(
        routeArgs(makeRequest(`/customer/policies/${policy.id}/billing`, { cookie, form: { intent: 'switch-yearly' } }), params),
      ),
    )
    expect(posted.status).toBe(302)
    const requested = getPolicy(policy.id)!
    expect(requested).toMatchObject({ billingInterval: 'month', yearlySwitchCents: 19990 })
    expect(requested.yearlySwitchAt).toBe(page.offer!.at)

    // A second request is refused, with the date.
    const again = await settle(() =>
      billingAction(
        routeArgs(makeRequest(`/customer/policies/${policy.id}/billing`, { cookie, form: { intent: 'switch-yearly' } }), params),
      ),
    )
    expect(again.status).toBe(409)
    const asked = (await dashboardLoader(routeArgs(makeRequest('/customer', { cookie })))) as { switchable: string[] }
    expect(asked.switchable).not.toContain(policy.id)

    // Nothing changes before the renewal; at it the policy becomes yearly, counting its years from that day.
    expect(await applyYearlySwitches(new Date(Date.parse(requested.yearlySwitchAt!) - 60_000))).toBe(0)
    expect(await applyYearlySwitches(new Date(Date.parse(requested.yearlySwitchAt!) + 60_000))).toBe(1)
    expect(getPolicy(policy.id)).toMatchObject({
      billingInterval: 'year',
      lookupKey: 'comprehensive_car_adas_false_yearly',
      monthlyPriceCents: 19990,
      billingAnchorAt: requested.yearlySwitchAt,
      yearlySwitchAt: null,
      initialTermEndsAt: policy.initialTermEndsAt,
    })
    expect(await applyYearlySwitches(new Date(Date.parse(requested.yearlySwitchAt!) + DAY))).toBe(0)
  })

  it("is a 404 for another customer's policy and refused for a plan whose renewal is off", async () => {
    const owner = createProfile()
    const stranger = createProfile()
    const { policy } = createActivePolicy(owner.id, {})
    const strangerCookie = await sessionCookieFor(stranger.id)
    const params = { policyId: policy.id }
    const foreign = await settle(() =>
      billingAction(
        routeArgs(
          makeRequest(`/customer/policies/${policy.id}/billing`, { cookie: strangerCookie, form: { intent: 'switch-yearly' } }),
          params,
        ),
      ),
    )
    expect(foreign.status).toBe(404)

    const ending = createActivePolicy(owner.id, { cancelAt: new Date(Date.now() + 100 * DAY).toISOString() }).policy
    const cookie = await sessionCookieFor(owner.id)
    const refused = await settle(() =>
      billingAction(
        routeArgs(makeRequest(`/customer/policies/${ending.id}/billing`, { cookie, form: { intent: 'switch-yearly' } }), {
          policyId: ending.id,
        }),
      ),
    )
    expect(refused.status).toBe(409)
    expect(getPolicy(ending.id)!.yearlySwitchAt).toBeNull()
    // The card offers the switch by the same rule the request is refused by (maySwitchToYearly).
    const dashboard = (await dashboardLoader(routeArgs(makeRequest('/customer', { cookie })))) as { switchable: string[] }
    expect(dashboard.switchable).toEqual([policy.id])
  })
})

const DAY = 24 * 60 * 60 * 1000
