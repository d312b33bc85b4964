import { describe, expect, it } from 'vitest'

import { formMakeName } from '../../app/content/vehicles'
import patternData from '../../app/content/vin-patterns.json'
import { decodeVinOffline } from '../../app/content/vin-wmi'
import data from '../../app/content/vin-wmi.json'
import { VIN_MESSAGES } from '../../app/domain/messages'
import { checkVin, modelYearCandidates, normalizeVin, vinCheckDigit, vinModelYear } from '../../app/domain/vin'

const NOW = new Date('2025-06-01T12:00:00Z')

describe('the check digit', () => {
  it('is worked out as 49 CFR 565 says: a 2003 Honda Accord, by hand', () => {
    // 1 H G C M 8 2 6 [3] 3 A 0 0 4 3 5 2
    // values  1 8 7 3 4 8 2 6 · 3 1 0 0 4 3 5 2 (H=8 G=7 C=3 M=4 A=1)
    // weights 8 7 6 5 4 3 2 10 0 9 8 7 6 5 4 3 2
    // 8+56+42+15+16+24+4+60+0+27+8+0+0+20+12+15+4 = 311; 311 mod 11 = 3
    expect(vinCheckDigit('1HGCM82633A004352')).toBe('3')
  })

  it('is X for a remainder of 10', () => {
    // 1M8GDM9AXKP042788, the standard's own example (a Motor Coach Industries bus).
    expect(vinCheckDigit('1M8GDM9AXKP042788')).toBe('X')
    expect(checkVin('1M8GDM9AXKP042788')).toEqual({ ok: true, vin: '1M8GDM9AXKP042788' })
  })

  it.each([
    ['1HGCM82633A004352', 'Honda Accord 2003'],
    ['1FTFW1ET9DFC10312', 'Ford F-150 2013'],
    ['5YJSA1E27HF000337', 'Tesla Model S 2017'],
    ['1G1ZT53826F109149', 'Chevrolet Malibu 2006'],
    ['3VWFE21C04M000001', 'Volkswagen 2004'],
    ['4T1BF1FK0CU123456', 'Toyota Camry 2012'],
  ])('accepts %s (%s)', (vin) => {
    expect(checkVin(vin)).toEqual({ ok: true, vin })
  })

  it.each([
    // Often quoted as examples, but their 9th character is wrong: the sums give 9 and 7.
    ['1FTFW1ET5DFC10312', '9'],
    ['5YJSA1E26HF000337', '7'],
    ['1HGCM82643A004352', '3'],
  ])('refuses %s, whose check digit should be %s', (vin, digit) => {
    expect(vinCheckDigit(vin)).toBe(digit)
    expect(checkVin(vin)).toEqual({ ok: false, message: VIN_MESSAGES.checkDigit })
  })
})

describe('checkVin', () => {
  it('normalises: upper case, no spaces', () => {
    expect(normalizeVin(' 1hgcm8 2633a 004352\t')).toBe('1HGCM82633A004352')
    expect(checkVin('1hgcm82633a004352')).toEqual({ ok: true, vin: '1HGCM82633A004352' })
  })

  it.each(['1HGCM82633A0O4352', '1HGCM82633A0I4352', 'Q1HGCM8263A004352', '1hgcm82633a0o4352'])('refuses I, O and Q: %s', (vin) => {
    expect(checkVin(vin)).toEqual({ ok: false, message: VIN_MESSAGES.forbiddenLetters })
  })

  it('refuses other characters and wrong lengths, each with its own message', () => {
    expect(checkVin('1HGCM8-2633A004352')).toEqual({ ok: false, message: VIN_MESSAGES.characters })
    expect(checkVin('1HGCM82633A00435')).toEqual({ ok: false, message: VIN_MESSAGES.length(16) })
    expect(checkVin('1HGCM82633A0043522')).toEqual({ ok: false, message: VIN_MESSAGES.length(18) })
    expect(VIN_MESSAGES.length(16)).not.toBe(VIN_MESSAGES.checkDigit)
  })

  it('refuses a 10th character that is no model-year code (U, Z and 0 are none)', () => {
    // The check digit is right (worked out for this VIN), so only the year code is wrong.
    const vin = `1HGCM826${vinCheckDigit('1HGCM8260UA004352')}UA004352`
    expect(checkVin(vin)).toEqual({ ok: false, message: VIN_MESSAGES.modelYear })
  })
})

