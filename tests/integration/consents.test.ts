import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { TOS_VERSION } from '~/content/terms'
import { db } from '~/db/client.server'
import { auditLog, consentRecords, localCheckouts, policies, profiles } from '~/db/schema'
import { resetEnvForTests } from '~/env.server'
import { runDailyJobs } from '~/jobs.server'
import { CONSENT_CSV_COLUMNS, purgeExpiredConsentRecords } from '~/models/people/consents.server'
import { loader as csvLoader } from '~/routes/admin.states.consents[.csv]'
import { action as privacyAction, loader as privacyLoader } from '~/routes/customer.privacy'
import { action as payAction } from '~/routes/dev.checkout.$id'
import { action as signupAction } from '~/routes/signup'

import { createPolicy, createProfile, ensureSeeded, findOrCreateProfile, sessionCookieFor, uniqueEmail } from '../support/factories'
import { outboxFor } from '../support/outbox'
import { inOperatorArea, makeRequest, routeArgs, settle } from '../support/requests'
import { SIGNUP_FIELDS } from '../support/signup-form'

const YEAR_MS = 365 * 24 * 60 * 60 * 1000
const downloadCsv = inOperatorArea(csvLoader)
const checkoutCount = () => db().select().from(localCheckouts).all().length

beforeAll(() => {
  // The client's address as a proxy would pass it, so the record has one.
  process.env.CLIENT_IP_HEADER = 'X-Client-IP'
  resetEnvForTests()
  ensureSeeded()
})

afterAll(() => {
  delete process.env.CLIENT_IP_HEADER
  resetEnvForTests()
})

function postSignup(fields: Record<string, string>) {
  const form = { ...SIGNUP_FIELDS, planType: 'chip_only', acceptTerms: 'on', shownPrices: JSON.stringify({ chip_only: 799 }), ...fields }
  const request = makeRequest('/signup', { form, headers: { 'User-Agent': 'Mozilla/5.0 (Consent Test)', 'X-Client-IP': '198.51.100.23' } })
  return settle(() => signupAction(routeArgs(request)))
}

/** Signs up (state and consents from `fields`) and pays in the local test checkout: the policy made. */
async function buy(fields: Record<string, string> = {}) {
  const response = await postSignup(fields)
  expect(response.status).toBe(303)
  const id = response.headers.get('Location')!.split('/').pop()!
  const email = uniqueEmail()
  await settle(() => payAction(routeArgs(makeRequest(`/dev/checkout/${id}`, { form: { email, fullName: 'Casey Consent' } }), { id })))
  return db().select().from(policies).where(eq(policies.stripeCheckoutSessionId, id)).get()!
}

const recordOf = (policyId: string) => db().select().from(consentRecords).where(eq(consentRecords.policyId, policyId)).get()

type Answer = { result: { error?: Record<string, string[] | null> }; toast: { title: string } }

describe('the two consents at signup', () => {
  it('are each required: a message next to each unticked checkbox, a 4xx, and no checkout', async () => {
    const before = checkoutCount()
    const response = await postSignup({ acceptRenewal: '', acceptEsign: '' })
    expect(response.status).toBe(400)
    const { result, toast } = response.data as Answer
    expect(result.error?.acceptRenewal).toEqual(['Please agree to the automatic renewal terms to continue.'])
    expect(result.error?.acceptEsign).toEqual(['Please agree to receive your contract and notices electronically to continue.'])
    expect(toast.title).toBe('Consent Required')
    const renewalOnly = await postSignup({ acceptEsign: '' })
    expect(renewalOnly.status).toBe(400)
    expect((renewalOnly.data as Answer).result.error).toEqual({ acceptEsign: expect.any(Array) })
    expect(checkoutCount()).toBe(before)
  })

  it('are recorded with the policy: what was shown, the state, the time, the address and the browser', async () => {
    const started = Date.now()
    const policy = await buy({ governingState: 'FL' })
    const record = recordOf(policy.id)!
    expect(record).toMatchObject({
      profileId: policy.profileId,
      tosVersion: TOS_VERSION,
      priceCents: 799,
      renewalTermsVersion: 'renewal-2026-3',
      esignVersion: 'esign-2026-1',
      governingState: 'FL',
      clientIp: '198.51.100.23',
      userAgent: 'Mozilla/5.0 (Consent Test)',
      anonymisedAt: null,
    })
    expect(Date.parse(record.consentedAt)).toBeGreaterThanOrEqual(started - 1000)
  })
})

