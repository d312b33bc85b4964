import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'

import { VIN_LOOKUPS_PER_ACCOUNT } from '~/auth/vin-lookup-limits.server'
import { bundledModels } from '~/content/vehicle-models'
import { db } from '~/db/client.server'
import { auditLog, policies, vehicles } from '~/db/schema'
import { VEHICLE_MESSAGES, VIN_MESSAGES } from '~/domain/messages'
import { partnerViewOf } from '~/models/claims/claim-shop.server'
import { searchCustomers } from '~/models/people/customer-search.server'
import * as adminCustomerRoute from '~/routes/admin.customers.$profileId'
import { action, loader } from '~/routes/customer.complete-policy'
import { loader as vinLoader } from '~/routes/customer.vin.$vin'
import { decodeVin } from '~/services/vehicle-data.server'

import {
  createActivePolicy,
  createClaim,
  createPolicy,
  createProfile,
  ensureSeeded,
  findOrCreateProfile,
  sessionCookieFor,
} from '../support/factories'
import { fakeVpic } from '../support/fake-vpic'
import { jpegFile } from '../support/photos'
import { inOperatorArea, makeRequest, routeArgs, settle } from '../support/requests'

ensureSeeded()

const HONDA = '1HGCM82633A004352' // 2003 Honda Accord, a car
const FORD_TRUCK = '1FTFW1ET9DFC10312' // 2013 Ford F-150, a truck
const TESLA = '5YJSA1E27HF000337' // 2017 Tesla Model S: an excluded make on Comprehensive
const BAD_CHECK_DIGIT = '1HGCM82643A004352'

const wizardUrl = (policyId: string) => `/customer/complete-policy?policy_id=${policyId}`

async function customer(overrides: Partial<typeof policies.$inferInsert> = {}) {
  const profile = createProfile()
  const policy = createPolicy(profile.id, overrides)
  return { profile, policy, cookie: await sessionCookieFor(profile.id) }
}

function formOf(values: Record<string, string>) {
  const form = new FormData()
  for (const [key, value] of Object.entries(values)) form.append(key, value)
  return form
}

async function post(policyId: string, values: Record<string, string>, cookie: string) {
  return settle(() => action(routeArgs(makeRequest(wizardUrl(policyId), { form: formOf(values), cookie }))))
}

async function withPhotos(policyId: string, cookie: string) {
  const form = new FormData()
  form.append('intent', 'upload')
  for (const slot of ['head_on', 'inside_drivers', 'inside_passengers'])
    form.append(slot, await jpegFile(`${slot}.jpg`, { width: 800, height: 600 }))
  const answer = await settle(() => action(routeArgs(makeRequest(wizardUrl(policyId), { form, cookie }))))
  expect(answer.status).toBe(302)
}

type StepAnswer = {
  intent: string
  values: Record<string, string>
  models: string[] | null
  result: { error?: Record<string, string[]> } | null
  toast: { title: string } | null
}

const COMPREHENSIVE_CAR = { planType: 'comprehensive', vehicleType: 'car', hasAdas: false } as const
const CHIP_ONLY = { planType: 'chip_only', vehicleType: null, hasAdas: null } as const
const lookUp = { intent: 'vin-lookup', licensePlate: 'abc 123', licensePlateState: 'UT', year: '', make: '', model: '' }

