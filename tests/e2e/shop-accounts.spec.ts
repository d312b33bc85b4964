import fs from 'node:fs'
import nodePath from 'node:path'

import { eq } from 'drizzle-orm'

import { db } from '~/db/client.server'
import { createId } from '~/db/ids'
import { claimDocuments, claims, partnerLocations, shopStaff } from '~/db/schema'
import { DISPUTE_MESSAGES, INVOICE_CORRECTION_FILES, INVOICE_FIELD_MESSAGES } from '~/domain/messages'
import { bookableDates } from '~/domain/shops'
import { MAX_UPLOAD_BYTES } from '~/domain/uploads'
import { rejectInvoice } from '~/models/shops/invoice-review.server'
import { scheduleInForce } from '~/models/shops/price-schedule.server'
import { uploadsPath } from '~/services/volume-store.server'

import { seriousAxeViolations } from '../support/axe'
import { expect, test, toast, waitForEmail } from '../support/e2e'
import { createActivePolicy, createClaim, createPartnerGroup, findOrCreateProfile, uniqueEmail } from '../support/factories'
import { cleanPdf, polyglotPdf } from '../support/pdfs'
import { jpegFile } from '../support/photos'

test('a shop signs in, sees its job, confirms the time and completes it with a calibration report', async ({ page, javaScript }) => {
  const group = createPartnerGroup(`Bench Glass ${createId(4)}`, { email: `desk-${createId(6).toLowerCase()}@bench.example` })
  const staffEmail = uniqueEmail('staff')
  db()
    .insert(shopStaff)
    .values({ partnerGroupId: group.id, email: staffEmail, addedBy: findOrCreateProfile('operator@example.com').id })
    .run()

  // The customer's approved claim, assigned to the group, asking for a morning.
  const customer = findOrCreateProfile(uniqueEmail(), { fullName: 'Cal Ibrate', phone: '+18015550188' })
  const { policy } = createActivePolicy(customer.id, { planType: 'comprehensive', hasAdas: true })
  const day = bookableDates(new Date())[1]!
  const claim = createClaim(policy.id, {
    damageType: 'crack',
    approvalStatus: 'approved',
    reviewedAt: new Date().toISOString(),
    assignedPartnerGroupId: group.id,
    preferredDate: day,
    preferredSlot: 'morning',
    serviceAt: 'shop',
  })
  // Its damage photo as filing stores it: the photo and the shop's small copy.
  const photoPath = `claim-documents/${claim.id}/damage_1.jpg`
  for (const path of [photoPath, photoPath.replace(/\.jpg$/, '.shop.jpg')]) {
    fs.mkdirSync(nodePath.dirname(uploadsPath(path)), { recursive: true })
    fs.writeFileSync(uploadsPath(path), Buffer.from(await (await jpegFile('damage.jpg')).arrayBuffer()))
  }
  db()
    .insert(claimDocuments)
    .values({ claimId: claim.id, documentType: 'damage_photo', filePath: photoPath, fileName: 'damage_1.jpg' })
    .run()

  // Signs in with the e-mailed code, like a customer, and lands on the shop's jobs.
  await page.goto('/auth')
  await page.getByLabel('Email Address').fill(staffEmail)
  await page.getByRole('button', { name: 'Send login link' }).click()
  const email = await waitForEmail(staffEmail, 'Your Glass Plan login link')
  const link = /(https?:\/\/\S+\/auth\/verify\?token=[\w-]+)/.exec(email.text)![1]!
  await page.goto(link)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page).toHaveURL(/\/shop$/)
  await expect(page.getByRole('link', { name: 'Shop', exact: true })).toBeVisible()
  // A new shop's scorecard says over which window it counts, and that nothing is completed yet to judge.
  const scorecard = page.getByTestId('scorecard')
  await expect(scorecard).toContainText('Over the jobs completed in the last 90 days.')
  await expect(scorecard.getByTestId('scorecard-empty')).toContainText('No jobs completed in the last 90 days yet.')
  // Staff who hold no policy see the shop's menu only.
  const menu = page.getByRole('navigation', { name: 'Main' })
  await expect(menu.getByRole('link', { name: 'Policies' })).toHaveCount(0)
  await expect(menu.getByRole('link', { name: 'Claims' })).toHaveCount(0)
  const job = page.getByTestId('jobs-new').getByTestId('shop-job').filter({ hasText: claim.confirmationCode })
  await expect(job).toContainText('2019 Toyota Camry')
  await expect(job).toContainText('Cal Ibrate · (801) 555-0188')
  await expect(job).toContainText('morning (8–12)')
  await job.getByRole('link', { name: claim.confirmationCode }).click()

  // No React on the shop's pages.
  await expect(page.getByRole('heading', { name: `Job ${claim.confirmationCode}` })).toBeVisible()
  expect(await page.locator('script[type="module"]').count()).toBe(0)
  // The forms' radios, checkboxes and links are targets of 24 × 24 px at least (axe, where JavaScript runs).
  if (javaScript) expect(await seriousAxeViolations(page)).toEqual([])

  // What the shop needs to reach the customer and do the job: phone, e-mail, place, the damage photo.
  const contact = page.getByTestId('job-contact')
  await expect(contact.getByRole('link', { name: '(801) 555-0188' })).toHaveAttribute('href', 'tel:+18015550188')
  await expect(contact.getByRole('link', { name: customer.email })).toHaveAttribute('href', `mailto:${customer.email}`)
  await expect(contact).toContainText('In shop')
  const thumbnail = contact.getByRole('img', { name: 'Damage photo 1' })
  const small = await page.request.get((await thumbnail.getAttribute('src'))!)
  expect(small.status()).toBe(200)
  expect(small.headers()['content-type']).toBe('image/jpeg')
  const full = await page.request.get((await contact.getByRole('link', { name: 'Damage photo 1' }).getAttribute('href'))!)
  expect(full.status()).toBe(200)

  // A time outside the window is refused next to the field; one inside is confirmed.
  await page.getByLabel('Confirm a time').fill('13:00')
  await page.getByRole('button', { name: 'Confirm appointment' }).click()
  await expect(page.locator('#confirm-time-error')).toContainText('Choose a time inside the window asked for: 8:00 AM to 12:00 PM')
  await page.getByLabel('Confirm a time').fill('09:30')
  await page.getByRole('button', { name: 'Confirm appointment' }).click()
  await expect(toast(page)).toContainText('Appointment confirmed')
  // The time carries the label of the shop's zone (the group has no location: UTC).
  await expect(page.getByText(/9:30 AM UTC/).first()).toBeVisible()
  await waitForEmail(customer.email, /Your appointment is confirmed/)

  // Completion: a calibration without its report is refused next to the field; with the PDF it completes.
  const form = page.locator('form[enctype="multipart/form-data"]')
  await form.getByLabel('Replacement').check()
  await form.getByLabel('Part number (optional)').fill('FW04567 GTY')
  await form.getByLabel('Labor hours (optional)').fill('2.5')
  await form.getByLabel('Kit or moulding (optional)').fill('Moulding kit')
  await form.getByLabel('ADAS calibration').selectOption('static')
  await form.getByLabel('Total (optional)').fill('389.00')
  await form.getByLabel('Invoice photo').setInputFiles(await fileFor('invoice.jpg'))
  await form.getByLabel('Repair photos').setInputFiles(await fileFor('after.jpg'))
  await form.getByRole('button', { name: 'Mark job complete' }).click()
  await expect(page.locator('#calibrationReport-error')).toContainText(
    'Upload the calibration report (a PDF or a photo): a calibration was done.',
  )
  // The photos were kept; the form's values came back.
  const again = page.locator('form[enctype="multipart/form-data"]')
  await expect(again.getByRole('checkbox', { name: 'invoice.jpg' })).toBeChecked()
  await expect(again.getByRole('checkbox', { name: 'after.jpg' })).toBeChecked()
  await expect(again.getByLabel('Part number (optional)')).toHaveValue('FW04567 GTY')
  // A PDF that is also a web page is refused next to its field, with a 400.
  await again
    .getByLabel('Calibration report', { exact: false })
    .setInputFiles({ name: 'calibration.pdf', mimeType: 'application/pdf', buffer: await polyglotPdf() })
  const refused = page.waitForResponse((answer) => answer.request().method() === 'POST')
  await again.getByRole('button', { name: 'Mark job complete' }).click()
  expect((await refused).status()).toBe(400)
  await expect(page.locator('#calibrationReport-error')).toContainText(
    'calibration.pdf: The calibration report contains web page code. Print it to a new PDF, or send a photo of it.',
  )
  // The kept photos are sent with the form, named; a post without its files that names none (a script) completes
  // nothing, and removes them.
  const last = page.locator('form[enctype="multipart/form-data"]')
  await expect(last.getByRole('checkbox', { name: 'invoice.jpg' })).toBeChecked()
  const bare = await page.request.post(page.url(), {
    headers: { Origin: new URL(page.url()).origin },
    multipart: { intent: 'complete', repairType: 'replacement', adasCalibration: 'none', actualCost: '389.00' },
  })
  expect(bare.status()).toBe(400)
  expect(db().select().from(claims).where(eq(claims.id, claim.id)).get()!.approvalStatus).toBe('approved')
  await page.reload()
  const fresh = page.locator('form[enctype="multipart/form-data"]')
  await expect(fresh.getByRole('checkbox')).toHaveCount(0)
  await fresh.getByLabel('Replacement').check()
  await fresh.getByLabel('Part number (optional)').fill('FW04567 GTY')
  await fresh.getByLabel('Labor hours (optional)').fill('2.5')
  await fresh.getByLabel('ADAS calibration').selectOption('static')
  await fresh.getByLabel('Total (optional)').fill('389.00')
  await fresh.getByLabel('Invoice photo').setInputFiles(await fileFor('invoice.jpg'))
  await fresh.getByLabel('Repair photos').setInputFiles(await fileFor('after.jpg'))
  await fresh
    .getByLabel('Calibration report', { exact: false })
    .setInputFiles({ name: 'calibration.pdf', mimeType: 'application/pdf', buffer: await cleanPdf() })
  await fresh.getByRole('button', { name: 'Mark job complete' }).click()
  await expect(toast(page)).toContainText('Claim Completed!')
  const done = page.getByTestId('job-completed')
  await expect(done).toContainText('FW04567GTY')
  await expect(done).toContainText('Static')
  const reportLink = done.getByRole('link', { name: /Calibration report: calibration.pdf/ })
  await expect(reportLink).toBeVisible()
  // The report is handed over as a download of a PDF, never shown as a page of the site.
  const served = await page.request.get((await reportLink.getAttribute('href'))!)
  expect(served.status()).toBe(200)
  expect(served.headers()['content-type']).toBe('application/pdf')
  expect(served.headers()['x-content-type-options']).toBe('nosniff')
  expect(served.headers()['content-disposition']).toMatch(/^attachment; filename="[\w.-]+\.pdf"$/)
  expect(db().select().from(claims).where(eq(claims.id, claim.id)).get()).toMatchObject({
    approvalStatus: 'completed',
    adasCalibration: 'static',
    laborHours: 2.5,
  })
  // The one amount the job is paid (the invoice, under the schedule's price), the same as its payout will be.
  await expect(page.getByTestId('job-price-paid')).toHaveText('This job is paid $389.00: your invoice as accepted.')
  if (javaScript) expect(await seriousAxeViolations(page)).toEqual([])

  // On the list, under Done; the page is light.
  const response = await page.goto('/shop')
  expect((await response!.body()).length).toBeLessThan(60 * 1024)
  await expect(page.getByTestId('jobs-done')).toContainText(claim.confirmationCode)
  await expect(page.getByTestId('jobs-done').getByTestId('job-paid-amount')).toHaveText('$389.00')
  // The scorecard counts the job completed minutes ago, not an hour later.
  await expect(scorecard.getByTestId('scorecard-empty')).toHaveCount(0)
  await expect(page.getByTestId('score-onTime')).toContainText('100% (1 of 1 on time)')
})

