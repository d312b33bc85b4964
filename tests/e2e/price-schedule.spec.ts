import { db } from '~/db/client.server'
import { createId } from '~/db/ids'
import { priceScheduleNotices, shopStaff } from '~/db/schema'
import { NOTICE_EMAIL_MAX_ATTEMPTS } from '~/domain/email'
import { scheduleInForce } from '~/models/shops/price-schedule.server'

import { addSessionCookie, expect, test, toast } from '../support/e2e'
import { createActivePolicy, createClaim, createPartnerGroup, findOrCreateProfile, uniqueEmail } from '../support/factories'

test('a shop accepts the schedule', async ({ page, context, baseURL }) => {
  // A group that has not accepted the version in force (the seed's), with one staff member signed in, and a job it
  // was given before (jobs already given keep going).
  const group = createPartnerGroup(`Schedule Glass ${createId(4)}`, {}, { acceptSchedule: false })
  const staff = findOrCreateProfile(uniqueEmail('staff'))
  db()
    .insert(shopStaff)
    .values({ partnerGroupId: group.id, email: staff.email, addedBy: findOrCreateProfile('operator@example.com').id })
    .run()
  const { policy } = createActivePolicy(findOrCreateProfile(uniqueEmail()).id, {
    planType: 'comprehensive',
    hasAdas: true,
    vehicleType: 'car',
  })
  const job = createClaim(policy.id, { approvalStatus: 'approved', assignedPartnerGroupId: group.id })
  const version = scheduleInForce()!.version
  await addSessionCookie(context, baseURL!, staff.id)

  await page.goto('/shop')
  const schedule = page.getByRole('region', { name: 'Price schedule' })
  await expect(schedule.getByTestId('schedule-gate')).toHaveText('You get no new jobs until you accept the schedule in force.')
  await expect(schedule.getByRole('row', { name: /Chip repair/ })).toBeVisible()
  await schedule.getByRole('button', { name: `Accept version ${version}` }).click()

  await expect(page).toHaveURL(/\/shop#price-schedule$/)
  await expect(toast(page)).toContainText('Schedule accepted')
  await expect(schedule.getByTestId('schedule-gate')).toHaveCount(0)
  await expect(schedule.getByTestId('schedule-answer')).toContainText('Accepted')
  await expect(schedule.getByRole('button', { name: `Accept version ${version}` })).toHaveCount(0)

  // The job's page shows what it pays before the shop completes it.
  await page.goto(`/shop/jobs/${job.id}`)
  await expect(page.getByTestId('job-price')).toContainText(`What this job pays (price schedule version ${version})`)
  await expect(page.getByTestId('job-price').getByRole('row', { name: /Replacement, car, with ADAS/ })).toBeVisible()
})

test('the operator sees how many staff have not been e-mailed a version', async ({ page, signIn }) => {
  // A staff member every try of whose e-mail of the version in force failed.
  const group = createPartnerGroup(`Unreached Glass ${createId(4)}`)
  const staff = db()
    .insert(shopStaff)
    .values({ partnerGroupId: group.id, email: uniqueEmail('staff'), addedBy: findOrCreateProfile('operator@example.com').id })
    .returning()
    .get()
  const inForce = scheduleInForce()!
  db().insert(priceScheduleNotices).values({ scheduleId: inForce.id, shopStaffId: staff.id, attempts: NOTICE_EMAIL_MAX_ATTEMPTS }).run()
  await signIn({ email: 'operator@example.com' })

  await page.goto('/admin/price-schedule')
  // Both projects run at once on one database: each adds one such staff member.
  const version = page.getByTestId('schedule-version').filter({ hasText: `Version ${inForce.version} · In force` })
  // Newest first, each with the day it takes effect, and its prices one a line.
  const headings = await page.getByTestId('schedule-version').getByRole('heading', { level: 3 }).allInnerTexts()
  const numbers = headings.map((heading) => Number(/^Version (\d+) /.exec(heading)![1]))
  expect(numbers).toEqual(numbers.toSorted((a, b) => b - a))
  for (const heading of headings) expect(heading).toMatch(/ · from [A-Z][a-z]+ \d{1,2}, \d{4} \(published /)
  await expect(
    version
      .getByRole('list', { name: `Prices of version ${inForce.version}` })
      .getByRole('listitem')
      .first(),
  ).toContainText(/^[^·]+: \$[\d,]+\.\d{2}$/)
  await expect(version.getByTestId('schedule-untold')).toHaveText(
    new RegExp(
      `^\\d+ staff members? (has|have) not yet been e-mailed this version \\(\\d+ no longer tried after ${NOTICE_EMAIL_MAX_ATTEMPTS} failures: tell them another way\\)\\.$`,
    ),
  )
})
