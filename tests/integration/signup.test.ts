import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'

import { resetLimit } from '~/auth/rate-limit.server'
import { TOS_VERSION } from '~/content/terms'
import { db } from '~/db/client.server'
import { auditLog, emailLog, localCheckouts, policies, profiles } from '~/db/schema'
import { fulfilCheckout } from '~/models/policies/fulfilment.server'
import { action as cancelPolicyApi } from '~/routes/api.cancel-policy'
import { action as createCheckoutAction } from '~/routes/api.create-checkout'
import { loader as getPricingLoader } from '~/routes/api.get-pricing'
import { loader as checkoutSuccessLoader } from '~/routes/checkout-success'
import { action as cancelAction, loader as cancelLoader } from '~/routes/customer.policies.$policyId.cancel'
import { action as payAction, loader as payLoader } from '~/routes/dev.checkout.$id'
import { action as signupAction, loader as signupLoader } from '~/routes/signup'

import {
  commitmentBinding,
  createPolicy,
  createProfile,
  ensureSeeded,
  getPolicy,
  sessionCookieFor,
  uniqueEmail,
} from '../support/factories'
import { outboxFor as outbox } from '../support/outbox'
import { makeRequest, routeArgs, settle } from '../support/requests'
import { CHECKOUT_API_FIELDS, SIGNUP_FIELDS } from '../support/signup-form'

const SEEDED_PRICES = {
  chip_only: 799,
  comprehensive_car_adas_false: 1999,
  comprehensive_car_adas_true: 2999,
  comprehensive_trucksuv_adas_false: 2499,
  comprehensive_trucksuv_adas_true: 3499,
}
const shownPrices = JSON.stringify(SEEDED_PRICES)

beforeAll(() => {
  ensureSeeded()
})

function checkoutCount() {
  return db().select().from(localCheckouts).all().length
}

async function postSignup(fields: Record<string, string>, slug?: string) {
  const form = { ...SIGNUP_FIELDS, ...fields }
  const request = makeRequest(slug ? `/signup/${slug}` : '/signup', { form })
  return settle(() => signupAction(routeArgs(request, slug ? { slug } : {})))
}

type SignupError = { toast: { title: string; description?: string }; result: { error?: Record<string, string[] | null> } }

