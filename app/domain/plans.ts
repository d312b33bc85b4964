/**
 * The plans the product sells: plan type, vehicle class and the lookup keys that name a price. One
 * definition each, with the parsers every form and model uses. Plain TypeScript, safe in the browser.
 */

import { formatPrice } from './format'

export const PLAN_TYPES = ['chip_only', 'comprehensive'] as const
export type PlanType = (typeof PLAN_TYPES)[number]

export const VEHICLE_TYPES = ['car', 'trucksuv'] as const
export type VehicleType = (typeof VEHICLE_TYPES)[number]

/** How often a plan is paid: every month, or once a year (its own, cheaper price). */
export const BILLING_INTERVALS = ['month', 'year'] as const
export type BillingInterval = (typeof BILLING_INTERVALS)[number]

/** One key per plan: its monthly price. */
export const MONTHLY_LOOKUP_KEYS = [
  'chip_only',
  'comprehensive_car_adas_false',
  'comprehensive_car_adas_true',
  'comprehensive_trucksuv_adas_false',
  'comprehensive_trucksuv_adas_true',
] as const
export type MonthlyLookupKey = (typeof MONTHLY_LOOKUP_KEYS)[number]

const YEARLY_SUFFIX = '_yearly'

/** Each plan's yearly price: the monthly key's twin, in the same order. */
export const YEARLY_LOOKUP_KEYS = [
  'chip_only_yearly',
  'comprehensive_car_adas_false_yearly',
  'comprehensive_car_adas_true_yearly',
  'comprehensive_trucksuv_adas_false_yearly',
  'comprehensive_trucksuv_adas_true_yearly',
] as const satisfies ReadonlyArray<`${MonthlyLookupKey}${typeof YEARLY_SUFFIX}`>
export type YearlyLookupKey = (typeof YEARLY_LOOKUP_KEYS)[number]

/** The pricing map's keys: the only prices that can be bought, monthly and yearly. */
export const LOOKUP_KEYS = [...MONTHLY_LOOKUP_KEYS, ...YEARLY_LOOKUP_KEYS] as const
export type LookupKey = MonthlyLookupKey | YearlyLookupKey

/** Plan names as shown on the dashboard, signup, the shop's page, the console and e-mails. */
export const PLAN_TYPE_NAMES: Record<PlanType, string> = {
  chip_only: 'Chip Repair Only',
  comprehensive: 'Comprehensive',
}

/** Vehicle class names, as on the signup form's Vehicle Type choice. */
export const VEHICLE_TYPE_NAMES: Record<VehicleType, string> = {
  car: 'Car',
  trucksuv: 'Truck/SUV',
}

export type NamedPlan = { planType: PlanType; vehicleType?: VehicleType | null; hasAdas?: boolean | null }

/**
 * The one name of a plan wherever one is shown: 'Chip Repair Only', 'Comprehensive — Car', 'Comprehensive — Truck/SUV
 * + ADAS'. ADAS is part of the name because it is part of what was bought — its own price, and the recalibration the
 * contract covers after a replacement — so the customer, the shop and the operator read the same plan.
 */
export function planName({ planType, vehicleType, hasAdas }: NamedPlan): string {
  if (planType !== 'comprehensive' || !vehicleType) return PLAN_TYPE_NAMES[planType]
  return `${PLAN_TYPE_NAMES.comprehensive} — ${VEHICLE_TYPE_NAMES[vehicleType]}${hasAdas ? ' + ADAS' : ''}`
}

/** The plan's name and the policy's number, as every e-mail about a policy names it. */
export function policyEmailNames(policy: NamedPlan & { policyNumber: string }) {
  return { planName: planName(policy), policyNumber: policy.policyNumber }
}

export function parsePlanType(value: unknown): PlanType | null {
  return typeof value === 'string' && (PLAN_TYPES as readonly string[]).includes(value) ? (value as PlanType) : null
}

export function parseVehicleType(value: unknown): VehicleType | null {
  return typeof value === 'string' && (VEHICLE_TYPES as readonly string[]).includes(value) ? (value as VehicleType) : null
}

export function isLookupKey(value: unknown): value is LookupKey {
  return typeof value === 'string' && (LOOKUP_KEYS as readonly string[]).includes(value)
}

/** The lookup key for a configured plan (chip_only ignores vehicle type and ADAS), paid monthly or yearly. */
export function lookupKeyFor(
  planType: PlanType,
  vehicleType: VehicleType = 'car',
  hasAdas = false,
  interval: BillingInterval = 'month',
): LookupKey {
  const monthly: MonthlyLookupKey = planType === 'chip_only' ? 'chip_only' : `comprehensive_${vehicleType}_adas_${hasAdas}`
  return interval === 'year' ? yearlyKeyOf(monthly) : monthly
}

/** How a lookup key's price is paid. */
export function intervalOf(key: LookupKey): BillingInterval {
  return key.endsWith(YEARLY_SUFFIX) ? 'year' : 'month'
}

/** The monthly key of the same plan (a monthly key is its own). */
export function monthlyKeyOf(key: LookupKey): MonthlyLookupKey {
  return (key.endsWith(YEARLY_SUFFIX) ? key.slice(0, -YEARLY_SUFFIX.length) : key) as MonthlyLookupKey
}

/** The yearly twin of a plan's key (a yearly key is its own). */
export function yearlyKeyOf(key: LookupKey): YearlyLookupKey {
  return (key.endsWith(YEARLY_SUFFIX) ? key : `${key}${YEARLY_SUFFIX}`) as YearlyLookupKey
}

/** The plan a lookup key stands for (chip_only has no vehicle class or ADAS); both prices of a plan buy the same plan. */
export function planForLookupKey(key: LookupKey): { planType: PlanType; vehicleType: VehicleType | null; hasAdas: boolean | null } {
  const monthly = monthlyKeyOf(key)
  if (monthly === 'chip_only') return { planType: 'chip_only', vehicleType: null, hasAdas: null }
  const [, vehicleType, , adas] = monthly.split('_') as [string, VehicleType, string, 'true' | 'false']
  return { planType: 'comprehensive', vehicleType, hasAdas: adas === 'true' }
}

/**
 * What paying yearly saves against twelve monthly payments, in whole percent (rounded; 0 when it saves nothing or a
 * price is missing). 10 × the monthly price saves 17 %.
 */
export function yearlySavingPercent(monthlyCents: number, yearlyCents: number): number {
  if (!(monthlyCents > 0) || !(yearlyCents > 0)) return 0
  const twelve = monthlyCents * 12
  if (yearlyCents >= twelve) return 0
  return Math.round(((twelve - yearlyCents) / twelve) * 100)
}

/** The yearly offer beside a monthly price: 'or $79.90 / year (save 17 %)'; null without a yearly price. */
export function yearlyOfferText(monthlyCents: number | null | undefined, yearlyCents: number | null | undefined): string | null {
  if (!(typeof yearlyCents === 'number' && yearlyCents > 0)) return null
  const saving = yearlySavingPercent(monthlyCents ?? 0, yearlyCents)
  return `or ${formatPrice(yearlyCents)} / year${saving > 0 ? ` (save ${saving} %)` : ''}`
}

/** A price with what it is per: '$7.99 / month', '$79.90 / year'. */
export function pricePer(cents: number, interval: BillingInterval | string): string {
  return `${formatPrice(cents)} / ${interval === 'year' ? 'year' : 'month'}`
}
