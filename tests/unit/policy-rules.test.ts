import { describe, expect, it } from 'vitest'

import { formatLongDate } from '~/domain/format'
import {
  canCancel,
  cancellationMayRefund,
  canFileClaim,
  canTurnRenewalOff,
  commitmentHolds,
  isInInitialTerm,
  needsSetup,
  type PolicyStatus,
} from '~/domain/policies'

const termEnds = '2027-11-21T12:00:00.000Z'
const policy = (
  overrides: Partial<{ status: PolicyStatus; initialTermEndsAt: string | null; windshieldPhotosUploaded: boolean }> = {},
) => ({
  status: 'active' as PolicyStatus,
  initialTermEndsAt: termEnds,
  windshieldPhotosUploaded: true,
  ...overrides,
})

describe('policy rules', () => {
  it('holds the 12-month commitment until initial_term_ends_at', () => {
    expect(isInInitialTerm(policy(), new Date('2027-11-21T11:59:59Z'))).toBe(true)
    expect(isInInitialTerm(policy(), new Date('2027-11-21T12:00:00Z'))).toBe(false)
    expect(canCancel(policy(), '2027-06-01T00:00:00Z')).toBe(false)
    expect(canCancel(policy(), '2027-12-01T00:00:00Z')).toBe(true)
  })

  it('never cancels a canceled policy', () => {
    expect(canCancel(policy({ status: 'canceled' }), '2030-01-01T00:00:00Z')).toBe(false)
    expect(canCancel(policy({ status: 'past_due' }), '2030-01-01T00:00:00Z')).toBe(true)
  })

  it('asks for setup only while incomplete', () => {
    expect(needsSetup(policy({ status: 'incomplete', windshieldPhotosUploaded: false }))).toBe(true)
    expect(needsSetup(policy())).toBe(false)
    expect(needsSetup(policy({ status: 'canceled' }))).toBe(false)
  })

  it('allows claims only on an active policy with its photos', () => {
    expect(canFileClaim(policy())).toBe(true)
    expect(canFileClaim(policy({ windshieldPhotosUploaded: false }))).toBe(false)
    expect(canFileClaim(policy({ status: 'past_due' }))).toBe(false)
    expect(canFileClaim(policy({ status: 'incomplete' }))).toBe(false)
    expect(canFileClaim(policy({ status: 'canceled' }))).toBe(false)
  })
})

describe('formatLongDate', () => {
  it('writes US long dates, read in UTC', () => {
    expect(formatLongDate('2026-11-21T23:30:00.000Z')).toBe('November 21, 2026')
    expect(formatLongDate('2026-11-21T00:30:00.000Z')).toBe('November 21, 2026')
    expect(formatLongDate('2026-01-05')).toBe('January 5, 2026')
    expect(formatLongDate(new Date(Date.UTC(2027, 1, 28)))).toBe('February 28, 2027')
  })

  it('gives an empty string for a missing or unreadable value', () => {
    expect(formatLongDate(null)).toBe('')
    expect(formatLongDate(undefined)).toBe('')
    expect(formatLongDate('')).toBe('')
    expect(formatLongDate('not a date')).toBe('')
  })
})

describe('the commitment by state', () => {
  const DAY = 24 * 60 * 60 * 1000
  const bought = '2026-01-10T12:00:00.000Z'
  const termEnd = '2027-01-10T12:00:00.000Z'
  // `days` days after the purchase (the day of purchase is day 0), at the same time of day.
  const at = (days: number) => new Date(Date.parse(bought) + days * DAY)

  it('binds in New York after its 30-day free look, never in Texas, never while the state is unknown', () => {
    const ny = { status: 'active' as const, initialTermEndsAt: termEnd, governingState: 'NY', createdAt: bought }
    expect(commitmentHolds(ny, at(30))).toBe(false)
    expect(commitmentHolds(ny, at(31))).toBe(true)
    expect(canCancel(ny, at(31))).toBe(false)
    expect(canTurnRenewalOff(ny, at(31))).toBe(true)
    expect(canCancel(ny, '2027-01-11T00:00:00.000Z')).toBe(true)
    for (const governingState of ['TX', null]) {
      const policy = { ...ny, governingState }
      expect(commitmentHolds(policy, at(200))).toBe(false)
      expect(canCancel(policy, at(200))).toBe(true)
      expect(canTurnRenewalOff(policy, at(200))).toBe(false)
    }
  })

  it('follows the product rule for data with no purchase time (the demo), and says when a refund may be due', () => {
    expect(commitmentHolds({ initialTermEndsAt: termEnd }, at(200))).toBe(true)
    expect(cancellationMayRefund({ initialTermEndsAt: termEnd } as never, at(5))).toBe(false)
    expect(cancellationMayRefund({ governingState: 'NY', createdAt: bought }, at(10))).toBe(true)
    expect(cancellationMayRefund({ governingState: 'NY', createdAt: bought }, at(400))).toBe(false)
    expect(cancellationMayRefund({ governingState: 'TX', createdAt: bought }, at(400))).toBe(true)
  })
})