describe('signup validation', () => {
  it('refuses a comprehensive plan without an ADAS choice, next to the field and as a toast', async () => {
    const before = checkoutCount()
    const response = await postSignup({ planType: 'comprehensive', vehicleType: 'car', acceptTerms: 'on', shownPrices })
    expect(response.status).toBe(400)
    const body = response.data as SignupError
    expect(body.toast).toMatchObject({
      title: 'ADAS Selection Required',
      description: 'Please select whether your vehicle has ADAS features.',
    })
    expect(body.result.error?.hasAdas).toEqual(['Please select whether your vehicle has ADAS features.'])
    expect(checkoutCount()).toBe(before)
  })

  it('refuses unticked terms and keeps the chosen plan', async () => {
    const before = checkoutCount()
    const response = await postSignup({ planType: 'comprehensive', vehicleType: 'trucksuv', hasAdas: 'true', shownPrices })
    expect(response.status).toBe(400)
    const body = response.data as SignupError & { planType: string; result: { initialValue?: Record<string, unknown> } }
    expect(body.toast).toMatchObject({ title: 'Terms of Service Required', description: 'Please accept the Terms of Service to continue.' })
    expect(body.result.error?.acceptTerms).toEqual(['Please accept the Terms of Service to continue.'])
    expect(body.planType).toBe('comprehensive')
    expect(body.result.initialValue).toMatchObject({ vehicleType: 'trucksuv', hasAdas: 'true' })
    expect(checkoutCount()).toBe(before)
  })

  it('refuses a plan that is not one of ours', async () => {
    const before = checkoutCount()
    const response = await postSignup({ planType: 'platinum', acceptTerms: 'on', shownPrices })
    expect(response.status).toBe(400)
    expect((response.data as SignupError).toast.title).toBe('Checkout Error')

    const api = await settle(() =>
      createCheckoutAction(
        routeArgs(
          jsonRequest('/api/create-checkout', {
            lookup_key: 'comprehensive_boat_adas_true',
            tos_version: TOS_VERSION,
            tos_accepted_at: new Date().toISOString(),
            ...CHECKOUT_API_FIELDS,
          }),
        ),
      ),
    )
    expect(api.status).toBe(400)
    expect(checkoutCount()).toBe(before)
  })

  it('refuses a tampered price with a Pricing Error, and never charges the posted amount', async () => {
    const before = checkoutCount()
    const tampered = JSON.stringify({ ...SEEDED_PRICES, chip_only: 1 })
    const response = await postSignup({ planType: 'chip_only', acceptTerms: 'on', shownPrices: tampered })
    expect(response.status).toBe(400)
    expect((response.data as SignupError).toast.title).toBe('Pricing Error')
    expect(checkoutCount()).toBe(before)
  })

  it('starts a checkout at our price, with the partner location of the signup link', async () => {
    const response = await postSignup(
      { planType: 'comprehensive', vehicleType: 'car', hasAdas: 'true', acceptTerms: 'on', shownPrices },
      'sample-auto-glass',
    )
    expect(response.status).toBe(303)
    const location = response.headers.get('Location')!
    expect(location).toMatch(/^http:\/\/localhost:3999\/dev\/checkout\/[a-z0-9]+$/)
    const row = db()
      .select()
      .from(localCheckouts)
      .where(eq(localCheckouts.id, location.split('/').pop()!))
      .get()!
    expect(row).toMatchObject({ lookupKey: 'comprehensive_car_adas_true', amountCents: 2999, tosVersion: TOS_VERSION, status: 'open' })
    expect(row.partnerLocationId).toBeTruthy()
    expect(row.cancelPath).toBe('/signup/sample-auto-glass?planType=comprehensive&vehicleType=car')
  })

  it('sends an unknown partner link to the plain signup page', async () => {
    const response = await settle(() => signupLoader(routeArgs(makeRequest('/signup/no-such-shop'), { slug: 'no-such-shop' })))
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe('/signup')
  })

  it('reads the partner and the plan from the URL', async () => {
    const response = await settle(() =>
      signupLoader(
        routeArgs(makeRequest('/signup/sample-auto-glass?planType=comprehensive&vehicleType=trucksuv'), { slug: 'sample-auto-glass' }),
      ),
    )
    expect(response.data).toMatchObject({
      partner: { name: 'Sample Auto Glass', slug: 'sample-auto-glass' },
      planType: 'comprehensive',
      vehicleType: 'trucksuv',
      prices: SEEDED_PRICES,
      pricingToast: null,
    })
  })
})

function jsonRequest(pathname: string, body: unknown, cookie?: string) {
  const url = `http://localhost:3999${pathname}`
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Origin: 'http://localhost:3999' }
  if (cookie) headers.Cookie = cookie
  return new Request(url, { method: 'POST', headers, body: JSON.stringify(body) })
}

describe('JSON calls', () => {
  it('GET /api/get-pricing answers the pricing map', async () => {
    const response = (await getPricingLoader(routeArgs(makeRequest('/api/get-pricing')))) as Response
    expect(await response.json()).toEqual({
      prices: {
        chip_only: 7.99,
        comprehensive_car_adas_false: 19.99,
        comprehensive_car_adas_true: 29.99,
        comprehensive_trucksuv_adas_false: 24.99,
        comprehensive_trucksuv_adas_true: 34.99,
        chip_only_yearly: 79.9,
        comprehensive_car_adas_false_yearly: 199.9,
        comprehensive_car_adas_true_yearly: 299.9,
        comprehensive_trucksuv_adas_false_yearly: 249.9,
        comprehensive_trucksuv_adas_true_yearly: 349.9,
      },
    })
  })

  it('POST /api/create-checkout answers { url }', async () => {
    const response = (await createCheckoutAction(
      routeArgs(
        jsonRequest('/api/create-checkout', {
          lookup_key: 'chip_only',
          tos_version: TOS_VERSION,
          tos_accepted_at: new Date().toISOString(),
          ...CHECKOUT_API_FIELDS,
        }),
      ),
    )) as Response
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ url: expect.stringMatching(/\/dev\/checkout\/[a-z0-9]+$/) })
  })

  it('POST /api/create-checkout refuses other terms', async () => {
    const response = (await createCheckoutAction(
      routeArgs(
        jsonRequest('/api/create-checkout', {
          lookup_key: 'chip_only',
          tos_version: '0.9',
          tos_accepted_at: new Date().toISOString(),
          ...CHECKOUT_API_FIELDS,
        }),
      ),
    )) as Response
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({ error: 'Please accept the Terms of Service to continue.' })
  })
})

