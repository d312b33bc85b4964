import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'

import { db } from '~/db/client.server'
import { claims, profiles } from '~/db/schema'
import { deletedAccountEmail } from '~/domain/privacy'
import { bookableDates } from '~/domain/shops'
import { denyClaim } from '~/models/claims/claim-review.server'
import { blockersOf, customerDataOf } from '~/models/people/privacy.server'
import { setAppointment, shopJobs } from '~/models/shops/shop-jobs.server'
import { loader as dashboardLoader } from '~/routes/customer'
import { action as rescheduleAction, loader as rescheduleLoader } from '~/routes/customer.claims.$claimId.reschedule'

import { createActivePolicy, createClaim, createPartnerGroup, createProfile, ensureSeeded, sessionCookieFor } from '../support/factories'
import { outboxFor } from '../support/outbox'
import { transferPolicy } from '../support/ownership-transfer'
import { makeRequest, routeArgs, settle } from '../support/requests'

// After a policy passes to the vehicle's next owner, a claim the seller filed stays the seller's: the buyer sees its
// code and status only, may not act on it, and every e-mail about it goes to the seller (or nobody, once the seller's
// account is gone) — never to the buyer.

ensureSeeded()

const SELLERS_STREET = '1427 Seller Lane, Provo UT 84601'
const SELLERS_WORDS = 'Rock from a gravel truck on the way to my mother'

/** A seller with an approved mobile-service claim a shop gave a time for, and a pending one; then the policy is sold. */
async function soldWithClaims() {
  const seller = createProfile({ fullName: 'Sally Seller', phone: '+18015550100' })
  const buyer = createProfile({ fullName: 'Robin Buyer' })
  const group = createPartnerGroup(undefined, { email: `shop-${seller.id}@example.com` })
  const { policy, vehicle } = createActivePolicy(seller.id, {
    initialTermEndsAt: new Date(Date.now() + 200 * 24 * 60 * 60 * 1000).toISOString(),
    governingState: 'UT',
  })
  const filedAt = new Date(Date.now() - 60_000).toISOString()
  const approved = createClaim(policy.id, {
    vehicleId: vehicle.id,
    submittedAt: filedAt,
    description: SELLERS_WORDS,
    approvalStatus: 'approved',
    reviewedAt: filedAt,
    assignedPartnerGroupId: group.id,
    preferredDate: bookableDates(new Date())[1]!,
    preferredSlot: 'morning',
    serviceAt: 'mobile',
    serviceAddress: SELLERS_STREET,
    appointmentAt: `${bookableDates(new Date())[1]!}T09:30`,
    appointmentConfirmedAt: filedAt,
    partnerNotes: 'Gate code 4411',
  })
  const pending = createClaim(policy.id, { vehicleId: vehicle.id, submittedAt: filedAt, description: SELLERS_WORDS })
  await transferPolicy(seller.id, policy.id, buyer)
  return { seller, buyer, group, policy, approved, pending }
}

async function reschedule(profileId: string, claimId: string, form?: Record<string, string>) {
  const cookie = await sessionCookieFor(profileId)
  const request = makeRequest(`/customer/claims/${claimId}/reschedule`, { cookie, ...(form ? { form } : {}) })
  return settle(() => (form ? rescheduleAction : rescheduleLoader)(routeArgs(request, { claimId })))
}

