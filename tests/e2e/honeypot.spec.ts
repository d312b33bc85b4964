import type { Page } from '@playwright/test'

import { HONEYPOT_FIELD } from '~/utils/honeypot-fields'

import { expect, test, toast, waitForEmail } from '../support/e2e'
import { createActivePolicy, createClaim, createPartnerGroup, createProfile, uniqueEmail } from '../support/factories'
import { outboxFor } from '../support/outbox'

// The honeypot (app/utils/honeypot-fields.ts) on the forms a stranger posts without signing in: a person's post goes
// through, with JavaScript on and off; a bot that fills the hidden field gets the answer a person's bad form gets.

/** What a form-filling bot does: it fills the field people never see. */
async function fillTrap(
  page: Page,
  form = page
    .locator('form')
    .filter({ has: page.locator(`input[name="${HONEYPOT_FIELD}"]`) })
    .first(),
) {
  await form.locator(`input[name="${HONEYPOT_FIELD}"]`).fill('https://cheap-pills.example', { force: true })
}

test("sign-in: a person's post sends the link; a bot's is refused as an invalid address and sends nothing", async ({ page }) => {
  const person = uniqueEmail('person')
  await page.goto('/auth')
  // Hidden from people and from assistive technology; out of the tab order.
  const trap = page.locator(`input[name="${HONEYPOT_FIELD}"]`)
  await expect(trap).toHaveCount(1)
  await expect(trap).toHaveAttribute('tabindex', '-1')
  await expect(trap).toHaveAttribute('autocomplete', 'off')
  await expect(page.getByRole('textbox', { name: 'Leave this field empty' })).toHaveCount(0)
  await page.getByLabel('Email Address').fill(person)
  await page.getByRole('button', { name: 'Send login link' }).click()
  await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible()
  await waitForEmail(person, 'Your Glass Plan login link')

  const bot = uniqueEmail('bot')
  await page.goto('/auth')
  await page.getByLabel('Email Address').fill(bot)
  await fillTrap(page)
  const answered = page.waitForResponse((response) => response.request().method() === 'POST')
  await page.getByRole('button', { name: 'Send login link' }).click()
  if (test.info().project.use.javaScriptEnabled === false) expect((await answered).status()).toBe(400)
  await expect(toast(page)).toContainText('Please enter a valid email address')
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible()
  await page.waitForTimeout(300) // an e-mail would be written at once; give a wrong one the chance to appear
  expect(outboxFor(bot)).toHaveLength(0)
})

test("the shop's lookup: a person finds the claim; a bot's lookup is answered 'Claim Not Found'", async ({ page }) => {
  const { policy } = createActivePolicy(createProfile({ fullName: 'Pat Person' }).id)
  const claim = createClaim(policy.id, {
    approvalStatus: 'approved',
    assignedPartnerGroupId: createPartnerGroup().id,
  })

  await page.goto('/partner/complete-claim')
  await page.getByLabel('Confirmation Code').fill(claim.confirmationCode)
  await page.getByRole('button', { name: 'Look Up Claim' }).click()
  await expect(page.getByTestId('customer-name')).toHaveText('Pat Person')

  await page.goto('/partner/complete-claim')
  await page.getByLabel('Confirmation Code').fill(claim.confirmationCode)
  await fillTrap(page)
  const answered = page.waitForResponse((response) => response.url().includes('code='))
  await page.getByRole('button', { name: 'Look Up Claim' }).click()
  expect((await answered).status()).toBe(404)
  await expect(page.getByRole('heading', { name: 'Claim Not Found' })).toBeVisible()
  await expect(page.getByTestId('customer-name')).toHaveCount(0)
})
