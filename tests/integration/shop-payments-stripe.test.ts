import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, test } from 'vitest'

import { db } from '~/db/client.server'
import { createId } from '~/db/ids'
import { auditLog, claims, partnerGroups, payouts, shopStaff } from '~/db/schema'
import { approveJobsForPayment } from '~/models/money/payouts.server'
import { payAcceptedJobs, refreshConnectStatus, startConnectOnboarding } from '~/models/money/shop-payments.server'
import * as adminPayoutsRoute from '~/routes/admin.payouts'
import * as shopRoute from '~/routes/shop'
import { stripeAdapter } from '~/services/stripe.server'

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
import { signEvent, stripeEvent } from '../support/fake-stripe'
import { deliverToWebhook, useFakeStripe } from '../support/fake-stripe-env'
import { outboxFor } from '../support/outbox'
import { inOperatorArea, makeRequest, routeArgs, settle } from '../support/requests'

const WEBHOOK_SECRET = 'whsec_connect_payouts'
const stripe = useFakeStripe({ webhookSecret: WEBHOOK_SECRET })
beforeAll(() => ensureSeeded())

/** The shops paid through Stripe Connect against the fake Stripe: onboarding, the daily job's transfers, the events. */

const operator = () => findOrCreateProfile('operator@example.com')
const groupRow = (id: string) => db().select().from(partnerGroups).where(eq(partnerGroups.id, id)).get()!
const payoutOf = (claimId: string) => {
  const claim = db().select().from(claims).where(eq(claims.id, claimId)).get()!
  return claim.payoutId ? db().select().from(payouts).where(eq(payouts.id, claim.payoutId)).get()! : null
}
const auditActions = (entityId: string) =>
  db()
    .select()
    .from(auditLog)
    .where(eq(auditLog.entityId, entityId))
    .all()
    .map((entry) => entry.action)
const transfersTo = (accountId: string) => stripe().state.transfers.filter((transfer) => transfer.destination === accountId)

async function deliver(type: string, object: unknown, secret = WEBHOOK_SECRET, id?: string) {
  const event = stripeEvent(type, object, id)
  return { ...(await deliverToWebhook(event, { signature: signEvent(event, secret).signature })), event }
}

/** A completed job of the group, accepted (approved for payment) at `acceptedAt`. */
function acceptedJob(groupId: string, costCents: number, acceptedAt: string) {
  const { policy } = createActivePolicy(createProfile({ fullName: 'Robin Vega' }).id)
  const job = createClaim(policy.id, {
    approvalStatus: 'completed',
    reviewedAt: '2026-10-28T15:00:00.000Z',
    assignedPartnerGroupId: groupId,
    completedAt: '2026-10-30T10:00:00.000Z',
    repairType: 'repair',
    actualCostCents: costCents,
  })
  approveJobsForPayment({ claimIds: [job.id], actorId: operator().id }, new Date(acceptedAt))
  return job
}

/** A group whose Express account has finished onboarding at the fake Stripe. */
async function onboardedGroup() {
  const email = `connect-${createId(6).toLowerCase()}@shop.example`
  const group = createPartnerGroup(`Connect Glass ${createId(4)}`, { email })
  await startConnectOnboarding({ groupId: group.id, actorId: operator().id, returnUrl: 'http://app/shop', refreshUrl: 'http://app/shop' })
  const accountId = groupRow(group.id).stripeAccountId!
  stripe().completeOnboarding(accountId)
  await refreshConnectStatus(group.id)
  return { group, email, accountId }
}

