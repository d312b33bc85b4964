import { eq } from 'drizzle-orm'
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'

import { contractDisclosures } from '~/content/disclosures'
import { db } from '~/db/client.server'
import { auditLog, salesStates, stateFacts } from '~/db/schema'
import { resetEnvForTests } from '~/env.server'
import { isSoldIn } from '~/models/operations/sales-states.server'
import { contractProvider } from '~/models/policies/contract.server'
import * as adminStatesRoute from '~/routes/admin.states'
import * as factsRoute from '~/routes/admin.states.$code'

import { ensureSeeded, findOrCreateProfile, sessionCookieFor } from '../support/factories'
import { inOperatorArea, makeRequest, routeArgs, settle } from '../support/requests'

const statesAction = inOperatorArea(adminStatesRoute.action)
const factsAction = inOperatorArea(factsRoute.action)
const factsLoader = inOperatorArea(factsRoute.loader)
const operatorCookie = () => sessionCookieFor(findOrCreateProfile('operator@example.com').id)
const factsAudit = () => db().select().from(auditLog).where(eq(auditLog.action, 'sales_state.facts_updated')).all()

type Answer = { result: { error: Record<string, string[]> } | null; toast: { title: string; description: string } | null; target?: string }

const FACTS = {
  registrationNumber: 'WA-SC-2041',
  insurerName: 'Example Reimbursement Insurance Co.',
  insurerAddress: '1 Insurance Plaza, Hartford, CT 06103',
  insurerPhone: '1 (888) 555-0199',
}

function submitFacts(code: string, form: Record<string, string>, cookie: string) {
  return settle(() => factsAction(routeArgs(makeRequest(`/admin/states/${code}`, { cookie, form }), { code })))
}

function toggle(code: string, open: boolean, cookie: string) {
  const form = { intent: 'set-sales', code, open: String(open) }
  return settle(() => statesAction(routeArgs(makeRequest('/admin/states', { cookie, form }))))
}

beforeAll(() => {
  ensureSeeded()
})

function production(states?: string) {
  process.env.APP_URL = 'https://glassplan.example'
  if (states) process.env.SALES_STATES = states
  resetEnvForTests()
}

beforeEach(() => {
  db().delete(salesStates).run()
  db().delete(stateFacts).run()
})

afterEach(() => {
  delete process.env.SALES_STATES
  delete process.env.APP_URL
  resetEnvForTests()
  db().delete(salesStates).run()
  db().delete(stateFacts).run()
})

