import { randomUUID } from 'node:crypto'

import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'

import { db } from '~/db/client.server'
import { auditLog, serviceCredits } from '~/db/schema'
import * as customerRoute from '~/routes/admin.customers.$profileId'

import { createActivePolicy, createProfile, ensureSeeded, findOrCreateProfile, sessionCookieFor } from '../support/factories'
import { outboxFor } from '../support/outbox'
import { inOperatorArea, makeRequest, routeArgs, settle } from '../support/requests'

/** The operator's credits on the customer page, with payments local: add with a reason, waive, refuse bad input. */

const action = inOperatorArea(customerRoute.action)
const loader = inOperatorArea(customerRoute.loader)
let cookie: string
beforeAll(async () => {
  ensureSeeded()
  cookie = await sessionCookieFor(findOrCreateProfile('operator@example.com').id)
})

const post = (profileId: string, form: Record<string, string>) =>
  settle(() => action(routeArgs(makeRequest(`/admin/customers/${profileId}`, { form, cookie }), { profileId })))

describe('credits on the operator’s customer page', () => {
  it('adds a credit to the local ledger with its reason, audited, and lists it', async () => {
    const customer = createProfile()
    const { policy } = createActivePolicy(customer.id)
    const added = await post(customer.id, {
      intent: 'add-credit',
      policyId: policy.id,
      amount: '12.50',
      reason: 'Sorry for the wait.',
      formToken: randomUUID(),
    })
    expect(added.status).toBe(302)
    const [credit] = db().select().from(serviceCredits).where(eq(serviceCredits.policyId, policy.id)).all()
    expect(credit).toMatchObject({ amountCents: 1250, method: 'local_ledger', state: 'applied', kind: 'operator' })
    expect(db().select().from(auditLog).where(eq(auditLog.entityId, credit!.id)).all()[0]!.action).toBe('service_credit.created')
    const page = (
      await settle(() => loader(routeArgs(makeRequest(`/admin/customers/${customer.id}`, { cookie }), { profileId: customer.id })))
    ).data as { credits: { id: string }[] }
    expect(page.credits.map((entry) => entry.id)).toEqual([credit!.id])
  })

  it('the same form posted twice at once adds one credit and sends one e-mail, both answered as success; a form without its token is refused', async () => {
    const customer = createProfile()
    const { policy } = createActivePolicy(customer.id)
    // The page renders the form's one-time token; both posts carry the same one, as a double click does.
    const page = (
      await settle(() => loader(routeArgs(makeRequest(`/admin/customers/${customer.id}`, { cookie }), { profileId: customer.id })))
    ).data as { creditFormToken: string }
    const form = { intent: 'add-credit', policyId: policy.id, amount: '7', reason: 'Sorry for the wait.', formToken: page.creditFormToken }
    const answers = await Promise.all([post(customer.id, form), post(customer.id, form)])
    expect(answers.map((answer) => answer.status)).toEqual([302, 302])
    expect(db().select().from(serviceCredits).where(eq(serviceCredits.policyId, policy.id)).all()).toHaveLength(1)
    expect(outboxFor(customer.email).filter((email) => email.subject === 'A credit of $7.00 from Glass Plan')).toHaveLength(1)
    // A later post of the same form, too, is the first one's credit.
    expect((await post(customer.id, form)).status).toBe(302)
    expect(db().select().from(serviceCredits).where(eq(serviceCredits.policyId, policy.id)).all()).toHaveLength(1)

    const { formToken: _none, ...withoutToken } = form
    const refused = await post(customer.id, withoutToken)
    expect(refused.status).toBe(400)
    expect(JSON.stringify(refused.data)).toContain('This form has expired')
    expect(db().select().from(serviceCredits).where(eq(serviceCredits.policyId, policy.id)).all()).toHaveLength(1)
  })

  it('refuses a bad amount or no reason next to the field, and another customer’s policy or credit with a 404', async () => {
    const customer = createProfile()
    const { policy } = createActivePolicy(customer.id)
    const bad = await post(customer.id, { intent: 'add-credit', policyId: policy.id, amount: '-3', reason: '' })
    expect(bad.status).toBe(400)
    expect(JSON.stringify(bad.data)).toContain('Enter an amount in dollars')
    expect(JSON.stringify(bad.data)).toContain('Please give the reason for the credit')
    const other = createProfile()
    const { policy: otherPolicy } = createActivePolicy(other.id)
    expect(
      (await post(customer.id, { intent: 'add-credit', policyId: otherPolicy.id, amount: '5', reason: 'x', formToken: randomUUID() }))
        .status,
    ).toBe(404)
    const pending = db()
      .insert(serviceCredits)
      .values({
        policyId: otherPolicy.id,
        profileId: other.id,
        kind: 'operator',
        amountCents: 100,
        reason: 'r',
        method: 'local_ledger',
        createdBy: 'test',
      })
      .returning()
      .get()
    expect((await post(customer.id, { intent: 'waive-credit', creditId: pending.id, reason: 'Mistake.' })).status).toBe(404)
    expect((await post(other.id, { intent: 'waive-credit', creditId: pending.id, reason: '' })).status).toBe(400)
    expect((await post(other.id, { intent: 'waive-credit', creditId: pending.id, reason: 'Entered by mistake.' })).status).toBe(302)
    expect(db().select().from(serviceCredits).where(eq(serviceCredits.id, pending.id)).get()).toMatchObject({ state: 'waived' })
    expect(db().select().from(serviceCredits).where(eq(serviceCredits.policyId, policy.id)).all()).toHaveLength(0)
  })
})
