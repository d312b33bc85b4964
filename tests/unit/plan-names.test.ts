import { describe, expect, it } from 'vitest'

import { LOOKUP_KEYS, planForLookupKey, planName } from '~/domain/plans'

describe('planName: the one name of a plan', () => {
  it.each([
    [{ planType: 'chip_only', vehicleType: null, hasAdas: null }, 'Chip Repair Only'],
    // Chip Repair Only is one plan whatever the vehicle: class and ADAS never show in its name.
    [{ planType: 'chip_only', vehicleType: 'trucksuv', hasAdas: true }, 'Chip Repair Only'],
    [{ planType: 'comprehensive', vehicleType: 'car', hasAdas: false }, 'Comprehensive — Car'],
    [{ planType: 'comprehensive', vehicleType: 'car', hasAdas: true }, 'Comprehensive — Car + ADAS'],
    [{ planType: 'comprehensive', vehicleType: 'trucksuv', hasAdas: false }, 'Comprehensive — Truck/SUV'],
    [{ planType: 'comprehensive', vehicleType: 'trucksuv', hasAdas: true }, 'Comprehensive — Truck/SUV + ADAS'],
    // A plan not set up yet (no class recorded) is named by its type alone.
    [{ planType: 'comprehensive', vehicleType: null, hasAdas: null }, 'Comprehensive'],
    [{ planType: 'comprehensive' }, 'Comprehensive'],
  ] as const)('%o → %s', (plan, name) => {
    expect(planName(plan)).toBe(name)
  })

  it('gives every plan on sale its own name', () => {
    const names = LOOKUP_KEYS.map((key) => planName(planForLookupKey(key)))
    expect(new Set(names).size).toBe(LOOKUP_KEYS.length)
    expect(names).toContain('Comprehensive — Car + ADAS')
  })
})