describe('Look up without JavaScript (offline: the bundled WMI table and vPIC patterns)', () => {
  test('fills in the year, make and model from the VIN, keeps the VIN and what was typed, lists the models', async () => {
    const { policy, cookie } = await customer()
    const answer = await post(policy.id, { ...lookUp, vin: ' 1hgcm8 2633a004352 ' }, cookie)
    expect(answer.status).toBe(200)
    const data = answer.data as StepAnswer
    expect(data.values).toMatchObject({ vin: HONDA, year: '2003', make: 'Honda', model: 'Accord', licensePlate: 'abc 123' })
    expect(data.models).toEqual(bundledModels('Honda', 2003))
    expect(data.models).toContain('Accord')
    expect(data.toast).toMatchObject({ title: VIN_MESSAGES.decoded.title })
    expect(db().select().from(vehicles).where(eq(vehicles.profileId, policy.profileId)).all()).toEqual([])
  })

  test.each([
    ['4T1BF1FK0CU123456', '2012', 'Camry'],
    // JF1 is Subaru's and Toyota's: the make comes from the model the VIN names (the 86, built by Subaru).
    ['JF1ZNAA18H8712345', '2017', '86'],
  ])('a Toyota VIN (%s) fills in the make and model too, each a choice of its list', async (vin, year, model) => {
    const { policy, cookie } = await customer()
    const data = (await post(policy.id, { ...lookUp, vin }, cookie)).data as StepAnswer
    expect(data.values).toMatchObject({ vin, year, make: 'Toyota', model })
    expect(data.models).toContain(model)
  })

  test('a wrong VIN: its own message next to the field, and a 400', async () => {
    const { policy, cookie } = await customer()
    for (const [vin, message] of [
      [BAD_CHECK_DIGIT, VIN_MESSAGES.checkDigit],
      ['1HGCM82633A0O4352', VIN_MESSAGES.forbiddenLetters],
      ['1HGCM82633', VIN_MESSAGES.length(10)],
      ['', VIN_MESSAGES.empty],
    ] as const) {
      const answer = await post(policy.id, { ...lookUp, vin }, cookie)
      expect(answer.status, vin).toBe(400)
      expect((answer.data as StepAnswer).result?.error).toEqual({ vin: [message] })
      expect((answer.data as StepAnswer).values.vin).toBe(vin)
    }
  })

  test('an excluded make by VIN is refused on Comprehensive with the excluded-make message; Chip Repair Only takes it', async () => {
    const comprehensive = await customer(COMPREHENSIVE_CAR)
    const refused = await post(comprehensive.policy.id, { ...lookUp, vin: TESLA }, comprehensive.cookie)
    expect(refused.status).toBe(400)
    expect((refused.data as StepAnswer).result?.error).toEqual({ vin: [VEHICLE_MESSAGES.excludedMake] })

    const chip = await customer(CHIP_ONLY)
    const taken = await post(chip.policy.id, { ...lookUp, vin: TESLA }, chip.cookie)
    expect(taken.status).toBe(200)
    expect((taken.data as StepAnswer).values).toMatchObject({ year: '2017', make: 'Tesla' })
  })

  test('a VIN of another class than the plan covers says so', async () => {
    const { policy, cookie } = await customer(COMPREHENSIVE_CAR)
    const answer = await post(policy.id, { ...lookUp, vin: FORD_TRUCK }, cookie)
    expect(answer.status).toBe(400)
    expect((answer.data as StepAnswer).result?.error).toEqual({ vin: [VIN_MESSAGES.classMismatch('truck or SUV', 'car')] })
    const truckPlan = await customer({ ...COMPREHENSIVE_CAR, vehicleType: 'trucksuv' })
    expect((await post(truckPlan.policy.id, { ...lookUp, vin: FORD_TRUCK }, truckPlan.cookie)).status).toBe(200)
  })

  test('a valid VIN of a maker nobody knows: nothing filled in, the VIN kept, a note', async () => {
    const { policy, cookie } = await customer()
    const answer = await post(policy.id, { ...lookUp, vin: '1M8GDM9AXKP042788' }, cookie)
    expect(answer.status).toBe(200)
    expect((answer.data as StepAnswer).values).toMatchObject({ vin: '1M8GDM9AXKP042788', year: '', make: '' })
    expect((answer.data as StepAnswer).toast).toMatchObject({ title: VIN_MESSAGES.notDecoded.title })
  })
})

