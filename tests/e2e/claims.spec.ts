import type { Browser, Page } from '@playwright/test'
import { eq } from 'drizzle-orm'

import { db } from '~/db/client.server'
import { profiles } from '~/db/schema'

import { addSessionCookie, expect, expectNoSeriousA11yViolations, outboxFor, randomIp, test, toast, waitForEmail } from '../support/e2e'
import { createActivePolicy, createPartnerGroup } from '../support/factories'
import { jpeg } from '../support/photos'

/** Small real JPEGs made at test time. */
const images: Record<string, Buffer> = {}
test.beforeAll(async () => {
  const colours = { damage1: '#2f6fb0', damage2: '#b05a2f', damage3: '#777777', invoice: '#f4f4f4', repair: '#3f9f4f' }
  for (const [name, background] of Object.entries(colours)) {
    images[name] = await jpeg({ width: 320, height: 240, colour: background })
  }
})
const file = (name: string) => ({ name: `${name}.jpg`, mimeType: 'image/jpeg', buffer: images[name]! })

/** The operator (an ADMIN_EMAILS address in e2e) in a browser of its own; the profile is shared by all tests. */
async function operatorPage(browser: Browser, baseURL: string, javaScript: boolean) {
  db().insert(profiles).values({ email: 'operator@example.com', fullName: 'Olive Operator' }).onConflictDoNothing().run()
  const operator = db().select().from(profiles).where(eq(profiles.email, 'operator@example.com')).get()!
  const context = await browser.newContext({ javaScriptEnabled: javaScript, extraHTTPHeaders: { 'X-Forwarded-For': randomIp() } })
  await addSessionCookie(context, baseURL, operator.id)
  return context.newPage()
}

/** A shop's browser: no session at all. */
async function shopPage(browser: Browser, javaScript: boolean) {
  const context = await browser.newContext({ javaScriptEnabled: javaScript, extraHTTPHeaders: { 'X-Forwarded-For': randomIp() } })
  return context.newPage()
}

async function fileClaim(page: Page, policy: { id: string; policyNumber: string }, javaScript: boolean) {
  await page.goto(`/customer/submit-claim?policy_id=${policy.id}`)
  await expect(page.getByTestId('policy-number')).toHaveText(policy.policyNumber)
  await page.getByLabel('Damage Type').selectOption('crack')
  await page.getByRole('radio', { name: 'Up to 6 inches' }).check()
  await page.getByRole('group', { name: 'Is it in the driver’s line of sight?' }).getByRole('radio', { name: 'No' }).check()
  await page.getByRole('radio', { name: 'In front of the driver', exact: true }).check()
  await page.getByLabel('What Happened?').fill('A truck threw a stone on I-15; the crack is growing.')
  if (javaScript) {
    // With JavaScript, photos can be added in several picks and removed before sending.
    await page.locator('#photos').setInputFiles([file('damage1'), file('damage3')])
    await page.locator('#photos').setInputFiles([file('damage2')])
    await expect(page.getByRole('list', { name: 'Selected photos' }).getByRole('listitem')).toHaveCount(3)
    await page.getByRole('button', { name: 'Remove damage3.jpg' }).click()
    await expect(page.getByRole('list', { name: 'Selected photos' }).getByRole('listitem')).toHaveCount(2)
  } else {
    await page.locator('#photos').setInputFiles([file('damage1'), file('damage2')])
  }
  // One answer promise, said one way (the one the claims queue holds us to).
  await expect(page.getByText('Our team reviews every claim within 48 hours (typically sooner).')).toBeVisible()
  await page.getByRole('button', { name: 'Submit Claim' }).click()
  await expect(page.getByRole('heading', { name: 'Claim Submitted Successfully!' })).toBeVisible()
  await expect(page.getByText('Our team reviews your claim within 48 hours (typically sooner).')).toBeVisible()
  const code = (await page.getByTestId('confirmation-code').textContent())!.trim()
  expect(code).toMatch(/^CS-[A-HJKMNP-Z2-9]{6}$/)
  await expect(page.getByRole('link', { name: 'Return to Dashboard' })).toHaveAttribute('href', '/customer')
  return code
}

async function openInConsole(operator: Page, code: string) {
  // Other tests fill the shared queue (oldest first, 50 a page): the operator finds a claim by its code.
  await operator.goto('/admin/policies')
  await operator.getByLabel('Search').fill(code)
  await operator.getByRole('button', { name: 'Search' }).click()
  await operator.getByRole('link', { name: code }).click()
  await expect(operator.getByRole('heading', { name: `Claim ${code}` })).toBeVisible()
}

async function approve(operator: Page, code: string, groupName: string) {
  await openInConsole(operator, code)
  await operator.getByLabel('Partner group').selectOption({ label: groupName })
  await operator.getByRole('button', { name: 'Approve' }).click()
  await expect(toast(operator)).toContainText('Claim Approved')
}

