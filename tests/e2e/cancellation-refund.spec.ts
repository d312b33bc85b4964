import { db } from '~/db/client.server'
import { localCheckouts } from '~/db/schema'
import { addCalendarDays, addCalendarMonths, calendarDaysBetween, customerZone } from '~/domain/calendar'
import { formatPrice } from '~/domain/format'

import { expect, test, toast } from '../support/e2e'
import { createActivePolicy, getPolicy } from '../support/factories'

const DAY = 24 * 60 * 60 * 1000

/**
 * Cancellation under the customer's state rules, JavaScript on and off: a Texas customer cancels on day 10 of their
 * plan and sees the exact refund before confirming and after; a New York customer past the free look is held by the
 * commitment and can only turn renewal off.
 */

/**
 * A plan bought `daysAgo` days ago in `state`, paid at the local test checkout (what a refund is computed from).
 * `calendarDays`: that many calendar days back in the customer's zone (their state's, no ZIP), at this time of day.
 */
function paidPolicy(
  profileId: string,
  state: string,
  daysAgo: number,
  { calendarDays = false, yearly = false }: { calendarDays?: boolean; yearly?: boolean } = {},
) {
  const now = new Date()
  const createdAt = (
    calendarDays ? addCalendarDays(now, -daysAgo, customerZone(state)) : new Date(now.getTime() - daysAgo * DAY)
  ).toISOString()
  const amountCents = yearly ? 19990 : 1999
  const checkout = db()
    .insert(localCheckouts)
    .values({
      lookupKey: yearly ? 'comprehensive_car_adas_false_yearly' : 'comprehensive_car_adas_false',
      amountCents,
      profileId,
      tosVersion: '1.0.1',
      tosAcceptedAt: createdAt,
      cancelPath: '/signup',
      status: 'complete',
      completedAt: createdAt,
    })
    .returning()
    .get()
  const { policy } = createActivePolicy(profileId, {
    governingState: state,
    createdAt,
    monthlyPriceCents: amountCents,
    billingInterval: yearly ? 'year' : 'month',
    initialTermEndsAt: addCalendarMonths(new Date(createdAt), 12).toISOString(),
    stripeCheckoutSessionId: checkout.id,
  })
  return { policy, checkoutId: checkout.id }
}

test('a Texas customer cancels on day 10 and sees the refund before confirming and after', async ({ page, signIn }) => {
  const customer = await signIn()
  const { policy, checkoutId } = paidPolicy(customer.id, 'TX', 9)

  await page.goto('/customer')
  const card = page.locator(`[data-policy-id="${policy.id}"]`)
  await card.getByRole('link', { name: 'Cancel Policy' }).click()
  await expect(page).toHaveURL(new RegExp(`/customer/policies/${policy.id}/cancel$`))
  const quote = page.getByTestId('refund-quote')
  await expect(quote).toContainText('You will be refunded $19.99.')
  await expect(quote).toContainText('You are within the 30-day free look: you get back everything you paid ($19.99).')

  await page.getByRole('button', { name: 'Yes, Cancel Policy' }).click()
  await expect(page).toHaveURL(new RegExp(`/customer/policies/${policy.id}/cancel$`))
  await expect(toast(page)).toContainText('Policy Cancelled')
  const result = page.getByTestId('refund-result')
  await expect(result).toContainText('Refund of $19.99: paid back to your card.')
  await expect(result).toContainText('Test mode: no card was charged, so the refund is recorded only.')
  await expect(page.getByRole('button', { name: 'Yes, Cancel Policy' })).toHaveCount(0)
  expect(getPolicy(policy.id)!.status).toBe('canceled')

  // The local test checkout that took the payment shows the refund that would have been paid back.
  await page.goto(`/dev/checkout/${checkoutId}`)
  const refunds = page.getByTestId('local-refunds')
  await expect(refunds).toContainText('$19.99')
  await expect(refunds).toContainText(policy.id)
})

