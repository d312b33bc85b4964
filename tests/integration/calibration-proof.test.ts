import fs from 'node:fs'

import { and, eq, inArray } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'

import { db } from '~/db/client.server'
import { calibrationProofs, claimDocuments, claims, shopStaff, vehicles } from '~/db/schema'
import { CALIBRATION_FILE_TYPES } from '~/domain/calibration'
import { claimPage } from '~/models/claims/claim-page.server'
import { approveJobsForPayment } from '~/models/money/payouts.server'
import * as adminClaimRoute from '~/routes/admin.claims.$claimId'
import { loader as dashboardLoader } from '~/routes/customer'
import * as certificateRoute from '~/routes/customer.claims.$claimId.calibration-certificate'
import * as certificatePdfRoute from '~/routes/customer.claims.$claimId.calibration-certificate[.pdf]'
import * as recordRoute from '~/routes/customer.vehicles.$vehicleId.glass-record'
import * as recordPdfRoute from '~/routes/customer.vehicles.$vehicleId.glass-record[.pdf]'
import * as jobRoute from '~/routes/shop.jobs.$claimId'
import * as calibrationRoute from '~/routes/shop.jobs.$claimId.calibration'
import { uploadsPath } from '~/services/volume-store.server'

import {
  createActivePolicy,
  createClaim,
  createPartnerGroup,
  createProfile,
  ensureSeeded,
  findOrCreateProfile,
  sessionCookieFor,
  uniqueEmail,
} from '../support/factories'
import { transferPolicy } from '../support/ownership-transfer'
import { pdfText } from '../support/pdf-text'
import { cleanPdf, polyglotPdf } from '../support/pdfs'
import { jpegFile } from '../support/photos'
import { inOperatorArea, makeRequest, routeArgs, settle } from '../support/requests'

// The shop's calibration proof for an ADAS job, the payment it unlocks, the owner's certificate and the vehicle's glass
// record, which passes to the next owner without the previous owner's personal data.

ensureSeeded()

const SELLERS_NAME = 'Sally Calibrate-Seller'
const SELLERS_WORDS = 'Rock from a gravel truck outside my daughter’s school'
const SELLERS_STREET = '1427 Seller Lane, Provo UT 84601'
const VIN = '1HGCM82633A004352'

/** A group with a staff member, and a job of it completed with this calibration, filed by a named customer. */
async function calibratedJob(adasCalibration: 'static' | 'dynamic' | 'none' = 'static') {
  const group = createPartnerGroup(`Proof Glass ${Math.random().toString(36).slice(2, 6)}`)
  const staff = findOrCreateProfile(uniqueEmail('staff'))
  db().insert(shopStaff).values({ partnerGroupId: group.id, email: staff.email, addedBy: staff.id }).run()
  const customer = createProfile({ fullName: SELLERS_NAME, phone: '+18015550100' })
  const { policy, vehicle } = createActivePolicy(customer.id, {
    planType: 'comprehensive',
    hasAdas: true,
    initialTermEndsAt: new Date(Date.now() + 200 * 24 * 60 * 60 * 1000).toISOString(),
    governingState: 'UT',
  })
  db().update(vehicles).set({ vin: VIN }).where(eq(vehicles.id, vehicle.id)).run()
  const at = new Date(Date.now() - 60_000).toISOString()
  const claim = createClaim(policy.id, {
    vehicleId: vehicle.id,
    submittedAt: at,
    damageType: 'crack',
    damageZone: 'camera',
    description: SELLERS_WORDS,
    approvalStatus: 'completed',
    reviewedAt: at,
    completedAt: at,
    assignedPartnerGroupId: group.id,
    serviceAt: 'mobile',
    serviceAddress: SELLERS_STREET,
    repairType: 'replacement',
    partNumber: 'FW04567 GTY',
    adasCalibration,
    actualCostCents: 41250,
  })
  return { group, staff, staffCookie: await sessionCookieFor(staff.id), customer, policy, vehicle, claim }
}

const calibrationPath = (claimId: string) => `/shop/jobs/${claimId}/calibration`

async function proofForm(fields: Record<string, string> = {}, files: Record<string, File | null> = {}) {
  const body = new FormData()
  const values = { method: 'static', toolMake: 'Autel', toolSerial: 'MA600-88231', technicianName: 'Sam Ortiz', result: 'pass', ...fields }
  for (const [key, value] of Object.entries(values)) body.append(key, value)
  const chosen: Record<string, File | null> = {
    preScan: new File([new Uint8Array(await cleanPdf('Pre-scan: U0100 camera not calibrated'))], 'pre-scan.pdf', {
      type: 'application/pdf',
    }),
    postScan: await jpegFile('post-scan.jpg'),
    toolScreen: await jpegFile('tool-screen.jpg'),
    targetSetup: await jpegFile('targets.jpg'),
    ...files,
  }
  for (const [key, file] of Object.entries(chosen)) if (file) body.append(key, file)
  return body
}

