import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'

import { db } from '~/db/client.server'
import { auditLog, emailLog, policies, vehicles } from '~/db/schema'
import { SETUP_HOLD_MESSAGES } from '~/domain/messages'
import { submitClaim } from '~/models/claims/claim-filing.server'
import { claimFlagsFor } from '~/models/claims/photo-integrity.server'
import * as setupsRoute from '~/routes/admin.setups'
import { action, loader } from '~/routes/customer.complete-policy'
import { getToast } from '~/toast.server'

import { answersInput, CLEAN_CHIP } from '../support/claim-answers'
import { usToday } from '../support/days'
import {
  createActivePolicy,
  createPolicy,
  createProfile,
  ensureSeeded,
  findOrCreateProfile,
  getPolicy,
  sessionCookieFor,
} from '../support/factories'
import { jpegFile, windshieldPhoto } from '../support/photos'
import { inOperatorArea, makeRequest, routeArgs, settle } from '../support/requests'

// Issue 48: a second registration of a VIN already on another active policy is held for the operator, and the first
// owner is left alone.

const VIN = '1HGCM82633A004352'
const wizardUrl = (policyId: string) => `/customer/complete-policy?policy_id=${policyId}`
const setupsLoader = inOperatorArea(setupsRoute.loader)
const setupsAction = inOperatorArea(setupsRoute.action)

beforeAll(() => ensureSeeded())

/** The first owner: an active policy whose vehicle carries the VIN. */
function firstOwner() {
  const profile = createProfile()
  const { policy } = createActivePolicy(profile.id)
  db().update(vehicles).set({ vin: VIN, make: 'Honda', model: 'Accord', year: 2003 }).where(eq(vehicles.id, policy.vehicleId!)).run()
  return { profile, policy }
}

/** A second customer who sets up a new policy with the same VIN, through the wizard's own posts. */
async function secondRegistration() {
  const profile = createProfile()
  const policy = createPolicy(profile.id)
  const cookie = await sessionCookieFor(profile.id)
  const photos = new FormData()
  photos.append('intent', 'upload')
  for (const name of ['head_on', 'inside_drivers', 'inside_passengers'])
    photos.append(name, await jpegFile(`${name}.jpg`, { width: 800, height: 600 }))
  expect((await settle(() => action(routeArgs(makeRequest(wizardUrl(policy.id), { form: photos, cookie }))))).status).toBe(302)
  const form = {
    intent: 'complete',
    licensePlate: 'DUP 123',
    licensePlateState: 'UT',
    year: '2003',
    make: 'Honda',
    model: 'Accord',
    vin: VIN,
  }
  const answer = await settle(() => action(routeArgs(makeRequest(wizardUrl(policy.id), { form, cookie }))))
  return { profile, policy, cookie, answer }
}

async function toastOf(answer: { headers: Headers }) {
  const cookie = answer.headers.get('Set-Cookie')!.split(';')[0]!
  return (await getToast(new Request('http://localhost:3999/customer', { headers: { Cookie: cookie } }))).toast
}

function auditOf(policyId: string, action: string) {
  return db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityId, policyId), eq(auditLog.action, action)))
    .all()
}

const operatorCookie = () => sessionCookieFor(findOrCreateProfile('operator@example.com').id)