describe('saving the vehicle with a VIN', () => {
  const complete = { intent: 'complete', licensePlate: 'abc 123', licensePlateState: 'UT', year: '2003', make: 'Honda', model: 'Accord' }

  test('stores the normalised VIN on the vehicle, shown to the operator and the shop', async () => {
    const { profile, policy, cookie } = await customer()
    await withPhotos(policy.id, cookie)
    const answer = await post(policy.id, { ...complete, vin: '1hgcm82633a 004352' }, cookie)
    expect(answer.status).toBe(302)
    const vehicle = db().select().from(vehicles).where(eq(vehicles.profileId, profile.id)).get()!
    expect(vehicle).toMatchObject({ vin: HONDA, make: 'Honda', model: 'Accord', year: 2003 })

    const claim = createClaim(policy.id, { approvalStatus: 'approved' })
    const shop = partnerViewOf(claim, claim.confirmationCode)
    expect(shop.state === 'approved' && shop.details.vehicle?.vin).toBe(HONDA)
  })

  test('a bad VIN: the message next to the field, a 400, nothing saved', async () => {
    const { profile, policy, cookie } = await customer()
    await withPhotos(policy.id, cookie)
    const answer = await post(policy.id, { ...complete, vin: BAD_CHECK_DIGIT }, cookie)
    expect(answer.status).toBe(400)
    expect((answer.data as StepAnswer).result?.error).toEqual({ vin: [VIN_MESSAGES.checkDigit] })
    expect(db().select().from(vehicles).where(eq(vehicles.profileId, profile.id)).all()).toEqual([])
  })

  test('an excluded make by VIN is refused on save too, whatever make was chosen', async () => {
    const { profile, policy, cookie } = await customer(COMPREHENSIVE_CAR)
    await withPhotos(policy.id, cookie)
    const answer = await post(policy.id, { ...complete, vin: TESLA }, cookie)
    expect(answer.status).toBe(400)
    expect((answer.data as StepAnswer).result?.error).toEqual({ vin: [VEHICLE_MESSAGES.excludedMake] })
    expect(db().select().from(vehicles).where(eq(vehicles.profileId, profile.id)).all()).toEqual([])
  })

  test('the step shows a stored VIN again', async () => {
    const profile = createProfile()
    const { policy } = createActivePolicy(profile.id, { status: 'incomplete', windshieldPhotosUploaded: false })
    db().update(vehicles).set({ vin: HONDA }).where(eq(vehicles.id, policy.vehicleId!)).run()
    const page = (await loader(routeArgs(makeRequest(wizardUrl(policy.id), { cookie: await sessionCookieFor(profile.id) })))) as {
      vehicle: { defaults: { vin: string } }
    }
    expect(page.vehicle.defaults.vin).toBe(HONDA)
  })
})

describe('the VIN lookup with JavaScript (/customer/vin/:vin)', () => {
  const get = async (vin: string, policyId: string, cookie?: string) => {
    const response = await vinLoader(routeArgs(makeRequest(`/customer/vin/${vin}?policy_id=${policyId}`, { cookie }), { vin }))
    return { status: response.status, headers: response.headers, data: (await response.json()) as unknown }
  }

  test('answers what the VIN decodes to for the plan; refuses with the field message', async () => {
    const { policy, cookie } = await customer(COMPREHENSIVE_CAR)
    const ok = await get(HONDA, policy.id, cookie)
    expect(ok.status).toBe(200)
    expect(ok.data).toMatchObject({ year: '2003', make: 'Honda', model: 'Accord', decoded: true })
    expect((ok.data as { models: string[] }).models).toContain('Accord')
    expect(await get(TESLA, policy.id, cookie)).toMatchObject({ status: 400, data: { error: VEHICLE_MESSAGES.excludedMake } })
    expect(await get(BAD_CHECK_DIGIT, policy.id, cookie)).toMatchObject({ status: 400, data: { error: VIN_MESSAGES.checkDigit } })
  })

  test('signed out: 401; another customer’s policy: 404', async () => {
    const { policy } = await customer()
    expect((await get(HONDA, policy.id)).status).toBe(401)
    const other = await customer()
    expect((await get(HONDA, policy.id, other.cookie)).status).toBe(404)
    expect((await get(HONDA, 'nope', other.cookie)).status).toBe(404)
  })

  test('is rate-limited per account, the no-JavaScript Look up too', async () => {
    const { policy, cookie } = await customer()
    for (let i = 0; i < VIN_LOOKUPS_PER_ACCOUNT.limit; i++) expect((await get(HONDA, policy.id, cookie)).status).toBe(200)
    const limited = await get(HONDA, policy.id, cookie)
    expect(limited.status).toBe(429)
    expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThan(0)
    expect((await post(policy.id, { ...lookUp, vin: HONDA }, cookie)).status).toBe(429)
    // Another customer is not held up.
    const other = await customer()
    expect((await get(HONDA, other.policy.id, other.cookie)).status).toBe(200)
  })
})

