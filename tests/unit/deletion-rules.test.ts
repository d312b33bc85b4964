import { describe, expect, it } from 'vitest'

import { deletionBlockers } from '~/domain/privacy'
import { DAY_MS } from '~/domain/time'

/** Deleting an account is held back by a commitment only where the customer's state lets it bind. */

const now = new Date('2026-11-23T12:00:00Z')
const policy = (governingState: string | null, daysSincePurchase: number) => ({
  id: `pol_${governingState ?? 'none'}_${daysSincePurchase}`,
  status: 'active' as const,
  governingState,
  createdAt: new Date(now.getTime() - daysSincePurchase * DAY_MS).toISOString(),
  initialTermEndsAt: new Date(now.getTime() + (365 - daysSincePurchase) * DAY_MS).toISOString(),
})

describe('what keeps an account from being deleted', () => {
  it('a New York plan after its 30-day free look, inside the 12 months', () => {
    const blockers = deletionBlockers([policy('NY', 40)], [], now)
    expect(blockers).toHaveLength(1)
    expect(blockers[0]).toContain('Policy pol_NY_40 is inside its 12-month commitment until')
  })

  it('not a New York plan in its free look, nor Texas, California, an unlisted state or an unknown one', () => {
    const free = [policy('NY', 10), policy('TX', 40), policy('CA', 200), policy('OH', 100), policy(null, 300)]
    expect(deletionBlockers(free, [], now)).toEqual([])
  })

  it('not a cancelled plan; an open claim still does', () => {
    expect(deletionBlockers([{ ...policy('NY', 40), status: 'canceled' }], [], now)).toEqual([])
    expect(deletionBlockers([], [{ confirmationCode: 'CS-ABC123', approvalStatus: 'pending_review' }], now)).toEqual([
      'Claim CS-ABC123 is waiting for our decision. You can delete your account once it is closed.',
    ])
  })
})
