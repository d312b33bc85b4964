import { describe, expect, test } from 'vitest'

import type { PolicyPhoto } from '~/db/schema'
import { PHOTO_MESSAGES, VEHICLE_MESSAGES } from '~/domain/messages'
import { isSetupDone } from '~/domain/policies'
import { hasRequiredPhotos, type PhotoSlots, wizardStep } from '~/models/policies/policy-setup.server'
import { isMakeEligible } from '~/models/policies/vehicles.server'
import { modelLookupSchema, vehicleSchema } from '~/validation/policy-setup'

const photo = (photoType: PolicyPhoto['photoType']) => ({ photoType }) as PolicyPhoto
const slots = (types: Array<'head_on' | 'inside_drivers' | 'inside_passengers'>): PhotoSlots => ({
  required: {
    head_on: types.includes('head_on') ? photo('head_on') : null,
    inside_drivers: types.includes('inside_drivers') ? photo('inside_drivers') : null,
    inside_passengers: types.includes('inside_passengers') ? photo('inside_passengers') : null,
  },
  additional: [],
})

describe('wizard step', () => {
  test('starts at photos, jumps to the vehicle once all three required photos exist, and Back asks for photos', () => {
    expect(wizardStep(slots([]))).toBe('photos')
    expect(wizardStep(slots(['head_on', 'inside_drivers']))).toBe('photos')
    expect(hasRequiredPhotos(slots(['head_on', 'inside_drivers', 'inside_passengers']))).toBe(true)
    expect(wizardStep(slots(['head_on', 'inside_drivers', 'inside_passengers']))).toBe('vehicle')
    expect(wizardStep(slots(['head_on', 'inside_drivers', 'inside_passengers']), 'photos')).toBe('photos')
    expect(wizardStep(slots([]), 'vehicle')).toBe('photos')
  })

  test('setup is complete with photos uploaded, a vehicle and the coverage start (one rule: isSetupDone)', () => {
    const done = { windshieldPhotosUploaded: true, vehicleId: 'v1', coverageStartDate: '2026-01-01' }
    expect(isSetupDone(done)).toBe(true)
    expect(isSetupDone({ ...done, windshieldPhotosUploaded: false })).toBe(false)
    expect(isSetupDone({ ...done, vehicleId: null })).toBe(false)
  })

  test('photo messages follow the product wording', () => {
    expect(PHOTO_MESSAGES.missing('head_on')).toBe('Please upload head-on view photo')
    expect(PHOTO_MESSAGES.failedType('inside_passengers')).toBe("Failed to upload inside passenger's side photo")
    expect(PHOTO_MESSAGES.failedAdditional(2)).toBe('Failed to upload additional photo 2')
  })
})

describe('excluded makes', () => {
  test('are refused for Comprehensive and allowed for Chip Repair Only', () => {
    expect(isMakeEligible('BMW', 'comprehensive')).toBe(false)
    expect(isMakeEligible('mercedes benz', 'comprehensive')).toBe(false)
    expect(isMakeEligible('BMW', 'chip_only')).toBe(true)
    expect(isMakeEligible('Toyota', 'comprehensive')).toBe(true)
    expect(isMakeEligible('Not A Make', 'chip_only')).toBe(false)
  })
})

describe('vehicle form', () => {
  const now = new Date('2026-06-01T12:00:00Z')
  const valid = { intent: 'complete', licensePlate: ' abc-12 ', licensePlateState: 'ut', year: '2019', make: 'Toyota', model: 'Camry' }

  test('stores the plate normalised (upper case, no spaces or dashes), the state upper case, the year as a number', () => {
    expect(vehicleSchema('comprehensive', now).parse(valid)).toEqual({
      ...valid,
      licensePlate: 'ABC12',
      licensePlateState: 'UT',
      year: 2019,
    })
  })

  test('a plate typed as ABC123, abc 123 or ABC-123 is one plate; only dashes and spaces is no plate', () => {
    const schema = vehicleSchema('comprehensive', now)
    for (const typed of ['ABC123', 'abc 123', 'ABC-123', ' a-b c1 2-3 '])
      expect(schema.parse({ ...valid, licensePlate: typed }).licensePlate).toBe('ABC123')
    expect(schema.safeParse({ ...valid, licensePlate: '- -' }).success).toBe(false)
  })

  test('years run from 1980 to the current year', () => {
    const schema = vehicleSchema('comprehensive', now)
    expect(schema.safeParse({ ...valid, year: '1980' }).success).toBe(true)
    expect(schema.safeParse({ ...valid, year: '2026' }).success).toBe(true)
    for (const year of ['1979', '2027', 'soon', '']) {
      const result = schema.safeParse({ ...valid, year })
      expect(result.success).toBe(false)
      expect(result.error!.issues[0]!.message).toBe(VEHICLE_MESSAGES.year(2026))
    }
  })

  test('plate, state, make and model are required; excluded makes only on Chip Repair Only', () => {
    const schema = vehicleSchema('comprehensive', now)
    const messages = (value: object) => schema.safeParse(value).error?.issues.map((issue) => issue.message) ?? []
    expect(messages({ ...valid, licensePlate: '  ' })).toEqual([VEHICLE_MESSAGES.plate])
    expect(messages({ ...valid, licensePlate: 'ABC<1>' })).toEqual([VEHICLE_MESSAGES.plateFormat])
    expect(messages({ ...valid, licensePlateState: 'XX' })).toEqual([VEHICLE_MESSAGES.state])
    expect(messages({ ...valid, model: '' })).toEqual([VEHICLE_MESSAGES.model])
    expect(messages({ ...valid, make: 'Porsche' })).toEqual([VEHICLE_MESSAGES.excludedMake])
    expect(vehicleSchema('chip_only', now).safeParse({ ...valid, make: 'Porsche', model: '911' }).success).toBe(true)
    expect(modelLookupSchema('comprehensive', now).safeParse({ year: '2019', make: 'Tesla' }).success).toBe(false)
  })
})
