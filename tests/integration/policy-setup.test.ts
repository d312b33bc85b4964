import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'

import { and, eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'

import { bundledModels } from '~/content/vehicle-models'
import { db } from '~/db/client.server'
import { auditLog, emailLog, policies, type Policy, policyPhotos, type Profile, profiles, vehicles } from '~/db/schema'
import { PRIVACY_MESSAGES, VEHICLE_MESSAGES } from '~/domain/messages'
import { resetEnvForTests } from '~/env.server'
import { completePolicySetup, savePolicyPhotos } from '~/models/policies/policy-setup.server'
import { action, loader } from '~/routes/customer.complete-policy'
import { action as xhrUploadAction } from '~/routes/customer.policy-photos'
import { loader as modelsLoader } from '~/routes/customer.vehicle-models'
import { loader as fileLoader } from '~/routes/files.$'
import { signedFileUrl } from '~/services/signed-links.server'
import { clearModelCache, modelsFor } from '~/services/vehicle-data.server'
import { uploadsPath } from '~/services/volume-store.server'
import { getToast } from '~/toast.server'

import { expectConsoleError } from '../support/console'
import { createClaim, createPolicy, createProfile, ensureSeeded, getPolicy, sessionCookieFor } from '../support/factories'
import { type ImageOptions, jpeg as makeJpeg, jpegFile } from '../support/photos'
import { makeRequest, routeArgs, settle, settleFileUrl } from '../support/requests'

ensureSeeded()

const jpeg = (options: ImageOptions = {}) => makeJpeg({ width: 800, height: 600, ...options })
const photoFile = (name = 'photo.jpg') => jpegFile(name, { width: 800, height: 600 })

async function threePhotos(overrides: Partial<Record<'head_on' | 'inside_drivers' | 'inside_passengers', File>> = {}) {
  const form = new FormData()
  form.append('intent', 'upload')
  form.append('head_on', overrides.head_on ?? (await photoFile('front.jpg')))
  form.append('inside_drivers', overrides.inside_drivers ?? (await photoFile('driver.jpg')))
  form.append('inside_passengers', overrides.inside_passengers ?? (await photoFile('passenger.jpg')))
  return form
}

const wizardUrl = (policyId: string) => `/customer/complete-policy?policy_id=${policyId}`

async function post(policyId: string, form: FormData, cookie: string, url = wizardUrl(policyId)) {
  return settle(() => action(routeArgs(makeRequest(url, { form, cookie }))))
}

function photoRows(policyId: string) {
  return db().select().from(policyPhotos).where(eq(policyPhotos.policyId, policyId)).all()
}

function storedFiles(profileId: string, policyId: string) {
  const folder = uploadsPath(`policy-photos/${profileId}/${policyId}/x`).replace(/[\\/]x$/, '')
  return fs.existsSync(folder) ? fs.readdirSync(folder).sort() : []
}

async function customerWithPolicy(overrides: Partial<typeof policies.$inferInsert> = {}) {
  const profile = createProfile()
  const policy = createPolicy(profile.id, overrides)
  return { profile, policy, cookie: await sessionCookieFor(profile.id) }
}

async function withPhotos(policyId: string, cookie: string) {
  const answer = await post(policyId, await threePhotos(), cookie)
  expect(answer.status).toBe(302)
}

function vehicleForm(values: Record<string, string>) {
  const form = new FormData()
  const all = {
    intent: 'complete',
    licensePlate: 'abc 123',
    licensePlateState: 'UT',
    year: '2019',
    make: 'Toyota',
    model: 'Camry',
    ...values,
  }
  for (const [key, value] of Object.entries(all)) form.append(key, value)
  return form
}

describe('photo step', () => {
  test('stores three photos, answers with a toast, and opens the vehicle step', async () => {
    const { profile, policy, cookie } = await customerWithPolicy()
    const answer = await post(policy.id, await threePhotos(), cookie)
    expect(answer.status).toBe(302)
    expect(answer.headers.get('Location')).toBe(wizardUrl(policy.id))
    expect(
      photoRows(policy.id)
        .map((row) => row.photoType)
        .sort(),
    ).toEqual(['head_on', 'inside_drivers', 'inside_passengers'])
    expect(storedFiles(profile.id, policy.id)).toEqual([
      'head_on.jpg',
      'head_on.thumb.jpg',
      'inside_drivers.jpg',
      'inside_drivers.thumb.jpg',
      'inside_passengers.jpg',
      'inside_passengers.thumb.jpg',
    ])
    const page = (await loader(routeArgs(makeRequest(wizardUrl(policy.id), { cookie })))) as { step: string }
    expect(page.step).toBe('vehicle')
  })

  test('a missing required photo is named; the photo that was sent is kept', async () => {
    const { policy, cookie } = await customerWithPolicy()
    const form = new FormData()
    form.append('intent', 'upload')
    form.append('head_on', await photoFile())
    const answer = await post(policy.id, form, cookie)
    expect(answer.status).toBe(400)
    expect(answer.data).toMatchObject({
      result: {
        error: {
          inside_drivers: ["Please upload inside driver's side photo"],
          inside_passengers: ["Please upload inside passenger's side photo"],
        },
      },
    })
    expect(photoRows(policy.id).map((row) => row.photoType)).toEqual(['head_on'])
  })

  test('a text file renamed .jpg is refused with "Please select an image file"; the good photos sent with it are kept', async () => {
    const { profile, policy, cookie } = await customerWithPolicy()
    const fake = new File(['These are my notes, not a photo.'], 'windshield.jpg', { type: 'image/jpeg' })
    const answer = await post(policy.id, await threePhotos({ inside_passengers: fake }), cookie)
    expect(answer.status).toBe(400)
    expect(answer.data).toMatchObject({
      result: { error: { inside_passengers: ['Please select an image file'] } },
      toast: { type: 'error', title: 'Invalid File', description: 'Please select an image file' },
    })
    expect((answer.data as { result: { error: Record<string, string[]> } }).result.error).not.toHaveProperty('head_on')
    expect(
      photoRows(policy.id)
        .map((row) => row.photoType)
        .sort(),
    ).toEqual(['head_on', 'inside_drivers'])
    expect(storedFiles(profile.id, policy.id)).toHaveLength(4) // two photos and their thumbnails
    // Only the bad one is asked for again: sending it alone completes the set.
    const again = new FormData()
    again.append('intent', 'upload')
    again.append('inside_passengers', await photoFile())
    expect((await post(policy.id, again, cookie)).status).toBe(302)
    expect(photoRows(policy.id)).toHaveLength(3)
  })

  test('an 11 MB image is refused with a clear message, and nothing is stored', async () => {
    const { profile, policy, cookie } = await customerWithPolicy()
    // A real JPEG padded to 11 MB (decoders ignore trailing bytes): only its size is wrong.
    const big = Buffer.concat([await jpeg(), Buffer.alloc(11 * 1024 * 1024)])
    const answer = await post(policy.id, await threePhotos({ inside_drivers: new File([big], 'huge.jpg', { type: 'image/jpeg' }) }), cookie)
    expect(answer.status).toBe(413)
    expect(answer.data).toMatchObject({
      result: { error: { inside_drivers: ['Each photo must be 10 MB or smaller. "huge.jpg" is larger.'] } },
      toast: { title: 'Upload Failed' },
    })
    expect(photoRows(policy.id)).toEqual([])
    expect(storedFiles(profile.id, policy.id)).toEqual([])
  })

  test('a JPEG with GPS EXIF comes out with no metadata, turned upright', async () => {
    const { profile, policy, cookie } = await customerWithPolicy()
    const withGps = await sharp(await jpeg({ width: 400, height: 200, colour: '#aa3333' }))
      .withExif({
        IFD0: { Make: 'PhoneMaker', Model: 'Phone 12' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '40/1 45/1 36/1', GPSLongitudeRef: 'W', GPSLongitude: '111/1 53/1 24/1' },
      })
      .toBuffer()
    const rotated = await sharp(withGps).withMetadata({ orientation: 6 }).toBuffer()
    const before = await sharp(rotated).metadata()
    expect(before.exif?.length).toBeGreaterThan(0)
    expect(before.exif!.includes(Buffer.from('PhoneMaker'))).toBe(true)

    const answer = await post(policy.id, await threePhotos({ head_on: new File([rotated], 'gps.jpg', { type: 'image/jpeg' }) }), cookie)
    expect(answer.status).toBe(302)
    const stored = fs.readFileSync(uploadsPath(`policy-photos/${profile.id}/${policy.id}/head_on.jpg`))
    const after = await sharp(stored).metadata()
    expect(after.exif).toBeUndefined()
    expect(after.orientation).toBeUndefined()
    expect(stored.includes(Buffer.from('PhoneMaker'))).toBe(false)
    expect(stored.includes(Buffer.from('Exif'))).toBe(false)
    // Orientation 6 means "rotate 90°": the stored copy is upright, so portrait.
    expect([after.width, after.height]).toEqual([200, 400])
  })

  test('a re-upload overwrites; additional photos are numbered and removable', async () => {
    const { profile, policy, cookie } = await customerWithPolicy()
    await withPhotos(policy.id, cookie)
    const form = new FormData()
    form.append('intent', 'upload')
    form.append('head_on', new File([await jpeg({ colour: '#00ff00' })], 'new-front.jpg', { type: 'image/jpeg' }))
    form.append('other', await photoFile('chip-1.jpg'))
    form.append('other', await photoFile('chip-2.jpg'))
    expect((await post(policy.id, form, cookie, `${wizardUrl(policy.id)}&step=photos`)).status).toBe(302)
    const rows = photoRows(policy.id)
    expect(rows.filter((row) => row.photoType === 'head_on').map((row) => row.fileName)).toEqual(['new-front.jpg'])
    expect(rows.filter((row) => row.photoType === 'other').map((row) => row.filePath.split('/').pop())).toEqual([
      'other_1.jpg',
      'other_2.jpg',
    ])

    const remove = new FormData()
    remove.append('photoId', rows.find((row) => row.filePath.endsWith('other_1.jpg'))!.id)
    expect((await post(policy.id, remove, cookie)).status).toBe(302)
    expect(storedFiles(profile.id, policy.id)).not.toContain('other_1.jpg')
    expect(storedFiles(profile.id, policy.id)).toContain('other_2.jpg')
  })

  test('the JavaScript upload answers JSON and sets the toast for the next page', async () => {
    const { policy, cookie } = await customerWithPolicy()
    const request = makeRequest(`/customer/policy-photos?policy_id=${policy.id}`, { form: await threePhotos(), cookie })
    const response = (await xhrUploadAction(routeArgs(request))) as Response
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ ok: true, redirectTo: wizardUrl(policy.id) })
    expect(response.headers.get('Set-Cookie')).toContain('__toast=')

    const other = await customerWithPolicy()
    const refused = (await xhrUploadAction(
      routeArgs(makeRequest(`/customer/policy-photos?policy_id=${policy.id}`, { form: await threePhotos(), cookie: other.cookie })),
    )) as Response
    expect(refused.status).toBe(404)
  })
})

