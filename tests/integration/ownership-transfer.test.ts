import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'

import { RENEWAL_TERMS_VERSION } from '~/content/renewal-consent'
import { db } from '~/db/client.server'
import { auditLog, consentRecords, localCheckouts, ownershipTransfers, policyPhotos, vehicles } from '~/db/schema'
import { nextRenewalAfter } from '~/domain/billing'
import { formatLongDate } from '~/domain/format'
import { OFFER_TTL_DAYS } from '~/models/policies/ownership-transfer.server'
import { loader as dashboardLoader } from '~/routes/customer'
import { loader as appealLoader } from '~/routes/customer.claims.$claimId.appeal'
import { loader as sellerLoader } from '~/routes/customer.policies.$policyId.next-owner'
import { loader as payLoader } from '~/routes/dev.checkout.$id'
import { loader as filesLoader } from '~/routes/files.$'
import { StagedFiles } from '~/services/staged-files.server'
import { storedFileExists } from '~/services/storage.server'

import {
  createActivePolicy,
  createClaim,
  createPolicy,
  createProfile,
  ensureSeeded,
  getPolicy,
  sessionCookieFor,
} from '../support/factories'
import { outboxFor } from '../support/outbox'
import { accept, acceptanceForm, offer, openOffer, pay, sellerPath, tokenFor, withdraw } from '../support/ownership-transfer'
import { makeRequest, routeArgs, settle, settleFileUrl } from '../support/requests'

// Passing a policy to the vehicle's next owner: the seller offers it to an address, the invited buyer accepts and pays,
// and only then do the policy, its vehicle and photos move. Local test checkout; the Stripe path is in
// ownership-transfer-stripe.test.ts.

ensureSeeded()

function auditActions(policyId: string) {
  return db()
    .select({ action: auditLog.action })
    .from(auditLog)
    .where(eq(auditLog.entityId, policyId))
    .all()
    .map((row) => row.action)
}

async function writePhotoFiles(policyId: string) {
  const staged = new StagedFiles()
  for (const photo of db().select().from(policyPhotos).where(eq(policyPhotos.policyId, policyId)).all()) {
    await staged.add(photo.filePath, Buffer.from(`jpeg bytes of ${photo.photoType}`))
  }
  staged.commit()
}

async function dashboardOf(profileId: string) {
  const cookie = await sessionCookieFor(profileId)
  return (await settle(() => dashboardLoader(routeArgs(makeRequest('/customer', { cookie }))))).data as {
    policies: Array<{ id: string; status: string }>
    sellable: string[]
    claims: Array<{
      id: string
      confirmationCode: string
      partnerGroupName: string | null
      submittedAt: string | null
      approvalStatus: string
    }>
  }
}