describe('the operator', () => {
  const customerAction = inOperatorArea(adminCustomerRoute.action)
  const operatorCookie = () => sessionCookieFor(findOrCreateProfile('operator@example.com').id)

  test('corrects a vehicle with a VIN (audited), refusing a bad one next to the field; search by VIN finds the customer', async () => {
    const profile = createProfile({ fullName: 'Vin Search' })
    const { vehicle } = createActivePolicy(profile.id)
    const cookie = await operatorCookie()
    const form = {
      intent: 'correct-vehicle',
      vehicleId: vehicle.id,
      licensePlate: vehicle.licensePlate,
      licensePlateState: 'UT',
      year: '2019',
      make: 'Toyota',
      model: 'Camry',
      reason: 'Customer sent the registration',
    }
    const send = (values: Record<string, string>) =>
      settle(() =>
        customerAction(routeArgs(makeRequest(`/admin/customers/${profile.id}`, { cookie, form: values }), { profileId: profile.id })),
      )

    const bad = await send({ ...form, vin: BAD_CHECK_DIGIT })
    expect(bad.status).toBe(400)
    expect((bad.data as { result: { error: Record<string, string[]> } }).result.error).toEqual({ vin: [VIN_MESSAGES.checkDigit] })
    const truck = await send({ ...form, vin: FORD_TRUCK })
    expect(truck.status).toBe(400)
    expect(db().select().from(vehicles).where(eq(vehicles.id, vehicle.id)).get()!.vin).toBeNull()

    const vin = '4T1BF1FK0CU123456' // a 2012 Toyota car
    expect((await send({ ...form, vin: vin.toLowerCase() })).status).toBe(302)
    expect(db().select().from(vehicles).where(eq(vehicles.id, vehicle.id)).get()!.vin).toBe(vin)
    const entry = db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, vehicle.id), eq(auditLog.action, 'vehicle.corrected')))
      .get()!
    expect(entry.detail).toEqual({ reason: 'Customer sent the registration', before: { vin: null }, after: { vin } })

    const found = searchCustomers(vin, 1)
    expect(found?.rows.map((row) => row.id)).toContain(profile.id)
  })
})

describe('decoding through vPIC (the fake in tests/support)', () => {
  const vpic = fakeVpic()
  beforeAll(() => vpic.start())
  afterAll(() => vpic.stop())

  test('decodes year, make, model and class, then answers from the cache', async () => {
    expect(await decodeVin(HONDA)).toEqual({
      year: 2003,
      make: 'Honda',
      makes: ['Honda'],
      model: 'Accord',
      vehicleType: 'car',
      source: 'vpic',
    })
    expect(vpic.requests.filter((url) => url.includes(`/DecodeVinValues/${HONDA}?format=json`))).toHaveLength(1)
    expect(await decodeVin(HONDA)).toMatchObject({ model: 'Accord', source: 'cache' })
    expect(vpic.requests.filter((url) => url.includes('/DecodeVinValues/'))).toHaveLength(1)
    // A trailing space and an MPV: both are the truck/SUV class.
    expect(await decodeVin('1FTFW1ET9DFC10312')).toMatchObject({ make: 'Ford', model: 'F-150', vehicleType: 'trucksuv' })
    expect(await decodeVin('5N1AR2MMXGC123456')).toMatchObject({ make: 'Nissan', model: 'Pathfinder', vehicleType: 'trucksuv' })
  })

  test('vPIC names the make a shared WMI cannot (Nissan, not Infiniti); the Look up fills the model too', async () => {
    expect(await decodeVin('1N4AL3AP0JC123456')).toMatchObject({ make: 'Nissan', makes: ['Nissan'], model: 'Altima' })
    const { policy, cookie } = await customer()
    const answer = await post(policy.id, { ...lookUp, vin: HONDA }, cookie)
    expect((answer.data as StepAnswer).values).toMatchObject({ year: '2003', make: 'Honda', model: 'Accord' })
  })

  test('a VIN vPIC knows nothing of: the bundled table; vPIC down: the bundled table', async () => {
    expect(await decodeVin(TESLA)).toMatchObject({ make: 'Tesla', model: 'Model S', source: 'bundled' })
    vpic.fail()
    expect(await decodeVin('3VWFE21C04M000001')).toMatchObject({ make: 'Volkswagen', year: 2004, source: 'bundled' })
  })
})
