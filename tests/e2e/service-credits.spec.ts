import { eq } from 'drizzle-orm'

import { db } from '~/db/client.server'
import { serviceCredits } from '~/db/schema'
import { formatLongDate } from '~/domain/format'
import { claimPagePath } from '~/domain/paths'
import { bookableDates } from '~/domain/shops'
import { runServiceCredits } from '~/models/money/credits.server'

import { expect, outboxFor, test, toast, waitForEmail } from '../support/e2e'
import { createActivePolicy, createClaim, createPartnerGroup, createProfile } from '../support/factories'

test('a late shop produces one credit, shown on the dashboard and in an e-mail', async ({ page, signIn }) => {
  const customer = await signIn({ fullName: 'Pat Punctual' })
  const { policy } = createActivePolicy(customer.id, { monthlyPriceCents: 1999 })
  const shop = createPartnerGroup(`Slowpoke Glass ${Date.now()}`)
  // A chip approved 30 hours ago that the shop has not repaired: the 24-hour promise is missed.
  const claim = createClaim(policy.id, {
    damageType: 'chip',
    approvalStatus: 'approved',
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

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 60 * 60 * 1000).toISOString()

test('a chip whose shop the customer never chose earns no credit: they are reminded once, and the claim page says the clock waits', async ({
  page,
  signIn,
}) => {
  const customer = await signIn({ fullName: 'Wally Waiting' })
  const { policy } = createActivePolicy(customer.id, { monthlyPriceCents: 1999 })
  // Approved 30 hours ago by the rules, the shop left to the customer.
  const claim = createClaim(policy.id, {
    damageType: 'chip',
    approvalStatus: 'approved',
    reviewedAt: hoursAgo(30),
    decidedByRulesVersion: '1',
  })
  await runServiceCredits()
  await runServiceCredits()
  expect(db().select().from(serviceCredits).where(eq(serviceCredits.claimId, claim.id)).all()).toHaveLength(0)
  const reminder = await waitForEmail(customer.email, `Choose a shop for claim ${claim.confirmationCode}`)
  expect(reminder.text).toContain('Until then the clock waits for you.')

  await page.goto(claimPagePath(claim.confirmationCode))
  const promise = page.getByRole('region', { name: 'Your promise date' })
  await expect(promise).toContainText('Your promise date starts when you choose a shop and a time')
  await page.goto('/customer')
  await expect(page.getByRole('region', { name: 'Your Credits' })).toHaveCount(0)
})

test('a chip booked by the customer for the last day offered earns no credit before that day ends, and the page shows it', async ({
  page,
  signIn,
}) => {
  const customer = await signIn({ fullName: 'Lena Later' })
  const { policy } = createActivePolicy(customer.id, { monthlyPriceCents: 1999 })
  const shop = createPartnerGroup(`Patient Glass ${Date.now()}`)
  const lastDay = bookableDates(new Date()).at(-1)!
  const claim = createClaim(policy.id, {
    damageType: 'chip',
    approvalStatus: 'approved',
    reviewedAt: hoursAgo(30),
    assignedPartnerGroupId: shop.id,
    shopChosenAt: hoursAgo(29),
    preferredDate: lastDay,
    preferredSlot: 'afternoon',
  })
  await runServiceCredits()
  expect(db().select().from(serviceCredits).where(eq(serviceCredits.claimId, claim.id)).all()).toHaveLength(0)

  await page.goto(claimPagePath(claim.confirmationCode))
  const promise = page.getByRole('region', { name: 'Your promise date' })
  await expect(promise).toContainText(`By the end of ${formatLongDate(lastDay)}, the day you chose`)
  await expect(promise).toContainText('You asked for a day past our promise')
})

test('the operator’s Add a credit form sent twice adds one credit and one e-mail, the second answered as success', async ({
  page,
  signIn,
  baseURL,
}) => {
  await signIn({ email: 'operator@example.com' })
  const customer = createProfile({ fullName: 'Doubled Dana' })
  const { policy } = createActivePolicy(customer.id)
  await page.goto(`/admin/customers/${customer.id}`)
  const form = page.locator('form', { has: page.getByRole('button', { name: 'Add the credit' }) })
  const formToken = await form.locator('input[name="formToken"]').inputValue()
  await form.getByLabel('Amount in dollars').fill('6')
  await form.getByLabel('Reason (the customer reads it)').fill('Sorry for the wait at the shop.')
  await form.getByRole('button', { name: 'Add the credit' }).click()
  await expect(toast(page)).toContainText('Credit Added')

  // The same form posted again (a second click that went out, a retried request): nothing more, and a success.
  const again = await page.request.post(`/admin/customers/${customer.id}`, {
    form: { intent: 'add-credit', policyId: policy.id, amount: '6', reason: 'Sorry for the wait at the shop.', formToken },
    headers: { Origin: baseURL! },
    maxRedirects: 0,
  })
  expect(again.status()).toBe(302)
  expect(db().select().from(serviceCredits).where(eq(serviceCredits.policyId, policy.id)).all()).toHaveLength(1)
  await waitForEmail(customer.email, 'A credit of $6.00')
  expect(outboxFor(customer.email).filter((email) => email.subject === 'A credit of $6.00 from Glass Plan')).toHaveLength(1)
  // The page rendered after the credit carries a new token: a new form is a new credit.
  await page.reload()
  expect(await form.locator('input[name="formToken"]').inputValue()).not.toBe(formToken)
})
