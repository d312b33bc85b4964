import { describe, expect, it } from 'vitest'

import { vehicleName } from '~/domain/vehicles'

const CAMRY = { year: 2019, make: 'Toyota', model: 'Camry', licensePlate: 'ABC123', licensePlateState: 'UT' }

describe('vehicleName: the one way a vehicle is named', () => {
  it('is year, make and model; with its plate, the state and plate in brackets', () => {
    expect(vehicleName(CAMRY)).toBe('2019 Toyota Camry')
    expect(vehicleName(CAMRY, { withPlate: true })).toBe('2019 Toyota Camry (UT ABC123)')
  })

  it('leaves out a missing part with its space', () => {
    expect(vehicleName({ ...CAMRY, licensePlateState: null }, { withPlate: true })).toBe('2019 Toyota Camry (ABC123)')
    expect(vehicleName({ ...CAMRY, licensePlate: null }, { withPlate: true })).toBe('2019 Toyota Camry')
    expect(vehicleName({ ...CAMRY, licensePlate: '  ' }, { withPlate: true })).toBe('2019 Toyota Camry')
    expect(vehicleName({ year: '2024', make: 'Honda', model: '' })).toBe('2024 Honda')
    expect(vehicleName({ make: 'Honda', model: 'CR-V' })).toBe('Honda CR-V')
    expect(vehicleName({ licensePlate: 'XYZ789', licensePlateState: 'NV' }, { withPlate: true })).toBe('NV XYZ789')
    expect(vehicleName({})).toBe('')
  })
})
