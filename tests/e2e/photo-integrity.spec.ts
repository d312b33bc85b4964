import type { Page } from '@playwright/test'
import { eq } from 'drizzle-orm'

import { db } from '~/db/client.server'
import { profiles } from '~/db/schema'

import { addSessionCookie, expect, randomIp, test } from '../support/e2e'
import { createActivePolicy, createProfile } from '../support/factories'
import { photoEdits, photoVariants, windshieldPhoto } from '../support/photos'

async function fileClaim(page: Page, policy: { id: string }, photo: Buffer) {
  await page.goto(`/customer/submit-claim?policy_id=${policy.id}`)
  await page.getByLabel('Damage Type').selectOption('chip')
  // A chip the decision rules would approve at once: only the integrity check can hold it.
  await page.getByRole('radio', { name: 'Smaller than a quarter' }).check()
  await page.getByRole('group', { name: 'Is it in the driver’s line of sight?' }).getByRole('radio', { name: 'No' }).check()
  await page.getByRole('radio', { name: 'One', exact: true }).check()
  await page.getByRole('radio', { name: 'In front of the passenger', exact: true }).check()
  await page.getByLabel('What Happened?').fill('A stone from a gravel truck on I-80.')
  await page.locator('#photos').setInputFiles([{ name: 'damage.jpg', mimeType: 'image/jpeg', buffer: photo }])
  await page.getByRole('button', { name: 'Submit Claim' }).click()
  await expect(page.getByRole('heading', { name: 'Claim Submitted Successfully!' })).toBeVisible()
  return (await page.getByTestId('confirmation-code').textContent())!.trim()
}

test("a claim reusing another customer's photo waits, and the operator sees why", async ({
  page,
  browser,
  baseURL,
  signIn,
  javaScript,
}) => {
  test.slow() // two customers and the operator, in three browsers
  // A picture of its own for each run: both projects file claims against one server.
  const original = await windshieldPhoto(Math.floor(Math.random() * 1e9), { width: 1024, height: 768 })

  // Someone else's honest claim, with the original photo.
  const first = createProfile({ fullName: 'Avery First' })
  const { policy: firstPolicy } = createActivePolicy(first.id)
  const firstContext = await browser.newContext({ javaScriptEnabled: javaScript, extraHTTPHeaders: { 'X-Forwarded-For': randomIp() } })
  await addSessionCookie(firstContext, baseURL!, first.id)
  const firstCode = await fileClaim(await firstContext.newPage(), firstPolicy, original)

  // The same picture, re-encoded, on another account's claim: filed as usual, and the customer hears only of a review.
  const customer = await signIn({ fullName: 'Riley Second' })
  const { policy } = createActivePolicy(customer.id)
  const code = await fileClaim(page, policy, await photoVariants.reencoded(original))
  await expect(page.getByText('Our team reviews your claim')).toBeVisible()
  await expect(page.locator('body')).not.toContainText(/fraud|flag|another customer/i)
  await page.goto('/customer')
  await expect(page.locator('[data-claim-id]').filter({ hasText: code }).getByText('Pending Review')).toBeVisible()
  await expect(page.locator('body')).not.toContainText(/fraud|flag|another customer/i)

  // The operator's claim page says why it waits, and whose photo it is.
  db().insert(profiles).values({ email: 'operator@example.com', fullName: 'Olive Operator' }).onConflictDoNothing().run()
  const operatorProfile = db().select().from(profiles).where(eq(profiles.email, 'operator@example.com')).get()!
  const operatorContext = await browser.newContext({ javaScriptEnabled: javaScript, extraHTTPHeaders: { 'X-Forwarded-For': randomIp() } })
  await addSessionCookie(operatorContext, baseURL!, operatorProfile.id)
  const operator = await operatorContext.newPage()
  const open = async (claimCode: string) => {
    await operator.goto('/admin/policies')
    await operator.getByLabel('Search').fill(claimCode)
    await operator.getByRole('button', { name: 'Search' }).click()
    await operator.getByRole('link', { name: claimCode }).click()
    await expect(operator.getByRole('heading', { name: `Claim ${claimCode}` })).toBeVisible()
  }
  await open(code)
  await expect(operator.getByRole('heading', { name: 'Why this claim waits for you' })).toBeVisible()
  const flags = operator.getByRole('list', { name: 'Integrity flags' })
  await expect(flags).toContainText("Photo seen on another customer's policy")
  await expect(flags).toContainText(`policy ${firstPolicy.policyNumber}, another customer's`)
  await expect(operator.getByText('Held: integrity checks')).toBeVisible()
  // Once decided it is no longer held: the heading says the checks flagged it, and the flags stay listed.
  await operator.getByLabel('Reason for denial').fill('The photo is from another claim.')
  await operator.getByRole('button', { name: 'Deny' }).click()
  await open(code)
  await expect(operator.getByText('Flagged by the integrity checks')).toBeVisible()
  await expect(operator.getByText('Held: integrity checks')).toHaveCount(0)
  await expect(flags).toContainText("Photo seen on another customer's policy")

  // The first customer's claim, filed before, waits for no such reason.
  await open(firstCode)
  await expect(operator.getByRole('heading', { name: 'Why this claim waits for you' })).toHaveCount(0)
})