describe('a VIN already on another active policy', () => {
  it('holds the second setup for the operator: not active, no coverage, no activation e-mail; the customer is told it is being checked', async () => {
    const first = firstOwner()
    const { profile, policy, cookie, answer } = await secondRegistration()
    expect(answer.status).toBe(302)
    expect(answer.headers.get('Location')).toBe('/customer')
    expect(await toastOf(answer)).toMatchObject({ type: 'info', title: SETUP_HOLD_MESSAGES.beingChecked.title })
    // The words never name the other customer or their policy.
    expect(JSON.stringify(SETUP_HOLD_MESSAGES.beingChecked)).not.toContain(first.policy.policyNumber)
    expect(getPolicy(policy.id)).toMatchObject({
      status: 'incomplete',
      coverageStartDate: null,
      setupHold: 'vin_review',
      windshieldPhotosUploaded: true,
    })
    expect(auditOf(policy.id, 'policy.setup_held')).toHaveLength(1)
    expect(auditOf(policy.id, 'policy.activated')).toHaveLength(0)
    expect(
      db()
        .select()
        .from(emailLog)
        .where(and(eq(emailLog.to, profile.email), eq(emailLog.tag, 'policy-activated')))
        .all(),
    ).toEqual([])
    // The wizard is closed meanwhile: back to the dashboard with the same words.
    const reopened = await settle(() => loader(routeArgs(makeRequest(wizardUrl(policy.id), { cookie }))))
    expect(reopened.status).toBe(302)
    expect(reopened.headers.get('Location')).toBe('/customer')

    // The first owner is untouched: still active, and their next claim waits for nothing.
    expect(getPolicy(first.policy.id)).toMatchObject({ status: 'active', setupHold: null })
    const claim = await submitClaim({
      profile: first.profile,
      policyId: first.policy.id,
      damageType: 'chip',
      ...answersInput(CLEAN_CHIP),
      description: 'A chip from a truck',
      damageDate: usToday(),
      photos: [
        {
          fieldName: 'photos',
          fileName: 'damage.jpg',
          contentType: 'image/jpeg',
          bytes: await windshieldPhoto(611, { width: 800, height: 600 }),
        },
      ],
    })
    expect(claimFlagsFor(claim.id)).toEqual([])
  })

  it('the same customer registering the VIN of their own other active policy is held too', async () => {
    const first = firstOwner()
    const policy = createPolicy(first.profile.id)
    const cookie = await sessionCookieFor(first.profile.id)
    const photos = new FormData()
    photos.append('intent', 'upload')
    for (const name of ['head_on', 'inside_drivers', 'inside_passengers'])
      photos.append(name, await jpegFile(`${name}.jpg`, { width: 800, height: 600 }))
    await settle(() => action(routeArgs(makeRequest(wizardUrl(policy.id), { form: photos, cookie }))))
    const form = {
      intent: 'complete',
      licensePlate: 'OWN 123',
      licensePlateState: 'UT',
      year: '2003',
      make: 'Honda',
      model: 'Accord',
      vin: VIN,
    }
    await settle(() => action(routeArgs(makeRequest(wizardUrl(policy.id), { form, cookie }))))
    expect(getPolicy(policy.id)).toMatchObject({ status: 'incomplete', setupHold: 'vin_review' })
    expect(getPolicy(first.policy.id)).toMatchObject({ status: 'active', setupHold: null })
  })

  it('another customer cannot see the held setup, nor reach the operator page', async () => {
    firstOwner()
    const { policy } = await secondRegistration()
    const stranger = await sessionCookieFor(createProfile().id)
    const refused = await settle(() => loader(routeArgs(makeRequest(wizardUrl(policy.id), { cookie: stranger }))))
    expect(refused.status).toBe(404)
    const page = await settle(() => setupsLoader(routeArgs(makeRequest('/admin/setups', { cookie: stranger }))))
    expect(page.status).toBe(404)
    const decide = await settle(() =>
      setupsAction(routeArgs(makeRequest('/admin/setups', { cookie: stranger, form: { intent: 'approve', policyId: policy.id } }))),
    )
    expect(decide.status).toBe(404)
    expect(getPolicy(policy.id)).toMatchObject({ status: 'incomplete', setupHold: 'vin_review' })
  })

  it('the operator sees the reason and both policies, and approving starts coverage (audited, e-mailed)', async () => {
    const first = firstOwner()
    const { profile, policy } = await secondRegistration()
    const cookie = await operatorCookie()
    const page = await settle(() => setupsLoader(routeArgs(makeRequest('/admin/setups', { cookie }))))
    const held = (page.data as Awaited<ReturnType<typeof setupsRoute.loader>>).held
    const row = held.find((setup) => setup.policyId === policy.id)!
    expect(row).toMatchObject({ policyNumber: policy.policyNumber, reason: SETUP_HOLD_MESSAGES.operatorReason, vin: VIN })
    expect(row.others.map((other) => other.policyNumber)).toContain(first.policy.policyNumber)

    const approved = await settle(() =>
      setupsAction(routeArgs(makeRequest('/admin/setups', { cookie, form: { intent: 'approve', policyId: policy.id } }))),
    )
    expect(approved.status).toBe(302)
    expect(getPolicy(policy.id)).toMatchObject({
      status: 'active',
      setupHold: null,
      coverageStartDate: new Date().toISOString().slice(0, 10),
    })
    const audit = auditOf(policy.id, 'policy.setup_approved')
    expect(audit).toHaveLength(1)
    expect(audit[0]!.actor).toBe(findOrCreateProfile('operator@example.com').id)
    expect(
      db()
        .select()
        .from(emailLog)
        .where(and(eq(emailLog.to, profile.email), eq(emailLog.tag, 'policy-activated')))
        .all(),
    ).toHaveLength(1)
    // Decided once: a second approval is refused, not applied again.
    const again = await settle(() =>
      setupsAction(routeArgs(makeRequest('/admin/setups', { cookie, form: { intent: 'approve', policyId: policy.id } }))),
    )
    expect(again.status).toBe(409)
    expect(auditOf(policy.id, 'policy.setup_approved')).toHaveLength(1)
  })

  it('asking for a correction opens the wizard again with a note; a corrected VIN activates at once', async () => {
    firstOwner()
    const { policy, cookie } = await secondRegistration()
    const operator = await operatorCookie()
    const asked = await settle(() =>
      setupsAction(routeArgs(makeRequest('/admin/setups', { cookie: operator, form: { intent: 'correct', policyId: policy.id } }))),
    )
    expect(asked.status).toBe(302)
    expect(getPolicy(policy.id)).toMatchObject({ status: 'incomplete', setupHold: 'vin_correction' })
    expect(auditOf(policy.id, 'policy.setup_correction_asked')).toHaveLength(1)
    const wizard = await settle(() => loader(routeArgs(makeRequest(wizardUrl(policy.id), { cookie }))))
    expect(wizard.status).toBe(200)
    expect(wizard.data).toMatchObject({ correctionAsked: true })

    const form = {
      intent: 'complete',
      licensePlate: 'DUP 123',
      licensePlateState: 'UT',
      year: '2003',
      make: 'Honda',
      model: 'Accord',
      vin: '',
    }
    const answer = await settle(() => action(routeArgs(makeRequest(wizardUrl(policy.id), { form, cookie }))))
    expect(answer.headers.get('Location')).toBe('/customer/policy-complete')
    expect(getPolicy(policy.id)).toMatchObject({ status: 'active', setupHold: null })
  })

  it('a bad decision post is a 400, nothing changed', async () => {
    firstOwner()
    const { policy } = await secondRegistration()
    const cookie = await operatorCookie()
    const bad = await settle(() =>
      setupsAction(routeArgs(makeRequest('/admin/setups', { cookie, form: { intent: 'nonsense', policyId: policy.id } }))),
    )
    expect(bad.status).toBe(400)
    expect(getPolicy(policy.id)).toMatchObject({ setupHold: 'vin_review' })
    expect(db().select().from(policies).where(eq(policies.id, policy.id)).get()!.status).toBe('incomplete')
  })
})
