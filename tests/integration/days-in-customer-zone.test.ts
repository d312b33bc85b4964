import { afterEach, describe, expect, it, vi } from 'vitest'

import { bookableDates } from '~/domain/shops'
import { loader as submitLoader } from '~/routes/customer.submit-claim'

import { createActivePolicy, createProfile, ensureSeeded, sessionCookieFor } from '../support/factories'
import { makeRequest, routeArgs } from '../support/requests'

// 23:00 in Chicago on December 2 (CST, UTC−6) is already 05:00 on December 3 in UTC: every day a person sees or
// picks is their own zone's.
const ELEVEN_PM_CENTRAL = new Date('2026-12-03T05:00:00Z')

ensureSeeded()
afterEach(() => vi.useRealTimers())

describe("days in the customer's zone", () => {
  it("the claim form's default and latest damage day is the customer's today, not UTC's", async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(ELEVEN_PM_CENTRAL)
    const profile = createProfile()
    const { policy } = createActivePolicy(profile.id, { governingState: 'IL' })
    const cookie = await sessionCookieFor(profile.id)
    const data = (await submitLoader(routeArgs(makeRequest(`/customer/submit-claim?policy_id=${policy.id}`, { cookie })))) as {
      today: string
    }
    expect(data.today).toBe('2026-12-02')
  })

  it('the first bookable day is the day after the customer’s today', () => {
    expect(bookableDates(ELEVEN_PM_CENTRAL, 3, 'America/Chicago')[0]).toBe('2026-12-03')
    expect(bookableDates(ELEVEN_PM_CENTRAL, 3, 'UTC')[0]).toBe('2026-12-04')
  })
})
