import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'

import { db } from '~/db/client.server'
import { prices } from '~/db/schema'
import { DEFAULT_HOUSEHOLD_DISCOUNT_PERCENT } from '~/domain/households'
import { getPricing, householdDiscountPercent } from '~/models/policies/pricing.server'
import * as adminActivityRoute from '~/routes/admin.activity'
import * as adminPoliciesRoute from '~/routes/admin.policies'
import * as adminPricesRoute from '~/routes/admin.prices'

import { createActivePolicy, createProfile, ensureSeeded, findOrCreateProfile, sessionCookieFor } from '../support/factories'
import { inOperatorArea, makeRequest, routeArgs, settle } from '../support/requests'

const activityLoader = inOperatorArea(adminActivityRoute.loader)
const policiesLoader = inOperatorArea(adminPoliciesRoute.loader)
const pricesAction = inOperatorArea(adminPricesRoute.action)
const pricesLoader = inOperatorArea(adminPricesRoute.loader)

const operator = () => sessionCookieFor(findOrCreateProfile('operator@example.com').id)
const validPrices = {
  chip_only: '8.49',
  comprehensive_car_adas_false: '19.99',
  comprehensive_car_adas_true: '29.99',
  comprehensive_trucksuv_adas_false: '24.99',
  comprehensive_trucksuv_adas_true: '34.99',
  chip_only_yearly: '84.90',
  comprehensive_car_adas_false_yearly: '199.90',
  comprehensive_car_adas_true_yearly: '299.90',
  comprehensive_trucksuv_adas_false_yearly: '249.90',
  comprehensive_trucksuv_adas_true_yearly: '349.90',
}

describe('operator console', () => {
  ensureSeeded()

  it('hides every page from customers with a 404', async () => {
    const cookie = await sessionCookieFor(createProfile().id)
    for (const run of [
      () => policiesLoader(routeArgs(makeRequest('/admin/policies', { cookie }))),
      () => activityLoader(routeArgs(makeRequest('/admin/activity', { cookie }))),
      () => pricesLoader(routeArgs(makeRequest('/admin/prices', { cookie }))),
      () => pricesAction(routeArgs(makeRequest('/admin/prices', { cookie, form: validPrices }))),
    ]) {
      expect((await settle(run)).status).toBe(404)
    }
    expect(db().select().from(prices).where(eq(prices.lookupKey, 'chip_only')).get()?.amountCents).toBe(799)
  })

  it('finds a policy by the customer e-mail, the plate and the policy id', async () => {
    const customer = createProfile({ email: 'pat.searchable@example.com', fullName: 'Pat Searchable' })
    const { policy, vehicle } = createActivePolicy(customer.id)
    const cookie = await operator()
    // An address is matched from its start; a word of it on its own too.
    for (const q of ['pat.searchable@example', 'searchable', vehicle.licensePlate.toLowerCase(), policy.id]) {
      const { data: result } = await policiesLoader(routeArgs(makeRequest(`/admin/policies?q=${encodeURIComponent(q)}`, { cookie })))
      expect(result.rows.flatMap((row) => row.policies.map((p) => p.id))).toContain(policy.id)
    }
    const { data: none } = await policiesLoader(routeArgs(makeRequest('/admin/policies?q=nobody-like-this', { cookie })))
    expect(none.rows).toHaveLength(0)
  })

  it('changes local prices, refusing bad amounts field by field, and logs it', async () => {
    const cookie = await operator()
    const bad = await settle(() =>
      pricesAction(
        routeArgs(
          makeRequest('/admin/prices', { cookie, form: { ...validPrices, chip_only: 'free', comprehensive_car_adas_true: '0.50' } }),
        ),
      ),
    )
    expect(bad.status).toBe(400)
    const errors = (bad.data as { result: { error: Record<string, string[]> } }).result.error
    expect(errors.chip_only).toEqual(['Enter a monthly price in dollars, from $1.00 to $999.99, like 19.99.'])
    expect(errors.comprehensive_car_adas_true).toEqual(['Enter a monthly price in dollars, from $1.00 to $999.99, like 19.99.'])
    expect((await getPricing()).chip_only).toBe(799)

    const ok = await settle(() => pricesAction(routeArgs(makeRequest('/admin/prices', { cookie, form: validPrices }))))
    expect(ok.status).toBe(302)
    expect((await getPricing()).chip_only).toBe(849)
    expect((await getPricing()).chip_only_yearly).toBe(8490)
    const { data: audit } = await activityLoader(routeArgs(makeRequest('/admin/activity?log=audit', { cookie })))
    expect(audit.result.log).toBe('audit')
    expect(audit.result.rows.map((row) => ('entry' in row ? row.entry.action : ''))).toContain('prices.updated')
  })

  it('sets the household discount with the prices, refusing a percent out of range by its field, and logs it', async () => {
    const cookie = await operator()
    expect(householdDiscountPercent()).toBe(DEFAULT_HOUSEHOLD_DISCOUNT_PERCENT)
    for (const discountPercent of ['60', '-1', 'ten', '7.5']) {
      const bad = await settle(() =>
        pricesAction(routeArgs(makeRequest('/admin/prices', { cookie, form: { intent: 'household-discount', discountPercent } }))),
      )
      expect(bad.status).toBe(400)
      expect((bad.data as { result: { error: Record<string, string[]> } }).result.error.discountPercent).toEqual([
        'Enter a whole percent from 0 to 50, like 10.',
      ])
    }
    expect(householdDiscountPercent()).toBe(DEFAULT_HOUSEHOLD_DISCOUNT_PERCENT)
    const ok = await settle(() =>
      pricesAction(routeArgs(makeRequest('/admin/prices', { cookie, form: { intent: 'household-discount', discountPercent: '15' } }))),
    )
    expect(ok.status).toBe(302)
    expect(householdDiscountPercent()).toBe(15)
    const page = await pricesLoader(routeArgs(makeRequest('/admin/prices', { cookie })))
    expect(page.householdDiscountPercent).toBe(15)
    const { data: audit } = await activityLoader(routeArgs(makeRequest('/admin/activity?log=audit', { cookie })))
    expect(audit.result.rows.map((row) => ('entry' in row ? row.entry.action : ''))).toContain('prices.household_discount_set')
  })
})
