import { db } from '~/db/client.server'
import { createId } from '~/db/ids'
import { auditLog, partnerLocations } from '~/db/schema'

import { expect, test, toast } from '../support/e2e'
import { createActivePolicy, createClaim, createPartnerGroup, createProfile, uniqueEmail } from '../support/factories'

test("the operator chooses a time zone: the claim page shows its times there, the shop's appointment in the shop's", async ({
  page,
  signIn,
}) => {
  // An operator of their own (by role), so the other project's run does not change this one's zone.
  const operator = await signIn({ email: uniqueEmail('ops'), role: 'admin' })
  const group = createPartnerGroup(`Sample Glass ${createId(4)}`)
  const location = db()
    .insert(partnerLocations)
    .values({ partnerGroupId: group.id, name: `${group.name} — Moab`, slug: `tz-${createId(6).toLowerCase()}`, zip: '84532' })
    .returning()
    .get()
  const { policy } = createActivePolicy(createProfile().id)
  const claim = createClaim(policy.id, {
    approvalStatus: 'approved',
    reviewedAt: '2026-12-01T17:00:00.000Z',
    assignedPartnerGroupId: group.id,
    chosenLocationId: location.id,
    preferredDate: '2026-12-08',
    preferredSlot: 'morning',
    appointmentAt: '2026-12-08T09:30',
    appointmentConfirmedAt: '2026-12-02T16:00:00.000Z',
  })
  db()
    .insert(auditLog)
    .values([
      { actor: operator.id, action: 'claim.approved', entityType: 'claim', entityId: claim.id, createdAt: '2026-12-01T17:00:00.000Z' },
      { actor: 'system', action: 'claim.shop_emailed', entityType: 'claim', entityId: claim.id, createdAt: '2026-12-01T17:01:00.000Z' },
    ])
    .run()

  // Mountain time until the operator chooses.
  await page.goto(`/admin/claims/${claim.id}`)
  await expect(page.getByTestId('appointment')).toHaveText("December 8, 2026 at 9:30 AM (MST, the shop's time)")
  const history = page.getByRole('heading', { name: 'History' }).locator('..')
  await expect(history).toContainText('Claim approved · Dec 1, 2026, 10:00 AM MST')
  await expect(history).toContainText('Shop e-mailed about a claim · Dec 1, 2026, 10:01 AM MST')
  await expect(history).not.toContainText('claim.')

  await page.goto('/admin')
  await page.getByRole('link', { name: /Settings/ }).click()
  await expect(page.getByLabel('Time zone')).toHaveValue('America/Denver')
  await page.getByLabel('Time zone').selectOption('America/Los_Angeles')
  await page.getByRole('button', { name: 'Save settings' }).click()
  await expect(toast(page)).toContainText('The console now shows times in Pacific time.')
  await expect(page.getByLabel('Time zone')).toHaveValue('America/Los_Angeles')

  await page.goto(`/admin/claims/${claim.id}`)
  await expect(history).toContainText('Claim approved · Dec 1, 2026, 9:00 AM PST')
  await expect(page.getByTestId('service-promise')).toContainText('PST')
  // The appointment is the shop's clock, whatever the operator's.
  await expect(page.getByTestId('appointment')).toHaveText("December 8, 2026 at 9:30 AM (MST, the shop's time)")
})
