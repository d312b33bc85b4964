import type { Page } from '@playwright/test'
import { eq } from 'drizzle-orm'

import { db } from '~/db/client.server'
import { vehicles } from '~/db/schema'
import { vinCheckDigit } from '~/domain/vin'

import { addSessionCookie, expect, randomIp, test } from '../support/e2e'
import { createActivePolicy, createPolicy, createProfile, findOrCreateProfile } from '../support/factories'
import { makePhotos } from '../support/photos'

// Setting up a vehicle by its VIN (the server runs with VPIC_URL=off: the bundled tables give year, make and model).
// Without JavaScript 'Look up' reloads the step filled in; with it the 17th character, or 'Look up', does.

let photos: Awaited<ReturnType<typeof makePhotos>>
test.beforeAll(async () => {
  photos = await makePhotos({ head_on: '#2f6fb0', inside_drivers: '#b05a2f', inside_passengers: '#3f9f4f' }, { width: 640, height: 480 })
})
test.afterAll(() => photos.remove())

/**
 * A 2003 Honda's VIN with a serial of its own (its check digit computed): a VIN registered on an active policy holds
 * the next setup that registers it, so each run of a test sets up a vehicle no other test has.
 */
function hondaVin() {
  const serial = String(Math.floor(Math.random() * 1_000_000)).padStart(6, '0')
  const draft = `1HGCM82603A${serial}`
  return `${draft.slice(0, 8)}${vinCheckDigit(draft)}${draft.slice(9)}`
}

async function toVehicleStep(page: Page, policyId: string) {
  await page.goto(`/customer/complete-policy?policy_id=${policyId}`)
  await page.locator('#photo-head_on').setInputFiles(photos.photo('head_on'))
  await page.locator('#photo-inside_drivers').setInputFiles(photos.photo('inside_drivers'))
  await page.locator('#photo-inside_passengers').setInputFiles(photos.photo('inside_passengers'))
  await page.getByRole('button', { name: 'Upload Photos' }).click()
  await expect(page.getByText('Step 2 of 2')).toBeVisible()
}

async function enterVin(page: Page, vin: string, javaScript: boolean) {
  const field = page.getByLabel('VIN')
  if (javaScript) {
    await field.fill(vin.slice(0, -1))
    await field.pressSequentially(vin.slice(-1))
  } else {
    await field.fill(vin)
    await page.getByRole('button', { name: 'Look up' }).click()
  }
}

test('a vehicle set up by its VIN: year, make and model filled in, the VIN stored and on the contract', async ({
  page,
  signIn,
  javaScript,
}) => {
  const profile = await signIn({ fullName: 'Vin Setup' })
  const policy = createPolicy(profile.id)
  await toVehicleStep(page, policy.id)

  // A Tesla's VIN on a Comprehensive plan: refused next to the field, with the excluded-make message.
  await enterVin(page, '5YJSA1E27HF000337', javaScript)
  await expect(page.getByText('This make is not eligible for Comprehensive plans.')).toBeVisible()
  await expect(page.getByLabel('VIN')).toHaveAttribute('aria-invalid', 'true')

  await page.getByLabel('VIN').fill('')
  await page.getByLabel('License plate').fill('VIN123')
  await page.getByLabel('Plate state').selectOption('UT')
  const vin = hondaVin()
  await enterVin(page, vin.toLowerCase(), javaScript)
  await expect(page.getByText('Vehicle found')).toBeVisible()
  await expect(page.getByLabel('Year')).toHaveValue('2003')
  await expect(page.getByLabel('Make')).toHaveValue('Honda')
  await expect(page.getByLabel('License plate')).toHaveValue('VIN123')
  await expect(page.getByLabel('VIN')).toHaveValue(javaScript ? vin.toLowerCase() : vin)
  await expect(page.getByLabel('Model')).toBeEnabled()
  await expect(page.getByLabel('Model')).toHaveValue('Accord')
  await page.getByRole('button', { name: 'Complete Policy' }).click()
  await expect(page).toHaveURL(/\/customer\/policy-complete$/, { timeout: 10_000 })

  await page.goto('/customer')
  await expect(page.locator(`[data-policy-id="${policy.id}"]`)).toContainText('2003 Honda Accord')
  await page.goto(`/customer/policies/${policy.id}/contract`)
  await expect(page.getByText(vin)).toBeVisible()
})