describe('fulfilment', () => {
  const input = () => ({
    checkoutSessionId: `cs_test_${Math.random().toString(36).slice(2)}`,
    email: uniqueEmail('Buyer').replace('buyer', 'Buyer'),
    fullName: 'Alex Morgan',
    lookupKey: 'comprehensive_trucksuv_adas_false' as const,
    monthlyPriceCents: 2499,
    partnerLocationId: null,
    tosVersion: '1.0.1',
    tosAcceptedAt: new Date().toISOString(),
  })

  it('the same session twice gives one policy and one e-mail', async () => {
    const paid = input()
    const first = await fulfilCheckout(paid)
    const second = await fulfilCheckout(paid)
    expect(first.created).toBe(true)
    expect(second.created).toBe(false)
    expect(second.policy.id).toBe(first.policy.id)
    expect(db().select().from(policies).where(eq(policies.stripeCheckoutSessionId, paid.checkoutSessionId)).all()).toHaveLength(1)

    const email = paid.email.toLowerCase()
    const profile = db().select().from(profiles).where(eq(profiles.email, email)).get()!
    expect(profile.fullName).toBe('Alex Morgan')
    const policy = getPolicy(first.policy.id)!
    expect(policy).toMatchObject({
      profileId: profile.id,
      status: 'incomplete',
      planType: 'comprehensive',
      vehicleType: 'trucksuv',
      hasAdas: false,
      monthlyPriceCents: 2499,
      billingInterval: 'month',
      tosVersion: '1.0.1',
    })
    const months = (Date.parse(policy.initialTermEndsAt) - Date.parse(policy.createdAt)) / (24 * 60 * 60 * 1000)
    expect(months).toBeGreaterThanOrEqual(365)
    expect(months).toBeLessThanOrEqual(366)

    const sent = outbox(email)
    expect(sent).toHaveLength(1)
    expect(sent[0]!.subject).toBe('Finish setting up your coverage')
    expect(sent[0]!.text).toMatch(/\/auth\/verify\?token=/)
    expect(sent[0]!.text).toMatch(/code on the sign-in page: \d{6}/)
    expect(db().select().from(emailLog).where(eq(emailLog.to, email)).all()).toHaveLength(1)
    expect(
      db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, policy.id), eq(auditLog.action, 'policy.created')))
        .all(),
    ).toHaveLength(1)
  })

  it('adds a second policy to an existing customer and keeps their name', async () => {
    const customer = createProfile({ fullName: 'Kept Name' })
    const { policy } = await fulfilCheckout({ ...input(), email: customer.email.toUpperCase(), fullName: 'Other Name' })
    expect(policy.profileId).toBe(customer.id)
    expect(db().select().from(profiles).where(eq(profiles.id, customer.id)).get()!.fullName).toBe('Kept Name')
  })
})

