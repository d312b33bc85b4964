import { eq } from 'drizzle-orm'

import { db } from '~/db/client.server'
import { createId } from '~/db/ids'
import { claims, shopStaff, textConsents } from '~/db/schema'
import { recordTextsConsent } from '~/models/consents.server'

import { expect, test, toast } from '../support/e2e'
import { createActivePolicy, createClaim, createPartnerGroup, findOrCreateProfile, uniqueEmail } from '../support/factories'

test('a customer turns on texts about their claims from the dashboard', async ({ page, signIn }) => {
  const customer = await signIn({ fullName: 'Tess Texter' })
  await page.goto('/customer')
  const card = page.getByTestId('texts-card')
  await expect(card.getByRole('heading', { name: 'Texts about your claims' })).toBeVisible()
  await expect(card).toContainText('Message and data rates may apply')

  // A toll-free number cannot take texts: refused next to the field, nothing saved.
  await card.getByLabel('Mobile number').fill('(800) 555-0142')
  await card.getByLabel('Text me about my claims').check()
  await card.getByRole('button', { name: 'Turn texts on' }).click()
  await expect(page.locator('#texts-phone-error')).toContainText('This is a toll-free number. Enter a mobile number')
  expect(db().select().from(textConsents).where(eq(textConsents.profileId, customer.id)).all()).toEqual([])

  const form = page.getByTestId('texts-card')
  await form.getByLabel('Mobile number').fill('801.555.0161')
  await form.getByLabel('Text me about my claims').check()
  await form.getByRole('button', { name: 'Turn texts on' }).click()
  await expect(page).toHaveURL(/\/customer$/)
  await expect(toast(page).first()).toContainText('Texts turned on')
  await expect(page.getByTestId('texts-card')).toContainText('We text (801) 555-0161')
  const [consent] = db().select().from(textConsents).where(eq(textConsents.profileId, customer.id)).all()
  expect(consent).toMatchObject({ phone: '+18015550161', stoppedAt: null })
  expect(consent!.userAgent).toBeTruthy()

  await page.getByTestId('texts-card').getByRole('button', { name: 'Turn texts off' }).click()
  await expect(toast(page).first()).toContainText('Texts turned off')
  await expect(page.getByTestId('texts-card').getByLabel('Mobile number')).toBeVisible()
})

test("the shop's On the way sends the customer a text, shown in the outbox", async ({ page, signIn }) => {
  const group = createPartnerGroup(`Mobile Glass ${createId(4)}`, { email: `desk-${createId(6).toLowerCase()}@mobile.example` })
  const staffEmail = uniqueEmail('staff')
  db()
    .insert(shopStaff)
    .values({ partnerGroupId: group.id, email: staffEmail, addedBy: findOrCreateProfile('operator@example.com').id })
    .run()
  const customer = findOrCreateProfile(uniqueEmail(), { fullName: 'Mo Bile' })
  // A distinct number per run and project, so the outbox line is this test's.
  const phone = `+1801555${String(Math.floor(Math.random() * 9000) + 1000)}`
  recordTextsConsent({ profileId: customer.id, phone, clientIp: '203.0.113.5', userAgent: 'Test browser' })
  const { policy } = createActivePolicy(customer.id)
  const claim = createClaim(policy.id, {
    approvalStatus: 'approved',
    lifecycleStatus: 'approved',
    reviewedAt: new Date().toISOString(),
    assignedPartnerGroupId: group.id,
    serviceAt: 'mobile',
    serviceAddress: '12 Elm St, Ogden, UT',
    appointmentAt: '2099-01-05T09:30',
    appointmentConfirmedAt: new Date().toISOString(),
  })

  await signIn({ email: staffEmail })
  await page.goto(`/shop/jobs/${claim.id}`)
  const onTheWay = page.getByTestId('on-the-way')
  await onTheWay.getByRole('button', { name: 'On the way' }).click()
  await expect(toast(page)).toContainText('Customer told you are on the way')
  await expect(page.getByTestId('on-the-way')).toContainText('On the way since')
  expect(db().select().from(claims).where(eq(claims.id, claim.id)).get()!.technicianOnTheWayAt).not.toBeNull()

  await page.goto('/dev/outbox')
  const text = page.getByTestId('outbox-text').filter({ hasText: phone })
  await expect(text).toHaveCount(1)
  await expect(text).toContainText(`the technician from ${group.name} is on the way for claim ${claim.confirmationCode}`)
  await expect(text).toContainText('Reply STOP to end texts.')
})
