import { expect, expectNoSeriousA11yViolations, test, waitForEmail } from '../support/e2e'
import { createActivePolicy, getPolicy, uniqueEmail } from '../support/factories'
import { fillSignupRequirements } from '../support/signup-form'

// Paying yearly: the offer beside the monthly price, the Yearly choice at signup, the yearly charge at the test
// checkout and "Annual" on the dashboard; and a monthly payer's switch to yearly from the card.

test('chip repair, paid yearly → test checkout → "Annual" on the dashboard', async ({ page }) => {
  await page.goto('/')
  await expect(page.locator('[data-plan="chip_only"]').getByTestId('plan-yearly')).toHaveText('or $79.90 / year (save 17 %)')

  await page.goto('/signup')
  await expect(page.getByTestId('chooser-yearly-chip_only')).toHaveText('or $79.90 / year (save 17 %)')
  await page.getByRole('link', { name: 'Select Chip Repair Plan' }).click()
  await expect(page.getByTestId('signup-yearly-offer')).toHaveText('or $79.90 / year (save 17 %)')
  await expect(page.getByRole('radio', { name: 'Monthly' })).toBeChecked()
  await page.getByRole('radio', { name: 'Yearly' }).check()
  await page.getByLabel('I have read and agree to the Terms of Service').check()
  await fillSignupRequirements(page)
  await expectNoSeriousA11yViolations(page)
  await page.getByRole('button', { name: 'Subscribe Now' }).click()

  await expect(page).toHaveURL(/\/dev\/checkout\/[a-z0-9]+$/)
  await expect(page.getByTestId('checkout-price')).toHaveText('$79.90 / year')
  const address = uniqueEmail('yearly')
  await page.getByLabel('Email').fill(address)
  await page.getByLabel('Full name').fill('Yara Yearly')
  await page.getByRole('button', { name: 'Pay' }).click()
  await expect(page).toHaveURL(/\/checkout-success\?checkout=success$/)

  const email = await waitForEmail(address, 'Finish setting up your coverage')
  expect(email.text).toContain('at $79.90 per year')
  await page.goto(/(https?:\/\/\S+\/auth\/verify\?token=[\w-]+)/.exec(email.text)![1]!)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.goto('/customer')
  const card = page.getByRole('article').filter({ hasText: 'Chip Repair Only' })
  await expect(card.getByTestId('billing-interval')).toHaveText('Annual')
  await expect(card.getByText('$79.90 / year')).toBeVisible()
  await expect(card.getByRole('link', { name: 'Switch to yearly billing' })).toHaveCount(0)
})

test('a monthly payer switches to yearly from the card, from their next monthly renewal', async ({ page, signIn }) => {
  const customer = await signIn()
  const { policy } = createActivePolicy(customer.id, {})
  await page.goto('/customer')
  const card = page.locator(`[data-policy-id="${policy.id}"]`)
  await expect(card.getByTestId('billing-interval')).toHaveText('Monthly')
  await card.getByRole('link', { name: 'Switch to yearly billing' }).click()

  await expect(page.getByRole('heading', { name: 'Switch to yearly billing' })).toBeVisible()
  await expect(page.getByText(/Pay \$199\.90 \/ year \(save 17 %\) once a year/)).toBeVisible()
  await expectNoSeriousA11yViolations(page)
  await page.getByRole('button', { name: 'Switch to yearly billing' }).click()

  await expect(page).toHaveURL(/\/customer$/)
  await expect(page.getByText('Switching to yearly billing')).toBeVisible()
  await expect(card.getByTestId('yearly-switch')).toContainText('Annual from ')
  await expect(card.getByRole('link', { name: 'Switch to yearly billing' })).toHaveCount(0)
  expect(getPolicy(policy.id)!.yearlySwitchCents).toBe(19990)
})
