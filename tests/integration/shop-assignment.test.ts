import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'

import { db } from '~/db/client.server'
import { claims, partnerLocations } from '~/db/schema'
import { RuleError } from '~/domain/errors'
import { NEAREST_SHOP_MILES } from '~/domain/shops'
import { claimPage } from '~/models/claims/claim-page.server'
import { approveClaim, claimForReview } from '~/models/claims/claim-review.server'
import { reviewPage } from '~/models/claims/claim-review-page.server'
import { claimLiveStatus } from '~/models/claims/claims.server'
import { listClaimsForProfile } from '~/models/claims/claims-read.server'
import { nearestShops } from '~/models/claims/shop-choice.server'
import { shopJob } from '~/models/shops/shop-jobs.server'

import { createActivePolicy, createClaim, createPartnerGroup, createProfile, ensureSeeded, findOrCreateProfile } from '../support/factories'
import { outboxFor } from '../support/outbox'

// The operator assigns a group: the work is done at the group's location nearest the customer, and the customer's pages
// and e-mail and the shop's job name that one place (a Texas customer was once sent to the group's
// Salt Lake City location).

function location(groupId: string, name: string, zip: string, city: string, state: string, phone: string) {
  return db()
    .insert(partnerLocations)
    .values({
      partnerGroupId: groupId,
      name,
      slug: name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
      zip,
      address: '1 Main St',
      city,
      state,
      phone,
    })
    .returning()
    .get()
}

