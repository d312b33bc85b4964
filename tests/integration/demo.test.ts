import fs from 'node:fs'
import path from 'node:path'

import { beforeAll, describe, expect, test } from 'vitest'

import { DEMO_CUSTOMER, DEMO_POLICIES } from '~/components/demo/sample-data'
import { db } from '~/db/client.server'
import { CANCEL_SUCCESS, PHOTO_MESSAGES, PHOTOS_REQUIRED, VEHICLE_MESSAGES } from '~/domain/messages'
import { action as wizardAction, loader as wizardLoader } from '~/routes/demo.complete-policy'
import { action as dashboardAction, loader as dashboardLoader } from '~/routes/demo.customer'
import { action as claimAction, loader as claimLoader } from '~/routes/demo.submit-claim'
import { loader as modelsLoader } from '~/routes/demo.vehicle-models'
import { getToast } from '~/toast.server'

import { REVIEWED_CHIP } from '../support/claim-answers'
import { usToday } from '../support/days'
import { createActivePolicy, createProfile, ensureSeeded } from '../support/factories'
import { makeRequest, routeArgs, settle } from '../support/requests'

/**
 * The demo area's loaders and actions, called directly (the demo never touches the database or storage).
 * This file has its own DATA_DIR, so every table's row count and every file can be compared before and after.
 */

const ACTIVE = DEMO_POLICIES.find((policy) => policy.status === 'active')!
const PENDING = DEMO_POLICIES.find((policy) => policy.status === 'pending')!

const image = (name: string) => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4])], name, { type: 'image/jpeg' })

/** Row counts of every table, and every file under DATA_DIR except the database's own. */
function snapshot() {
  const sqlite = db().$client
  const tables = sqlite
    .prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%'")
    .pluck()
    .all() as string[]
  const rows = Object.fromEntries(tables.map((table) => [table, sqlite.prepare(`select count(*) from "${table}"`).pluck().get() as number]))
  const dataDir = process.env.DATA_DIR!
  const files = (fs.readdirSync(dataDir, { recursive: true }) as string[])
    .filter((file) => !/^app\.sqlite/.test(path.basename(file)) && fs.statSync(path.join(dataDir, file)).isFile())
    .sort()
  return { rows, files }
}

async function toastOf(headers: Headers) {
  const cookie = headers.get('Set-Cookie')?.split(';')[0] ?? ''
  return (await getToast(new Request('http://localhost/', { headers: { Cookie: cookie } }))).toast
}

let before: ReturnType<typeof snapshot>
beforeAll(() => {
  ensureSeeded()
  // Real data beside the demo: the demo must neither read nor change it.
  createActivePolicy(createProfile({ email: 'real-customer@example.com' }).id)
  before = snapshot()
  expect(before.rows.profiles).toBe(1)
})

