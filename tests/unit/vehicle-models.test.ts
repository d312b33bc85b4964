import fs from 'node:fs'

import { describe, expect, it } from 'vitest'

import { bundledMakes, bundledModels } from '../../app/content/vehicle-models'
import data from '../../app/content/vehicle-models.json'
import { ALL_MAKES, POPULAR_MAKES } from '../../app/content/vehicles'

const JSON_PATH = new URL('../../app/content/vehicle-models.json', import.meta.url)
const byName = (a: string, b: string) => a.localeCompare(b, 'en') || (a < b ? -1 : a > b ? 1 : 0)
const isSorted = (names: string[]) => names.every((name, i) => i === 0 || byName(names[i - 1], name) <= 0)

describe('bundledModels', () => {
  it.each([
    ['Ford', 2015, ['F-150', 'Focus', 'Mustang', 'Escape']],
    ['Toyota', 2020, ['Camry', 'Corolla', 'RAV4', 'Tacoma']],
    ['Honda', 2010, ['Civic', 'Accord', 'CR-V']],
    ['Chevrolet', 1995, ['Camaro', 'Tahoe']],
    ['Mercedes-Benz', 2018, ['Sprinter']],
    ['Ram', 2022, ['1500']],
  ])('%s %i includes %j', (make, year, expected) => {
    expect(bundledModels(make, year)).toEqual(expect.arrayContaining(expected))
  })

  it('returns models sorted by name and without duplicates', () => {
    for (const [make, year] of [
      ['Ford', 2015],
      ['Toyota', 2020],
      ['BMW', 2012],
      ['Dodge', 1990],
    ] as const) {
      const models = bundledModels(make, year)
      expect(models.length).toBeGreaterThan(0)
      expect(isSorted(models)).toBe(true)
      expect(new Set(models.map((m) => m.toLowerCase())).size).toBe(models.length)
    }
  })

  it('matches the make ignoring case, spaces and punctuation', () => {
    const expected = bundledModels('Ford', 2015)
    expect(bundledModels('FORD', 2015)).toEqual(expected)
    expect(bundledModels('ford', 2015)).toEqual(expected)
    expect(bundledModels(' Ford ', 2015)).toEqual(expected)
    expect(bundledModels('mercedes benz', 2018)).toEqual(bundledModels('Mercedes-Benz', 2018))
  })

  it('respects model years, including gaps between ranges', () => {
    expect(bundledModels('Ford', 2021)).not.toContain('Focus') // schema named '... - 2018' closes the open range
    expect(bundledModels('Ford', 2015)).not.toContain('Ranger') // 1982–2011, then 2019 on
    expect(bundledModels('Ford', 2020)).toContain('Ranger')
    expect(bundledModels('Toyota', 1990)).not.toContain('Tacoma')
  })

  it('gives [] for an unknown make, a year without data, or a non-integer year', () => {
    expect(bundledModels('Nosuchmake', 2015)).toEqual([])
    expect(bundledModels('', 2015)).toEqual([])
    expect(bundledModels('Ford', 1975)).toEqual([])
    expect(bundledModels('Ford', 2099)).toEqual([])
    expect(bundledModels('Ford', 2015.5)).toEqual([])
    expect(bundledModels('Ford', Number.NaN)).toEqual([])
  })

  it("finds Scion's models under 'Scion' and the form's 'AMC' and 'Sterling' spellings", () => {
    expect(bundledModels('Scion', 2010)).toEqual(expect.arrayContaining(['tC', 'xB', 'xD']))
    expect(bundledModels('AMC', 1983)).toContain('Concord')
    expect(bundledModels('Sterling', 1988).length).toBeGreaterThan(0)
  })
})

describe('bundledMakes', () => {
  it('lists display spellings, sorted, each unique ignoring case and punctuation', () => {
    const makes = bundledMakes()
    expect(makes).toEqual(expect.arrayContaining(['Ford', 'Toyota', 'Honda', 'Mercedes-Benz', 'Land Rover', 'BMW', 'GMC']))
    expect(makes).not.toContain('FORD')
    expect(isSorted(makes)).toBe(true)
    expect(new Set(makes.map((m) => m.toLowerCase().replace(/[^a-z0-9]/g, ''))).size).toBe(makes.length)
  })

  it('leaves out heavy-truck, bus and trailer makes', () => {
    const makes = bundledMakes().map((m) => m.toLowerCase())
    for (const make of ['peterbilt', 'kenworth', 'freightliner', 'mack', 'blue bird', 'international']) {
      expect(makes).not.toContain(make)
    }
  })

  it('has models for every make on the form that vPIC knows in a year the make was sold', () => {
    // MG and Lancia have no US passenger-car data in vPIC after 1980, so they are not bundled.
    const notInVpic = new Set(['MG', 'Lancia'])
    for (const make of [...POPULAR_MAKES, ...ALL_MAKES].filter((m) => !notInVpic.has(m))) {
      const someYear = Array.from({ length: 2027 - 1980 + 1 }, (_, i) => 1980 + i).find((year) => bundledModels(make, year).length > 0)
      expect(someYear, make).toBeDefined()
    }
  })
})

describe('vehicle-models.json', () => {
  it('stays small and well-formed: ranges are ordered pairs within 1980..2027', () => {
    expect(fs.statSync(JSON_PATH).size).toBeLessThan(1_500_000)
    for (const [make, models] of Object.entries(data as Record<string, Record<string, number[]>>)) {
      for (const [model, ranges] of Object.entries(models)) {
        expect(ranges.length % 2, `${make} ${model}`).toBe(0)
        for (let i = 0; i < ranges.length; i += 2) {
          expect(ranges[i]).toBeGreaterThanOrEqual(i === 0 ? 1980 : ranges[i - 1] + 2)
          expect(ranges[i + 1]).toBeGreaterThanOrEqual(ranges[i])
          expect(ranges[i + 1]).toBeLessThanOrEqual(2027)
        }
      }
    }
  })
})
