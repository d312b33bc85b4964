import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'

import { db } from '~/db/client.server'
import { auditLog, claims, invoiceSubmissions, payouts } from '~/db/schema'
import { RuleError } from '~/domain/errors'
import { DISPUTE_MESSAGES } from '~/domain/messages'
import { operatorAddresses } from '~/models/claims/claims.server'
import { answerDispute, openDispute, openDisputes, tellShopDisputeAnswered } from '~/models/claims/disputes.server'
import { approveJobsForPayment, createPayout, groupPayouts, markPayoutPaid } from '~/models/money/payouts.server'
import {
  invoiceHistory,
  recordSubmission,
  rejectInvoice,
  resubmitInvoice,
  tellShopInvoiceRejected,
} from '~/models/shops/invoice-review.server'

import {
  createActivePolicy,
  createClaim,
  createPartnerGroup,
  createProfile,
  ensureSeeded,
  findOrCreateProfile,
  uniqueEmail,
} from '../support/factories'
import { outboxFor } from '../support/outbox'

const operator = () => findOrCreateProfile('operator@example.com')
const claimRow = (id: string) => db().select().from(claims).where(eq(claims.id, id)).get()!
const fields = (partNumber: string, actualCostCents: number) => ({
  partNumber,
  laborHours: 1.5,
  kitMoulding: null,
  adasCalibration: 'none' as const,
  actualCostCents,
})

/** A replacement the group completed, with its first submission kept as completion keeps it. */
function completedJob(groupId: string, costCents = 40000) {
  const { policy } = createActivePolicy(createProfile().id, { planType: 'comprehensive', hasAdas: false })
  const claim = createClaim(policy.id, {
    approvalStatus: 'completed',
    reviewedAt: '2026-11-02T15:00:00.000Z',
    assignedPartnerGroupId: groupId,
    completedAt: '2026-11-03T10:00:00.000Z',
    repairType: 'replacement',
    damageType: 'crack',
    actualCostCents: costCents,
    partNumber: 'FW01234',
  })
  recordSubmission(db(), { claimId: claim.id, actor: null, fields: fields('FW01234', costCents), now: new Date('2026-11-03T10:00:00Z') })
  return claim
}

async function refusal(run: () => unknown) {
  try {
    await run()
  } catch (error) {
    if (error instanceof RuleError) return error
    throw error
  }
  throw new Error('not refused')
}

describe('an invoice rejected, corrected and accepted', () => {
  ensureSeeded()

  it('keeps every submission and answer, and pays the corrected invoice', async () => {
    const group = createPartnerGroup()
    const staff = createProfile()
    const job = completedJob(group.id)

    rejectInvoice({ claimId: job.id, actorId: operator().id, reason: 'part_number', note: 'A Honda takes FW02843.' })
    expect(claimRow(job.id).invoiceRejectedAt).not.toBeNull()
    // While rejected it cannot be accepted as it stands, nor rejected twice.
    expect((await refusal(() => approveJobsForPayment({ claimIds: [job.id], actorId: operator().id }))).status).toBe(409)
    expect((await refusal(() => rejectInvoice({ claimId: job.id, actorId: operator().id, reason: 'other', note: 'x' }))).status).toBe(409)
    expect(groupPayouts(group.id)!.waiting.map((row) => row.id)).not.toContain(job.id)

    // Another group cannot correct it (404); the shop's own correction clears the rejection.
    const other = createPartnerGroup()
    await expect(
      (async () =>
        resubmitInvoice({
          groupId: other.id,
          claimId: job.id,
          actorId: staff.id,
          fields: fields('FW02843', 40000),
        }))(),
    ).rejects.toMatchObject({ init: { status: 404 } })
    await resubmitInvoice({
      groupId: group.id,
      claimId: job.id,
      actorId: staff.id,
      fields: fields('FW02843', 40000),
    })
    expect(claimRow(job.id)).toMatchObject({ invoiceRejectedAt: null, partNumber: 'FW02843' })

    expect(approveJobsForPayment({ claimIds: [job.id], actorId: operator().id })).toEqual({ approved: 1 })
    const history = invoiceHistory(job.id).submissions
    expect(history.map((entry) => [entry.number, entry.outcome])).toEqual([
      [2, 'accepted'],
      [1, 'rejected'],
    ])
    expect(history[1]).toMatchObject({ reason: 'The part number does not match the vehicle or the work', note: 'A Honda takes FW02843.' })
    expect(history[0]!.lines.find((line) => line.name === 'partNumber')!.shown).toBe('FW02843')
    const actions = db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, job.id))
      .all()
      .map((entry) => entry.action)
    expect(actions).toEqual(expect.arrayContaining(['claim.invoice_rejected', 'claim.invoice_resubmitted', 'claim.payment_approved']))
    const { payout } = createPayout({ groupId: group.id, claimIds: [job.id], actorId: operator().id })
    expect(payout.totalCents).toBe(40000)
  })

  it('refuses a correction that drops the calibration a replacement on an ADAS plan needs', async () => {
    const group = createPartnerGroup()
    const job = completedJob(group.id)
    db().update(claims).set({ invoiceRejectedAt: new Date().toISOString() }).where(eq(claims.id, job.id)).run()
    const { policyId } = claimRow(job.id)
    db().run(`UPDATE policies SET has_adas = 1 WHERE id = '${policyId}'`)
    const refused = await refusal(() =>
      resubmitInvoice({ groupId: group.id, claimId: job.id, actorId: 'x', fields: fields('FW02843', 40000) }),
    )
    expect(refused.field).toBe('adasCalibration')
    expect(db().select().from(invoiceSubmissions).where(eq(invoiceSubmissions.claimId, job.id)).all()).toHaveLength(1)
  })
})