describe('demo dashboard', () => {
  test('needs no sign-in and shows the sample customer, policies and claims', async () => {
    const result = await settle(() => dashboardLoader(routeArgs(makeRequest('/demo/customer'))))
    expect(result.status).toBe(200)
    const data = result.data as Awaited<ReturnType<typeof dashboardLoader>>
    expect(data.greetingName).toBe(DEMO_CUSTOMER.fullName)
    expect(data.policies.map((policy) => [policy.planName, policy.status, policy.monthlyPriceCents])).toEqual([
      ['Comprehensive — Car + ADAS', 'active', 2999],
      ['Chip Repair Only', 'incomplete', 1999],
    ])
    expect(new Set(data.claims.map((claim) => claim.approvalStatus))).toEqual(
      new Set(['pending_review', 'approved', 'denied', 'completed']),
    )
    expect(data.confirmCancelId).toBeNull()
  })

  test('cancel without JavaScript: confirm, then an echo of the dashboard with the policy cancelled', async () => {
    const confirm = dashboardLoader(routeArgs(makeRequest(`/demo/customer?cancel=${ACTIVE.id}`)))
    expect(confirm.confirmCancelId).toBe(ACTIVE.id)

    const first = await settle(() =>
      dashboardAction(routeArgs(makeRequest(`/demo/customer?cancel=${ACTIVE.id}`, { form: { intent: 'cancel' } }))),
    )
    expect(first.status).toBe(302)
    expect(first.headers.get('Location')).toBe(`/demo/customer?cancelled=${ACTIVE.id}`)
    expect(await toastOf(first.headers)).toEqual({ type: 'success', ...CANCEL_SUCCESS })

    // A pending policy too, keeping the first cancellation.
    const second = await settle(() =>
      dashboardAction(routeArgs(makeRequest(`/demo/customer?cancel=${PENDING.id}&cancelled=${ACTIVE.id}`, { form: { intent: 'cancel' } }))),
    )
    expect(second.headers.get('Location')).toBe(`/demo/customer?cancelled=${ACTIVE.id}&cancelled=${PENDING.id}`)
    const echoed = dashboardLoader(routeArgs(makeRequest(second.headers.get('Location')!)))
    expect(echoed.cancelled).toEqual([ACTIVE.id, PENDING.id])
    // An already cancelled policy is not offered again.
    expect(dashboardLoader(routeArgs(makeRequest(`/demo/customer?cancel=${ACTIVE.id}&cancelled=${ACTIVE.id}`))).confirmCancelId).toBeNull()
  })

  test('an unknown policy cannot be cancelled', async () => {
    const result = await settle(() => dashboardAction(routeArgs(makeRequest('/demo/customer?cancel=nope', { form: { intent: 'cancel' } }))))
    expect(result.headers.get('Location')).toBe('/demo/customer')
    expect((await toastOf(result.headers))?.type).toBe('error')
  })
})

describe('demo setup wizard', () => {
  const wizard = (query = '') => `/demo/complete-policy?policy_id=${PENDING.id}${query}`

  test('guards: no or unknown policy goes to the demo dashboard, a set-up one to the complete page', async () => {
    expect((await settle(() => wizardLoader(routeArgs(makeRequest('/demo/complete-policy'))))).headers.get('Location')).toBe(
      '/demo/customer',
    )
    expect((await settle(() => wizardLoader(routeArgs(makeRequest('/demo/complete-policy?policy_id=x'))))).headers.get('Location')).toBe(
      '/demo/customer',
    )
    const active = await settle(() => wizardLoader(routeArgs(makeRequest(`/demo/complete-policy?policy_id=${ACTIVE.id}`))))
    expect(active.headers.get('Location')).toBe('/demo/policy-complete')
    const pending = (await settle(() => wizardLoader(routeArgs(makeRequest(wizard()))))).data as Awaited<ReturnType<typeof wizardLoader>>
    expect(pending.step).toBe('photos')
    expect(pending.policy.planType).toBe('chip_only')
  })

  test('photos: missing ones are named; three images lead to the vehicle step', async () => {
    const missing = new FormData()
    missing.append('intent', 'upload')
    missing.append('head_on', image('front.jpg'))
    const refused = await settle(() => wizardAction(routeArgs(makeRequest(wizard(), { form: missing }))))
    expect(refused.status).toBe(400)
    expect(refused.data).toMatchObject({ result: { error: { inside_drivers: [PHOTO_MESSAGES.missing('inside_drivers')] } } })

    const notImage = new FormData()
    notImage.append('intent', 'upload')
    notImage.append('head_on', new File(['hello'], 'notes.txt', { type: 'text/plain' }))
    notImage.append('inside_drivers', image('driver.jpg'))
    notImage.append('inside_passengers', image('passenger.jpg'))
    const invalid = await settle(() => wizardAction(routeArgs(makeRequest(wizard(), { form: notImage }))))
    expect(invalid.data).toMatchObject({ toast: { title: PHOTO_MESSAGES.invalidFile, description: PHOTO_MESSAGES.notImage } })

    const three = new FormData()
    three.append('intent', 'upload')
    three.append('head_on', image('front.jpg'))
    three.append('inside_drivers', image('driver.jpg'))
    three.append('inside_passengers', image('passenger.jpg'))
    three.append('other', image('extra.jpg'))
    const uploaded = await settle(() => wizardAction(routeArgs(makeRequest(wizard(), { form: three }))))
    expect(uploaded.status).toBe(302)
    expect(uploaded.headers.get('Location')).toBe(wizard('&step=vehicle'))
    expect(await toastOf(uploaded.headers)).toMatchObject(PHOTO_MESSAGES.uploaded)
  })

  test('vehicle: find models from the bundled data, refuse a bad form, complete to the complete page', async () => {
    const vehicle = { intent: 'complete', licensePlate: 'abc 123', licensePlateState: 'UT', year: '2019', make: 'Toyota', model: 'Camry' }
    const found = await settle(() =>
      wizardAction(routeArgs(makeRequest(wizard('&step=vehicle'), { form: { ...vehicle, intent: 'find-models', model: '' } }))),
    )
    expect((found.data as { models: string[] }).models).toContain('Camry')

    const bad = await settle(() =>
      wizardAction(routeArgs(makeRequest(wizard('&step=vehicle'), { form: { ...vehicle, licensePlate: '' } }))),
    )
    expect(bad.status).toBe(400)

    const done = await settle(() => wizardAction(routeArgs(makeRequest(wizard('&step=vehicle'), { form: vehicle }))))
    expect(done.headers.get('Location')).toBe('/demo/policy-complete')
    expect(await toastOf(done.headers)).toMatchObject(VEHICLE_MESSAGES.success)

    const json = await settle(() => modelsLoader(routeArgs(makeRequest('/demo/vehicle-models?make=Toyota&year=2019'))))
    expect((json.data as { models: string[] }).models).toContain('Camry')
    // Without a year and a make: the JSON error shape every JSON route answers, with 400.
    const refused = (await modelsLoader(routeArgs(makeRequest('/demo/vehicle-models?make=&year=')))) as Response
    expect(refused.status).toBe(400)
    expect(Object.keys(await refused.json())).toEqual(['error'])
  })
})

