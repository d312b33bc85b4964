import { beforeAll, describe, expect, it } from 'vitest'

import { additionCharge, householdPrice } from '~/domain/households'
import { householdCouponId, VehicleChargeDeclinedError } from '~/services/stripe-billing.server'

import { createActivePolicy, createProfile, ensureSeeded, getPolicy, uniqueEmail } from '../support/factories'
import { FAKE_PRICES } from '../support/fake-stripe'
import { useFakeStripe } from '../support/fake-stripe-env'
import { TEST_CONSENT } from '../support/signup-form'

// A vehicle joins a household's subscription against the fake Stripe (docs/decisions/111-household-plans.md): its days
// left charged once as a one-off invoice, then its item added without proration, the household coupon on it; a retry
// charges once and adds one item; a declined card adds nothing; removing the vehicle removes its item only.

const stripe = useFakeStripe()
beforeAll(() => ensureSeeded())

async function household() {
  const { stripeAdapter } = await import('~/services/stripe.server')
  const checkout = await stripeAdapter().createCheckout({
    lookupKey: 'comprehensive_car_adas_false',
    amountCents: FAKE_PRICES.comprehensive_car_adas_false!,
    partnerLocationId: null,
    tosVersion: '1.0.1',
    tosAcceptedAt: new Date().toISOString(),
    profile: null,
    cancelPath: '/signup',
    governingState: 'TX',
    consent: TEST_CONSENT,
  })
  const email = uniqueEmail('household')
  const { subscription } = stripe().completeCheckout(checkout.id, { email })
  const profile = createProfile({ email })
  const { policy } = createActivePolicy(profile.id, {
    lookupKey: 'comprehensive_car_adas_false',
    monthlyPriceCents: FAKE_PRICES.comprehensive_car_adas_false!,
    stripeSubscriptionId: subscription.id,
    stripeCustomerId: subscription.customer,
  })
  return { first: getPolicy(policy.id)!, subscriptionId: subscription.id as string, profileId: profile.id }
}

/** What the page would charge a chip plan joining now: its household price for the days left of the paid month. */
function chargeNow() {
  const now = new Date()
  const period = { start: now, end: new Date(now.getTime() + 30 * 24 * 60 * 60 * 1000) }
  const line = householdPrice([{ listCents: FAKE_PRICES.comprehensive_car_adas_false! }, { listCents: FAKE_PRICES.chip_only! }], 10)
    .lines[1]!
  return { line, charge: additionCharge({ chargedCents: line.chargedCents, period, now, zone: 'America/Chicago' }) }
}

describe("a vehicle joining a household's Stripe subscription", () => {
  it('charges the amount shown once, then adds its item with the household coupon and no proration', async () => {
    const { first, subscriptionId } = await household()
    const { charge } = chargeNow()
    const { payments } = await import('~/services/payments.server')
    const input = {
      policyId: 'pol_second_vehicle',
      lookupKey: 'chip_only' as const,
      discountPercent: 10,
      chargeCents: charge.amountCents,
      description: 'Chip Repair Only, GP-TEST02: the rest of this month',
    }
    const added = await (await payments()).addVehicleItem(first, input)
    // A form sent twice: the same keys, so Stripe answers with the first charge and the first item.
    const again = await (await payments()).addVehicleItem(first, input)
    expect(again).toEqual(added)

    const items = stripe().subscription(subscriptionId)!.items.data
    expect(items.map((item) => [item.price?.lookup_key, item.discounts])).toEqual([
      ['comprehensive_car_adas_false', []],
      ['chip_only', [householdCouponId(10)]],
    ])
    expect(items[1]!.id).toBe(added.itemId)
    expect(stripe().state.coupons.get(householdCouponId(10))).toMatchObject({ percent_off: 10, duration: 'forever' })
    const [created] = stripe().requestsTo('POST', '/v1/subscription_items')
    expect(created!.body).toMatchObject({
      subscription: subscriptionId,
      proration_behavior: 'none',
      metadata: { policy_id: 'pol_second_vehicle' },
    })

    const charged = stripe().state.invoices.filter((invoice) => invoice.metadata?.policy_id === 'pol_second_vehicle')
    expect(charged).toHaveLength(1)
    expect(charged[0]).toMatchObject({ id: added.invoiceRef, amountPaid: charge.amountCents, customer: first.stripeCustomerId })
    // The one-off charge is not one of the subscription's renewals: the first vehicle's refunds never reach it.
    expect(
      stripe()
        .invoicesOf(subscriptionId)
        .map((invoice) => invoice.id),
    ).not.toContain(added.invoiceRef)
  })

  it('adds nothing when the card declines the charge, and voids the invoice', async () => {
    const { first, subscriptionId } = await household()
    stripe().state.declineInvoicePayments = 1
    const { payments } = await import('~/services/payments.server')
    await expect(
      (await payments()).addVehicleItem(first, {
        policyId: 'pol_declined_vehicle',
        lookupKey: 'chip_only',
        discountPercent: 10,
        chargeCents: chargeNow().charge.amountCents,
        description: 'Chip Repair Only: the rest of this month',
      }),
    ).rejects.toBeInstanceOf(VehicleChargeDeclinedError)
    expect(stripe().subscription(subscriptionId)!.items.data).toHaveLength(1)
    const draft = [...stripe().state.draftInvoices.values()].find((entry) => entry.metadata.policy_id === 'pol_declined_vehicle')
    expect(draft?.status).toBe('void')
  })

  it('removes only the leaving vehicle’s item; a second removal is a no-op', async () => {
    const { first, subscriptionId } = await household()
    const { payments } = await import('~/services/payments.server')
    const adapter = await payments()
    const { itemId } = await adapter.addVehicleItem(first, {
      policyId: 'pol_leaving_vehicle',
      lookupKey: 'chip_only',
      discountPercent: 10,
      chargeCents: 0,
      description: 'Chip Repair Only',
    })
    expect(stripe().subscription(subscriptionId)!.items.data).toHaveLength(2)
    await adapter.removeVehicleItem(itemId)
    await adapter.removeVehicleItem(itemId)
    const left = stripe().subscription(subscriptionId)!.items.data
    expect(left.map((item) => item.price?.lookup_key)).toEqual(['comprehensive_car_adas_false'])
  })
})

describe('the offline twin', () => {
  it('adds a vehicle without moving money, the same item for a retry', async () => {
    const { localPayments } = await import('~/services/local-payments.server')
    const input = { policyId: 'pol_offline', lookupKey: 'chip_only' as const, discountPercent: 10, chargeCents: 500, description: 'x' }
    const policy = (await household()).first
    const first = await localPayments.addVehicleItem(policy, input)
    expect(await localPayments.addVehicleItem(policy, input)).toEqual(first)
    expect(first).toEqual({ itemId: 'si_local_pol_offline', invoiceRef: 'local_charge_pol_offline' })
    expect(await localPayments.addVehicleItem(policy, { ...input, chargeCents: 0 })).toMatchObject({ invoiceRef: null })
  })
})
