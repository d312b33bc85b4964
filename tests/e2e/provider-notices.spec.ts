import { eq } from 'drizzle-orm'

import { db } from '~/db/client.server'
import { localCheckouts, policies, providerCancelNotices } from '~/db/schema'
import { NOTICE_EMAIL_MAX_ATTEMPTS } from '~/domain/email'
import { DAY_MS } from '~/domain/time'
import { endProviderCancellations } from '~/models/policies/provider-cancellation.server'
import { sendRenewalNotices } from '~/models/policies/renewals.server'

import { expect, test, toast } from '../support/e2e'
import { createActivePolicy, createProfile } from '../support/factories'

// The provider's own notices: the operator cancelling for nonpayment with the state's notice period and refund, and a
// New York yearly renewal served by certified mail (the local mail twin's outbox).

const address = (state: string, name: string) =>
  JSON.stringify({ name, line1: '9 Elm Street', line2: null, city: 'Springfield', state, zip: '10001' })

test('the operator cancels for nonpayment: Texas’s 5 days’ notice by mail, then the policy ends with its refund', async ({
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
  await expect(card.getByText("Texas requires 5 days' notice")).toBeVisible()
  await card.getByLabel('Ground').selectOption({ label: 'Nonpayment of the price (notice by mail and e-mail)' })
  await card.getByLabel("Explanation (in the customer's notice)").fill('The yearly payment was declined twice and not made up.')
  await card.getByRole('button', { name: 'Send the cancellation notice' }).click()

  await expect(toast(page)).toContainText('The customer was sent the notice (by mail and e-mail)')
  const noticed = db().select().from(policies).where(eq(policies.id, policy.id)).get()!
  expect(Date.parse(noticed.providerCancelAt!) - Date.parse(noticed.providerCancelNoticedAt!)).toBe(5 * DAY_MS)
  await expect(card.getByText(/Cancelled by the provider from/)).toBeVisible()
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
  // A renewal 25 days away: inside New York's 15–30 days.
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
