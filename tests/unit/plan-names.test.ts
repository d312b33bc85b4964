import { describe, expect, it } from 'vitest'

import { LOOKUP_KEYS, MONTHLY_LOOKUP_KEYS, planForLookupKey, planName } from '~/domain/plans'

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

  it('gives every plan on sale its own name (a yearly price buys the same plan as its monthly twin)', () => {
    const names = MONTHLY_LOOKUP_KEYS.map((key) => planName(planForLookupKey(key)))
    expect(new Set(names).size).toBe(MONTHLY_LOOKUP_KEYS.length)
    for (const key of LOOKUP_KEYS) expect(names).toContain(planName(planForLookupKey(key)))
    expect(names).toContain('Comprehensive — Car + ADAS')
  })
})
