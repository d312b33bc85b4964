import { eq } from 'drizzle-orm'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'

import { TOS_VERSION } from '~/content/terms'
import { db } from '~/db/client.server'
import { auditLog, localCheckouts, salesStates } from '~/db/schema'
import { resetEnvForTests } from '~/env.server'
import { isSoldIn } from '~/models/operations/sales-states.server'
import * as adminStatesRoute from '~/routes/admin.states'
import { action as createCheckoutAction } from '~/routes/api.create-checkout'
import { action as signupAction } from '~/routes/signup'

import { createProfile, ensureSeeded, findOrCreateProfile, sessionCookieFor } from '../support/factories'
import { inOperatorArea, makeRequest, routeArgs, settle } from '../support/requests'
import { CHECKOUT_API_FIELDS, SIGNUP_FIELDS } from '../support/signup-form'

const statesLoader = inOperatorArea(adminStatesRoute.loader)
const statesAction = inOperatorArea(adminStatesRoute.action)
const operatorCookie = () => sessionCookieFor(findOrCreateProfile('operator@example.com').id)
const salesAudit = () => db().select().from(auditLog).where(eq(auditLog.entityType, 'sales_state')).orderBy(auditLog.id).all()
const checkoutCount = () => db().select().from(localCheckouts).all().length

beforeAll(() => {
  ensureSeeded()
})

afterEach(() => {
  delete process.env.SALES_STATES
  resetEnvForTests()
  db().delete(salesStates).run()
})

function toggle(code: string, open: boolean, cookie: string) {
  const form = { intent: 'set-sales', code, open: String(open) }
  return settle(() => statesAction(routeArgs(makeRequest('/admin/states', { cookie, form }))))
}

type StatesPage = {
  states: { code: string; name: string; isOpen: boolean; changed: { by: string | null } | null; facts: Record<string, string> }[]
}

describe('where the product is sold', () => {
  it('sells in every state while SALES_STATES is unset, and only in the listed ones when set', () => {
    expect(isSoldIn('TX') && isSoldIn('DC') && isSoldIn('WY')).toBe(true)
    expect(isSoldIn('PR')).toBe(false)
    process.env.SALES_STATES = 'TX,CA'
    resetEnvForTests()
    expect([isSoldIn('TX'), isSoldIn('CA'), isSoldIn('NY')]).toEqual([true, true, false])
  })

  it('lists the 51 rows with the table’s facts for the operator', async () => {
    const page = await settle(async () => statesLoader(routeArgs(makeRequest('/admin/states', { cookie: await operatorCookie() }))))
    const { states } = page.data as StatesPage
    expect(states).toHaveLength(51)
    expect(states.find((state) => state.code === 'TX')).toMatchObject({
      name: 'Texas',
      isOpen: true,
      changed: null,
      facts: { freeLook: '30 days', feeCap: '$50.00, after the free look', statutes: expect.stringContaining('§1304.1581') },
    })
  })

  it('opens and closes a state (audited, with who and when); the configuration’s set is only the start', async () => {
    process.env.SALES_STATES = 'TX'
    resetEnvForTests()
    const cookie = await operatorCookie()
    const operator = findOrCreateProfile('operator@example.com')
    const before = salesAudit().length
    expect((await toggle('TX', false, cookie)).status).toBe(302)
    expect((await toggle('NY', true, cookie)).status).toBe(302)
    expect([isSoldIn('TX'), isSoldIn('NY')]).toEqual([false, true])

    const entries = salesAudit().slice(before)
    expect(entries.map((row) => [row.action, row.entityId, row.actor, row.detail])).toEqual([
      ['sales_state.closed', 'TX', operator.id, { wasOpen: true, isOpen: false }],
      ['sales_state.opened', 'NY', operator.id, { wasOpen: false, isOpen: true }],
    ])
    const page = await settle(() => statesLoader(routeArgs(makeRequest('/admin/states', { cookie }))))
    expect((page.data as StatesPage).states.find((state) => state.code === 'TX')!.changed).toMatchObject({ by: 'operator@example.com' })
  })

  it('refuses a bad toggle with 400 and changes nothing', async () => {
    const answer = await toggle('XX', false, await operatorCookie())
    expect(answer.status).toBe(400)
    expect(db().select().from(salesStates).all()).toEqual([])
  })

  it('is the operator’s alone: a customer or a visitor gets 404 and nothing changes', async () => {
    const customer = await sessionCookieFor(createProfile().id)
    const before = salesAudit().length
    expect((await toggle('TX', false, customer)).status).toBe(404)
    expect((await settle(() => statesLoader(routeArgs(makeRequest('/admin/states', { cookie: customer }))))).status).toBe(404)
    const visitor = makeRequest('/admin/states', { form: { intent: 'set-sales', code: 'TX', open: 'false' } })
    expect((await settle(() => statesAction(routeArgs(visitor)))).status).toBe(404)
    expect(isSoldIn('TX')).toBe(true)
    expect(salesAudit()).toHaveLength(before)
  })
})

describe('signup in a state where sales are closed', () => {
  it('is refused next to the state field with a clear message, and no checkout starts', async () => {
    await toggle('TX', false, await operatorCookie())
    const before = checkoutCount()
    const form = {
      ...SIGNUP_FIELDS,
      governingState: 'TX',
      planType: 'chip_only',
      acceptTerms: 'on',
      shownPrices: JSON.stringify({ chip_only: 799 }),
    }
    const response = await settle(() => signupAction(routeArgs(makeRequest('/signup', { form }))))
    expect(response.status).toBe(400)
    const body = response.data as { result: { error: Record<string, string[]> }; toast: { title: string } }
    expect(body.result.error.governingState).toEqual(['Glass Plan is not sold in Texas yet, so we cannot start a plan for you there.'])
    expect(body.toast.title).toBe('Not Available in Your State')
    expect(checkoutCount()).toBe(before)

    // The JSON checkout passes the same door.
    const api = (await createCheckoutAction(
      routeArgs(
        new Request('http://localhost:3999/api/create-checkout', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Origin: 'http://localhost:3999' },
          body: JSON.stringify({
            lookup_key: 'chip_only',
            tos_version: TOS_VERSION,
            tos_accepted_at: new Date().toISOString(),
            ...CHECKOUT_API_FIELDS,
            governing_state: 'TX',
          }),
        }),
      ),
    )) as Response
    expect(api.status).toBe(400)
    expect(await api.json()).toEqual({ error: 'Glass Plan is not sold in Texas yet, so we cannot start a plan for you there.' })
    expect(checkoutCount()).toBe(before)
  })
})