test('a job with no time asked offers to propose a time; staff who hold a policy keep the customer links', async ({ page, signIn }) => {
  const group = createPartnerGroup(`Mesa Glass ${createId(4)}`)
  const staff = findOrCreateProfile(uniqueEmail('staff'))
  db()
    .insert(shopStaff)
    .values({ partnerGroupId: group.id, email: staff.email, addedBy: findOrCreateProfile('operator@example.com').id })
    .run()
  const customer = findOrCreateProfile(uniqueEmail())
  const { policy } = createActivePolicy(customer.id)
  // Assigned by the operator, so no day or half day was asked.
  const claim = createClaim(policy.id, {
    approvalStatus: 'approved',
    reviewedAt: new Date().toISOString(),
    assignedPartnerGroupId: group.id,
  })
  // A chip the group repaired two days ago, three hours after approval: on its scorecard.
  const approvedAt = Date.now() - 2 * 24 * 60 * 60 * 1000
  createClaim(createActivePolicy(findOrCreateProfile(uniqueEmail()).id).policy.id, {
    approvalStatus: 'completed',
    reviewedAt: new Date(approvedAt).toISOString(),
    completedAt: new Date(approvedAt + 3 * 60 * 60 * 1000).toISOString(),
    repairType: 'repair',
    actualCostCents: 9900,
    assignedPartnerGroupId: group.id,
  })

  await signIn({ email: staff.email })
  await page.goto(`/shop/jobs/${claim.id}`)
  const appointment = page.getByTestId('appointment')
  await expect(appointment.getByRole('heading', { name: 'Propose a time' })).toBeVisible()
  await expect(appointment.getByText('Propose another', { exact: false })).toHaveCount(0)
  const menu = page.getByRole('navigation', { name: 'Main' })
  await expect(menu.getByRole('link', { name: 'Policies' })).toHaveCount(0)

  // The same person buys a plan of their own: the customer links come back beside the shop's.
  createActivePolicy(staff.id)
  await page.goto('/shop')
  // The shop's own scorecard, each rate with its count beside it.
  await expect(page.getByTestId('score-onTime')).toContainText('100% (1 of 1 on time)')
  await expect(page.getByTestId('score-rework')).toContainText('0% (0 of 1 chip repairs failed)')
  await expect(page.getByTestId('score-calibrationProof')).toContainText('Nothing to measure yet')
  await expect(menu.getByRole('link', { name: 'Policies' })).toBeVisible()
  await expect(menu.getByRole('link', { name: 'Claims' })).toBeVisible()
  await expect(menu.getByRole('link', { name: 'Shop', exact: true })).toBeVisible()
})