describe('a shop group onboards to Stripe Connect', () => {
  test('one Express account per group, a hosted link each time, ready once Stripe says so (account.updated re-read)', async () => {
    const group = createPartnerGroup(`Onboarding Glass ${createId(4)}`, { email: 'onboard@shop.example' })
    const urls = { groupId: group.id, actorId: operator().id, returnUrl: 'http://app/shop?connect=return', refreshUrl: 'http://app/shop' }
    const first = await startConnectOnboarding(urls)
    const accountId = groupRow(group.id).stripeAccountId!
    expect(accountId).toMatch(/^acct_/)
    expect(first.url).toContain(`${stripe().url}/connect/${accountId}`)
    const created = stripe().requestsTo('POST', '/v1/accounts')
    expect(created.at(-1)!.body).toMatchObject({
      type: 'express',
      email: 'onboard@shop.example',
      capabilities: { transfers: { requested: 'true' } },
      metadata: { partner_group_id: group.id },
    })

    // Again (the link expired): the same account, a new link.
    await startConnectOnboarding(urls)
    expect(groupRow(group.id).stripeAccountId).toBe(accountId)
    expect([...stripe().state.accounts.values()].filter((account) => account.metadata.partner_group_id === group.id)).toHaveLength(1)
    expect(await refreshConnectStatus(group.id)).toEqual({ ready: false })
    expect(groupRow(group.id).stripePayoutsEnabled).toBe(false)

    // Stripe's event says nothing we trust: the account is re-read, and only its state now counts.
    const onboarded = stripe().completeOnboarding(accountId)
    const answer = await deliver('account.updated', { ...onboarded, payouts_enabled: false })
    expect(answer).toMatchObject({ status: 200, body: { outcome: 'synced' } })
    expect(groupRow(group.id).stripePayoutsEnabled).toBe(true)
    expect(auditActions(group.id)).toEqual(['partner_group.connect_started', 'partner_group.connect_ready'])
    // Replayed: acknowledged, nothing changes.
    expect((await deliver('account.updated', onboarded, WEBHOOK_SECRET, answer.event.id)).body).toMatchObject({
      outcome: 'duplicate',
    })
  })

  test('refuses an event whose signature does not match, and changes nothing', async () => {
    const group = createPartnerGroup(`Forged Glass ${createId(4)}`)
    await startConnectOnboarding({ groupId: group.id, actorId: operator().id, returnUrl: 'http://app/shop', refreshUrl: 'http://app/shop' })
    const accountId = groupRow(group.id).stripeAccountId!
    const onboarded = stripe().completeOnboarding(accountId)
    expect((await deliver('account.updated', onboarded, 'whsec_forged')).status).toBe(400)
    expect(groupRow(group.id).stripePayoutsEnabled).toBe(false)
  })
})

describe('the shop’s button to Stripe, and the operator’s view', () => {
  test('staff are sent to the hosted onboarding and back; a customer gets a 404; the operator sees the state and a refusal', async () => {
    const group = createPartnerGroup(`Button Glass ${createId(4)}`, { email: 'button@shop.example' })
    const staff = findOrCreateProfile(uniqueEmail('staff'))
    db().insert(shopStaff).values({ partnerGroupId: group.id, email: staff.email, addedBy: operator().id }).run()
    const cookie = await sessionCookieFor(staff.id)

    const page = (await settle(() => shopRoute.loader(routeArgs(makeRequest('/shop', { cookie }))))) as { data: Record<string, unknown> }
    expect(page.data.stripe).toMatchObject({ ready: false, started: false })

    const stranger = await sessionCookieFor(createProfile().id)
    const refused = await settle(() => shopRoute.action(routeArgs(makeRequest('/shop', { cookie: stranger, form: { intent: 'connect' } }))))
    expect(refused.status).toBe(404)
    expect(groupRow(group.id).stripeAccountId).toBeNull()

    const sent = await settle(() => shopRoute.action(routeArgs(makeRequest('/shop', { cookie, form: { intent: 'connect' } }))))
    expect(sent.status).toBe(302)
    const accountId = groupRow(group.id).stripeAccountId!
    expect(sent.headers.get('Location')).toContain(`${stripe().url}/connect/${accountId}`)

    stripe().completeOnboarding(accountId)
    const back = await settle(() => shopRoute.loader(routeArgs(makeRequest('/shop?connect=return', { cookie }))))
    expect(back.status).toBe(302)
    expect(back.headers.get('Location')).toBe('/shop#stripe')
    expect(groupRow(group.id).stripePayoutsEnabled).toBe(true)

    const job = acceptedJob(group.id, 4000, '2026-11-02T16:00:00.000Z')
    stripe().state.failTransfers = 1
    await payAcceptedJobs(new Date('2026-11-08T06:00:00.000Z'))
    expect(payoutOf(job.id)!.paidAt).toBeNull()
    const operatorCookie = await sessionCookieFor(operator().id)
    const loader = inOperatorArea(adminPayoutsRoute.loader)
    const view = (await settle(() => loader(routeArgs(makeRequest(`/admin/payouts?group=${group.id}`, { cookie: operatorCookie }))))) as {
      data: { group: { connect: string; payouts: { transferProblem: string | null }[] } }
    }
    expect(view.data.group.connect).toContain(`Paid through Stripe (account ${accountId})`)
    expect(view.data.group.payouts[0]!.transferProblem).toBe(
      'Stripe refused the transfer once: You have insufficient available funds in your Stripe account. The daily job tries again.',
    )
  })
})

