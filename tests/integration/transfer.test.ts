import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'

import { db } from '~/db/client.server'
import { auditLog, policyPhotos, vehicles } from '~/db/schema'
import { VIN_MESSAGES } from '~/domain/messages'
import { claimForReview } from '~/models/claims/claim-review.server'
import { claimContext } from '~/models/claims/claims.server'
import { action, loader } from '~/routes/customer.policies.$policyId.transfer'

import { createActivePolicy, createClaim, createPolicy, createProfile, getPolicy, sessionCookieFor } from '../support/factories'
import { outboxFor } from '../support/outbox'
import { jpegFile } from '../support/photos'
import { makeRequest, routeArgs, settle } from '../support/requests'

// Plan transfer, terms "Transferring your plan to a replacement vehicle": once per plan, the same eligibility rules,
// the plan's class and ADAS, three new windshield photos; the old vehicle and its claims stay as they were.

const photo = (name: string, colour = '#336699') => jpegFile(name, { width: 640, height: 480, colour })

async function photosForm(overrides: Partial<Record<'head_on' | 'inside_drivers' | 'inside_passengers', File>> = {}) {
  const form = new FormData()
  form.append('intent', 'upload')
  form.append('head_on', overrides.head_on ?? (await photo('new-front.jpg')))
  form.append('inside_drivers', overrides.inside_drivers ?? (await photo('new-driver.jpg')))
  form.append('inside_passengers', overrides.inside_passengers ?? (await photo('new-passenger.jpg')))
  return form
}

function vehicleForm(values: Record<string, string> = {}) {
  const form = new FormData()
  const all = {
    intent: 'complete',
    licensePlate: 'NEW 777',
    licensePlateState: 'NV',
    year: '2019',
    make: 'Toyota',
    model: 'Camry',
    vehicleType: 'car',
    hasAdas: 'false',
    ...values,
  }
  for (const [key, value] of Object.entries(all)) if (value !== '') form.append(key, value)
  return form
}

const transferUrl = (policyId: string) => `/customer/policies/${policyId}/transfer`

async function post(profileId: string, policyId: string, form: FormData) {
  const cookie = await sessionCookieFor(profileId)
  return settle(() => action(routeArgs(makeRequest(transferUrl(policyId), { form, cookie }), { policyId })))
}

async function load(profileId: string, policyId: string) {
  const cookie = await sessionCookieFor(profileId)
  return settle(() => loader(routeArgs(makeRequest(transferUrl(policyId), { cookie }), { policyId })))
}

const transferPhotos = (policyId: string) =>
  db()
    .select()
    .from(policyPhotos)
    .where(and(eq(policyPhotos.policyId, policyId), eq(policyPhotos.generation, 1)))
    .all()

const fieldErrors = (answer: { data: unknown }) => (answer.data as { result: { error: Record<string, string[]> } }).result.error