async function fileFor(name: string) {
  const file = await jpegFile(name)
  return { name, mimeType: 'image/jpeg', buffer: Buffer.from(await file.arrayBuffer()) }
}

/** A windshield replaced and invoiced yesterday by a new group with one staff member, for the invoice journeys. */
function completedReplacement(name: string, options: { hasAdas: boolean; adasCalibration?: 'static' }) {
  const group = createPartnerGroup(`${name} ${createId(4)}`, { email: uniqueEmail(name.replace(/\W/g, '').toLowerCase()) })
  const staff = findOrCreateProfile(uniqueEmail('staff'))
  db()
    .insert(shopStaff)
    .values({ partnerGroupId: group.id, email: staff.email, addedBy: findOrCreateProfile('operator@example.com').id })
    .run()
  const { policy } = createActivePolicy(findOrCreateProfile(uniqueEmail()).id, { planType: 'comprehensive', hasAdas: options.hasAdas })
  const claim = createClaim(policy.id, {
    damageType: 'crack',
    approvalStatus: 'completed',
    reviewedAt: new Date(Date.now() - 86_400_000).toISOString(),
    assignedPartnerGroupId: group.id,
    completedAt: new Date().toISOString(),
    repairType: 'replacement',
    partNumber: 'FW01234',
    ...(options.adasCalibration ? { adasCalibration: options.adasCalibration } : {}),
    actualCostCents: 38900,
  })
  return { group, staff, claim }
}

