import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'

import { db } from '~/db/client.server'
import { auditLog, partnerGroups, partnerLocations } from '~/db/schema'
import { findActiveLocationBySlug } from '~/models/shops/partners.server'
import * as adminPartnersRoute from '~/routes/admin.partners'
import { loader as signupLoader } from '~/routes/signup'

import { createPartnerGroup, createProfile, ensureSeeded, findOrCreateProfile, sessionCookieFor } from '../support/factories'
import { inOperatorArea, makeRequest, routeArgs, settle } from '../support/requests'

const action = inOperatorArea(adminPartnersRoute.action)
const loader = inOperatorArea(adminPartnersRoute.loader)

/** The service boxes a location form starts with ticked: chip repair and replacement. */
const SERVICES = { offersChipRepair: 'on', offersReplacement: 'on' }

async function operatorCookie() {
  return sessionCookieFor(findOrCreateProfile('operator@example.com').id)
}

describe('operator console: partners', () => {
  ensureSeeded()

  it('is a 404 for customers and for visitors', async () => {
    const customer = await sessionCookieFor(createProfile().id)
    expect((await settle(() => loader(routeArgs(makeRequest('/admin/partners', { cookie: customer }))))).status).toBe(404)
    expect((await settle(() => loader(routeArgs(makeRequest('/admin/partners'))))).status).toBe(404)
    const post = makeRequest('/admin/partners', { cookie: customer, form: { intent: 'create-group', name: 'Sneaky Glass' } })
    expect((await settle(() => action(routeArgs(post)))).status).toBe(404)
    expect(db().select().from(partnerGroups).where(eq(partnerGroups.name, 'Sneaky Glass')).all()).toHaveLength(0)
  })

  it('adds a group and a location whose signup link then works, and records both', async () => {
    const cookie = await operatorCookie()
    const created = await settle(() =>
      action(
        routeArgs(
          makeRequest('/admin/partners', {
            cookie,
            form: { intent: 'create-group', name: 'Wasatch Glass', email: 'desk@wasatch.example' },
          }),
        ),
      ),
    )
    expect(created.status).toBe(302)
    const group = db().select().from(partnerGroups).where(eq(partnerGroups.name, 'Wasatch Glass')).get()!
    const location = await settle(() =>
      action(
        routeArgs(
          makeRequest('/admin/partners', {
            cookie,
            form: { intent: 'create-location', ...SERVICES, partnerGroupId: group.id, name: 'Wasatch — Ogden', slug: 'Wasatch-Ogden' },
          }),
        ),
      ),
    )
    expect(location.status).toBe(302)
    expect(findActiveLocationBySlug('wasatch-ogden')?.name).toBe('Wasatch — Ogden')
    const actions = db()
      .select()
      .from(auditLog)
      .all()
      .map((row) => row.action)
    expect(actions).toEqual(expect.arrayContaining(['partner_group.created', 'partner_location.created']))

    const loaded = await loader(routeArgs(makeRequest('/admin/partners', { cookie })))
    expect(loaded.groups.find((g) => g.id === group.id)?.locations.map((l) => l.slug)).toEqual(['wasatch-ogden'])
  })

  it('refuses a taken or malformed signup link with a message on the field, saving nothing', async () => {
    const cookie = await operatorCookie()
    const group = db().select().from(partnerGroups).get()!
    const before = db().select().from(partnerLocations).all().length
    for (const [slug, message] of [
      ['sample-auto-glass', 'That signup link is already in use.'],
      ['Not A Slug!', 'Use lower-case letters, digits and single hyphens'],
    ] as const) {
      const result = await settle(() =>
        action(
          routeArgs(
            makeRequest('/admin/partners', {
              cookie,
              form: { intent: 'create-location', ...SERVICES, partnerGroupId: group.id, name: 'Another', slug },
            }),
          ),
        ),
      )
      expect(result.status).toBe(400)
      const errors = (result.data as { result: { error: Record<string, string[]> } }).result.error
      expect(errors.slug?.join(' ')).toContain(message)
    }
    expect(db().select().from(partnerLocations).all()).toHaveLength(before)
  })

  it('deactivating a location makes its signup link unknown', async () => {
    const cookie = await operatorCookie()
    const location = findActiveLocationBySlug('sample-auto-glass')!
    const result = await settle(() =>
      action(
        routeArgs(makeRequest('/admin/partners', { cookie, form: { intent: 'set-location-active', id: location.id, active: 'false' } })),
      ),
    )
    expect(result.status).toBe(302)
    expect(findActiveLocationBySlug('sample-auto-glass')).toBeNull()
  })

  it('edits a group and a location with the rules of creation; a changed signup link keeps the old one as a redirect', async () => {
    const cookie = await operatorCookie()
    const post = (form: Record<string, string>) => settle(() => action(routeArgs(makeRequest('/admin/partners', { cookie, form }))))
    await post({ intent: 'create-group', name: 'Canyon Glass' })
    const group = db().select().from(partnerGroups).where(eq(partnerGroups.name, 'Canyon Glass')).get()!
    await post({ intent: 'create-location', ...SERVICES, partnerGroupId: group.id, name: 'Canyon — Provo', slug: 'canyon-provo' })
    await post({ intent: 'create-location', ...SERVICES, partnerGroupId: group.id, name: 'Canyon — Orem', slug: 'canyon-orem' })
    const provo = findActiveLocationBySlug('canyon-provo')!

    const bad = await post({ intent: 'edit-group', id: group.id, name: 'C', email: 'not-an-email' })
    expect(bad.status).toBe(400)
    const errors = (bad.data as { result: { error: Record<string, string[]> } }).result.error
    expect(errors.name).toEqual(['Enter a name of at least 2 characters.'])
    expect(errors.email).toEqual(['Enter a valid email address.'])
    expect(db().select().from(partnerGroups).where(eq(partnerGroups.id, group.id)).get()!.name).toBe('Canyon Glass')

    expect(
      (await post({ intent: 'edit-group', id: group.id, name: 'Canyon Auto Glass', email: 'desk@canyon.example', phone: '' })).status,
    ).toBe(302)
    expect(db().select().from(partnerGroups).where(eq(partnerGroups.id, group.id)).get()).toMatchObject({
      name: 'Canyon Auto Glass',
      email: 'desk@canyon.example',
    })

    // Another location's link, or a malformed one, is refused next to the field.
    const taken = await post({
      intent: 'edit-location',
      ...SERVICES,
      id: provo.id,
      partnerGroupId: group.id,
      name: 'Canyon — Provo',
      slug: 'canyon-orem',
    })
    expect((taken.data as { result: { error: Record<string, string[]> } }).result.error.slug).toEqual([
      'That signup link is already in use.',
    ])
    const malformed = await post({
      intent: 'edit-location',
      ...SERVICES,
      id: provo.id,
      partnerGroupId: group.id,
      name: 'Canyon — Provo',
      slug: 'Not OK!',
    })
    expect(malformed.status).toBe(400)

    expect(
      (
        await post({
          intent: 'edit-location',
          ...SERVICES,
          id: provo.id,
          partnerGroupId: group.id,
          name: 'Canyon — Provo Center',
          slug: 'canyon-provo-center',
        })
      ).status,
    ).toBe(302)
    expect(findActiveLocationBySlug('canyon-provo-center')!.name).toBe('Canyon — Provo Center')
    const old = await settle(() => signupLoader(routeArgs(makeRequest('/signup/canyon-provo'), { slug: 'canyon-provo' })))
    expect(old.status).toBe(301)
    expect(old.headers.get('Location')).toBe('/signup/canyon-provo-center')
    // The old link is reserved for its location: another location cannot take it; its own location can take it back.
    const orem = findActiveLocationBySlug('canyon-orem')!
    const steal = await post({
      intent: 'edit-location',
      ...SERVICES,
      id: orem.id,
      partnerGroupId: group.id,
      name: 'Canyon — Orem',
      slug: 'canyon-provo',
    })
    expect(steal.status).toBe(400)
    expect(
      (
        await post({
          intent: 'edit-location',
          ...SERVICES,
          id: provo.id,
          partnerGroupId: group.id,
          name: 'Canyon — Provo',
          slug: 'canyon-provo',
        })
      ).status,
    ).toBe(302)
    const back = await settle(() => signupLoader(routeArgs(makeRequest('/signup/canyon-provo-center'), { slug: 'canyon-provo-center' })))
    expect(back.headers.get('Location')).toBe('/signup/canyon-provo')
    expect(
      db()
        .select({ action: auditLog.action, detail: auditLog.detail })
        .from(auditLog)
        .where(eq(auditLog.entityId, provo.id))
        .all()
        .filter((entry) => entry.action === 'partner_location.updated')[0]!.detail,
    ).toEqual({ name: ['Canyon — Provo', 'Canyon — Provo Center'], slug: ['canyon-provo', 'canyon-provo-center'] })
  })
})

