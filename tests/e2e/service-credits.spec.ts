import { eq } from 'drizzle-orm'

import { db } from '~/db/client.server'
import { serviceCredits } from '~/db/schema'
import { runServiceCredits } from '~/models/credits.server'

import { expect, test, waitForEmail } from '../support/e2e'
import { createActivePolicy, createClaim, createPartnerGroup } from '../support/factories'

test('a late shop produces one credit, shown on the dashboard and in an e-mail', async ({ page, signIn }) => {
  const customer = await signIn({ fullName: 'Pat Punctual' })
  const { policy } = createActivePolicy(customer.id, { monthlyPriceCents: 1999 })
  const shop = createPartnerGroup(`Slowpoke Glass ${Date.now()}`)
  // A chip approved 30 hours ago that the shop has not repaired: the 24-hour promise is missed.
  const claim = createClaim(policy.id, {
    damageType: 'chip',
    approvalStatus: 'approved',
    lifecycleStatus: 'approved',
    assignedPartnerGroupId: shop.id,
    reviewedAt: new Date(Date.now() - 30 * 60 * 60 * 1000).toISOString(),
  })

  // The daily job, twice: one credit.
  await runServiceCredits()
  await runServiceCredits()
  expect(db().select().from(serviceCredits).where(eq(serviceCredits.claimId, claim.id)).all()).toHaveLength(1)

  const email = await waitForEmail(customer.email, 'A credit of $19.99')
  expect(email.text).toContain(`We missed our service promise on claim ${claim.confirmationCode}`)

  await page.goto('/customer')
  const credits = page.getByRole('region', { name: 'Your Credits' })
  await expect(credits.getByTestId('credit')).toHaveCount(1)
  await expect(credits.getByTestId('credit')).toContainText('$19.99')
  await expect(credits.getByTestId('credit')).toContainText(claim.confirmationCode)
  await expect(credits.getByTestId('credit')).toContainText('Paid')
})