describe('a failure in the middle leaves nothing half saved', () => {
  test('photo rows that cannot be saved take their new files with them', async () => {
    expectConsoleError(/saving the photo rows of a policy failed/)
    const { profile, policy } = await customerWithPolicy()
    // The policy disappears between the page and the save: the rows' foreign key fails inside the transaction.
    db().delete(policies).where(eq(policies.id, policy.id)).run()
    const files = await Promise.all(
      (['head_on', 'inside_drivers', 'inside_passengers'] as const).map(async (fieldName) => ({
        fieldName,
        fileName: `${fieldName}.jpg`,
        contentType: 'image/jpeg',
        bytes: await jpeg(),
      })),
    )
    await expect(savePolicyPhotos(policy, files)).rejects.toMatchObject({
      name: 'RuleError',
      title: 'Upload Failed',
      message: 'Failed to save photo record',
    })
    expect(photoRows(policy.id)).toEqual([])
    expect(storedFiles(profile.id, policy.id)).toEqual([])
  })

  test('a photo that is not an image is refused while the good one sent with it replaces its slot', async () => {
    const { profile, policy, cookie } = await customerWithPolicy()
    await withPhotos(policy.id, cookie)
    const before = fs.readFileSync(uploadsPath(`policy-photos/${profile.id}/${policy.id}/head_on.jpg`))
    const form = new FormData()
    form.append('intent', 'upload')
    form.append('head_on', new File([await jpeg({ colour: '#ff0000' })], 'new.jpg', { type: 'image/jpeg' }))
    form.append('other', new File(['not an image'], 'notes.png', { type: 'image/png' }))
    const answer = await post(policy.id, form, cookie)
    expect(answer.status).toBe(400)
    expect(answer.data).toMatchObject({ result: { error: { other: ['Please select only image files'] } } })
    expect(fs.readFileSync(uploadsPath(`policy-photos/${profile.id}/${policy.id}/head_on.jpg`)).equals(before)).toBe(false)
    expect(photoRows(policy.id)).toHaveLength(3)
  })

  test('a policy update that fails rolls the new vehicle back', async () => {
    const { profile, policy, cookie } = await customerWithPolicy()
    await withPhotos(policy.id, cookie)
    // The policy changes hands between the page and the save: the update matches nothing inside the transaction.
    const someoneElse = createProfile()
    db().update(policies).set({ profileId: someoneElse.id }).where(eq(policies.id, policy.id)).run()
    const input = {
      intent: 'complete' as const,
      licensePlate: 'ABC123',
      licensePlateState: 'UT',
      year: 2019,
      make: 'Toyota',
      model: 'Camry',
    }
    await expect(completePolicySetup(profile, policy, input)).rejects.toMatchObject({
      name: 'RuleError',
      message: VEHICLE_MESSAGES.updateFailed,
    })
    expect(db().select().from(vehicles).where(eq(vehicles.profileId, profile.id)).all()).toEqual([])
    expect(
      db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, policy.id), eq(auditLog.action, 'policy.activated')))
        .all(),
    ).toEqual([])
    expect(getPolicy(policy.id)).toMatchObject({ status: 'incomplete', vehicleId: null, windshieldPhotosUploaded: false })
  })
})

