import { describe, expect, it } from 'vitest'

import {
  earliestScheduleDay,
  jobPriceCents,
  jobPriceInWords,
  pendingVersion,
  type ScheduleAmounts,
  scheduleEffectiveAt,
  versionInForce,
} from '~/domain/price-schedule'
import { PriceScheduleSchema } from '~/validation/price-schedule'

const AMOUNTS: ScheduleAmounts = {
  chipRepair: 6_000,
  replacementCar: 35_000,
  replacementCarAdas: 42_000,
  replacementTrucksuv: 40_000,
  replacementTrucksuvAdas: 47_000,
  calibrationStatic: 25_000,
  calibrationDynamic: 20_000,
  mobileSurcharge: 3_000,
}

const v1 = { ...AMOUNTS, id: 's1', version: 1, effectiveAt: '2026-01-10T09:00:00.000Z' }
const v2 = { ...AMOUNTS, chipRepair: 6_500, id: 's2', version: 2, effectiveAt: '2026-03-01T00:00:00.000Z' }
const v3 = { ...AMOUNTS, chipRepair: 7_000, id: 's3', version: 3, effectiveAt: '2026-04-15T00:00:00.000Z' }

describe('which version of the price schedule is in force', () => {
  it('is none before the first, then the latest to have taken effect', () => {
    expect(versionInForce([v1, v2, v3], new Date('2026-01-10T08:59:59Z'))).toBeNull()
    expect(versionInForce([v1, v2, v3], new Date('2026-01-10T09:00:00Z'))?.version).toBe(1)
    expect(versionInForce([v3, v2, v1], new Date('2026-02-28T23:59:59Z'))?.version).toBe(1)
    expect(versionInForce([v3, v2, v1], new Date('2026-03-01T00:00:00Z'))?.version).toBe(2)
    expect(versionInForce([v1, v2, v3], new Date('2027-01-01T00:00:00Z'))?.version).toBe(3)
  })

  it('shows the version waiting beside the one in force, and none once it took effect', () => {
    expect(pendingVersion([v1, v2], new Date('2026-02-01T00:00:00Z'))?.version).toBe(2)
    expect(pendingVersion([v1, v2], new Date('2026-03-01T00:00:00Z'))).toBeNull()
    // A newer version published before the waiting one took effect replaces it.
    expect(pendingVersion([v1, v2, v3], new Date('2026-02-01T00:00:00Z'))?.version).toBe(3)
  })
})

describe('the effective date', () => {
  const now = new Date('2026-11-27T15:00:00Z')

  it('is at once for the very first schedule', () => {
    expect(scheduleEffectiveAt({ isFirst: true, effectiveOn: null, now })).toBe(now.toISOString())
    expect(scheduleEffectiveAt({ isFirst: true, effectiveOn: '2027-06-01', now })).toBe(now.toISOString())
  })

  it('is at least 30 days after publishing for every later version, from the start of that day (UTC)', () => {
    expect(earliestScheduleDay(now)).toBe('2026-12-27')
    expect(scheduleEffectiveAt({ isFirst: false, effectiveOn: '2026-12-27', now })).toBe('2026-12-27T00:00:00.000Z')
    expect(scheduleEffectiveAt({ isFirst: false, effectiveOn: '2026-12-26', now })).toBeNull()
    expect(scheduleEffectiveAt({ isFirst: false, effectiveOn: null, now })).toBeNull()
  })
})

describe('what a job pays under a version', () => {
  const job = { repairType: 'replacement', vehicleType: 'car', hasAdas: false, adasCalibration: 'none', mobile: false } as const

  it('prices the work by vehicle class and ADAS, adds each calibration done and the mobile surcharge', () => {
    expect(jobPriceCents(AMOUNTS, { ...job, repairType: 'repair' })).toBe(6_000)
    expect(jobPriceCents(AMOUNTS, job)).toBe(35_000)
    expect(jobPriceCents(AMOUNTS, { ...job, hasAdas: true })).toBe(42_000)
    expect(jobPriceCents(AMOUNTS, { ...job, vehicleType: 'trucksuv' })).toBe(40_000)
    expect(jobPriceCents(AMOUNTS, { ...job, vehicleType: null, hasAdas: true })).toBe(47_000)
    expect(jobPriceCents(AMOUNTS, { ...job, hasAdas: true, adasCalibration: 'static' })).toBe(67_000)
    expect(jobPriceCents(AMOUNTS, { ...job, hasAdas: true, adasCalibration: 'both', mobile: true })).toBe(42_000 + 25_000 + 20_000 + 3_000)
    expect(jobPriceInWords(AMOUNTS, { ...job, adasCalibration: 'dynamic' })).toBe(
      'Replacement, car, no ADAS $350.00 + Dynamic calibration $200.00 = $550.00',
    )
  })

  it('is the price of the version asked for, not of a later one', () => {
    const chip = { ...job, repairType: 'repair' } as const
    expect(jobPriceCents(versionInForce([v1, v2, v3], new Date('2026-02-01T00:00:00Z'))!, chip)).toBe(6_000)
    expect(jobPriceCents(versionInForce([v1, v2, v3], new Date('2026-03-02T00:00:00Z'))!, chip)).toBe(6_500)
  })
})

describe('the schedule form', () => {
  const filled = {
    chipRepair: '60',
    replacementCar: '350.00',
    replacementCarAdas: '420',
    replacementTrucksuv: '400',
    replacementTrucksuvAdas: '470',
    calibrationStatic: '250',
    calibrationDynamic: '200',
    mobileSurcharge: '0',
    effectiveOn: '2027-01-04',
  }

  it('keeps whole cents', () => {
    const parsed = PriceScheduleSchema.safeParse({ ...filled, chipRepair: '$60.50' })
    expect(parsed.success && parsed.data.chipRepair).toBe(6_050)
    expect(parsed.success && parsed.data.mobileSurcharge).toBe(0)
  })

  it('refuses fractions of a cent, amounts out of bounds and dates that do not exist, each next to its field', () => {
    const parsed = PriceScheduleSchema.safeParse({
      ...filled,
      chipRepair: '60.001',
      replacementCar: '45000',
      calibrationStatic: '-5',
      effectiveOn: '2027-02-30',
    })
    expect(parsed.success).toBe(false)
    const fields = parsed.error!.issues.map((issue) => issue.path[0])
    expect(fields).toEqual(expect.arrayContaining(['chipRepair', 'replacementCar', 'calibrationStatic', 'effectiveOn']))
    expect(parsed.error!.issues.find((issue) => issue.path[0] === 'replacementCar')!.message).toBe(
      'Replacement, car, no ADAS: enter an amount in dollars, from $50.00 to $3,000.00.',
    )
  })
})
