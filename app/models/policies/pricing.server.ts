import { eq, inArray } from 'drizzle-orm'

import { adasAddonText, PLAN_ORDER, type PlanCard, PLANS, PRICE_PERIOD, PRICE_PLACEHOLDER } from '~/content/marketing'
import { db, transaction } from '~/db/client.server'
import { householdPricing, prices } from '~/db/schema'
import { formatPrice } from '~/domain/format'
import { DEFAULT_HOUSEHOLD_DISCOUNT_PERCENT } from '~/domain/households'
import { LOOKUP_KEYS, type LookupKey, type VehicleType, yearlyKeyOf, yearlyOfferText } from '~/domain/plans'
import { env } from '~/env.server'
import { recordAudit } from '~/models/operations/audit.server'
import { clearPageCache } from '~/server/page-cache.server'
import { payments } from '~/services/payments.server'

/** Price in cents per lookup key (monthly keys a month's, yearly keys a year's). A key may be missing; it then counts as 0. */
export type PricingMap = Partial<Record<LookupKey, number>>

/** Stripe prices change rarely and a Stripe round trip is slow: keep the map this long. */
const STRIPE_CACHE_MS = 5 * 60 * 1000

let stripeCache: { map: PricingMap; expiresAt: number } | null = null

/**
 * The current monthly prices. Local mode reads the `prices` table; Stripe mode asks Stripe for the prices with our
 * lookup keys and keeps the answer for 5 minutes. Throws when prices cannot be read: the caller decides what to show
 * (placeholders on the landing page, 'Pricing Error' on signup).
 */
export async function getPricing(): Promise<PricingMap> {
  if (env().payments === 'stripe') return stripePricing()
  const rows = db()
    .select({ lookupKey: prices.lookupKey, amountCents: prices.amountCents })
    .from(prices)
    .where(inArray(prices.lookupKey, [...LOOKUP_KEYS]))
    .all()
  const map: PricingMap = {}
  for (const row of rows) map[row.lookupKey as LookupKey] = row.amountCents
  return map
}

async function stripePricing(): Promise<PricingMap> {
  if (stripeCache && stripeCache.expiresAt > Date.now()) return stripeCache.map
  // Through the payments adapter, the one way to Stripe (it loads the Stripe SDK only in Stripe mode).
  const found = (await (await payments()).listPrices?.(LOOKUP_KEYS)) ?? {}
  const map: PricingMap = {}
  for (const key of LOOKUP_KEYS) {
    const cents = found[key]
    if (typeof cents === 'number') map[key] = cents
  }
  stripeCache = { map, expiresAt: Date.now() + STRIPE_CACHE_MS }
  return map
}

/** Forget cached prices (and the pages that show them). Call after changing a price. */
export function invalidatePricingCache() {
  stripeCache = null
  clearPageCache()
}

/** The price of one lookup key in cents; a missing key counts as 0. */
export function priceFor(map: PricingMap, key: LookupKey): number {
  const cents = map[key]
  return typeof cents === 'number' && Number.isFinite(cents) ? cents : 0
}

/** What ADAS adds per month for a comprehensive plan of this vehicle class: the with-ADAS minus the no-ADAS price. */
export function adasAddonCents(map: PricingMap, vehicleType: VehicleType): number {
  return priceFor(map, `comprehensive_${vehicleType}_adas_true`) - priceFor(map, `comprehensive_${vehicleType}_adas_false`)
}

/** The 'from' price of Comprehensive on the plan chooser: the lower of the car and truck/SUV no-ADAS prices. */
export function comprehensiveFromCents(map: PricingMap): number {
  return Math.min(priceFor(map, 'comprehensive_car_adas_false'), priceFor(map, 'comprehensive_trucksuv_adas_false'))
}

/**
 * The landing page's plan cards with their prices filled in, or the `$XX.XX` placeholders when
 * `map` is null (prices could not be read).
 */
export function planCards(map: PricingMap | null): PlanCard[] {
  return PLAN_ORDER.map((key) => {
    const plan = PLANS[key]
    const addonCents = map && plan.vehicleType ? adasAddonCents(map, plan.vehicleType) : 0
    const yearlyOffer = map ? yearlyOfferText(priceFor(map, plan.priceKey), priceFor(map, yearlyKeyOf(plan.priceKey))) : null
    return {
      key: plan.key,
      name: plan.name,
      basePrice: map ? formatPrice(priceFor(map, plan.priceKey)) : PRICE_PLACEHOLDER,
      period: PRICE_PERIOD,
      description: plan.description,
      features: plan.features,
      // Optional: only comprehensive cards have it, and only when ADAS really costs more.
      adasAddon:
        plan.adasPriceKey && (!map || addonCents > 0) ? adasAddonText(map ? formatPrice(addonCents) : PRICE_PLACEHOLDER) : undefined,
      ...(yearlyOffer ? { yearlyOffer } : {}),
      planType: plan.planType,
      vehicleType: plan.vehicleType,
      cta: plan.cta,
      href: plan.href,
      highlighted: plan.highlighted ?? false,
    }
  })
}

/**
 * The household discount in percent: the operator's, or the default until one is set. Ours in both payment modes: it
 * is not a Stripe price but a coupon the adapter applies to each vehicle after the first (docs/decisions/111).
 */
export function householdDiscountPercent(): number {
  const row = db().select({ percent: householdPricing.discountPercent }).from(householdPricing).where(eq(householdPricing.id, 1)).get()
  return row?.percent ?? DEFAULT_HOUSEHOLD_DISCOUNT_PERCENT
}

export function setHouseholdDiscountPercent(actorId: string, percent: number) {
  transaction((tx) => {
    const updatedAt = new Date().toISOString()
    tx.insert(householdPricing)
      .values({ id: 1, discountPercent: percent, updatedBy: actorId })
      .onConflictDoUpdate({ target: householdPricing.id, set: { discountPercent: percent, updatedBy: actorId, updatedAt } })
      .run()
    recordAudit(tx, { actor: actorId, action: 'prices.household_discount_set', entityId: 'household', detail: { percent } })
  })
  clearPageCache()
}