describe('vehicle step and activation', () => {
  test('activates the policy in one go: vehicle, photos flag, status, coverage date, audit row, e-mail', async () => {
    const { profile, policy, cookie } = await customerWithPolicy()
    await withPhotos(policy.id, cookie)
    const answer = await post(policy.id, vehicleForm({}), cookie)
    expect(answer.status).toBe(302)
    expect(answer.headers.get('Location')).toBe('/customer/policy-complete')
    const saved = getPolicy(policy.id)!
    expect(saved).toMatchObject({
      status: 'active',
      windshieldPhotosUploaded: true,
      coverageStartDate: new Date().toISOString().slice(0, 10),
    })
    expect(db().select().from(vehicles).where(eq(vehicles.id, saved.vehicleId!)).get()).toMatchObject({
      licensePlate: 'ABC123', // typed 'abc 123': stored normalised
      licensePlateState: 'UT',
      year: 2019,
      make: 'Toyota',
      model: 'Camry',
      vehicleType: 'car',
    })
    expect(
      db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, policy.id), eq(auditLog.action, 'policy.activated')))
        .all(),
    ).toHaveLength(1)
    expect(
      db()
        .select()
        .from(emailLog)
        .where(and(eq(emailLog.to, profile.email), eq(emailLog.tag, 'policy-activated')))
        .all(),
    ).toHaveLength(1)

    // Reopening the wizard: 'Already Complete', then the complete page.
    const again = await settle(() => loader(routeArgs(makeRequest(wizardUrl(policy.id), { cookie }))))
    expect(again.status).toBe(302)
    expect(again.headers.get('Location')).toBe('/customer/policy-complete')
  })

  test('the phone asked beside the vehicle is kept on the profile in E.164; a bad one is refused next to its field, nothing saved', async () => {
    const { profile, policy, cookie } = await customerWithPolicy()
    await withPhotos(policy.id, cookie)
    const refused = await post(policy.id, vehicleForm({ phone: '(123) 456-7890' }), cookie)
    expect(refused.status).toBe(400)
    expect((refused.data as { result: { error: Record<string, string[]> } }).result.error).toEqual({ phone: [PRIVACY_MESSAGES.phone] })
    expect((refused.data as { values: { phone: string } }).values.phone).toBe('(123) 456-7890')
    expect(getPolicy(policy.id)).toMatchObject({ status: 'incomplete', vehicleId: null })
    expect(db().select().from(profiles).where(eq(profiles.id, profile.id)).get()?.phone).toBeNull()

    const answer = await post(policy.id, vehicleForm({ phone: '801.555.0142' }), cookie)
    expect(answer.status).toBe(302)
    expect(getPolicy(policy.id)?.status).toBe('active')
    expect(db().select().from(profiles).where(eq(profiles.id, profile.id)).get()?.phone).toBe('+18015550142')
    expect(
      db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, profile.id), eq(auditLog.action, 'profile.details_corrected')))
        .get()?.detail,
    ).toEqual({ fields: ['phone'] })
  })

  test('the vehicle step shows the phone already given, in the national format', async () => {
    const profile = createProfile({ phone: '+18015550142' })
    const policy = createPolicy(profile.id)
    const cookie = await sessionCookieFor(profile.id)
    await withPhotos(policy.id, cookie)
    const page = await settle(() => loader(routeArgs(makeRequest(wizardUrl(policy.id), { cookie }))))
    expect((page.data as { vehicle: { defaults: { phone: string } } }).vehicle.defaults.phone).toBe('(801) 555-0142')
  })

  test('with JavaScript the action answers with the success toast and the page moves on itself', async () => {
    const { policy, cookie } = await customerWithPolicy()
    await withPhotos(policy.id, cookie)
    const answer = await post(policy.id, vehicleForm({ js: '1' }), cookie)
    expect(answer.status).toBe(200)
    expect(answer.data).toMatchObject({
      intent: 'completed',
      redirectTo: '/customer/policy-complete',
      toast: { title: 'Success!', description: 'Your policy is now complete' },
    })
  })

  test('a Comprehensive policy cannot save an excluded make, even posted by hand; Chip Repair Only can', async () => {
    const comprehensive = await customerWithPolicy()
    await withPhotos(comprehensive.policy.id, comprehensive.cookie)
    const refused = await post(comprehensive.policy.id, vehicleForm({ make: 'BMW', model: '330i' }), comprehensive.cookie)
    expect(refused.status).toBe(400)
    expect(JSON.stringify(refused.data)).toContain(VEHICLE_MESSAGES.excludedMake)
    expect(getPolicy(comprehensive.policy.id)).toMatchObject({ status: 'incomplete', vehicleId: null })
    // The model function refuses it too, whatever the form said.
    await expect(
      completePolicySetup(comprehensive.profile, comprehensive.policy, {
        intent: 'complete',
        licensePlate: 'X1',
        licensePlateState: 'UT',
        year: 2019,
        make: 'BMW',
        model: 'M3',
      }),
    ).rejects.toThrow(VEHICLE_MESSAGES.excludedMake)

    const chip = await customerWithPolicy({
      planType: 'chip_only',
      lookupKey: 'chip_only',
      vehicleType: null,
      hasAdas: null,
      monthlyPriceCents: 799,
    })
    await withPhotos(chip.policy.id, chip.cookie)
    const model = bundledModels('BMW', 2019)[0]!
    const accepted = await post(chip.policy.id, vehicleForm({ make: 'BMW', model }), chip.cookie)
    expect(accepted.status).toBe(302)
    expect(getPolicy(chip.policy.id)).toMatchObject({ status: 'active' })
  })

  test.each([['1979'], [String(new Date().getFullYear() + 1)]])('year %s is refused', async (year) => {
    const { policy, cookie } = await customerWithPolicy()
    await withPhotos(policy.id, cookie)
    const answer = await post(policy.id, vehicleForm({ year }), cookie)
    expect(answer.status).toBe(400)
    expect(JSON.stringify(answer.data)).toContain(`Please select a year from 1980 to ${new Date().getFullYear()}`)
    expect(getPolicy(policy.id)).toMatchObject({ status: 'incomplete', vehicleId: null })
  })

  test('a model that is not in the list for the make and year is refused', async () => {
    const { policy, cookie } = await customerWithPolicy()
    await withPhotos(policy.id, cookie)
    const answer = await post(policy.id, vehicleForm({ model: 'Flying Carpet' }), cookie)
    expect(answer.status).toBe(400)
    expect(JSON.stringify(answer.data)).toContain(VEHICLE_MESSAGES.modelNotListed)
  })

  test("'Find models' without JavaScript answers the list and keeps what was typed", async () => {
    const { policy, cookie } = await customerWithPolicy()
    await withPhotos(policy.id, cookie)
    const answer = await post(policy.id, vehicleForm({ intent: 'find-models', licensePlate: 'kept 1', model: '' }), cookie)
    expect(answer.status).toBe(200)
    const body = answer.data as { values: { licensePlate: string; make: string }; models: string[] }
    expect(body.values).toMatchObject({ licensePlate: 'kept 1', make: 'Toyota', year: '2019' })
    expect(body.models).toEqual(bundledModels('Toyota', 2019))
    expect(body.models).toContain('Camry')
  })

  test("'Find models' for a make and year with none says 'No Models Found'", async () => {
    const { policy, cookie } = await customerWithPolicy()
    await withPhotos(policy.id, cookie)
    const answer = await post(policy.id, vehicleForm({ intent: 'find-models', year: '2015', make: 'Saturn', model: '' }), cookie)
    expect(answer.status).toBe(200)
    expect(answer.data).toMatchObject({
      models: [],
      toast: { type: 'error', title: 'No Models Found', description: 'No models found for Saturn in 2015. Try a different year or make.' },
    })
  })

  test("guards: no policy id, unknown policy, another customer's policy", async () => {
    const { cookie } = await customerWithPolicy()
    const stranger = await customerWithPolicy()
    const answer = await settle(() => loader(routeArgs(makeRequest('/customer/complete-policy', { cookie }))))
    expect(answer.status).toBe(302)
    expect(answer.headers.get('Location')).toBe('/customer')
    const flash = await getToast(
      new Request('http://localhost:3999/customer', { headers: { Cookie: answer.headers.get('Set-Cookie')!.split(';')[0]! } }),
    )
    expect(flash.toast).toMatchObject({ type: 'error', title: 'No policy ID provided' })
    // An unknown policy and another customer's look exactly alike: the 404 page (decision 031).
    for (const url of ['/customer/complete-policy?policy_id=nope', wizardUrl(stranger.policy.id)]) {
      const refused = await settle(() => loader(routeArgs(makeRequest(url, { cookie }))))
      expect(refused).toMatchObject({ status: 404, data: { error: 'Not found' } })
    }
    const upload = await post(stranger.policy.id, await threePhotos(), cookie)
    expect(upload.status).toBe(404)
    expect(photoRows(stranger.policy.id)).toEqual([])
  })
})

