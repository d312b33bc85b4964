import { eq } from 'drizzle-orm'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'

import { db } from '~/db/client.server'
import { auditLog, letters, localCheckouts, policies, profiles, refunds } from '~/db/schema'
import { DAY_MS } from '~/domain/time'
import { endProviderCancellations } from '~/models/provider-cancellation.server'
import * as adminCustomersRoute from '~/routes/admin.customers.$profileId'
import { outboxMailTransport, setMailTransport } from '~/services/mail.server'

import { createActivePolicy, createProfile, ensureSeeded, findOrCreateProfile, sessionCookieFor } from '../support/factories'
import { outboxFor } from '../support/outbox'
import { inOperatorArea, makeRequest, routeArgs, settle } from '../support/requests'

/** The provider cancelling, through the operator's customer page, in local payments mode. */

const customerAction = inOperatorArea(adminCustomersRoute.action)
const customerLoader = inOperatorArea(adminCustomersRoute.loader)
const operator = () => sessionCookieFor(findOrCreateProfile('operator@example.com').id)
const ADDRESS = JSON.stringify({ name: 'Jamie Rivera', line1: '1 Main Street', line2: null, city: 'Austin', state: 'TX', zip: '78701' })

beforeAll(() => ensureSeeded())
afterEach(() => setMailTransport(undefined))

/** A customer who paid a month's $19.99 (or a year's $199.90) at the local checkout `daysAgo` days ago, in `state`. */
function paidPolicy(state: string, daysAgo: number, interval: 'month' | 'year' = 'month') {
  const now = Date.now()
  const amountCents = interval === 'year' ? 19990 : 1999
  const customer = createProfile({ mailingAddress: ADDRESS })
  const createdAt = new Date(now - daysAgo * DAY_MS).toISOString()
  const checkout = db()
    .insert(localCheckouts)
    .values({
      lookupKey: 'comprehensive_car_adas_false',
      amountCents,
      profileId: customer.id,
      tosVersion: '1.0.1',
      tosAcceptedAt: createdAt,
      cancelPath: '/signup',
      status: 'complete',
      completedAt: createdAt,
    })
    .returning()
    .get()
  const { policy } = createActivePolicy(customer.id, {
    governingState: state,
    createdAt,
    monthlyPriceCents: amountCents,
    billingInterval: interval,
    stripeCheckoutSessionId: checkout.id,
  })
  return { customer, policy }
}

async function notice(profileId: string, policyId: string, ground: string, explanation = 'Two payments were declined and not made up.') {
  const form = { intent: 'provider-cancel', policyId, ground, explanation }
  return settle(async () =>
    customerAction(routeArgs(makeRequest(`/admin/customers/${profileId}`, { cookie: await operator(), form }), { profileId })),
  )
}

type Refused = { result: { error: Record<string, string[]> }; toast: { title: string; description: string } }

const policyRow = (id: string) => db().select().from(policies).where(eq(policies.id, id)).get()!
const lettersOf = (policyId: string) => db().select().from(letters).where(eq(letters.policyId, policyId)).all()

