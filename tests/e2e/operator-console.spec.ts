import fs from 'node:fs'

import { eq } from 'drizzle-orm'

import { db } from '~/db/client.server'
import { createId } from '~/db/ids'
import { partnerLocations, shopStaff, vehicles } from '~/db/schema'

import { seriousAxeViolations } from '../support/axe'
import { labelsOutsideTheirCharts } from '../support/charts'
import { expect, expectNoSeriousA11yViolations, test, toast, waitForEmail } from '../support/e2e'
import {
  createActivePolicy,
  createClaim,
  createPartnerGroup,
  createPolicy,
  createProfile,
  createRefund,
  uniqueEmail,
} from '../support/factories'

// The operator's console with JavaScript off and on (each test runs in both projects): plain links and GET/POST forms.

test('the home page shows how the business is doing, as charts with their numbers', async ({ page, signIn }) => {
  await signIn({ email: 'operator@example.com' })
  await page.goto('/admin')
  await expect(page.getByRole('heading', { name: 'Operator console', level: 1 })).toBeVisible()
  for (const label of ['Active policies', 'Monthly recurring revenue', 'Claims waiting', 'Appeals waiting', 'Past-due subscriptions']) {
    await expect(page.getByRole('list', { name: 'Key figures' }).getByText(label, { exact: true })).toBeVisible()
  }
  for (const chart of ['Active policies by plan', 'New policies per week', 'Decisions per week', 'Completed claims per week']) {
    await expect(page.getByRole('img', { name: new RegExp(`^${chart}`) })).toBeVisible()
    await expect(page.getByRole('figure', { name: chart })).toBeVisible()
  }
  await expect(page.getByRole('table', { name: 'Decisions per week, approval rate and median time to a decision' })).toBeVisible()
  await expectNoSeriousA11yViolations(page)

  // On a laptop's 1366 × 768 no chart cuts a label at its edge, and the pages with tables line up with the site
  // header's container, their tables included (the states' wide table scrolls inside its card).
  await page.setViewportSize({ width: 1366, height: 768 })
  expect(await labelsOutsideTheirCharts(page)).toEqual([])
  for (const path of ['/admin', '/admin/states', '/admin/scorecards', '/admin/payouts', '/admin/claims']) {
    await page.goto(path)
    const header = (await page.getByRole('navigation', { name: 'Main' }).boundingBox())!
    const heading = (await page.getByRole('heading', { level: 1 }).boundingBox())!
    expect(Math.round(heading.x), path).toBe(Math.round(header.x + 16))
    for (const table of await page.locator('main table').all()) {
      const box = await table.evaluate((element) => (element.closest('[role="region"]') ?? element).getBoundingClientRect().toJSON())
      expect(Math.round(box.x), path).toBeGreaterThanOrEqual(Math.round(header.x + 16))
      expect(Math.round(box.x + box.width), path).toBeLessThanOrEqual(Math.round(header.x + header.width - 16))
    }
    if (test.info().project.use.javaScriptEnabled !== false) expect(await seriousAxeViolations(page, { wcag: true }), path).toEqual([])
  }
})

