import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'

import { db } from '~/db/client.server'
import { auditLog, localCheckouts, policies } from '~/db/schema'
import * as adminCustomerRoute from '~/routes/admin.customers.$profileId'
import { action as dashboardAction, loader as dashboardLoader } from '~/routes/customer'
import { loader as contractLoader } from '~/routes/customer.policies.$policyId.contract'
import { action as payAction } from '~/routes/dev.checkout.$id'
import { action as signupAction } from '~/routes/signup'

import {
  createPolicy,
  createProfile,
  ensureSeeded,
  findOrCreateProfile,
  getPolicy,
  sessionCookieFor,
  uniqueEmail,
} from '../support/factories'
import { inOperatorArea, makeRequest, routeArgs, settle } from '../support/requests'
import { SIGNUP_FIELDS } from '../support/signup-form'

const shownPrices = JSON.stringify({ chip_only: 799 })
const customerAction = inOperatorArea(adminCustomerRoute.action)
const customerLoader = inOperatorArea(adminCustomerRoute.loader)

beforeAll(() => {
  ensureSeeded()
})

const checkoutCount = () => db().select().from(localCheckouts).all().length

function postSignup(fields: Record<string, string>) {
  const form = { ...SIGNUP_FIELDS, planType: 'chip_only', acceptTerms: 'on', shownPrices, ...fields }
  return settle(() => signupAction(routeArgs(makeRequest('/signup', { form }))))
}

type Answer = { result: { error?: Record<string, string[] | null> }; toast: { title: string; description?: string } | null }

describe('signup asks for the state of residence', () => {
  it.each([
    ['no state', '', 'Please choose your state of residence.'],
    ['an unknown state', 'PR', 'Please choose one of the 50 states or the District of Columbia.'],
  ])('refuses %s next to the field, with no checkout', async (_, governingState, message) => {
    const before = checkoutCount()
    const response = await postSignup({ governingState })
    expect(response.status).toBe(400)
    expect((response.data as Answer).result.error?.governingState).toEqual([message])
    expect(checkoutCount()).toBe(before)
  })

  it('carries the state through the local test checkout onto the policy, and the contract shows it', async () => {
    const response = await postSignup({ governingState: 'TX' })
    expect(response.status).toBe(303)
    const id = response.headers.get('Location')!.split('/').pop()!
    expect(db().select().from(localCheckouts).where(eq(localCheckouts.id, id)).get()!.governingState).toBe('TX')

    const email = uniqueEmail()
    const paid = await settle(() =>
      payAction(routeArgs(makeRequest(`/dev/checkout/${id}`, { form: { email, fullName: 'Tex Buyer' } }), { id })),
    )
    expect(paid.status).toBe(303)
    const policy = db().select().from(policies).where(eq(policies.stripeCheckoutSessionId, id)).get()!
    expect(policy.governingState).toBe('TX')

    const cookie = await sessionCookieFor(policy.profileId)
    const contract = await settle(() =>
      contractLoader(routeArgs(makeRequest(`/customer/policies/${policy.id}/contract`, { cookie }), { policyId: policy.id })),
    )
    expect((contract.data as { contract: { governingState: string | null } }).contract.governingState).toBe('Texas')
  })
})

