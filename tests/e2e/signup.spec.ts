import type { Page } from '@playwright/test'

import { expect, expectNoSeriousA11yViolations, type OutboxEmail, test, toast, waitForEmail } from '../support/e2e'
import { commitmentBinding, createPolicy, getPolicy, uniqueEmail } from '../support/factories'
import { fillSignupRequirements } from '../support/signup-form'

const DAY = 24 * 60 * 60 * 1000

function linkIn(email: OutboxEmail) {
  const match = /(https?:\/\/\S+\/auth\/verify\?token=[\w-]+)/.exec(email.text)
  expect(match, 'the e-mail carries a sign-in link').not.toBeNull()
  return match![1]!
}

/** Pays on the local test checkout and follows the e-mailed link to the dashboard. */
async function payAndSignIn(page: Page, { plan, price }: { plan: string; price: string }) {
  await expect(page).toHaveURL(/\/dev\/checkout\/[a-z0-9]+$/)
  await expect(page.getByText('Test mode — no card is charged')).toBeVisible()
  await expect(page.getByTestId('checkout-plan')).toContainText(plan)
  await expect(page.getByTestId('checkout-price')).toHaveText(`${price} / month`)

  const address = uniqueEmail('signup')
  await page.getByLabel('Email').fill(address)
  await page.getByLabel('Full name').fill('Casey Signup')
  await page.getByRole('button', { name: 'Pay' }).click()

  await expect(page).toHaveURL(/\/checkout-success\?checkout=success$/)
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible()
  await expect(page.getByText('Important: Coverage Not Active Yet')).toBeVisible()
  await expect(page.getByText('Upload 3 photos of your windshield')).toBeVisible()
  await expect(page.locator('#main').getByRole('link', { name: 'support@glassplan.example' })).toHaveAttribute(
    'href',
    'mailto:support@glassplan.example',
  )
  await expect(page.getByText(/spam/)).toBeVisible()
  await expect(page.getByRole('link', { name: 'Return to Homepage' })).toHaveAttribute('href', '/')
  await expectNoSeriousA11yViolations(page)

  const email = await waitForEmail(address, 'Finish setting up your coverage')
  expect(email.text).toMatch(/code on the sign-in page: \d{6}/)
  await page.goto(linkIn(email))
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page).toHaveURL(/\/customer\/complete-policy\?policy_id=[a-z0-9]+/)

  await page.goto('/customer')
  await expect(page.getByRole('heading', { name: 'Welcome back, Casey Signup' })).toBeVisible()
  const card = page.getByRole('article').filter({ hasText: plan })
  await expect(card).toHaveCount(1)
  await expect(card.getByText('Incomplete', { exact: true })).toBeVisible()
  await expect(card.getByText(`${price} / month`)).toBeVisible()
  // A new plan is in its free look in every state: it can be cancelled (with a refund), the commitment does not bind yet.
  await expect(card.getByRole('link', { name: 'Cancel Policy' })).toBeVisible()
  await expect(card.getByText(/^Annual commitment until/)).toHaveCount(0)
}

test('landing pricing card → comprehensive signup → test checkout → e-mail → dashboard', async ({ page, javaScript }) => {
  await page.goto('/')
  await page.locator('a[href="/signup?planType=comprehensive&vehicleType=car"]').first().click()
  await expect(page).toHaveURL(/\/signup\?planType=comprehensive&vehicleType=car$/)
  await expect(page.getByRole('heading', { name: 'Comprehensive Protection' })).toBeVisible()
  await expect(page.getByText('Does your vehicle have cameras or sensors in the windshield?')).toBeVisible()
  await expect(page.getByRole('radio', { name: /No ADAS/ })).not.toBeChecked()
  await expect(page.getByRole('radio', { name: /Has ADAS/ })).not.toBeChecked()
  await expect(page.getByTestId('signup-price')).toHaveText('—')
  await expect(page.getByText('per month • 12-month commitment only in New York')).toBeVisible()
  await expect(page.getByRole('region', { name: 'Terms of Service' })).toContainText('Version 1.0.6')
  await expectNoSeriousA11yViolations(page)

  const subscribe = page.getByRole('button', { name: 'Subscribe Now' })
  if (javaScript) {
    // The browser holds the button until the rules are met…
    await expect(subscribe).toBeDisabled()
    await page.getByRole('radio', { name: /Has ADAS/ }).check()
    await expect(page.getByTestId('signup-price')).toHaveText('$29.99')
    await page.getByRole('radio', { name: 'Truck/SUV' }).check()
    await expect(page.getByTestId('signup-price')).toHaveText('$34.99')
    await page.getByRole('radio', { name: 'Car' }).check()
    await expect(page.getByTestId('signup-price')).toHaveText('$29.99')
    await expect(subscribe).toBeDisabled()
  } else {
    // …without JavaScript the server says what is missing, next to the fields and as a toast, and keeps the plan.
    await subscribe.click()
    await expect(toast(page)).toContainText('ADAS Selection Required')
    await expect(toast(page)).toContainText('Please select whether your vehicle has ADAS features.')
    await expect(page.getByText('Please accept the Terms of Service to continue.')).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Comprehensive Protection' })).toBeVisible()
    await page.getByRole('radio', { name: /Has ADAS/ }).check()
  }
  await fillSignupRequirements(page)
  await page.getByLabel('I have read and agree to the Terms of Service').check()
  await expect(subscribe).toBeEnabled()
  await subscribe.click()

  await payAndSignIn(page, { plan: 'Comprehensive — Car', price: '$29.99' })
})

