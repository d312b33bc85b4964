import { eq } from 'drizzle-orm'

import { db } from '~/db/client.server'
import { consentRecords, localCheckouts, policies, salesStates } from '~/db/schema'

import { expect, test, toast } from '../support/e2e'
import { uniqueEmail } from '../support/factories'
import { fillSignupRequirements } from '../support/signup-form'

test('signup: state of residence and both consents, through the local test checkout, recorded on the policy', async ({
  page,
  javaScript,
}) => {
  await page.goto('/signup?planType=chip_only')
  const renewal = page.getByTestId('renewal-terms')
  await expect(renewal).toContainText('my card is charged $7.99 each month until I cancel')
  // Before a state is chosen the text says where the commitment binds, from the state table.
  await expect(renewal).toContainText('If I live in New York, my plan has a 12-month commitment')
  // The deadline before each charge, with the first renewal's dates as of the page's offer.
  await expect(renewal).toContainText(
    /by the end of the day before the charge, in my state's time\. If I subscribe today, my first renewal is charged on [A-Z][a-z]+ \d{1,2}, \d{4}, so the last day to stop it is [A-Z][a-z]+ \d{1,2}, \d{4}\./,
  )
  // The E-SIGN disclosure is shown open before its consent: nothing to unfold.
  await expect(page.locator('#esign-disclosure').getByText(/You may ask for a paper copy of your contract/)).toBeVisible()

  const subscribe = page.getByRole('button', { name: 'Subscribe Now' })
  await page.getByLabel('I have read and agree to the Terms of Service').check()
  if (javaScript) {
    // The button waits for both consents; the text follows the state as it is chosen.
    await expect(subscribe).toBeDisabled()
    await page.getByLabel('State of residence').selectOption({ label: 'New York' })
    await expect(renewal).toContainText('My plan has a 12-month commitment: after the first 30 days')
  } else {
    // Without JavaScript the server names each missing consent next to its checkbox.
    await subscribe.click()
    await expect(toast(page)).toContainText('Consent Required')
    await expect(page.locator('[id$="-acceptRenewal-error"]')).toHaveText('Please agree to the automatic renewal terms to continue.')
    await expect(page.locator('[id$="-acceptEsign-error"]')).toHaveText(
      'Please agree to receive your contract and notices electronically to continue.',
    )
    await expect(page.locator('[id$="-governingState-error"]')).toHaveText('Please choose your state of residence.')
    await expect(page.locator('[id$="-esignCode-error"]')).toHaveText(
      'Open the disclosure PDF and type the code printed in it, to show your device opens PDF files.',
    )
    await page.getByLabel('I have read and agree to the Terms of Service').check()
  }
  await fillSignupRequirements(page, { state: 'New York' })
  // A code not read from the PDF is refused by its field, and no checkout starts.
  const code = page.getByLabel('Code printed in the PDF')
  const right = await code.inputValue()
  await code.fill(right === 'AAAAAA' ? 'BBBBBB' : 'AAAAAA')
  await expect(subscribe).toBeEnabled()
  await subscribe.click()
  await expect(code).toHaveAttribute('aria-invalid', 'true')
  await expect(page.locator('[id$="-esignCode-error"]')).toHaveText(
    'That is not the code printed in the disclosure PDF. Open the PDF and type its 6-character code.',
  )
  await expect(page).toHaveURL(/\/signup/)
  await page.getByLabel('I have read and agree to the Terms of Service').check()
  await fillSignupRequirements(page, { state: 'New York' })
  await subscribe.click()

  await expect(page).toHaveURL(/\/dev\/checkout\/[a-z0-9]+$/)
  const checkoutId = new URL(page.url()).pathname.split('/').pop()!
  await page.getByLabel('Email').fill(uniqueEmail('lawful'))
  await page.getByLabel('Full name').fill('Nia York')
  await page.getByRole('button', { name: 'Pay' }).click()
  await expect(page).toHaveURL(/\/checkout-success\?checkout=success$/)

  expect(db().select().from(localCheckouts).where(eq(localCheckouts.id, checkoutId)).get()!.governingState).toBe('NY')
  const policy = db().select().from(policies).where(eq(policies.stripeCheckoutSessionId, checkoutId)).get()!
  expect(policy.governingState).toBe('NY')
  expect(db().select().from(consentRecords).where(eq(consentRecords.policyId, policy.id)).get()).toMatchObject({
    governingState: 'NY',
    priceCents: 799,
    renewalTermsVersion: 'renewal-2026-3',
    esignVersion: 'esign-2026-1',
    userAgent: expect.stringContaining('Mozilla'),
  })
})

test('signup: a state where sales are closed is refused next to the field, with no checkout', async ({ page }) => {
  db()
    .insert(salesStates)
    .values({ code: 'WY', isOpen: false, changedBy: 'e2e' })
    .onConflictDoUpdate({ target: salesStates.code, set: { isOpen: false } })
    .run()
  try {
    await page.goto('/signup?planType=chip_only')
    await page.getByLabel('I have read and agree to the Terms of Service').check()
    await fillSignupRequirements(page, { state: 'Wyoming' })
    await page.getByRole('button', { name: 'Subscribe Now' }).click()
    const field = page.getByLabel('State of residence')
    // The message is next to the field and tied to it (aria-describedby), besides the toast.
    await expect(field).toHaveAttribute('aria-invalid', 'true')
    const errorId = await field.getAttribute('aria-describedby')
    await expect(page.locator(`[id="${errorId}"]`)).toHaveText(
      'Glass Plan is not sold in Wyoming yet, so we cannot start a plan for you there.',
    )
    await expect(toast(page)).toContainText('Not Available in Your State')
    await expect(page).not.toHaveURL(/\/dev\/checkout\//)
    await expect(field).toHaveValue('WY')
  } finally {
    db().delete(salesStates).where(eq(salesStates.code, 'WY')).run()
  }
})