describe('the file route', () => {
  let owner: { profile: Profile; policy: Policy; cookie: string }
  let relPath: string
  beforeAll(async () => {
    owner = await customerWithPolicy()
    await withPhotos(owner.policy.id, owner.cookie)
    relPath = `policy-photos/${owner.profile.id}/${owner.policy.id}/head_on.jpg`
  })

  const get = (url: string, cookie?: string) => settleFileUrl(fileLoader, url, cookie)

  test('the owner gets the photo, never stored by the browser, with its type', async () => {
    const response = (await fileLoader(routeArgs(makeRequest(`/files/${relPath}`, { cookie: owner.cookie }), { '*': relPath }))) as Response
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toBe('image/jpeg')
    // No copy outlives the session in the browser's cache.
    expect(response.headers.get('Cache-Control')).toBe('private, no-store')
    expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff')
    const bytes = Buffer.from(await response.arrayBuffer())
    expect((await sharp(bytes).metadata()).format).toBe('jpeg')
  })

  test("another customer's photo URL is 404, as is no session", async () => {
    const stranger = await customerWithPolicy()
    expect((await get(`/files/${relPath}`, stranger.cookie)).status).toBe(404)
    expect((await get(`/files/${relPath}`)).status).toBe(404)
    expect((await get(`/files/policy-photos/${owner.profile.id}/../../app.sqlite`, owner.cookie)).status).toBe(404)
  })

  test('the operator and a valid signed link get it; an expired one does not', async () => {
    const operator = createProfile({ email: 'operator@example.com' })
    expect((await get(`/files/${relPath}`, await sessionCookieFor(operator.id))).status).toBe(200)
    const signed = await get(signedFileUrl(relPath, 60))
    expect(signed.status).toBe(200)
    // A shop's browser may reuse a signed photo for the rest of the link's life, never longer.
    expect(Number(/^private, max-age=(\d+)$/.exec(signed.headers.get('Cache-Control') ?? '')?.[1])).toBeLessThanOrEqual(60)
    expect((await get(signedFileUrl(relPath, -1))).status).toBe(404)
  })

  test("claim documents belong to the owner of the claim's policy", async () => {
    const claim = createClaim(owner.policy.id)
    const doc = `claim-documents/${claim.id}/1_damage_0.jpg`
    fs.mkdirSync(path.dirname(uploadsPath(doc)), { recursive: true })
    fs.writeFileSync(uploadsPath(doc), await jpeg())
    expect((await get(`/files/${doc}`, owner.cookie)).status).toBe(200)
    const stranger = await customerWithPolicy()
    expect((await get(`/files/${doc}`, stranger.cookie)).status).toBe(404)
  })
})