test("a turned copy of another customer's photo waits, and so does the same photo on the customer's other policy, each with its reason", async ({
  page,
  browser,
  baseURL,
  signIn,
  javaScript,
}) => {
  test.slow() // two customers and the operator, in three browsers
  const original = await windshieldPhoto(Math.floor(Math.random() * 1e9), { width: 1024, height: 768 })

  const first = createProfile({ fullName: 'Avery First' })
  const { policy: firstPolicy } = createActivePolicy(first.id)
  const firstContext = await browser.newContext({ javaScriptEnabled: javaScript, extraHTTPHeaders: { 'X-Forwarded-For': randomIp() } })
  await addSessionCookie(firstContext, baseURL!, first.id)
  await fileClaim(await firstContext.newPage(), firstPolicy, original)

  // Turned a quarter and mirrored: the plain hash did not see either.
  const customer = await signIn({ fullName: 'Riley Second' })
  const { policy } = createActivePolicy(customer.id)
  const { policy: otherPolicy } = createActivePolicy(customer.id)
  const turned = await photoEdits.turned90(original)
  const code = await fileClaim(page, policy, turned)
  await expect(page.getByText('Our team reviews your claim')).toBeVisible()
  // The same photo again, mirrored, on the customer's other policy: it waits too, and the customer hears only of a review.
  const againCode = await fileClaim(page, otherPolicy, await photoEdits.mirrored(turned))
  await expect(page.getByText('Our team reviews your claim')).toBeVisible()
  await expect(page.locator('body')).not.toContainText(/fraud|flag|another customer|already sent/i)

  db().insert(profiles).values({ email: 'operator@example.com', fullName: 'Olive Operator' }).onConflictDoNothing().run()
  const operatorProfile = db().select().from(profiles).where(eq(profiles.email, 'operator@example.com')).get()!
  const operatorContext = await browser.newContext({ javaScriptEnabled: javaScript, extraHTTPHeaders: { 'X-Forwarded-For': randomIp() } })
  await addSessionCookie(operatorContext, baseURL!, operatorProfile.id)
  const operator = await operatorContext.newPage()
  const open = async (claimCode: string) => {
    await operator.goto('/admin/policies')
    await operator.getByLabel('Search').fill(claimCode)
    await operator.getByRole('button', { name: 'Search' }).click()
    await operator.getByRole('link', { name: claimCode }).click()
    await expect(operator.getByRole('heading', { name: `Claim ${claimCode}` })).toBeVisible()
  }
  await open(code)
  const flags = operator.getByRole('list', { name: 'Integrity flags' })
  await expect(flags).toContainText("Photo seen on another customer's policy")
  await expect(flags).toContainText(`policy ${firstPolicy.policyNumber}, another customer's`)

  await open(againCode)
  await expect(flags).toContainText("Photo already sent on this customer's claims")
  await expect(flags).toContainText(`of this customer's other policy ${policy.policyNumber}`)
})
