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
    '/admin/claims?page=2',
    '/admin/statements',
    '/admin/statements/download?group=x&month=2026-01',
    '/admin/customers/x',
  ]) {
    const response = await page.goto(path)
    expect(response?.status(), path).toBe(404)
  }
})