describe('disputes', () => {
  it('a short-pay disputed and upheld: the job waits out of payouts, then pays the amount decided', async () => {
    const group = createPartnerGroup()
    const staff = createProfile()
    const job = completedJob(group.id, 40000)
    approveJobsForPayment({ claimIds: [job.id], actorId: operator().id, acceptedCents: 30000 })
    expect(claimRow(job.id).acceptedCostCents).toBe(30000)

    const now = new Date('2026-11-23T10:00:00Z')
    const { dispute } = await openDispute(
      { groupId: group.id, claimId: job.id, actorId: staff.id, message: 'Moulding was needed.', files: [] },
      now,
    )
    expect(dispute).toMatchObject({ kind: 'short_pay', answerDueAt: '2026-12-02T00:00:00.000Z' })
    // Open: out of the approved list and of any payout asked for.
    expect(groupPayouts(group.id)!.approved.map((row) => row.id)).not.toContain(job.id)
    expect((await refusal(() => createPayout({ groupId: group.id, claimIds: [job.id], actorId: operator().id }))).status).toBe(409)
    // A second dispute while one is open is refused.
    expect(
      (await refusal(() => openDispute({ groupId: group.id, claimId: job.id, actorId: staff.id, message: 'Again', files: [] }))).message,
    ).toBe(DISPUTE_MESSAGES.alreadyOpen)

    answerDispute({
      disputeId: dispute.id,
      actorId: operator().id,
      outcome: 'upheld',
      answer: 'Agreed for the moulding.',
      acceptedCents: 36000,
    })
    expect(claimRow(job.id).acceptedCostCents).toBe(36000)
    const { payout } = createPayout({ groupId: group.id, claimIds: [job.id], actorId: operator().id })
    expect(payout.totalCents).toBe(36000)
    expect(
      (await refusal(() => answerDispute({ disputeId: dispute.id, actorId: operator().id, outcome: 'refused', answer: 'x' }))).status,
    ).toBe(409)
  })

  it('a rejection disputed and upheld accepts the invoice as it stands', async () => {
    const group = createPartnerGroup()
    const job = completedJob(group.id, 25000)
    rejectInvoice({ claimId: job.id, actorId: operator().id, reason: 'part_number', note: 'Wrong part.' })
    const { dispute } = await openDispute({
      groupId: group.id,
      claimId: job.id,
      actorId: 'staff',
      message: 'It is the right part.',
      files: [],
    })
    expect(dispute.kind).toBe('rejection')
    answerDispute({ disputeId: dispute.id, actorId: operator().id, outcome: 'upheld', answer: 'You are right.' })
    expect(claimRow(job.id)).toMatchObject({ invoiceRejectedAt: null })
    expect(claimRow(job.id).paymentApprovedAt).not.toBeNull()
    expect(invoiceHistory(job.id).submissions.map((entry) => entry.outcome)).toEqual(['accepted', 'rejected'])
  })

  it('tells the shop of the rejection and of the answer, and the operator of the dispute, each with its page', async () => {
    const group = createPartnerGroup(undefined, { email: uniqueEmail('shop') })
    const job = completedJob(group.id, 25000)
    const rejection = { claimId: job.id, actorId: operator().id, reason: 'part_number' as const, note: 'A Honda takes FW02843.' }
    rejectInvoice(rejection)
    await tellShopInvoiceRejected(rejection)
    const [rejected] = outboxFor(group.email!)
    expect(rejected!.subject).toBe(`Invoice for job ${job.confirmationCode} needs a correction`)
    expect(rejected!.text).toContain('> A Honda takes FW02843.')
    expect(rejected!.text).toContain(`/shop/jobs/${job.id}`)

    const { dispute, dueOn } = await openDispute({
      groupId: group.id,
      claimId: job.id,
      actorId: 'staff',
      message: 'FW02843 is what we fitted.',
      files: [],
    })
    for (const to of operatorAddresses()) {
      const told = outboxFor(to).find((email) => email.subject === `Dispute on job ${job.confirmationCode}: answer by ${dueOn}`)
      expect(told!.text).toContain('> FW02843 is what we fitted.')
      expect(told!.text).toContain(`/admin/claims/${job.id}`)
    }

    const answered = answerDispute({ disputeId: dispute.id, actorId: operator().id, outcome: 'upheld', answer: 'Agreed, our mistake.' })
    await tellShopDisputeAnswered(answered, operator().id)
    const answer = outboxFor(group.email!).find((email) => email.subject === `Dispute on job ${job.confirmationCode} answered: upheld`)
    expect(answer!.text).toContain('The job is accepted for payment and goes into your next payout.')
    expect(answer!.text).toContain('> Agreed, our mistake.')
    const shopEmails = db().select().from(auditLog).where(eq(auditLog.entityId, job.id)).all()
    expect(shopEmails.filter((entry) => entry.action === 'claim.shop_emailed')).toHaveLength(2)
  })

  it('refuses a dispute of a job in a paid payout, naming its reference, and another group’s job is a 404', async () => {
    const group = createPartnerGroup()
    const job = completedJob(group.id, 40000)
    approveJobsForPayment({ claimIds: [job.id], actorId: operator().id, acceptedCents: 30000 })
    const { payout } = createPayout({ groupId: group.id, claimIds: [job.id], actorId: operator().id })
    await markPayoutPaid({ payoutId: payout.id, reference: 'ACH 7781', actorId: operator().id })
    const refused = await refusal(() => openDispute({ groupId: group.id, claimId: job.id, actorId: 'staff', message: 'Short.', files: [] }))
    expect(refused.status).toBe(409)
    expect(refused.message).toBe(DISPUTE_MESSAGES.paid('ACH 7781'))
    expect(invoiceHistory(job.id).disputes).toEqual([])
    expect(db().select().from(payouts).where(eq(payouts.id, payout.id)).get()!.totalCents).toBe(30000)

    await expect(
      openDispute({ groupId: createPartnerGroup().id, claimId: job.id, actorId: 'staff', message: 'x', files: [] }),
    ).rejects.toMatchObject({ init: { status: 404 } })
  })

  it('refuses a dispute file that is not a PDF or a photo, keeping no dispute', async () => {
    const group = createPartnerGroup()
    const job = completedJob(group.id)
    rejectInvoice({ claimId: job.id, actorId: operator().id, reason: 'other', note: 'See the invoice.' })
    const file = { fieldName: 'files', fileName: 'notes.txt', contentType: 'text/plain', bytes: Buffer.from('just text') }
    await expect(
      openDispute({ groupId: group.id, claimId: job.id, actorId: 'staff', message: 'See the file.', files: [file as never] }),
    ).rejects.toMatchObject({ field: 'files' })
    expect(invoiceHistory(job.id).disputes).toEqual([])
  })

  it('lists open disputes in the operator’s queue by deadline, flagging the overdue ones, and drops answered ones', async () => {
    const group = createPartnerGroup()
    const late = completedJob(group.id)
    const fresh = completedJob(group.id)
    for (const job of [late, fresh]) rejectInvoice({ claimId: job.id, actorId: operator().id, reason: 'other', note: 'See the invoice.' })
    const opened = (job: { id: string }, at: string) =>
      openDispute({ groupId: group.id, claimId: job.id, actorId: 'staff', message: 'Please look again.', files: [] }, new Date(at))
    const { dispute } = await opened(late, '2026-11-23T10:00:00Z')
    await opened(fresh, '2026-12-07T10:00:00Z')
    const queue = (now: string) => openDisputes(new Date(now)).filter((row) => row.claimId === late.id || row.claimId === fresh.id)
    expect(queue('2026-12-03T00:00:00Z').map((row) => [row.claimId, row.overdue])).toEqual([
      [late.id, true],
      [fresh.id, false],
    ])
    answerDispute({ disputeId: dispute.id, actorId: operator().id, outcome: 'refused', answer: 'The part is wrong.' })
    expect(queue('2026-12-03T00:00:00Z').map((row) => row.claimId)).toEqual([fresh.id])
    // Refused: the rejection stands, and the shop may still correct it.
    expect(claimRow(late.id).invoiceRejectedAt).not.toBeNull()
  })
})
