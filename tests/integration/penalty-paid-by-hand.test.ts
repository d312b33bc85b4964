import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'

import { db } from '~/db/client.server'
import { auditLog, refunds } from '~/db/schema'
import { CUSTOMER_ADMIN_MESSAGES } from '~/domain/messages'
import { penaltiesByHand } from '~/models/money/refunds.server'
import * as customerRoute from '~/routes/admin.customers.$profileId'

import { createActivePolicy, createProfile, createRefund, ensureSeeded, findOrCreateProfile, sessionCookieFor } from '../support/factories'
import { inOperatorArea, makeRequest, routeArgs, settle } from '../support/requests'

/**
 * A late penalty's part that a card refund could not carry is owed by hand: the operator records it paid, with the
 * payment's reference, on the customer's page; the console stops counting it.
 */

const action = inOperatorArea(customerRoute.action)
const loader = inOperatorArea(customerRoute.loader)
let cookie: string
beforeAll(async () => {
  ensureSeeded()
  cookie = await sessionCookieFor(findOrCreateProfile('operator@example.com').id)
})

const post = (profileId: string, form: Record<string, string>) =>
  settle(() => action(routeArgs(makeRequest(`/admin/customers/${profileId}`, { form, cookie }), { profileId })))

/** A paid refund of one of the customer's policies, with `byHandCents` of its penalty above what the card could take. */
function refundOwing(byHandCents: number) {
  const customer = createProfile()
  const { policy } = createActivePolicy(customer.id)
  const refund = createRefund(policy.id, { penaltyCents: byHandCents, penaltyByHandCents: byHandCents })
  return { customer, refund }
}

describe('a late penalty paid by hand', () => {
  it('is recorded with its reference, audited, shown on the page and no longer counted on the console', async () => {
    const { customer, refund } = refundOwing(600)
    const before = penaltiesByHand()
    const paid = await post(customer.id, { intent: 'penalty-paid', refundId: refund.id, reference: '  Cheque 10442 ' })
    expect(paid.status).toBe(302)
    const row = db().select().from(refunds).where(eq(refunds.id, refund.id)).get()!
    expect(row.penaltyByHandReference).toBe('Cheque 10442')
    expect(row.penaltyByHandPaidAt).not.toBeNull()
    expect(penaltiesByHand()).toEqual({ count: before.count - 1, cents: before.cents - 600 })
    const audited = db().select().from(auditLog).where(eq(auditLog.entityId, refund.id)).all()
    expect(audited.map((entry) => [entry.action, entry.detail])).toEqual([
      ['refund.penalty_paid_by_hand', { policyId: refund.policyId, penaltyByHandCents: 600, reference: 'Cheque 10442' }],
    ])
    const page = (
      await settle(() => loader(routeArgs(makeRequest(`/admin/customers/${customer.id}`, { cookie }), { profileId: customer.id })))
    ).data as { refunds: { id: string; penaltyByHandReference: string | null }[] }
    expect(page.refunds.find((entry) => entry.id === refund.id)?.penaltyByHandReference).toBe('Cheque 10442')

    // Once only: a second post (a double click, a replay) is refused and changes nothing.
    const again = await post(customer.id, { intent: 'penalty-paid', refundId: refund.id, reference: 'Cheque 10443' })
    expect(again.status).toBe(409)
    expect(JSON.stringify(again.data)).toContain(CUSTOMER_ADMIN_MESSAGES.penaltyAlreadyPaid.description)
    expect(db().select().from(refunds).where(eq(refunds.id, refund.id)).get()!.penaltyByHandReference).toBe('Cheque 10442')
  })

  it('needs a reference next to the field, and refuses a refund that owes nothing by hand', async () => {
    const { customer, refund } = refundOwing(600)
    const blank = await post(customer.id, { intent: 'penalty-paid', refundId: refund.id, reference: '   ' })
    expect(blank.status).toBe(400)
    expect(JSON.stringify(blank.data)).toContain(CUSTOMER_ADMIN_MESSAGES.penaltyReferenceRequired)
    const tooLong = await post(customer.id, { intent: 'penalty-paid', refundId: refund.id, reference: 'x'.repeat(81) })
    expect(tooLong.status).toBe(400)
    expect(db().select().from(refunds).where(eq(refunds.id, refund.id)).get()!.penaltyByHandPaidAt).toBeNull()

    const { customer: other, refund: nothingOwed } = refundOwing(0)
    const refused = await post(other.id, { intent: 'penalty-paid', refundId: nothingOwed.id, reference: 'Cheque 1' })
    expect(refused.status).toBe(409)
    expect(JSON.stringify(refused.data)).toContain(CUSTOMER_ADMIN_MESSAGES.penaltyNotOwed.description)
  })

  it('is a 404 for another customer’s refund or one that does not exist', async () => {
    const { refund } = refundOwing(600)
    const stranger = createProfile()
    expect((await post(stranger.id, { intent: 'penalty-paid', refundId: refund.id, reference: 'Cheque 7' })).status).toBe(404)
    expect((await post(stranger.id, { intent: 'penalty-paid', refundId: 'no-such-refund', reference: 'Cheque 7' })).status).toBe(404)
    expect(db().select().from(refunds).where(eq(refunds.id, refund.id)).get()!.penaltyByHandPaidAt).toBeNull()
  })
})