const postProof = (claimId: string, cookie: string | undefined, form: FormData) =>
  settle(() => calibrationRoute.action(routeArgs(makeRequest(calibrationPath(claimId), { cookie, form }), { claimId })))
const errorsOf = (answer: { data: unknown }) => (answer.data as { result: { error: Record<string, string[]> } }).result.error
const proofFiles = (claimId: string) =>
  db()
    .select()
    .from(claimDocuments)
    .where(and(eq(claimDocuments.claimId, claimId), inArray(claimDocuments.documentType, [...CALIBRATION_FILE_TYPES])))
    .all()
const storedNames = (claimId: string) => {
  const folder = uploadsPath(`claim-documents/${claimId}`)
  return fs.existsSync(folder) ? fs.readdirSync(folder) : []
}

describe('the shop records the calibration proof', () => {
  it('keeps the facts and the files, and the job page shows the proof complete', async () => {
    const { claim, staffCookie } = await calibratedJob('static')
    const before = await settle(() =>
      jobRoute.loader(routeArgs(makeRequest(`/shop/jobs/${claim.id}`, { cookie: staffCookie }), { claimId: claim.id })),
    )
    expect((before.data as { calibration: { gaps: string[]; open: boolean } }).calibration).toEqual({ gaps: ['no_proof'], open: true })

    const saved = await postProof(claim.id, staffCookie, await proofForm())
    expect(saved.status).toBe(302)
    expect(saved.headers.get('Location')).toBe(`/shop/jobs/${claim.id}`)
    expect(db().select().from(calibrationProofs).where(eq(calibrationProofs.claimId, claim.id)).get()).toMatchObject({
      method: 'static',
      toolMake: 'Autel',
      toolSerial: 'MA600-88231',
      technicianName: 'Sam Ortiz',
      result: 'pass',
    })
    const files = proofFiles(claim.id)
    expect(files.map((file) => file.documentType).toSorted()).toEqual([...CALIBRATION_FILE_TYPES].toSorted())
    expect(files.find((file) => file.documentType === 'calibration_pre_scan')!.filePath).toMatch(/\.pdf$/)
    const after = await settle(() =>
      jobRoute.loader(routeArgs(makeRequest(`/shop/jobs/${claim.id}`, { cookie: staffCookie }), { claimId: claim.id })),
    )
    expect((after.data as { calibration: { gaps: string[] } }).calibration.gaps).toEqual([])
    // The proof's files are on its own page, not among the completion's documents.
    expect((after.data as { documents: unknown[] }).documents).toEqual([])
    // The operator's claim page links the evidence.
    const review = await settle(async () =>
      inOperatorArea(adminClaimRoute.loader)(
        routeArgs(
          makeRequest(`/admin/claims/${claim.id}`, { cookie: await sessionCookieFor(findOrCreateProfile('operator@example.com').id) }),
          {
            claimId: claim.id,
          },
        ),
      ),
    )
    expect((review.data as { documents: { type: string }[] }).documents.map((document) => document.type).toSorted()).toEqual(
      [...CALIBRATION_FILE_TYPES].toSorted(),
    )

    // A correction with a new post-scan replaces that file alone; the old one is gone from the store.
    const oldPostScan = files.find((file) => file.documentType === 'calibration_post_scan')!
    const corrected = await postProof(
      claim.id,
      staffCookie,
      await proofForm(
        { toolSerial: 'MA600-99999' },
        { preScan: null, toolScreen: null, targetSetup: null, postScan: await jpegFile('post-2.jpg') },
      ),
    )
    expect(corrected.status).toBe(302)
    const now = proofFiles(claim.id)
    expect(now).toHaveLength(4)
    expect(now.find((file) => file.documentType === 'calibration_post_scan')!.fileName).toBe('post-2.jpg')
    expect(storedNames(claim.id)).not.toContain(oldPostScan.filePath.split('/').pop())
  })

  it('refuses a file that is not what it says, by its bytes, next to its field, keeping nothing', async () => {
    const { claim, staffCookie } = await calibratedJob('static')
    const refusals: [Record<string, File>, string, RegExp][] = [
      // A "PDF" that is also a web page.
      [{ preScan: new File([new Uint8Array(await polyglotPdf())], 'pre.pdf', { type: 'application/pdf' }) }, 'preScan', /web page code/],
      // Text named as a photo.
      [{ toolScreen: new File(['<html>not a photo</html>'], 'screen.jpg', { type: 'image/jpeg' }) }, 'toolScreen', /must be a photo/],
      // A PDF where a photo must be.
      [
        { targetSetup: new File([new Uint8Array(await cleanPdf())], 'targets.jpg', { type: 'image/jpeg' }) },
        'targetSetup',
        /must be a photo/,
      ],
    ]
    for (const [files, field, message] of refusals) {
      const answer = await postProof(claim.id, staffCookie, await proofForm({}, files))
      expect(answer.status).toBe(400)
      expect(errorsOf(answer)[field]!.join(' ')).toMatch(message)
    }
    // A static calibration without its target set-up, and a bad tool serial: each told next to its field.
    const missing = await postProof(claim.id, staffCookie, await proofForm({}, { targetSetup: null }))
    expect(missing.status).toBe(400)
    expect(errorsOf(missing).targetSetup).toEqual(['Upload the photo of the target set-up.'])
    const blank = await postProof(claim.id, staffCookie, await proofForm({ toolSerial: '  ' }))
    expect(blank.status).toBe(400)
    expect(errorsOf(blank).toolSerial).toEqual(["Enter the tool's serial number, under 60 characters."])

    expect(db().select().from(calibrationProofs).where(eq(calibrationProofs.claimId, claim.id)).all()).toEqual([])
    expect(proofFiles(claim.id)).toEqual([])
    expect(storedNames(claim.id)).toEqual([])
  })

  it('answers 404 for another group’s job, a customer, and a job no group of theirs has', async () => {
    const { claim } = await calibratedJob('static')
    const other = await calibratedJob('static')
    for (const cookie of [other.staffCookie, await sessionCookieFor(createProfile().id)]) {
      const page = await settle(() =>
        calibrationRoute.loader(routeArgs(makeRequest(calibrationPath(claim.id), { cookie }), { claimId: claim.id })),
      )
      expect(page.status).toBe(404)
      expect((await postProof(claim.id, cookie, await proofForm())).status).toBe(404)
    }
    expect(db().select().from(calibrationProofs).where(eq(calibrationProofs.claimId, claim.id)).all()).toEqual([])
  })
})