describe("a previous owner's claim after the policy passed to the next owner", () => {
  it("the buyer's dashboard shows its code and status, without the seller's booking, time or any action", async () => {
    const { buyer, approved } = await soldWithClaims()
    const cookie = await sessionCookieFor(buyer.id)
    const dashboard = await settle(() => dashboardLoader(routeArgs(makeRequest('/customer', { cookie }))))
    const shown = JSON.stringify(dashboard.data)
    expect(shown).toContain(approved.confirmationCode)
    for (const secret of [SELLERS_STREET, SELLERS_WORDS, '/reschedule', '/appeal', approved.appointmentAt!])
      expect(shown).not.toContain(secret)
  })

  it('the buyer cannot open or post its reschedule page: a 404, the time kept, the shop not e-mailed', async () => {
    const { buyer, group, approved } = await soldWithClaims()
    expect((await reschedule(buyer.id, approved.id)).status).toBe(404)
    const posted = await reschedule(buyer.id, approved.id, { preferredDate: bookableDates(new Date())[2]!, preferredSlot: 'afternoon' })
    expect(posted.status).toBe(404)
    const after = db().select().from(claims).where(eq(claims.id, approved.id)).get()!
    expect(after).toMatchObject({ appointmentAt: approved.appointmentAt, rescheduleRequestedAt: null })
    expect(outboxFor(group.email!)).toEqual([])
  })

  it('the shop sees the seller as the customer of their claim, not the buyer', async () => {
    const { group, approved } = await soldWithClaims()
    const jobs = JSON.stringify(shopJobs(group.id))
    expect(jobs).toContain(approved.confirmationCode)
    expect(jobs).toContain('Sally Seller')
    expect(jobs).not.toContain('Robin Buyer')
  })

  it("the shop's time and the operator's decision are e-mailed to the seller who filed, never to the buyer", async () => {
    const { seller, buyer, group, approved, pending } = await soldWithClaims()
    const buyerMail = outboxFor(buyer.email).length
    const sellerMail = outboxFor(seller.email).length

    await setAppointment({ groupId: group.id, actorId: 'shop-staff', claimId: approved.id, intent: 'confirm', time: '10:00' })
    await denyClaim({ claimId: pending.id, reason: 'The damage was there at setup.', actorId: 'operator' })

    expect(outboxFor(buyer.email)).toHaveLength(buyerMail)
    const toSeller = outboxFor(seller.email).slice(0, outboxFor(seller.email).length - sellerMail)
    expect(toSeller.map((mail) => mail.tag).sort()).toEqual(['claim-appointment', 'claim-denied'])
    expect(JSON.stringify(toSeller)).toContain(approved.confirmationCode)
  })

  it("once the seller's account is gone, nobody is e-mailed about their claim", async () => {
    const { seller, buyer, group, approved } = await soldWithClaims()
    const buyerMail = outboxFor(buyer.email).length
    db()
      .update(profiles)
      .set({ email: deletedAccountEmail(seller.id), fullName: null, phone: null })
      .where(eq(profiles.id, seller.id))
      .run()
    await setAppointment({ groupId: group.id, actorId: 'shop-staff', claimId: approved.id, intent: 'confirm', time: '10:00' })
    expect(outboxFor(buyer.email)).toHaveLength(buyerMail)
    expect(outboxFor(deletedAccountEmail(seller.id))).toEqual([])
  })

  it('the seller may not delete their account while a claim they filed on the sold policy is open', async () => {
    const { seller, approved, pending } = await soldWithClaims()
    const blockers = blockersOf(seller.id).join(' ')
    expect(blockers).toContain(approved.confirmationCode)
    expect(blockers).toContain(pending.confirmationCode)
  })

  it("the buyer's data export holds the claim's code and status only; the seller's holds it in full", async () => {
    const { seller, buyer, approved, pending } = await soldWithClaims()
    const exported = customerDataOf(buyer.id)!
    expect(exported.data.claims).toEqual([])
    expect(exported.data.previousOwnersClaims).toEqual(
      expect.arrayContaining([
        { confirmationCode: approved.confirmationCode, approvalStatus: 'approved', policyId: approved.policyId },
        { confirmationCode: pending.confirmationCode, approvalStatus: 'pending_review', policyId: pending.policyId },
      ]),
    )
    const whole = JSON.stringify(exported)
    for (const secret of [SELLERS_STREET, SELLERS_WORDS, 'Gate code', approved.id, seller.email, 'Sally']) {
      expect(whole).not.toContain(secret)
    }

    const sellers = customerDataOf(seller.id)!
    expect(sellers.data.claims.map((claim) => claim.confirmationCode).sort()).toEqual(
      [approved.confirmationCode, pending.confirmationCode].sort(),
    )
    expect(JSON.stringify(sellers.data.claims)).toContain(SELLERS_STREET)
  })
})
