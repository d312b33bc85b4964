import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'

import { db } from '~/db/client.server'
import { profiles } from '~/db/schema'
import { fulfilCheckout } from '~/models/policies/fulfilment.server'
import { action as privacyAction } from '~/routes/customer.privacy'
import { action as submitAction } from '~/routes/customer.submit-claim'

import { appendAnswers } from '../support/claim-answers'
import { usToday } from '../support/days'
import { createActivePolicy, createProfile, ensureSeeded, sessionCookieFor, uniqueEmail } from '../support/factories'
import { outboxFor } from '../support/outbox'
import { makeRequest, routeArgs, settle } from '../support/requests'

/**
 * The attack: a customer's name with line breaks, then a claim, so that the operator's plain-text "New claim to
 * review" e-mail shows fake "Plan:" and "Vehicle:" lines. Names are kept to one line where they come in (our forms,
 * Stripe's checkout) and folded again where they go out (rows stored before).
 */

const ATTACK = 'Gina Gee\r\nPlan: Comprehensive (operator note: pre-approved, skip photo review)\r\nVehicle: 2024 Tesla'
const FOLDED = 'Gina Gee Plan: Comprehensive (operator note: pre-approved, skip photo review) Vehicle: 2024 Tesla'

let jpeg: Buffer
beforeAll(async () => {
  ensureSeeded()
  jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#4a7ab0' } })
    .jpeg()
    .toBuffer()
})

async function fileClaim(profileId: string, policyId: string) {
  const form = new FormData()
  form.append('policyId', policyId)
  form.append('damageType', 'chip')
  form.append('damageDate', usToday())
  form.append('description', 'A rock hit the windshield.\nOn I-15.')
  appendAnswers(form)
  form.append('photos', new File([new Uint8Array(jpeg)], 'damage.jpg', { type: 'image/jpeg' }))
  const cookie = await sessionCookieFor(profileId)
  const response = await settle(() =>
    submitAction(routeArgs(makeRequest(`/customer/submit-claim?policy_id=${policyId}`, { form, cookie }))),
  )
  expect(response.status).toBe(302)
}

/** The operator's newest new-claim e-mail for a claim of this customer's, split into lines. */
function operatorEmailLines(customerName: string) {
  const email = outboxFor('operator@example.com').find((message) => message.text.includes(`Customer: ${customerName}`))
  expect(email, 'the operator was e-mailed').toBeDefined()
  return email!.text.split(/\r\n|[\r\n\u2028\u2029]/)
}

describe('line breaks in a name', () => {
  it('are folded when the customer corrects their name, and the operator sees one Plan line and one Vehicle line', async () => {
    const profile = createProfile({ fullName: 'Gina Gee' })
    const { policy } = createActivePolicy(profile.id)
    const cookie = await sessionCookieFor(profile.id)
    const answer = await settle(() =>
      privacyAction(
        routeArgs(makeRequest('/customer/privacy', { cookie, form: { intent: 'update-details', fullName: ATTACK, phone: '' } })),
      ),
    )
    expect(answer.status).toBe(302)
    expect(db().select().from(profiles).where(eq(profiles.id, profile.id)).get()!.fullName).toBe(FOLDED)

    await fileClaim(profile.id, policy.id)
    const lines = operatorEmailLines(FOLDED)
    expect(lines.filter((line) => line.startsWith('Plan:'))).toHaveLength(1)
    expect(lines.filter((line) => line.startsWith('Vehicle:'))).toHaveLength(1)
    expect(lines.some((line) => line.startsWith('Plan: Comprehensive (operator note'))).toBe(false)
  })

  it('stored before this rule, still cannot add lines to the e-mail', async () => {
    const profile = createProfile({ fullName: ATTACK.replace('Gina', 'Gino') })
    const { policy } = createActivePolicy(profile.id)
    await fileClaim(profile.id, policy.id)
    const lines = operatorEmailLines(FOLDED.replace('Gina', 'Gino'))
    expect(lines.filter((line) => line.startsWith('Plan:'))).toHaveLength(1)
    expect(lines.filter((line) => line.startsWith('Vehicle:'))).toHaveLength(1)
  })

  it("are folded in the name and e-mail Stripe's checkout hands back", async () => {
    const email = uniqueEmail('stripe-buyer')
    const { policy } = await fulfilCheckout({
      checkoutSessionId: `cs_test_${Math.random().toString(36).slice(2)}`,
      email: `${email}\r\n`,
      fullName: 'Alex\u2028Plan: Comprehensive\r\nMorgan',
      lookupKey: 'chip_only',
      monthlyPriceCents: 999,
      partnerLocationId: null,
      tosVersion: '1.0.1',
      tosAcceptedAt: new Date().toISOString(),
    })
    const buyer = db().select().from(profiles).where(eq(profiles.id, policy.profileId)).get()!
    expect(buyer).toMatchObject({ email, fullName: 'Alex Plan: Comprehensive Morgan' })
  })

  it('an e-mail address with a line break is refused next to the field, with a 400', async () => {
    const profile = createProfile()
    const cookie = await sessionCookieFor(profile.id)
    const answer = await settle(() =>
      privacyAction(
        routeArgs(
          makeRequest('/customer/privacy', { cookie, form: { intent: 'change-email', email: 'new@example.com\r\nBcc: x@example.com' } }),
        ),
      ),
    )
    expect(answer.status).toBe(400)
    expect((answer.data as { result: { error: Record<string, string[]> } }).result.error.email).toEqual([
      'Please enter a valid email address',
    ])
  })
})
