import { and, eq } from 'drizzle-orm'

import { TOS_VERSION } from '~/content/terms'
import { db } from '~/db/client.server'
import { type ConsentFacts, partnerLocations } from '~/db/schema'
import { RuleError } from '~/domain/errors'
import { CHECKOUT_ERROR, type Message, PRICE_CHANGED, PRICING_ERROR, STATE_MESSAGES } from '~/domain/messages'
import type { LookupKey } from '~/domain/plans'
import { stateName } from '~/domain/state-rules'
import { logger } from '~/logger.server'
import { isSoldIn } from '~/models/operations/sales-states.server'
import { getPricing, priceFor, type PricingMap } from '~/models/policies/pricing.server'
import { payments } from '~/services/payments.server'

export type CheckoutRequest = {
  lookupKey: LookupKey
  /** The price the buyer's page showed, when it showed one: a different server price refuses the checkout. */
  shownPriceCents?: number
  partnerLocationId: string | null
  tosAcceptedAt: string
  /** The buyer's state of residence (a USPS code): it must be one where the product is sold. */
  governingState: string
  /** What the buyer consented to (versions, time, address, browser): it travels with the checkout to the policy. */
  consent: ConsentFacts
  profile: { id: string; email: string } | null
  cancelPath: string
  /** Set when the checkout pays for taking over a policy from the vehicle's previous owner. */
  ownershipTransferId?: string
  /** The first charge waits until then (a next owner's Florida plan: the seller's paid period); null or absent: at checkout. */
  firstChargeAt?: string | null
}

/**
 * A refused checkout: a RuleError like every model's refusal, carrying the prices read meanwhile so the signup page
 * can show them again (400 for a missing or changed price, 502 when the payment provider failed).
 */
export class CheckoutRefused extends RuleError {
  constructor(
    message: Message,
    status: 400 | 502,
    public prices: PricingMap | null,
    field = 'form',
  ) {
    super(field, message.description, message.title, status)
  }
}

/** The pricing map, or null when it can't be had (signup then shows 'Pricing Error'). */
export async function loadPricing(): Promise<PricingMap | null> {
  try {
    const map = await getPricing()
    return map
  } catch (error) {
    logger.error({ err: error }, 'pricing could not be loaded')
    return null
  }
}

/**
 * Starts a payment for one plan. The amount always comes from our own price list (never from the browser), a plan
 * without a price is refused, and the terms version recorded is the one the page showed (TOS_VERSION).
 */
export async function startCheckout(request: CheckoutRequest): Promise<string> {
  const prices = await loadPricing()
  // Checked here, not only on the form: every way to a checkout passes this one door.
  if (!isSoldIn(request.governingState))
    throw new CheckoutRefused(STATE_MESSAGES.notSold(stateName(request.governingState)), 400, prices, 'governingState')
  const amountCents = prices ? priceFor(prices, request.lookupKey) : 0
  if (!prices || amountCents <= 0) throw new CheckoutRefused(PRICING_ERROR, 400, prices)
  if (request.shownPriceCents !== undefined && request.shownPriceCents !== amountCents)
    throw new CheckoutRefused(PRICE_CHANGED, 400, prices)
  let url: string
  try {
    const adapter = await payments()
    const checkout = await adapter.createCheckout({
      lookupKey: request.lookupKey,
      amountCents,
      partnerLocationId: request.partnerLocationId,
      tosVersion: TOS_VERSION,
      tosAcceptedAt: request.tosAcceptedAt,
      governingState: request.governingState,
      consent: request.consent,
      profile: request.profile,
      cancelPath: request.cancelPath,
      ownershipTransferId: request.ownershipTransferId ?? null,
      firstChargeAt: request.firstChargeAt ?? null,
    })
    url = checkout.url
  } catch (error) {
    logger.error({ lookupKey: request.lookupKey, err: error }, 'checkout could not be created')
    throw new CheckoutRefused(CHECKOUT_ERROR, 502, prices)
  }
  return url
}

/** An active partner location by id (the JSON checkout names it by id; signup pages by slug). */
export function findActivePartnerLocationById(id: string) {
  return db()
    .select()
    .from(partnerLocations)
    .where(and(eq(partnerLocations.id, id), eq(partnerLocations.isActive, true)))
    .get()
}
