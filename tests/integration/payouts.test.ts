import { desc, eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'

import { db } from '~/db/client.server'
import { auditLog, claims, invoiceDisputes, partnerLocations, payoutCounts, payouts } from '~/db/schema'
import { PAYOUT_NUMBER_PATTERN } from '~/domain/payouts'
import { createPayout, markPayoutPaid, payoutOverview, payoutStatesFor } from '~/models/money/payouts.server'
import * as adminClaimsRoute from '~/routes/admin.claims'
import * as adminClaimRoute from '~/routes/admin.claims.$claimId'
import * as adminPayoutsRoute from '~/routes/admin.payouts'
import * as downloadRoute from '~/routes/admin.statements.download'

import {
  createActivePolicy,
  createClaim,
  createPartnerGroup,
  createProfile,
  ensureSeeded,
  findOrCreateProfile,
  sessionCookieFor,
  uniqueEmail,
} from '../support/factories'
import { outboxFor } from '../support/outbox'
import { passesOverGrowingTables, planOf, statementsOf } from '../support/query-plans'
import { inOperatorArea, makeRequest, routeArgs, settle } from '../support/requests'

const payoutsLoader = inOperatorArea(adminPayoutsRoute.loader)
const payoutsAction = inOperatorArea(adminPayoutsRoute.action)
const claimLoader = inOperatorArea(adminClaimRoute.loader)
const claimAction = inOperatorArea(adminClaimRoute.action)
const queueLoader = inOperatorArea(adminClaimsRoute.loader)
const downloadLoader = inOperatorArea(downloadRoute.loader)

const operator = () => findOrCreateProfile('operator@example.com')
const operatorCookie = () => sessionCookieFor(operator().id)

function completedJob(groupId: string, costCents: number, overrides: Partial<typeof claims.$inferInsert> = {}) {
  const { policy } = createActivePolicy(createProfile({ fullName: 'Robin Vega' }).id)
  return createClaim(policy.id, {
    approvalStatus: 'completed',
    reviewedAt: '2026-11-02T15:00:00.000Z',
    assignedPartnerGroupId: groupId,
    completedAt: '2026-11-03T10:00:00.000Z',
    repairType: 'repair',
    actualCostCents: costCents,
    ...overrides,
  })
}

function postPayouts(form: Record<string, string | string[]>, cookie: string, query = '') {
  return settle(() => payoutsAction(routeArgs(makeRequest(`/admin/payouts${query}`, { cookie, form }))))
}

const claimRow = (id: string) => db().select().from(claims).where(eq(claims.id, id)).get()!
const auditOf = (entityId: string) =>
  db()
    .select()
    .from(auditLog)
    .where(eq(auditLog.entityId, entityId))
    .all()
    .map((entry) => entry.action)

describe('payouts are the operator’s alone', () => {
  ensureSeeded()

  it('answers 404 to a signed-in customer and to a visitor, and changes nothing', async () => {
    const group = createPartnerGroup()
    const job = completedJob(group.id, 5000)
    for (const cookie of [await sessionCookieFor(createProfile().id), undefined]) {
      expect((await settle(() => payoutsLoader(routeArgs(makeRequest('/admin/payouts', { cookie }))))).status).toBe(404)
      for (const form of [
        { intent: 'approve-payment', claimId: job.id } as Record<string, string>,
        { intent: 'create-payout', groupId: group.id, claimId: job.id },
        { intent: 'mark-paid', payoutId: 'x', reference: 'ref' },
      ]) {
        expect((await settle(() => payoutsAction(routeArgs(makeRequest('/admin/payouts', { cookie, form }))))).status).toBe(404)
      }
      const onClaim = makeRequest(`/admin/claims/${job.id}`, { cookie, form: { intent: 'approve-payment' } })
      expect((await settle(() => claimAction(routeArgs(onClaim, { claimId: job.id })))).status).toBe(404)
    }
    expect(claimRow(job.id).paymentApprovedAt).toBeNull()
  })
})

describe('getting the shops paid', () => {
  it('approves completed jobs for payment, once, from the claim page and in bulk; a job not completed cannot be', async () => {
    const cookie = await operatorCookie()
    const group = createPartnerGroup('Approve Glass')
    const one = completedJob(group.id, 8900)
    const two = completedJob(group.id, 12000)
    const open = completedJob(group.id, 0, { approvalStatus: 'approved', completedAt: null, actualCostCents: null })

    const page = await claimLoader(routeArgs(makeRequest(`/admin/claims/${one.id}`, { cookie }), { claimId: one.id }))
    expect(page.payout).toMatchObject({ state: 'not_approved', approvable: true })
    const onPage = await settle(() =>
      claimAction(routeArgs(makeRequest(`/admin/claims/${one.id}`, { cookie, form: { intent: 'approve-payment' } }), { claimId: one.id })),
    )
    expect(onPage.status).toBe(302)
    expect(claimRow(one.id)).toMatchObject({ paymentApprovedBy: operator().id })
    expect(claimRow(one.id).paymentApprovedAt).not.toBeNull()
    const after = await claimLoader(routeArgs(makeRequest(`/admin/claims/${one.id}`, { cookie }), { claimId: one.id }))
    expect(after.payout).toMatchObject({ state: 'approved', label: 'Approved for payment', approvable: false })

    const listed = await payoutsLoader(routeArgs(makeRequest(`/admin/payouts?group=${group.id}`, { cookie })))
    expect(listed.data.group!.waiting.map((job) => job.code)).toEqual([two.confirmationCode])
    expect(listed.data.group!.approved.map((job) => [job.code, job.amount])).toEqual([[one.confirmationCode, '$89.00']])

    // In bulk: the one approved already stays as it was (approved once, audited once).
    const bulk = await postPayouts({ intent: 'approve-payment', claimId: [one.id, two.id] }, cookie, `?group=${group.id}`)
    expect(bulk.status).toBe(302)
    expect(bulk.headers.get('Location')).toBe(`/admin/payouts?group=${group.id}`)
    expect(auditOf(one.id).filter((action) => action === 'claim.payment_approved')).toHaveLength(1)
    expect(auditOf(two.id)).toContain('claim.payment_approved')

    const notCompleted = await postPayouts({ intent: 'approve-payment', claimId: open.id }, cookie)
    expect(notCompleted.status).toBe(400)
    expect(claimRow(open.id).paymentApprovedAt).toBeNull()
    const none = await postPayouts({ intent: 'approve-payment' }, cookie)
    expect(none.status).toBe(400)
    expect((none.data as { result: { error: Record<string, string[]> } }).result.error.claimId).toEqual(['Choose at least one job.'])
  })

  it('puts only one group’s approved jobs in a payout (another group’s job refuses the request), once; marks it paid with a reference and e-mails the remittance', async () => {
    const cookie = await operatorCookie()
    const group = createPartnerGroup('Wasatch Payout Glass', { email: 'pay@wasatch.example' })
    const other = createPartnerGroup('Other Glass', { email: 'pay@other.example' })
    const approvedAt = '2026-11-05T00:00:00.000Z'
    const a = completedJob(group.id, 8900, { paymentApprovedAt: approvedAt, completedAt: '2026-11-03T10:00:00.000Z' })
    const b = completedJob(group.id, 32000, { paymentApprovedAt: approvedAt, completedAt: '2026-11-04T10:00:00.000Z' })
    const notApproved = completedJob(group.id, 7000)
    const otherGroups = completedJob(other.id, 4000, { paymentApprovedAt: approvedAt })

    // Another group's job mixed in: the whole request is refused, naming that job, and nothing is saved.
    const mixed = await postPayouts(
      { intent: 'create-payout', groupId: group.id, claimId: [a.id, b.id, notApproved.id, otherGroups.id] },
      cookie,
    )
    expect(mixed.status).toBe(409)
    const refusal = mixed.data as { result: { error: Record<string, string[]> }; toast: { title: string; description: string } }
    expect(refusal.toast.title).toBe('Payout not created')
    expect(refusal.result.error.claimId).toEqual([
      `Job ${otherGroups.confirmationCode} is not Wasatch Payout Glass’s. Nothing was saved; reload the page and create the payout from its list.`,
    ])
    expect(
      db()
        .select()
        .from(payouts)
        .all()
        .filter((row) => [group.id, other.id].includes(row.partnerGroupId)),
    ).toEqual([])
    expect([a, b, notApproved, otherGroups].map((job) => claimRow(job.id).payoutId)).toEqual([null, null, null, null])
    expect(auditOf(group.id)).toEqual([])

    const form = { intent: 'create-payout', groupId: group.id, claimId: [a.id, b.id, notApproved.id] }
    const first = await postPayouts(form, cookie)
    expect(first.status).toBe(302)
    const made = db().select().from(payouts).where(eq(payouts.partnerGroupId, group.id)).all()
    expect(made).toHaveLength(1)
    expect(made[0]).toMatchObject({ jobCount: 2, totalCents: 40900, paidAt: null })
    const payout = made[0]!
    expect(claimRow(a.id).payoutId).toBe(payout.id)
    expect(claimRow(b.id).payoutId).toBe(payout.id)
    expect(claimRow(notApproved.id).payoutId).toBeNull()
    expect(claimRow(otherGroups.id).payoutId).toBeNull()
    expect(auditOf(payout.id)).toEqual(['payout.created'])

    // The same form again (a double click, a resubmitted page): the same payout, no second one, the jobs where they were.
    const again = await postPayouts({ intent: 'create-payout', groupId: group.id, claimId: [a.id, b.id] }, cookie)
    expect(again.status).toBe(302)
    expect(db().select().from(payouts).where(eq(payouts.partnerGroupId, group.id)).all()).toHaveLength(1)
    // A job already in a payout cannot join another one.
    const stale = await postPayouts({ intent: 'create-payout', groupId: group.id, claimId: [a.id, notApproved.id] }, cookie)
    expect(stale.status).toBe(409)
    expect(claimRow(a.id).payoutId).toBe(payout.id)
    expect(payoutStatesFor([a.id, notApproved.id]).get(a.id)).toMatchObject({ state: 'in_payout', payoutId: payout.id })

    const missing = await postPayouts({ intent: 'mark-paid', payoutId: payout.id, reference: '   ' }, cookie)
    expect(missing.status).toBe(400)
    expect((missing.data as { result: { error: Record<string, string[]> } }).result.error.reference).toEqual([
      'Enter the bank transfer’s reference.',
    ])
    const paid = await postPayouts({ intent: 'mark-paid', payoutId: payout.id, reference: 'ACH 2026-12-01 #4471' }, cookie)
    expect(paid.status).toBe(302)
    const stored = db().select().from(payouts).where(eq(payouts.id, payout.id)).get()!
    expect(stored).toMatchObject({ reference: 'ACH 2026-12-01 #4471', paidBy: operator().id })
    expect(stored.paidAt).not.toBeNull()
    expect(payoutStatesFor([a.id, b.id, notApproved.id])).toEqual(
      new Map([
        [a.id, { state: 'paid', payoutId: payout.id, paidAt: stored.paidAt, reference: 'ACH 2026-12-01 #4471' }],
        [b.id, { state: 'paid', payoutId: payout.id, paidAt: stored.paidAt, reference: 'ACH 2026-12-01 #4471' }],
        [notApproved.id, { state: 'not_approved', payoutId: null, paidAt: null, reference: null }],
      ]),
    )

    const [remittance, ...more] = outboxFor('pay@wasatch.example')
    expect(more).toHaveLength(0)
    expect(remittance!.subject).toBe('Glass Plan remittance: $409.00 for 2 jobs')
    expect(remittance!.text).toContain(`${a.confirmationCode}  completed November 3, 2026  $89.00`)
    expect(remittance!.text).toContain(`${b.confirmationCode}  completed November 4, 2026  $320.00`)
    expect(remittance!.text).toContain('Total: $409.00')
    expect(remittance!.text).toContain('Transfer reference: ACH 2026-12-01 #4471')
    expect(remittance!.text).not.toContain(notApproved.confirmationCode)
    expect(outboxFor('pay@other.example')).toHaveLength(0)
    expect(auditOf(payout.id)).toEqual(['payout.created', 'payout.paid', 'payout.remittance_sent'])

    // Paid once: the same reference again changes nothing and sends nothing; another reference is refused.
    expect((await postPayouts({ intent: 'mark-paid', payoutId: payout.id, reference: 'ACH 2026-12-01 #4471' }, cookie)).status).toBe(302)
    const other2 = await postPayouts({ intent: 'mark-paid', payoutId: payout.id, reference: 'another' }, cookie)
    expect(other2.status).toBe(409)
    expect(outboxFor('pay@wasatch.example')).toHaveLength(1)
    expect(db().select().from(payouts).where(eq(payouts.id, payout.id)).get()!.reference).toBe('ACH 2026-12-01 #4471')
    expect((await postPayouts({ intent: 'mark-paid', payoutId: 'nope', reference: 'x' }, cookie)).status).toBe(404)

    // The claim page and the partner statement CSV show where each job's payment stands.
    const claimPage = await claimLoader(routeArgs(makeRequest(`/admin/claims/${a.id}`, { cookie }), { claimId: a.id }))
    expect(claimPage.payout).toMatchObject({ state: 'paid', label: 'Paid', reference: 'ACH 2026-12-01 #4471' })
    const csv = await downloadLoader(routeArgs(makeRequest(`/admin/statements/download?group=${group.id}&month=2026-11`, { cookie })))
    const lines = (await csv.text()).split('\r\n')
    expect(lines[0]).toBe(
      'Completed (UTC),Claim code,Customer,Vehicle,Damage,Repair type,' +
        'Part number,Labor hours,Kit/moulding,ADAS calibration,Cost (USD),Amount accepted (USD),' +
        'Partner notes,Invoice,Repair photos,Calibration report,' +
        'Payment,Approved for payment (UTC),Payout,Paid (UTC),Payment reference',
    )
    const paidAt = stored.paidAt!.replace('T', ' ').slice(0, 19)
    expect(lines.find((line) => line.includes(a.confirmationCode))).toMatch(
      new RegExp(`,Paid,2026-11-05 00:00:00,${payout.id},${paidAt},ACH 2026-12-01 #4471$`),
    )
    expect(lines.find((line) => line.includes(notApproved.confirmationCode))).toMatch(/,Not approved for payment yet,,,,$/)
  })

  it('tells the operator when a group has no address for the remittance, and audits it', async () => {
    const cookie = await operatorCookie()
    const group = createPartnerGroup('No Mail Glass')
    const job = completedJob(group.id, 5000, { paymentApprovedAt: '2026-11-05T00:00:00.000Z' })
    await postPayouts({ intent: 'create-payout', groupId: group.id, claimId: job.id }, cookie)
    const payout = db().select().from(payouts).where(eq(payouts.partnerGroupId, group.id)).get()!
    expect((await postPayouts({ intent: 'mark-paid', payoutId: payout.id, reference: 'wire 9' }, cookie)).status).toBe(302)
    expect(auditOf(payout.id)).toEqual(['payout.created', 'payout.paid', 'payout.remittance_not_sent'])
  })
})

describe('the remittance on the shop’s clock', () => {
  it('tells a Chicago shop the days its jobs were completed and paid in Central time, not UTC', async () => {
    const group = createPartnerGroup('Loop Payout Glass', { email: uniqueEmail('loop-pay') })
    db()
      .insert(partnerLocations)
      .values({ partnerGroupId: group.id, name: 'Loop Payout Glass Wacker', slug: `loop-payout-${group.id.toLowerCase()}`, zip: '60601' })
      .run()
    // 9 PM on November 2 in Chicago is 03:00 UTC on November 3.
    const late = completedJob(group.id, 8_800, { completedAt: '2026-11-03T03:00:00.000Z', paymentApprovedAt: '2026-11-03T15:00:00.000Z' })
    const operatorId = findOrCreateProfile('operator@example.com').id
    const { payout } = createPayout({ groupId: group.id, claimIds: [late.id], actorId: operatorId })
    const paid = await markPayoutPaid(
      { payoutId: payout.id, reference: 'WIRE-LOOP-1', actorId: operatorId },
      new Date('2026-11-10T04:30:00.000Z'),
    )
    const remittance = outboxFor(paid.remittance!.to!).find((message) => message.text.includes('WIRE-LOOP-1'))!
    expect(remittance.text).toContain('November 2, 2026')
    expect(remittance.text).not.toContain('November 3, 2026')
    expect(remittance.text).toContain('November 9, 2026')
    expect(remittance.text).not.toContain('November 10, 2026')
    // The shop quotes the payout by its number, never by the random id.
    expect(payout.payoutNumber).toMatch(PAYOUT_NUMBER_PATTERN)
    expect(remittance.text).toContain(`with the payout number ${payout.payoutNumber}.`)
    expect(remittance.text).not.toContain(payout.id)
  })
})

describe('the service promise', () => {
  it('flags an approved claim past the promise in the queue, and not one within it', async () => {
    const cookie = await operatorCookie()
    const group = createPartnerGroup('Promise Glass')
    const { policy } = createActivePolicy(createProfile().id)
    const now = Date.now()
    const late = createClaim(policy.id, {
      approvalStatus: 'approved',
      damageType: 'chip',
      reviewedAt: new Date(now - 30 * 3600_000).toISOString(),
      assignedPartnerGroupId: group.id,
    })
    const onTime = createClaim(policy.id, {
      approvalStatus: 'approved',
      damageType: 'chip',
      reviewedAt: new Date(now - 2 * 3600_000).toISOString(),
      assignedPartnerGroupId: group.id,
    })
    const page = await queueLoader(routeArgs(makeRequest(`/admin/claims?status=approved&group=${group.id}`, { cookie })))
    const rows = new Map(page.data.rows.map((row) => [row.code, row.pastPromise]))
    expect(rows.get(late.confirmationCode)).toBe(true)
    expect(rows.get(onTime.confirmationCode)).toBe(false)
    const claimPage = await claimLoader(routeArgs(makeRequest(`/admin/claims/${late.id}`, { cookie }), { claimId: late.id }))
    expect(claimPage.promise).toMatchObject({ past: true })
  })

  it('keeps the queue’s count on its covering index and its page on the same index (the flag is computed on the 50 rows shown)', () => {
    // The first step of the queue's page (app/models/claims/claim-queue.server.ts), as it is built there.
    const query = db()
      .select({ rowid: sql<number>`${claims}.rowid` })
      .from(claims)
      .where(eq(claims.approvalStatus, 'approved'))
      .orderBy(desc(claims.waitingSince), desc(sql`${claims}.rowid`))
      .limit(50)
      .toSQL()
    const plan = db()
      .$client.prepare(`EXPLAIN QUERY PLAN ${query.sql}`)
      .all(...query.params) as { detail: string }[]
    expect(plan.map((row) => row.detail).join('\n')).toContain('SEARCH claims USING INDEX claims_queue_idx (approval_status=?)')
    const counted = db()
      .select({ n: sql<number>`count(*)` })
      .from(claims)
      .where(eq(claims.approvalStatus, 'approved'))
      .toSQL()
    const countPlan = db()
      .$client.prepare(`EXPLAIN QUERY PLAN ${counted.sql}`)
      .all(...counted.params) as { detail: string }[]
    expect(countPlan.map((row) => row.detail).join('\n')).toContain('USING COVERING INDEX claims_queue_idx (approval_status=?)')
  })
})

describe('the payouts page at any size', () => {
  /** What the kept counts must always equal: the jobs still to pay, counted row by row. */
  const countedByRow = () =>
    db()
      .select({
        partnerGroupId: sql<string>`${claims.assignedPartnerGroupId}`,
        approved: sql<number>`${claims.paymentApprovedAt} IS NOT NULL`,
        jobs: sql<number>`count(*)`,
        totalCents: sql<number>`coalesce(sum(${claims.actualCostCents}), 0)`,
      })
      .from(claims)
      .where(sql`${claims.completedAt} IS NOT NULL AND ${claims.payoutId} IS NULL AND ${claims.assignedPartnerGroupId} IS NOT NULL`)
      .groupBy(claims.assignedPartnerGroupId, sql`2`)
      .orderBy(claims.assignedPartnerGroupId, sql`2`)
      .all()
  const kept = () =>
    db()
      .select()
      .from(payoutCounts)
      .where(sql`${payoutCounts.jobs} > 0`)
      .orderBy(payoutCounts.partnerGroupId, payoutCounts.approved)
      .all()

  it('keeps each group’s jobs to pay in counters that follow every completion, approval, payout, change and deletion', async () => {
    const cookie = await operatorCookie()
    const group = createPartnerGroup('Counter Glass')
    const other = createPartnerGroup('Other Counter Glass')
    const jobs = [
      completedJob(group.id, 10_000),
      completedJob(group.id, 12_000),
      completedJob(group.id, 9_000),
      completedJob(other.id, 5_000),
    ]
    const open = createClaim(createActivePolicy(createProfile().id).policy.id, { assignedPartnerGroupId: group.id })
    expect(kept()).toEqual(countedByRow())
    const row = () => payoutOverview().find((entry) => entry.id === group.id)!
    expect(row()).toMatchObject({ waiting: { count: 3, totalCents: 31_000 }, approved: { count: 0, totalCents: 0 } })

    // Completed by the shop, approved for payment, put in a payout: through the operator's own form.
    db().update(claims).set({ completedAt: '2026-11-04T10:00:00.000Z', actualCostCents: 7_000 }).where(eq(claims.id, open.id)).run()
    expect(row().waiting).toEqual({ count: 4, totalCents: 38_000 })
    await postPayouts({ intent: 'approve-payment', claimId: [jobs[0]!.id, jobs[1]!.id] }, cookie, `?group=${group.id}`)
    expect(row()).toMatchObject({ waiting: { count: 2, totalCents: 16_000 }, approved: { count: 2, totalCents: 22_000 } })
    expect(kept()).toEqual(countedByRow())
    await postPayouts({ intent: 'create-payout', groupId: group.id, claimId: [jobs[0]!.id] }, cookie, `?group=${group.id}`)
    expect(row()).toMatchObject({ approved: { count: 1, totalCents: 12_000 }, unpaidPayouts: { count: 1, totalCents: 10_000 } })

    // A corrected amount, a job moved to another group, a deleted claim.
    db().update(claims).set({ actualCostCents: 13_000 }).where(eq(claims.id, jobs[1]!.id)).run()
    db().update(claims).set({ assignedPartnerGroupId: other.id }).where(eq(claims.id, jobs[2]!.id)).run()
    db().delete(claims).where(eq(claims.id, jobs[3]!.id)).run()
    db().update(claims).set({ description: 'Only the words changed.' }).where(eq(claims.id, open.id)).run()
    expect(kept()).toEqual(countedByRow())
    expect(row()).toMatchObject({ waiting: { count: 1, totalCents: 7_000 }, approved: { count: 1, totalCents: 13_000 } })
    expect(payoutOverview().find((entry) => entry.id === other.id)!.waiting).toEqual({ count: 1, totalCents: 9_000 })

    // The unpaid payouts come from their partial index, not from every payout ever paid.
    const plan = db()
      .$client.prepare(`EXPLAIN QUERY PLAN SELECT partner_group_id, count(*) FROM payouts WHERE paid_at IS NULL GROUP BY partner_group_id`)
      .all() as { detail: string }[]
    expect(plan.map((step) => step.detail).join('\n')).toMatch(/payouts_unpaid_idx/)
  })

  it('counts a rejected invoice and a job in dispute apart, so "to approve" and "approved" match the group’s lists', async () => {
    const group = createPartnerGroup('Apart Glass')
    const [, rejected, approved, disputed] = [
      completedJob(group.id, 10_000),
      completedJob(group.id, 20_000),
      completedJob(group.id, 30_000),
      completedJob(group.id, 40_000),
    ]
    const now = new Date().toISOString()
    db().update(claims).set({ invoiceRejectedAt: now }).where(eq(claims.id, rejected.id)).run()
    db()
      .update(claims)
      .set({ paymentApprovedAt: now })
      .where(sql`${claims.id} IN (${approved.id}, ${disputed.id})`)
      .run()
    const dispute = { kind: 'short_pay' as const, message: 'The work pays more.', openedBy: 'shop', answerDueAt: now }
    db()
      .insert(invoiceDisputes)
      .values({ ...dispute, claimId: disputed.id })
      .run()
    const row = () => payoutOverview().find((entry) => entry.id === group.id)!
    expect(row()).toMatchObject({
      waiting: { count: 1, totalCents: 10_000 },
      approved: { count: 1, totalCents: 30_000 },
      rejected: { count: 1, totalCents: 20_000 },
      disputed: { count: 1, totalCents: 40_000 },
    })

    // Answered, the dispute no longer holds the job back; corrected, the invoice waits for approval again.
    db().update(invoiceDisputes).set({ answeredAt: now, outcome: 'upheld' }).where(eq(invoiceDisputes.claimId, disputed.id)).run()
    db().update(claims).set({ invoiceRejectedAt: null }).where(eq(claims.id, rejected.id)).run()
    expect(row()).toMatchObject({
      waiting: { count: 2, totalCents: 30_000 },
      approved: { count: 2, totalCents: 70_000 },
      rejected: { count: 0, totalCents: 0 },
      disputed: { count: 0, totalCents: 0 },
    })

    // Both read their partial indexes, never the claims as a whole.
    const statements = await statementsOf(() => payoutOverview())
    expect(passesOverGrowingTables(statements)).toEqual([])
    expect([...statements].flatMap(planOf).join('\n')).toMatch(/claims_rejected_invoices_idx/)
  })
})