describe('an ADAS job is paid only with complete proof', () => {
  it('refuses approval without proof or with a failed one, approves it with a passed one, then locks the proof', async () => {
    const { claim, staffCookie } = await calibratedJob('dynamic')
    const operator = findOrCreateProfile('operator@example.com')
    const approve = () => approveJobsForPayment({ claimIds: [claim.id], actorId: operator.id })
    expect(approve).toThrow(`Job ${claim.confirmationCode} has no complete, passed calibration proof`)

    const failed = await postProof(claim.id, staffCookie, await proofForm({ method: 'dynamic', result: 'fail' }, { targetSetup: null }))
    expect(failed.status).toBe(302)
    expect(approve).toThrow(/calibration proof/)
    expect(db().select().from(claims).where(eq(claims.id, claim.id)).get()!.paymentApprovedAt).toBeNull()

    expect((await postProof(claim.id, staffCookie, await proofForm({ method: 'dynamic' }, { targetSetup: null }))).status).toBe(302)
    expect(approve()).toEqual({ approved: 1 })
    const locked = await postProof(
      claim.id,
      staffCookie,
      await proofForm({ method: 'dynamic', toolSerial: 'changed' }, { targetSetup: null }),
    )
    expect(locked.status).toBe(409)
    expect(db().select().from(calibrationProofs).where(eq(calibrationProofs.claimId, claim.id)).get()!.toolSerial).toBe('MA600-88231')
  })

  it('approves a job without a calibration as before', async () => {
    const { claim } = await calibratedJob('none')
    expect(approveJobsForPayment({ claimIds: [claim.id], actorId: findOrCreateProfile('operator@example.com').id })).toEqual({
      approved: 1,
    })
  })
})