describe('assigning a group picks the location nearest the customer', () => {
  ensureSeeded()
  const operator = findOrCreateProfile('operator@example.com')
  const group = createPartnerGroup('Wide Glass', { email: 'desk@wide-glass.example', phone: '+18015550100' })
  // Created first, so it is the group's first place by name order too.
  location(group.id, 'Wide Glass A Salt Lake City', '84101', 'Salt Lake City', 'UT', '+18015550111')
  const austin = location(group.id, 'Wide Glass Austin', '78701', 'Austin', 'TX', '+15125550190')
  const farGroup = createPartnerGroup('Utah Only Glass', { email: 'desk@utah-only.example' })
  const moab = location(farGroup.id, 'Utah Only Moab', '84532', 'Moab', 'UT', '+14355550100')

  function texasClaim(overrides: { vehicleZip?: string | null } = {}) {
    const customer = createProfile({ fullName: 'Tex Customer' })
    const { policy } = createActivePolicy(customer.id)
    const claim = createClaim(policy.id, { vehicleZip: overrides.vehicleZip === undefined ? '78704' : overrides.vehicleZip })
    return { customer, claim }
  }

  it("a Texas customer's claim goes to the group's Austin location, and both sides name it", async () => {
    const { customer, claim } = texasClaim()
    await approveClaim({ claimId: claim.id, partnerGroupId: group.id, actorId: operator.id })
    const row = db().select().from(claims).where(eq(claims.id, claim.id)).get()!
    expect(row.chosenLocationId).toBe(austin.id)

    const [card] = listClaimsForProfile(customer.id)
    const live = claimLiveStatus(card!)
    expect(live.shopContact).toMatchObject({ name: 'Wide Glass Austin', phone: '+15125550190' })
    expect(JSON.stringify(live)).not.toContain('Salt Lake City')
    const page = claimPage(customer.id, claim.confirmationCode)
    expect(page.shop).toMatchObject({ name: 'Wide Glass Austin', address: '1 Main St, Austin, TX 78701', phone: '+15125550190' })

    const [email] = outboxFor(customer.email)
    expect(email!.text).toContain('Austin')
    expect(email!.text).not.toContain('Salt Lake City')

    const job = shopJob(group.id, claim.id)
    expect(job?.location).toEqual({ name: 'Wide Glass Austin', address: '1 Main St, Austin, TX 78701', phone: '+15125550190' })
  })

  it('a group with nothing within the limit is refused with the nearest named, and nothing is saved', async () => {
    const { claim } = texasClaim()
    const refusal = await approveClaim({ claimId: claim.id, partnerGroupId: farGroup.id, actorId: operator.id }).catch((error) => error)
    expect(refusal).toBeInstanceOf(RuleError)
    expect(refusal.field).toBe('partnerLocationId')
    expect(refusal.message).toContain(`within ${NEAREST_SHOP_MILES} miles`)
    expect(refusal.message).toContain('Utah Only Moab')
    expect(db().select().from(claims).where(eq(claims.id, claim.id)).get()!.approvalStatus).toBe('pending_review')
    // The operator may still pick that location (the customer agreed to go there).
    await approveClaim({ claimId: claim.id, partnerGroupId: farGroup.id, partnerLocationId: moab.id, actorId: operator.id })
    expect(db().select().from(claims).where(eq(claims.id, claim.id)).get()!.chosenLocationId).toBe(moab.id)
  })

  it('an unknown place with several locations asks the operator; a location of another group is refused', async () => {
    const { claim } = texasClaim({ vehicleZip: null })
    const unknown = await approveClaim({ claimId: claim.id, partnerGroupId: group.id, actorId: operator.id }).catch((error) => error)
    expect(unknown).toBeInstanceOf(RuleError)
    expect(unknown.field).toBe('partnerLocationId')
    const other = await approveClaim({
      claimId: claim.id,
      partnerGroupId: group.id,
      partnerLocationId: moab.id,
      actorId: operator.id,
    }).catch((error) => error)
    expect(other).toBeInstanceOf(RuleError)
    expect(other.field).toBe('partnerLocationId')
    expect(db().select().from(claims).where(eq(claims.id, claim.id)).get()!.approvalStatus).toBe('pending_review')
  })

  it("the approval form lists the group's locations; refused without one, approved with the one the operator picked", async () => {
    const { customer, claim } = texasClaim({ vehicleZip: null })
    const form = reviewPage(claimForReview(claim.id)!, 'America/Denver').partnerGroups.find(({ id }) => id === group.id)!
    // The customer's place is unknown: no distance, by name.
    expect(form.locations).toEqual([
      { id: expect.any(String), label: 'Wide Glass A Salt Lake City · Salt Lake City, UT' },
      { id: austin.id, label: 'Wide Glass Austin · Austin, TX' },
    ])
    const refused = await approveClaim({ claimId: claim.id, partnerGroupId: group.id, actorId: operator.id }).catch((error) => error)
    expect(refused).toBeInstanceOf(RuleError)
    expect(refused.field).toBe('partnerLocationId')

    await approveClaim({ claimId: claim.id, partnerGroupId: group.id, partnerLocationId: austin.id, actorId: operator.id })
    expect(db().select().from(claims).where(eq(claims.id, claim.id)).get()!.chosenLocationId).toBe(austin.id)
    expect(claimPage(customer.id, claim.confirmationCode).shop).toMatchObject({
      name: 'Wide Glass Austin',
      address: '1 Main St, Austin, TX 78701',
    })
    expect(shopJob(group.id, claim.id)?.location).toMatchObject({ name: 'Wide Glass Austin' })
    // Once decided, the form offers nothing.
    expect(reviewPage(claimForReview(claim.id)!, 'America/Denver').partnerGroups).toEqual([])
  })

  it('with the customer known, each location says how far it is from them, nearest first', () => {
    const { claim } = texasClaim()
    const form = reviewPage(claimForReview(claim.id)!, 'America/Denver').partnerGroups.find(({ id }) => id === group.id)!
    expect(form.locations.map(({ label }) => label)).toEqual([
      expect.stringMatching(/^Wide Glass Austin · Austin, TX · \d miles from the customer$/),
      expect.stringMatching(/^Wide Glass A Salt Lake City · Salt Lake City, UT · 1,\d{3} miles from the customer$/),
    ])
  })

  it(`the customer's own choice offers no shop farther than ${NEAREST_SHOP_MILES} miles`, () => {
    const shops = nearestShops(['chip_repair'], '78704')!
    expect(shops.map((shop) => shop.name)).toEqual(['Wide Glass Austin'])
    expect(nearestShops(['chip_repair'], '99501')).toEqual([])
  })
})