describe('the provider cancelling a policy', () => {
  it('Texas: 5 days’ mailed notice with the ground, then the policy ends with a pro-rata refund and no fee', async () => {
    setMailTransport(outboxMailTransport)
    const { customer, policy } = paidPolicy('TX', 40, 'year')
    const answer = await notice(customer.id, policy.id, 'nonpayment')
    expect(answer.status).toBe(302)

    const noticed = policyRow(policy.id)
    expect(noticed.status).toBe('active')
    expect(noticed.providerCancelGround).toBe('nonpayment')
    const days = (Date.parse(noticed.providerCancelAt!) - Date.parse(noticed.providerCancelNoticedAt!)) / DAY_MS
    expect(days).toBe(5)

    const [letter] = lettersOf(policy.id)
    expect(letter).toMatchObject({ template: 'provider-cancellation', certified: false, status: 'sent', provider: 'outbox' })
    expect(JSON.parse(letter!.content).paragraphs.join(' ')).toContain('The reason: Nonpayment of the price. Two payments were declined')
    expect(outboxFor(customer.email).find((message) => message.tag === 'provider-cancellation')!.text).toContain(
      'Our explanation:\n> Two payments were declined and not made up.',
    )
    const mail = outboxFor(customer.email).find((message) => message.tag === 'provider-cancellation')!
    expect(mail.text).toContain('5 days after this notice')
    expect(mail.text).toContain('without any cancellation fee')

    const audit = db().select().from(auditLog).where(eq(auditLog.action, 'policy.provider_cancel_noticed')).all()
    expect(audit.find((row) => row.entityId === policy.id)?.detail).toMatchObject({ ground: 'nonpayment', noticeDays: 5, channel: 'mail' })

    // Before the effective date nothing ends; on it the daily job ends the policy with the refund.
    expect(await endProviderCancellations(new Date(Date.parse(noticed.providerCancelAt!) - 60_000))).toBe(0)
    expect(await endProviderCancellations(new Date(Date.parse(noticed.providerCancelAt!) + 60_000))).toBeGreaterThanOrEqual(1)
    const ended = policyRow(policy.id)
    expect(ended.status).toBe('canceled')
    const refund = db().select().from(refunds).where(eq(refunds.policyId, policy.id)).get()!
    expect(refund).toMatchObject({ rule: 'pro_rata', feeCents: 0, claimsDeductedCents: 0, reason: 'provider: nonpayment' })
    expect(refund.amountCents).toBeGreaterThan(0)
    expect(refund.amountCents).toBe(refund.grossCents)
  })

  it('New York past its free look (no refund to a customer who leaves): the provider refunds the unused part all the same', async () => {
    setMailTransport(outboxMailTransport)
    const { customer, policy } = paidPolicy('NY', 45, 'year')
    expect((await notice(customer.id, policy.id, 'fraud')).status).toBe(302)
    await endProviderCancellations(new Date(Date.parse(policyRow(policy.id).providerCancelAt!) + 60_000))
    const refund = db().select().from(refunds).where(eq(refunds.policyId, policy.id)).get()!
    expect(refund).toMatchObject({ rule: 'pro_rata', feeCents: 0 })
    expect(refund.amountCents).toBeGreaterThan(0)
    // New York's default channel is e-mail: no letter for a customer who kept electronic delivery.
    expect(lettersOf(policy.id)).toEqual([])
  })

  it('Florida after day 60: nonpayment goes by certified mail; a ground Florida does not permit then is refused with the reason', async () => {
    setMailTransport(outboxMailTransport)
    const { customer, policy } = paidPolicy('FL', 90)
    const refused = await notice(customer.id, policy.id, 'breach')
    expect(refused.status).toBe(409)
    expect((refused.data as Refused).toast.description).toBe(
      'Florida does not permit cancelling this policy on that ground now. Permitted: Nonpayment of the price; Fraud in obtaining the contract or in a claim; A material misrepresentation by the contract holder.',
    )
    expect(policyRow(policy.id).providerCancelAt).toBeNull()

    expect((await notice(customer.id, policy.id, 'nonpayment')).status).toBe(302)
    expect(lettersOf(policy.id)).toMatchObject([{ template: 'provider-cancellation', certified: true, status: 'sent' }])
  })

  it('refuses a second notice and a cancelled policy with the reason, and a missing ground or explanation next to the field', async () => {
    setMailTransport(outboxMailTransport)
    const { customer, policy } = paidPolicy('OH', 20)
    expect((await notice(customer.id, policy.id, 'misrepresentation')).status).toBe(302)
    const again = await notice(customer.id, policy.id, 'fraud')
    expect(again.status).toBe(409)
    expect((again.data as Refused).toast.title).toBe('Already Noticed')

    const other = paidPolicy('OH', 20)
    db().update(policies).set({ status: 'canceled', canceledAt: new Date().toISOString() }).where(eq(policies.id, other.policy.id)).run()
    const cancelled = await notice(other.customer.id, other.policy.id, 'fraud')
    expect(cancelled.status).toBe(409)
    expect((cancelled.data as Refused).toast.description).toBe('This policy is already cancelled.')

    const third = paidPolicy('OH', 20)
    const blank = await notice(third.customer.id, third.policy.id, '', '')
    expect(blank.status).toBe(400)
    expect((blank.data as Refused).result.error).toMatchObject({
      ground: ['Choose the ground for cancelling.'],
      explanation: ['Please explain the ground to the customer (it is in their notice).'],
    })
    expect(policyRow(third.policy.id).providerCancelAt).toBeNull()
  })

  it('offers the operator only the grounds the state permits now, with the notice and its channel', async () => {
    const { customer, policy } = paidPolicy('NV', 80)
    const page = (await customerLoader(
      routeArgs(makeRequest(`/admin/customers/${customer.id}`, { cookie: await operator() }), { profileId: customer.id }),
    )) as { policies: Array<{ id: string; providerCancel: { grounds: { value: string; channel: string }[]; noticeDays: number } }> }
    const options = page.policies.find((row) => row.id === policy.id)!.providerCancel
    expect(options.noticeDays).toBe(15)
    expect(options.grounds.map((ground) => ground.value)).toEqual(['nonpayment', 'fraud', 'misrepresentation', 'breach'])
    expect(options.grounds[0]!.channel).toBe('by mail and e-mail')
  })

  it('is the operator’s alone: another customer’s policy is a 404', async () => {
    const { policy } = paidPolicy('TX', 20)
    const stranger = createProfile()
    expect((await notice(stranger.id, policy.id, 'fraud')).status).toBe(404)
  })

  it('holds the letter of a customer with no mailing address; the operator saves one and it is posted', async () => {
    setMailTransport(outboxMailTransport)
    const { customer, policy } = paidPolicy('TX', 20)
    db().update(profiles).set({ mailingAddress: null }).where(eq(profiles.id, customer.id)).run()
    expect((await notice(customer.id, policy.id, 'fraud')).status).toBe(302)
    expect(lettersOf(policy.id)).toMatchObject([{ status: 'held' }])

    const save = (form: Record<string, string>) =>
      settle(async () =>
        customerAction(
          routeArgs(
            makeRequest(`/admin/customers/${customer.id}`, { cookie: await operator(), form: { intent: 'mailing-address', ...form } }),
            {
              profileId: customer.id,
            },
          ),
        ),
      )
    const address = { name: 'Jamie Rivera', line1: '1 Main Street', line2: '', city: 'Austin', state: 'TX', zip: '78701' }
    const bad = await save({ ...address, zip: '787' })
    expect(bad.status).toBe(400)
    expect((bad.data as Refused).result.error.zip).toEqual(['Enter the five-digit ZIP code, like 10001.'])
    expect(lettersOf(policy.id)).toMatchObject([{ status: 'held' }])

    expect((await save(address)).status).toBe(302)
    expect(lettersOf(policy.id)).toMatchObject([{ status: 'sent', attempts: 1 }])
    expect(JSON.parse(lettersOf(policy.id)[0]!.recipient!)).toEqual({ ...address, line2: null })
  })
})