describe('transferring a plan to a replacement vehicle', () => {
  it('moves the policy to the new vehicle with new photos; the old vehicle and its open claim stay; e-mail and audit', async () => {
    const customer = createProfile()
    const { policy, vehicle: oldVehicle } = createActivePolicy(customer.id)
    const openClaim = createClaim(policy.id, { vehicleId: oldVehicle.id })

    const uploaded = await post(customer.id, policy.id, await photosForm())
    expect(uploaded.status).toBe(302)
    expect(uploaded.headers.get('Location')).toBe(transferUrl(policy.id))
    expect(transferPhotos(policy.id)).toHaveLength(3)
    // Nothing moved yet: the photos are drafts until the vehicle step.
    expect(getPolicy(policy.id)!.vehicleId).toBe(oldVehicle.id)
    expect((await load(customer.id, policy.id)).data).toMatchObject({ transfer: { step: 'vehicle' } })

    const done = await post(customer.id, policy.id, vehicleForm())
    expect(done.status).toBe(302)
    expect(done.headers.get('Location')).toBe('/customer')
    const moved = getPolicy(policy.id)!
    expect(moved.vehicleId).not.toBe(oldVehicle.id)
    expect(moved.transferUsedAt).not.toBeNull()
    const newVehicle = db().select().from(vehicles).where(eq(vehicles.id, moved.vehicleId!)).get()!
    expect(newVehicle).toMatchObject({ licensePlate: 'NEW777', licensePlateState: 'NV', make: 'Toyota', profileId: customer.id })
    // The old vehicle is kept, and the claim filed before the transfer is still on it.
    expect(db().select().from(vehicles).where(eq(vehicles.id, oldVehicle.id)).get()).toBeDefined()
    expect(claimContext(openClaim.id)!.vehicle!.id).toBe(oldVehicle.id)
    // The operator's claim page shows the windshield photos of the claim's vehicle: setup's for the old claim.
    const oldPhotos = claimForReview(openClaim.id)!.setupPhotos
    expect(oldPhotos.map((row) => row.generation)).toEqual([0, 0, 0])
    // A claim filed after the transfer is on the new vehicle, with the transfer's photos.
    const newClaim = createClaim(policy.id, { vehicleId: moved.vehicleId, submittedAt: new Date(Date.now() + 1000).toISOString() })
    expect(claimContext(newClaim.id)!.vehicle!.id).toBe(moved.vehicleId)
    expect(claimForReview(newClaim.id)!.setupPhotos.map((row) => row.generation)).toEqual([1, 1, 1])

    const audit = db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, policy.id), eq(auditLog.action, 'policy.transferred')))
      .all()
    expect(audit).toHaveLength(1)
    expect(audit[0]!.detail).toEqual({ fromVehicleId: oldVehicle.id, toVehicleId: newVehicle.id })
    expect(outboxFor(customer.email)[0]?.subject).toBe('Your plan now covers your new vehicle')

    // A second transfer is refused, on the page and on a post.
    const page = await load(customer.id, policy.id)
    expect(page.status).toBe(409)
    expect(page.data).toMatchObject({ refusal: { title: 'Transfer already used' } })
    const again = await post(customer.id, policy.id, vehicleForm({ licensePlate: 'THIRD1' }))
    expect(again.status).toBe(409)
    expect(getPolicy(policy.id)!.vehicleId).toBe(newVehicle.id)
  })

  it('refuses a vehicle of another class or ADAS than the plan, saying why, next to the field', async () => {
    const customer = createProfile()
    const { policy, vehicle } = createActivePolicy(customer.id, { vehicleType: 'car', hasAdas: false })
    await post(customer.id, policy.id, await photosForm())

    const truck = await post(customer.id, policy.id, vehicleForm({ vehicleType: 'trucksuv' }))
    expect(truck.status).toBe(400)
    expect(fieldErrors(truck).vehicleType![0]).toContain('Your plan is priced for a Car, so it can only move to a Car.')
    const adas = await post(customer.id, policy.id, vehicleForm({ hasAdas: 'true' }))
    expect(adas.status).toBe(400)
    expect(fieldErrors(adas).hasAdas![0]).toContain('does not cover the recalibration ADAS needs')
    const unanswered = await post(customer.id, policy.id, vehicleForm({ vehicleType: '', hasAdas: '' }))
    expect(unanswered.status).toBe(400)
    expect(fieldErrors(unanswered)).toMatchObject({
      vehicleType: ['Please choose the class of your new vehicle'],
      hasAdas: ['Please say whether your new vehicle has ADAS'],
    })
    const excluded = await post(customer.id, policy.id, vehicleForm({ make: 'Ferrari', model: '488' }))
    expect(excluded.status).toBe(400)
    expect(fieldErrors(excluded).make).toEqual(['This make is not eligible for Comprehensive plans. See the excluded vehicles list.'])
    const tooOld = await post(customer.id, policy.id, vehicleForm({ year: '1970' }))
    expect(tooOld.status).toBe(400)
    expect(fieldErrors(tooOld).year).toBeDefined()
    expect(getPolicy(policy.id)).toMatchObject({ vehicleId: vehicle.id, transferUsedAt: null })
  })

  it('takes the new vehicle’s VIN the setup way: a Look up fills it in, a bad or truck VIN is refused, a good one stored', async () => {
    const customer = createProfile()
    const { policy, vehicle } = createActivePolicy(customer.id, { vehicleType: 'car', hasAdas: false })
    await post(customer.id, policy.id, await photosForm())

    const lookup = await post(
      customer.id,
      policy.id,
      vehicleForm({ intent: 'vin-lookup', year: '', make: '', model: '', vin: '4t1bf1fk0cu123456' }),
    )
    expect(lookup.status).toBe(200)
    expect((lookup.data as { values: Record<string, string> }).values).toMatchObject({
      vin: '4T1BF1FK0CU123456',
      year: '2012',
      make: 'Toyota',
      model: 'Camry',
      licensePlate: 'NEW 777',
      vehicleType: 'car',
    })
    const badVin = await post(customer.id, policy.id, vehicleForm({ vin: '4T1BF1FK1CU123456' }))
    expect(badVin.status).toBe(400)
    expect(fieldErrors(badVin).vin).toEqual([VIN_MESSAGES.checkDigit])
    const truckVin = await post(customer.id, policy.id, vehicleForm({ vin: '1FTFW1ET9DFC10312' }))
    expect(truckVin.status).toBe(400)
    expect(fieldErrors(truckVin).vin).toEqual([VIN_MESSAGES.classMismatch('truck or SUV', 'car')])
    expect(getPolicy(policy.id)).toMatchObject({ vehicleId: vehicle.id, transferUsedAt: null })

    const done = await post(customer.id, policy.id, vehicleForm({ year: '2012', vin: '4T1BF1FK0CU123456' }))
    expect(done.status).toBe(302)
    const moved = db()
      .select()
      .from(vehicles)
      .where(eq(vehicles.id, getPolicy(policy.id)!.vehicleId!))
      .get()!
    expect(moved).toMatchObject({ vin: '4T1BF1FK0CU123456', year: 2012, make: 'Toyota' })
  })

  it('asks for the three new photos before the vehicle, and a refused photo leaves the policy on its old vehicle', async () => {
    const customer = createProfile()
    const { policy, vehicle } = createActivePolicy(customer.id)
    const early = await post(customer.id, policy.id, vehicleForm())
    expect(early.status).toBe(400)
    expect((early.data as { toast: { description: string } }).toast.description).toBe(
      'Please upload the three windshield photos of your new vehicle first.',
    )
    const notPhoto = new File(['just some text'], 'front.jpg', { type: 'image/jpeg' })
    const refused = await post(customer.id, policy.id, await photosForm({ head_on: notPhoto }))
    expect(refused.status).toBe(400)
    expect((refused.data as { result: { error: Record<string, string[]> } }).result.error.head_on).toBeDefined()
    expect(getPolicy(policy.id)).toMatchObject({ vehicleId: vehicle.id, transferUsedAt: null })
    // The setup photos are untouched by the transfer's drafts.
    expect(
      db()
        .select()
        .from(policyPhotos)
        .where(and(eq(policyPhotos.policyId, policy.id), eq(policyPhotos.generation, 0)))
        .all(),
    ).toHaveLength(3)
  })

  it("answers another customer's policy with a 404, and refuses a plan that is not active", async () => {
    const owner = createProfile()
    const other = createProfile()
    const { policy } = createActivePolicy(owner.id)
    expect((await load(other.id, policy.id)).status).toBe(404)
    expect((await post(other.id, policy.id, await photosForm())).status).toBe(404)
    expect(transferPhotos(policy.id)).toHaveLength(0)

    const unfinished = createPolicy(owner.id)
    const page = await load(owner.id, unfinished.id)
    expect(page.status).toBe(409)
    expect(page.data).toMatchObject({ refusal: { title: 'Transfer not available' } })
  })
})