describe('the daily job pays accepted jobs within five business days', () => {
  test('waits while the clock allows, then one transfer for the group’s jobs with its idempotency key; a replayed run pays nothing twice', async () => {
    const { group, email, accountId } = await onboardedGroup()
    // Accepted Monday Nov 2, 2026: five business days end with Monday Nov 9 (the weekend does not count).
    const first = acceptedJob(group.id, 8900, '2026-11-02T16:00:00.000Z')
    const second = acceptedJob(group.id, 12000, '2026-11-04T16:00:00.000Z')

    await payAcceptedJobs(new Date('2026-11-07T12:00:00.000Z'))
    expect(payoutOf(first.id)).toBeNull()
    expect(transfersTo(accountId)).toHaveLength(0)

    await payAcceptedJobs(new Date('2026-11-08T06:00:00.000Z'))
    const payout = payoutOf(first.id)!
    expect(payoutOf(second.id)!.id).toBe(payout.id)
    expect(payout).toMatchObject({ totalCents: 20900, jobCount: 2, createdBy: 'system' })
    const [transfer] = transfersTo(accountId)
    expect(transfer).toMatchObject({ amount: 20900, transfer_group: `payout_${payout.id}`, metadata: { payout_id: payout.id } })
    expect(payout.paidAt).toBe('2026-11-08T06:00:00.000Z')
    expect(payout.reference).toBe(transfer!.id)
    const sent = stripe().requestsTo('POST', '/v1/transfers')
    expect(sent.at(-1)!.body).toMatchObject({ destination: accountId, currency: 'usd', amount: '20900' })

    // The remittance lists each job.
    const [remittance] = outboxFor(email)
    expect(remittance!.tag).toBe('payout-remittance')
    expect(remittance!.text).toContain(first.confirmationCode)
    expect(remittance!.text).toContain(second.confirmationCode)
    expect(remittance!.text).toContain(transfer!.id)

    // The daily job replayed (and Stripe's event for the transfer): nothing more is paid or e-mailed.
    await payAcceptedJobs(new Date('2026-11-08T06:00:00.000Z'))
    await payAcceptedJobs(new Date('2026-11-09T06:00:00.000Z'))
    expect((await deliver('transfer.created', stripe().transfer(transfer!.id))).status).toBe(200)
    expect(transfersTo(accountId)).toHaveLength(1)
    expect(outboxFor(email)).toHaveLength(1)
    expect(auditActions(payout.id).filter((action) => action === 'payout.paid')).toHaveLength(1)
  })

  test('a transfer Stripe refuses is kept for the operator and retried by the next run with a new key, paid once', async () => {
    const { group, accountId } = await onboardedGroup()
    const job = acceptedJob(group.id, 15000, '2026-11-02T16:00:00.000Z')
    stripe().state.failTransfers = 1
    const refused = await payAcceptedJobs(new Date('2026-11-08T06:00:00.000Z'))
    expect(refused.transfersRefused).toBeGreaterThanOrEqual(1)
    const waiting = payoutOf(job.id)!
    expect(waiting.paidAt).toBeNull()
    expect(waiting).toMatchObject({ transferAttempts: 1, transferFailedAt: '2026-11-08T06:00:00.000Z' })
    expect(waiting.transferError).toContain('insufficient available funds')
    expect(auditActions(waiting.id)).toContain('payout.transfer_refused')
    expect(transfersTo(accountId)).toHaveLength(0)

    await payAcceptedJobs(new Date('2026-11-09T06:00:00.000Z'))
    const paid = payoutOf(job.id)!
    expect(paid.paidAt).toBe('2026-11-09T06:00:00.000Z')
    expect(transfersTo(accountId)).toHaveLength(1)
    const keys = stripe()
      .requestsTo('POST', '/v1/transfers')
      .filter((entry) => (entry.body.metadata as Record<string, string>).payout_id === paid.id)
    expect(keys).toHaveLength(2)
  })

  test('a payout of a group paid through Stripe is never also marked paid by bank: the page offers no form, a post is a 409', async () => {
    const { group, accountId } = await onboardedGroup()
    const job = acceptedJob(group.id, 9000, '2026-11-02T16:00:00.000Z')
    stripe().state.failTransfers = 1
    await payAcceptedJobs(new Date('2026-11-08T06:00:00.000Z'))
    const waiting = payoutOf(job.id)!
    expect(waiting.paidAt).toBeNull()

    const cookie = await sessionCookieFor(operator().id)
    const page = await settle(() =>
      inOperatorArea(adminPayoutsRoute.loader)(routeArgs(makeRequest(`/admin/payouts?group=${group.id}`, { cookie }))),
    )
    expect((page.data as { group: { paidThroughStripe: boolean } }).group.paidThroughStripe).toBe(true)
    const form = { intent: 'mark-paid', payoutId: waiting.id, reference: 'ACH 5521' }
    const refused = await settle(() => inOperatorArea(adminPayoutsRoute.action)(routeArgs(makeRequest('/admin/payouts', { form, cookie }))))
    expect(refused.status).toBe(409)
    expect(JSON.stringify(refused.data)).toContain('paying it by bank as well would pay it twice')
    expect(payoutOf(job.id)!.paidAt).toBeNull()

    // The daily job's retry pays it, once, with the transfer.
    await payAcceptedJobs(new Date('2026-11-09T06:00:00.000Z'))
    expect(payoutOf(job.id)!.reference).toBe(transfersTo(accountId)[0]!.id)
    expect(transfersTo(accountId)).toHaveLength(1)
  })

  test('a transfer whose answer was lost is found by its transfer group (and by its event), never made again; reversed, the payout waits for the bank', async () => {
    const { group, accountId } = await onboardedGroup()
    const job = acceptedJob(group.id, 7000, '2026-11-02T16:00:00.000Z')
    // The payout exists, but the run that made it stopped before its transfer: the next run's transfer is "lost".
    stripe().state.failTransfers = 1
    await payAcceptedJobs(new Date('2026-11-08T06:00:00.000Z'))
    const payout = payoutOf(job.id)!
    const made = await stripeAdapter().transferPayout({ payoutId: payout.id, accountId, amountCents: 7000, attempt: 2 })

    // Stripe's event arrives first: the payout is paid with that transfer.
    const answer = await deliver('transfer.created', stripe().transfer(made.transferId))
    expect(answer).toMatchObject({ status: 200, body: { outcome: 'synced' } })
    expect(payoutOf(job.id)!.reference).toBe(made.transferId)

    // And the daily job, replayed, pays nothing more.
    await payAcceptedJobs(new Date('2026-11-09T06:00:00.000Z'))
    expect(transfersTo(accountId)).toHaveLength(1)
    expect(await stripeAdapter().transferPayout({ payoutId: payout.id, accountId, amountCents: 7000, attempt: 3 })).toEqual(made)
    expect(transfersTo(accountId)).toHaveLength(1)

    // Reversed at Stripe: the payout is open again, told on the page, with the bank form the operator pays it by.
    stripe().reverseTransfer(made.transferId)
    await deliver('transfer.reversed', stripe().transfer(made.transferId))
    await deliver('transfer.updated', stripe().transfer(made.transferId)) // the same reversal, told again
    expect(payoutOf(job.id)).toMatchObject({
      paidAt: null,
      reference: null,
      transferError: `Stripe reversed transfer ${made.transferId}. Pay this payout by bank transfer.`,
    })
    expect(auditActions(payout.id).filter((action) => action === 'payout.transfer_reversed')).toHaveLength(1)
    const cookie = await sessionCookieFor(operator().id)
    const page = (await settle(() =>
      inOperatorArea(adminPayoutsRoute.loader)(routeArgs(makeRequest(`/admin/payouts?group=${group.id}`, { cookie }))),
    )) as { data: { group: { payouts: { reversed: boolean; transferProblem: string | null }[] } } }
    expect(page.data.group.payouts[0]).toMatchObject({
      reversed: true,
      transferProblem: expect.stringContaining('Pay this payout by bank'),
    })

    // The daily job leaves it to the operator: no new transfer, however often it runs.
    await payAcceptedJobs(new Date('2026-11-10T06:00:00.000Z'))
    expect(transfersTo(accountId)).toHaveLength(1)
    expect(payoutOf(job.id)!.paidAt).toBeNull()

    const form = { intent: 'mark-paid', payoutId: payout.id, reference: 'ACH 7781' }
    const paid = await settle(() => inOperatorArea(adminPayoutsRoute.action)(routeArgs(makeRequest('/admin/payouts', { form, cookie }))))
    expect(paid.status).toBe(302)
    expect(payoutOf(job.id)).toMatchObject({ reference: 'ACH 7781', paidAt: expect.any(String) })
    await payAcceptedJobs(new Date('2026-11-11T06:00:00.000Z'))
    expect(transfersTo(accountId)).toHaveLength(1)
  })

  test('a group whose payout a rule refuses waits for the next run without keeping the other groups waiting', async () => {
    const { group: held } = await onboardedGroup()
    const { group: fine, accountId } = await onboardedGroup()
    const heldJob = acceptedJob(held.id, 3000, '2026-11-02T16:00:00.000Z')
    // Held after its acceptance (the invoice changed under the run): createPayout refuses the group's payout.
    db().update(claims).set({ invoiceHeldFor: 'chip_repair' }).where(eq(claims.id, heldJob.id)).run()
    const fineJob = acceptedJob(fine.id, 6000, '2026-11-02T16:00:00.000Z')
    await payAcceptedJobs(new Date('2026-11-08T06:00:00.000Z'))
    expect(payoutOf(heldJob.id)).toBeNull()
    expect(payoutOf(fineJob.id)!.paidAt).toBe('2026-11-08T06:00:00.000Z')
    expect(transfersTo(accountId)).toHaveLength(1)
  })

  test('a group without a ready Connect account gets its payout in time, left to the operator’s bank transfer', async () => {
    const group = createPartnerGroup(`Bank Glass ${createId(4)}`, { email: 'bank@shop.example' })
    const job = acceptedJob(group.id, 5000, '2026-11-02T16:00:00.000Z')
    await payAcceptedJobs(new Date('2026-11-08T06:00:00.000Z'))
    const payout = payoutOf(job.id)!
    expect(payout).toMatchObject({ paidAt: null, transferAttempts: 0, totalCents: 5000 })
    expect(stripe().state.transfers.filter((transfer) => transfer.metadata.payout_id === payout.id)).toHaveLength(0)
  })
})