test('find a customer by plate, open their page, resend the setup e-mail and correct the plate', async ({ page, signIn }) => {
  await signIn({ email: 'operator@example.com' })
  const customer = createProfile({ fullName: `Alex Plate ${createId(4)}` })
  const { vehicle } = createActivePolicy(customer.id)
  const plate = `E2${createId(5).toUpperCase()}`
  db().update(vehicles).set({ licensePlate: plate }).where(eq(vehicles.id, vehicle.id)).run()
  createPolicy(customer.id, { status: 'incomplete' })

  await page.goto('/admin')
  await page.getByRole('link', { name: /Customers and policies/ }).click()
  // Typed as a person would read it off the car: lower case, with a dash.
  await page.getByLabel('Search').fill(`${plate.slice(0, 3).toLowerCase()}-${plate.slice(3).toLowerCase()}`)
  await page.getByRole('button', { name: 'Search' }).click()
  await expect(page.getByTestId('customer-row')).toHaveCount(1)
  await page.getByRole('link', { name: customer.fullName! }).click()
  await expect(page.getByRole('heading', { name: customer.fullName!, level: 1 })).toBeVisible()
  await expect(page.getByText(`(UT ${plate})`).first()).toBeVisible()

  await page.getByRole('button', { name: 'Resend the setup e-mail' }).click()
  await expect(toast(page)).toContainText('E-mail Sent')
  await waitForEmail(customer.email, 'Finish setting up your coverage')
  await expect(page.getByRole('table', { name: /E-mails sent/ }).getByText('Finish setting up your coverage')).toBeVisible()

  const card = page.getByTestId('admin-vehicle')
  await card.getByText('Correct the details…').click()
  // A plate with a symbol is refused next to the field, and nothing is saved.
  await card.getByLabel('License plate').fill('AB#1')
  await card.getByLabel('Reason for the correction').fill('Customer phoned: plate typed wrong')
  await card.getByRole('button', { name: 'Save the correction' }).click()
  await expect(
    page
      .getByTestId('admin-vehicle')
      .getByText(/letters, numbers/i)
      .first(),
  ).toBeVisible()
  await expect(toast(page)).toContainText('Please Check the Form')

  const again = page.getByTestId('admin-vehicle')
  await again.getByLabel('License plate').fill('new 123')
  await again.getByLabel('Reason for the correction').fill('Customer phoned: plate typed wrong')
  await again.getByRole('button', { name: 'Save the correction' }).click()
  await expect(toast(page)).toContainText('Vehicle Corrected')
  await expect(page.getByRole('heading', { name: /\(UT NEW123\)/ })).toBeVisible()
  await expect(page.getByRole('table', { name: /Everything recorded/ }).getByText('Vehicle corrected by an operator')).toBeVisible()
  await expect(
    page
      .getByRole('table', { name: /Everything recorded/ })
      .getByText('operator@example.com (operator)')
      .first(),
  ).toBeVisible()
})

test('a late penalty the card could not carry is recorded paid by hand, with its reference', async ({ page, signIn }) => {
  await signIn({ email: 'operator@example.com' })
  const customer = createProfile({ fullName: `Penalty Owed ${createId(4)}` })
  const { policy } = createActivePolicy(customer.id)
  createRefund(policy.id, { penaltyCents: 600, penaltyByHandCents: 600 })
  await page.goto(`/admin/customers/${customer.id}`)
  const refund = page.getByTestId('admin-refund')
  await expect(refund.getByTestId('penalty-by-hand')).toContainText("$6.00 of it is above what the card's payments could take back")
  await refund.getByRole('button', { name: 'Mark the penalty paid' }).click()
  await expect(refund.getByText('Enter the payment')).toBeVisible()
  await refund.getByLabel('Payment reference').fill('Cheque 10442')
  await refund.getByRole('button', { name: 'Mark the penalty paid' }).click()
  await expect(toast(page)).toContainText('Penalty Paid')
  await expect(refund.getByTestId('penalty-by-hand')).toContainText('$6.00 of it paid by hand on')
  await expect(refund.getByTestId('penalty-by-hand')).toContainText('Cheque 10442')
})

