import { db } from '~/db/client.server'
import { createId } from '~/db/ids'
import { partnerLocations, shopStaff } from '~/db/schema'

import { seriousAxeViolations } from '../support/axe'
import { expect, test, toast, waitForEmail } from '../support/e2e'
import { createActivePolicy, createClaim, createPartnerGroup, findOrCreateProfile, uniqueEmail } from '../support/factories'
import { jpegFile } from '../support/photos'

async function fileFor(name: string) {
  const file = await jpegFile(name)
  return { name, mimeType: 'image/jpeg', buffer: Buffer.from(await file.arrayBuffer()) }
}

test('a finished job is rated by its customer, shown on the shop choice, answered once by the shop, and its comment hidden for a listed reason', async ({
  page,
  signIn,
  javaScript,
}) => {
  // A shop of its own at a ZIP of its own (Kanab), so it is the nearest there whatever other tests add.
  const group = createPartnerGroup(`Kanab Glass ${createId(4)}`, { email: uniqueEmail('kanab') })
  const location = db()
    .insert(partnerLocations)
    .values({
      partnerGroupId: group.id,
      name: `${group.name} — Kanab`,
      slug: `kanab-${createId(6).toLowerCase()}`,
      address: '20 E Center St',
      city: 'Kanab',
      state: 'UT',
      zip: '84741',
    })
    .returning()
    .get()
  const staffEmail = uniqueEmail('staff')
  db()
    .insert(shopStaff)
    .values({ partnerGroupId: group.id, email: staffEmail, addedBy: findOrCreateProfile('operator@example.com').id })
    .run()
  const customer = findOrCreateProfile(uniqueEmail(), { fullName: 'Rita Rater' })
  const { policy } = createActivePolicy(customer.id)
  const job = createClaim(policy.id, {
    approvalStatus: 'approved',
    reviewedAt: new Date().toISOString(),
    assignedPartnerGroupId: group.id,
    chosenLocationId: location.id,
  })
  // A second claim of the customer's, waiting for them to choose a shop: the shop choice shows the ratings.
  const next = createClaim(policy.id, { approvalStatus: 'approved', reviewedAt: new Date().toISOString() })

  // The shop completes the chip repair.
  await signIn({ email: staffEmail })
  await page.goto(`/shop/jobs/${job.id}`)
  const form = page.locator('form[enctype="multipart/form-data"]')
  await form.getByLabel('Repair', { exact: true }).check()
  await form.getByLabel('Total (optional)').fill('89.00')
  await form.getByLabel('Invoice photo').setInputFiles(await fileFor('invoice.jpg'))
  await form.getByLabel('Repair photos').setInputFiles(await fileFor('after.jpg'))
  await form.getByRole('button', { name: 'Mark job complete' }).click()
  await expect(toast(page)).toContainText('Claim Completed!')

  // The customer is asked once by e-mail; its link opens the rating. A rating without a score is refused by its field.
  await signIn({ email: customer.email })
  const ask = await waitForEmail(customer.email, `How did ${location.name} do?`)
  const link = new URL(/(https?:\/\/\S+\/rating)\b/.exec(ask.text)![1]!)
  await page.goto(link.pathname)
  await page.getByLabel('Comment (optional)').fill('Slow, but careful work.')
  await page.getByRole('button', { name: 'Send my rating' }).click()
  await expect(page.locator('#score-error')).toHaveText('Choose from 1 to 5 stars.')
  if (javaScript) expect(await seriousAxeViolations(page)).toEqual([])
  await expect(page.getByLabel('Comment (optional)')).toHaveValue('Slow, but careful work.')
  await page.getByLabel('2 stars').check()
  await page.getByRole('button', { name: 'Send my rating' }).click()
  await expect(toast(page)).toContainText('Thank you for your rating')
  await expect(page).toHaveURL(new RegExp(`/customer/claims/${job.confirmationCode}`))
  const card = page.getByTestId('claim-rating')
  await expect(card.getByTestId('rating-given')).toHaveText('You rated it 2 of 5.')
  await expect(card).toContainText('You can change your rating until')
  if (javaScript) expect(await seriousAxeViolations(page)).toEqual([])
  // Changed from the claim page's card (once rated, a second rating of the claim changes the first).
  await card.getByLabel('3 stars').check()
  await card.getByRole('button', { name: 'Change my rating' }).click()
  await expect(toast(page)).toContainText('Rating changed')
  await expect(page.getByTestId('claim-rating').getByTestId('rating-given')).toHaveText('You rated it 3 of 5.')

  // Every rating is shown, a low one too: the shop choice gives the location's average, count and comment.
  await page.goto(`/customer/claims/${next.id}/shop?zip=84741`)
  const option = page.getByTestId('shop-option').filter({ hasText: location.name })
  await expect(option.getByTestId('rating-figure')).toHaveText('3.0 of 5 from 1 rating')
  await expect(option.getByTestId('rating-comment')).toContainText('Slow, but careful work.')
  if (javaScript) expect(await seriousAxeViolations(page)).toEqual([])

  // The shop sees it on /shop (no React) and answers once, publicly; an empty answer is refused by its field.
  await signIn({ email: staffEmail })
  await page.goto('/shop')
  await expect(page.getByTestId('shop-ratings')).toContainText('3.0 of 5 from 1 rating')
  await page.getByRole('link', { name: 'Read and answer your ratings' }).click()
  expect(await page.locator('script[type="module"]').count()).toBe(0)
  const rating = page.getByTestId('shop-rating').filter({ hasText: job.confirmationCode })
  await rating.getByRole('button', { name: 'Publish the answer' }).click()
  await expect(page.getByTestId('shop-rating').filter({ hasText: job.confirmationCode }).getByRole('alert')).toHaveText(
    'Write your answer.',
  )
  await page.getByLabel('Your public answer (once)').fill('Thank you, Rita: we are adding a technician.')
  await page.getByRole('button', { name: 'Publish the answer' }).click()
  await expect(toast(page)).toContainText('Answer published')
  const answered = page.getByTestId('shop-rating').filter({ hasText: job.confirmationCode })
  await expect(answered.getByTestId('rating-answer')).toContainText('we are adding a technician')
  await expect(answered.getByRole('button', { name: 'Publish the answer' })).toHaveCount(0)
  if (javaScript) expect(await seriousAxeViolations(page)).toEqual([])

  // The operator may hide the comment only for a listed reason: none chosen is refused by the field.
  await signIn({ email: 'operator@example.com' })
  await page.goto('/admin/ratings')
  const listed = page.getByTestId('admin-rating').filter({ hasText: job.confirmationCode })
  await listed.getByRole('button', { name: 'Hide the comment' }).click()
  const refused = page.getByTestId('admin-rating').filter({ hasText: job.confirmationCode })
  await expect(refused.getByRole('alert')).toHaveText('Choose one of the listed reasons.')
  await refused.getByLabel('Hide the comment because').selectOption('off_topic')
  await refused.getByRole('button', { name: 'Hide the comment' }).click()
  await expect(toast(page)).toContainText('Comment hidden')
  if (javaScript) expect(await seriousAxeViolations(page)).toEqual([])

  // Customers choosing a shop see the reason in the comment's place, the score still counted, and the shop's answer.
  await signIn({ email: customer.email })
  await page.goto(`/customer/claims/${next.id}/shop?zip=84741`)
  const shown = page.getByTestId('shop-option').filter({ hasText: location.name })
  await expect(shown.getByTestId('rating-figure')).toHaveText('3.0 of 5 from 1 rating')
  await expect(shown.getByTestId('rating-hidden')).toHaveText('Hidden: it was not about the job')
  await expect(shown).not.toContainText('Slow, but careful work.')
  await expect(shown.getByTestId('rating-answer')).toContainText('we are adding a technician')
})
