import fs from 'node:fs'
import path from 'node:path'

import type { Page } from '@playwright/test'

import { DEMO_BANNER, DEMO_CUSTOMER, DEMO_POLICIES, DEMO_SUBMITTED_CODE } from '~/components/demo/sample-data'
import { db } from '~/db/client.server'
import { createId } from '~/db/ids'

import { expect, expectNoSeriousA11yViolations, test, toast } from '../support/e2e'
import { makePhotos } from '../support/photos'

/**
 * The demo area (docs/decisions/012-demo.md), with JavaScript on and off: the real cards and forms over
 * sample data, simulated in the browser with JavaScript, echoed by demo actions without it — and nothing written.
 */

const ACTIVE = DEMO_POLICIES.find((policy) => policy.status === 'active')!
const PENDING = DEMO_POLICIES.find((policy) => policy.status === 'pending')!

/** Small real JPEGs made at test time, one colour per view so the previews differ. */
let photos: Awaited<ReturnType<typeof makePhotos>>
test.beforeAll(async () => {
  photos = await makePhotos({ head_on: '#2f6fb0', inside_drivers: '#b05a2f', inside_passengers: '#3f9f4f', damage: '#777777' })
})
test.afterAll(() => photos.remove())
const photo = (name: string) => photos.photo(name)

/** With JavaScript every demo action stays in the browser: record any request that is not a plain GET. */
function recordWrites(page: Page) {
  const writes: string[] = []
  page.on('request', (request) => {
    if (request.method() !== 'GET') writes.push(`${request.method()} ${request.url()}`)
  })
  return writes
}

/**
 * What the demo could have left behind if it wrote anything: rows and files that carry the sample data's ids, the
 * sample customer's e-mail, or the unique marker this test typed. Other specs write to the same database at the same
 * time, so whole-table counts belong to the integration test (tests/integration/demo.test.ts), which has its own.
 */
function demoFootprint(marker: string) {
  const sqlite = db().$client
  const count = (sql: string, ...params: unknown[]) =>
    (sqlite
      .prepare(sql)
      .pluck()
      .get(...params) as number) ?? 0
  const policyIds = DEMO_POLICIES.map((policy) => policy.id)
  const placeholders = policyIds.map(() => '?').join(', ')
  const dataDir = process.env.DATA_DIR!
  const outboxDir = path.join(dataDir, 'outbox')
  // The e-mails: one JSON file each (the paper letters have a folder of their own in the outbox).
  const outboxFiles = fs.existsSync(outboxDir) ? fs.readdirSync(outboxDir).filter((file) => file.endsWith('.json')) : []
  const uploadsDir = path.join(dataDir, 'uploads')
  const uploads = fs.existsSync(uploadsDir) ? (fs.readdirSync(uploadsDir, { recursive: true }) as string[]) : []
  return {
    profiles: count('select count(*) from profiles where email = ? or full_name = ?', DEMO_CUSTOMER.email, DEMO_CUSTOMER.fullName),
    policies: count(`select count(*) from policies where id in (${placeholders})`, ...policyIds),
    claims: count(`select count(*) from claims where policy_id in (${placeholders}) or description like ?`, ...policyIds, `%${marker}%`),
    vehicles: count('select count(*) from vehicles where license_plate like ?', `%${marker}%`),
    auditLog: count(`select count(*) from audit_log where entity_id in (${placeholders})`, ...policyIds),
    outbox: outboxFiles.filter((file) => {
      const text = fs.readFileSync(path.join(outboxDir, file), 'utf8')
      return text.includes(marker) || text.includes(DEMO_CUSTOMER.email) || policyIds.some((id) => text.includes(id))
    }).length,
    uploads: uploads.filter((file) => policyIds.some((id) => file.includes(id))).length,
  }
}

const NOTHING = { profiles: 0, policies: 0, claims: 0, vehicles: 0, auditLog: 0, outbox: 0, uploads: 0 }

