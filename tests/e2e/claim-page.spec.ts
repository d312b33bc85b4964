import { db } from '~/db/client.server'
import { claimDocuments, partnerLocations } from '~/db/schema'
import { bookableDates } from '~/domain/shops'

import { addSessionCookie, expect, test, toast, waitForEmail } from '../support/e2e'
import { createActivePolicy, createClaim, createPartnerGroup, findOrCreateProfile } from '../support/factories'
import { jpegFile } from '../support/photos'

/** An approved claim booked at a Denver shop, with the time the shop gave. */
function bookedClaim(profileId: string) {
  const stamp = Date.now().toString(36)
  const group = createPartnerGroup(`Mile High Glass ${stamp}`, { email: `desk-${stamp}@mile-high.example` })
  const place = db()
    .insert(partnerLocations)
    .values({
      partnerGroupId: group.id,
      name: `Mile High ${stamp}`,
      slug: `mile-high-${stamp}`,
      zip: '80202',
      address: '1600 Champa St',
      city: 'Denver',
      state: 'CO',
      phone: '(303) 555-0199',
    })
    .returning()
    .get()
  const { policy } = createActivePolicy(profileId)
  const day = bookableDates(new Date())[1]!
  return createClaim(policy.id, {
    approvalStatus: 'approved',
    reviewedAt: new Date().toISOString(),
    assignedPartnerGroupId: group.id,
    chosenLocationId: place.id,
    preferredDate: day,
    preferredSlot: 'morning',
    serviceAt: 'shop',
    appointmentAt: `${day}T09:30`,
    appointmentConfirmedAt: new Date().toISOString(),
  })
}

test('the claim page shows the timeline, the shop and the calendar link', async ({ page, signIn }) => {
  const customer = await signIn()
  const claim = bookedClaim(customer.id)
  await page.goto('/customer')
  await page.getByRole('link', { name: `View claim ${claim.confirmationCode}` }).click()
  await expect(page).toHaveURL(new RegExp(`/customer/claims/${claim.confirmationCode}$`))
  await expect(page.getByRole('heading', { level: 1 })).toContainText(claim.confirmationCode)
  const timeline = page.getByTestId('claim-timeline')
  await expect(timeline.getByTestId('step-filed')).toHaveAttribute('data-state', 'done')
  await expect(timeline.getByTestId('step-decided')).toContainText('Approved by our claims team')
  await expect(timeline.getByTestId('step-booked')).toContainText('9:30 AM')
  await expect(timeline.getByTestId('step-done')).toHaveAttribute('data-state', 'upcoming')
  await expect(page.getByTestId('claim-shop')).toContainText('1600 Champa St, Denver, CO 80202')
  const calendar = page.getByRole('link', { name: 'Add to calendar' })
  await expect(calendar).toHaveAttribute('href', `/customer/claims/${claim.confirmationCode}/appointment.ics`)
  const file = await page.request.get(`/customer/claims/${claim.confirmationCode}/appointment.ics`)
  expect(file.headers()['content-type']).toBe('text/calendar; charset=utf-8')
  expect(await file.text()).toContain(`Glass Plan claim ${claim.confirmationCode}`)
  await expect(page.getByRole('link', { name: 'Ask for another time' })).toBeVisible()
})

test('damage and repair photos are two lists, each under its heading, for the customer and the operator', async ({ page, signIn }) => {
  const customer = await signIn()
  const claim = bookedClaim(customer.id)
  for (const [documentType, fileName] of [
    ['damage_photo', 'damage_1.jpg'],
    ['damage_photo', 'damage_2.jpg'],
    ['repair_photo', 'repair_1.jpg'],
  ] as const) {
    db()
      .insert(claimDocuments)
      .values({ claimId: claim.id, documentType, filePath: `claim-documents/${claim.id}/${fileName}`, fileName })
      .run()
  }
  await page.goto(`/customer/claims/${claim.confirmationCode}`)
  await expect(page.getByRole('heading', { name: 'Damage photos' })).toBeVisible()
  await expect(page.getByRole('list', { name: 'Damage photos' }).getByRole('img')).toHaveCount(2)
  await expect(page.getByRole('list', { name: 'Repair photos' }).getByRole('img')).toHaveCount(1)
  await expect(page.getByRole('list', { name: 'Repair photos' }).getByRole('img', { name: 'Repair photo 1' })).toBeVisible()

  await signIn({ email: 'operator@example.com' })
  await page.goto(`/admin/claims/${claim.id}`)
  await expect(page.getByRole('list', { name: 'Damage photos' }).getByRole('img')).toHaveCount(2)
  await expect(page.getByRole('list', { name: 'Repair photos' }).getByRole('img')).toHaveCount(1)
})