describe('passing a policy to the next owner', () => {
  it('offer → the invited buyer accepts and pays → policy, vehicle and photos move; both e-mailed; audited', async () => {
    const seller = createProfile({ fullName: 'Sally Seller' })
    const buyer = createProfile({ fullName: 'Robin Buyer' })
    const termEnd = new Date(Date.now() + 200 * 24 * 60 * 60 * 1000).toISOString()
    const { policy, vehicle } = createActivePolicy(seller.id, { initialTermEndsAt: termEnd, governingState: 'UT' })
    await writePhotoFiles(policy.id)
    const oldClaim = createClaim(policy.id, { vehicleId: vehicle.id, submittedAt: new Date(Date.now() - 60_000).toISOString() })

    expect((await dashboardOf(seller.id)).sellable).toContain(policy.id)
    const page = await settle(async () =>
      sellerLoader(routeArgs(makeRequest(sellerPath(policy.id), { cookie: await sessionCookieFor(seller.id) }), { policyId: policy.id })),
    )
    expect(page.status).toBe(200)
    expect(page.data).toMatchObject({ refusal: null, openOffer: null, paidPeriodCarriedUntil: null })

    // Not to the seller's own address; then to the buyer's.
    const own = await offer(seller.id, policy.id, seller.email.toUpperCase())
    expect(own.status).toBe(400)
    expect(JSON.stringify(own.data)).toContain("Enter the buyer's e-mail address, not your own.")
    const sent = await offer(seller.id, policy.id, ` ${buyer.email.toUpperCase()} `)
    expect(sent.status).toBe(302)
    const token = tokenFor(buyer.email)
    const row = db().select().from(ownershipTransfers).where(eq(ownershipTransfers.policyId, policy.id)).get()!
    expect(row).toMatchObject({ status: 'offered', buyerEmail: buyer.email, sellerProfileId: seller.id })
    expect(row.tokenHash).not.toContain(token)
    expect(Date.parse(row.expiresAt) - Date.now()).toBeGreaterThan((OFFER_TTL_DAYS - 1) * 24 * 60 * 60 * 1000)
    // One open offer per policy.
    expect((await offer(seller.id, policy.id, 'someone-else@example.com')).status).toBe(409)

    // The offer page: the plan and the vehicle, never the seller or the plate.
    const anonymous = await openOffer(token)
    expect(anonymous.status).toBe(200)
    const shown = JSON.stringify(anonymous.data)
    expect(shown).toContain('2019 Toyota Camry')
    expect(shown).not.toContain(vehicle.licensePlate)
    expect(shown).not.toContain('Sally')
    expect(shown).not.toContain(seller.email)
    expect(anonymous.data).toMatchObject({ offer: { signedIn: false, refusal: null } })
    const commitment = `until ${formatLongDate(termEnd)}, then month to month`
    expect(anonymous.data).toMatchObject({ offer: { commitment, paidPeriodCarriedUntil: null } })

    // Another signed-in account is refused clearly; so is the seller.
    const stranger = createProfile()
    const other = await openOffer(token, stranger.id)
    expect(other.status).toBe(403)
    expect(other.data).toMatchObject({ offer: { refusal: { title: 'This offer is for another e-mail address' } } })
    expect((await accept(token, stranger.id)).status).toBe(403)
    expect((await accept(token, seller.id)).status).toBe(403)

    // The invited buyer: terms and state are required; then checkout.
    const missing = await accept(token, buyer.id, { intent: 'accept', state: '' })
    expect(missing.status).toBe(400)
    expect(JSON.stringify(missing.data)).toContain('Choose your state of residence')
    const badState = await accept(token, buyer.id, acceptanceForm('ZZ'))
    expect(badState.status).toBe(400)
    // The code of the E-SIGN PDF, as at signup: missing or wrong, refused by its field and nothing started.
    const noCode = await accept(token, buyer.id, { ...acceptanceForm(), esignCode: '' })
    expect(noCode.status).toBe(400)
    expect(JSON.stringify(noCode.data)).toContain('Open the disclosure PDF and type the code printed in it')
    const wrongCode = await accept(token, buyer.id, { ...acceptanceForm(), esignCode: 'AAAAAA' })
    expect(wrongCode.status).toBe(400)
    expect(JSON.stringify(wrongCode.data)).toContain('That is not the code printed in the disclosure PDF')
    const accepted = await accept(token, buyer.id)
    expect(accepted.status).toBe(303)
    const checkoutUrl = accepted.headers.get('Location')!
    // A double submit opens another checkout; only one payment can move the policy.
    const again = await accept(token, buyer.id)
    expect(again.status).toBe(303)
    const checkoutId = new URL(checkoutUrl).pathname.split('/').pop()!
    expect(db().select().from(localCheckouts).where(eq(localCheckouts.id, checkoutId)).get()).toMatchObject({
      ownershipTransferId: row.id,
      profileId: buyer.id,
      lookupKey: policy.lookupKey,
    })
    // Nothing moved before payment.
    expect(getPolicy(policy.id)!.profileId).toBe(seller.id)
    // The checkout states the commitment taken over, not a new plan's 12 months.
    const checkoutPage = await settle(() => payLoader(routeArgs(makeRequest(`/dev/checkout/${checkoutId}`), { id: checkoutId })))
    expect(checkoutPage.data).toMatchObject({ checkout: { commitment, firstChargeOn: null } })

    const paid = await pay(checkoutUrl, buyer.email)
    expect(paid.status).toBe(302)
    expect(paid.headers.get('Location')).toBe('/customer')
    const moved = getPolicy(policy.id)!
    expect(moved).toMatchObject({
      profileId: buyer.id,
      status: 'active',
      initialTermEndsAt: termEnd,
      governingState: 'TX',
      vehicleId: vehicle.id,
      coverageStartDate: policy.coverageStartDate,
    })
    expect(moved.ownedSince).not.toBeNull()
    // The buyer's own consent to the renewal terms and electronic delivery is recorded with the plan they took over.
    const consents = db().select().from(consentRecords).where(eq(consentRecords.policyId, policy.id)).all()
    expect(consents.map((record) => [record.profileId, record.governingState])).toContainEqual([buyer.id, 'TX'])
    expect(consents.find((record) => record.profileId === buyer.id)).toMatchObject({ renewalTermsVersion: RENEWAL_TERMS_VERSION })
    expect(db().select().from(vehicles).where(eq(vehicles.id, vehicle.id)).get()!.profileId).toBe(buyer.id)
    const photos = db().select().from(policyPhotos).where(eq(policyPhotos.policyId, policy.id)).all()
    expect(photos).toHaveLength(3)
    for (const photo of photos) {
      expect(photo.filePath.startsWith(`policy-photos/${buyer.id}/${policy.id}/`)).toBe(true)
      expect(await storedFileExists(photo.filePath)).toBe(true)
      expect(await storedFileExists(photo.filePath.replace(buyer.id, seller.id))).toBe(false)
    }
    // The buyer may see the photos now; the seller may not.
    expect((await settleFileUrl(filesLoader, `/files/${photos[0]!.filePath}`, await sessionCookieFor(buyer.id))).status).toBe(200)
    expect((await settleFileUrl(filesLoader, `/files/${photos[0]!.filePath}`, await sessionCookieFor(seller.id))).status).toBe(404)

    expect(db().select().from(ownershipTransfers).where(eq(ownershipTransfers.id, row.id)).get()).toMatchObject({
      status: 'paid',
      checkoutSessionId: checkoutId,
      buyerProfileId: buyer.id,
    })
    expect(outboxFor(buyer.email).map((mail) => mail.subject)).toContain('Your windshield plan is active')
    expect(outboxFor(seller.email).map((mail) => mail.subject)).toContain('Your plan has passed to the next owner')
    expect(auditActions(policy.id)).toEqual(
      expect.arrayContaining(['policy.ownership_offered', 'policy.ownership_offer_accepted', 'policy.ownership_transferred']),
    )
    expect(auditActions(policy.id).filter((action) => action === 'policy.ownership_offer_accepted')).toHaveLength(1)

    // Paying again (Back, then Pay) changes nothing; the other checkout of the double submit is refused, nothing moves.
    expect((await pay(checkoutUrl, buyer.email)).status).toBe(302)
    expect(auditActions(policy.id).filter((action) => action === 'policy.ownership_transferred')).toHaveLength(1)

    // Dashboards: the buyer has the policy, active, and the old claim by code and status only; the seller has neither.
    const buyerDash = await dashboardOf(buyer.id)
    expect(buyerDash.policies).toEqual([expect.objectContaining({ id: policy.id, status: 'active' })])
    expect(buyerDash.claims).toEqual([
      expect.objectContaining({ confirmationCode: oldClaim.confirmationCode, submittedAt: null, partnerGroupName: null }),
    ])
    expect((await dashboardOf(seller.id)).policies).toEqual([])
    // The previous owner's claim is not the buyer's to open or appeal.
    const appealCookie = await sessionCookieFor(buyer.id)
    const appeal = await settle(() =>
      appealLoader(routeArgs(makeRequest(`/customer/claims/${oldClaim.id}/appeal`, { cookie: appealCookie }), { claimId: oldClaim.id })),
    )
    expect(appeal.status).toBe(404)

    // The used link says so.
    expect((await openOffer(token, buyer.id)).status).toBe(410)
  })

  it('a Florida plan passes with the period the seller paid: the screens name the first charge, the checkout charges nothing today', async () => {
    const seller = createProfile()
    const buyer = createProfile()
    // Bought ten days ago and paid monthly: paid until the next month's day of purchase.
    const bought = new Date(Date.now() - 10 * 24 * 60 * 60 * 1000)
    const { policy } = createActivePolicy(seller.id, { governingState: 'FL', createdAt: bought.toISOString() })
    const paidUntil = formatLongDate(nextRenewalAfter(policy, new Date()))

    const page = await settle(async () =>
      sellerLoader(routeArgs(makeRequest(sellerPath(policy.id), { cookie: await sessionCookieFor(seller.id) }), { policyId: policy.id })),
    )
    expect(page.data).toMatchObject({ paidPeriodCarriedUntil: paidUntil })
    expect((await offer(seller.id, policy.id, buyer.email)).status).toBe(302)
    const token = tokenFor(buyer.email)
    expect((await openOffer(token)).data).toMatchObject({ offer: { paidPeriodCarriedUntil: paidUntil } })

    // The buyer lives elsewhere: the seller's Florida contract is what passes, with its paid period.
    const accepted = await accept(token, buyer.id, acceptanceForm('GA'))
    expect(accepted.status).toBe(303)
    const checkoutId = new URL(accepted.headers.get('Location')!).pathname.split('/').pop()!
    const checkoutPage = await settle(() => payLoader(routeArgs(makeRequest(`/dev/checkout/${checkoutId}`), { id: checkoutId })))
    expect(checkoutPage.data).toMatchObject({ checkout: { firstChargeOn: paidUntil } })
    expect((await pay(accepted.headers.get('Location')!, buyer.email)).status).toBe(302)
    // The buyer's renewals count from the same purchase day, so the first falls where the seller's paid time ends.
    const moved = getPolicy(policy.id)!
    expect(moved.profileId).toBe(buyer.id)
    expect(formatLongDate(nextRenewalAfter(moved, new Date()))).toBe(paidUntil)
  })

  it('the seller withdraws an offer: the link stops working, the plan stays theirs, and a new offer can go out', async () => {
    const seller = createProfile()
    const buyer = createProfile()
    const { policy } = createActivePolicy(seller.id)
    await offer(seller.id, policy.id, buyer.email)
    const token = tokenFor(buyer.email)
    const accepted = await accept(token, buyer.id)
    expect(accepted.status).toBe(303)

    expect((await withdraw(seller.id, policy.id)).status).toBe(302)
    const gone = await openOffer(token, buyer.id)
    expect(gone.status).toBe(410)
    expect(gone.data).toMatchObject({ refused: { title: 'Offer withdrawn' } })
    // Paying the checkout opened before the withdrawal moves nothing.
    const paid = await pay(accepted.headers.get('Location')!, buyer.email)
    expect(paid.status).toBe(302)
    expect(getPolicy(policy.id)!.profileId).toBe(seller.id)
    expect(auditActions(policy.id)).toContain('policy.ownership_offer_withdrawn')
    expect(auditActions(policy.id)).not.toContain('policy.ownership_transferred')
    expect((await withdraw(seller.id, policy.id)).status).toBe(409)
    expect((await offer(seller.id, policy.id, buyer.email)).status).toBe(302)
  })

  it('an expired or unknown link is a clear page; an offer on a cancelled or unfinished plan is refused', async () => {
    const seller = createProfile()
    const buyer = createProfile()
    const { policy } = createActivePolicy(seller.id)
    await offer(seller.id, policy.id, buyer.email)
    const token = tokenFor(buyer.email)
    db()
      .update(ownershipTransfers)
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where(eq(ownershipTransfers.policyId, policy.id))
      .run()
    const expired = await openOffer(token, buyer.id)
    expect(expired.status).toBe(410)
    expect(expired.data).toMatchObject({ refused: { title: 'Offer expired' } })
    expect((await accept(token, buyer.id)).status).toBe(410)
    expect((await openOffer('not-a-token')).status).toBe(404)

    const canceled = createActivePolicy(seller.id, { status: 'canceled' }).policy
    expect((await offer(seller.id, canceled.id, buyer.email)).status).toBe(409)
    const notSetUp = createPolicy(seller.id, { status: 'incomplete' })
    expect((await offer(seller.id, notSetUp.id, buyer.email)).status).toBe(409)
    const page = await settle(async () =>
      sellerLoader(
        routeArgs(makeRequest(sellerPath(notSetUp.id), { cookie: await sessionCookieFor(seller.id) }), { policyId: notSetUp.id }),
      ),
    )
    expect(page.status).toBe(409)
    expect(page.data).toMatchObject({ refusal: { title: 'Transfer to the next owner not available' } })
  })

  it("another customer's policy is a 404 on the seller's page and its actions", async () => {
    const owner = createProfile()
    const intruder = createProfile()
    const { policy } = createActivePolicy(owner.id)
    const cookie = await sessionCookieFor(intruder.id)
    expect(
      (await settle(() => sellerLoader(routeArgs(makeRequest(sellerPath(policy.id), { cookie }), { policyId: policy.id })))).status,
    ).toBe(404)
    expect((await offer(intruder.id, policy.id, 'x@example.com')).status).toBe(404)
    expect((await withdraw(intruder.id, policy.id)).status).toBe(404)
    expect((await offer(intruder.id, 'no-such-policy', 'x@example.com')).status).toBe(404)
    expect(db().select().from(ownershipTransfers).where(eq(ownershipTransfers.policyId, policy.id)).all()).toEqual([])
  })

  it('a customer cannot send a stream of offer e-mails', async () => {
    const seller = createProfile()
    const ip = '10.250.3.4'
    let last = 0
    for (let index = 0; index < 6; index++) {
      const { policy } = createActivePolicy(seller.id)
      last = (await offer(seller.id, policy.id, `buyer-${index}-${seller.id}@example.com`, ip)).status
      if (index < 5) expect(last).toBe(302)
    }
    expect(last).toBe(429)
    expect(
      db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.actor, seller.id), eq(auditLog.action, 'policy.ownership_offered')))
        .all(),
    ).toHaveLength(5)
  })
})