test('an invoice rejected for a wrong part number is corrected by the shop and accepted, its history on both sides', async ({
  page,
  signIn,
}) => {
  const { group, staff, claim } = completedReplacement('Part Glass', { hasAdas: false })

  // The operator rejects it with a typed reason and a note.
  await signIn({ email: 'operator@example.com' })
  await page.goto(`/admin/claims/${claim.id}`)
  const reject = page.getByTestId('reject-invoice')
  await reject.getByLabel('Reason to reject').selectOption('part_number')
  await reject.getByLabel('Note to the shop').fill('This vehicle takes FW02843.')
  await reject.getByRole('button', { name: 'Reject the invoice' }).click()
  await expect(toast(page)).toContainText('Invoice rejected')
  await expect(page.getByTestId('invoice-rejected')).toBeVisible()
  // The shop is told at once, with the reason, the note and the page to correct it on.
  const told = await waitForEmail(group.email!, `Invoice for job ${claim.confirmationCode} needs a correction`)
  expect(told.text).toContain('Reason: The part number does not match the vehicle or the work.')
  expect(told.text).toContain('> This vehicle takes FW02843.')
  expect(told.text).toContain(`/shop/jobs/${claim.id}`)

  // The shop reads the reason, and a part number of the wrong shape is refused next to its field.
  await signIn({ email: staff.email })
  await page.goto(`/shop/jobs/${claim.id}`)
  const review = page.getByTestId('invoice-review')
  await expect(review.getByTestId('invoice-rejected')).toContainText('The part number does not match the vehicle or the work')
  await expect(review.getByTestId('invoice-rejected')).toContainText('This vehicle takes FW02843.')
  await review.getByLabel('Part number (optional)').fill('FW28')
  await review.getByRole('button', { name: 'Send the corrected invoice' }).click()
  await expect(page.locator('#partNumber-error')).toContainText('Enter the part number as NAGS writes it')
  await page.getByTestId('invoice-review').getByLabel('Part number (optional)').fill('fw02843 gty')
  await page.getByTestId('invoice-review').getByRole('button', { name: 'Send the corrected invoice' }).click()
  await expect(toast(page)).toContainText('Invoice sent again')
  const history = page.getByTestId('invoice-history')
  await expect(history).toContainText('Submission 2')
  await expect(history).toContainText('waiting for the operator')
  await expect(history).toContainText('rejected (The part number does not match the vehicle or the work)')

  // The operator accepts the corrected invoice: approved for payment.
  await signIn({ email: 'operator@example.com' })
  await page.goto(`/admin/claims/${claim.id}`)
  await expect(page.getByTestId('invoice-partNumber')).toHaveText('FW02843GTY')
  await page.getByRole('button', { name: 'Approve for payment' }).click()
  await expect(toast(page)).toContainText('1 job is approved for payment.')
  await expect(page.getByTestId('payout-state')).toHaveText('Approved for payment')

  await signIn({ email: staff.email })
  await page.goto(`/shop/jobs/${claim.id}`)
  await expect(page.getByTestId('invoice-history').locator('li').first()).toContainText('accepted')
  expect(db().select().from(claims).where(eq(claims.id, claim.id)).get()).toMatchObject({
    partNumber: 'FW02843GTY',
    invoiceRejectedAt: null,
  })
})

