import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'

import { TOS_VERSION } from '~/content/terms'
import { db } from '~/db/client.server'
import { claims, localCheckouts, partnerGroups, partnerLocations } from '~/db/schema'
import { NOT_FOUND } from '~/domain/messages'
import { fulfilCheckout } from '~/models/policies/fulfilment.server'
import * as adminClaimsClaimidRoute from '~/routes/admin.claims.$claimId'
import * as adminPartnersRoute from '~/routes/admin.partners'
import { action as createCheckoutAction } from '~/routes/api.create-checkout'
import { action as signupAction } from '~/routes/signup'

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
import { inOperatorArea, makeRequest, routeArgs, settle } from '../support/requests'
import { CHECKOUT_API_FIELDS, SIGNUP_FIELDS } from '../support/signup-form'

const adminClaimAction = inOperatorArea(adminClaimsClaimidRoute.action)
const partnersAction = inOperatorArea(adminPartnersRoute.action)

/**
 * Every id a form or a JSON call names is checked before it is written: an id that does not exist is a 400 with a
 * message next to its field (or in the JSON error), never a 500 from a foreign-key constraint.
 */

type FieldErrors = {
  result?: { error?: Record<string, string[]> }
  toast?: { title: string; description?: string }
}

let operatorCookie: string
beforeAll(async () => {
  ensureSeeded()
  operatorCookie = await sessionCookieFor(findOrCreateProfile('operator@example.com').id)
})

function postPartners(form: Record<string, string>) {
  return settle(() => partnersAction(routeArgs(makeRequest('/admin/partners', { cookie: operatorCookie, form }))))
}

describe('/admin/partners', () => {
  it('refuses a location whose partner group does not exist, next to the field, and saves nothing', async () => {
    const before = db().select().from(partnerLocations).all().length
    const response = await postPartners({
      intent: 'create-location',
      partnerGroupId: 'no-such-group',
      name: 'Ghost Glass',
      slug: 'ghost-glass',
    })
    expect(response.status).toBe(400)
    const body = response.data as FieldErrors
    expect(body.result?.error?.partnerGroupId).toEqual(['That partner group does not exist. Choose one from the list.'])
    expect(db().select().from(partnerLocations).all()).toHaveLength(before)
  })

  it('answers a location without a group (or without anything) with 400 and the field messages', async () => {
    const forms: Record<string, string>[] = [
      { intent: 'create-location', name: 'No Group', slug: 'no-group' },
      { intent: 'create-location' },
      { intent: 'set-group-active' },
    ]
    for (const form of forms) {
      const response = await postPartners(form)
      expect(response.status).toBe(400)
    }
  })

  it('answers a group or a location that does not exist (any more) with the 404, like every other missing row', async () => {
    const group = createPartnerGroup('Gone Glass')
    const forms: Record<string, string>[] = [
      { intent: 'set-group-active', id: 'no-such-id', active: 'false' },
      { intent: 'set-location-active', id: 'no-such-id', active: 'false' },
      { intent: 'edit-group', id: 'no-such-id', name: 'Gone Glass' },
      {
        intent: 'edit-location',
        id: 'no-such-id',
        partnerGroupId: group.id,
        name: 'Gone Glass — Provo',
        slug: 'gone-glass-provo',
        offersChipRepair: 'on',
      },
    ]
    for (const form of forms) {
      const response = await postPartners(form)
      expect(`${form.intent}: ${response.status}`).toBe(`${form.intent}: 404`)
      expect(response.data).toEqual({ error: NOT_FOUND })
    }
    expect(db().select().from(partnerLocations).where(eq(partnerLocations.slug, 'gone-glass-provo')).all()).toHaveLength(0)
  })

  it('still adds a location to a group that exists', async () => {
    const group = createPartnerGroup('Real Glass')
    const response = await postPartners({
      intent: 'create-location',
      partnerGroupId: group.id,
      name: 'Real Glass — Provo',
      slug: 'real-glass-provo',
      offersChipRepair: 'on',
    })
    expect(response.status).toBe(302)
    expect(db().select().from(partnerLocations).where(eq(partnerLocations.slug, 'real-glass-provo')).get()?.partnerGroupId).toBe(group.id)
  })
})

describe('/admin/claims/:claimId', () => {
  async function approveWith(claimId: string, partnerGroupId: string) {
    const request = makeRequest(`/admin/claims/${claimId}`, { cookie: operatorCookie, form: { intent: 'approve', partnerGroupId } })
    return settle(() => adminClaimAction(routeArgs(request, { claimId })))
  }

  it('refuses to approve with a partner group that does not exist, or is inactive, next to the field', async () => {
    const { policy } = createActivePolicy(createProfile().id)
    const claim = createClaim(policy.id)
    const inactive = createPartnerGroup('Closed Glass')
    db().update(partnerGroups).set({ isActive: false }).where(eq(partnerGroups.id, inactive.id)).run()

    for (const partnerGroupId of ['no-such-group', inactive.id]) {
      const response = await approveWith(claim.id, partnerGroupId)
      expect(response.status).toBe(400)
      const body = response.data as FieldErrors
      expect(body.result?.error?.partnerGroupId?.[0]).toMatch(/does not exist or is not active/)
      expect(body.toast?.title).toBe('Partner Group Required')
    }
    expect(db().select().from(claims).where(eq(claims.id, claim.id)).get()).toMatchObject({
      approvalStatus: 'pending_review',
      assignedPartnerGroupId: null,
    })

    const group = createPartnerGroup('Open Glass')
    expect((await approveWith(claim.id, group.id)).status).toBe(302)
  })
})

describe('signup with a partner location', () => {
  const form = { planType: 'chip_only', acceptTerms: 'on', ...SIGNUP_FIELDS }

  it('sends a post to an unknown partner link to the plain signup page, starting no checkout', async () => {
    const before = db().select().from(localCheckouts).all().length
    const response = await settle(() => signupAction(routeArgs(makeRequest('/signup/no-such-shop', { form }), { slug: 'no-such-shop' })))
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe('/signup')
    expect(db().select().from(localCheckouts).all()).toHaveLength(before)
  })

  it('answers the JSON checkout an unknown partner location with 400 naming the field', async () => {
    const request = new Request('http://localhost:3999/api/create-checkout', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: 'http://localhost:3999' },
      body: JSON.stringify({
        lookup_key: 'chip_only',
        partner_location_id: 'no-such-location',
        tos_version: TOS_VERSION,
        tos_accepted_at: new Date().toISOString(),
        ...CHECKOUT_API_FIELDS,
      }),
    })
    const response = (await createCheckoutAction(routeArgs(request))) as Response
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({ error: 'partner_location_id: unknown partner location' })
  })

  it('fulfils a paid checkout whose partner location is unknown, without the location', async () => {
    const { policy, created } = await fulfilCheckout({
      checkoutSessionId: `cs_unknown_location_${Date.now()}`,
      email: uniqueEmail(),
      fullName: 'Jamie Rivera',
      lookupKey: 'chip_only',
      monthlyPriceCents: 799,
      partnerLocationId: 'no-such-location',
      tosVersion: '1.0.1',
      tosAcceptedAt: new Date().toISOString(),
    })
    expect(created).toBe(true)
    expect(policy.partnerLocationId).toBeNull()
  })
})