test('a New York customer 40 days after purchase cannot cancel, only turn renewal off', async ({ page, signIn, baseURL }) => {
  const customer = await signIn()
  const { policy } = paidPolicy(customer.id, 'NY', 40)

  await page.goto('/customer')
  const card = page.locator(`[data-policy-id="${policy.id}"]`)
  await expect(card.getByText(/^Annual commitment until/)).toBeVisible()
  await expect(card.getByRole('link', { name: 'Cancel Policy' })).toHaveCount(0)

  await card.getByRole('link', { name: 'Renewal & billing' }).click()
  await expect(page.getByRole('heading', { name: 'Cancellation not available yet' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Yes, Cancel Policy' })).toHaveCount(0)
  await expect(page.getByTestId('refund-quote')).toHaveCount(0)
  // A hand-made cancel is refused by the server too.
  const refused = await page.request.post(`/customer/policies/${policy.id}/cancel`, {
    form: { intent: 'cancel' },
    headers: { Origin: baseURL! },
    maxRedirects: 0,
  })
  expect(refused.status()).toBe(409)

  await page.getByRole('button', { name: 'Turn off renewal' }).click()
  await expect(toast(page)).toContainText('Renewal turned off')
  expect(getPolicy(policy.id)).toMatchObject({ status: 'active', cancelAt: policy.initialTermEndsAt })
})

test('a Texas customer 30 days after purchase still gets the full refund', async ({ page, signIn }) => {
  const customer = await signIn()
  // The 30th day after the purchase in the customer's zone: Texas counts "before the 31st day after the date of purchase".
  const { policy } = paidPolicy(customer.id, 'TX', 30, { calendarDays: true })

  await page.goto('/customer')
  const card = page.locator(`[data-policy-id="${policy.id}"]`)
  await expect(card.getByTestId('full-refund-until')).toContainText('Full refund if you cancel by')
  await card.getByRole('link', { name: 'Cancel Policy' }).click()
  const quote = page.getByTestId('refund-quote')
  await expect(quote).toContainText('You will be refunded $19.99.')
  await expect(quote).toContainText('You are within the 30-day free look: you get back everything you paid ($19.99).')

  await page.getByRole('button', { name: 'Yes, Cancel Policy' }).click()
  await expect(toast(page)).toContainText('Policy Cancelled')
  await expect(page.getByTestId('refund-result')).toContainText('Refund of $19.99: paid back to your card.')
  expect(getPolicy(policy.id)!.status).toBe('canceled')
})

test('a Florida customer on day 90 cancels with the statutory refund: 90 % of the unused part', async ({ page, signIn }) => {
  const customer = await signIn()
  const { policy } = paidPolicy(customer.id, 'FL', 90, { calendarDays: true, yearly: true })
  // The yearly payment's period, counted in the customer's zone (Florida without a ZIP: the panhandle's Central time).
  const zone = customerZone('FL')
  const start = new Date(policy.createdAt)
  const periodDays = calendarDaysBetween(addCalendarMonths(start, 12), start, zone)
  const unusedDays = periodDays - 91 // the day of purchase and the 90 days after it are used
  const refund = formatPrice(Math.round((19990 * unusedDays * 90) / (periodDays * 100)))

  await page.goto('/customer')
  const card = page.locator(`[data-policy-id="${policy.id}"]`)
  // Florida lets the holder cancel at any time: no commitment on the card, and the cancel button is there.
  await expect(card.getByTestId('commitment-binds-from')).toHaveCount(0)
  await expect(card.getByText(/^Annual commitment until/)).toHaveCount(0)
  await card.getByRole('link', { name: 'Cancel Policy' }).click()
  const quote = page.getByTestId('refund-quote')
  await expect(quote).toContainText(`You will be refunded ${refund}.`)
  await expect(quote).toContainText(
    `You get back 90 % of the unused part of your current payment: ${unusedDays} of its ${periodDays} days, ${refund}.`,
  )

  await page.getByRole('button', { name: 'Yes, Cancel Policy' }).click()
  await expect(toast(page)).toContainText('Policy Cancelled')
  await expect(page.getByTestId('refund-result')).toContainText(`Refund of ${refund}: paid back to your card.`)
  expect(getPolicy(policy.id)!.status).toBe('canceled')
})
