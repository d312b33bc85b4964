import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'

import { db } from '~/db/client.server'
import { auditLog, claims, partnerLocations, profiles } from '~/db/schema'
import { bookableDates, CUSTOMER_CHOOSES_SHOP } from '~/domain/shops'
import { approveClaim } from '~/models/claims/claim-review.server'
import { claimLiveStatus } from '~/models/claims/claims.server'
import { listClaimsForProfile } from '~/models/claims/claims-read.server'
import * as chooseRoute from '~/routes/customer.claims.$claimId.shop'
import { getToast } from '~/toast.server'

import {
  createActivePolicy,
  createClaim,
  createPartnerGroup,
  createProfile,
  ensureSeeded,
  findOrCreateProfile,
  sessionCookieFor,
} from '../support/factories'
import { outboxFor } from '../support/outbox'
import { makeRequest, routeArgs, settle } from '../support/requests'

type Loaded = { shops: { id: string; name: string; miles: number; mobileService: boolean }[] | null; zipError: string | null }
const errorsOf = (result: { data: unknown }) => (result.data as { result: { error: Record<string, string[]> } }).result.error

function location(groupId: string, name: string, zip: string, overrides: Partial<typeof partnerLocations.$inferInsert> = {}) {
  return db()
    .insert(partnerLocations)
    .values({
      partnerGroupId: groupId,
      name,
      slug: name.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
      zip,
      address: '1 Main St',
      city: 'Somewhere',
      state: 'UT',
      phone: '(801) 555-0100',
      hours: 'Mon–Fri 8–6',
      offersChipRepair: true,
      offersReplacement: true,
      offersCalibration: false,
      ...overrides,
    })
    .returning()
    .get()
}