test('an invoice rejected for its missing calibration report is corrected by sending the report', async ({ page, signIn }) => {
  const operator = findOrCreateProfile('operator@example.com')
  const { staff, claim } = completedReplacement('Cal Glass', { hasAdas: true, adasCalibration: 'static' })
  // Rejected as the journey above rejects one (the operator's form is exercised there).
  rejectInvoice({ claimId: claim.id, actorId: operator.id, reason: 'calibration', note: 'The calibration report is missing.' })

  await signIn({ email: staff.email })
  await page.goto(`/shop/jobs/${claim.id}`)
  const review = page.getByTestId('invoice-review')
  await expect(review.getByTestId('correction-files-hint')).toHaveText(INVOICE_CORRECTION_FILES.filesHint.calibration!)
  // Without the report the correction is refused next to its field; with it, it is sent again.
  await review.getByRole('button', { name: 'Send the corrected invoice' }).click()
  await expect(page.locator('#calibrationReport-error')).toContainText(INVOICE_FIELD_MESSAGES.calibrationReportRequired)
  await page
    .getByTestId('invoice-review')
    .getByLabel(INVOICE_CORRECTION_FILES.calibrationReport)
    .setInputFiles({ name: 'calibration.pdf', mimeType: 'application/pdf', buffer: await cleanPdf() })
  await page.getByTestId('invoice-review').getByRole('button', { name: 'Send the corrected invoice' }).click()
  await expect(toast(page)).toContainText('Invoice sent again')
  await expect(page.getByTestId('invoice-history')).toContainText('waiting for the operator')
  await expect(page.getByTestId('job-completed').getByRole('link', { name: /Calibration report: calibration.pdf/ })).toBeVisible()
})

