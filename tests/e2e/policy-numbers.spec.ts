import { expect, test } from '../support/e2e'
import { createActivePolicy, createClaim } from '../support/factories'

// Issue 33: the customer reads a policy number and a claim code they can say on the phone, never an internal id.
test('the dashboard shows each policy by its GP- number and each claim by its code, and no internal id', async ({ page, signIn }) => {
  const customer = await signIn({ fullName: 'Sam Number', phone: null })
  const { policy } = createActivePolicy(customer.id)
  const claim = createClaim(policy.id)
  await page.goto('/customer')

  const policyCard = page.locator(`[data-policy-id="${policy.id}"]`)
  await expect(policyCard.getByTestId('policy-number')).toHaveText(/^GP-[ABCDEFGHJKMNPQRSTUVWXYZ2-9]{6}$/)
  await expect(policyCard.getByTestId('policy-number')).toHaveText(policy.policyNumber)
  const claimCard = page.locator(`[data-claim-id="${claim.id}"]`)
  await expect(claimCard.getByTestId('claim-id')).toHaveText(claim.confirmationCode)
  // Said once, in the card's heading (a 'Claim ID' row repeated it).
  await expect(claimCard.getByText(claim.confirmationCode, { exact: true })).toHaveCount(1)
  await expect(claimCard.getByText('Claim ID')).toHaveCount(0)
  await expect(claimCard).toContainText(`(${policy.policyNumber})`)

  const text = await page.locator('main').innerText()
  expect(text).not.toContain(policy.id)
  expect(text).not.toContain(claim.id)
  // Without a phone, the shop writes: the page says so.
  await expect(page.getByTestId('reach-by')).toContainText(`A repair shop will reach you by e-mail at ${customer.email}.`)
})
