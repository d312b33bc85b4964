import fs from 'node:fs'

import { TOS_VERSION } from '~/content/terms'

import { expect, expectNoSeriousA11yViolations, test, toast, waitForEmail } from '../support/e2e'
import { createActivePolicy } from '../support/factories'
import { pdfText } from '../support/pdf-text'

// The contract as agreed, as a page and a PDF, and the arbitration opt-out — with JavaScript
// on and off.
test('a customer reads their contract, downloads it as a PDF and opts out of arbitration', async ({ page, signIn }) => {
  const customer = await signIn({ fullName: 'Morgan Diaz' })
  const { policy } = createActivePolicy(customer.id, { monthlyPriceCents: 2999 })

  await page.goto('/customer')
  const card = page.getByRole('article').filter({ has: page.getByText(policy.policyNumber, { exact: true }) })

  // The plan card in a wallet: two plain links on the policy's card (docs/decisions/107-plan-card-in-a-wallet.md).
  const apple = card.getByRole('link', { name: 'Add to Apple Wallet' })
  const google = card.getByRole('link', { name: 'Save to Google Wallet' })
  await expect(apple).toHaveAttribute('href', `/customer/policies/${policy.id}/wallet.pkpass`)
  await expect(google).toHaveAttribute('href', `/customer/policies/${policy.id}/google-wallet`)
  const [pass] = await Promise.all([page.waitForEvent('download'), apple.click()])
  expect(pass.suggestedFilename()).toBe(`glass-plan-${policy.policyNumber}.pkpass`)
  const passResponse = await page.request.get(`/customer/policies/${policy.id}/wallet.pkpass`)
  expect(passResponse.headers()['content-type']).toBe('application/vnd.apple.pkpass')
  // A .pkpass is a zip: it starts with the local file header.
  expect((await passResponse.body()).subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]))
  const save = await page.request.get(`/customer/policies/${policy.id}/google-wallet`, { maxRedirects: 0 })
  expect(save.status()).toBe(302)
  expect(save.headers()['location']).toMatch(/^https:\/\/pay\.google\.com\/gp\/v\/save\/[\w-]+\.[\w-]+\.[\w-]+$/)

  await card.getByRole('link', { name: 'Plan documents' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Your plan documents' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Add to Apple Wallet' })).toHaveAttribute(
    'href',
    `/customer/policies/${policy.id}/wallet.pkpass`,
  )
  await expect(page.getByRole('link', { name: 'Save to Google Wallet' })).toHaveAttribute(
    'href',
    `/customer/policies/${policy.id}/google-wallet`,
  )
  await expect(page.getByText('Version 1.0.1 on')).toBeVisible()
  await expect(page.getByText('$29.99 / month')).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Binding arbitration and class-action waiver' })).toBeVisible()
  await expectNoSeriousA11yViolations(page)

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download PDF' }).click()])
  expect(download.suggestedFilename()).toBe(`glass-plan-contract-${policy.policyNumber}.pdf`)
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
  expect(email.text).toContain(`plan (policy ${policy.policyNumber})`)
})

// The disclosures of the policy's state (content/disclosures.ts), on the page and in the PDF, for a policy on the
// current terms, which state each state's cancellation and refund rights.
test("a Texas customer's contract and its PDF carry the provider, the Texas regulator and the terms by state", async ({ page, signIn }) => {
  const customer = await signIn()
  const { policy } = createActivePolicy(customer.id, { governingState: 'TX', tosVersion: TOS_VERSION })
  const TDLR = 'The provider of this contract is regulated by the Texas Department of Licensing and Regulation'
  const PROVIDER = 'The provider of this contract is Glass Plan LLC, 2150 South 1300 East, Suite 500, Salt Lake City, UT 84106.'

  await page.goto(`/customer/policies/${policy.id}/contract`)
  const disclosures = page.getByRole('region', { name: 'Disclosures' })
  await expect(disclosures.getByRole('heading', { level: 3, name: 'Texas' })).toBeVisible()
  await expect(disclosures).toContainText(TDLR)
  await expect(disclosures).toContainText(PROVIDER)
  await expect(disclosures).toContainText('backed by the full faith and credit of the provider')
  await expect(disclosures).toContainText('This contract is not insurance.')
  await expect(page.getByText(`Version ${TOS_VERSION} on`)).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Cancellation and refunds by state' })).toBeVisible()
  // Texas never lets the 12-month commitment bind: the page names the end of a first term, not of a commitment.
  await expect(page.getByText('First term ends', { exact: true })).toBeVisible()
  await expect(page.getByText('Commitment ends', { exact: true })).toHaveCount(0)
  await expectNoSeriousA11yViolations(page)

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download PDF' }).click()])
  // pdf.js breaks lines where the PDF wraps them: compare the words, not the line breaks.
  const text = (await pdfText(new Uint8Array(fs.readFileSync((await download.path())!)))).replace(/\s+/g, ' ')
  for (const part of ['Disclosures', 'Texas', TDLR, PROVIDER, 'This contract is not insurance.', 'Cancellation and refunds by state']) {
    expect(text).toContain(part)
  }
  expect(text).toContain('First term ends')
  expect(text).not.toContain('Commitment ends')
})

test("a New York customer's contract names the end of the commitment, which binds there", async ({ page, signIn }) => {
  const customer = await signIn()
  const { policy } = createActivePolicy(customer.id, { governingState: 'NY', tosVersion: TOS_VERSION })
  await page.goto(`/customer/policies/${policy.id}/contract`)
  await expect(page.getByText('Commitment ends', { exact: true })).toBeVisible()
  await expect(page.getByText('First term ends', { exact: true })).toHaveCount(0)
})
