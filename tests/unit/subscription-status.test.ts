import { describe, expect, test } from 'vitest'

import { isSetupDone } from '~/domain/policies'
import { policyStatusFor } from '~/models/policies/subscriptions.server'

describe('policyStatusFor', () => {
  test.each([
    ['past_due', false, 'past_due'],
    ['past_due', true, 'past_due'],
    ['unpaid', true, 'past_due'],
    ['paused', true, 'past_due'],
    ['active', true, 'active'],
    ['active', false, 'incomplete'],
    ['trialing', true, 'active'],
    ['trialing', false, 'incomplete'],
    ['canceled', true, 'canceled'],
    ['canceled', false, 'canceled'],
    ['incomplete_expired', false, 'canceled'],
  ] as const)('subscription %s, setup done %s → %s', (subscriptionStatus, setupDone, expected) => {
    expect(policyStatusFor(subscriptionStatus, setupDone)).toBe(expected)
  })

  test('a subscription still taking its first payment, or a status we do not know, changes nothing', () => {
    expect(policyStatusFor('incomplete', false)).toBeNull()
    expect(policyStatusFor('something_new', true)).toBeNull()
  })
})

describe('isSetupDone', () => {
  test('needs photos, a vehicle and a coverage start date', () => {
    const done = { windshieldPhotosUploaded: true, vehicleId: 'veh1', coverageStartDate: '2026-11-21' }
    expect(isSetupDone(done)).toBe(true)
    expect(isSetupDone({ ...done, windshieldPhotosUploaded: false })).toBe(false)
    expect(isSetupDone({ ...done, vehicleId: null })).toBe(false)
    expect(isSetupDone({ ...done, coverageStartDate: null })).toBe(false)
  })
})