describe('keeping the records', () => {
  it('keeps a record after the account is deleted, without the link to the customer or the address', async () => {
    const policy = await buy()
    const profileId = policy.profileId
    db().update(policies).set({ status: 'canceled', canceledAt: new Date().toISOString() }).where(eq(policies.id, policy.id)).run()
    const email = db().select().from(profiles).where(eq(profiles.id, profileId)).get()!.email
    const cookie = await sessionCookieFor(profileId)
    const post = (form: Record<string, string>) =>
      settle(() => privacyAction(routeArgs(makeRequest('/customer/privacy', { cookie, form }))))
    expect((await post({ intent: 'deletion-code' })).status).toBe(302)
    const code = /Code: (\d{6})/.exec(outboxFor(email).find((mail) => mail.subject === 'Your code to delete your account')!.text)![1]!
    expect((await post({ intent: 'delete-account', code })).status).toBe(302)

    const record = recordOf(policy.id)!
    expect(record).toMatchObject({
      profileId: null,
      clientIp: null,
      governingState: 'TX',
      priceCents: 799,
      renewalTermsVersion: 'renewal-2026-3',
    })
    expect(record.userAgent).toBe('Mozilla/5.0 (Consent Test)')
    expect(record.anonymisedAt).not.toBeNull()
  })

  it('removes a record three years after its policy ended, and keeps the others (the daily job)', async () => {
    const now = new Date('2031-06-01T00:00:00.000Z')
    const ended = (ago: number) => new Date(now.getTime() - ago).toISOString()
    const old = await buy()
    const recent = await buy()
    const running = await buy()
    db()
      .update(policies)
      .set({ status: 'canceled', canceledAt: ended(3 * YEAR_MS + 24 * 3600 * 1000) })
      .where(eq(policies.id, old.id))
      .run()
    db()
      .update(policies)
      .set({ status: 'canceled', canceledAt: ended(3 * YEAR_MS - 24 * 3600 * 1000) })
      .where(eq(policies.id, recent.id))
      .run()

    const report = await runDailyJobs(now)
    expect(report.consentRecordsPurged).toBeGreaterThanOrEqual(1)
    expect(recordOf(old.id)).toBeUndefined()
    expect(recordOf(recent.id)).toBeDefined()
    expect(recordOf(running.id)).toBeDefined()
    expect(await purgeExpiredConsentRecords(now)).toBe(0)
  })
})

describe('the operator’s CSV export', () => {
  it('lists every record with its columns', async () => {
    const policy = await buy({ governingState: 'NY' })
    const customer = db().select().from(profiles).where(eq(profiles.id, policy.profileId)).get()!
    const cookie = await sessionCookieFor(findOrCreateProfile('operator@example.com').id)
    const response = (await downloadCsv(routeArgs(makeRequest('/admin/states/consents.csv', { cookie })))) as Response
    expect(response.headers.get('Content-Type')).toBe('text/csv; charset=utf-8')
    expect(response.headers.get('Content-Disposition')).toMatch(/^attachment; filename="consent-records-\d{4}-\d{2}-\d{2}\.csv"$/)
    const lines = (await response.text()).trimEnd().split('\r\n')
    expect(lines[0]).toBe(CONSENT_CSV_COLUMNS.join(','))
    expect(lines[0]).toBe(
      'Policy,Customer e-mail,State,Consented at (UTC),Terms version,Monthly price (USD),Renewal terms version,E-sign disclosure version,Client IP,Browser,Policy ended (UTC),Anonymised at (UTC)',
    )
    const row = lines.find((line) => line.startsWith(policy.id))!
    expect(row.split(',')).toEqual([
      policy.id,
      customer.email,
      'NY',
      expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      TOS_VERSION,
      '7.99',
      'renewal-2026-3',
      'esign-2026-1',
      '198.51.100.23',
      'Mozilla/5.0 (Consent Test)',
      '',
      '',
    ])
  })

  it('is the operator’s alone: a customer gets 404', async () => {
    const cookie = await sessionCookieFor(createProfile().id)
    const answer = await settle(() => downloadCsv(routeArgs(makeRequest('/admin/states/consents.csv', { cookie }))))
    expect(answer.status).toBe(404)
  })
})

describe('withdrawing electronic consent', () => {
  it('is recorded with its time and audited, the operator is e-mailed to post paper, and the page says so', async () => {
    const customer = createProfile({ fullName: 'Pat Paper' })
    const policy = createPolicy(customer.id)
    const cookie = await sessionCookieFor(customer.id)
    const post = () =>
      settle(() => privacyAction(routeArgs(makeRequest('/customer/privacy', { cookie, form: { intent: 'withdraw-esign' } }))))
    const page = async () =>
      (await settle(() => privacyLoader(routeArgs(makeRequest('/customer/privacy', { cookie }))))).data as {
        esignWithdrawnAt: string | null
      }
    expect((await page()).esignWithdrawnAt).toBeNull()

    expect((await post()).status).toBe(302)
    const withdrawnAt = (await page()).esignWithdrawnAt
    expect(withdrawnAt).not.toBeNull()
    const audit = db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'profile.esign_withdrawn'), eq(auditLog.entityId, customer.id)))
      .all()
    expect(audit).toHaveLength(1)
    const notices = outboxFor('operator@example.com').filter((mail) => mail.subject === 'A customer asked for paper copies')
    const notice = notices.find((mail) => mail.text.includes(customer.email))!
    expect(notice.text).toContain('Pat Paper')
    expect(notice.text).toContain(policy.id)
    expect(notice.text).toContain(`/admin/customers/${customer.id}`)

    // A second time changes nothing and tells nobody again.
    expect((await post()).status).toBe(302)
    expect((await page()).esignWithdrawnAt).toBe(withdrawnAt)
    expect(
      outboxFor('operator@example.com').filter(
        (mail) => mail.subject === 'A customer asked for paper copies' && mail.text.includes(customer.email),
      ),
    ).toHaveLength(1)
  })

  it('asks to be signed in', async () => {
    const answer = await settle(() => privacyAction(routeArgs(makeRequest('/customer/privacy', { form: { intent: 'withdraw-esign' } }))))
    expect(answer.status).toBe(302)
    expect(answer.headers.get('Location')).toMatch(/^\/auth/)
  })
})
