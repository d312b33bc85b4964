import { describe, expect, it } from 'vitest'

import { milesBetween, offersAll, rankByDistance, servicesNeeded, servicesOffered } from '~/domain/shops'
import { zipPlace } from '~/services/zip-centroids.server'

const all = { offersChipRepair: true, offersReplacement: true, offersCalibration: true }

describe('ZIP centroids (the bundled zipcodes table)', () => {
  it('places a real US ZIP and knows nothing of a made-up one or a malformed one', () => {
    expect(zipPlace('84101')).toMatchObject({ city: 'Salt Lake City', state: 'UT' })
    expect(zipPlace('84101')!.latitude).toBeCloseTo(40.75, 1)
    expect(zipPlace('00000')).toBeNull()
    expect(zipPlace('8410')).toBeNull()
    expect(zipPlace('K1A 0B1')).toBeNull() // a Canadian postcode in the same package is not a US ZIP
    expect(zipPlace(null)).toBeNull()
  })
})

describe('distance', () => {
  it('is the great-circle distance in miles', () => {
    const slc = zipPlace('84101')!
    const provo = zipPlace('84601')!
    const nyc = zipPlace('10001')!
    expect(milesBetween(slc, slc)).toBe(0)
    expect(milesBetween(slc, provo)).toBeGreaterThan(35)
    expect(milesBetween(slc, provo)).toBeLessThan(50)
    expect(milesBetween(slc, nyc)).toBeGreaterThan(1900)
    expect(milesBetween(slc, nyc)).toBeLessThan(2000)
    expect(milesBetween(slc, nyc)).toBeCloseTo(milesBetween(nyc, slc), 6)
  })

  it('ranks places nearest first, ties by name, leaving out places with no position, up to the limit', () => {
    const origin = zipPlace('84101')!
    const at = (zip: string) => zipPlace(zip)
    const places = [
      { name: 'New York', position: at('10001') },
      { name: 'Provo', position: at('84601') },
      { name: 'Nowhere', position: null },
      { name: 'B Downtown', position: at('84101') },
      { name: 'A Downtown', position: at('84101') },
      { name: 'Ogden', position: at('84401') },
    ]
    expect(rankByDistance(origin, places, 10).map((place) => place.name)).toEqual([
      'A Downtown',
      'B Downtown',
      'Ogden',
      'Provo',
      'New York',
    ])
    expect(rankByDistance(origin, places, 2).map((place) => [place.name, place.miles])).toEqual([
      ['A Downtown', 0],
      ['B Downtown', 0],
    ])
  })
})

describe('service matching', () => {
  it('a chip needs chip repair; a crack needs a replacement, and calibration too on a plan with ADAS', () => {
    expect(servicesNeeded({ damageType: 'chip', hasAdas: true })).toEqual(['chip_repair'])
    expect(servicesNeeded({ damageType: 'crack', hasAdas: false })).toEqual(['replacement'])
    expect(servicesNeeded({ damageType: 'crack', hasAdas: true })).toEqual(['replacement', 'calibration'])
  })

  it('a shop fits when it offers every service needed', () => {
    const replacementOnly = { ...all, offersCalibration: false }
    expect(servicesOffered(replacementOnly)).toEqual(['chip_repair', 'replacement'])
    expect(offersAll(replacementOnly, servicesNeeded({ damageType: 'crack', hasAdas: true }))).toBe(false)
    expect(offersAll(replacementOnly, servicesNeeded({ damageType: 'crack', hasAdas: false }))).toBe(true)
    expect(offersAll(all, servicesNeeded({ damageType: 'crack', hasAdas: true }))).toBe(true)
    expect(offersAll({ ...all, offersChipRepair: false }, ['chip_repair'])).toBe(false)
  })
})