describe('demo claim form', () => {
  const form = (query = '') => `/demo/submit-claim?policy_id=${ACTIVE.id}${query}`

  test('only the active sample policy takes claims', async () => {
    const pending = await settle(() => claimLoader(routeArgs(makeRequest(`/demo/submit-claim?policy_id=${PENDING.id}`))))
    expect(pending.headers.get('Location')).toBe('/demo/customer')
    const active = (await settle(() => claimLoader(routeArgs(makeRequest(form()))))).data as Awaited<ReturnType<typeof claimLoader>>
    expect(active).toMatchObject({ policyId: ACTIVE.id, planType: 'comprehensive', submitted: false })
  })

  test('photos required; a complete claim leads to the success screen', async () => {
    const fields = {
      policyId: ACTIVE.id,
      damageType: 'crack',
      damageDate: usToday(),
      description: 'A stone on the highway.',
      ...REVIEWED_CHIP,
    }
    const noPhotos = await settle(() => claimAction(routeArgs(makeRequest(form(), { form: fields }))))
    expect(noPhotos.status).toBe(400)
    expect(noPhotos.data).toMatchObject({ toast: { title: PHOTOS_REQUIRED.title } })

    const complete = new FormData()
    for (const [key, value] of Object.entries(fields)) complete.append(key, value)
    complete.append('photos', image('damage.jpg'))
    const sent = await settle(() => claimAction(routeArgs(makeRequest(form(), { form: complete }))))
    expect(sent.status).toBe(302)
    expect(sent.headers.get('Location')).toBe(form('&submitted=1'))
    const success = (await settle(() => claimLoader(routeArgs(makeRequest(form('&submitted=1')))))).data as Awaited<
      ReturnType<typeof claimLoader>
    >
    expect(success.submitted).toBe(true)
  })
})

test('nothing was written: every table and every file under DATA_DIR as before', () => {
  expect(snapshot()).toEqual(before)
})
