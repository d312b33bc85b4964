/**
 * The plans the product sells: plan type, vehicle class and the lookup keys that name a price. One
 * definition each, with the parsers every form and model uses. Plain TypeScript, safe in the browser.
 */

export const PLAN_TYPES = ['chip_only', 'comprehensive'] as const
export type PlanType = (typeof PLAN_TYPES)[number]

export const VEHICLE_TYPES = ['car', 'trucksuv'] as const
export type VehicleType = (typeof VEHICLE_TYPES)[number]

/** The pricing map's keys: the only plans that can be bought. */
export const LOOKUP_KEYS = [
  'chip_only',
  'comprehensive_car_adas_false',
  'comprehensive_car_adas_true',
  'comprehensive_trucksuv_adas_false',
  'comprehensive_trucksuv_adas_true',
] as const
export type LookupKey = (typeof LOOKUP_KEYS)[number]

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

export function parsePlanType(value: unknown): PlanType | null {
  return typeof value === 'string' && (PLAN_TYPES as readonly string[]).includes(value) ? (value as PlanType) : null
}

export function parseVehicleType(value: unknown): VehicleType | null {
  return typeof value === 'string' && (VEHICLE_TYPES as readonly string[]).includes(value) ? (value as VehicleType) : null
}

export function isLookupKey(value: unknown): value is LookupKey {
  return typeof value === 'string' && (LOOKUP_KEYS as readonly string[]).includes(value)
}

/** The lookup key for a configured plan (chip_only ignores vehicle type and ADAS). */
export function lookupKeyFor(planType: PlanType, vehicleType: VehicleType = 'car', hasAdas = false): LookupKey {
  if (planType === 'chip_only') return 'chip_only'
  return `comprehensive_${vehicleType}_adas_${hasAdas}`
}

/** The plan a lookup key stands for (chip_only has no vehicle class or ADAS). */
export function planForLookupKey(key: LookupKey): { planType: PlanType; vehicleType: VehicleType | null; hasAdas: boolean | null } {
  if (key === 'chip_only') return { planType: 'chip_only', vehicleType: null, hasAdas: null }
  const [, vehicleType, , adas] = key.split('_') as [string, VehicleType, string, 'true' | 'false']
  return { planType: 'comprehensive', vehicleType, hasAdas: adas === 'true' }
}
