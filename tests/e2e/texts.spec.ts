import { eq } from 'drizzle-orm'

import { db } from '~/db/client.server'
import { createId } from '~/db/ids'
import { claims, shopStaff, textConsents } from '~/db/schema'

import { expect, test, toast, waitForText } from '../support/e2e'
import {
  confirmedTextsConsent,
  createActivePolicy,
  createClaim,
  createPartnerGroup,
  findOrCreateProfile,
  uniqueEmail,
} from '../support/factories'

/** A distinct number per run and project, so the outbox's texts to it (and its rate limit) are this test's. */
const randomPhone = () => `+1801555${String(Math.floor(Math.random() * 9000) + 1000)}`
const national = (e164: string) => `(${e164.slice(2, 5)}) ${e164.slice(5, 8)}-${e164.slice(8)}`

test('a customer turns on texts about their claims from the dashboard, confirming the number with the texted code', async ({
  page,
  signIn,
}) => {
  const onFile = randomPhone()
  const customer = await signIn({ fullName: 'Tess Texter', phone: onFile })
  await page.goto('/customer')
  const card = page.getByTestId('texts-card')
  await expect(card.getByRole('heading', { name: 'Texts about your claims' })).toBeVisible()
  await expect(card).toContainText('Message and data rates may apply')
  // The number already on the account is offered, not asked for again.
  await expect(card.getByLabel('Mobile number')).toHaveValue(national(onFile))
  await expect(card).toContainText(`The number on your account, ${national(onFile)}, is filled in.`)

  // A toll-free number cannot take texts: refused next to the field, nothing saved.
  await card.getByLabel('Mobile number').fill('(800) 555-0142')
  await card.getByLabel('Text me about my claims').check()
  await card.getByRole('button', { name: 'Turn texts on' }).click()
  await expect(page.locator('#texts-phone-error')).toContainText('This is a toll-free number. Enter a mobile number')
  expect(db().select().from(textConsents).where(eq(textConsents.profileId, customer.id)).all()).toEqual([])

  const phone = randomPhone()
  const form = page.getByTestId('texts-card')
  await form.getByLabel('Mobile number').fill(`${phone.slice(2, 5)}.${phone.slice(5, 8)}.${phone.slice(8)}`)
  await form.getByLabel('Text me about my claims').check()
  await form.getByRole('button', { name: 'Turn texts on' }).click()
  // A code is texted to the number first; texts are not on until it is typed.
  await expect(page).toHaveURL(/\/customer\/texts$/)
  await expect(toast(page).first()).toContainText('Code texted')
  await expect(page.getByTestId('texts-card')).toContainText(`We texted a code to ${national(phone)}`)
  const [pending] = db().select().from(textConsents).where(eq(textConsents.profileId, customer.id)).all()
  expect(pending).toMatchObject({ phone, stoppedAt: null, confirmedAt: null })
  expect(pending!.userAgent).toBeTruthy()
  const code = /\b(\d{6})\b/.exec((await waitForText(phone, 'number_code')).body)![1]!

  // A wrong code is refused next to the field.
  const wrongCode = String((Number(code) + 1) % 1_000_000).padStart(6, '0')
  await page.getByTestId('texts-card').getByLabel('Code from the text').fill(wrongCode)
  await page.getByTestId('texts-card').getByRole('button', { name: 'Confirm number' }).click()
  await expect(page.locator('#texts-code-error')).toContainText('That code is not the one we texted. 4 tries left.')

  await page.getByTestId('texts-card').getByLabel('Code from the text').fill(code)
  await page.getByTestId('texts-card').getByRole('button', { name: 'Confirm number' }).click()
  await expect(page).toHaveURL(/\/customer$/)
  await expect(toast(page).first()).toContainText('Texts turned on')
  await expect(page.getByTestId('texts-card')).toContainText(`We text ${national(phone)}`)
  expect(db().select().from(textConsents).where(eq(textConsents.profileId, customer.id)).get()).toMatchObject({
    confirmedBy: 'code',
    codeHash: null,
  })

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
  const phone = randomPhone()
  confirmedTextsConsent(customer.id, phone)
  const { policy } = createActivePolicy(customer.id)
  const claim = createClaim(policy.id, {
    approvalStatus: 'approved',
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