test("a customer's message reaches the operator, and the answer reaches the customer", async ({ page, context, baseURL, signIn }) => {
  const customer = await signIn()
  const claim = bookedClaim(customer.id)
  await page.goto(`/customer/claims/${claim.confirmationCode}`)
  await page.getByLabel('Your message').fill('Can the shop come an hour earlier?')
  await page.getByRole('button', { name: 'Send message' }).click()
  await expect(toast(page)).toContainText('Message sent')
  await expect(page.getByTestId('claim-message')).toContainText('Can the shop come an hour earlier?')
  const toOperator = await waitForEmail('operator@example.com', `New message on claim ${claim.confirmationCode}`)
  expect(toOperator.text).toContain(`/admin/claims/${claim.id}`)

  // The operator sees the thread waiting in the queue and answers it on the claim's page.
  const operator = findOrCreateProfile('operator@example.com')
  await context.clearCookies()
  await addSessionCookie(context, baseURL!, operator.id)
  await page.goto('/admin/claims')
  await page.getByTestId('unanswered-threads').getByRole('link', { name: claim.confirmationCode }).click()
  await expect(page.getByTestId('claim-thread')).toContainText('Can the shop come an hour earlier?')
  await page.getByLabel('Your message').fill('Yes: the shop will call you to move it.')
  await page.getByRole('button', { name: 'Send message' }).click()
  await expect(toast(page)).toContainText('Message sent')
  const toCustomer = await waitForEmail(customer.email, `New message on claim ${claim.confirmationCode}`)
  expect(toCustomer.text).toContain('Yes: the shop will call you to move it.')
  expect(toCustomer.text).toContain(`/customer/claims/${claim.confirmationCode}`)
  await page.goto('/admin/claims')
  await expect(page.getByTestId('unanswered-threads').getByRole('link', { name: claim.confirmationCode })).toHaveCount(0)
})

test('a photo-request link adds photos without signing in, once', async ({ page, browser, signIn }) => {
  const customer = findOrCreateProfile(`photos-${Date.now().toString(36)}@example.com`)
  const claim = bookedClaim(customer.id)
  await signIn({ email: 'operator@example.com' })
  await page.goto(`/admin/claims/${claim.id}`)
  const request = page.getByTestId('photo-request')
  await request.getByLabel('Which photos').fill('A close-up of the chip with a coin beside it.')
  await request.getByRole('button', { name: 'Ask for photos' }).click()
  await expect(toast(page)).toContainText('Photos requested')
  const email = await waitForEmail(customer.email, `Claim ${claim.confirmationCode}: please add photos`)
  const link = /(https?:\/\/\S+\/photo-requests\/\S+)/.exec(email.text)![1]!

  // Someone with the link and no session at all.
  const stranger = await browser.newContext()
  const visitor = await stranger.newPage()
  await visitor.goto(link)
  await expect(visitor.getByTestId('photo-request-note')).toContainText('A close-up of the chip')
  await visitor
    .getByLabel(/Photos/)
    .setInputFiles({ name: 'chip.jpg', mimeType: 'image/jpeg', buffer: Buffer.from(await (await jpegFile('chip.jpg')).arrayBuffer()) })
  await visitor.getByRole('button', { name: 'Send photos' }).click()
  await expect(visitor.getByTestId('photo-request-done')).toContainText('Photos added')
  // The second use is refused with a page that says why.
  const again = await visitor.goto(link)
  expect(again!.status()).toBe(410)
  await expect(visitor.getByTestId('photo-request-refused')).toContainText('This link was already used')
  await stranger.close()

  await page.reload()
  await expect(page.getByRole('img', { name: /chip\.jpg|Damage/i }).first()).toBeVisible()
})
