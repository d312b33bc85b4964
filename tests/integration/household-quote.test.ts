import { describe, expect, it } from 'vitest'

import { db } from '~/db/client.server'
import { householdPricing } from '~/db/schema'
import { addCalendarDays, customerZone } from '~/domain/calendar'
import { RuleError } from '~/domain/errors'
import { MAX_HOUSEHOLD_VEHICLES } from '~/domain/households'
import { householdPolicies, householdQuote } from '~/models/policies/households.server'
import { setHouseholdDiscountPercent } from '~/models/policies/pricing.server'

import { createActivePolicy, createProfile, ensureSeeded, findOrCreateProfile } from '../support/factories'

// What adding a vehicle costs, read from the customer's running plans, the catalogue and the operator's discount
// (docs/decisions/111-household-plans.md): the household's lines before and after, and the days left charged now.

const chip = { planType: 'chip_only' as const, vehicleType: null, hasAdas: null }

describe('the quote for adding a vehicle', () => {
  ensureSeeded()

  it('shows the new total with the discount on the added vehicle, and charges its days left of the paid month', async () => {
    db().delete(householdPricing).run()
    const customer = createProfile()
    const now = new Date('2027-03-25T18:00:00Z')
    createActivePolicy(customer.id, { createdAt: '2027-01-10T15:00:00.000Z', governingState: 'OH' })
    // Another customer's plans are not this household's.
    createActivePolicy(createProfile().id, { createdAt: '2027-01-01T15:00:00.000Z' })
    const quote = await householdQuote(customer.id, chip, now)
    expect(quote.lookupKey).toBe('chip_only')
    expect(quote.before.totalCents).toBe(1999)
    expect(quote.after.lines.map((line) => [line.name, line.chargedCents])).toEqual([
      ['Comprehensive — Car', 1999],
      ['Chip Repair Only', 799 - 80],
    ])
    expect(quote.after).toMatchObject({ totalCents: 1999 + 719, discountCents: 80, discountPercent: 10 })
    expect(quote.nextChargeAt).toBe('2027-04-10T15:00:00.000Z')
    // Mar 10 → Apr 10 in Ohio's zone: 31 days, 16 left from the 25th.
    expect(quote.charge).toEqual({ amountCents: Math.round((719 * 16) / 31), daysLeft: 16, periodDays: 31 })
  })

  it("takes the operator's discount, and a yearly household's yearly prices", async () => {
    setHouseholdDiscountPercent(findOrCreateProfile('operator@example.com').id, 20)
    const customer = createProfile()
    const now = new Date()
    createActivePolicy(customer.id, {
      createdAt: addCalendarDays(now, -40, customerZone('TX')).toISOString(),
      billingInterval: 'year',
      lookupKey: 'comprehensive_car_adas_false_yearly',
      monthlyPriceCents: 19990,
      governingState: 'TX',
    })
    const quote = await householdQuote(customer.id, chip, now)
    expect(quote.lookupKey).toBe('chip_only_yearly')
    expect(quote.added).toMatchObject({ listCents: 7990, discountCents: 1598, chargedCents: 6392 })
    expect(quote.charge.periodDays).toBeGreaterThanOrEqual(365)
    db().delete(householdPricing).run()
  })

  it('refuses a seventh vehicle, and a customer with no running plan to bill it with', async () => {
    const full = createProfile()
    for (let i = 0; i < MAX_HOUSEHOLD_VEHICLES; i++) createActivePolicy(full.id)
    expect(householdPolicies(full.id)).toHaveLength(MAX_HOUSEHOLD_VEHICLES)
    await expect(householdQuote(full.id, chip)).rejects.toMatchObject({ title: 'Household full', status: 409 })
    const none = createProfile()
    createActivePolicy(none.id, { status: 'canceled' })
    await expect(householdQuote(none.id, chip)).rejects.toBeInstanceOf(RuleError)
  })
})
