import { and, desc, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'

import { db } from '~/db/client.server'
import { auditLog, claimDocuments, ownershipTransfers, policies, vehicles, verifications } from '~/db/schema'
import * as adminActivityRoute from '~/routes/admin.activity'
import * as adminClaimsRoute from '~/routes/admin.claims'
import * as adminCustomersProfileidRoute from '~/routes/admin.customers.$profileId'
import * as adminPoliciesRoute from '~/routes/admin.policies'
import * as adminStatementsRoute from '~/routes/admin.statements'
import * as adminStatementsDownloadRoute from '~/routes/admin.statements.download'
import { toCsv } from '~/utils/csv'

import {
  commitmentBinding,
  createActivePolicy,
  createClaim,
  createPartnerGroup,
  createPolicy,
  createProfile,
  ensureSeeded,
  findOrCreateProfile,
  getPolicy,
  sessionCookieFor,
} from '../support/factories'
import { outboxFor } from '../support/outbox'
import { inOperatorArea, makeRequest, routeArgs, settle } from '../support/requests'

const activityLoader = inOperatorArea(adminActivityRoute.loader)
const claimsLoader = inOperatorArea(adminClaimsRoute.loader)
const customerAction = inOperatorArea(adminCustomersProfileidRoute.action)
const customerLoader = inOperatorArea(adminCustomersProfileidRoute.loader)
const policiesLoader = inOperatorArea(adminPoliciesRoute.loader)
const statementsLoader = inOperatorArea(adminStatementsRoute.loader)
const downloadLoader = inOperatorArea(adminStatementsDownloadRoute.loader)

const YEAR_MS = 365 * 24 * 60 * 60 * 1000
const operatorProfile = () => findOrCreateProfile('operator@example.com')
const operator = () => sessionCookieFor(operatorProfile().id)

function post(profileId: string, form: Record<string, string>, cookie: string) {
  return settle(() => customerAction(routeArgs(makeRequest(`/admin/customers/${profileId}`, { cookie, form }), { profileId })))
}

type Refusal = { result: { error: Record<string, string[]> }; toast: { title: string } }

describe('the operator’s pages are the operator’s alone', () => {
  ensureSeeded()

  it('answers 404 to a signed-in customer and to a visitor on every new page and action', async () => {
    const customer = createProfile()
    for (const cookie of [await sessionCookieFor(customer.id), undefined]) {
      const loaders: [string, (args: never) => unknown, Record<string, string>?][] = [
        ['/admin/claims?page=2', claimsLoader],
        ['/admin/policies?q=a', policiesLoader],
        ['/admin/activity?log=email', activityLoader],
        [`/admin/customers/${customer.id}`, customerLoader, { profileId: customer.id }],
        ['/admin/statements', statementsLoader],
        ['/admin/statements/download?group=x&month=2026-11', downloadLoader],
      ]
      for (const [path, load, params] of loaders) {
        expect((await settle(() => load(routeArgs(makeRequest(path, { cookie }), params)))).status, path).toBe(404)
      }
      for (const form of [
        { intent: 'resend' } as Record<string, string>,
        { intent: 'cancel-policy', policyId: 'x', when: 'now', reason: 'asked' },
        { intent: 'correct-vehicle', vehicleId: 'x' },
      ]) {
        const answer = await settle(() =>
          customerAction(routeArgs(makeRequest(`/admin/customers/${customer.id}`, { cookie, form }), { profileId: customer.id })),
        )
        expect(answer.status, form.intent).toBe(404)
      }
    }
  })

  it('answers 404 for a customer that does not exist', async () => {
    const answer = await settle(async () =>
      customerLoader(routeArgs(makeRequest('/admin/customers/nobody', { cookie: await operator() }), { profileId: 'nobody' })),
    )
    expect(answer.status).toBe(404)
  })
})

describe('the customer page', () => {
  it('shows the profile, policies with their setup photos, vehicles, claims with documents, e-mails and the audit trail', async () => {
    const customer = createProfile({ fullName: 'Robin Vega', phone: '801-555-0100' })
    const { policy, vehicle } = createActivePolicy(customer.id)
    const claim = createClaim(policy.id)
    db()
      .insert(claimDocuments)
      .values({ claimId: claim.id, documentType: 'damage_photo', filePath: 'claims/x/d.jpg', fileName: 'd.jpg' })
      .run()
    db().insert(auditLog).values({ actor: customer.id, action: 'claim.submitted', entityType: 'claim', entityId: claim.id }).run()
    const page = await customerLoader(
      routeArgs(makeRequest(`/admin/customers/${customer.id}`, { cookie: await operator() }), { profileId: customer.id }),
    )
    expect(page.profile).toMatchObject({ fullName: 'Robin Vega', phone: '801-555-0100' })
    expect(page.policies).toHaveLength(1)
    // The operator sees the number the customer reads out beside the internal id.
    expect(page.policies[0]).toMatchObject({ id: policy.id, policyNumber: policy.policyNumber })
    expect(page.policies[0]!.photos.map((photo) => photo.type)).toEqual(['head_on', 'inside_drivers', 'inside_passengers'])
    expect(page.policies[0]!.photos[0]!.full).toMatch(/^\/files\/policy-photos\//)
    expect(page.vehicles.map((row) => row.id)).toEqual([vehicle.id])
    expect(page.claims[0]).toMatchObject({ id: claim.id, documents: [{ type: 'damage_photo', name: 'd.jpg' }] })
    expect(page.trail.map((row) => row.entry.action)).toContain('claim.submitted')
  })

  it("lists each policy's offers to a next owner, for its seller and, once paid, for its buyer", async () => {
    const seller = createProfile()
    const buyer = createProfile()
    const { policy } = createActivePolicy(seller.id)
    const day = 24 * 60 * 60 * 1000
    const offer = (values: Partial<typeof ownershipTransfers.$inferInsert>) =>
      db()
        .insert(ownershipTransfers)
        .values({
          policyId: policy.id,
          sellerProfileId: seller.id,
          buyerEmail: buyer.email,
          tokenHash: `hash-${Math.random()}`,
          expiresAt: new Date(Date.now() + 7 * day).toISOString(),
          ...values,
        })
        .run()
    offer({ status: 'canceled', createdAt: '2026-10-01T10:00:00.000Z', canceledAt: '2026-10-02T10:00:00.000Z' })
    offer({ status: 'offered', createdAt: '2026-10-05T10:00:00.000Z', expiresAt: '2026-10-19T10:00:00.000Z' })
    const pageOf = async (profileId: string) =>
      customerLoader(routeArgs(makeRequest(`/admin/customers/${profileId}`, { cookie: await operator() }), { profileId }))
    expect((await pageOf(seller.id)).policies[0]!.offers.map(({ parties, state }) => `${parties}: ${state}`)).toEqual([
      `To ${buyer.email}: Expired on October 19, 2026, not accepted`,
      `To ${buyer.email}: Withdrawn on October 2, 2026`,
    ])

    // Paid: the policy is the buyer's now, and their page says whose it was.
    db().update(ownershipTransfers).set({ status: 'expired' }).where(eq(ownershipTransfers.status, 'offered')).run()
    offer({ status: 'paid', createdAt: '2026-11-21T10:00:00.000Z', paidAt: '2026-11-22T10:00:00.000Z', buyerProfileId: buyer.id })
    db().update(policies).set({ profileId: buyer.id }).where(eq(policies.id, policy.id)).run()
    const buyersPolicy = (await pageOf(buyer.id)).policies[0]!
    expect(buyersPolicy.offers[0]).toMatchObject({
      parties: `From ${seller.email} to ${buyer.email}`,
      state: 'Paid on November 22, 2026: the policy moved to the buyer',
    })
    expect((await pageOf(seller.id)).policies).toHaveLength(0)
  })

  it('resends the finish-setup e-mail for a policy waiting for setup, a sign-in link otherwise; both audited', async () => {
    const customer = createProfile()
    const waiting = createPolicy(customer.id, { status: 'incomplete' })
    const cookie = await operator()
    const setup = await post(customer.id, { intent: 'resend', policyId: waiting.id }, cookie)
    expect(setup.status).toBe(302)
    expect(outboxFor(customer.email)[0]).toMatchObject({ tag: 'finish-setup' })
    const link = db()
      .select()
      .from(verifications)
      .where(eq(verifications.email, customer.email))
      .orderBy(desc(verifications.createdAt))
      .get()!
    expect(link.redirectTo).toBe(`/customer/complete-policy?policy_id=${waiting.id}`)
    const signIn = await post(customer.id, { intent: 'resend' }, cookie)
    expect(signIn.status).toBe(302)
    expect(outboxFor(customer.email)[0]).toMatchObject({ tag: 'sign-in' })
    const entries = db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, customer.id), eq(auditLog.action, 'profile.email_resent')))
      .all()
    expect(entries.map((entry) => [entry.actor, (entry.detail as { kind: string }).kind])).toEqual([
      [operatorProfile().id, 'finish-setup'],
      [operatorProfile().id, 'sign-in'],
    ])
    // Another customer's policy is not this customer's: 404, nothing sent.
    const other = createPolicy(createProfile().id)
    expect((await post(customer.id, { intent: 'resend', policyId: other.id }, cookie)).status).toBe(404)
  })

  it('ends a policy at the customer’s request: with a reason, at the end of the commitment while it runs, now after it', async () => {
    const customer = createProfile()
    // A state where the commitment binds (New York after its free look); elsewhere "now" is always possible.
    const { policy } = createActivePolicy(customer.id, commitmentBinding())
    const cookie = await operator()

    const noReason = await post(
      customer.id,
      { intent: 'cancel-policy', policyId: policy.id, when: 'end_of_commitment', reason: '  ' },
      cookie,
    )
    expect(noReason.status).toBe(400)
    expect((noReason.data as Refusal).result.error.reason).toEqual(['Please give the reason.'])

    const tooSoon = await post(customer.id, { intent: 'cancel-policy', policyId: policy.id, when: 'now', reason: 'Sold the car' }, cookie)
    expect(tooSoon.status).toBe(409)
    expect((tooSoon.data as Refusal).result.error.when![0]).toMatch(/^This policy is in its 12-month commitment until /)
    expect(getPolicy(policy.id)!.cancelAt).toBeNull()

    const atEnd = await post(
      customer.id,
      { intent: 'cancel-policy', policyId: policy.id, when: 'end_of_commitment', reason: 'Sold the car' },
      cookie,
    )
    expect(atEnd.status).toBe(302)
    expect(getPolicy(policy.id)!.cancelAt).toBe(policy.initialTermEndsAt)
    expect(outboxFor(customer.email)[0]).toMatchObject({
      tag: 'policy-ended-by-operator',
      subject: 'Your Glass Plan policy will end with its commitment',
    })
    const entry = db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, policy.id), eq(auditLog.action, 'policy.renewal_off')))
      .get()!
    expect(entry.actor).toBe(operatorProfile().id)
    expect(entry.detail).toMatchObject({ onBehalfOf: customer.id, reason: 'Sold the car' })

    const done = createActivePolicy(customer.id, { initialTermEndsAt: new Date(Date.now() - YEAR_MS / 12).toISOString() }).policy
    const now = await post(customer.id, { intent: 'cancel-policy', policyId: done.id, when: 'now', reason: 'Moving abroad' }, cookie)
    expect(now.status).toBe(302)
    expect(getPolicy(done.id)!.status).toBe('canceled')
    expect(outboxFor(customer.email)[0]!.subject).toBe('Your Glass Plan policy has been cancelled')
  })

  it('corrects a vehicle with a reason, refusing bad details field by field and saving nothing then', async () => {
    const customer = createProfile()
    const { vehicle } = createActivePolicy(customer.id)
    const cookie = await operator()
    const form = {
      intent: 'correct-vehicle',
      vehicleId: vehicle.id,
      licensePlate: 'abc-987',
      licensePlateState: 'ut',
      year: '2020',
      make: 'Toyota',
      model: 'Corolla',
      reason: 'Typo in the plate',
    }

    const bad = await post(customer.id, { ...form, licensePlate: 'AB#1', year: '1901', reason: '' }, cookie)
    expect(bad.status).toBe(400)
    const errors = (bad.data as Refusal).result.error
    expect(Object.keys(errors).sort()).toEqual(['licensePlate', 'reason', 'year'])
    expect(db().select().from(vehicles).where(eq(vehicles.id, vehicle.id)).get()!.licensePlate).toBe(vehicle.licensePlate)

    const ok = await post(customer.id, form, cookie)
    expect(ok.status).toBe(302)
    expect(db().select().from(vehicles).where(eq(vehicles.id, vehicle.id)).get()).toMatchObject({
      licensePlate: 'ABC987',
      licensePlateState: 'UT',
      year: 2020,
      model: 'Corolla',
    })
    const entry = db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, vehicle.id), eq(auditLog.action, 'vehicle.corrected')))
      .get()!
    expect(entry.detail).toEqual({
      reason: 'Typo in the plate',
      before: { licensePlate: vehicle.licensePlate, year: 2019, model: 'Camry' },
      after: { licensePlate: 'ABC987', year: 2020, model: 'Corolla' },
    })
    // The search finds the corrected plate however it is typed.
    const found = await policiesLoader(routeArgs(makeRequest('/admin/policies?q=abc%20987', { cookie })))
    expect(found.data.rows.map((row) => row.id)).toContain(customer.id)

    const stranger = createActivePolicy(createProfile().id).vehicle
    expect((await post(customer.id, { ...form, vehicleId: stranger.id }, cookie)).status).toBe(404)
  })
})

