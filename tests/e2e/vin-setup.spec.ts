import type { Page } from '@playwright/test'

import { expect, test } from '../support/e2e'
import { createPolicy } from '../support/factories'
import { makePhotos } from '../support/photos'

// Setting up a vehicle by its VIN (the server runs with VPIC_URL=off: the bundled table gives year and make, the
// customer picks the model). Without JavaScript 'Look up' reloads the step filled in; with it the 17th character does.

let photos: Awaited<ReturnType<typeof makePhotos>>
test.beforeAll(async () => {
  photos = await makePhotos({ head_on: '#2f6fb0', inside_drivers: '#b05a2f', inside_passengers: '#3f9f4f' }, { width: 640, height: 480 })
})
test.afterAll(() => photos.remove())

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

test('a vehicle set up by its VIN: year and make filled in, the VIN stored and on the contract', async ({ page, signIn, javaScript }) => {
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
  await enterVin(page, '1hgcm82633a004352', javaScript)
  await expect(page.getByText('Vehicle found')).toBeVisible()
  await expect(page.getByLabel('Year')).toHaveValue('2003')
  await expect(page.getByLabel('Make')).toHaveValue('Honda')
  await expect(page.getByLabel('License plate')).toHaveValue('VIN123')
  await expect(page.getByLabel('VIN')).toHaveValue(javaScript ? '1hgcm82633a004352' : '1HGCM82633A004352')
  await expect(page.getByLabel('Model')).toBeEnabled()
  await page.getByLabel('Model').selectOption('Accord')
  await page.getByRole('button', { name: 'Complete Policy' }).click()
  await expect(page).toHaveURL(/\/customer\/policy-complete$/, { timeout: 10_000 })

  await page.goto('/customer')
  await expect(page.locator(`[data-policy-id="${policy.id}"]`)).toContainText('2003 Honda Accord')
  await page.goto(`/customer/policies/${policy.id}/contract`)
  await expect(page.getByText('1HGCM82633A004352')).toBeVisible()
})

test('Look up checks only the VIN: the fields the customer has not reached yet are not marked wrong', async ({ page, signIn }) => {
  const profile = await signIn({ fullName: 'Vin Lookup Only' })
  const policy = createPolicy(profile.id)
  await toVehicleStep(page, policy.id)

  await page.getByLabel('VIN').fill('1HGCM82633A004352')
  await page.getByRole('button', { name: 'Look up' }).click()
  await expect(page.getByText('Vehicle found')).toBeVisible()
  await expect(page.getByLabel('Make')).toHaveValue('Honda')
  for (const label of ['License plate', 'Plate state', 'Year', 'Make', 'Model']) {
    await expect(page.getByLabel(label)).not.toHaveAttribute('aria-invalid', 'true')
  }
  await expect(page.locator('[aria-invalid="true"]')).toHaveCount(0)

  // An empty VIN: its own message next to it, and still nothing else marked.
  await page.getByLabel('VIN').fill('')
  await page.getByRole('button', { name: 'Look up' }).click()
  await expect(page.getByText('Please enter the VIN to look it up.')).toBeVisible()
  await expect(page.getByLabel('License plate')).not.toHaveAttribute('aria-invalid', 'true')
})
