import { expect, test, toast } from '../support/e2e'

const DAY = 24 * 60 * 60 * 1000
const dateIn = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10)

// The operator schedules a price change 30 days ahead (and can call it off) — JavaScript on and off.
test('the operator schedules a price change with 30 days of notice, and cancels it', async ({ page, signIn, javaScript }) => {
  await signIn({ email: 'operator@example.com' })
  await page.goto('/admin/prices')
  const form = page.getByRole('region', { name: 'Change the price for existing subscribers' })
  // Each project schedules its own plan: the two runs share one database.
  const plan = javaScript ? 'Comprehensive — Car + ADAS' : 'Comprehensive — Truck/SUV + ADAS'

  await form.getByLabel('Plan').selectOption({ label: plan })
  await form.getByLabel('New price ($)').fill('41.50')
  await form.getByLabel('Starts on').fill(dateIn(5))
  await form.getByRole('button', { name: 'Schedule price change' }).click()
  await expect(page.getByText("the terms promise subscribers 30 days' notice").first()).toBeVisible()

  await page.getByRole('region', { name: 'Change the price for existing subscribers' }).getByLabel('Starts on').fill(dateIn(45))
  await page
    .getByRole('region', { name: 'Change the price for existing subscribers' })
    .getByRole('button', { name: 'Schedule price change' })
    .click()
  await expect(toast(page).first()).toContainText('Price change scheduled')
  const row = page.getByTestId('price-change').filter({ hasText: plan }).first()
  await expect(row).toContainText('→ $41.50')
  await expect(row).toContainText('Scheduled · 0 subscribers told')

  await row.getByRole('button', { name: 'Cancel change' }).click()
  await expect(toast(page).first()).toContainText('Price change cancelled')
  await expect(page.getByTestId('price-change').filter({ hasText: plan }).first()).toContainText('Cancelled')
})