test('a claim from filing to completion: customer, operator, shop, and every e-mail', async ({
  page,
  browser,
  baseURL,
  signIn,
  javaScript,
}) => {
  test.slow() // three people in three browsers, two uploads
  const customer = await signIn({ fullName: 'Jordan Claimant' })
  const { policy } = createActivePolicy(customer.id)
  const group = createPartnerGroup(`Wasatch Glass ${Date.now()}`)

  const code = await fileClaim(page, policy, javaScript)
  await waitForEmail(customer.email, code)
  const operatorNote = await waitForEmail('operator@example.com', code)
  expect(operatorNote.subject).toContain('New claim')

  // The customer's card shows the claim waiting for review.
  await page.goto('/customer')
  const card = page.locator('[data-claim-id]').filter({ hasText: code })
  await expect(card.getByText('Pending Review')).toBeVisible()
  await expect(card).toContainText("We're reviewing your claim and will e-mail you within 48 hours (typically sooner).")

  // The operator approves it with a partner group.
  const operator = await operatorPage(browser, baseURL!, javaScript)
  await openInConsole(operator, code)
  await expect(operator.getByRole('img', { name: /damage photo/ })).toHaveCount(2)
  await expect(operator.getByTestId('replacements-left')).toContainText('1')
  await expectNoSeriousA11yViolations(operator)
  await approve(operator, code, group.name)
  const approved = await waitForEmail(customer.email, 'is approved')
  expect(approved.text).toContain(code)
  expect(approved.text).toContain(group.name)

  // The shop looks the code up (typed in lower case), is refused without an invoice, then completes it.
  const shop = await shopPage(browser, javaScript)
  await shop.goto('/partner/complete-claim')
  await shop.getByLabel('Confirmation Code').fill(code.toLowerCase())
  await shop.getByRole('button', { name: 'Look Up Claim' }).click()
  await expect(shop.getByTestId('customer-name')).toHaveText('Jordan Claimant')
  await expect(shop.getByText(customer.email)).toBeVisible()
  await expect(shop.getByRole('img', { name: /Damage photo/ })).toHaveCount(2)
  await expectNoSeriousA11yViolations(shop)

  await shop.getByLabel('Repair Photos').setInputFiles([file('repair')])
  await shop.getByRole('button', { name: 'Mark Service Complete' }).click()
  await expect(toast(shop)).toContainText('Invoice Required')
  await expect(toast(shop)).toContainText('Please upload an invoice photo.')

  await shop.getByLabel('Total (optional)').fill('89.50')
  await shop.getByLabel('Invoice Photo').setInputFiles([file('invoice')])
  await shop.getByLabel('Repair Photos').setInputFiles([file('repair')])
  await shop.getByRole('button', { name: 'Mark Service Complete' }).click()
  await expect(shop.getByRole('heading', { name: 'Service Completed!' })).toBeVisible()
  const claimId = (await shop.getByTestId('completed-claim-id').textContent())!.trim()
  await expect(toast(shop)).toContainText('Claim Completed!')
  await expect(toast(shop)).toContainText(`Claim ${claimId} has been marked as complete.`)

  // Looking it up again says it is done, without the customer's details.
  await shop.goto(`/partner/complete-claim?code=${code}`)
  await expect(shop.getByRole('heading', { name: 'Already Completed' })).toBeVisible()
  await expect(shop.getByText(customer.email)).toHaveCount(0)

  // The customer's card shows it completed; the outbox holds every e-mail of the journey.
  await page.goto('/customer')
  await expect(page.locator(`[data-claim-id="${claimId}"]`).getByText('Completed', { exact: true })).toBeVisible()
  await waitForEmail(customer.email, 'is complete')
  const subjects = outboxFor(customer.email).map((email) => email.subject)
  expect(subjects).toEqual(
    expect.arrayContaining([
      expect.stringContaining('We received your claim'),
      expect.stringContaining('is approved'),
      expect.stringContaining('is complete'),
    ]),
  )
})