describe('local test checkout', () => {
  async function openCheckout() {
    const response = await postSignup({ planType: 'chip_only', acceptTerms: 'on', shownPrices })
    return response.headers.get('Location')!.split('/').pop()!
  }

  it('shows the plan and price, and Pay fulfils it once', async () => {
    const id = await openCheckout()
    const page = await settle(() => payLoader(routeArgs(makeRequest(`/dev/checkout/${id}`), { id })))
    expect(page.data).toMatchObject({ checkout: { planName: 'Chip Repair Only', monthlyPrice: '$7.99', status: 'open' } })

    const email = uniqueEmail('payer')
    for (let i = 0; i < 2; i++) {
      const paid = await settle(() =>
        payAction(routeArgs(makeRequest(`/dev/checkout/${id}`, { form: { email, fullName: 'Pat Payer' } }), { id })),
      )
      expect(paid.status).toBe(303)
      expect(paid.headers.get('Location')).toBe('/checkout-success?checkout=success')
    }
    const made = db().select().from(policies).where(eq(policies.stripeCheckoutSessionId, id)).all()
    expect(made).toHaveLength(1)
    expect(made[0]).toMatchObject({ lookupKey: 'chip_only', monthlyPriceCents: 799, planType: 'chip_only', vehicleType: null })
    expect(outbox(email)).toHaveLength(1)
    expect(db().select().from(localCheckouts).where(eq(localCheckouts.id, id)).get()!.status).toBe('complete')
  })

  it("a signed-in buyer's e-mail and name are filled in, not asked again", async () => {
    const id = await openCheckout()
    const named = createProfile({ fullName: 'Known Name' })
    db().update(localCheckouts).set({ profileId: named.id }).where(eq(localCheckouts.id, id)).run()
    const page = await settle(() => payLoader(routeArgs(makeRequest(`/dev/checkout/${id}`), { id })))
    expect(page.data).toMatchObject({ buyerEmail: named.email, buyerName: 'Known Name' })
  })

  it('explains bad fields next to them', async () => {
    const id = await openCheckout()
    const response = await settle(() =>
      payAction(routeArgs(makeRequest(`/dev/checkout/${id}`, { form: { email: 'not-an-email', fullName: ' ' } }), { id })),
    )
    expect(response.status).toBe(400)
    const errors = (response.data as { result: { error: Record<string, string[]> } }).result.error
    expect(errors.email).toEqual(['Please enter a valid email address'])
    expect(errors.fullName).toEqual(['Full name is required'])
  })

  it('does not exist while Stripe is live', async () => {
    const id = await openCheckout()
    const { resetEnvForTests } = await import('~/env.server')
    process.env.STRIPE_SECRET_KEY = 'sk_test_signup'
    process.env.STRIPE_WEBHOOK_SECRET = 'whsec_signup'
    resetEnvForTests()
    try {
      const response = await settle(() => payLoader(routeArgs(makeRequest(`/dev/checkout/${id}`), { id })))
      expect(response.status).toBe(404)
    } finally {
      delete process.env.STRIPE_SECRET_KEY
      delete process.env.STRIPE_WEBHOOK_SECRET
      resetEnvForTests()
    }
  })

  it('is a 404 for an unknown checkout', async () => {
    const response = await settle(() => payLoader(routeArgs(makeRequest('/dev/checkout/nope'), { id: 'nope' })))
    expect(response.status).toBe(404)
  })
})

describe('checkout success', () => {
  it('is only shown after a checkout', async () => {
    const away = await settle(() => checkoutSuccessLoader(routeArgs(makeRequest('/checkout-success'))))
    expect(away.status).toBe(302)
    expect(away.headers.get('Location')).toBe('/')
    const shown = await settle(() => checkoutSuccessLoader(routeArgs(makeRequest('/checkout-success?checkout=success'))))
    expect(shown.status).toBe(200)
  })
})

