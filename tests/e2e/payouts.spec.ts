import { eq } from 'drizzle-orm'

import { db } from '~/db/client.server'
import { createId } from '~/db/ids'
import { payouts, shopStaff } from '~/db/schema'
import { paymentDueBy, PAYOUT_NUMBER_PATTERN } from '~/domain/payouts'
import { HOUR_MS } from '~/domain/time'
import { payAcceptedJobs } from '~/models/money/shop-payments.server'

import { expect, test, toast, waitForEmail } from '../support/e2e'
import { createActivePolicy, createClaim, createPartnerGroup, createProfile, findOrCreateProfile, uniqueEmail } from '../support/factories'

// Paying a shop, with JavaScript off and on (each test runs in both projects): plain POST forms and redirects.

function completedJob(groupId: string, costCents: number, overrides: Parameters<typeof createClaim>[1] = {}) {
  const { policy } = createActivePolicy(createProfile({ fullName: 'Robin Vega' }).id)
  return createClaim(policy.id, {
    approvalStatus: 'completed',
    reviewedAt: new Date(Date.now() - 3 * 86_400_000).toISOString(),
    assignedPartnerGroupId: groupId,
    completedAt: new Date(Date.now() - 2 * 86_400_000).toISOString(),
    repairType: 'repair',
    actualCostCents: costCents,
    ...overrides,
  })
}

test('the operator approves completed jobs for payment, creates the payout, marks it paid, and the shop gets the remittance', async ({
  page,
  signIn,
}) => {
  await signIn({ email: 'operator@example.com' })
  const shop = `Payday Glass ${createId(4)}`
  const email = `pay-${createId(6).toLowerCase()}@shop.example`
  const group = createPartnerGroup(shop, { email })
  const first = completedJob(group.id, 8900)
  const second = completedJob(group.id, 32000)

  // One job from its claim page.
  await page.goto(`/admin/claims/${first.id}`)
  await expect(page.getByTestId('payout-state')).toHaveText('Not approved for payment yet')
  await page.getByRole('button', { name: 'Approve for payment' }).click()
  await expect(toast(page)).toContainText('1 job is approved for payment.')
  await expect(page.getByTestId('payout-state')).toHaveText('Approved for payment')

  // The other from the payouts page, where the group is listed with what is left to pay.
  await page.goto('/admin')
  await page.getByRole('link', { name: /Payouts/ }).click()
  await page.getByRole('link', { name: shop }).click()
  await expect(page.getByRole('heading', { name: 'Completed jobs to approve (1)' })).toBeVisible()
  await expect(page.getByRole('checkbox', { name: `Approve ${second.confirmationCode} for payment` })).toBeChecked()
  await page.getByRole('button', { name: 'Approve for payment' }).click()
  await expect(toast(page)).toContainText('1 job is approved for payment.')
  await expect(page.getByRole('heading', { name: 'Approved, not in a payout (2)' })).toBeVisible()

  await page.getByRole('button', { name: 'Create payout of $409.00' }).click()
  await expect(toast(page)).toContainText('Payout created')
  await expect(page.getByRole('heading', { name: 'Approved, not in a payout (0)' })).toBeVisible()
  // Nothing left to approve or pay: no form is left without a button to send it (pa11y's empty forms).
  const formsWithoutButton = await page
    .locator('form')
    .evaluateAll((forms) => forms.filter((form) => !form.querySelector('button:not([type="button"]), input[type="submit"]')).length)
  expect(formsWithoutButton).toBe(0)
  const row = page.getByTestId('payout-row')
  await expect(row).toHaveCount(1)
  await expect(row).toContainText('$409.00')
  // The payout is named by a number a person can quote, the random id nowhere on the page.
  const payoutNumber = (await row.getByRole('cell').first().innerText()).trim()
  expect(payoutNumber).toMatch(PAYOUT_NUMBER_PATTERN)
  const payout = db().select({ id: payouts.id }).from(payouts).where(eq(payouts.payoutNumber, payoutNumber)).get()!
  expect(await page.locator('main').innerText()).not.toContain(payout.id)

  // The reference is required, and told next to the field.
  await row.getByLabel('Bank transfer reference').fill(' ')
  await row.getByRole('button', { name: 'Mark paid' }).evaluate((button) => (button.closest('form')!.noValidate = true))
  await row.getByRole('button', { name: 'Mark paid' }).click()
  await expect(page.getByTestId('payout-row').getByText('Enter the bank transfer’s reference.')).toBeVisible()

  await page.getByTestId('payout-row').getByLabel('Bank transfer reference').fill('ACH 4471')
  await page.getByTestId('payout-row').getByRole('button', { name: 'Mark paid' }).click()
  await expect(toast(page)).toContainText(`The remittance is on its way to ${email}.`)
  await expect(page.getByTestId('payout-row')).toContainText('reference ACH 4471')

  const remittance = await waitForEmail(email, 'Glass Plan remittance')
  expect(remittance.subject).toBe('Glass Plan remittance: $409.00 for 2 jobs')
  expect(remittance.text).toContain(first.confirmationCode)
  expect(remittance.text).toContain(second.confirmationCode)
  expect(remittance.text).toContain('Total: $409.00')
  expect(remittance.text).toContain('Transfer reference: ACH 4471')
  expect(remittance.text).toContain(`with the payout number ${payoutNumber}.`)

  await page.goto(`/admin/claims/${second.id}`)
  await expect(page.getByTestId('payout-state')).toContainText('Paid on')
  await expect(page.getByTestId('payout-state')).toContainText('reference ACH 4471')
})