/** The demo dashboard, after its simulated second of loading when JavaScript runs. */
async function openDashboard(page: Page, javaScript: boolean) {
  await page.goto('/demo/customer')
  if (javaScript) await expect(page.getByTestId('demo-loading')).toBeHidden()
  await expect(page.getByRole('heading', { name: 'Your Policies' })).toBeVisible()
}

test('the demo dashboard greets the sample customer and lists the sample policies and claims', async ({ page, javaScript }) => {
  await page.goto('/demo/customer')
  await expect(page.getByTestId('demo-banner')).toHaveText(DEMO_BANNER)
  await expect(page.getByRole('heading', { name: `Welcome back, ${DEMO_CUSTOMER.fullName}` })).toBeVisible()
  // With JavaScript, a second of simulated loading with a spinner first (not asserted visible: on a busy
  // machine the second may be over before the check runs).
  if (javaScript) await expect(page.getByTestId('demo-loading')).toBeHidden()
  await expect(page.getByRole('heading', { name: 'Your Policies' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Your Claims' })).toBeVisible()

  const active = page.locator(`[data-policy-id="${ACTIVE.id}"]`)
  await expect(active.getByRole('heading', { name: 'Comprehensive — Car' })).toBeVisible()
  await expect(active).toContainText('Your coverage is active')
  await expect(active).toContainText('$29.99 / month')
  await expect(active).toContainText('2021 Honda Accord')
  await expect(active.getByRole('link', { name: 'Submit Claim' })).toHaveAttribute('href', `/demo/submit-claim?policy_id=${ACTIVE.id}`)
  await expect(active.getByRole('link', { name: 'Complete Policy Setup' })).toHaveCount(0)

  const pending = page.locator(`[data-policy-id="${PENDING.id}"]`)
  await expect(pending.getByRole('heading', { name: 'Chip Repair Only' })).toBeVisible()
  await expect(pending).toContainText('Setup required to activate coverage')
  // The demo's own word ('pending') stays inside the demo: the card shows the real status's label.
  await expect(pending.getByText('Incomplete', { exact: true })).toBeVisible()
  await expect(pending.getByText('pending', { exact: true })).toHaveCount(0)
  await expect(pending).toContainText('$19.99 / month')
  await expect(pending).toContainText('Vehicle information pending')
  await expect(pending.getByRole('link', { name: 'Complete Policy Setup' })).toHaveAttribute(
    'href',
    `/demo/complete-policy?policy_id=${PENDING.id}`,
  )
  await expect(pending.getByRole('link', { name: 'Submit Claim' })).toHaveCount(0)

  // Claims in several approval states, with their codes.
  await expect(page.locator('[data-claim-id]')).toHaveCount(4)
  for (const status of ['Pending Review', 'Approved', 'Denied', 'Completed']) {
    await expect(page.locator('[data-claim-id]').getByText(status, { exact: true })).toHaveCount(1)
  }
  await expect(page.locator('[data-claim-id]').getByRole('heading', { name: 'Claim CS-R8TZ2P' })).toBeVisible()
  // Policies by their numbers, claims by their codes ('Claim ID'), as on the real dashboard.
  await expect(active.getByTestId('policy-number')).toHaveText(ACTIVE.policyNumber)
  await expect(page.locator('[data-claim-id]').getByTestId('claim-id').filter({ hasText: 'CS-R8TZ2P' })).toHaveCount(1)
  await expect(page.getByRole('link', { name: 'View Plans' })).toHaveAttribute('href', '/#pricing')
  await expectNoSeriousA11yViolations(page)
})

test('cancelling a sample policy after confirming shows it as cancelled', async ({ page, javaScript }) => {
  const writes = recordWrites(page)
  const before = demoFootprint('no-marker')
  await openDashboard(page, javaScript)
  const active = page.locator(`[data-policy-id="${ACTIVE.id}"]`)
  const pending = page.locator(`[data-policy-id="${PENDING.id}"]`)

  await active.getByRole('link', { name: 'Cancel Policy' }).click()
  await expect(page.getByRole('heading', { name: 'Are you sure?' })).toBeVisible()
  await expectNoSeriousA11yViolations(page)
  if (javaScript) {
    // The confirmation is a dialog; 'Keep Policy' closes it and changes nothing.
    await page.getByRole('button', { name: 'Keep Policy' }).click()
    await expect(page.getByRole('dialog')).toHaveCount(0)
    await expect(active).toContainText('Your coverage is active')
    await active.getByRole('link', { name: 'Cancel Policy' }).click()
    await page.getByRole('button', { name: 'Yes, Cancel Policy' }).click()
    await expect(page.getByRole('button', { name: 'Cancelling...' })).toBeVisible()
  } else {
    await expect(page.getByRole('link', { name: 'Keep Policy' })).toHaveAttribute('href', '/demo/customer')
    await page.getByRole('button', { name: 'Yes, Cancel Policy' }).click()
  }

  await expect(toast(page)).toContainText('Policy Cancelled')
  await expect(toast(page)).toContainText('Your policy has been successfully cancelled.')
  await expect(active).toContainText('This policy has been cancelled')
  await expect(active.getByText('Canceled', { exact: true })).toBeVisible()
  await expect(active.getByRole('link', { name: 'Cancel Policy' })).toHaveCount(0)
  await expect(active.getByRole('link', { name: 'Submit Claim' })).toHaveCount(0)

  // A pending policy can be cancelled too; the first stays cancelled.
  await pending.getByRole('link', { name: 'Cancel Policy' }).click()
  await page.getByRole('button', { name: 'Yes, Cancel Policy' }).click()
  await expect(pending).toContainText('This policy has been cancelled')
  await expect(active).toContainText('This policy has been cancelled')
  await expect(pending.getByRole('link', { name: 'Complete Policy Setup' })).toHaveCount(0)

  if (javaScript) expect(writes).toEqual([])
  expect(demoFootprint('no-marker')).toEqual(before)
})

test('completing the sample policy goes through both real steps to the complete page', async ({ page, javaScript }) => {
  const writes = recordWrites(page)
  const plate = `D${createId(5)
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, 'X')}`
  const before = demoFootprint(plate)
  expect(before).toEqual(NOTHING)

  await openDashboard(page, javaScript)
  await page.locator(`[data-policy-id="${PENDING.id}"]`).getByRole('link', { name: 'Complete Policy Setup' }).click()
  await expect(page).toHaveURL(new RegExp(`/demo/complete-policy\\?policy_id=${PENDING.id}$`))
  await expect(page.getByTestId('demo-banner')).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Complete Your Policy' })).toBeVisible()
  await expect(page.getByText('Step 1 of 2')).toBeVisible()
  await expectNoSeriousA11yViolations(page)

  if (javaScript) {
    await expect(page.getByRole('button', { name: 'Upload Photos' })).toBeDisabled()
  } else {
    // Without JavaScript the demo action says what is missing, like the real wizard.
    await page.getByRole('button', { name: 'Upload Photos' }).click()
    await expect(toast(page)).toContainText('Please upload head-on view photo')
  }
  await page.locator('#photo-head_on').setInputFiles(photo('head_on'))
  await page.locator('#photo-inside_drivers').setInputFiles(photo('inside_drivers'))
  await page.locator('#photo-inside_passengers').setInputFiles(photo('inside_passengers'))
  await page.getByRole('button', { name: 'Upload Photos' }).click()
  if (javaScript) await expect(page.getByTestId('upload-progress')).toBeVisible()

  await expect(page.getByText('Step 2 of 2')).toBeVisible()
  await expect(toast(page)).toContainText('Photos Uploaded')
  await page.getByLabel('License plate').fill(plate)
  await page.getByLabel('Plate state').selectOption('UT')
  await page.getByLabel('Year').selectOption('2019')
  await page.getByLabel('Make').selectOption('Toyota')
  if (!javaScript) {
    await page.getByRole('button', { name: 'Find models' }).click()
    await expect(page.getByLabel('License plate')).toHaveValue(plate)
  }
  await expect(page.getByLabel('Model')).toBeEnabled()
  await page.getByLabel('Model').selectOption('Camry')
  await page.getByRole('button', { name: 'Complete Policy' }).click()

  if (javaScript) {
    await expect(page.getByRole('button', { name: 'Completing...' })).toBeVisible()
    await expect(toast(page)).toContainText('Your policy is now complete')
  }
  await expect(page).toHaveURL(/\/demo\/policy-complete$/, { timeout: 10_000 })
  if (!javaScript) await expect(toast(page)).toContainText('Success!')
  await expect(page.getByRole('heading', { name: "You're All Set!" })).toBeVisible()
  await expect(page.getByTestId('demo-banner')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Return to Homepage' })).toHaveAttribute('href', '/customer')
  await expectNoSeriousA11yViolations(page)

  if (javaScript) expect(writes).toEqual([])
  expect(demoFootprint(plate)).toEqual(NOTHING)
})

test('a sample claim is submitted to the real success view and back to the demo dashboard', async ({ page, javaScript }) => {
  const writes = recordWrites(page)
  const marker = `demo-claim-${createId(8)}`
  expect(demoFootprint(marker)).toEqual(NOTHING)

  await openDashboard(page, javaScript)
  await page.locator(`[data-policy-id="${ACTIVE.id}"]`).getByRole('link', { name: 'Submit Claim' }).click()
  await expect(page).toHaveURL(new RegExp(`/demo/submit-claim\\?policy_id=${ACTIVE.id}$`))
  await expect(page.getByTestId('demo-banner')).toBeVisible()
  await expect(page.getByTestId('policy-number')).toHaveText(ACTIVE.policyNumber)
  await expect(page.getByRole('link', { name: 'Cancel', exact: true })).toHaveAttribute('href', '/demo/customer')
  await expectNoSeriousA11yViolations(page)

  // The real form's rules: a photo is required.
  await page.getByLabel('What Happened?').fill(`A stone hit the windshield on the highway. ${marker}`)
  await page.getByRole('button', { name: 'Submit Claim' }).click()
  await expect(toast(page)).toContainText('Photos Required')
  await expect(page.getByLabel('What Happened?')).toHaveValue(new RegExp(marker))

  await page.getByLabel('Damage Type').selectOption('crack')
  await page.getByRole('radio', { name: 'Longer than 6 inches' }).check()
  await page.getByRole('group', { name: 'Is it in the driver’s line of sight?' }).getByRole('radio', { name: 'No' }).check()
  await page.getByRole('radio', { name: 'In the center' }).check()
  await page.getByLabel('Damage Photos').setInputFiles(photo('damage'))
  await page.getByRole('button', { name: 'Submit Claim' }).click()
  if (javaScript) await expect(page.getByRole('button', { name: 'Submitting...' })).toBeVisible()

  await expect(page.getByRole('heading', { name: 'Claim Submitted Successfully!' })).toBeVisible()
  await expect(page.getByTestId('confirmation-code')).toHaveText(DEMO_SUBMITTED_CODE)
  await expectNoSeriousA11yViolations(page)
  await page.getByRole('link', { name: 'Return to Dashboard' }).click()
  await expect(page).toHaveURL(/\/demo\/customer$/)
  await expect(page.getByRole('heading', { name: `Welcome back, ${DEMO_CUSTOMER.fullName}` })).toBeVisible()

  if (javaScript) expect(writes).toEqual([])
  expect(demoFootprint(marker)).toEqual(NOTHING)
})

test('demo pages need no sign-in and send unknown policies back to the demo dashboard', async ({ page }) => {
  for (const target of [
    '/demo',
    '/demo/complete-policy',
    '/demo/complete-policy?policy_id=nope',
    '/demo/submit-claim?policy_id=nope',
    `/demo/submit-claim?policy_id=${PENDING.id}`,
  ]) {
    await page.goto(target)
    await expect(page).toHaveURL(/\/demo\/customer$/)
  }
  // The active sample needs no setup: its wizard goes to the complete page.
  await page.goto(`/demo/complete-policy?policy_id=${ACTIVE.id}`)
  await expect(page).toHaveURL(/\/demo\/policy-complete$/)
  await expect(page.getByRole('heading', { name: "You're All Set!" })).toBeVisible()
})