test("a refused form shows its own toast, never beside the previous page's, even while the page reloads", async ({ page, signIn }) => {
  await signIn({ email: 'operator@example.com' })
  const customer = createProfile({ fullName: `Toast Check ${createId(4)}` })
  createActivePolicy(customer.id)
  createPolicy(customer.id, { status: 'incomplete' })
  await page.goto(`/admin/customers/${customer.id}`)
  await page.getByRole('button', { name: 'Resend the setup e-mail' }).click()
  await expect(toast(page)).toContainText('E-mail Sent')

  // With JavaScript, React Router shows the action's answer first and reloads the root (which holds the flash toast)
  // after it: hold that reload, so the moment in between lasts as long as the test needs. (Without JavaScript the
  // refusal is one server-rendered page and nothing is held.)
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(/\.data\?.*_routes=root/, async (route) => {
    await held
    await route.continue()
  })
  const card = page.getByTestId('admin-vehicle')
  await card.getByText('Correct the details…').click()
  await card.getByLabel('License plate').fill('AB#1')
  await card.getByLabel('Reason for the correction').fill('Customer phoned: plate typed wrong')
  await card.getByRole('button', { name: 'Save the correction' }).click()
  await expect(card.getByText(/letters, numbers/i).first()).toBeVisible()
  await expect(toast(page)).toHaveCount(1)
  await expect(toast(page)).toContainText('Please Check the Form')
  release()
  await page.waitForLoadState('networkidle')
  await expect(toast(page)).toHaveCount(1)
  await expect(toast(page)).toContainText('Please Check the Form')
})

test('page through the claim queue with a filter', async ({ page, signIn }) => {
  await signIn({ email: 'operator@example.com' })
  const group = createPartnerGroup(`Queue Glass ${createId(4)}`)
  const location = db()
    .insert(partnerLocations)
    .values({ name: `${group.name} Main`, slug: `queue-${createId(8)}`, partnerGroupId: group.id })
    .returning()
    .get()
  const codes: string[] = []
  for (let index = 0; index < 55; index++) {
    const { policy } = createActivePolicy(createProfile().id, { partnerLocationId: location.id })
    codes.push(createClaim(policy.id, { submittedAt: new Date(Date.now() - (100 - index) * 60_000).toISOString() }).confirmationCode)
  }

  await page.goto('/admin/claims')
  await page.getByLabel('Partner group').selectOption({ label: group.name })
  await page.getByRole('button', { name: 'Show claims' }).click()
  await expect(page.getByText('Page 1 of 2 · 55 claims')).toBeVisible()
  await expect(page.getByTestId('queue-row')).toHaveCount(50)
  await expect(page.getByTestId('queue-row').first()).toContainText(codes[0]!)
  await page.getByRole('link', { name: 'Next page →' }).click()
  await expect(page.getByText('Page 2 of 2 · 55 claims')).toBeVisible()
  await expect(page.getByTestId('queue-row')).toHaveCount(5)
  await expect(page.getByTestId('queue-row').last()).toContainText(codes[54]!)
  // The filter stays on while paging.
  await expect(page.getByLabel('Partner group')).toHaveValue(group.id)
  await page.getByRole('link', { name: '← Previous page' }).click()
  await expect(page.getByText('Page 1 of 2 · 55 claims')).toBeVisible()

  const response = await page.goto(`/admin/claims?group=${group.id}&page=0`)
  expect(response?.status()).toBe(400)
  await expect(page.getByRole('alert')).toContainText('The page must be a whole number, 1 or more.')
})

test('download a partner statement', async ({ page, signIn }) => {
  await signIn({ email: 'operator@example.com' })
  const group = createPartnerGroup(`Statement Glass ${createId(4)}`)
  const { policy } = createActivePolicy(createProfile({ fullName: 'Casey, "CJ" Doe' }).id)
  const month = new Date().toISOString().slice(0, 7)
  createClaim(policy.id, {
    approvalStatus: 'completed',
    reviewedAt: new Date().toISOString(),
    completedAt: new Date().toISOString(),
    assignedPartnerGroupId: group.id,
    repairType: 'repair',
    actualCostCents: 12345,
    partnerNotes: 'Resin, cured\n30 min',
  })

  await page.goto('/admin/statements')
  await page.getByLabel('Partner group').selectOption({ label: group.name })
  await page.getByRole('button', { name: 'Show statement' }).click()
  await expect(page.getByTestId('statement-totals')).toContainText('1 completed claim')
  await expect(page.getByTestId('statement-totals')).toContainText('$123.45')

  const link = page.getByRole('link', { name: 'Download CSV' })
  await expect(link).toHaveAttribute('href', `/admin/statements/download?group=${encodeURIComponent(group.id)}&month=${month}`)
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()])
  const csv = fs.readFileSync((await download.path())!, 'utf8')
  expect(csv).toContain('"Casey, ""CJ"" Doe"')
  expect(csv).toContain('"Resin, cured\n30 min"')
  expect(csv).toContain('Total,1 claims,,,,"1 repairs, 0 replacements",,,,,123.45,,,')
})

