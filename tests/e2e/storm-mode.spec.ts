import { eq } from 'drizzle-orm'

import { db } from '~/db/client.server'
import { createId } from '~/db/ids'
import { claimFlags, claims, partnerLocations } from '~/db/schema'
import { addCalendarDays, dayOf } from '~/domain/calendar'
import { formatLongDate } from '~/domain/format'
import { bookableDates, BOOKING_DAYS } from '~/domain/shops'
import { zoneOfZip } from '~/services/zip-centroids.server'

import { seriousAxeViolations } from '../support/axe'
import { labelsOutsideTheirCharts } from '../support/charts'
import { addSessionCookie, expect, randomIp, test, toast } from '../support/e2e'
import { createActivePolicy, createClaim, createPartnerGroup, createProfile, uniqueEmail } from '../support/factories'
import { jpeg } from '../support/photos'

const daysAgo = (days: number) => dayOf(addCalendarDays(new Date(), -days))

let photo: Buffer
test.beforeAll(async () => {
  photo = await jpeg({ width: 320, height: 240, colour: '#5a6f8f' })
})

test('in a declared storm, damage from 10 days ago is accepted; outside its area the customer is told the claim is late', async ({
  browser,
  baseURL,
  page,
  signIn,
  javaScript,
}) => {
  // Each project declares its own ZIP: both run against one server, and storms may not overlap.
  const stormZip = javaScript ? '68102' : '68104'
  const name = `Omaha hail ${createId(4)}`
  await signIn({ email: 'operator@example.com' })
  await page.goto('/admin/storms')
  const form = page.locator('form#declare-storm')
  await form.getByLabel('Name').fill(name)
  await form.getByLabel('ZIP codes and prefixes').fill(`${stormZip} 00000`)
  await form.getByLabel('First day').fill(daysAgo(11))
  await form.getByLabel('Last day').fill(daysAgo(12))
  await form.getByRole('button', { name: 'Declare storm' }).click()
  // Days in the wrong order and a ZIP that is not real: each told next to its field, what was typed kept.
  await expect(page.locator('#endsOn-error')).toHaveText('The last day cannot be before the first day.')
  await expect(form.getByLabel('ZIP codes and prefixes')).toHaveValue(`${stormZip} 00000`)
  await form.getByLabel('Last day').fill(daysAgo(10))
  await form.getByRole('button', { name: 'Declare storm' }).click()
  await expect(page.locator('#area-error')).toHaveText('00000 is not a US ZIP code. Check the five digits.')
  await form.getByLabel('ZIP codes and prefixes').fill(stormZip)
  await form.getByRole('button', { name: 'Declare storm' }).click()
  await expect(toast(page)).toContainText('Storm declared')
  await expect(page.getByRole('heading', { name: `Storm board: ${name}` })).toBeVisible()
  // Nothing filed yet: one line, and no charts of empty bands.
  await expect(page.getByTestId('storm-empty')).toHaveText('No claim has been filed in this storm yet.')
  for (const chart of ['decisions', 'zips', 'shops']) await expect(page.getByTestId(`chart-storm-${chart}`)).toHaveCount(0)

  // A second storm over the same ZIP on the same days is refused next to the area.
  await form.getByLabel('Name').fill(`${name} again`)
  await form.getByLabel('ZIP codes and prefixes').fill(`68116 ${stormZip}`)
  await form.getByLabel('First day').fill(daysAgo(10))
  await form.getByLabel('Last day').fill(daysAgo(10))
  await form.getByRole('button', { name: 'Declare storm' }).click()
  await expect(page.locator('#area-error')).toContainText(`${stormZip} is already in "${name}", declared for days that overlap these.`)

  // The storm is changed in its own form, checked as declaring is: a ZIP that is not real is told next to the field.
  const edited = `${name} (edited)`
  const edit = page.locator('form#edit-storm')
  await expect(edit.getByLabel('Name')).toHaveValue(name)
  await edit.getByLabel('ZIP codes and prefixes').fill(`${stormZip} 00000`)
  await edit.getByRole('button', { name: 'Save changes' }).click()
  await expect(page.locator('#edit-area-error')).toHaveText('00000 is not a US ZIP code. Check the five digits.')
  await edit.getByLabel('Name').fill(edited)
  await edit.getByLabel('ZIP codes and prefixes').fill(stormZip)
  await edit.getByLabel('Days to file a claim').fill('45')
  await edit.getByRole('button', { name: 'Save changes' }).click()
  await expect(toast(page)).toContainText('Storm changed')
  await expect(page.getByRole('heading', { name: `Storm board: ${edited}` })).toBeVisible()
  await expect(page.getByRole('listitem').filter({ hasText: edited })).toContainText('45 days to file')

  // The customers, each in a browser of their own: one whose vehicle is kept in the storm's ZIP, and one in Salt Lake
  // City who types the storm's ZIP. The window is read for the ZIP on file, and only its own storms are shown.
  for (const [onFile, late] of [
    [stormZip, false],
    ['84101', true],
  ] as const) {
    const context = await browser.newContext({ javaScriptEnabled: javaScript, extraHTTPHeaders: { 'X-Forwarded-For': randomIp() } })
    const customerPage = await context.newPage()
    const customer = createProfile({ email: uniqueEmail('storm'), zip: onFile })
    await addSessionCookie(context, baseURL!, customer.id)
    const { policy } = createActivePolicy(customer.id)
    await customerPage.goto(`/customer/submit-claim?policy_id=${policy.id}`)
    if (late) await expect(customerPage.getByTestId('storm-windows')).toHaveCount(0)
    else await expect(customerPage.getByTestId('storm-windows')).toContainText(`${edited}: damage on`)
    await customerPage.getByLabel('When did the damage happen?').fill(daysAgo(10))
    await customerPage.getByLabel('ZIP code where the vehicle is kept (optional)').fill(stormZip)
    // A chip in the driver's line of sight: the decision rules leave it for the operator whatever its window.
    await customerPage.getByRole('radio', { name: 'Smaller than a quarter' }).check()
    await customerPage.getByRole('radio', { name: 'Yes, in front of the driver’s eyes' }).check()
    await customerPage.getByRole('radio', { name: 'One', exact: true }).check()
    await customerPage.getByRole('radio', { name: 'In front of the driver', exact: true }).check()
    await customerPage.locator('#photos').setInputFiles([{ name: 'hail.jpg', mimeType: 'image/jpeg', buffer: photo }])
    await customerPage.getByLabel('What Happened?').fill('Hail cracked the windshield in the driveway.')
    await customerPage.getByRole('button', { name: 'Submit Claim' }).click()
    await expect(customerPage.getByRole('heading', { name: 'Claim Submitted Successfully!' })).toBeVisible()
    if (late) {
      await expect(customerPage.getByTestId('filed-late')).toHaveText(
        'This claim was filed late: more than 48 hours after the damage. We will still review it, and tell you what we decide.',
      )
    } else {
      await expect(customerPage.getByTestId('filed-late')).toHaveCount(0)
    }
    const filed = db().select().from(claims).where(eq(claims.policyId, policy.id)).get()!
    expect(filed.filedLate).toBe(late)
    expect(
      db()
        .select()
        .from(claimFlags)
        .where(eq(claimFlags.claimId, filed.id))
        .all()
        .map((flag) => flag.kind),
    ).toEqual(late ? ['vehicle_zip_differs'] : [])
    await context.close()
  }

  // The board counts the storm's claim by its ZIP, drawn on the server.
  await page.reload()
  // One claim, in the singular.
  await expect(page.getByTestId('storm-totals')).toHaveText(/^1 claim ·/)
  await expect(page.getByRole('region', { name: 'Claims by ZIP: the numbers' })).toContainText(stormZip)
  await expect(page.getByTestId('storm-empty')).toHaveCount(0)
  // Its bar says '1 claim', and the drawing is one band tall: no empty bands under it.
  const zips = page.getByTestId('chart-storm-zips')
  await expect(zips.locator('text').filter({ hasText: /^1 claim$/ })).toHaveCount(1)
  await expect(zips).toHaveAttribute('viewBox', '0 0 480 45')
  // The board at a laptop's 1366 × 768: every label of its charts inside its drawing, and no WCAG 2.2 AA failure.
  await page.setViewportSize({ width: 1366, height: 768 })
  expect(await labelsOutsideTheirCharts(page)).toEqual([])
  if (javaScript) expect(await seriousAxeViolations(page, { wcag: true })).toEqual([])
})

