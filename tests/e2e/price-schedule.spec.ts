import { db } from '~/db/client.server'
import { createId } from '~/db/ids'
import { shopStaff } from '~/db/schema'
import { scheduleInForce } from '~/models/price-schedule.server'

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
  const job = createClaim(policy.id, { approvalStatus: 'approved', lifecycleStatus: 'approved', assignedPartnerGroupId: group.id })
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
