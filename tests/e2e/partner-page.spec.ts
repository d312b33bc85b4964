import { expect, test, toast } from '../support/e2e'
import { createActivePolicy, createClaim, createPartnerGroup, createProfile } from '../support/factories'

/** The shop's page for an approved claim on a Comprehensive — Car + ADAS plan. */
async function openApprovedClaim(page: import('@playwright/test').Page) {
  const customer = createProfile({ fullName: 'Sam Shopper' })
  const { policy } = createActivePolicy(customer.id, { hasAdas: true })
  const group = createPartnerGroup()
  const claim = createClaim(policy.id, { approvalStatus: 'approved', assignedPartnerGroupId: group.id })
  await page.goto(`/partner/complete-claim?code=${claim.confirmationCode}`)
  await expect(page.getByTestId('customer-name')).toHaveText('Sam Shopper')
  return claim
}

test('the shop reads the plan with its ADAS, as the customer and the operator do', async ({ page }) => {
  await openApprovedClaim(page)
  await expect(page.getByTestId('plan-name')).toHaveText('Comprehensive — Car + ADAS')
})

test("the shop's file inputs show 'Choose File' as a button, like the customer's pages", async ({ page }) => {
  await openApprovedClaim(page)
  for (const label of ['Invoice Photo', 'Repair Photos']) {
    const button = await page.getByLabel(label).evaluate((input) => {
      const style = getComputedStyle(input, '::file-selector-button')
      return { background: style.backgroundColor, color: style.color, radius: style.borderTopLeftRadius, height: parseFloat(style.height) }
    })
    // The brand blue with white text and rounded corners (Tailwind's reset had left it transparent: plain text).
    expect(button, label).toMatchObject({ background: 'rgb(11, 99, 197)', color: 'rgb(255, 255, 255)' })
    expect(button.radius, label).not.toBe('0px')
  }
})

test('a submit without the invoice and without repair photos is told both in the banner', async ({ page }) => {
  await openApprovedClaim(page)
  await page.getByRole('button', { name: 'Mark Service Complete' }).click()
  await expect(toast(page)).toContainText('Invoice and Repair Photos Required')
  await expect(toast(page)).toContainText('Please upload an invoice photo. Please upload at least one repair photo.')
  // Each message also stays next to its field.
  await expect(page.locator('#invoice-error')).toHaveText('Please upload an invoice photo.')
  await expect(page.locator('#repairPhotos-error')).toHaveText('Please upload at least one repair photo.')
})
