import { describe, expect, it } from 'vitest'

import { heldInvoiceService, invoiceServiceName, invoiceServiceOf, isInvoiceHeld } from '~/domain/payouts'
import { jobPriceCents, type ScheduleAmounts } from '~/domain/price-schedule'

const SCHEDULE: ScheduleAmounts = {
  chipRepair: 9_000,
  replacementCar: 40_000,
  replacementCarAdas: 48_000,
  replacementTrucksuv: 45_000,
  replacementTrucksuvAdas: 54_000,
  calibrationStatic: 25_000,
  calibrationDynamic: 20_000,
  mobileSurcharge: 2_500,
}

describe('an invoice above the job’s scheduled price is held for the operator', () => {
  const chip = { repairType: 'repair', vehicleType: 'car', adasCalibration: 'none' } as const
  const car = { repairType: 'replacement', vehicleType: 'car', adasCalibration: 'none' } as const
  const truck = { repairType: 'replacement', vehicleType: 'trucksuv', adasCalibration: 'none' } as const

  it('tells the service by the work, the vehicle class and a calibration', () => {
    expect(invoiceServiceOf(chip)).toBe('chip_repair')
    expect(invoiceServiceOf({ ...chip, vehicleType: 'trucksuv' })).toBe('chip_repair')
    expect(invoiceServiceOf(car)).toBe('replacement_car')
    expect(invoiceServiceOf(truck)).toBe('replacement_trucksuv')
    expect(invoiceServiceOf({ ...car, vehicleType: null })).toBe('replacement_trucksuv')
    for (const adasCalibration of ['static', 'dynamic', 'both'] as const) {
      expect(invoiceServiceOf({ ...car, adasCalibration })).toBe('replacement_car+adas')
    }
    expect(invoiceServiceOf({ ...truck, adasCalibration: null })).toBe('replacement_trucksuv')
    expect(invoiceServiceName('chip_repair')).toBe('chip repair')
    expect(invoiceServiceName('replacement_trucksuv+adas')).toBe('windshield replacement (truck/SUV) with ADAS calibration')
  })

  it('holds only a total above the job’s price; at it, below it, with no total or with no schedule, nothing is held', () => {
    const chipPrice = jobPriceCents(SCHEDULE, { ...chip, hasAdas: false, mobile: false })
    expect(chipPrice).toBe(9_000)
    expect(heldInvoiceService({ ...chip, actualCostCents: 9_999_999, priceCents: chipPrice })).toBe('chip_repair')
    expect(heldInvoiceService({ ...chip, actualCostCents: chipPrice + 1, priceCents: chipPrice })).toBe('chip_repair')
    expect(heldInvoiceService({ ...chip, actualCostCents: chipPrice, priceCents: chipPrice })).toBeNull()
    expect(heldInvoiceService({ ...chip, actualCostCents: 8_950, priceCents: chipPrice })).toBeNull()
    expect(heldInvoiceService({ ...chip, actualCostCents: null, priceCents: chipPrice })).toBeNull()
    // Before any schedule is published there is no agreed price to be above.
    expect(heldInvoiceService({ ...chip, actualCostCents: 9_999_999, priceCents: null })).toBeNull()
    // A calibration and a mobile visit are part of the price, so of the ceiling.
    const calibrated = jobPriceCents(SCHEDULE, { ...car, adasCalibration: 'both', hasAdas: true, mobile: true })
    expect(calibrated).toBe(48_000 + 25_000 + 20_000 + 2_500)
    expect(heldInvoiceService({ ...car, adasCalibration: 'both', actualCostCents: calibrated, priceCents: calibrated })).toBeNull()
    expect(heldInvoiceService({ ...car, adasCalibration: 'both', actualCostCents: calibrated + 1, priceCents: calibrated })).toBe(
      'replacement_car+adas',
    )
  })

  it('a held invoice stays held until it is released', () => {
    expect(isInvoiceHeld({ invoiceHeldFor: 'chip_repair', invoiceReleasedAt: null })).toBe(true)
    expect(isInvoiceHeld({ invoiceHeldFor: 'chip_repair', invoiceReleasedAt: '2026-11-26T10:00:00.000Z' })).toBe(false)
    expect(isInvoiceHeld({ invoiceHeldFor: null, invoiceReleasedAt: null })).toBe(false)
  })
})
