import { describe, expect, it } from 'vitest'

import { anniversaryOf, dueAnniversary, purchaseWindows, REMINDER_CATCH_UP_DAYS } from '~/domain/yearly-reminder'

describe('the anniversary a yearly reminder is due for', () => {
  const bought = '2025-03-10T08:00:00.000Z'

  it('none before the first anniversary; then the latest one reached', () => {
    expect(dueAnniversary(bought, new Date('2025-03-10T08:00:00Z'))).toBeNull()
    expect(dueAnniversary(bought, new Date('2026-03-10T07:59:59Z'))).toBeNull()
    expect(dueAnniversary(bought, new Date('2026-03-10T08:00:00Z'))).toEqual({ number: 1, at: new Date('2026-03-10T08:00:00Z') })
    expect(dueAnniversary(bought, new Date('2028-03-20T00:00:00Z'))?.number).toBe(3)
  })

  it(`caught up for ${REMINDER_CATCH_UP_DAYS} days, then it waits for the next anniversary`, () => {
    expect(dueAnniversary(bought, new Date('2026-04-09T08:00:00Z'))?.number).toBe(1)
    expect(dueAnniversary(bought, new Date('2026-04-09T08:00:01Z'))).toBeNull()
    expect(dueAnniversary(bought, new Date('2027-03-09T00:00:00Z'))).toBeNull()
  })

  it('a February 29 purchase has its anniversary on February 28', () => {
    expect(anniversaryOf('2024-02-29T10:00:00.000Z', 1).toISOString()).toBe('2025-02-28T10:00:00.000Z')
    expect(anniversaryOf('2024-02-29T10:00:00.000Z', 4).toISOString()).toBe('2028-02-29T10:00:00.000Z')
    expect(dueAnniversary('2024-02-29T10:00:00.000Z', new Date('2025-02-28T11:00:00Z'))?.number).toBe(1)
  })
})

describe('the purchase windows the daily job reads', () => {
  const HOUR = 3_600_000
  const inWindow = (windows: { from: Date; to: Date }[], at: number) =>
    windows.some(({ from, to }) => from.getTime() <= at && at <= to.getTime())

  it('hold every purchase whose reminder is due, across month ends and leap days, and little else', () => {
    for (const now of ['2028-03-01T06:00:00Z', '2027-02-28T23:30:00Z', '2026-12-31T12:00:00Z', '2026-11-25T00:00:00Z']) {
      const at = new Date(now)
      const windows = purchaseWindows(at, 5)
      let due = 0
      let read = 0
      // A purchase every 7 hours over the five years before `now`.
      for (let bought = at.getTime() - 5 * 366 * 24 * HOUR; bought <= at.getTime(); bought += 7 * HOUR) {
        const isDue = dueAnniversary(new Date(bought), at) !== null
        const isRead = inWindow(windows, bought)
        if (isDue) expect(isRead, `${new Date(bought).toISOString()} due at ${now}`).toBe(true)
        due += Number(isDue)
        read += Number(isRead)
      }
      expect(due).toBeGreaterThan(0)
      // The windows read the due purchases plus a few days' slack around each: never a whole year.
      expect(read).toBeLessThan(due * 1.2)
    }
  })

  it('are none before anyone could have an anniversary', () => {
    expect(purchaseWindows(new Date('2026-11-25T00:00:00Z'), 0)).toEqual([])
  })
})