describe('the owner’s certificate and the vehicle’s glass record', () => {
  const getCertificate = async (claimId: string, profileId: string) =>
    settle(async () =>
      certificateRoute.loader(
        routeArgs(makeRequest(`/customer/claims/${claimId}/calibration-certificate`, { cookie: await sessionCookieFor(profileId) }), {
          claimId,
        }),
      ),
    )
  const getRecord = async (vehicleId: string, profileId: string) =>
    settle(async () =>
      recordRoute.loader(
        routeArgs(makeRequest(`/customer/vehicles/${vehicleId}/glass-record`, { cookie: await sessionCookieFor(profileId) }), {
          vehicleId,
        }),
      ),
    )
  const pdfOf = async (loader: () => unknown) => {
    const response = (await loader()) as Response
    expect(response.headers.get('Content-Type')).toBe('application/pdf')
    return pdfText(new Uint8Array(await response.arrayBuffer()))
  }

  it('shows the owner the certificate (page, PDF and dashboard link); anyone else gets a 404', async () => {
    const { claim, staffCookie, customer } = await calibratedJob('static')
    expect((await getCertificate(claim.id, customer.id)).status).toBe(404) // nothing recorded yet
    expect((await postProof(claim.id, staffCookie, await proofForm())).status).toBe(302)

    const page = await getCertificate(claim.id, customer.id)
    expect(page.status).toBe(200)
    const certificate = (page.data as { certificate: { proof: object; vehicle: { vin: string }; files: { url: string }[] } }).certificate
    expect(certificate.proof).toMatchObject({ method: 'static', toolSerial: 'MA600-88231', technicianName: 'Sam Ortiz', result: 'pass' })
    expect(certificate.vehicle.vin).toBe(VIN)
    expect(certificate.files).toHaveLength(4)
    expect(certificate.files.every((file) => /^\/files\/claim-documents\/.+\?exp=\d+&sig=/.test(file.url))).toBe(true)

    const text = await pdfOf(async () =>
      certificatePdfRoute.loader(
        routeArgs(
          makeRequest(`/customer/claims/${claim.id}/calibration-certificate.pdf`, { cookie: await sessionCookieFor(customer.id) }),
          {
            claimId: claim.id,
          },
        ),
      ),
    )
    for (const words of ['ADAS calibration certificate', VIN, 'MA600-88231', 'Sam Ortiz', 'Passed', claim.confirmationCode])
      expect(text).toContain(words)

    const dashboard = await settle(async () =>
      dashboardLoader(routeArgs(makeRequest('/customer', { cookie: await sessionCookieFor(customer.id) }))),
    )
    const cards = (dashboard.data as { claims: { id: string; certificateHref: string | null }[] }).claims
    expect(cards.find((card) => card.id === claim.id)!.certificateHref).toBe(`/customer/claims/${claim.id}/calibration-certificate`)
    // The claim's own page links it from its calibration step.
    expect(claimPage(customer.id, claim.confirmationCode).timeline.find((step) => step.key === 'calibration')!.link).toEqual({
      href: `/customer/claims/${claim.id}/calibration-certificate`,
      label: 'See the calibration certificate',
    })

    const stranger = createProfile()
    expect((await getCertificate(claim.id, stranger.id)).status).toBe(404)
    const pdfForStranger = await settle(async () =>
      certificatePdfRoute.loader(
        routeArgs(
          makeRequest(`/customer/claims/${claim.id}/calibration-certificate.pdf`, { cookie: await sessionCookieFor(stranger.id) }),
          {
            claimId: claim.id,
          },
        ),
      ),
    )
    expect(pdfForStranger.status).toBe(404)
  })

  it('passes with the vehicle: the next owner sees the work, the zone and the certificate, and none of the previous owner’s data', async () => {
    const job = await calibratedJob('static')
    expect((await postProof(job.claim.id, job.staffCookie, await proofForm())).status).toBe(302)
    const own = await getRecord(job.vehicle.id, job.customer.id)
    expect(own.status).toBe(200)

    const buyer = findOrCreateProfile(uniqueEmail('buyer'), { fullName: 'Robin Buyer' })
    await transferPolicy(job.customer.id, job.policy.id, buyer)
    // The seller no longer owns the vehicle: its record is the buyer's now.
    expect((await getRecord(job.vehicle.id, job.customer.id)).status).toBe(404)
    expect((await getRecord(job.vehicle.id, createProfile().id)).status).toBe(404)

    const record = await getRecord(job.vehicle.id, buyer.id)
    expect(record.status).toBe(200)
    const { claims: entries } = (
      record.data as { record: { claims: { code: string; damageZone: string; partNumber: string; calibration: object }[] } }
    ).record
    expect(entries).toEqual([
      expect.objectContaining({
        code: job.claim.confirmationCode,
        damageZone: 'camera',
        partNumber: 'FW04567 GTY',
        calibration: expect.objectContaining({ result: 'pass', complete: true }),
      }),
    ])
    const pdf = await pdfOf(async () =>
      recordPdfRoute.loader(
        routeArgs(makeRequest(`/customer/vehicles/${job.vehicle.id}/glass-record.pdf`, { cookie: await sessionCookieFor(buyer.id) }), {
          vehicleId: job.vehicle.id,
        }),
      ),
    )
    expect(pdf).toContain('Glass record')
    expect(pdf).toContain('FW04567 GTY')
    expect(pdf).toContain('Damage zone: by the mirror and the camera')
    // Nothing of the seller: not their name, e-mail, phone, street or words, in the page's data or the PDF.
    const certificate = await getCertificate(job.claim.id, buyer.id)
    expect(certificate.status).toBe(200)
    for (const shown of [JSON.stringify(record.data), JSON.stringify(certificate.data), pdf]) {
      for (const secret of [SELLERS_NAME, job.customer.email, '8015550100', SELLERS_STREET, SELLERS_WORDS, job.customer.id]) {
        expect(shown).not.toContain(secret)
      }
    }
  })
})