describe('partner statements', () => {
  it('lists a group’s claims completed in the month with their documents and totals, and downloads them as CSV', async () => {
    const group = createPartnerGroup('Wasatch, "Best" Glass')
    const other = createPartnerGroup()
    const { policy } = createActivePolicy(createProfile({ fullName: 'Lee, Jordan' }).id)
    const complete = (completedAt: string, cost: number, repairType: 'repair' | 'replacement', notes: string, groupId = group.id) =>
      createClaim(policy.id, {
        approvalStatus: 'completed',
        reviewedAt: '2026-10-01T00:00:00.000Z',
        assignedPartnerGroupId: groupId,
        completedAt,
        actualCostCents: cost,
        repairType,
        partnerNotes: notes,
      })
    const first = complete('2026-10-03T15:00:00.000Z', 8900, 'repair', 'Chip filled, "clean" result,\nno cracks')
    complete('2026-10-31T23:59:59.000Z', 32000, 'replacement', '=HYPERLINK("http://evil")')
    complete('2026-11-01T00:00:00.000Z', 5000, 'repair', 'November: not in October')
    complete('2026-10-10T00:00:00.000Z', 7000, 'repair', 'Another group', other.id)
    db()
      .insert(claimDocuments)
      .values({ claimId: first.id, documentType: 'invoice', filePath: 'claims/a/invoice.pdf', fileName: 'invoice.pdf' })
      .run()
    db()
      .insert(claimDocuments)
      .values({ claimId: first.id, documentType: 'repair_photo', filePath: 'claims/a/after.jpg', fileName: 'after.jpg' })
      .run()
    const cookie = await operator()

    const { data: page } = await statementsLoader(routeArgs(makeRequest(`/admin/statements?group=${group.id}&month=2026-10`, { cookie })))
    expect(page.statement!.lines.map((line) => line.costCents)).toEqual([8900, 32000])
    expect(page.statement!.totals).toEqual({ claims: 2, costCents: 40900, repairs: 1, replacements: 1 })
    expect(page.statement!.total).toBe('$409.00')
    expect(page.statement!.lines[0]!.invoices.map((doc) => doc.url)).toEqual(['/files/claims/a/invoice.pdf'])

    const csv = await downloadLoader(routeArgs(makeRequest(`/admin/statements/download?group=${group.id}&month=2026-10`, { cookie })))
    expect(csv.headers.get('Content-Type')).toBe('text/csv; charset=utf-8')
    expect(csv.headers.get('Content-Disposition')).toBe('attachment; filename="statement-wasatch-best-glass-2026-10.csv"')
    const text = await csv.text()
    const lines = text.split('\r\n')
    expect(lines[0]).toBe(
      'Completed (UTC),Claim code,Customer,Vehicle,Damage,Repair type,' +
        'Part number,Labor hours,Kit/moulding,ADAS calibration,Cost (USD),Amount accepted (USD),' +
        'Partner notes,Invoice,Repair photos,Calibration report,' +
        'Payment,Approved for payment (UTC),Payout,Paid (UTC),Payment reference',
    )
    expect(text).toContain(`,"Lee, Jordan",`)
    expect(text).toContain(
      `,,,,,89.00,,"Chip filled, ""clean"" result,\nno cracks",http://localhost:3999/files/claims/a/invoice.pdf,http://localhost:3999/files/claims/a/after.jpg,,Not approved for payment yet,,,,\r\n`,
    )
    expect(text).toContain(`,320.00,,"'=HYPERLINK(""http://evil"")",,,,Not approved for payment yet,,,,\r\n`)
    // The total row is as wide as the header (21 columns), so a spreadsheet puts nothing out of line.
    expect(text.endsWith(`Total,2 claims,,,,"1 repairs, 1 replacements",,,,,409.00${','.repeat(10)}\r\n`)).toBe(true)

    for (const query of ['group=&month=2026-10', `group=${group.id}&month=2026-13`, `group=${group.id}`]) {
      const answer = await settle(() => downloadLoader(routeArgs(makeRequest(`/admin/statements/download?${query}`, { cookie }))))
      expect(answer.status, query).toBe(400)
    }
    expect(
      (await settle(() => downloadLoader(routeArgs(makeRequest('/admin/statements/download?group=gone&month=2026-10', { cookie })))))
        .status,
    ).toBe(404)
    const badMonth = await settle(() =>
      statementsLoader(routeArgs(makeRequest(`/admin/statements?group=${group.id}&month=October`, { cookie }))),
    )
    expect(badMonth.status).toBe(400)
  })
})

describe('CSV', () => {
  it('quotes as RFC 4180 says, and defuses what a spreadsheet would run as a formula', () => {
    expect(toCsv([['plain', 'a,b', 'say "hi"', 'two\nlines', 'cr\rhere', 12.5, null, undefined, '']])).toBe(
      'plain,"a,b","say ""hi""","two\nlines","cr\rhere",12.5,,,\r\n',
    )
    expect(toCsv([['=1+1', '+1', '-1', '@SUM(A1)', '\tx', 'ok=1']])).toBe(`'=1+1,'+1,'-1,'@SUM(A1),'\tx,ok=1\r\n`)
    expect(toCsv([['a'], ['b']])).toBe('a\r\nb\r\n')
  })
})
