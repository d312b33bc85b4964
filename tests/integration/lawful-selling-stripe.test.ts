import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'

import { TOS_VERSION } from '~/content/terms'
import { db } from '~/db/client.server'
import { consentRecords, policies } from '~/db/schema'
import { action as signupAction } from '~/routes/signup'

import { ensureSeeded, uniqueEmail } from '../support/factories'
import { FAKE_PRICES, stripeEvent } from '../support/fake-stripe'
import { deliverToWebhook, useFakeStripe } from '../support/fake-stripe-env'
import { makeRequest, routeArgs, settle } from '../support/requests'
import { SIGNUP_FIELDS } from '../support/signup-form'

const WEBHOOK_SECRET = 'whsec_lawful'
const stripe = useFakeStripe({ webhookSecret: WEBHOOK_SECRET })
beforeAll(() => ensureSeeded())

// Signup's state of residence and consents travel through Stripe Checkout (the session's metadata) to the policy.

/** A signup through the form in Stripe mode, then Stripe's payment and its webhook: the policy it made. */
async function signUpAndPay(fields: Record<string, string>) {
  const form = { planType: 'chip_only', acceptTerms: 'on', shownPrices: JSON.stringify(FAKE_PRICES), ...SIGNUP_FIELDS, ...fields }
  const request = makeRequest('/signup', { form, headers: { 'User-Agent': 'Mozilla/5.0 (Stripe Buyer)' } })
  const response = await settle(() => signupAction(routeArgs(request)))
  expect(response.status).toBe(303)
  const sessionId = response.headers.get('Location')!.split('/').pop()!
  const { session } = stripe().completeCheckout(sessionId, { email: uniqueEmail(), name: 'Stripe Buyer' })
  expect((await deliverToWebhook(stripeEvent('checkout.session.completed', session))).status).toBe(200)
  return { sessionId, policy: db().select().from(policies).where(eq(policies.stripeCheckoutSessionId, sessionId)).get()! }
}

describe('the state of residence through Stripe Checkout', () => {
  it('is on the session and the subscription metadata, and recorded on the policy', async () => {
    const { sessionId, policy } = await signUpAndPay({ governingState: 'CA' })
    const stored = stripe().state.sessions.get(sessionId)!
    expect(stored.metadata.governing_state).toBe('CA')
    expect(stored.subscriptionMetadata.governing_state).toBe('CA')
    expect(policy.governingState).toBe('CA')
  })

  it('carries the consent facts too, and the policy gets its consent record', async () => {
    const { sessionId, policy } = await signUpAndPay({ governingState: 'NY' })
    expect(stripe().state.sessions.get(sessionId)!.metadata).toMatchObject({
      renewal_terms_version: 'renewal-2026-3',
      esign_version: 'esign-2026-1',
      user_agent: 'Mozilla/5.0 (Stripe Buyer)',
    })
    const record = db().select().from(consentRecords).where(eq(consentRecords.policyId, policy.id)).get()
    expect(record).toMatchObject({
      profileId: policy.profileId,
      governingState: 'NY',
      priceCents: FAKE_PRICES.chip_only,
      tosVersion: TOS_VERSION,
      renewalTermsVersion: 'renewal-2026-3',
      esignVersion: 'esign-2026-1',
      userAgent: 'Mozilla/5.0 (Stripe Buyer)',
    })
  })
})
