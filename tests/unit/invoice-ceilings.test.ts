import { describe, expect, it } from 'vitest'

import {
  heldInvoiceService,
  INVOICE_CEILING_CENTS,
  invoiceCeilingCents,
  invoiceServiceName,
  invoiceServiceOf,
  isInvoiceHeld,
} from '~/domain/payouts'

describe('an invoice above its service’s ceiling is held for the operator', () => {
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

  it('orders the ceilings as the work costs, and adds the calibration’s allowance', () => {
    expect(invoiceCeilingCents('chip_repair')).toBeLessThan(invoiceCeilingCents('replacement_car'))
    expect(invoiceCeilingCents('replacement_car')).toBeLessThan(invoiceCeilingCents('replacement_trucksuv'))
    expect(invoiceCeilingCents('replacement_car+adas')).toBe(INVOICE_CEILING_CENTS.replacement_car + INVOICE_CEILING_CENTS.adas_calibration)
    expect(invoiceCeilingCents('chip_repair+adas')).toBe(INVOICE_CEILING_CENTS.chip_repair + INVOICE_CEILING_CENTS.adas_calibration)
  })

  it('holds only a total above the ceiling; at the ceiling, below it or with no total, nothing is held', () => {
    expect(heldInvoiceService({ ...chip, actualCostCents: 9_999_999 })).toBe('chip_repair')
    expect(heldInvoiceService({ ...chip, actualCostCents: invoiceCeilingCents('chip_repair') + 1 })).toBe('chip_repair')
    expect(heldInvoiceService({ ...chip, actualCostCents: invoiceCeilingCents('chip_repair') })).toBeNull()
    expect(heldInvoiceService({ ...chip, actualCostCents: 8_950 })).toBeNull()
    expect(heldInvoiceService({ ...chip, actualCostCents: null })).toBeNull()
    // What holds a chip repair is an ordinary car windshield; a car's price on a truck is within its own.
    expect(heldInvoiceService({ ...car, actualCostCents: invoiceCeilingCents('chip_repair') + 1 })).toBeNull()
    expect(heldInvoiceService({ ...car, actualCostCents: invoiceCeilingCents('replacement_car') + 1 })).toBe('replacement_car')
    expect(heldInvoiceService({ ...truck, actualCostCents: invoiceCeilingCents('replacement_car') + 1 })).toBeNull()
    // The calibration's allowance counts only when a calibration was done.
    const withCalibration = invoiceCeilingCents('replacement_car') + INVOICE_CEILING_CENTS.adas_calibration
    expect(heldInvoiceService({ ...car, adasCalibration: 'both', actualCostCents: withCalibration })).toBeNull()
    expect(heldInvoiceService({ ...car, adasCalibration: 'both', actualCostCents: withCalibration + 1 })).toBe('replacement_car+adas')
    expect(heldInvoiceService({ ...car, actualCostCents: withCalibration })).toBe('replacement_car')
  })

  it('a held invoice stays held until it is released', () => {
    expect(isInvoiceHeld({ invoiceHeldFor: 'chip_repair', invoiceReleasedAt: null })).toBe(true)
    expect(isInvoiceHeld({ invoiceHeldFor: 'chip_repair', invoiceReleasedAt: '2026-11-26T10:00:00.000Z' })).toBe(false)
    expect(isInvoiceHeld({ invoiceHeldFor: null, invoiceReleasedAt: null })).toBe(false)
  })
})
