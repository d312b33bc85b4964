import fs from 'node:fs'
import path from 'node:path'

import { expect, expectNoSeriousA11yViolations, test, toast, waitForEmail } from '../support/e2e'
import { createActivePolicy } from '../support/factories'
import { jpeg, makePhotos } from '../support/photos'

let photos: Awaited<ReturnType<typeof makePhotos>>
let bigPhoto: string
test.beforeAll(async () => {
  photos = await makePhotos({ head_on: '#2f6fb0', inside_drivers: '#b05a2f', inside_passengers: '#3f9f4f' }, { width: 640, height: 480 })
  // A photo of a real size (noise does not compress: over 1 MB), so the upload goes through the server's upload limits.
  bigPhoto = path.join(path.dirname(photos.photo('head_on')), 'big.jpg')
  fs.writeFileSync(bigPhoto, await jpeg({ width: 1600, height: 1200, random: true, quality: 95 }))
  expect(fs.statSync(bigPhoto).size).toBeGreaterThan(1024 * 1024)
})
test.afterAll(() => photos.remove())

// A plan moves to a replacement vehicle once, with three new photos — with JavaScript on and off.
test('a customer transfers their plan to a replacement vehicle, once', async ({ page, signIn, javaScript }) => {
  const customer = await signIn({ fullName: 'Sam Mover' })
  const { policy } = createActivePolicy(customer.id, { vehicleType: 'car', hasAdas: false })
  const card = page.getByRole('article').filter({ has: page.getByText(policy.policyNumber, { exact: true }) })

  await page.goto('/customer')
  await card.getByRole('link', { name: 'Transfer to a new vehicle' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Transfer to a new vehicle' })).toBeVisible()
  await expectNoSeriousA11yViolations(page)

  await page.locator('#photo-head_on').setInputFiles(bigPhoto)
  await page.locator('#photo-inside_drivers').setInputFiles(photos.photo('inside_drivers'))
  await page.locator('#photo-inside_passengers').setInputFiles(photos.photo('inside_passengers'))
  await page.getByRole('button', { name: 'Upload Photos' }).click()
  await expect(page.getByRole('heading', { name: 'Vehicle information' })).toBeVisible()

  await page.getByLabel('License plate').fill('nv 4521')
  await page.getByLabel('Plate state').selectOption('NV')
  await page.getByLabel('Year').selectOption('2019')
  await page.getByLabel('Make').selectOption('Toyota')
  if (!javaScript) await page.getByRole('button', { name: 'Find models' }).click()
  await page.getByLabel('Model').selectOption('Camry')
  // A Truck/SUV does not fit a Car plan: the reason is next to the field and nothing moves.
  await page.getByLabel('Vehicle class').selectOption('trucksuv')
  await page
    .getByRole('group', { name: /Does it have ADAS/ })
    .getByLabel('No')
    .check()
  await page.getByRole('button', { name: 'Transfer Plan' }).click()
  await expect(page.getByText('Your plan is priced for a Car, so it can only move to a Car.').first()).toBeVisible()

  await page.getByLabel('Vehicle class').selectOption('car')
  await page.getByRole('button', { name: 'Transfer Plan' }).click()
  await expect(page).toHaveURL(/\/customer$/)
  await expect(toast(page)).toContainText('Plan transferred')
  await expect(card).toContainText('2019 Toyota Camry (NV NV4521)')
  await expect(card.getByRole('link', { name: 'Transfer to a new vehicle' })).toHaveCount(0)
  await waitForEmail(customer.email, 'Your plan now covers your new vehicle')

  // Once only: the page says so.
  await page.goto(`/customer/policies/${policy.id}/transfer`)
  await expect(page.getByRole('heading', { name: 'Transfer already used' })).toBeVisible()
})
