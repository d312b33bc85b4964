import type { Page } from '@playwright/test'

import { expect, expectNoSeriousA11yViolations, test, toast, waitForEmail } from '../support/e2e'
import { createPolicy } from '../support/factories'
import { makePhotos } from '../support/photos'

/** Small real JPEGs made at test time, one colour per view so the previews differ. */
let photos: Awaited<ReturnType<typeof makePhotos>>
test.beforeAll(async () => {
  photos = await makePhotos(
    { head_on: '#2f6fb0', inside_drivers: '#b05a2f', inside_passengers: '#3f9f4f', extra: '#777777' },
    { width: 640, height: 480 },
  )
})
test.afterAll(() => photos.remove())
const photo = (name: string) => photos.photo(name)

async function uploadPhotos(page: Page, { extra = false } = {}) {
  await page.locator('#photo-head_on').setInputFiles(photo('head_on'))
  await page.locator('#photo-inside_drivers').setInputFiles(photo('inside_drivers'))
  await page.locator('#photo-inside_passengers').setInputFiles(photo('inside_passengers'))
  if (extra) await page.locator('#photo-other').setInputFiles(photo('extra'))
  await page.getByRole('button', { name: 'Upload Photos' }).click()
}

test('from an incomplete policy through both steps to an active policy on the dashboard', async ({ page, request, signIn, javaScript }) => {
  const profile = await signIn({ fullName: 'Pat Setup' })
  const policy = createPolicy(profile.id)

  // The dashboard's 'Complete Policy Setup' leads to the wizard.
  await page.goto('/customer')
  await page.getByRole('link', { name: 'Complete Policy Setup' }).click()
  await expect(page).toHaveURL(new RegExp(`/customer/complete-policy\\?policy_id=${policy.id}`))
  await expect(page.getByRole('heading', { name: 'Complete Your Policy' })).toBeVisible()
  await expect(page.getByText('Step 1 of 2')).toBeVisible()
  await expect(page.getByText('Make sure the whole windshield is visible')).toBeVisible()
  await expectNoSeriousA11yViolations(page)

  if (javaScript) {
    // The button waits for the three required views; a chosen photo shows a preview at once.
    await expect(page.getByRole('button', { name: 'Upload Photos' })).toBeDisabled()
    await page.locator('#photo-head_on').setInputFiles(photo('head_on'))
    await expect(page.getByRole('img', { name: 'Head-on view preview' })).toHaveAttribute('src', /^blob:/)
  } else {
    // Without JavaScript the server says what is missing.
    await page.getByRole('button', { name: 'Upload Photos' }).click()
    await expect(toast(page)).toContainText('Please upload head-on view photo')
    await expect(page.getByText('Step 1 of 2')).toBeVisible()
  }

  await uploadPhotos(page, { extra: true })
  await expect(toast(page)).toContainText('Photos Uploaded')
  await expect(toast(page)).toContainText('All photos uploaded successfully!')
  await expect(page.getByText('Step 2 of 2')).toBeVisible()

  // 'Back' returns to step 1, with the stored photos shown; 'Continue' goes on again.
  await page.getByRole('link', { name: 'Back' }).click()
  await expect(page.getByText('Step 1 of 2')).toBeVisible()
  const stored = page.getByRole('img', { name: 'Head-on view preview' })
  await expect(stored).toHaveAttribute('src', /\/files\/policy-photos\/.+\/head_on\.thumb\.jpg$/)
  await expect(page.getByRole('list', { name: 'Additional photos' }).getByRole('img')).toHaveCount(1)
  // The photo is served to its owner only, privately cached; anyone else gets a 404.
  const photoUrl = (await stored.getAttribute('src'))!
  const mine = await page.request.get(photoUrl)
  expect(mine.status()).toBe(200)
  expect(mine.headers()['content-type']).toBe('image/jpeg')
  expect(mine.headers()['cache-control']).toMatch(/^private/)
  expect((await request.get(photoUrl)).status()).toBe(404)
  await page.getByRole('link', { name: 'Continue' }).click()
  await expect(page.getByText('Step 2 of 2')).toBeVisible()
  await expectNoSeriousA11yViolations(page)

  await page.getByLabel('License plate').fill('abc123')
  await page.getByLabel('Plate state').selectOption('UT')
  await page.getByLabel('Year').selectOption('2019')
  await page.getByLabel('Make').selectOption('Toyota')
  if (!javaScript) {
    // Without JavaScript 'Find models' reloads the step with the list and keeps what was typed.
    await page.getByRole('button', { name: 'Find models' }).click()
    await expect(page.getByLabel('License plate')).toHaveValue('abc123')
    await expect(page.getByLabel('Make')).toHaveValue('Toyota')
  }
  await expect(page.getByLabel('Model')).toBeEnabled()
  await page.getByLabel('Model').selectOption('Camry')
  await page.getByRole('button', { name: 'Complete Policy' }).click()

  if (javaScript) {
    await expect(toast(page)).toContainText('Your policy is now complete')
    await expect(page).toHaveURL(/\/customer\/policy-complete$/, { timeout: 10_000 })
  } else {
    await expect(page).toHaveURL(/\/customer\/policy-complete$/)
    await expect(toast(page)).toContainText('Success!')
  }
  await expect(page.getByRole('heading', { name: "You're All Set!" })).toBeVisible()
  await expect(page.getByText('Your policy is now active')).toBeVisible()
  await expectNoSeriousA11yViolations(page)

  const email = await waitForEmail(profile.email, 'Your windshield coverage is active')
  expect(email.text).toContain('2019 Toyota Camry (UT ABC123)')

  // Setup's last question: where paper notices go. A ZIP that does not exist is refused by its field; then saved.
  await expect(page.getByRole('link', { name: 'Return Home' })).toHaveAttribute('href', '/customer')
  const address = page.getByTestId('mailing-address-card')
  await expect(address).toContainText('Some notices must reach you on paper')
  await address.getByLabel('Name on the letter').fill('Pat Setup')
  await address.getByLabel('Street address').fill('12 West 31st Street')
  await address.getByLabel('Apartment, suite (optional)').fill('apartment 4b')
  await address.getByLabel('City').fill('Salt Lake City')
  await address.getByLabel('State').selectOption('UT')
  await address.getByLabel('ZIP code').fill('00000')
  await address.getByRole('button', { name: 'Save my mailing address' }).click()
  await expect(page.getByText('That ZIP code does not exist. Check the five digits.').first()).toBeVisible()
  await expect(page.getByLabel('ZIP code')).toHaveAttribute('aria-invalid', 'true')
  await page.getByLabel('ZIP code').fill('84101')
  await page.getByRole('button', { name: 'Save my mailing address' }).click()
  await expect(toast(page)).toContainText('Mailing Address Saved')
  await expect(page).toHaveURL(/\/customer$/)
  // In USPS's form, and changeable on the dashboard.
  await expect(page.getByTestId('mailing-address-ask')).toHaveText(
    'Paper notices go to Pat Setup, 12 W 31st St, Apt 4b, Salt Lake City, UT 84101.',
  )
  await expect(page.getByText('Change my mailing address')).toBeVisible()
  const card = page.locator(`[data-policy-id="${policy.id}"]`)
  await expect(card.getByText('Active', { exact: true })).toBeVisible()
  await expect(card).toContainText('2019 Toyota Camry')
  await expect(card).toContainText('ABC123')
  await expect(card.getByRole('link', { name: 'Complete Policy Setup' })).toHaveCount(0)

  // Reopening the wizard of a completed policy goes to the complete page.
  await page.goto(`/customer/complete-policy?policy_id=${policy.id}`)
  await expect(page).toHaveURL(/\/customer\/policy-complete$/)
  await expect(toast(page)).toContainText('Already Complete')
})

