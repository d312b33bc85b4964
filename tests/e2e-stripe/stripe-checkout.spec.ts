import fs from 'node:fs'
import path from 'node:path'

import { expect, test } from '../support/e2e'
import { postWebhook, stripeEvent } from '../support/fake-stripe'
import { fillSignupRequirements } from '../support/signup-form'
import { stripeE2eSettings } from './settings'

/**
 * The whole paid journey in Stripe mode, against the fake Stripe (the 'stripe' project's own server): pricing card →
 * signup → Subscribe → Stripe's hosted checkout → (Stripe's side, driven by the test) payment and a signed
 * checkout.session.completed webhook → success page → the sign-in e-mail → the dashboard shows the new policy.
 */
const settings = stripeE2eSettings()

type OutboxEmail = { to: string; subject: string; text: string }

async function waitForEmail(to: string, subject: string) {
  const dir = path.join(settings.dataDir, 'outbox')
  let found: OutboxEmail | undefined
  await expect
    .poll(
      () => {
        const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((file) => file.endsWith('.json')) : []
        found = files
          .map((file) => JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as OutboxEmail)
          .find((email) => email.to === to && email.subject === subject)
        return Boolean(found)
      },
      { message: `e-mail '${subject}' to ${to}` },
    )
    .toBe(true)
  return found!
}

test('a visitor pays through Stripe Checkout and finds the policy on the dashboard', async ({ page, request, javaScript }) => {
  const email = `stripe-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`

  // Prices on the landing page come from Stripe (the fake's prices.list).
  await page.goto('/')
  await page.getByRole('link', { name: 'Choose Comprehensive' }).first().click()
  await expect(page).toHaveURL(/\/signup\?planType=comprehensive&vehicleType=car/)
  await page.getByText('Has ADAS', { exact: true }).click()
  // Without JavaScript the price follows the choice only after a round trip; the option labels carry the prices.
  if (javaScript) await expect(page.getByTestId('signup-price')).toHaveText('$29.99')
  await fillSignupRequirements(page)
  await page.getByLabel('I have read and agree to the Terms of Service').check()
  await page.getByRole('button', { name: 'Subscribe Now' }).click()

  // Stripe's hosted checkout page (the fake serves a stand-in).
  await page.waitForURL(`${settings.fakeUrl}/pay/**`)
  const sessionId = new URL(page.url()).pathname.split('/').pop()!
  await expect(page.getByRole('heading', { name: 'Fake Stripe Checkout' })).toBeVisible()

  // What Stripe does when the card is accepted: a customer and a subscription, then the signed webhook.
  const completed = await request.post(`${settings.fakeUrl}/__fake/checkout/${sessionId}/complete`, { data: { email, name: 'Morgan Lee' } })
  expect(completed.ok()).toBe(true)
  const { session } = (await completed.json()) as { session: { id: string; success_url: string; metadata: Record<string, string> } }
  expect(session.metadata).toMatchObject({ lookup_key: 'comprehensive_car_adas_true', tos_version: '1.0.6' })

  const webhook = await postWebhook(
    `${settings.appUrl}/api/stripe-webhook`,
    stripeEvent('checkout.session.completed', session),
    settings.webhookSecret,
  )
  expect(webhook.status).toBe(200)

  // Stripe sends the browser back to the success URL.
  await page.goto(session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id))
  await expect(page.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible()

  // The e-mail that signs the customer in.
  const finishSetup = await waitForEmail(email, 'Finish setting up your coverage')
  const link = finishSetup.text.match(/https?:\/\/\S+\/auth\/\S+/)?.[0]
  expect(link).toBeTruthy()
  await page.goto(link!)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.waitForURL((url) => !url.pathname.startsWith('/auth'))

  await page.goto('/customer')
  await expect(page.getByRole('heading', { name: 'Welcome back, Morgan Lee' })).toBeVisible()
  await expect(page.getByText('Comprehensive — Car')).toBeVisible()
  await expect(page.getByText('$29.99').first()).toBeVisible()
  await expect(page.getByText('Incomplete', { exact: true })).toBeVisible()
})