describe('cancellation', () => {
  const DAY = 24 * 60 * 60 * 1000

  async function postCancel(policyId: string, cookie: string, intent = 'cancel') {
    const request = makeRequest(`/customer/policies/${policyId}/cancel`, { form: { intent }, cookie })
    return settle(() => cancelAction(routeArgs(request, { policyId })))
  }

  it('refuses a cancel before the commitment ends, even when posted by hand', async () => {
    const customer = createProfile()
    const policy = createPolicy(customer.id, {
      status: 'active',
      initialTermEndsAt: new Date(Date.now() + 30 * DAY).toISOString(),
      ...commitmentBinding(),
    })
    const cookie = await sessionCookieFor(customer.id)
    const response = await postCancel(policy.id, cookie)
    expect(response.status).toBe(409)
    expect((response.data as { toast: { description: string } }).toast.description).toMatch(
      /^Annual commitment until .+\. Cancellation available after this date\.$/,
    )
    expect(getPolicy(policy.id)).toMatchObject({ status: 'active', canceledAt: null })

    const api = (await cancelPolicyApi(routeArgs(jsonRequest('/api/cancel-policy', { policyId: policy.id }, cookie)))) as Response
    expect(api.status).toBe(409)
    expect(getPolicy(policy.id)!.status).toBe('active')
  })

  it("gives 404 for another customer's policy", async () => {
    const owner = createProfile()
    const policy = createPolicy(owner.id, { initialTermEndsAt: new Date(Date.now() - DAY).toISOString() })
    const stranger = await sessionCookieFor(createProfile().id)
    const response = await postCancel(policy.id, stranger)
    expect(response.status).toBe(404)
    const page = await settle(() =>
      cancelLoader(routeArgs(makeRequest(`/customer/policies/${policy.id}/cancel`, { cookie: stranger }), { policyId: policy.id })),
    )
    expect(page.status).toBe(404)
    expect(getPolicy(policy.id)!.status).toBe('incomplete')
  })

  it('cancels after the commitment, with the cancellation toast and an audit row, and only once', async () => {
    const customer = createProfile()
    const policy = createPolicy(customer.id, { status: 'active', initialTermEndsAt: new Date(Date.now() - DAY).toISOString() })
    const cookie = await sessionCookieFor(customer.id)
    const response = await postCancel(policy.id, cookie)
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe('/customer')
    expect(response.headers.get('Set-Cookie')).toContain('__toast')
    const canceled = getPolicy(policy.id)!
    expect(canceled.status).toBe('canceled')
    expect(canceled.canceledAt).toBeTruthy()
    expect(
      db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, policy.id), eq(auditLog.action, 'policy.canceled')))
        .all(),
    ).toHaveLength(1)

    const again = await postCancel(policy.id, cookie)
    expect(again.status).toBe(409)
  })

  it('turns renewal off during the commitment and back on', async () => {
    const customer = createProfile()
    const termEnd = new Date(Date.now() + 100 * DAY).toISOString()
    const policy = createPolicy(customer.id, { status: 'active', initialTermEndsAt: termEnd, ...commitmentBinding() })
    const cookie = await sessionCookieFor(customer.id)
    expect((await postCancel(policy.id, cookie, 'renewal-off')).status).toBe(302)
    expect(getPolicy(policy.id)!.cancelAt).toBe(termEnd)
    expect((await postCancel(policy.id, cookie, 'renewal-on')).status).toBe(302)
    expect(getPolicy(policy.id)).toMatchObject({ cancelAt: null, status: 'active' })
  })

  it('has no billing portal without Stripe', async () => {
    const customer = createProfile()
    const policy = createPolicy(customer.id)
    const response = await postCancel(policy.id, await sessionCookieFor(customer.id), 'billing-portal')
    expect(response.status).toBe(404)
  })

  it('POST /api/cancel-policy needs a signed-in customer', async () => {
    const response = (await cancelPolicyApi(routeArgs(jsonRequest('/api/cancel-policy', { policyId: 'x' })))) as Response
    expect(response.status).toBe(401)
  })
})

describe('checkout rate limit', () => {
  it('stops one client from starting checkouts without end', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 25; i++) {
      statuses.push((await postSignup({ planType: 'chip_only', acceptTerms: 'on', shownPrices })).status)
    }
    expect(statuses).toContain(429)
    const before = checkoutCount()
    const refused = await postSignup({ planType: 'chip_only', acceptTerms: 'on', shownPrices })
    expect(refused.status).toBe(429)
    expect((refused.data as SignupError).toast.description).toMatch(/^Too many checkout attempts\. Please try again in .+\.$/)
    expect(checkoutCount()).toBe(before)
    resetLimit('checkout:ip:local')
  })
})

describe('renewal turned off (local mode)', () => {
  it('ends the policy once cancel_at has passed, once', async () => {
    const { endLocalPoliciesWithRenewalOff } = await import('~/models/policies/cancellation.server')
    const customer = createProfile()
    const lapsed = createPolicy(customer.id, { status: 'active', cancelAt: new Date(Date.now() - 1000).toISOString() })
    const later = createPolicy(customer.id, { status: 'active', cancelAt: new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString() })
    const stripePolicy = createPolicy(customer.id, {
      status: 'active',
      cancelAt: new Date(Date.now() - 1000).toISOString(),
      stripeSubscriptionId: `sub_${customer.id}`,
    })
    expect(endLocalPoliciesWithRenewalOff()).toBeGreaterThanOrEqual(1)
    expect(getPolicy(lapsed.id)).toMatchObject({ status: 'canceled' })
    expect(getPolicy(later.id)!.status).toBe('active')
    expect(getPolicy(stripePolicy.id)!.status).toBe('active')
    expect(endLocalPoliciesWithRenewalOff()).toBe(0)
  })
})
