import { eq } from 'drizzle-orm'

import { db } from '~/db/client.server'
import { createId } from '~/db/ids'
import { claims, partnerLocations } from '~/db/schema'

import { expect, test, toast, waitForEmail } from '../support/e2e'
import { createActivePolicy, createClaim, createPartnerGroup } from '../support/factories'

test('the operator places a location: an unknown ZIP is refused next to the field, a real one is saved', async ({ page, signIn }) => {
  await signIn({ email: 'operator@example.com' })
  const group = createPartnerGroup(`Placed Glass ${createId(4)}`)
  const slug = `placed-${createId(6)}`
  await page.goto('/admin/partners')
  const form = page.locator('form#create-location')
  await form.getByLabel('Partner group').selectOption({ label: group.name })
  await form.getByLabel('Location name').fill(`${group.name} — Ogden`)
  await form.getByLabel('Signup link').fill(slug)
  await form.getByLabel('ZIP code (optional)').fill('00000')
  await form.getByRole('button', { name: 'Add location' }).click()
  await expect(page.locator('form#create-location').getByText('That ZIP code does not exist. Check the five digits.')).toBeVisible()

  const again = page.locator('form#create-location')
  await again.getByLabel('Partner group').selectOption({ label: group.name })
  await again.getByLabel('Location name').fill(`${group.name} — Ogden`)
  await again.getByLabel('Signup link').fill(slug)
  await again.getByLabel('ZIP code (optional)').fill('84401')
  await again.getByLabel('Street address (optional)').fill('2549 Washington Blvd')
  await again.getByLabel('ADAS calibration').check()
  await again.getByRole('button', { name: 'Add location' }).click()
  await expect(toast(page)).toContainText('Location added')
  await expect(page.locator('li', { hasText: `/signup/${slug}` })).toContainText('2549 Washington Blvd, 84401')
  expect(db().select().from(partnerLocations).where(eq(partnerLocations.slug, slug)).get()).toMatchObject({
    zip: '84401',
    offersCalibration: true,
  })
})

test('after approval the customer picks the nearest shop and a time', async ({ page, signIn, javaScript }) => {
  // A shop of its own at a ZIP of its own (Moab), so it is the nearest there whatever other tests add.
  const group = createPartnerGroup(`Arches Glass ${createId(4)}`, { email: `desk-${createId(6).toLowerCase()}@arches.example` })
  const location = db()
    .insert(partnerLocations)
    .values({
      partnerGroupId: group.id,
      name: `${group.name} — Moab`,
      slug: `arches-${createId(6).toLowerCase()}`,
      address: '11 N Main St',
      city: 'Moab',
      state: 'UT',
      zip: '84532',
      phone: '(435) 555-0101',
      hours: 'Mon–Sat 8–5',
      mobileService: true,
      mobileRadiusMiles: 20,
    })
    .returning()
    .get()
  const customer = await signIn({ fullName: 'Mona Moab' })
  const { policy } = createActivePolicy(customer.id)
  const claim = createClaim(policy.id, { approvalStatus: 'approved', reviewedAt: new Date().toISOString() })

  await page.goto('/customer')
  await page.getByRole('link', { name: 'Choose a shop' }).click()
  await expect(page.getByRole('heading', { name: 'Choose a shop', level: 1 })).toBeVisible()

  // Plain text fields, typed as such (a ZIP is digits but no number: its leading zero counts).
  await expect(page.getByLabel('Your ZIP code')).toHaveAttribute('type', 'text')
  await page.getByLabel('Your ZIP code').fill('00000')
  if (!javaScript) await page.getByRole('button', { name: 'Find shops' }).click()
  await expect(page.getByText('That ZIP code does not exist. Check the five digits.')).toBeVisible()

  await page.getByLabel('Your ZIP code').fill('84532')
  // With JavaScript the list follows the ZIP as it is typed; without, the GET form shows it.
  if (!javaScript) await page.getByRole('button', { name: 'Find shops' }).click()
  // Nearest first: 0 miles (a run of the other project may have added its own shop at the same ZIP).
  await expect(page.getByTestId('shop-option').first()).toContainText('0 miles')
  const first = page.getByTestId('shop-option').filter({ hasText: location.name })
  await expect(first).toContainText('11 N Main St, Moab, UT 84532')
  await expect(first).toContainText('(435) 555-0101')
  await expect(first).toContainText('Mon–Sat 8–5')
  await expect(first).toContainText('Mobile service available')

  await first.getByRole('radio').check()
  await page.getByLabel('Afternoon (12–5)').check()
  await page.getByLabel(/Mobile service: the shop comes to me/).check()
  // Mobile service without an address is refused next to the address.
  await page.getByRole('button', { name: 'Choose this shop' }).click()
  await expect(page.getByText('Enter the address where the mobile service should come.')).toBeVisible()
  await expect(page.getByLabel('Address for mobile service')).toHaveAttribute('type', 'text')
  await page.getByLabel('Address for mobile service').fill('40 Arches Dr, Moab')
  await page.getByRole('button', { name: 'Choose this shop' }).click()
  await expect(toast(page)).toContainText('Shop chosen')
  await expect(page.getByTestId('claim-live-status')).toContainText(`${location.name}, 11 N Main St`)
  await expect(page.getByTestId('claim-live-status')).toContainText('afternoon (12–5), mobile service at 40 Arches Dr, Moab')
  await expect(page.getByTestId('claim-live-status').getByRole('link', { name: /Open in maps/ })).toHaveAttribute(
    'href',
    /query=11%20N%20Main%20St%2C%20Moab%2C%20UT%2084532$/,
  )

  expect(db().select().from(claims).where(eq(claims.id, claim.id)).get()).toMatchObject({
    chosenLocationId: location.id,
    assignedPartnerGroupId: group.id,
    preferredSlot: 'afternoon',
    serviceAt: 'mobile',
  })
  const email = await waitForEmail(group.email!, claim.confirmationCode)
  expect(email.text).toContain(`the customer chose ${location.name}`)
})

test('a claim the operator assigned to a shop tells the customer its phone, address and a map link', async ({ page, signIn }) => {
  const group = createPartnerGroup(`Canyon Glass ${createId(4)}`, { phone: '(801) 555-0142' })
  db()
    .insert(partnerLocations)
    .values({
      partnerGroupId: group.id,
      name: `${group.name} — Provo`,
      slug: `canyon-${createId(6).toLowerCase()}`,
      address: '150 W Center St',
      city: 'Provo',
      state: 'UT',
      zip: '84601',
    })
    .run()
  const customer = await signIn()
  const { policy } = createActivePolicy(customer.id)
  createClaim(policy.id, {
    approvalStatus: 'approved',
    reviewedAt: new Date().toISOString(),
    assignedPartnerGroupId: group.id,
  })

  await page.goto('/customer')
  const status = page.getByTestId('claim-live-status')
  await expect(status).toContainText(`Contact ${group.name} to book your repair`)
  const contact = status.getByTestId('shop-contact')
  await expect(contact.getByRole('link', { name: '(801) 555-0142' })).toHaveAttribute('href', 'tel:+18015550142')
  await expect(contact).toContainText(`${group.name} — Provo: 150 W Center St, Provo, UT 84601`)
  await expect(contact.getByRole('link', { name: /Open in maps/ })).toHaveAttribute(
    'href',
    'https://www.google.com/maps/search/?api=1&query=150%20W%20Center%20St%2C%20Provo%2C%20UT%2084601',
  )
})
