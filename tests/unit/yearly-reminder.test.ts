import { describe, expect, it } from 'vitest'

import { anniversaryOf, dueAnniversary, REMINDER_CATCH_UP_DAYS } from '~/domain/yearly-reminder'

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