describe('the dashboard asks once for plans without a state', () => {
  it('asks while a plan has none, saves the answer on every such plan (audited), then stops asking', async () => {
    const customer = createProfile()
    const old = createPolicy(customer.id)
    const older = createPolicy(customer.id)
    const known = createPolicy(customer.id, { governingState: 'NY' })
    const cookie = await sessionCookieFor(customer.id)
    const load = async () =>
      (await settle(() => dashboardLoader(routeArgs(makeRequest('/customer', { cookie }))))).data as { askState: boolean }
    expect((await load()).askState).toBe(true)

    const refused = await settle(() =>
      dashboardAction(routeArgs(makeRequest('/customer', { cookie, form: { intent: 'set-state', governingState: 'ZZ' } }))),
    )
    expect(refused.status).toBe(400)
    expect((refused.data as Answer).result.error?.governingState).toEqual([
      'Please choose one of the 50 states or the District of Columbia.',
    ])
    expect(getPolicy(old.id)!.governingState).toBeNull()

    const saved = await settle(() =>
      dashboardAction(routeArgs(makeRequest('/customer', { cookie, form: { intent: 'set-state', governingState: 'CA' } }))),
    )
    expect(saved.status).toBe(302)
    expect([getPolicy(old.id)!.governingState, getPolicy(older.id)!.governingState, getPolicy(known.id)!.governingState]).toEqual([
      'CA',
      'CA',
      'NY',
    ])
    const audited = db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'policy.governing_state_set'), eq(auditLog.actor, customer.id)))
      .all()
    expect(audited.map((row) => row.entityId).sort()).toEqual([old.id, older.id].sort())
    expect(audited[0]!.detail).toEqual({ from: null, to: 'CA' })
    expect((await load()).askState).toBe(false)
  })

  it("never touches another customer's plans", async () => {
    const mine = createProfile()
    const theirs = createProfile()
    const their = createPolicy(theirs.id)
    createPolicy(mine.id)
    const cookie = await sessionCookieFor(mine.id)
    await settle(() =>
      dashboardAction(routeArgs(makeRequest('/customer', { cookie, form: { intent: 'set-state', governingState: 'TX' } }))),
    )
    expect(getPolicy(their.id)!.governingState).toBeNull()
  })
})

describe('the operator corrects the state', () => {
  const operatorCookie = () => sessionCookieFor(findOrCreateProfile('operator@example.com').id)
  const post = async (profileId: string, form: Record<string, string>, cookie: string) =>
    settle(() => customerAction(routeArgs(makeRequest(`/admin/customers/${profileId}`, { cookie, form }), { profileId })))

  it('shows it, corrects it with a reason, and audits the old and the new state', async () => {
    const customer = createProfile()
    const policy = createPolicy(customer.id, { governingState: 'TX' })
    const cookie = await operatorCookie()
    const page = await settle(() =>
      customerLoader(routeArgs(makeRequest(`/admin/customers/${customer.id}`, { cookie }), { profileId: customer.id })),
    )
    expect((page.data as { policies: { governingStateName: string }[] }).policies[0]!.governingStateName).toBe('Texas')

    const noReason = await post(customer.id, { intent: 'correct-state', policyId: policy.id, governingState: 'OK', reason: '' }, cookie)
    expect(noReason.status).toBe(400)
    expect((noReason.data as Answer).result.error?.reason).toEqual(['Please give the reason.'])
    expect(getPolicy(policy.id)!.governingState).toBe('TX')

    const done = await post(
      customer.id,
      { intent: 'correct-state', policyId: policy.id, governingState: 'OK', reason: 'Moved before buying.' },
      cookie,
    )
    expect(done.status).toBe(302)
    expect(getPolicy(policy.id)!.governingState).toBe('OK')
    const entry = db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, policy.id), eq(auditLog.action, 'policy.governing_state_corrected')))
      .get()!
    expect(entry.detail).toEqual({ from: 'TX', to: 'OK', reason: 'Moved before buying.' })
  })

  it("answers another customer's policy with 404 and changes nothing", async () => {
    const customer = createProfile()
    const other = createPolicy(createProfile().id, { governingState: 'TX' })
    const cookie = await operatorCookie()
    const answer = await post(customer.id, { intent: 'correct-state', policyId: other.id, governingState: 'OK', reason: 'Typo.' }, cookie)
    expect(answer.status).toBe(404)
    expect(getPolicy(other.id)!.governingState).toBe('TX')
  })

  it('is the operator’s alone: a customer gets 404', async () => {
    const customer = createProfile()
    const policy = createPolicy(customer.id, { governingState: 'TX' })
    const cookie = await sessionCookieFor(customer.id)
    const answer = await post(customer.id, { intent: 'correct-state', policyId: policy.id, governingState: 'OK', reason: 'Mine.' }, cookie)
    expect(answer.status).toBe(404)
    expect(getPolicy(policy.id)!.governingState).toBe('TX')
  })
})
