import { parseWithZod } from '@conform-to/zod/v4'
import { describe, expect, it } from 'vitest'

import type { Policy } from '~/db/schema'
import { commitmentNote } from '~/domain/messages'
import { intervalOf, isLookupKey, LOOKUP_KEYS, planForLookupKey } from '~/domain/plans'
import { isInInitialTerm } from '~/domain/policies'
import { cancellationOptions } from '~/models/policies/cancellation.server'
import { initialTermEnd } from '~/models/policies/fulfilment.server'
import { lookupKeyOf, SignupSchema, signupState } from '~/validation/signup'

import { SIGNUP_FIELDS } from '../support/signup-form'

function form(values: Record<string, string>) {
  const data = new FormData()
  const all: Record<string, string> = { ...SIGNUP_FIELDS, ...values }
  for (const [key, value] of Object.entries(all)) if (value !== '') data.append(key, value)
  return data
}

describe('lookup keys', () => {
  it('round-trip between a configured plan and its key', () => {
    for (const key of LOOKUP_KEYS) {
      const plan = planForLookupKey(key)
      expect(
        lookupKeyOf({
          planType: plan.planType,
          vehicleType: plan.vehicleType ?? 'car',
          hasAdas: plan.hasAdas === null ? undefined : plan.hasAdas ? 'true' : 'false',
          billingInterval: intervalOf(key),
        }),
      ).toBe(key)
    }
  })

  it('chip repair ignores vehicle type and ADAS', () => {
    expect(lookupKeyOf({ planType: 'chip_only', vehicleType: 'trucksuv', hasAdas: 'true' })).toBe('chip_only')
    expect(planForLookupKey('chip_only')).toEqual({ planType: 'chip_only', vehicleType: null, hasAdas: null })
  })

  it('knows only our ten keys: five plans, monthly and yearly', () => {
    expect(LOOKUP_KEYS).toHaveLength(10)
    expect(isLookupKey('comprehensive_car_adas_true')).toBe(true)
    expect(isLookupKey('comprehensive_car_adas_true_yearly')).toBe(true)
    expect(isLookupKey('comprehensive_car_adas_yearly')).toBe(false)
    expect(isLookupKey('comprehensive_boat_adas_true')).toBe(false)
    expect(isLookupKey(undefined)).toBe(false)
  })
})

describe('the signup form', () => {
  it('needs an ADAS choice for comprehensive, ticked terms and a state, all said at once', () => {
    const result = parseWithZod(form({ planType: 'comprehensive', governingState: '' }), { schema: SignupSchema })
    expect(result.status).toBe('error')
    expect(result.reply().error).toMatchObject({
      hasAdas: ['Please select whether your vehicle has ADAS features.'],
      acceptTerms: ['Please accept the Terms of Service to continue.'],
      governingState: ['Please choose your state of residence.'],
    })
  })

  it('defaults to a car and accepts a ticked checkbox', () => {
    const result = parseWithZod(form({ planType: 'comprehensive', hasAdas: 'false', acceptTerms: 'on' }), { schema: SignupSchema })
    expect(result.status).toBe('success')
    expect(result.status === 'success' && lookupKeyOf(result.value)).toBe('comprehensive_car_adas_false')
  })

  it('needs a state of residence: one of the 50 states or DC', () => {
    const missing = parseWithZod(form({ planType: 'chip_only', acceptTerms: 'on', governingState: '' }), { schema: SignupSchema })
    expect(missing.reply().error).toEqual({ governingState: ['Please choose your state of residence.'] })
    for (const unknown of ['PR', 'XX', 'Texas']) {
      const result = parseWithZod(form({ planType: 'chip_only', acceptTerms: 'on', governingState: unknown }), { schema: SignupSchema })
      expect(result.reply().error).toEqual({ governingState: ['Please choose one of the 50 states or the District of Columbia.'] })
    }
    const dc = parseWithZod(form({ planType: 'chip_only', acceptTerms: 'on', governingState: 'dc' }), { schema: SignupSchema })
    expect(dc.status === 'success' && signupState(dc.value)).toBe('DC')
  })

  it('asks chip repair for the terms only', () => {
    expect(parseWithZod(form({ planType: 'chip_only', acceptTerms: 'on' }), { schema: SignupSchema }).status).toBe('success')
  })
})

describe('the commitment', () => {
  it('ends 12 months after the start', () => {
    expect(initialTermEnd(new Date('2026-11-21T06:00:00.000Z')).toISOString()).toBe('2027-11-21T06:00:00.000Z')
  })

  const policy = (overrides: Partial<Policy> = {}) =>
    ({ status: 'active', initialTermEndsAt: '2027-11-21T06:00:00.000Z', cancelAt: null, stripeCustomerId: null, ...overrides }) as Policy

  it('forbids cancelling until the term end, then allows it', () => {
    expect(isInInitialTerm(policy(), new Date('2027-11-21T05:59:59.000Z'))).toBe(true)
    expect(cancellationOptions(policy(), new Date('2027-11-21T05:59:59.000Z'))).toMatchObject({ canCancel: false, canTurnOffRenewal: true })
    expect(cancellationOptions(policy(), new Date('2027-11-21T06:00:00.000Z'))).toMatchObject({ canCancel: true, canTurnOffRenewal: false })
  })

  it('offers nothing for a canceled policy, and billing only with a Stripe customer', () => {
    expect(cancellationOptions(policy({ status: 'canceled' }), new Date('2030-01-01'))).toEqual({
      canCancel: false,
      canTurnOffRenewal: false,
      canTurnOnRenewal: false,
      canManageBilling: false,
    })
    expect(cancellationOptions(policy({ stripeCustomerId: 'cus_1' })).canManageBilling).toBe(true)
  })

  it('states the commitment note in US long format', () => {
    expect(commitmentNote('2027-11-21T06:00:00.000Z')).toBe(
      'Annual commitment until November 21, 2027. Cancellation available after this date.',
    )
  })
})