describe('the model year (10th character)', () => {
  it('has two candidates, 30 years apart', () => {
    expect(modelYearCandidates('1HGCM82633A004352')).toEqual([2003, 2033])
    expect(modelYearCandidates('1FTFW1ET9DFC10312')).toEqual([1983, 2013])
    expect(modelYearCandidates('5YJSA1E27HF000337')).toEqual([1987, 2017])
    expect(modelYearCandidates('1M8GDM9AXKP042788')).toEqual([1989, 2019])
    expect(modelYearCandidates('1HGCM8263UA004352')).toEqual([])
  })

  it('picks the cycle position 7 points to (a digit before 2010, a letter from 2010), never a year not begun', () => {
    expect(vinModelYear('1HGCM82633A004352', NOW)).toBe(2003)
    expect(vinModelYear('1FTFW1ET9DFC10312', NOW)).toBe(2013)
    expect(vinModelYear('5YJSA1E27HF000337', NOW)).toBe(2017)
    expect(vinModelYear('4T1BF1FK0CU123456', NOW)).toBe(2012)
    // 'V' is 1997 or 2027: with a letter in position 7 it would be 2027, which has not begun in 2025.
    expect(vinModelYear('4T1BF1FK0VU123456', NOW)).toBe(1997)
    expect(vinModelYear('4T1BF1FK0VU123456', new Date('2026-09-01T00:00:00Z'))).toBe(2027)
  })
})