test('a job held above its invoice ceiling is flagged and cannot be approved until the operator releases it', async ({ page, signIn }) => {
  await signIn({ email: 'operator@example.com' })
  const shop = `Ceiling Glass ${createId(4)}`
  const group = createPartnerGroup(shop)
  // Priced at completion by the seeded schedule's chip repair.
  const held = completedJob(group.id, 9_999_999, { invoiceHeldFor: 'chip_repair', scheduledPriceCents: 12_500 })

  await page.goto(`/admin/payouts?group=${group.id}`)
  const row = page.getByTestId('payout-job').filter({ hasText: held.confirmationCode })
  await expect(row.getByTestId('invoice-held')).toContainText('Held: above the ceiling for chip repair')
  await expect(row.getByRole('checkbox')).toHaveCount(0)

  await row.getByRole('link', { name: 'Review and release' }).click()
  const hold = page.getByTestId('invoice-hold')
  await expect(hold).toContainText('Held: above the ceiling for chip repair')
  await expect(hold).toContainText('The invoice is $99,999.99; the price schedule pays $125.00 for this job.')
  await expect(page.getByRole('button', { name: 'Approve for payment' })).toHaveCount(0)
  await page.getByRole('button', { name: 'Release the invoice for payment' }).click()
  await expect(toast(page)).toContainText('Invoice released')
  await expect(page.getByTestId('invoice-hold')).toContainText('Released')
  await page.getByRole('button', { name: 'Approve for payment' }).click()
  await expect(toast(page)).toContainText('1 job is approved for payment.')
  await expect(page.getByTestId('payout-state')).toHaveText('Approved for payment')
})

test('a shop sets up Stripe payouts from its page, and the daily job pays its accepted job within five business days', async ({
  page,
  signIn,
}) => {
  const email = `connect-${createId(6).toLowerCase()}@shop.example`
  const group = createPartnerGroup(`Swift Pay Glass ${createId(4)}`, { email })
  const staffEmail = uniqueEmail('staff')
  db()
    .insert(shopStaff)
    .values({ partnerGroupId: group.id, email: staffEmail, addedBy: findOrCreateProfile('operator@example.com').id })
    .run()
  await signIn({ email: staffEmail })

  // Offline the hosted onboarding is the payments twin's: straight back, ready.
  await page.goto('/shop')
  await expect(page.getByTestId('stripe-state')).toContainText('Be paid within five business days')
  await page.getByRole('button', { name: 'Get paid through Stripe' }).click()
  await expect(toast(page)).toContainText('Your payouts are sent to your Stripe account within five business days of acceptance.')
  await expect(page.getByTestId('stripe-state')).toContainText('Your payouts go to your Stripe account')
  await expect(page.getByRole('button', { name: 'Get paid through Stripe' })).toHaveCount(0)

  // A job accepted ten days ago; the daily job runs an hour before its five business days end.
  const acceptedAt = new Date(Date.now() - 10 * 24 * HOUR_MS)
  const job = completedJob(group.id, 12500, {
    paymentApprovedAt: acceptedAt.toISOString(),
    paymentApprovedBy: findOrCreateProfile('operator@example.com').id,
  })
  const runAt = new Date(paymentDueBy(acceptedAt).getTime() - HOUR_MS)
  await payAcceptedJobs(runAt)
  await payAcceptedJobs(runAt) // replayed: nothing twice

  await page.goto('/shop')
  const paid = page.getByTestId('jobs-paid').locator('li').filter({ hasText: job.confirmationCode })
  await expect(paid.getByTestId('job-payment')).toContainText('reference tr_local_')
  const remittance = await waitForEmail(email, 'Glass Plan remittance')
  expect(remittance.subject).toBe('Glass Plan remittance: $125.00 for 1 job')
  expect(remittance.text).toContain(job.confirmationCode)
})

test('customers cannot see the payouts page', async ({ page, signIn }) => {
  await signIn()
  expect((await page.goto('/admin/payouts'))?.status()).toBe(404)
})