describe('vehicle models', () => {
  let server: http.Server
  let requests: string[] = []

  beforeAll(async () => {
    // A stand-in for vPIC: Toyota answers per vehicle type, with a look-alike make and a duplicate to filter out.
    server = http.createServer((request, response) => {
      requests.push(request.url ?? '')
      const match = /\/GetModelsForMakeYear\/make\/([^/]+)\/modelyear\/(\d+)\/vehicletype\/(\w+)\?format=json$/.exec(request.url ?? '')
      if (!match) {
        response.writeHead(404).end()
        return
      }
      const [, make, , type] = match
      if (make === 'Honda') {
        response.writeHead(500).end('vPIC is having a bad day')
        return
      }
      if (make === 'Kia') {
        response.writeHead(200, { 'Content-Type': 'application/json' })
        response.end(JSON.stringify({ Results: 'not a list' }))
        return
      }
      const results =
        decodeURIComponent(make!) !== 'Toyota'
          ? []
          : type === 'car'
            ? [
                { Make_ID: 448, Make_Name: 'TOYOTA', Model_ID: 2469, Model_Name: 'Corolla' },
                { Make_ID: 448, Make_Name: 'TOYOTA', Model_ID: 2208, Model_Name: 'Camry' },
                { Make_ID: 9999, Make_Name: 'TOYOTA TSUSHO', Model_ID: 1, Model_Name: 'Forklift' },
              ]
            : type === 'truck'
              ? [{ Make_ID: 448, Make_Name: 'TOYOTA', Model_ID: 2210, Model_Name: 'Tacoma' }]
              : [
                  { Make_ID: 448, Make_Name: 'TOYOTA', Model_ID: 2211, Model_Name: 'RAV4' },
                  { Make_ID: 448, Make_Name: 'TOYOTA', Model_ID: 2208, Model_Name: 'Camry' },
                ]
      response.writeHead(200, { 'Content-Type': 'application/json' })
      response.end(
        JSON.stringify({ Count: results.length, Message: 'Response returned successfully', SearchCriteria: null, Results: results }),
      )
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    process.env.VPIC_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/vehicles`
    resetEnvForTests()
    clearModelCache()
  })

  afterAll(() => {
    server.close()
    process.env.VPIC_URL = 'off'
    resetEnvForTests()
  })

  test('vPIC answers: exact make only, cars, trucks and MPVs, sorted, then served from the cache', async () => {
    expect(await modelsFor('Toyota', 2019)).toEqual({ models: ['Camry', 'Corolla', 'RAV4', 'Tacoma'], source: 'vpic' })
    expect(
      requests
        .filter((url) => url.includes('/make/Toyota/modelyear/2019/'))
        .map((url) => url.split('/vehicletype/')[1])
        .sort(),
    ).toEqual(['car?format=json', 'mpv?format=json', 'truck?format=json'])
    requests = []
    expect(await modelsFor('toyota', 2019)).toEqual({ models: ['Camry', 'Corolla', 'RAV4', 'Tacoma'], source: 'cache' })
    expect(requests).toEqual([])
  })

  test('vPIC answering an error or nonsense: the bundled list, not cached', async () => {
    expect(await modelsFor('Honda', 2016)).toEqual({ models: bundledModels('Honda', 2016), source: 'bundled' })
    clearModelCache() // forget the failure, so Kia asks vPIC too
    expect(await modelsFor('Kia', 2016)).toEqual({ models: bundledModels('Kia', 2016), source: 'bundled' })
    expect(bundledModels('Kia', 2016).length).toBeGreaterThan(0)
    clearModelCache() // and again, so the next test asks vPIC
  })

  test('the signed-in resource route answers the list; signed out it does not', async () => {
    const { cookie } = await customerWithPolicy()
    const response = (await modelsLoader(routeArgs(makeRequest('/customer/vehicle-models?make=Toyota&year=2019', { cookie })))) as Response
    expect(await response.json()).toMatchObject({ models: ['Camry', 'Corolla', 'RAV4', 'Tacoma'] })
    const anonymous = (await modelsLoader(routeArgs(makeRequest('/customer/vehicle-models?make=Toyota&year=2019')))) as Response
    expect(anonymous.status).toBe(401)
    const badYear = (await modelsLoader(routeArgs(makeRequest('/customer/vehicle-models?make=Toyota&year=1979', { cookie })))) as Response
    expect(badYear.status).toBe(400)
  })

  test('vPIC unreachable: the bundled list', async () => {
    clearModelCache()
    await new Promise<void>((resolve) => server.close(() => resolve()))
    server.closeAllConnections?.()
    expect(await modelsFor('Honda', 2015)).toEqual({ models: bundledModels('Honda', 2015), source: 'bundled' })
    expect(bundledModels('Honda', 2015)).toContain('Civic')
  })

  test('after a failure, vPIC is left alone for a minute: the bundled list answers at once', async () => {
    clearModelCache()
    requests = []
    const failing = http.createServer((request, response) => {
      requests.push(request.url ?? '')
      response.writeHead(503).end()
    })
    await new Promise<void>((resolve) => failing.listen(0, '127.0.0.1', resolve))
    process.env.VPIC_URL = `http://127.0.0.1:${(failing.address() as AddressInfo).port}/api/vehicles`
    resetEnvForTests()
    try {
      expect((await modelsFor('Ford', 2015)).source).toBe('bundled')
      const asked = requests.length
      expect(asked).toBeGreaterThan(0)
      expect(await modelsFor('Mazda', 2018)).toEqual({ models: bundledModels('Mazda', 2018), source: 'bundled' })
      expect(requests).toHaveLength(asked)
    } finally {
      failing.close()
    }
  })
})