test('Look up checks only the VIN: the fields the customer has not reached yet are not marked wrong', async ({ page, signIn }) => {
  const profile = await signIn({ fullName: 'Vin Lookup Only' })
  const policy = createPolicy(profile.id)
  await toVehicleStep(page, policy.id)

  await page.getByLabel('VIN').fill('1HGCM82633A004352')
  await page.getByRole('button', { name: 'Look up' }).click()
  await expect(page.getByText('Vehicle found')).toBeVisible()
  await expect(page.getByLabel('Make')).toHaveValue('Honda')
  await expect(page.getByLabel('Model')).toHaveValue('Accord')
  for (const label of ['License plate', 'Plate state', 'Year', 'Make', 'Model']) {
    await expect(page.getByLabel(label)).not.toHaveAttribute('aria-invalid', 'true')
  }
  await expect(page.locator('[aria-invalid="true"]')).toHaveCount(0)

  // A Toyota under a maker code Toyota shares with Subaru (the 86, built by Subaru): make and model come from the
  // characters after the code, not the year alone.
  await page.getByLabel('VIN').fill('JF1ZNAA18H8712345')
  await page.getByRole('button', { name: 'Look up' }).click()
  await expect(page.getByLabel('Year')).toHaveValue('2017')
  await expect(page.getByLabel('Make')).toHaveValue('Toyota')
  await expect(page.getByLabel('Model')).toHaveValue('86')

  // An empty VIN: its own message next to it, and still nothing else marked.
  await page.getByLabel('VIN').fill('')
  await page.getByRole('button', { name: 'Look up' }).click()
  await expect(page.getByText('Please enter the VIN to look it up.')).toBeVisible()
  await expect(page.getByLabel('License plate')).not.toHaveAttribute('aria-invalid', 'true')
})

test('a VIN already on another active policy: the second setup is being checked, and the operator sees why', async ({
  page,
  signIn,
  javaScript,
  browser,
  baseURL,
}) => {
  test.slow() // a customer's setup and the operator, in two browsers
  const vin = hondaVin()
  const owner = createProfile({ fullName: 'First Owner' })
  const { policy: first } = createActivePolicy(owner.id)
  db().update(vehicles).set({ vin, make: 'Honda', model: 'Accord', year: 2003 }).where(eq(vehicles.id, first.vehicleId!)).run()

  const profile = await signIn({ fullName: 'Second Registration' })
  const policy = createPolicy(profile.id)
  await toVehicleStep(page, policy.id)
  await page.getByLabel('License plate').fill('DUP123')
  await page.getByLabel('Plate state').selectOption('UT')
  await enterVin(page, vin, javaScript)
  await expect(page.getByLabel('Make')).toHaveValue('Honda')
  await page.getByLabel('Model').selectOption('Accord')
  await page.getByRole('button', { name: 'Complete Policy' }).click()

  // Told in plain words that it is being checked: the dashboard's card says so (and, without JavaScript, the toast the
  // redirect carries); nothing of the other customer or their policy.
  await expect(page).toHaveURL(/\/customer$/, { timeout: 10_000 })
  if (!javaScript) await expect(page.getByText('We are checking your setup')).toBeVisible()
  const card = page.locator(`[data-policy-id="${policy.id}"]`)
  await expect(card).toContainText('We are checking your vehicle details before your coverage starts')
  await expect(card.getByRole('link', { name: 'Complete Policy Setup' })).toHaveCount(0)
  await expect(card.getByRole('link', { name: 'Submit Claim' })).toHaveCount(0)
  await expect(page.locator('body')).not.toContainText(first.policyNumber)

  // The operator sees the reason and both policies' numbers, and approves: coverage starts.
  const operatorProfile = findOrCreateProfile('operator@example.com', { fullName: 'Olive Operator' })
  const operatorContext = await browser.newContext({ javaScriptEnabled: javaScript, extraHTTPHeaders: { 'X-Forwarded-For': randomIp() } })
  await addSessionCookie(operatorContext, baseURL!, operatorProfile.id)
  const operator = await operatorContext.newPage()
  await operator.goto('/admin/setups')
  const held = operator.getByRole('group', { name: policy.policyNumber })
  await expect(held.getByTestId('held-setup-reason')).toHaveText('Its VIN is already on another active policy')
  await expect(held.getByRole('link', { name: first.policyNumber })).toHaveAttribute('href', `/admin/customers/${owner.id}`)
  await expect(held.getByRole('link', { name: policy.policyNumber })).toHaveAttribute('href', `/admin/customers/${profile.id}`)
  await held.getByRole('button', { name: 'Approve: start coverage' }).click()
  await expect(operator.getByText('Setup approved')).toBeVisible()
  await expect(operator.getByRole('group', { name: policy.policyNumber })).toHaveCount(0)
  await operatorContext.close()

  await page.goto('/customer')
  await expect(card).toContainText('Your coverage is active')
})