test('a denied claim is appealed with a reason and then approved', async ({ page, browser, baseURL, signIn, javaScript }) => {
  test.slow()
  const customer = await signIn({ fullName: 'Avery Appeal' })
  const { policy } = createActivePolicy(customer.id)
  const group = createPartnerGroup(`Valley Glass ${Date.now()}`)
  const code = await fileClaim(page, policy, javaScript)

  const operator = await operatorPage(browser, baseURL!, javaScript)
  await openInConsole(operator, code)
  // A denial needs a reason.
  await operator.getByRole('button', { name: 'Deny' }).click()
  await expect(operator.getByText('Please give the reason for the denial.').first()).toBeVisible()
  await operator.getByLabel('Reason for denial').fill('The photos show damage to the side window, which the plan does not cover.')
  await operator.getByRole('button', { name: 'Deny' }).click()
  await expect(toast(operator)).toContainText('Claim Denied')
  const denied = await waitForEmail(customer.email, 'was not approved')
  expect(denied.text).toContain('side window')
  expect(denied.text).toContain('appeal')

  // The customer sees the reason and appeals.
  await page.goto('/customer')
  const card = page.locator('[data-claim-id]').filter({ hasText: code })
  await expect(card.getByText('side window', { exact: false })).toBeVisible()
  await card.getByRole('link', { name: 'Appeal' }).click()
  await expect(page.getByRole('heading', { name: 'Appeal the decision' })).toBeVisible()
  await page
    .getByLabel('Why should we reconsider?')
    .fill('The photo shows the front windshield; the side window is only in the background.')
  await page.getByRole('button', { name: 'Submit Appeal' }).click()
  await expect(toast(page)).toContainText('Appeal Submitted')
  await expect(page.locator('[data-claim-id]').filter({ hasText: code }).getByText('Pending Review')).toBeVisible()
  await waitForEmail(customer.email, 'appeal')
  await waitForEmail('operator@example.com', `Appeal to review: ${code}`)

  // The operator sees it marked as an appeal and approves it.
  await openInConsole(operator, code)
  await expect(operator.getByText('the side window is only in the background')).toBeVisible()
  await approve(operator, code, group.name)
  await waitForEmail(customer.email, 'is approved')
  await page.goto('/customer')
  await expect(page.locator('[data-claim-id]').filter({ hasText: code }).getByText('Approved', { exact: true })).toBeVisible()
})

test('a chip-only plan locks the damage type, and a claim without photos is refused', async ({ page, signIn }) => {
  const customer = await signIn()
  const { policy } = createActivePolicy(customer.id, { planType: 'chip_only', lookupKey: 'chip_only', monthlyPriceCents: 799 })
  await page.goto(`/customer/submit-claim?policy_id=${policy.id}`)
  await expect(page.getByText('Your chip repair plan covers chip damage only.')).toBeVisible()
  await expect(page.getByRole('option', { name: 'Crack (Not covered)' })).toBeDisabled()
  await expect(page.getByText('PNG, JPG up to 10MB each')).toBeVisible()
  await expectNoSeriousA11yViolations(page)
  await page.getByLabel('What Happened?').fill('Small chip.')
  await page.getByRole('button', { name: 'Submit Claim' }).click()
  await expect(toast(page)).toContainText('Photos Required')
  await expect(toast(page)).toContainText('Please upload at least one photo of the damage.')
})

test('the number of chips is asked for a chip only', async ({ page, signIn, javaScript }) => {
  const customer = await signIn()
  const { policy } = createActivePolicy(customer.id)
  await page.goto(`/customer/submit-claim?policy_id=${policy.id}`)
  const chips = page.getByRole('group', { name: 'How many chips are there?' })
  await expect(chips).toBeVisible()
  await expect(chips).toContainText('For chips only. For a crack, leave it unanswered.')
  await page.getByLabel('Damage Type').selectOption('crack')
  if (javaScript) {
    await expect(chips).toHaveCount(0)
    await page.getByLabel('Damage Type').selectOption('chip')
    await expect(chips).toBeVisible()
    await page.getByLabel('Damage Type').selectOption('crack')
  }
  // A crack sent without photos comes back refused, and the page the server renders asks nothing of chips.
  await page.getByLabel('What Happened?').fill('A long crack from the corner.')
  await page.getByRole('button', { name: 'Submit Claim' }).click()
  await expect(toast(page)).toContainText('Photos Required')
  await expect(page.getByLabel('Damage Type')).toHaveValue('crack')
  await expect(chips).toHaveCount(0)
})

test('the shop is told a pending claim awaits approval, without customer details', async ({ page, browser, signIn, javaScript }) => {
  const customer = await signIn({ fullName: 'Quinn Pending' })
  const { policy } = createActivePolicy(customer.id)
  const code = await fileClaim(page, policy, javaScript)
  const shop = await shopPage(browser, javaScript)
  const response = await shop.goto(`/partner/complete-claim?code=${code}`)
  expect(response?.status()).toBe(200)
  await expect(shop.getByRole('heading', { name: 'Awaiting Approval' })).toBeVisible()
  await expect(shop.getByText('Quinn Pending')).toHaveCount(0)
  await expect(shop.getByText(customer.email)).toHaveCount(0)
  // The page sends no React: it is plain HTML with one tiny optional script (fingerprinted: tests/e2e/site-files.spec.ts).
  const scripts = await shop.locator('script[src]').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('src')))
  expect(scripts).toEqual([expect.stringMatching(/^\/assets\/partner-complete-claim-[\w-]{8}\.js$/)])
})
