import { eq } from 'drizzle-orm'

import { db } from '~/db/client.server'
import { createId } from '~/db/ids'
import { partnerGroups, shopStaff } from '~/db/schema'

import { expect, test, toast, waitForEmail } from '../support/e2e'
import { uniqueEmail } from '../support/factories'

test('a shop applies to join the network and the operator approves it', async ({ page, signIn }) => {
  const business = `Canyon Glass ${createId(4)}`
  const email = uniqueEmail('applicant')

  await page.goto('/')
  await page.getByRole('contentinfo').getByRole('link', { name: 'Join the network' }).click()
  await expect(page.getByRole('heading', { name: 'Join the network' })).toBeVisible()
  await page.getByLabel('Business name').fill(business)
  await page.getByLabel('Your name').fill('Cass Canyon')
  await page.getByLabel('E-mail').fill(email)
  await page.getByLabel('Phone').fill('(801) 555-0190')
  await page.locator('[id="locations[0].name"]').fill(`${business} Provo`)
  await page.locator('[id="locations[0].address"]').fill('100 N University Ave')
  await page.locator('[id="locations[0].city"]').fill('Provo')
  await page.locator('[id="locations[0].state"]').fill('UT')
  // A ZIP in another state is refused next to its field; the rest comes back as typed.
  await page.locator('[id="locations[0].zip"]').fill('10001')
  await page.getByLabel('Liability insurer').fill('Mountain Mutual')
  await page.getByLabel('Insurance policy number').fill('GL-77001')
  await page.getByLabel('Insured until').fill('2099-06-30')
  await page.getByLabel('Chip repair').check()
  await page.getByLabel('Windshield replacement').check()
  await page.getByRole('button', { name: 'Apply to join' }).click()
  await expect(page.locator('[id="locations[0].zip-error"]')).toContainText('That ZIP code is in NY')
  await expect(page.getByLabel('Business name')).toHaveValue(business)
  await expect(page.locator('[id="locations[0].name"]')).toHaveValue(`${business} Provo`)
  await page.locator('[id="locations[0].zip"]').fill('84601')
  await page.getByRole('button', { name: 'Apply to join' }).click()
  await expect(toast(page).first()).toContainText('Application received')
  await waitForEmail(email, 'We received your application to join Glass Plan')

  await signIn({ email: 'operator@example.com' })
  await page.goto('/admin/applications')
  // Each application is a group named by the business (an aria-label on a plain div names nothing).
  const card = page.getByRole('group', { name: business })
  await expect(card).toContainText(`${business} Provo: 100 N University Ave, Provo, UT 84601`)
  await card.getByRole('button', { name: 'Approve and create the group' }).click()
  await expect(toast(page).first()).toContainText('Application approved')
  await expect(page.getByTestId('decided-application').filter({ hasText: business })).toContainText('Approved')

  const group = db().select().from(partnerGroups).where(eq(partnerGroups.name, business)).get()!
  expect(group.email).toBe(email)
  expect(db().select().from(shopStaff).where(eq(shopStaff.email, email)).get()?.partnerGroupId).toBe(group.id)
  await waitForEmail(email, 'Your Glass Plan partner application is approved')
})
