import { eq } from 'drizzle-orm'

import { db } from '~/db/client.server'
import { letters, localCheckouts, policies, providerCancelNotices } from '~/db/schema'
import { NOTICE_EMAIL_MAX_ATTEMPTS } from '~/domain/email'
import { DAY_MS } from '~/domain/time'
import { endProviderCancellations } from '~/models/policies/provider-cancellation.server'
import { sendRenewalNotices } from '~/models/policies/renewals.server'

import { expect, test, toast } from '../support/e2e'
import { createActivePolicy, createProfile } from '../support/factories'

// The provider's own notices: the operator cancelling for nonpayment with the state's notice period and refund, one
// that waits for its letter until the customer gives their address, and a New York yearly renewal served by certified
// mail (the local mail twin's outbox).

const address = (state: string, name: string) =>
  JSON.stringify({ name, line1: '9 Elm Street', line2: null, city: 'Springfield', state, zip: '10001' })

test('the operator cancels for nonpayment: Texas’s notice by mail, 6 days before the end, then the policy ends with its refund', async ({
  page,
  signIn,
}) => {
  await signIn({ email: 'operator@example.com' })
  const customer = createProfile({ fullName: 'Rae Notice', mailingAddress: address('TX', 'Rae Notice') })
  const createdAt = new Date(Date.now() - 40 * DAY_MS).toISOString()
  const checkout = db()
    .insert(localCheckouts)
    .values({
      lookupKey: 'comprehensive_car_adas_false_yearly',
      amountCents: 19990,
      profileId: customer.id,
      tosVersion: '1.0.1',
      tosAcceptedAt: createdAt,
      cancelPath: '/signup',
      status: 'complete',
      completedAt: createdAt,
    })
    .returning()
    .get()
  const { policy } = createActivePolicy(customer.id, {
    governingState: 'TX',
    createdAt,
    billingInterval: 'year',
    lookupKey: 'comprehensive_car_adas_false_yearly',
    monthlyPriceCents: 19990,
    stripeCheckoutSessionId: checkout.id,
  })

  await page.goto(`/admin/customers/${customer.id}`)
  const card = page.getByTestId('admin-policy')
  await card.getByText('Cancel as the provider…').click()
  await expect(card.getByText("Texas requires 6 days' notice: the policy ends 6 days after the notice letter is mailed")).toBeVisible()
  await card.getByLabel('Ground').selectOption({ label: 'Nonpayment of the price (notice by mail and e-mail)' })
  await card.getByLabel("Explanation (in the customer's notice)").fill('The yearly payment was declined twice and not made up.')
  await card.getByRole('button', { name: 'Send the cancellation notice' }).click()

  await expect(toast(page)).toContainText('The customer was sent the notice (by mail and e-mail)')
  const noticed = db().select().from(policies).where(eq(policies.id, policy.id)).get()!
  expect(Date.parse(noticed.providerCancelAt!) - Date.parse(noticed.providerCancelNoticedAt!)).toBe(6 * DAY_MS)
  await expect(card.getByText(/Cancelled by the provider from/)).toBeVisible()
  await expect(card.getByTestId('provider-notice-letter')).toContainText('The notice letter was mailed on')
  // Its e-mail went out at once: nothing about it to report.
  await expect(card.getByTestId('provider-notice-email')).toHaveCount(0)
  await expect(page.getByTestId('admin-letter')).toContainText('Notice that the provider cancels the plan')
  await expect(page.getByTestId('admin-letter')).toContainText('First class')

  // On the effective date the daily job ends the policy, refunding the unused part without a fee.
  await endProviderCancellations(new Date(Date.parse(noticed.providerCancelAt!) + 60_000))
  await page.reload()
  await expect(page.getByTestId('admin-refund')).toContainText('Pro rata (TX)')
  await expect(card.getByText(/cancelled/i).first()).toBeVisible()
})

