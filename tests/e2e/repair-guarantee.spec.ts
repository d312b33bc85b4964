import { eq } from 'drizzle-orm'

import { db } from '~/db/client.server'
import { claims } from '~/db/schema'
import { DECISION_RULES_VERSION } from '~/domain/decision-rules'

import { usToday } from '../support/days'
import { expect, randomIp, test, toast } from '../support/e2e'
import { createActivePolicy, createClaim, createPartnerGroup } from '../support/factories'
import { jpeg } from '../support/photos'

/** Small real JPEGs made at test time. */
const images: Record<string, Buffer> = {}
test.beforeAll(async () => {
  for (const [name, colour] of Object.entries({ crack: '#6a2f8f', invoice: '#f0f0f0', done: '#2f8f4f' })) {
    images[name] = await jpeg({ width: 320, height: 240, colour })
  }
})
const file = (name: string) => ({ name: `${name}.jpg`, mimeType: 'image/jpeg', buffer: images[name]! })

test('a repaired chip that cracks is replaced on a Chip Repair Only plan, and the repairing shop sees the rework', async ({
  page,
  browser,
  signIn,
  javaScript,
}) => {
  test.slow() // the customer and the shop, two uploads
  const customer = await signIn({ fullName: 'Gus Guarantee' })
  const { policy } = createActivePolicy(customer.id, { planType: 'chip_only', lookupKey: 'chip_only' })
  const shop = createPartnerGroup(`Bonneville Glass ${Date.now()}`)
  const repaired = createClaim(policy.id, {
    damageType: 'chip',
    damageZone: 'passenger',
    approvalStatus: 'completed',
    repairType: 'repair',
    assignedPartnerGroupId: shop.id,
    reviewedAt: new Date(Date.now() - 40 * 86_400_000).toISOString(),
    completedAt: new Date(Date.now() - 30 * 86_400_000).toISOString(),
  })

  // The repaired claim's card offers the guarantee; a photo is required.
  await page.goto('/customer')
  const card = page.locator(`[data-claim-id="${repaired.id}"]`)
  await expect(card).toContainText('Our repairs are guaranteed for 12 months')
  await card.getByRole('link', { name: 'My repair failed' }).click()
  await expect(page.getByRole('heading', { name: 'My repair failed' })).toBeVisible()
  await page.getByLabel('When did you notice the crack?').fill(usToday())
  await page.getByRole('radio', { name: 'In front of the passenger' }).check()
  await page.getByRole('group', { name: 'Is it in the driver’s line of sight?' }).getByRole('radio', { name: 'No' }).check()
  await page.getByLabel('What Happened?').fill('The repaired chip on the passenger side turned into a crack this morning.')
  await page.getByRole('button', { name: 'File repair-failure claim' }).click()
  await expect(page.locator('#photos-error')).toContainText('photo')

  await page.locator('#photos').setInputFiles([file('crack')])
  await page.getByRole('button', { name: 'File repair-failure claim' }).click()
  await expect(toast(page)).toContainText('does not use your plan year’s replacement')

  // Approved at once by the rules, linked to the repaired claim; the repair offers no second claim.
  const filed = db().select().from(claims).where(eq(claims.repairFailureOfClaimId, repaired.id)).get()!
  expect(filed).toMatchObject({ approvalStatus: 'approved', damageType: 'crack', decidedByRulesVersion: DECISION_RULES_VERSION })
  const newCard = page.locator(`[data-claim-id="${filed.id}"]`)
  await expect(newCard.getByTestId('rework-of')).toHaveText(
    `Repair-failure claim for the chip repaired under claim ${repaired.confirmationCode}.`,
  )
  await expect(newCard.getByText('Approved', { exact: true })).toBeVisible()
  await expect(card.getByRole('link', { name: 'My repair failed' })).toHaveCount(0)

  // The operator's shop (here: the same one) completes it as a replacement, which Chip Repair Only allows under the guarantee.
  db().update(claims).set({ assignedPartnerGroupId: shop.id }).where(eq(claims.id, filed.id)).run()
  const shopContext = await browser.newContext({ javaScriptEnabled: javaScript, extraHTTPHeaders: { 'X-Forwarded-For': randomIp() } })
  const shopPage = await shopContext.newPage()
  await shopPage.goto(`/partner/complete-claim?code=${filed.confirmationCode}`)
  await expect(
    shopPage.getByText(`Repair-failure claim for the chip repaired under claim ${repaired.confirmationCode}.`, { exact: false }),
  ).toContainText('A replacement is covered under the repair guarantee')
  await shopPage.getByRole('radio', { name: 'Replacement' }).check()
  await shopPage.getByLabel('Invoice Photo').setInputFiles([file('invoice')])
  await shopPage.getByLabel('Repair Photos').setInputFiles([file('done')])
  await shopPage.getByRole('button', { name: 'Mark Service Complete' }).click()
  await expect(shopPage.getByRole('heading', { name: 'Service Completed!' })).toBeVisible()
  expect(db().select().from(claims).where(eq(claims.id, filed.id)).get()).toMatchObject({
    approvalStatus: 'completed',
    repairType: 'replacement',
  })
  await shopContext.close()
})