describe('offline decoding (the bundled WMI table and vPIC patterns)', () => {
  it('gives the model year, the class, the make and the model', () => {
    expect(decodeVinOffline('1HGCM82633A004352', NOW)).toEqual({
      year: 2003,
      make: 'Honda',
      makes: ['Honda'],
      model: 'Accord',
      vehicleType: 'car',
    })
    expect(decodeVinOffline('1FTFW1ET9DFC10312', NOW)).toEqual({
      year: 2013,
      make: 'Ford',
      makes: ['Ford'],
      model: 'F-150',
      vehicleType: 'trucksuv',
    })
    expect(decodeVinOffline('5YJSA1E27HF000337', NOW)).toEqual({
      year: 2017,
      make: 'Tesla',
      makes: ['Tesla'],
      model: 'Model S',
      vehicleType: 'car',
    })
  })

  // Real-shaped VINs (a made-up serial, the check digit worked out) of common vehicles; several have a WMI that vPIC
  // files under more than one make, where the make comes from the model the VIN's characters 4-8 name.
  it.each([
    ['4T1BF1FK0CU123456', 2012, 'Toyota', 'Camry', 'car'],
    ['4T1B11HK8KU123456', 2019, 'Toyota', 'Camry', 'car'],
    ['JTDKB20U293123456', 2009, 'Toyota', 'Prius', 'car'],
    ['2T1BURHE8JC123456', 2018, 'Toyota', 'Corolla', 'car'],
    ['JTDBR32E230123456', 2003, 'Toyota', 'Corolla', 'car'],
    ['5TDZA23C46S123456', 2006, 'Toyota', 'Sienna', 'trucksuv'], // 5TD: Lexus and Toyota
    ['5TDKZRFH9KS123456', 2019, 'Toyota', 'Highlander', 'trucksuv'],
    ['JTMBFREV1HJ123456', 2017, 'Toyota', 'RAV4', 'trucksuv'], // JTM: Subaru and Toyota
    ['2T3P1RFV1MC123456', 2021, 'Toyota', 'RAV4', 'trucksuv'],
    ['JF1ZNAA18H8712345', 2017, 'Toyota', '86', 'car'], // JF1: Subaru and Toyota (built by Subaru)
    ['JTJBM7FX7E5123456', 2014, 'Lexus', 'GX', 'trucksuv'],
    ['2HGFC2F50JH123456', 2018, 'Honda', 'Civic', 'car'],
    ['5J6RW2H88LL123456', 2020, 'Honda', 'CR-V', 'trucksuv'],
    ['1FTEW1EP6JFA12345', 2018, 'Ford', 'F-150', 'trucksuv'],
    ['1FTRX18W6XNA12345', 1999, 'Ford', 'F-150', 'trucksuv'],
    ['1GCUYDED4KZ123456', 2019, 'Chevrolet', 'Silverado', 'trucksuv'],
    ['1GCVKREC6EZ123456', 2014, 'Chevrolet', 'Silverado', 'trucksuv'],
    ['3GCUKREC9JG123456', 2018, 'Chevrolet', 'Silverado', 'trucksuv'],
    ['5YJ3E1EA6KF123456', 2019, 'Tesla', 'Model 3', 'car'],
    ['7SAYGDEE1NF123456', 2022, 'Tesla', 'Model Y', 'trucksuv'],
    ['4S4BSANC8K3123456', 2019, 'Subaru', 'Outback', 'trucksuv'],
    ['JF2SKAUC5KH123456', 2019, 'Subaru', 'Forester', 'trucksuv'],
    ['JF1VA1B63M9812345', 2021, 'Subaru', 'WRX', 'car'], // JF1 again
    ['1N4AL3AP0JC123456', 2018, 'Nissan', 'Altima', 'car'], // 1N4: Infiniti and Nissan
    ['JN1EV7AR6JM123456', 2018, 'Infiniti', 'Q50', 'car'], // JN1: Datsun, Infiniti and Nissan
    ['KMHD84LF7HU123456', 2017, 'Hyundai', 'Elantra', 'car'], // KMH: Genesis and Hyundai
    ['KNDJP3A50H7123456', 2017, 'Kia', 'Soul', 'trucksuv'], // KND: Hyundai and Kia
    ['1C4RJFAG6FC123456', 2015, 'Jeep', 'Grand Cherokee', 'trucksuv'], // 1C4: six makes
    ['1C6RR7LT0ES123456', 2014, 'Ram', '1500', 'trucksuv'],
  ])('%s: %i %s %s', (vin, year, make, model, vehicleType) => {
    expect(checkVin(vin)).toEqual({ ok: true, vin })
    expect(decodeVinOffline(vin, NOW)).toMatchObject({ year, make, model, vehicleType })
  })

  it('leaves make and model open when one WMI serves several makes and no pattern names the VIN (Nissan or Infiniti)', () => {
    const vin = '1N4ZZ9ZZ8JC123456'
    expect(checkVin(vin)).toEqual({ ok: true, vin })
    expect(decodeVinOffline(vin, NOW)).toEqual({ year: 2018, make: null, makes: ['Infiniti', 'Nissan'], model: null, vehicleType: 'car' })
  })

  it('leaves the model open when the patterns a VIN matches name two models (a 1990 Civic or Civic Si)', () => {
    const vin = '1HGED9366LA012345'
    expect(checkVin(vin)).toEqual({ ok: true, vin })
    expect(decodeVinOffline(vin, NOW)).toEqual({ year: 1990, make: 'Honda', makes: ['Honda'], model: null, vehicleType: 'car' })
  })

  it('gives the make of a one-make WMI even when no pattern names the model', () => {
    const vin = '4T1ZZ9ZZ4CU123456'
    expect(checkVin(vin)).toEqual({ ok: true, vin })
    expect(decodeVinOffline(vin, NOW)).toMatchObject({ year: 2012, make: 'Toyota', model: null })
  })

  it('knows no WMI of a make the plans do not cover (a bus maker)', () => {
    expect(decodeVinOffline('1M8GDM9AXKP042788', NOW)).toBeNull()
  })

  it('is a small table of three-character codes, each a class and at least one make the form can name', () => {
    const entries = Object.entries(data as Record<string, string[]>)
    expect(entries.length).toBeGreaterThan(300)
    expect(JSON.stringify(data).length).toBeLessThan(40_000)
    for (const [wmi, [type, ...makes]] of entries) {
      expect(wmi).toMatch(/^[A-HJ-NPR-Z0-9]{3}$/)
      expect(['car', 'trucksuv']).toContain(type)
      expect(makes.length).toBeGreaterThan(0)
    }
    expect(formMakeName('HONDA')).toBe('Honda')
    expect(formMakeName('MERCEDES-BENZ')).toBe('Mercedes-Benz')
    expect(formMakeName('American Motors')).toBe('AMC')
  })

  it('has patterns only for WMIs of the table, each line a pattern, its years and a name of one of its makes', () => {
    const table = data as Record<string, string[]>
    const { names, wmis } = patternData as { names: string[]; wmis: Record<string, string[]> }
    expect(JSON.stringify(patternData).length).toBeLessThan(320_000)
    for (const [wmi, lines] of Object.entries(wmis)) {
      expect(table[wmi]).toBeDefined()
      for (const line of lines) {
        expect(line).toMatch(/^(?:[A-HJ-NPR-Z0-9*]|\[[A-HJ-NPR-Z0-9]+\])* (?:(?:\d\d(?:-\d\d)?,)*\d\d(?:-\d\d)? )?\d+$/)
        expect(names[Number(line.split(' ').at(-1))]).toMatch(/^[^|]+\|[^|]+$/)
      }
    }
  })
})
