import { eq } from 'drizzle-orm'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'

import { db } from '~/db/client.server'
import { auditLog, letters, policies, profiles } from '~/db/schema'
import { DAY_MS } from '~/domain/time'
import { customerDashboard } from '~/models/people/customer-dashboard.server'
import { unsentLetters } from '~/models/people/letters.server'
import { endProviderCancellations, noticeProviderCancellation } from '~/models/policies/provider-cancellation.server'
import * as adminLetters from '~/routes/admin.letters'
import * as addressRoute from '~/routes/customer.mailing-address'
import { outboxMailTransport, setMailTransport } from '~/services/mail.server'

import { createActivePolicy, createProfile, ensureSeeded, findOrCreateProfile, sessionCookieFor } from '../support/factories'
import { inOperatorArea, makeRequest, routeArgs, settle } from '../support/requests'

/** The customer's own mailing address (/customer/mailing-address), the letters held for it, and the operator's list. */

beforeAll(() => ensureSeeded())
afterEach(() => setMailTransport(undefined))

const ADDRESS = {
  intent: 'mailing-address',
  name: 'Rae Post',
  line1: '200 Congress Avenue',
  line2: 'suite 5',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
}
type Answer = { result: { error: Record<string, string[]>; initialValue: Record<string, string> } }

async function post(profileId: string, form: Record<string, string>) {
  const cookie = await sessionCookieFor(profileId)
  return settle(() => addressRoute.action(routeArgs(makeRequest('/customer/mailing-address', { cookie, form }))))
}
const profileRow = (id: string) => db().select().from(profiles).where(eq(profiles.id, id)).get()!

describe('the customer’s mailing address', () => {
  it('refuses a ZIP that does not exist or lies in another state, by the field, and saves nothing', async () => {
    const customer = createProfile({ mailingAddress: null })
    const missing = await post(customer.id, { ...ADDRESS, line1: '' })
    expect(missing.status).toBe(400)
    expect((missing.data as Answer).result.error.line1).toEqual(['Enter the street address.'])
    const unknown = await post(customer.id, { ...ADDRESS, zip: '00000' })
    expect(unknown.status).toBe(400)
    expect((unknown.data as Answer).result.error.zip).toEqual(['That ZIP code does not exist. Check the five digits.'])
    const elsewhere = await post(customer.id, { ...ADDRESS, zip: '90210' })
    expect((elsewhere.data as Answer).result.error.zip).toEqual(['That ZIP code is in California: check the state or the ZIP.'])
    // What was typed comes back in the form.
    expect((elsewhere.data as Answer).result.initialValue.line1).toBe('200 Congress Avenue')
    expect(profileRow(customer.id).mailingAddress).toBeNull()
  })

  it('saves it in USPS’s form, audited, and posts the letters that waited for it; the dashboard asks while one waits', async () => {
    setMailTransport(outboxMailTransport)
    const customer = createProfile({ mailingAddress: null })
    const { policy } = createActivePolicy(customer.id, {
      governingState: 'TX',
      createdAt: new Date(Date.now() - 40 * DAY_MS).toISOString(),
    })
    await noticeProviderCancellation({
      profileId: customer.id,
      policyId: policy.id,
      ground: 'nonpayment',
      explanation: 'Declined twice.',
      actorId: 'operator',
    })
    expect(customerDashboard(profileRow(customer.id)).mailing).toEqual({ address: null, held: 1 })
    const [held] = unsentLetters(customer.id)
    expect(held).toMatchObject({ status: 'held', holdsCancellation: true, policyNumber: policy.policyNumber })
    expect(held!.reason).toContain('No mailing address')

    // The operator's list names it and why.
    const operator = await sessionCookieFor(findOrCreateProfile('operator@example.com').id)
    const list = (await settle(() => inOperatorArea(adminLetters.loader)(routeArgs(makeRequest('/admin/letters', { cookie: operator })))))
      .data as Awaited<ReturnType<typeof adminLetters.loader>>
    expect(list.letters.find((letter) => letter.id === held!.id)).toMatchObject({ holdsCancellation: true, reason: held!.reason })

    const saved = await post(customer.id, ADDRESS)
    expect(saved.status).toBe(302)
    expect(saved.headers.get('Location')).toBe('/customer')
    expect(JSON.parse(profileRow(customer.id).mailingAddress!)).toEqual({
      name: 'Rae Post',
      line1: '200 Congress Ave',
      line2: 'Ste 5',
      city: 'Austin',
      state: 'TX',
      zip: '78701',
    })
    const audit = db().select().from(auditLog).where(eq(auditLog.entityId, customer.id)).all()
    expect(audit).toContainEqual(expect.objectContaining({ action: 'profile.mailing_address_set', actor: customer.id }))
    const letter = db().select().from(letters).where(eq(letters.id, held!.id)).get()!
    expect(letter.status).toBe('sent')
    expect(customerDashboard(profileRow(customer.id)).mailing.held).toBe(0)
    expect(unsentLetters(customer.id)).toEqual([])

    // The cancellation counts from that mailing: six days from it in Texas, not a minute sooner.
    const endsAt = Date.parse(letter.mailedAt!) + 6 * DAY_MS
    const row = () => db().select().from(policies).where(eq(policies.id, policy.id)).get()!
    expect(Date.parse(row().providerCancelAt!)).toBe(endsAt)
    await endProviderCancellations(new Date(endsAt - 60_000))
    expect(row().status).toBe('active')
  })

  it('is the signed-in customer’s own: a post changes only their address', async () => {
    const one = createProfile({ mailingAddress: null })
    const other = createProfile({ mailingAddress: null })
    expect((await post(one.id, { ...ADDRESS, profileId: other.id })).status).toBe(302)
    expect(profileRow(other.id).mailingAddress).toBeNull()
    expect(profileRow(one.id).mailingAddress).not.toBeNull()
  })
})
