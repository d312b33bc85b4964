import { eq } from 'drizzle-orm'
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'

import { contractDisclosures } from '~/content/disclosures'
import { TOS_VERSION } from '~/content/terms'
import { db } from '~/db/client.server'
import { auditLog, salesStates, stateFacts, stateFormFilings } from '~/db/schema'
import { resetEnvForTests } from '~/env.server'
import { isSoldIn, stateReadiness } from '~/models/operations/sales-states.server'
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
  db().delete(stateFormFilings).run()
})

afterEach(() => {
  delete process.env.SALES_STATES
  delete process.env.APP_URL
  delete process.env.SUPPORT_PHONE
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
      'guaranteed under a service contract reimbursement insurance policy issued by Example Reimbursement Insurance Co., 1 Insurance Plaza, Hartford, CT 06103, (888) 555-0199.',
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

describe('readiness facts the statutes ask for (a production start, real SQLite file)', () => {
  it('Illinois: not sold while the printed service number is neither toll-free nor local, sold once it is (215 ILCS 152/30(3))', async () => {
    production('IL')
    process.env.SUPPORT_PHONE = '(801) 555-0142'
    resetEnvForTests()
    const cookie = await operatorCookie()
    const held = await submitFacts('IL', { intent: 'save-and-open', registrationNumber: 'IL-SC-1' }, cookie)
    expect(held.status).toBe(409)
    expect((held.data as Answer).toast?.description).toContain('(801) 555-0142, must be toll-free or a local number here')
    expect(isSoldIn('IL')).toBe(false)

    expect(db().select().from(stateFacts).all()).toEqual([])

    process.env.SUPPORT_PHONE = '(312) 555-0100'
    resetEnvForTests()
    expect((await submitFacts('IL', { intent: 'save-and-open', registrationNumber: 'IL-SC-1' }, cookie)).status).toBe(302)
    expect(isSoldIn('IL')).toBe(true)
  })

  it('Texas: the financial security is saved with its kind and particulars, a kind the statute does not name refused by its field', async () => {
    production()
    const cookie = await operatorCookie()
    const texas = { registrationNumber: 'TX-SC-1', administratorName: 'Example Administrators', administratorRegistration: 'ADM-1' }
    expect(stateReadiness('TX').missing).toEqual([
      'registrationNumber',
      'administratorName',
      'administratorRegistration',
      'financialSecurityKind',
      'financialSecurityDetail',
    ])
    const wrong = await submitFacts(
      'TX',
      { intent: 'save', ...texas, financialSecurityKind: 'letter_of_credit', financialSecurityDetail: 'x' },
      cookie,
    )
    expect(wrong.status).toBe(400)
    expect((wrong.data as Answer).result!.error.financialSecurityKind).toEqual([
      expect.stringContaining('reimbursement insurance, a funded reserve, or net worth'),
    ])
    expect(db().select().from(stateFacts).all()).toEqual([])

    const detail = 'Reserve account at Example Bank, 40 % of gross consideration; security deposit $25,000 with TDLR'
    expect(
      (
        await submitFacts(
          'TX',
          { intent: 'save', ...texas, financialSecurityKind: 'funded_reserve', financialSecurityDetail: detail },
          cookie,
        )
      ).status,
    ).toBe(302)
    expect(db().select().from(stateFacts).where(eq(stateFacts.code, 'TX')).get()).toMatchObject({
      financialSecurityKind: 'funded_reserve',
      financialSecurityDetail: detail,
    })
    expect(stateReadiness('TX').missing).toEqual([])
    // Counsel's question on Texas still holds it.
    expect(isSoldIn('TX')).toBe(false)
  })

  it('Florida: the filed terms version and its day are recorded, audited, and lift the filing hold; a future day or another state is refused', async () => {
    production()
    const cookie = await operatorCookie()
    const operator = findOrCreateProfile('operator@example.com')
    expect(stateReadiness('FL').problems).toEqual([
      expect.stringContaining('must be filed with the regulator before they are sold here (Fla. Stat. §634.121(1))'),
    ])

    const future = await submitFacts('FL', { intent: 'record-filing', tosVersion: TOS_VERSION, filedOn: '2999-01-01' }, cookie)
    expect(future.status).toBe(400)
    expect((future.data as Answer).result!.error.filedOn).toEqual(['The filing day cannot be after today.'])
    const notADay = await submitFacts('FL', { intent: 'record-filing', tosVersion: TOS_VERSION, filedOn: '2026-02-30' }, cookie)
    expect(notADay.status).toBe(400)
    const unknown = await submitFacts('FL', { intent: 'record-filing', tosVersion: '9.9.9', filedOn: '2026-11-30' }, cookie)
    expect((unknown.data as Answer).result!.error.tosVersion).toEqual(['Choose a published terms version.'])
    const ohio = await submitFacts('OH', { intent: 'record-filing', tosVersion: TOS_VERSION, filedOn: '2026-11-30' }, cookie)
    expect(ohio.status).toBe(409)
    expect(db().select().from(stateFormFilings).all()).toEqual([])

    const recorded = await submitFacts(
      'FL',
      { intent: 'record-filing', tosVersion: TOS_VERSION, filedOn: '2026-11-30', reference: 'OIR-2026-118' },
      cookie,
    )
    expect(recorded.status).toBe(302)
    expect(db().select().from(stateFormFilings).all()).toMatchObject([
      { code: 'FL', tosVersion: TOS_VERSION, filedOn: '2026-11-30', reference: 'OIR-2026-118', recordedBy: operator.id },
    ])
    expect(db().select().from(auditLog).where(eq(auditLog.action, 'sales_state.form_filed')).all().at(-1)).toMatchObject({
      entityId: 'FL',
      detail: { tosVersion: TOS_VERSION, filedOn: '2026-11-30' },
    })
    expect(stateReadiness('FL').problems).toEqual([])
    const page = await settle(() => factsLoader(routeArgs(makeRequest('/admin/states/FL', { cookie }), { code: 'FL' })))
    expect(page.data).toMatchObject({ filings: [{ tosVersion: TOS_VERSION, filedOn: '2026-11-30' }] })
  })
})
