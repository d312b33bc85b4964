import crypto from 'node:crypto'

import { and, eq } from 'drizzle-orm'

import { db } from '~/db/client.server'
import { priceChangeNotices, priceChanges } from '~/db/schema'

import { addSessionCookie, expect, test, toast } from '../support/e2e'
import { createActivePolicy, findOrCreateProfile } from '../support/factories'

/**
 * A New York subscriber accepts a higher price through the link in their notice, JavaScript on and off. The notice is
 * made here as the daily job makes it (app/models/policies/price-changes.server.ts): a row with the keyed hash of the token.
 */

function consentNotice(profileId: string) {
  const { policy } = createActivePolicy(profileId, {
    governingState: 'NY',
    lookupKey: 'chip_only',
    planType: 'chip_only',
    vehicleType: null,
    hasAdas: null,
    monthlyPriceCents: 799,
    createdAt: new Date(Date.now() - 100 * 24 * 60 * 60 * 1000).toISOString(),
  })
  // Marked published with a far date: the server's own daily job then neither tells other subscribers nor moves anyone.
  const change = db()
    .insert(priceChanges)
    .values({
      lookupKey: 'chip_only',
      amountCents: 999,
      previousCents: 799,
      effectiveOn: '2099-01-01',
      createdBy: findOrCreateProfile('operator@example.com').id,
      publishedAt: new Date().toISOString(),
    })
    .returning()
    .get()
  const token = crypto.randomBytes(32).toString('base64url')
  const tokenHash = crypto.createHmac('sha256', process.env.SESSION_SECRET!).update(`price-consent:${token}`).digest('hex')
  db()
    .insert(priceChangeNotices)
    .values({
      priceChangeId: change.id,
      policyId: policy.id,
      noticeSentAt: new Date().toISOString(),
      consentRequired: true,
      consentTokenHash: tokenHash,
    })
    .run()
  return { policy, change, token }
}

test('a New York subscriber accepts a higher price from the link; another customer gets a 404', async ({
  page,
  signIn,
  browser,
  baseURL,
}) => {
  const customer = await signIn()
  const { policy, change, token } = consentNotice(customer.id)

  await page.goto(`/price-change/${token}`)
  await expect(page.getByRole('heading', { name: 'A new price for your plan' })).toBeVisible()
  await expect(page.getByTestId('old-price')).toHaveText('$7.99 / month')
  await expect(page.getByTestId('new-price')).toHaveText('$9.99 / month')
  await page.getByRole('button', { name: 'Accept the new price' }).click()
  await expect(toast(page)).toContainText('New price accepted')
  await expect(page.getByTestId('consent-accepted')).toContainText('You accepted the new price on')
  await expect(page.getByRole('button', { name: 'Accept the new price' })).toHaveCount(0)
  const notice = db()
    .select()
    .from(priceChangeNotices)
    .where(and(eq(priceChangeNotices.priceChangeId, change.id), eq(priceChangeNotices.policyId, policy.id)))
    .get()!
  expect(notice.acceptedAt).not.toBeNull()

  // Someone else signed in, holding the same link: not found.
  const other = await browser.newContext({ baseURL })
  const otherPage = await other.newPage()
  const stranger = findOrCreateProfile(`stranger-${policy.id.toLowerCase()}@example.com`)
  await addSessionCookie(other, baseURL!, stranger.id)
  const response = await otherPage.goto(`/price-change/${token}`)
  expect(response!.status()).toBe(404)
  await other.close()
})