describe('a production start (an APP_URL others can reach)', () => {
  it('sells nowhere while SALES_STATES is unset', () => {
    production()
    expect(['TX', 'CA', 'OH', 'DC'].map(isSoldIn)).toEqual([false, false, false, false])
  })

  it('sells in a state SALES_STATES names only once its required facts are filled in', async () => {
    production('UT,OH')
    expect([isSoldIn('WA'), isSoldIn('OH')]).toEqual([false, false])
    const cookie = await operatorCookie()
    expect((await submitFacts('OH', { intent: 'save', registrationNumber: 'OH-77120' }, cookie)).status).toBe(302)
    expect([isSoldIn('WA'), isSoldIn('OH')]).toEqual([false, true])
  })

  it('refuses to open a state with missing facts from the list, next to its button, and opens nothing', async () => {
    production()
    const answer = await toggle('WA', true, await operatorCookie())
    expect(answer.status).toBe(409)
    expect((answer.data as Answer).target).toBe('WA')
    expect((answer.data as Answer).toast?.description).toBe(
      "This state cannot be opened until these are filled in: Registration or licence number, Reimbursement insurer, Insurer's address, Insurer's toll-free number.",
    )
    expect(db().select().from(salesStates).all()).toEqual([])
    expect(isSoldIn('WA')).toBe(false)
  })

  it('refuses a registration number in the wrong shape and a number that is not toll-free next to the fields, saving nothing', async () => {
    production()
    const cookie = await operatorCookie()
    const audited = factsAudit().length
    const answer = await submitFacts(
      'WA',
      { intent: 'save-and-open', ...FACTS, registrationNumber: 'UT 2041!', insurerPhone: '(801) 555-0142' },
      cookie,
    )
    expect(answer.status).toBe(400)
    const { error } = (answer.data as Answer).result!
    expect(error.registrationNumber).toEqual(['A registration number is letters, digits and hyphens (3 to 30).'])
    expect(error.insurerPhone).toEqual(['Enter a US toll-free number (800, 833, 844, 855, 866, 877 or 888).'])
    expect(db().select().from(stateFacts).all()).toEqual([])
    expect(factsAudit()).toHaveLength(audited)
  })

  it('refuses to save and open with a required fact missing, the message next to it', async () => {
    production()
    const cookie = await operatorCookie()
    const answer = await submitFacts('WA', { intent: 'save-and-open', ...FACTS, insurerAddress: '' }, cookie)
    expect(answer.status).toBe(400)
    expect((answer.data as Answer).result!.error).toEqual({ insurerAddress: ['Required before this state may be opened.'] })
    expect(db().select().from(stateFacts).all()).toEqual([])
    expect(isSoldIn('WA')).toBe(false)
  })

  it('saves the facts and opens the state in one step, audited, and the contract prints them', async () => {
    production()
    const cookie = await operatorCookie()
    const operator = findOrCreateProfile('operator@example.com')
    const audited = factsAudit().length
    expect((await submitFacts('WA', { intent: 'save-and-open', ...FACTS }, cookie)).status).toBe(302)
    expect(isSoldIn('WA')).toBe(true)
    expect(db().select().from(stateFacts).where(eq(stateFacts.code, 'WA')).get()).toMatchObject({
      registrationNumber: 'WA-SC-2041',
      insurerPhone: '+18885550199',
      updatedBy: operator.id,
    })
    expect(
      factsAudit()
        .slice(audited)
        .map((row) => [row.entityId, row.actor, row.detail]),
    ).toEqual([['WA', operator.id, { changed: ['registrationNumber', 'insurerName', 'insurerAddress', 'insurerPhone'] }]])
    const lines = contractDisclosures(contractProvider('WA'), 'WA').flatMap((block) => block.lines)
    expect(lines.join(' ')).toContain(
      'backed by a reimbursement insurance policy issued by Example Reimbursement Insurance Co., 1 Insurance Plaza, Hartford, CT 06103, (888) 555-0199.',
    )
    expect(lines.join(' ')).not.toContain('full faith and credit')

    const page = await settle(() => factsLoader(routeArgs(makeRequest('/admin/states/WA', { cookie }), { code: 'WA' })))
    expect(page.data).toMatchObject({ isOpen: true, readiness: { ready: true }, facts: { insurerPhone: '(888) 555-0199' } })
  })

  it('refuses to open a state counsel still has questions about, however complete its facts', async () => {
    production()
    const cookie = await operatorCookie()
    const answer = await submitFacts('UT', { intent: 'save-and-open', ...FACTS }, cookie)
    expect(answer.status).toBe(409)
    expect((answer.data as Answer).toast?.description).toContain('Utah')
    expect(isSoldIn('UT')).toBe(false)
  })

  it('answers 404 for a state that is not one', async () => {
    production()
    const page = await settle(async () =>
      factsLoader(routeArgs(makeRequest('/admin/states/ZZ', { cookie: await operatorCookie() }), { code: 'ZZ' })),
    )
    expect(page.status).toBe(404)
  })
})

describe('the embedded local default', () => {
  it('sells everywhere on sample facts, and the contract says they are samples', () => {
    expect(['TX', 'UT', 'WA', 'OH'].map(isSoldIn)).toEqual([true, true, true, true])
    const lines = contractDisclosures(contractProvider('UT'), 'UT').flatMap((block) => block.lines)
    expect(lines.join(' ')).toContain('local default, not a real insurer')
  })
})
