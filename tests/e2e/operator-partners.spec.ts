import { createId } from '~/db/ids'

import { expect, test } from '../support/e2e'

test('the operator adds a partner location whose signup link greets customers by the shop name', async ({ page, signIn }) => {
  await signIn({ email: 'operator@example.com' })
  const shop = `Canyon Glass ${createId(4)}`
  const slug = `canyon-${createId(6)}`

  await page.goto('/admin')
  await page.getByRole('link', { name: /Partner groups and locations/ }).click()
  await expect(page.getByRole('heading', { name: 'Partners', level: 1 })).toBeVisible()

  const groupForm = page.locator('form#create-group')
  await groupForm.getByLabel('Name').fill(shop)
  await groupForm.getByRole('button', { name: 'Add group' }).click()
  await expect(page.getByText('Partner group added')).toBeVisible()

  const locationForm = page.locator('form#create-location')
  await locationForm.getByLabel('Partner group').selectOption({ label: shop })
  await locationForm.getByLabel('Location name').fill(`${shop} — Provo`)
  // A malformed link is refused next to the field, and nothing is saved.
  await locationForm.getByLabel('Signup link').fill('Not a slug!')
  await locationForm.getByRole('button', { name: 'Add location' }).click()
  await expect(page.locator('form#create-location').getByText(/Use lower-case letters, digits and single hyphens/)).toBeVisible()
  await expect(page.getByText(`/signup/${slug}`)).toHaveCount(0)

  await page.locator('form#create-location').getByLabel('Partner group').selectOption({ label: shop })
  await page.locator('form#create-location').getByLabel('Location name').fill(`${shop} — Provo`)
  await page.locator('form#create-location').getByLabel('Signup link').fill(slug)
  await page.locator('form#create-location').getByRole('button', { name: 'Add location' }).click()
  await expect(page.getByText('Location added')).toBeVisible()
  await expect(page.getByText(`/signup/${slug}`, { exact: false }).first()).toBeVisible()

  await page.goto(`/signup/${slug}`)
  await expect(page.getByText(`Select a plan with ${shop} — Provo`)).toBeVisible()
})

test('customers cannot see the operator console', async ({ page, signIn }) => {
  await signIn()
  for (const path of [
    '/admin',
    '/admin/partners',
    '/admin/policies',
    '/admin/activity',
    '/admin/prices',
    '/admin/states',
    '/admin/claims?page=2',
    '/admin/statements',
    '/admin/statements/download?group=x&month=2026-01',
    '/admin/customers/x',
  ]) {
    const response = await page.goto(path)
    expect(response?.status(), path).toBe(404)
  }
})

test("the operator area's guard answers 404 to a customer's data requests and posts as well as to its pages", async ({
  page,
  signIn,
  baseURL,
}) => {
  await signIn()
  const answers: string[] = []
  for (const path of [
    '/admin',
    '/admin/partners',
    '/admin/claims/x',
    '/admin/customers/x',
    '/admin/prices',
    '/admin/states',
    '/admin/statements',
  ]) {
    const data = await page.request.get(`${path}.data`)
    answers.push(`GET ${path}.data: ${data.status()}`)
    const post = await page.request.post(path, { form: { intent: 'create-group', name: 'Sneaky Glass' }, headers: { Origin: baseURL! } })
    answers.push(`POST ${path}: ${post.status()}`)
  }
  expect(answers.filter((answer) => !answer.endsWith(': 404'))).toEqual([])
})

test('the partner group list starts on an empty choice, and a location without a group is refused next to the field', async ({
  page,
  signIn,
}) => {
  await signIn({ email: 'operator@example.com' })
  const shop = `Ridge Glass ${createId(4)}`
  const slug = `ridge-${createId(6)}`
  await page.goto('/admin/partners')

  // Every group select (adding and editing) leads with the placeholder; adding has it chosen.
  // Read in one round trip: the list grows with every group the other journeys add, two checks a select timed out.
  const firstOptions = await page.locator('select[name="partnerGroupId"]').evaluateAll((selects) =>
    selects.map((select) => {
      const first = (select as HTMLSelectElement).options[0]
      return { value: first?.value, text: first?.textContent?.trim() }
    }),
  )
  expect(firstOptions.length).toBeGreaterThan(0)
  for (const first of firstOptions) expect(first).toEqual({ value: '', text: 'Choose…' })
  const locationForm = page.locator('form#create-location')
  await expect(locationForm.getByLabel('Partner group')).toHaveValue('')

  // The operator's own details are not offered for a shop's name, e-mail or phone.
  for (const name of ['name', 'email', 'phone']) {
    await expect(page.locator(`form#create-group [name="${name}"]`)).toHaveAttribute('autocomplete', 'off')
  }
  await expect(locationForm.locator('[name="name"]')).toHaveAttribute('autocomplete', 'off')

  // Without a group (with JavaScript off this is the server's answer): the message is next to the field, nothing saved.
  await locationForm.getByLabel('Location name').fill(shop)
  await locationForm.getByLabel('Signup link').fill(slug)
  await locationForm.getByRole('button', { name: 'Add location' }).click()
  const groupField = page.locator('form#create-location').getByLabel('Partner group')
  await expect(groupField).toHaveAttribute('aria-invalid', 'true')
  await expect(page.locator('form#create-location').getByText('Choose the partner group.')).toBeVisible()
  await expect(page.getByText('Location added')).toHaveCount(0)
  // An unknown signup link falls back to the plain signup page: no location was made.
  expect((await page.request.get(`/signup/${slug}`, { maxRedirects: 0 })).headers()['location']).toBe('/signup')
})