describe('the customer chooses a shop after approval', () => {
  ensureSeeded()
  const operator = findOrCreateProfile('operator@example.com')
  const group = createPartnerGroup('Choice Glass', { email: 'desk@choice-glass.example' })
  const ogden = location(group.id, 'Choice Ogden', '84401', { mobileService: true, mobileRadiusMiles: 40, offersCalibration: true })
  const provo = location(group.id, 'Choice Provo', '84601')
  location(group.id, 'Choice Moab', '84532', { offersCalibration: true })
  location(group.id, 'Choice Closed', '84101', { isActive: false, offersCalibration: true })
  location(group.id, 'Choice No Zip', '84101', { zip: null, offersCalibration: true })

  async function approvedClaim(options: { hasAdas?: boolean; damageType?: 'chip' | 'crack' } = {}) {
    const customer = createProfile({ fullName: 'Gina Gee', phone: '+18015550123' })
    const { policy } = createActivePolicy(customer.id, { hasAdas: options.hasAdas ?? false })
    const claim = createClaim(policy.id, { damageType: options.damageType ?? 'chip' })
    await approveClaim({ claimId: claim.id, partnerGroupId: CUSTOMER_CHOOSES_SHOP, actorId: operator.id })
    return { customer, claim, cookie: await sessionCookieFor(customer.id) }
  }

  it('approving with the choice left to the customer assigns no group and e-mails them the link', async () => {
    const { customer, claim } = await approvedClaim()
    const row = db().select().from(claims).where(eq(claims.id, claim.id)).get()!
    expect(row).toMatchObject({ approvalStatus: 'approved', assignedPartnerGroupId: null })
    const [email] = outboxFor(customer.email)
    expect(email!.subject).toContain('choose a shop')
    expect(email!.text).toContain(`/customer/claims/${claim.id}/shop`)
    const [card] = listClaimsForProfile(customer.id)
    expect(claimLiveStatus(card!).chooseShopHref).toBe(`/customer/claims/${claim.id}/shop`)
  })

  it('lists the nearest active locations with a ZIP that offer what the claim needs', async () => {
    const { claim, cookie } = await approvedClaim()
    const get = (zip: string) =>
      settle(() =>
        chooseRoute.loader(routeArgs(makeRequest(`/customer/claims/${claim.id}/shop?zip=${zip}`, { cookie }), { claimId: claim.id })),
      )
    // Salt Lake City: the seeded Sample Auto Glass is there; Ogden ~35 mi, Provo ~40 mi, Moab ~200 mi
    const near = await get('84101')
    expect(near.status).toBe(200)
    const names = (near.data as Loaded).shops!.map((shop) => shop.name)
    // Moab is ~230 miles from Salt Lake City: past NEAREST_SHOP_MILES, it is not offered as near.
    expect(names.slice(0, 4)).toEqual(['Sample Auto Glass', 'Choice Ogden', 'Choice Provo'])
    expect(names).not.toContain('Choice Closed')
    expect(names).not.toContain('Choice No Zip')
    expect(((await get('84532')).data as Loaded).shops![0]).toMatchObject({ name: 'Choice Moab', miles: 0 })

    const unknown = await get('00000')
    expect(unknown.status).toBe(400)
    expect((unknown.data as Loaded).zipError).toBe('That ZIP code does not exist. Check the five digits.')
    expect(((await get('12')).data as Loaded).zipError).toBe('Enter your five-digit ZIP code, like 84101.')
  })

  it('a replacement on an ADAS plan is offered only shops that calibrate', async () => {
    const { claim, cookie } = await approvedClaim({ damageType: 'crack', hasAdas: true })
    const result = await settle(() =>
      chooseRoute.loader(routeArgs(makeRequest(`/customer/claims/${claim.id}/shop?zip=84101`, { cookie }), { claimId: claim.id })),
    )
    const names = (result.data as Loaded).shops!.map((shop) => shop.name)
    expect(names).toContain('Choice Ogden')
    expect(names).not.toContain('Choice Moab')
    expect(names).not.toContain('Choice Provo')
  })

  it('records the shop, day and place, remembers the ZIP, audits it and e-mails the shop', async () => {
    const { customer, claim, cookie } = await approvedClaim()
    const day = bookableDates(new Date())[2]!
    const post = (form: Record<string, string>) =>
      settle(() => chooseRoute.action(routeArgs(makeRequest(`/customer/claims/${claim.id}/shop`, { cookie, form }), { claimId: claim.id })))
    const base = { zip: '84101', locationId: ogden.id, preferredDate: day, preferredSlot: 'afternoon', serviceAt: 'shop' }

    // Each bad answer is refused next to its field, and nothing is saved.
    expect(errorsOf(await post({ ...base, preferredDate: '2001-01-01' })).preferredDate).toEqual(['Choose a day from the list.'])
    expect(errorsOf(await post({ ...base, preferredSlot: 'evening' })).preferredSlot).toEqual(['Choose morning or afternoon.'])
    expect(errorsOf(await post({ ...base, locationId: 'no-such-location' })).locationId).toEqual(['Choose one of the shops listed.'])
    expect(errorsOf(await post({ ...base, serviceAt: 'mobile' })).serviceAddress).toEqual([
      'Enter the address where the mobile service should come.',
    ])
    expect(errorsOf(await post({ ...base, locationId: provo.id, serviceAt: 'mobile', serviceAddress: '12 Elm St' })).serviceAt).toEqual([
      'Choice Provo has no mobile service that reaches your ZIP. Choose at the shop, or another shop.',
    ])
    const unknownZip = await post({ ...base, zip: '00000' })
    expect(unknownZip.status).toBe(400)
    expect(errorsOf(unknownZip).zip).toEqual(['That ZIP code does not exist. Check the five digits.'])
    expect(db().select().from(claims).where(eq(claims.id, claim.id)).get()!.chosenLocationId).toBeNull()

    const chosen = await post({ ...base, serviceAt: 'mobile', serviceAddress: '12 Elm St, Salt Lake City' })
    expect(chosen.status).toBe(302)
    // The customer is told how the shop will reach them: the phone they gave, as they read phone numbers.
    const flash = await getToast(
      new Request('http://localhost/', { headers: { Cookie: chosen.headers.get('Set-Cookie')!.split(';')[0]! } }),
    )
    expect(flash.toast?.description).toBe('Choice Ogden will reach you by phone at (801) 555-0123 to confirm a time.')
    expect(db().select().from(claims).where(eq(claims.id, claim.id)).get()).toMatchObject({
      assignedPartnerGroupId: group.id,
      chosenLocationId: ogden.id,
      preferredDate: day,
      preferredSlot: 'afternoon',
      serviceAt: 'mobile',
      serviceAddress: '12 Elm St, Salt Lake City',
    })
    expect(db().select({ zip: profiles.zip }).from(profiles).where(eq(profiles.id, customer.id)).get()!.zip).toBe('84101')
    const actions = db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, claim.id))
      .all()
      .map((entry) => entry.action)
    expect(actions).toEqual(expect.arrayContaining(['claim.shop_chosen', 'claim.shop_emailed']))
    const [toShop] = outboxFor('desk@choice-glass.example')
    expect(toShop!.text).toContain('the customer chose Choice Ogden')
    expect(toShop!.text).toContain('Mobile service at 12 Elm St, Salt Lake City')
    expect(toShop!.text).toContain('(801) 555-0123')

    // Chosen once: a second post is refused; the page sends the customer back to the dashboard.
    expect((await post(base)).status).toBe(409)
    const again = await settle(() =>
      chooseRoute.loader(routeArgs(makeRequest(`/customer/claims/${claim.id}/shop`, { cookie }), { claimId: claim.id })),
    )
    expect(again.status).toBe(302)
    const [card] = listClaimsForProfile(customer.id)
    expect(claimLiveStatus(card!).booking).toMatchObject({ name: 'Choice Ogden', preferredDate: day, preferredSlot: 'afternoon' })
  })

  it("another customer's claim, or one the operator assigned, is not theirs to choose for", async () => {
    const { claim } = await approvedClaim()
    const stranger = await sessionCookieFor(createProfile().id)
    const page = await settle(() =>
      chooseRoute.loader(
        routeArgs(makeRequest(`/customer/claims/${claim.id}/shop?zip=84101`, { cookie: stranger }), { claimId: claim.id }),
      ),
    )
    expect(page.status).toBe(404)
    const post = await settle(() =>
      chooseRoute.action(
        routeArgs(
          makeRequest(`/customer/claims/${claim.id}/shop`, {
            cookie: stranger,
            form: {
              zip: '84101',
              locationId: ogden.id,
              preferredDate: bookableDates(new Date())[0]!,
              preferredSlot: 'morning',
              serviceAt: 'shop',
            },
          }),
          { claimId: claim.id },
        ),
      ),
    )
    expect(post.status).toBe(404)

    const customer = createProfile()
    const { policy } = createActivePolicy(customer.id)
    const assigned = createClaim(policy.id)
    await approveClaim({ claimId: assigned.id, partnerGroupId: group.id, partnerLocationId: provo.id, actorId: operator.id })
    const cookie = await sessionCookieFor(customer.id)
    const direct = await settle(() =>
      chooseRoute.loader(routeArgs(makeRequest(`/customer/claims/${assigned.id}/shop`, { cookie }), { claimId: assigned.id })),
    )
    expect(direct.status).toBe(302)
    const [card] = listClaimsForProfile(customer.id)
    expect(claimLiveStatus(card!).chooseShopHref).toBeNull()
  })
})