test("the operator's header leads to the console, not to an empty customer dashboard", async ({ page, signIn }) => {
  await signIn({ email: 'operator@example.com' })
  await page.goto('/admin')
  const header = page.getByTestId('site-header')
  await expect(header.getByRole('link', { name: 'Operator' })).toHaveAttribute('href', '/admin')
  await expect(header.getByRole('link', { name: 'Policies' })).toHaveCount(0)
  await expect(header.getByRole('link', { name: 'Claims' })).toHaveCount(0)
  await header.getByRole('link', { name: 'Glass Plan' }).click()
  await expect(page).toHaveURL(/\/admin$/)
  await expect(page.getByRole('heading', { name: 'Operator console', level: 1 })).toBeVisible()
})

test("approving to a group of several locations, with the customer's place unknown, the operator picks the location; the customer and the shop see it", async ({
  page,
  signIn,
}) => {
  const group = createPartnerGroup(`Two Place Glass ${createId(4)}`)
  const place = (name: string, zip: string, city: string, state: string) =>
    db()
      .insert(partnerLocations)
      .values({
        partnerGroupId: group.id,
        name: `${group.name} ${name}`,
        slug: `two-${createId(8)}`,
        zip,
        address: '1 Main St',
        city,
        state,
      })
      .returning()
      .get()
  place('Ogden', '84401', 'Ogden', 'UT')
  const austin = place('Austin', '78701', 'Austin', 'TX')
  const customer = createProfile({ fullName: 'Pat Placeless' })
  const { policy } = createActivePolicy(customer.id)
  const claim = createClaim(policy.id, { vehicleZip: null })
  const staffEmail = uniqueEmail('staff')
  db().insert(shopStaff).values({ partnerGroupId: group.id, email: staffEmail, addedBy: customer.id }).run()

  await signIn({ email: 'operator@example.com' })
  await page.goto(`/admin/claims/${claim.id}`)
  await page.getByLabel('Partner group').selectOption({ label: group.name })
  await expect(page.getByLabel('Location')).toHaveValue('')
  await page.getByRole('button', { name: 'Approve' }).click()
  // Told by the Location field (and in the toast).
  await expect(page.locator('#partnerLocationId-error')).toContainText('We do not know where the customer is')
  // The refusal keeps the group chosen, with JavaScript off (the page from the 400) as on.
  await expect(page.getByLabel('Partner group')).toHaveValue(group.id)

  await page.getByLabel('Location').selectOption({ label: `${austin.name} · Austin, TX` })
  await page.getByRole('button', { name: 'Approve' }).click()
  await expect(toast(page)).toContainText('Claim Approved')

  await signIn({ email: customer.email })
  await page.goto(`/customer/claims/${claim.confirmationCode}`)
  await expect(page.getByTestId('claim-shop')).toContainText(austin.name)
  await expect(page.getByTestId('claim-shop')).toContainText('1 Main St, Austin, TX 78701')
  await expect(page.getByTestId('claim-shop')).not.toContainText('Ogden')

  await signIn({ email: staffEmail })
  await page.goto(`/shop/jobs/${claim.id}`)
  await expect(page.getByText(`In shop: ${austin.name}, 1 Main St, Austin, TX 78701`).first()).toBeVisible()
})