describe('operator console: where a location is and what it does', () => {
  ensureSeeded()

  const errorsOf = (result: { data: unknown }) => (result.data as { result: { error: Record<string, string[]> } }).result.error

  it('saves the address, ZIP, phone, hours, mobile radius and services, and audits them', async () => {
    const cookie = await operatorCookie()
    const post = (form: Record<string, string>) => settle(() => action(routeArgs(makeRequest('/admin/partners', { cookie, form }))))
    const group = createPartnerGroup('Bonneville Glass')
    const place = {
      partnerGroupId: group.id,
      name: 'Bonneville — Ogden',
      slug: 'bonneville-ogden',
      address: '2549 Washington Blvd',
      city: 'Ogden',
      state: 'ut',
      zip: '84401',
      phone: '(801) 555-0142',
      hours: 'Mon–Fri 8–6',
      mobileService: 'on',
      mobileRadiusMiles: '30',
      offersReplacement: 'on',
      offersCalibration: 'on',
    }
    expect((await post({ intent: 'create-location', ...place })).status).toBe(302)
    const saved = findActiveLocationBySlug('bonneville-ogden')!
    expect(saved).toMatchObject({
      address: '2549 Washington Blvd',
      state: 'UT',
      zip: '84401',
      hours: 'Mon–Fri 8–6',
      mobileService: true,
      mobileRadiusMiles: 30,
      offersChipRepair: false,
      offersReplacement: true,
      offersCalibration: true,
    })
    // Turning mobile service off forgets the radius.
    const { mobileService: _, ...withoutMobile } = place
    expect((await post({ intent: 'edit-location', id: saved.id, ...withoutMobile })).status).toBe(302)
    expect(findActiveLocationBySlug('bonneville-ogden')).toMatchObject({ mobileService: false, mobileRadiusMiles: null })
    const audit = db().select().from(auditLog).where(eq(auditLog.entityId, saved.id)).all()
    expect(audit.find((entry) => entry.action === 'partner_location.updated')?.detail).toEqual({
      mobileService: [true, false],
      mobileRadiusMiles: [30, null],
    })
  })

  it('refuses a ZIP that does not exist, a ZIP of another state, a missing radius and no service, each next to its field', async () => {
    const cookie = await operatorCookie()
    const post = (form: Record<string, string>) => settle(() => action(routeArgs(makeRequest('/admin/partners', { cookie, form }))))
    const group = createPartnerGroup('Nowhere Glass')
    const before = db().select().from(partnerLocations).all().length
    const base = { intent: 'create-location', partnerGroupId: group.id, name: 'Nowhere', slug: 'nowhere-glass', ...SERVICES }

    const unknown = await post({ ...base, zip: '00000' })
    expect(unknown.status).toBe(400)
    expect(errorsOf(unknown).zip).toEqual(['That ZIP code does not exist. Check the five digits.'])
    expect(errorsOf(await post({ ...base, zip: '8410' })).zip).toEqual(['Enter the five-digit ZIP code, like 84101.'])
    expect(errorsOf(await post({ ...base, zip: '84101', state: 'NV' })).state).toEqual([
      'That ZIP code is in UT: check the state or the ZIP.',
    ])
    expect(errorsOf(await post({ ...base, mobileService: 'on' })).mobileRadiusMiles).toEqual([
      'Enter how many miles the mobile service travels.',
    ])
    expect(errorsOf(await post({ ...base, mobileService: 'on', mobileRadiusMiles: '2.5' })).mobileRadiusMiles).toEqual([
      'Enter the radius in whole miles, like 25.',
    ])
    const { offersChipRepair: _a, offersReplacement: _b, ...noServices } = base
    expect(errorsOf(await post(noServices)).offersChipRepair).toEqual(['Choose at least one service.'])
    expect(db().select().from(partnerLocations).all()).toHaveLength(before)
  })
})
