import { expect, test } from '../support/e2e'

test('an unknown path shows the 404 page with a way home', async ({ page }) => {
  const response = await page.goto('/no-such-page')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { name: '404' })).toBeVisible()
  await expect(page.getByText('Oops! Page not found')).toBeVisible()
  await page.getByRole('link', { name: 'Return to Home' }).click()
  await expect(page).toHaveURL(/\/$/)
})

test('a form post from another site is refused', async ({ request }) => {
  const response = await request.post('/auth', { headers: { Origin: 'https://evil.example' }, form: { email: 'a@b.co' } })
  expect(response.status()).toBe(403)
})
