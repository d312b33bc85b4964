import fs from 'node:fs'

import { eq } from 'drizzle-orm'

import { db } from '~/db/client.server'
import { createId } from '~/db/ids'
import { calibrationProofs, shopStaff, vehicles } from '~/db/schema'

import { seriousAxeViolations } from '../support/axe'
import { expect, test, toast } from '../support/e2e'
import { createActivePolicy, createClaim, createPartnerGroup, findOrCreateProfile, uniqueEmail } from '../support/factories'
import { pdfText } from '../support/pdf-text'
import { cleanPdf } from '../support/pdfs'
import { jpeg } from '../support/photos'

const VIN = '1HGCM82633A004352'

test('a shop completes an ADAS job with its calibration proof; the owner downloads the certificate and the glass record', async ({
  page,
  context,
  signIn,
  javaScript,
}) => {
  const group = createPartnerGroup(`Proof Glass ${createId(4)}`)
  const staffEmail = uniqueEmail('staff')
  db()
    .insert(shopStaff)
    .values({ partnerGroupId: group.id, email: staffEmail, addedBy: findOrCreateProfile('operator@example.com').id })
    .run()
  const owner = findOrCreateProfile(uniqueEmail(), { fullName: 'Cam Owner' })
  const { policy, vehicle } = createActivePolicy(owner.id, { planType: 'comprehensive', hasAdas: true })
  db().update(vehicles).set({ vin: VIN }).where(eq(vehicles.id, vehicle.id)).run()
  const claim = createClaim(policy.id, {
    vehicleId: vehicle.id,
    damageType: 'crack',
    damageZone: 'camera',
    approvalStatus: 'approved',
    reviewedAt: new Date().toISOString(),
    assignedPartnerGroupId: group.id,
    serviceAt: 'shop',
  })
  const photo = async (name: string) => ({ name, mimeType: 'image/jpeg', buffer: await jpeg() })

  // The shop completes the replacement with a static calibration.
  await signIn({ email: staffEmail })
  await page.goto(`/shop/jobs/${claim.id}`)
  const complete = page.locator('form[enctype="multipart/form-data"]')
  await complete.getByLabel('Replacement').check()
  await complete.getByLabel('Part number (optional)').fill('FW04567 GTY')
  await complete.getByLabel('ADAS calibration').selectOption('static')
  await complete.getByLabel('Invoice photo').setInputFiles(await photo('invoice.jpg'))
  await complete.getByLabel('Repair photos').setInputFiles(await photo('after.jpg'))
  await complete
    .getByLabel('Calibration report', { exact: false })
    .setInputFiles({ name: 'calibration.pdf', mimeType: 'application/pdf', buffer: await cleanPdf() })
  await complete.getByRole('button', { name: 'Mark job complete' }).click()
  await expect(toast(page)).toContainText('Claim Completed!')
  const status = page.getByTestId('calibration-status')
  await expect(status).toContainText('No calibration proof is recorded yet.')

  // Its calibration proof: a missing target photo is told next to its field, then the whole proof is saved.
  await status.getByRole('link', { name: 'Record the calibration proof' }).click()
  expect(await page.locator('script[type="module"]').count()).toBe(0)
  // The proof's radios and links are targets of 24 × 24 px at least.
  if (javaScript) expect(await seriousAxeViolations(page)).toEqual([])
  const proof = page.getByTestId('calibration-form')
  await proof.getByLabel("Tool's make").fill('Autel')
  await proof.getByLabel("Tool's serial number").fill('MA600-88231')
  await proof.getByLabel("Technician's name").fill('Sam Ortiz')
  await proof.getByLabel('Passed').check()
  await proof
    .getByLabel('Pre-scan report', { exact: false })
    .setInputFiles({ name: 'pre-scan.pdf', mimeType: 'application/pdf', buffer: await cleanPdf('Pre-scan report') })
  await proof.getByLabel('Post-scan report', { exact: false }).setInputFiles(await photo('post-scan.jpg'))
  await proof.getByLabel("Photo of the tool's screen", { exact: false }).setInputFiles(await photo('screen.jpg'))
  await proof.getByRole('button', { name: 'Save the calibration proof' }).click()
  await expect(page.locator('#targetSetup-error')).toContainText('Upload the photo of the target set-up.')
  const again = page.getByTestId('calibration-form')
  await expect(again.getByLabel("Tool's serial number")).toHaveValue('MA600-88231')
  await again
    .getByLabel('Pre-scan report', { exact: false })
    .setInputFiles({ name: 'pre-scan.pdf', mimeType: 'application/pdf', buffer: await cleanPdf('Pre-scan report') })
  await again.getByLabel('Post-scan report', { exact: false }).setInputFiles(await photo('post-scan.jpg'))
  await again.getByLabel("Photo of the tool's screen", { exact: false }).setInputFiles(await photo('screen.jpg'))
  await again.getByLabel('Photo of the target set-up', { exact: false }).setInputFiles(await photo('targets.jpg'))
  await again.getByRole('button', { name: 'Save the calibration proof' }).click()
  await expect(toast(page)).toContainText('Calibration proof recorded')
  await expect(page.getByTestId('calibration-status')).toContainText('Complete: the job can be paid')
  expect(db().select().from(calibrationProofs).where(eq(calibrationProofs.claimId, claim.id)).get()).toMatchObject({ result: 'pass' })

  // The owner: the certificate from the claim's card, then the vehicle's glass record from the policy card.
  await context.clearCookies()
  await signIn({ email: owner.email })
  await page.goto('/customer')
  await page.getByRole('article').filter({ hasText: claim.confirmationCode }).getByRole('link', { name: 'Calibration certificate' }).click()
  const certificate = page.getByTestId('calibration-certificate')
  await expect(certificate).toContainText('MA600-88231')
  await expect(certificate).toContainText('Sam Ortiz')
  await expect(certificate).toContainText(VIN)
  const evidence = await page.request.get((await certificate.getByRole('link', { name: 'Pre-scan report' }).getAttribute('href'))!)
  expect(evidence.headers()['content-type']).toBe('application/pdf')
  const readDownload = async (name: string) => {
    const download = page.waitForEvent('download')
    await page.getByRole('link', { name }).click()
    return pdfText(new Uint8Array(fs.readFileSync((await (await download).path())!)))
  }
  const certificatePdf = await readDownload('Download the certificate (PDF)')
  expect(certificatePdf).toContain('ADAS calibration certificate')
  expect(certificatePdf).toContain('MA600-88231')

  await page.goto('/customer')
  await page.getByRole('link', { name: 'Glass record' }).click()
  await expect(page.getByRole('heading', { name: 'Glass record: 2019 Toyota Camry' })).toBeVisible()
  const entry = page.getByTestId('glass-record-entry')
  await expect(entry).toContainText('FW04567GTY')
  await expect(entry).toContainText(group.name)
  await expect(entry.getByRole('img', { name: 'Damage zone: by the mirror and the camera' })).toBeVisible()
  await expect(entry.getByRole('link', { name: 'Calibration certificate' })).toBeVisible()
  const recordPdf = await readDownload('Download the glass record (PDF)')
  expect(recordPdf).toContain('FW04567GTY')
  expect(recordPdf).toContain('Damage zone: by the mirror and the camera')
  expect(recordPdf).not.toContain('Cam Owner')
})
