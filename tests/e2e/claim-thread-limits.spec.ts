import { db } from '~/db/client.server'
import { partnerLocations } from '~/db/schema'

import { expect, test } from '../support/e2e'
import { createActivePolicy, createClaim, createPartnerGroup } from '../support/factories'

/** A claim thread's posting limit (docs/decisions/099-claim-thread-read-marks.md), with JavaScript on and off. */
function bookedClaim(profileId: string) {
  const stamp = Date.now().toString(36)
  const group = createPartnerGroup(`Burst Glass ${stamp}`, { email: `desk-${stamp}@burst.example` })
  const place = db()
    .insert(partnerLocations)
    .values({
      partnerGroupId: group.id,
      name: `Burst ${stamp}`,
      slug: `burst-${stamp}`,
      zip: '80202',
      address: '1 Main St',
      city: 'Denver',
      state: 'CO',
    })
    .returning()
    .get()
  const { policy } = createActivePolicy(profileId)
  return createClaim(policy.id, {
    approvalStatus: 'approved',
    reviewedAt: new Date().toISOString(),
    assignedPartnerGroupId: group.id,
    chosenLocationId: place.id,
  })
}

test('the 9th message in a burst is refused next to the field, its text kept, and not added', async ({ page, signIn }) => {
  const customer = await signIn()
  const claim = bookedClaim(customer.id)
  await page.goto(`/customer/claims/${claim.confirmationCode}`)
  const field = page.getByLabel('Your message')
  for (let index = 1; index <= 8; index++) {
    await field.fill(`Message ${index}`)
    await page.getByRole('button', { name: 'Send message' }).click()
    await expect(page.getByTestId('claim-message')).toHaveCount(index)
  }
  await field.fill('Message 9, one too many')
  await page.getByRole('button', { name: 'Send message' }).click()
  await expect(page.locator('#message-body-error')).toContainText('You have sent many messages on this claim in a few minutes.')
  await expect(field).toHaveValue('Message 9, one too many')
  await expect(field).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByTestId('claim-message')).toHaveCount(8)
})