test('a rejected invoice is disputed: a file too large is refused next to its field with the message kept, then sent', async ({
  page,
  signIn,
}) => {
  const operator = findOrCreateProfile('operator@example.com')
  const { group, staff, claim } = completedReplacement('Fair Glass', { hasAdas: false })
  rejectInvoice({ claimId: claim.id, actorId: operator.id, reason: 'documents', note: 'The invoice photo is unreadable.' })

  await signIn({ email: staff.email })
  await page.goto(`/shop/jobs/${claim.id}`)
  const review = page.getByTestId('invoice-review')
  await review.getByLabel('Why you dispute it').fill('The invoice photo is sharp; please look again.')
  await review
    .getByLabel(/^Files/)
    .setInputFiles({ name: 'scan.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(MAX_UPLOAD_BYTES + 1) })
  await review.getByRole('button', { name: 'Send the dispute' }).click()
  await expect(page.locator('#files-error')).toContainText('scan.pdf')
  await expect(page.getByTestId('invoice-review').getByLabel('Why you dispute it')).toHaveValue(
    'The invoice photo is sharp; please look again.',
  )

  await page
    .getByTestId('invoice-review')
    .getByLabel(/^Files/)
    .setInputFiles({ name: 'invoice.pdf', mimeType: 'application/pdf', buffer: await cleanPdf() })
  await page.getByTestId('invoice-review').getByRole('button', { name: 'Send the dispute' }).click()
  await expect(toast(page)).toContainText('Dispute sent')
  await expect(page.getByTestId('disputes')).toContainText('The invoice photo is sharp; please look again.')
  await expect(page.getByTestId('dispute-refusal')).toContainText(DISPUTE_MESSAGES.alreadyOpen)
  // The operator is told, with the shop's words.
  const told = await waitForEmail('operator@example.com', `Dispute on job ${claim.confirmationCode}`)
  expect(told.text).toContain(`${group.name} disputes the rejected invoice of job ${claim.confirmationCode}:`)
  expect(told.text).toContain('> The invoice photo is sharp; please look again.')
})

test("a shop's page tells its times on its own clock, labelled with its zone", async ({ page, signIn, javaScript }) => {
  const group = createPartnerGroup(`Loop Glass ${createId(4)}`, { email: `desk-${createId(6).toLowerCase()}@loop.example` })
  db()
    .insert(partnerLocations)
    .values({
      partnerGroupId: group.id,
      name: `Loop Glass Wacker ${createId(4)}`,
      slug: `loop-glass-${createId(8).toLowerCase()}`,
      zip: '60601',
      address: '1 Wacker Dr',
      city: 'Chicago',
      state: 'IL',
      offersChipRepair: true,
      offersReplacement: true,
      offersCalibration: false,
    })
    .run()
  const staffEmail = uniqueEmail('staff')
  db()
    .insert(shopStaff)
    .values({ partnerGroupId: group.id, email: staffEmail, addedBy: findOrCreateProfile('operator@example.com').id })
    .run()
  const { policy } = createActivePolicy(findOrCreateProfile(uniqueEmail()).id)
  // Completed at 9 PM on November 2 in Chicago (03:00 UTC on the 3rd); an appointment at 2 PM there in December.
  const finished = createClaim(policy.id, {
    approvalStatus: 'completed',
    reviewedAt: '2026-11-02T15:00:00.000Z',
    completedAt: '2026-11-03T03:00:00.000Z',
    repairType: 'repair',
    actualCostCents: 9_500,
    assignedPartnerGroupId: group.id,
    // Priced by the schedule in force (its price, the invoice's ceiling, above what it is paid).
    priceScheduleId: scheduleInForce()!.id,
    scheduledPriceCents: 12_500,
  })
  const booked = createClaim(createActivePolicy(findOrCreateProfile(uniqueEmail()).id).policy.id, {
    approvalStatus: 'approved',
    reviewedAt: new Date().toISOString(),
    appointmentAt: '2026-12-15T14:00',
    assignedPartnerGroupId: group.id,
  })
  await signIn({ email: staffEmail })
  // A phone first: the jobs come before the price schedule's lines.
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/shop')
  // A Chicago shop's scorecard was counted at a Central time (CST or CDT), not a UTC one.
  await expect(page.getByTestId('scorecard')).toContainText(/Counted \w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M C[SD]T;/)
  const done = page.getByTestId('jobs-done').getByRole('listitem').filter({ hasText: finished.confirmationCode })
  await expect(done.getByTestId('job-completed-on')).toHaveText('November 2, 2026')
  await expect(done.getByTestId('job-paid-amount')).toHaveText('$95.00')
  await expect(page.getByTestId('jobs-scheduled').getByTestId('shop-job').filter({ hasText: booked.confirmationCode })).toContainText(
    'December 15, 2026, 2:00 PM CST',
  )
  const top = async (name: RegExp) => (await page.getByRole('heading', { name, level: 2 }).boundingBox())!.y
  expect(await top(/^Price schedule$/)).toBeGreaterThan(await top(/^Paid \(/))
  expect(await top(/^New: choose a time/)).toBeLessThan(await top(/^Price schedule$/))
  // And on the shop's PC.
  await page.setViewportSize({ width: 1366, height: 768 })
  expect(await top(/^Price schedule$/)).toBeGreaterThan(await top(/^Paid \(/))
  // The finished job's page says the same amount and the appointment's zone; its targets pass axe.
  await page.goto(`/shop/jobs/${finished.id}`)
  await expect(page.getByTestId('job-price-paid')).toHaveText('This job is paid $95.00: your invoice as accepted.')
  if (javaScript) expect(await seriousAxeViolations(page)).toEqual([])
})
