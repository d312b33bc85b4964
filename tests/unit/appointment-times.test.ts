import { describe, expect, it } from 'vitest'

import { appointmentParts, appointmentValue, describeAppointment, formatClockTime, insideSlot } from '~/domain/shops'
import { ShopCompletionSchema } from '~/validation/invoice'

describe('appointment times', () => {
  it('a confirmed time starts inside its half day: from the first hour, before the last', () => {
    expect(insideSlot('morning', '08:00')).toBe(true)
    expect(insideSlot('morning', '11:59')).toBe(true)
    expect(insideSlot('morning', '07:59')).toBe(false)
    expect(insideSlot('morning', '12:00')).toBe(false)
    expect(insideSlot('afternoon', '12:00')).toBe(true)
    expect(insideSlot('afternoon', '16:55')).toBe(true)
    expect(insideSlot('afternoon', '17:00')).toBe(false)
  })

  it('reads as people say it, with no zone to shift it', () => {
    expect(formatClockTime('00:05')).toBe('12:05 AM')
    expect(formatClockTime('09:30')).toBe('9:30 AM')
    expect(formatClockTime('12:00')).toBe('12:00 PM')
    expect(formatClockTime('17:45')).toBe('5:45 PM')
    expect(appointmentValue('2026-12-08', '09:30')).toBe('2026-12-08T09:30')
    expect(appointmentParts('2026-12-08T09:30')).toEqual({ date: '2026-12-08', time: '09:30' })
    expect(describeAppointment('2026-12-31T23:30')).toBe('December 31, 2026 at 11:30 PM')
  })
})

describe('the shop completion form', () => {
  const parse = (fields: Record<string, string>) => ShopCompletionSchema.safeParse({ repairType: 'repair', ...fields })

  it('reads labor hours as a number from 0 to 24 with at most two decimals', () => {
    expect(parse({ laborHours: '1.5' }).data?.laborHours).toBe(1.5)
    expect(parse({ laborHours: '0' }).data?.laborHours).toBe(0)
    expect(parse({ laborHours: '24' }).data?.laborHours).toBe(24)
    expect(parse({ laborHours: '' }).data?.laborHours).toBeNull()
    for (const bad of ['24.5', '-1', '1.234', 'two', '1,5']) expect(parse({ laborHours: bad }).success, bad).toBe(false)
  })

  it('keeps the part number upper case without spaces and defaults the calibration to none', () => {
    expect(parse({ partNumber: 'fw04567 gty' }).data).toMatchObject({ partNumber: 'FW04567GTY', adasCalibration: 'none' })
    expect(parse({ adasCalibration: 'both' }).data?.adasCalibration).toBe('both')
    expect(parse({ adasCalibration: 'laser' }).success).toBe(false)
  })
})
