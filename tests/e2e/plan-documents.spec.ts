import fs from 'node:fs'

import { expect, expectNoSeriousA11yViolations, test, toast, waitForEmail } from '../support/e2e'
import { createActivePolicy } from '../support/factories'
import { pdfText } from '../support/pdf-text'

// The contract as agreed, as a page and a PDF, and the arbitration opt-out — with JavaScript
// on and off.
test('a customer reads their contract, downloads it as a PDF and opts out of arbitration', async ({ page, signIn }) => {
  const customer = await signIn({ fullName: 'Morgan Diaz' })
  const { policy } = createActivePolicy(customer.id, { monthlyPriceCents: 2999 })

  await page.goto('/customer')
  await page
    .getByRole('article')
    .filter({ has: page.getByText(policy.id) })
    .getByRole('link', { name: 'Plan documents' })
    .click()
  await expect(page.getByRole('heading', { level: 1, name: 'Your plan documents' })).toBeVisible()
  await expect(page.getByText('Version 1.0.1 on')).toBeVisible()
  await expect(page.getByText('$29.99 / month')).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Binding arbitration and class-action waiver' })).toBeVisible()
  await expectNoSeriousA11yViolations(page)

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download PDF' }).click()])
  expect(download.suggestedFilename()).toBe(`glass-plan-contract-${policy.id}.pdf`)
  const text = await pdfText(new Uint8Array(fs.readFileSync((await download.path())!)))
  expect(text).toContain('Comprehensive — Car')
  expect(text).toContain('Version 1.0.1')
  expect(text).toContain('Morgan Diaz')

  // The opt-out needs its box ticked; the message is next to it.
  const arbitration = page.getByRole('region', { name: 'Arbitration' })
  await arbitration.getByRole('button', { name: 'Opt out of arbitration' }).click()
  await expect(arbitration.getByText('Tick the box to confirm that you opt out of arbitration.')).toBeVisible()
  await arbitration.getByLabel('I opt out of the arbitration agreement and class-action waiver for this plan.').check()
  await arbitration.getByRole('button', { name: 'Opt out of arbitration' }).click()
  await expect(toast(page)).toContainText('You opted out of arbitration')
  await expect(page.getByTestId('arbitration-status')).toContainText('You opted out of arbitration on')
  await expect(arbitration.getByRole('button', { name: 'Opt out of arbitration' })).toHaveCount(0)
  const email = await waitForEmail(customer.email, 'You opted out of arbitration')
  expect(email.text).toContain(policy.id)
})
