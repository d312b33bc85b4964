import { db } from '~/db/client.server'
import { localCheckouts } from '~/db/schema'
import { nextRenewalAfter } from '~/domain/billing'
import { addCalendarMonths } from '~/domain/calendar'
import { formatLongDate } from '~/domain/format'
import { bookableDates } from '~/domain/shops'

import { expect, expectNoSeriousA11yViolations, randomIp, test, toast, waitForEmail } from '../support/e2e'
import { createActivePolicy, createClaim, createPartnerGroup, createProfile, uniqueEmail } from '../support/factories'
import { esignCodeFromPdf } from '../support/signup-form'

// A policy passes to the vehicle's next owner: the seller offers it, the buyer signs up through the e-mailed link,
// accepts the terms with their state and pays in the test checkout; the buyer then has it active, without a second
// setup, and the seller no longer does — with JavaScript on and off. The seller's plan is a Florida one, so the period
// they paid goes with it: the buyer is first charged when it ends. Their Texas plan's page says instead, before the
// offer, that the unused part of the period they paid is refunded to them, and what that comes to today.
test('a seller offers the plan to the next owner, who accepts and pays', async ({ page, signIn, browser, baseURL, javaScript }) => {
  test.slow() // two people in two browsers, a sign-up by e-mailed link and a checkout
  const seller = await signIn({ fullName: 'Sally Seller' })
  const bought = new Date(Date.now() - 10 * 24 * 60 * 60 * 1000).toISOString()
  const { policy } = createActivePolicy(seller.id, { vehicleType: 'car', hasAdas: false, governingState: 'FL', createdAt: bought })
  const paidUntil = formatLongDate(nextRenewalAfter(policy, new Date()))
  const buyerEmail = uniqueEmail('buyer')
  // The seller's own claim, booked for a mobile visit at their street: it stays theirs after the sale.
  const day = bookableDates(new Date())[1]!
  const sellersClaim = createClaim(policy.id, {
    approvalStatus: 'approved',
    reviewedAt: new Date().toISOString(),
    assignedPartnerGroupId: createPartnerGroup().id,
    preferredDate: day,
    preferredSlot: 'morning',
    serviceAt: 'mobile',
    serviceAddress: '1427 Seller Lane, Provo UT',
    appointmentAt: `${day}T09:30`,
  })

  // A Texas plan paid 10 days ago ($19.99 for the month, in the test checkout): its paid period is refunded, said first.
  const checkout = db()
    .insert(localCheckouts)
    .values({
      lookupKey: 'comprehensive_car_adas_false',
      amountCents: 1999,
      profileId: seller.id,
      tosVersion: '1.0.1',
      tosAcceptedAt: bought,
      cancelPath: '/signup',
      status: 'complete',
      completedAt: bought,
    })
    .returning()
    .get()
  const { policy: texasPlan } = createActivePolicy(seller.id, {
    governingState: 'TX',
    createdAt: bought,
    stripeCheckoutSessionId: checkout.id,
  })
  await page.goto(`/customer/policies/${texasPlan.id}/next-owner`)
  const texasPaidPeriod = page.getByTestId('seller-paid-period')
  await expect(texasPaidPeriod).toContainText('When the buyer pays, your subscription ends and we refund you the unused part of the period')
  await expect(texasPaidPeriod).toContainText(
    new RegExp(
      `If they paid today, that would be \\$\\d+\\.\\d{2}: your payment covers you until ${formatLongDate(addCalendarMonths(new Date(bought), 1))}`,
    ),
  )
  await page.getByLabel("Buyer's e-mail").fill(uniqueEmail('texas-buyer'))
  await page.getByRole('button', { name: 'Send the offer' }).click()
  await expect(page).toHaveURL(/\/customer$/)
  await expect(toast(page)).toContainText('When they pay, the unused part of the period you paid for is refunded to you.')

  await page.goto('/customer')
  const sellerCard = page.getByRole('article').filter({ has: page.getByText(policy.policyNumber, { exact: true }) })
  await sellerCard.getByRole('link', { name: 'Transfer to the next owner' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Transfer to the next owner' })).toBeVisible()
  await expect(page.getByTestId('seller-paid-period')).toContainText(
    `The time you have already paid for, until ${paidUntil}, stays with the plan`,
  )
  await expectNoSeriousA11yViolations(page)
  // Not to one's own address: the reason is next to the field.
  await page.getByLabel("Buyer's e-mail").fill(seller.email)
  await page.getByRole('button', { name: 'Send the offer' }).click()
  await expect(page.getByText("Enter the buyer's e-mail address, not your own.").first()).toBeVisible()
  await page.getByLabel("Buyer's e-mail").fill(buyerEmail)
  await page.getByRole('button', { name: 'Send the offer' }).click()
  await expect(page).toHaveURL(/\/customer$/)
  await expect(toast(page)).toContainText('Offer sent')
  await expect(toast(page)).toContainText(`The time you paid for, until ${paidUntil}, stays with the plan.`)

  const offerMail = await waitForEmail(buyerEmail, 'A windshield plan is waiting for you')
  const offerUrl = /(https?:\/\/\S+\/next-owner\/[\w-]+)/.exec(offerMail.text)![1]!
  expect(offerMail.text).not.toContain('Sally')

  const buyerContext = await browser.newContext({
    javaScriptEnabled: javaScript,
    baseURL,
    extraHTTPHeaders: { 'X-Forwarded-For': randomIp() },
  })
  try {
    const buyer = await buyerContext.newPage()
    await buyer.goto(offerUrl)
    await expect(buyer.getByRole('heading', { level: 1, name: 'Take over a windshield plan' })).toBeVisible()
    await expect(buyer.getByTestId('offer-vehicle')).toHaveText('2019 Toyota Camry')
    await expect(buyer.getByText('Sally Seller')).toHaveCount(0)
    await expect(buyer.getByTestId('offer-first-charge')).toHaveText(paidUntil)
    await expect(buyer.getByTestId('offer-paid-period')).toContainText(
      `you pay nothing at checkout, and your first charge is on ${paidUntil}`,
    )
    await expectNoSeriousA11yViolations(buyer)

    // Sign up with the e-mailed link; it comes back to the offer.
    await buyer.getByRole('link', { name: 'Sign in to accept' }).click()
    await buyer.getByLabel('Email Address').fill(buyerEmail)
    await buyer.getByRole('button', { name: 'Send login link' }).click()
    await expect(buyer.getByRole('heading', { name: 'Check Your Email' })).toBeVisible()
    const signInMail = await waitForEmail(buyerEmail, 'Your Glass Plan login link')
    await buyer.goto(/(https?:\/\/\S+\/auth\/verify\?token=[\w-]+)/.exec(signInMail.text)![1]!)
    await buyer.getByRole('button', { name: 'Sign in' }).click()
    await expect(buyer).toHaveURL(new RegExp(`/next-owner/`))

    // The buyer's own acceptance: their state of residence and the current terms.
    await buyer.getByLabel('State of residence').selectOption('TX')
    await buyer.getByLabel('I have read and agree to the Terms of Service').check()
    await buyer.getByLabel('I agree to the automatic renewal terms').check()
    await buyer.getByLabel('Code printed in the PDF').fill(await esignCodeFromPdf(buyer))
    await buyer.getByLabel('I agree to receive my contract and all notices electronically').check()
    await expectNoSeriousA11yViolations(buyer)
    await buyer.getByRole('button', { name: 'Accept and pay' }).click()
    await expect(buyer).toHaveURL(/\/dev\/checkout\//)
    await expect(buyer.getByTestId('checkout-first-charge')).toContainText(`already paid until ${paidUntil}`)
    await buyer.getByLabel('Full name').fill('Robin Buyer')
    await buyer.getByRole('button', { name: 'Pay' }).click()
    await expect(buyer).toHaveURL(/\/customer$/)
    await expect(toast(buyer)).toContainText('The plan is yours')
    // The policy's card (the seller's claim card may name the policy too, after it).
    const buyerCard = buyer
      .getByRole('article')
      .filter({ has: buyer.getByText(policy.policyNumber, { exact: true }) })
      .first()
    await expect(buyerCard).toContainText('Active')
    await expect(buyerCard).toContainText('2019 Toyota Camry')
    await expect(buyerCard.getByRole('link', { name: 'Complete Policy Setup' })).toHaveCount(0)
    await waitForEmail(buyerEmail, 'Your windshield plan is active')

    // The seller's claim: its code and status, nothing of their booking, and no way to act on it.
    await expect(buyer.getByText(sellersClaim.confirmationCode).first()).toBeVisible()
    await expect(buyer.getByText('1427 Seller Lane')).toHaveCount(0)
    await expect(buyer.getByRole('link', { name: /another time/i })).toHaveCount(0)
    const reschedule = `/customer/claims/${sellersClaim.id}/reschedule`
    expect((await buyer.goto(reschedule))?.status()).toBe(404)
    const posted = await buyer.request.post(reschedule, {
      form: { preferredDate: bookableDates(new Date())[2]!, preferredSlot: 'afternoon' },
      headers: { Origin: baseURL! },
      maxRedirects: 0,
    })
    expect(posted.status()).toBe(404)

    // The used link says so.
    await buyer.goto(offerUrl)
    await expect(buyer.getByRole('heading', { name: 'Offer already taken' })).toBeVisible()
  } finally {
    await buyerContext.close()
  }

  const passed = await waitForEmail(seller.email, 'Your plan has passed to the next owner')
  expect(passed.text).toContain(`The time you have already paid for, until ${paidUntil}, stays with the plan`)
  await page.goto('/customer')
  await expect(page.getByText(policy.policyNumber)).toHaveCount(0)
  // The Texas plan, offered but not yet paid for, is still theirs.
  await expect(page.getByText(texasPlan.policyNumber, { exact: true }).first()).toBeVisible()
})

test("another customer's policy has no next-owner page", async ({ page, signIn }) => {
  await signIn()
  const { policy } = createActivePolicy(createProfile().id)
  const response = await page.goto(`/customer/policies/${policy.id}/next-owner`)
  expect(response?.status()).toBe(404)
})