test('a shop with a full day is not offered that day to the next customer, nor is a shop full every day', async ({
  page,
  signIn,
  javaScript,
}) => {
  const zip = javaScript ? '68847' : '68845'
  const group = createPartnerGroup(`Kearney Glass ${createId(4)}`, { email: `desk-${createId(6).toLowerCase()}@kearney.example` })
  const location = (label: string) =>
    db()
      .insert(partnerLocations)
      .values({
        partnerGroupId: group.id,
        name: `${group.name} ${label}`,
        slug: `kearney-${createId(8).toLowerCase()}`,
        zip,
        dailyCapacity: 1,
      })
      .returning()
      .get()
  const open = location('Central')
  const full = location('Full')
  // The days on the ZIP's own clock, as the shop choice counts them (the UTC day is tomorrow each evening there).
  const dates = bookableDates(new Date(), BOOKING_DAYS, zoneOfZip(zip)!)
  // Booked by earlier customers: the open location's first day, and every day of the full one.
  const booked = (locationId: string, preferredDate: string) => {
    const { policy } = createActivePolicy(createProfile().id)
    createClaim(policy.id, { approvalStatus: 'approved', assignedPartnerGroupId: group.id, chosenLocationId: locationId, preferredDate })
  }
  booked(open.id, dates[0]!)
  for (const date of dates) booked(full.id, date)

  const customer = await signIn({ fullName: 'Kim Kearney' })
  const { policy } = createActivePolicy(customer.id)
  const claim = createClaim(policy.id, { approvalStatus: 'approved', reviewedAt: new Date().toISOString() })
  await page.goto(`/customer/claims/${claim.id}/shop?zip=${zip}`)
  await expect(page.getByRole('heading', { name: 'Choose a shop', level: 1 })).toBeVisible()
  await expect(page.getByTestId('shop-option').filter({ hasText: full.name })).toHaveCount(0)
  const card = page.getByTestId('shop-option').filter({ hasText: open.name })
  await expect(card.getByTestId('shop-full-days')).toHaveText(`Fully booked on ${formatLongDate(dates[0])}.`)
  await expect(card.getByTestId('shop-line')).toHaveText(
    `You would be number 2 in its line: your turn comes on ${formatLongDate(dates[1])}.`,
  )

  await card.getByRole('radio').check()
  await page.getByLabel('Preferred day').selectOption(dates[0]!)
  await page.getByRole('button', { name: 'Choose this shop' }).click()
  await expect(page.locator('#preferredDate-error')).toHaveText(
    `${open.name} is fully booked that day. Its first day with room is ${formatLongDate(dates[1])}.`,
  )
  await page.getByTestId('shop-option').filter({ hasText: open.name }).getByRole('radio').check()
  await page.getByLabel('Preferred day').selectOption(dates[1]!)
  await page.getByRole('button', { name: 'Choose this shop' }).click()
  await expect(toast(page)).toContainText('Shop chosen')
  expect(db().select().from(claims).where(eq(claims.id, claim.id)).get()).toMatchObject({
    chosenLocationId: open.id,
    preferredDate: dates[1],
  })
})