test('a provider cancellation waits for its letter: held for the address, the customer gives it on the dashboard, and the end counts from the mailing', async ({
  page,
  signIn,
  javaScript,
}) => {
  const operator = await signIn({ email: 'operator@example.com' })
  const customer = createProfile({ fullName: `Lee Letter ${javaScript ? 'On' : 'Off'}`, mailingAddress: null })
  const createdAt = new Date(Date.now() - 40 * DAY_MS).toISOString()
  const checkout = db()
    .insert(localCheckouts)
    .values({
      lookupKey: 'comprehensive_car_adas_false',
      amountCents: 1999,
      profileId: customer.id,
      tosVersion: '1.0.1',
      tosAcceptedAt: createdAt,
      cancelPath: '/signup',
      status: 'complete',
      completedAt: createdAt,
    })
    .returning()
    .get()
  const { policy } = createActivePolicy(customer.id, { governingState: 'TX', createdAt, stripeCheckoutSessionId: checkout.id })

  await page.goto(`/admin/customers/${customer.id}`)
  const card = page.getByTestId('admin-policy')
  await card.getByText('Cancel as the provider…').click()
  await card.getByLabel('Ground').selectOption({ label: 'Fraud in obtaining the contract or in a claim (notice by mail and e-mail)' })
  await card.getByLabel("Explanation (in the customer's notice)").fill('A claim for damage that predates the plan.')
  await card.getByRole('button', { name: 'Send the cancellation notice' }).click()
  await expect(toast(page)).toContainText('The customer was sent the notice')
  // No address: the letter is held, the operator is told why, and the policy cannot end on its day.
  await expect(card.getByTestId('provider-notice-letter')).toHaveText(
    'The notice letter is held: the customer has no mailing address (their dashboard asks for it). The policy does not end until it is mailed, and then 6 days after its mailing.',
  )
  await expect(page.getByTestId('admin-letter-why')).toContainText('No mailing address')
  await page.goto('/admin/letters')
  await expect(page.getByTestId('unsent-letter').filter({ hasText: customer.fullName! })).toContainText(
    'It is a cancellation notice: the policy does not end until it is mailed',
  )
  const firstEnd = Date.parse(db().select().from(policies).where(eq(policies.id, policy.id)).get()!.providerCancelAt!)
  await endProviderCancellations(new Date(firstEnd + 20 * DAY_MS))
  expect(db().select().from(policies).where(eq(policies.id, policy.id)).get()!.status).toBe('active')

  // The customer is asked on the dashboard; a ZIP in another state is refused by its field, then the address is saved.
  await signIn({ email: customer.email })
  await page.goto('/customer')
  const ask = page.getByTestId('mailing-address-card')
  await expect(ask).toContainText('A letter to you is waiting')
  await ask.getByLabel('Name on the letter').fill('Lee Letter')
  await ask.getByLabel('Street address').fill('200 Congress Avenue')
  await ask.getByLabel('City').fill('Austin')
  await ask.getByLabel('State').selectOption('TX')
  await ask.getByLabel('ZIP code').fill('90210')
  await ask.getByRole('button', { name: 'Save my mailing address' }).click()
  await expect(page.getByText('That ZIP code is in California: check the state or the ZIP.').first()).toBeVisible()
  await expect(page.getByLabel('Street address')).toHaveValue('200 Congress Avenue')
  await page.getByLabel('ZIP code').fill('78701')
  await page.getByRole('button', { name: 'Save my mailing address' }).click()
  await expect(toast(page)).toContainText('Mailing Address Saved')
  await expect(toast(page)).toContainText('The letter waiting for it is in the mail.')
  await expect(page).toHaveURL(/\/customer$/)
  await expect(page.getByTestId('mailing-address-ask')).toHaveText('Paper notices go to Lee Letter, 200 Congress Ave, Austin, TX 78701.')

  // Mailed now: the policy ends six days from the mailing, not on the day first set.
  const letter = db().select().from(letters).where(eq(letters.policyId, policy.id)).get()!
  expect(letter.status).toBe('sent')
  const endsAt = Date.parse(letter.mailedAt!) + 6 * DAY_MS
  expect(Date.parse(db().select().from(policies).where(eq(policies.id, policy.id)).get()!.providerCancelAt!)).toBe(endsAt)
  await endProviderCancellations(new Date(endsAt - 60_000))
  expect(db().select().from(policies).where(eq(policies.id, policy.id)).get()!.status).toBe('active')
  await signIn({ email: operator.email })
  await page.goto(`/admin/customers/${customer.id}`)
  await expect(page.getByTestId('admin-policy').getByTestId('provider-notice-letter')).toContainText('The notice letter was mailed on')
  await endProviderCancellations(new Date(endsAt))
  expect(db().select().from(policies).where(eq(policies.id, policy.id)).get()!.status).toBe('canceled')
})

test('the operator sees a cancellation notice whose e-mail never went out, and that the policy waits for it', async ({ page, signIn }) => {
  await signIn({ email: 'operator@example.com' })
  const customer = createProfile({ fullName: 'Uma Unreached' })
  const { policy } = createActivePolicy(customer.id, { governingState: 'OH' })
  // Noticed by e-mail (Ohio's channel) twelve days ago; every try of the e-mail failed.
  const noticedAt = new Date(Date.now() - 12 * DAY_MS)
  db()
    .update(policies)
    .set({
      providerCancelGround: 'fraud',
      providerCancelNoticedAt: noticedAt.toISOString(),
      providerCancelAt: new Date(noticedAt.getTime() + 10 * DAY_MS).toISOString(),
    })
    .where(eq(policies.id, policy.id))
    .run()
  db()
    .insert(providerCancelNotices)
    .values({
      policyId: policy.id,
      explanation: 'A claim for damage that predates the plan.',
      byEmail: true,
      attempts: NOTICE_EMAIL_MAX_ATTEMPTS,
    })
    .run()

  await page.goto(`/admin/customers/${customer.id}`)
  await expect(page.getByTestId('admin-policy').getByTestId('provider-notice-email')).toHaveText(
    `The cancellation notice e-mail failed ${NOTICE_EMAIL_MAX_ATTEMPTS} times and is no longer tried: reach the customer another way. The policy does not end until it has gone out, and then 10 days after it.`,
  )
})

test('a New York yearly renewal is served by certified mail: the letter is in the outbox', async ({ page, javaScript }) => {
  // Each project its own name: both run at once and post into one outbox.
  const name = `Nia York ${javaScript ? 'On' : 'Off'}`
  const customer = createProfile({ fullName: name, mailingAddress: address('NY', name) })
  // A renewal 25 days away: inside New York's 16–31 days.
  const renewal = new Date(Date.now() + 25 * DAY_MS)
  const purchased = new Date(renewal.getTime() - 365 * DAY_MS)
  createActivePolicy(customer.id, {
    governingState: 'NY',
    billingInterval: 'year',
    lookupKey: 'comprehensive_car_adas_false_yearly',
    monthlyPriceCents: 19990,
    createdAt: purchased.toISOString(),
    initialTermEndsAt: renewal.toISOString(),
  })
  await sendRenewalNotices()

  await page.goto('/dev/outbox')
  const letter = page.getByTestId('outbox-letter').filter({ hasText: name })
  await expect(letter).toContainText('Certified mail')
  await expect(letter).toContainText('renewal-notice')
  const pdf = await page.request.get((await letter.getByRole('link', { name: 'PDF' }).getAttribute('href'))!)
  expect(pdf.status()).toBe(200)
  expect(pdf.headers()['content-type']).toBe('application/pdf')
})
