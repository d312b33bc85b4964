import { and, eq } from 'drizzle-orm'

import { TOS_VERSION } from '~/content/terms'
import { db } from '~/db/client.server'
import { partnerLocations } from '~/db/schema'
import { CHECKOUT_ERROR, PRICE_CHANGED, PRICING_ERROR } from '~/domain/messages'
import type { LookupKey } from '~/domain/plans'
import { getPricing, priceFor, type PricingMap } from '~/models/pricing.server'
import { payments } from '~/services/payments.server'

export type CheckoutRequest = {
  lookupKey: LookupKey
  /** The price the buyer's page showed, when it showed one: a different server price refuses the checkout. */
  shownPriceCents?: number
  partnerLocationId: string | null
  tosAcceptedAt: string
  profile: { id: string; email: string } | null
  cancelPath: string
}

export type CheckoutOutcome =
  | { ok: true; url: string }
  | {
      ok: false
      reason: 'pricing' | 'price-changed' | 'checkout'
      toast: { title: string; description: string }
      prices: PricingMap | null
    }

/** The pricing map, or null when it can't be had (signup then shows 'Pricing Error'). */
export async function loadPricing(): Promise<PricingMap | null> {
  try {
    const map = await getPricing()
    return map
  } catch (error) {
    console.error('Pricing could not be loaded', error)
    return null
  }
}

/**
 * Starts a payment for one plan. The amount always comes from our own price list (never from the browser), a plan
 * without a price is refused, and the terms version recorded is the one the page showed (TOS_VERSION).
 */
export async function startCheckout(request: CheckoutRequest): Promise<CheckoutOutcome> {
  const prices = await loadPricing()
  const amountCents = prices ? priceFor(prices, request.lookupKey) : 0
  if (!prices || amountCents <= 0) return { ok: false, reason: 'pricing', toast: PRICING_ERROR, prices }
  if (request.shownPriceCents !== undefined && request.shownPriceCents !== amountCents) {
    return { ok: false, reason: 'price-changed', toast: PRICE_CHANGED, prices }
  }
  try {
    const adapter = await payments()
    const checkout = await adapter.createCheckout({
      lookupKey: request.lookupKey,
      amountCents,
      partnerLocationId: request.partnerLocationId,
      tosVersion: TOS_VERSION,
      tosAcceptedAt: request.tosAcceptedAt,
      profile: request.profile,
      cancelPath: request.cancelPath,
    })
    return { ok: true, url: checkout.url }
  } catch (error) {
    console.error(`Checkout for ${request.lookupKey} could not be created`, error)
    return { ok: false, reason: 'checkout', toast: CHECKOUT_ERROR, prices }
  }
}

/** An active partner location by id (the JSON checkout names it by id; signup pages by slug). */
export function findActivePartnerLocationById(id: string) {
  return db()
    .select()
    .from(partnerLocations)
    .where(and(eq(partnerLocations.id, id), eq(partnerLocations.isActive, true)))
    .get()
}
