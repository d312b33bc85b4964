import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'

import { db } from '~/db/client.server'
import { auditLog, partnerGroups, partnerLocations } from '~/db/schema'
import { findActiveLocationBySlug } from '~/models/partners.server'
import { action, loader } from '~/routes/admin.partners'

import { createProfile, ensureSeeded, findOrCreateProfile, sessionCookieFor } from '../support/factories'
import { makeRequest, routeArgs, settle } from '../support/requests'

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
            form: { intent: 'create-location', partnerGroupId: group.id, name: 'Wasatch — Ogden', slug: 'Wasatch-Ogden' },
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
              form: { intent: 'create-location', partnerGroupId: group.id, name: 'Another', slug },
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
})