test('a file that is not a photo is caught, and the good photos chosen with it are kept', async ({ page, signIn, javaScript }) => {
  const profile = await signIn()
  const policy = createPolicy(profile.id)
  const notAPhoto = { name: 'windshield.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('These are my notes, not a photo.') }
  await page.goto(`/customer/complete-policy?policy_id=${policy.id}`)
  await page.locator('#photo-head_on').setInputFiles(photo('head_on'))
  await page.locator('#photo-inside_drivers').setInputFiles(photo('inside_drivers'))
  await page.locator('#photo-inside_passengers').setInputFiles(notAPhoto)
  if (javaScript) {
    // The browser reads the file's first bytes: refused before any upload.
    await expect(page.getByText('Please select an image file').first()).toBeVisible()
    await expect(page.getByRole('button', { name: 'Upload Photos' })).toBeDisabled()
    await expect(page.getByRole('img', { name: 'Head-on view preview' })).toHaveAttribute('src', /^blob:/)
  } else {
    await page.getByRole('button', { name: 'Upload Photos' }).click()
    await expect(toast(page)).toContainText('Please select an image file')
    // The two good photos were kept: they show as stored, and only the third is asked for.
    await expect(page.getByRole('img', { name: 'Head-on view preview' })).toHaveAttribute('src', /\/files\/policy-photos\//)
    await expect(page.getByRole('img', { name: "Inside driver's side preview" })).toHaveAttribute('src', /\/files\/policy-photos\//)
  }
  await page.locator('#photo-inside_passengers').setInputFiles(photo('inside_passengers'))
  await page.getByRole('button', { name: 'Upload Photos' }).click()
  await expect(page.getByText('Step 2 of 2')).toBeVisible()
})

test('with JavaScript, changing the year clears the model and reloads the list', async ({ page, signIn, javaScript }) => {
  test.skip(!javaScript, 'model lists load on change only with JavaScript')
  const profile = await signIn()
  const policy = createPolicy(profile.id)
  await page.goto(`/customer/complete-policy?policy_id=${policy.id}`)
  await uploadPhotos(page)
  await expect(page.getByText('Step 2 of 2')).toBeVisible()

  await expect(page.getByLabel('Make')).toBeDisabled()
  await page.getByLabel('Year').selectOption('2019')
  await page.getByLabel('Make').selectOption('Toyota')
  await page.getByLabel('Model').selectOption('Camry')
  await page.getByLabel('Year').selectOption('1985')
  await expect(page.getByLabel('Model')).toHaveValue('')
  await expect(page.getByLabel('Model').locator('option', { hasText: 'Camry' })).toHaveCount(1)
  await expect(page.getByLabel('Model').locator('option', { hasText: 'Prius' })).toHaveCount(0)
})

test("guards: no policy id, and another customer's policy", async ({ page, signIn }) => {
  await signIn()
  await page.goto('/customer/complete-policy')
  await expect(page).toHaveURL(/\/customer$/)
  await expect(toast(page)).toContainText('No policy ID provided')

  const other = createPolicy((await import('../support/factories')).createProfile().id)
  // Another customer's policy looks exactly like an unknown one: the site's 404 page (decision 031).
  const answer = await page.goto(`/customer/complete-policy?policy_id=${other.id}`)
  expect(answer?.status()).toBe(404)
  await expect(page.getByRole('heading', { name: '404' })).toBeVisible()
  await expect(page.getByText('Oops! Page not found')).toBeVisible()
  await expect(page.getByText(other.id)).toHaveCount(0)
  await expect(page.getByText(other.policyNumber)).toHaveCount(0)
})