test('partner signup link → plan chooser → chip repair → test checkout → dashboard', async ({ page }) => {
  await page.goto('/signup/sample-auto-glass')
  await expect(page.getByRole('heading', { name: 'Select a plan with Sample Auto Glass' })).toBeVisible()
  await expect(page.getByTestId('chooser-price-chip_only')).toHaveText('$7.99 / month')
  await expect(page.getByTestId('chooser-price-comprehensive')).toHaveText('from $19.99 / month')
  await expectNoSeriousA11yViolations(page)

  await page.getByRole('link', { name: 'Select Chip Repair Plan' }).click()
  await expect(page).toHaveURL(/\/signup\/sample-auto-glass\?planType=chip_only$/)
  await expect(page.getByRole('heading', { name: 'Chip Repair Protection' })).toBeVisible()
  await expect(page.getByText('Sign up for your protection plan with Sample Auto Glass')).toBeVisible()
  await expect(page.getByTestId('signup-price')).toHaveText('$7.99')

  await fillSignupRequirements(page)

  await page.getByLabel('I have read and agree to the Terms of Service').check()
  await page.getByRole('button', { name: 'Subscribe Now' }).click()
  await payAndSignIn(page, { plan: 'Chip Repair Only', price: '$7.99' })
})

test('an unknown partner link silently becomes the plain signup page', async ({ page }) => {
  await page.goto('/signup/no-such-shop?planType=chip_only')
  await expect(page).toHaveURL(/\/signup$/)
  await expect(page.getByRole('heading', { name: 'Select a plan' })).toBeVisible()
})

test('the success page needs checkout=success', async ({ page }) => {
  await page.goto('/checkout-success')
  await expect(page).toHaveURL(/\/$/)
})

test('cancellation: refused during the commitment, confirmed and done after it', async ({ page, signIn, javaScript, baseURL }) => {
  const customer = await signIn()
  const committed = createPolicy(customer.id, {
    status: 'active',
    lookupKey: 'chip_only',
    planType: 'chip_only',
    vehicleType: null,
    hasAdas: null,
    monthlyPriceCents: 799,
    // A state where the commitment binds: New York after its free look.
    ...commitmentBinding(),
  })
  const ended = createPolicy(customer.id, {
    status: 'active',
    initialTermEndsAt: new Date(Date.now() - DAY).toISOString(),
    ...commitmentBinding(400),
  })

  // During the commitment there is no cancel, and a hand-made POST is refused by the server.
  const refused = await page.request.post(`/customer/policies/${committed.id}/cancel`, {
    form: { intent: 'cancel' },
    headers: { Origin: baseURL! },
    maxRedirects: 0,
  })
  expect(refused.status()).toBe(409)
  expect(getPolicy(committed.id)!.status).toBe('active')

  await page.goto('/customer')
  const committedCard = page.locator(`[data-policy-id="${committed.id}"]`)
  await expect(committedCard.getByRole('link', { name: 'Cancel Policy' })).toHaveCount(0)
  await expect(committedCard.getByText(/^Annual commitment until/)).toBeVisible()

  // Turning renewal off is possible during the commitment, and can be undone.
  await committedCard.getByRole('link', { name: 'Renewal & billing' }).click()
  await page.getByRole('button', { name: 'Turn off renewal' }).click()
  await expect(toast(page)).toContainText('Renewal turned off')
  expect(getPolicy(committed.id)!.cancelAt).toBe(committed.initialTermEndsAt)

  const endedCard = page.locator(`[data-policy-id="${ended.id}"]`)
  await endedCard.getByRole('link', { name: 'Cancel Policy' }).click()
  if (javaScript) {
    const dialog = page.getByRole('dialog', { name: 'Are you sure?' })
    await expect(dialog).toBeVisible()
    await expect(dialog).toContainText(
      'This will cancel your policy. You will lose coverage and any active claims may be affected. This action cannot be undone.',
    )
    await dialog.getByRole('button', { name: 'Keep Policy' }).click()
    await expect(dialog).toBeHidden()
    await endedCard.getByRole('link', { name: 'Cancel Policy' }).click()
    await expectNoSeriousA11yViolations(page)
    await dialog.getByRole('button', { name: 'Yes, Cancel Policy' }).click()
  } else {
    await expect(page).toHaveURL(new RegExp(`/customer/policies/${ended.id}/cancel$`))
    await expect(page.getByRole('heading', { name: 'Are you sure?' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Keep Policy' })).toHaveAttribute('href', '/customer')
    await expectNoSeriousA11yViolations(page)
    await page.getByRole('button', { name: 'Yes, Cancel Policy' }).click()
  }
  await expect(page).toHaveURL(/\/customer$/)
  await expect(toast(page)).toContainText('Policy Cancelled')
  await expect(toast(page)).toContainText('Your policy has been successfully cancelled.')
  await expect(endedCard.getByText('Canceled', { exact: true })).toBeVisible()
  expect(getPolicy(ended.id)!.status).toBe('canceled')
})
