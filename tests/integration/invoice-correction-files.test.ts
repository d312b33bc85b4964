import fs from 'node:fs'

import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'

import { db } from '~/db/client.server'
import { auditLog, claimDocuments, claims, invoiceSubmissions, shopStaff } from '~/db/schema'
import { DISPUTE_FILES_FIELD } from '~/domain/invoice'
import { INVOICE_CORRECTION_FILES, INVOICE_FIELD_MESSAGES } from '~/domain/messages'
import { MAX_UPLOAD_BYTES } from '~/domain/uploads'
import { invoiceHistory, rejectInvoice, tellShopInvoiceRejected } from '~/models/shops/invoice-review.server'
import * as adminClaimRoute from '~/routes/admin.claims.$claimId'
import { loader as fileLoader } from '~/routes/files.$'
import * as jobRoute from '~/routes/shop.jobs.$claimId'
import { RETRY_AFTER_SECONDS, setImageQueueLimitsForTests, withImageSlot } from '~/services/image-queue.server'
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
import { outboxFor } from '../support/outbox'
import { cleanPdf } from '../support/pdfs'
import { jpegFile } from '../support/photos'
import { inOperatorArea, makeRequest, routeArgs, settle, settleFileUrl } from '../support/requests'

const operator = () => findOrCreateProfile('operator@example.com')
const claimRow = (id: string) => db().select().from(claims).where(eq(claims.id, id)).get()!
const documentsOf = (claimId: string) => db().select().from(claimDocuments).where(eq(claimDocuments.claimId, claimId)).all()
const submissionsOf = (claimId: string) => db().select().from(invoiceSubmissions).where(eq(invoiceSubmissions.claimId, claimId)).all()
const storedFilesOf = (claimId: string) => {
  const folder = uploadsPath(`claim-documents/${claimId}`)
  return fs.existsSync(folder) ? fs.readdirSync(folder).sort() : []
}
const errorsOf = (answer: { data: unknown }) => (answer.data as { result: { error: Record<string, string[]> } }).result.error
const pdfFile = async () => new File([new Uint8Array(await cleanPdf())], 'calibration.pdf', { type: 'application/pdf' })

/** A group with one staff member, signed in. */
async function shopWithStaff() {
  const group = createPartnerGroup(undefined, { email: uniqueEmail('desk') })
  const staff = findOrCreateProfile(uniqueEmail('staff'))
  db().insert(shopStaff).values({ partnerGroupId: group.id, email: staff.email, addedBy: operator().id }).run()
  return { group, staff, cookie: await sessionCookieFor(staff.id) }
}

/**
 * A replacement on an ADAS plan the group completed with a static calibration and its invoice photo on file (the
 * calibration report missing), rejected by the operator for `reason`.
 */
function rejectedJob(groupId: string, reason: 'calibration' | 'documents') {
  const { policy } = createActivePolicy(createProfile().id, { planType: 'comprehensive', hasAdas: true })
  const claim = createClaim(policy.id, {
    approvalStatus: 'completed',
    reviewedAt: new Date(Date.now() - 2 * 86_400_000).toISOString(),
    assignedPartnerGroupId: groupId,
    completedAt: new Date(Date.now() - 86_400_000).toISOString(),
    repairType: 'replacement',
    damageType: 'crack',
    actualCostCents: 40000,
    partNumber: 'FW01234',
    adasCalibration: 'static',
  })
  const firstInvoice = `claim-documents/${claim.id}/1_invoice_first.jpg`
  db()
    .insert(claimDocuments)
    .values({
      claimId: claim.id,
      documentType: 'invoice',
      filePath: firstInvoice,
      fileName: 'blurry.jpg',
      createdAt: new Date(Date.now() - 86_400_000).toISOString(),
    })
    .run()
  const rejection = { claimId: claim.id, actorId: operator().id, reason, note: 'See the reason.' } as const
  rejectInvoice(rejection)
  return { claim, firstInvoice, rejection }
}

/** The correction form as the page sends it: the invoice's fields as they stand, and the files chosen. */
const correction = (files: Record<string, Blob> = {}) => ({
  intent: 'resubmit',
  partNumber: 'FW01234',
  laborHours: '1.5',
  kitMoulding: '',
  adasCalibration: 'static',
  actualCost: '400.00',
  ...files,
})

const post = (claimId: string, cookie: string, form: Record<string, string | Blob>) =>
  settle(() => jobRoute.action(routeArgs(makeRequest(`/shop/jobs/${claimId}`, { cookie, form }), { claimId })))

describe('a rejected invoice corrected with files', () => {
  ensureSeeded()

  it('a calibration rejection is corrected with the report: resubmitted, waiting for review, the report on file', async () => {
    const shop = await shopWithStaff()
    const { claim, rejection } = rejectedJob(shop.group.id, 'calibration')
    // The shop is told it can send the report with the correction, in the e-mail and on the page.
    await tellShopInvoiceRejected(rejection)
    expect(outboxFor(shop.group.email!).at(-1)!.text).toContain(INVOICE_CORRECTION_FILES.filesHint.calibration)
    const page = await settle(() =>
      jobRoute.loader(routeArgs(makeRequest(`/shop/jobs/${claim.id}`, { cookie: shop.cookie }), { claimId: claim.id })),
    )
    expect((page.data as { review: { filesHint: string } }).review.filesHint).toBe(INVOICE_CORRECTION_FILES.filesHint.calibration)

    const answer = await post(claim.id, shop.cookie, correction({ calibrationReport: await pdfFile() }))
    expect(answer.status).toBe(302)
    expect(claimRow(claim.id).invoiceRejectedAt).toBeNull()
    expect(submissionsOf(claim.id).map((row) => [row.number, row.outcome])).toEqual([
      [1, 'rejected'],
      [2, 'pending'],
    ])
    const report = documentsOf(claim.id).find((document) => document.documentType === 'calibration_report')!
    expect(report).toMatchObject({ fileName: 'calibration.pdf', uploadedByProfileId: shop.staff.id })
    expect(fs.existsSync(uploadsPath(report.filePath))).toBe(true)
    const audit = db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, claim.id), eq(auditLog.action, 'claim.invoice_resubmitted')))
      .get()!
    expect(audit.detail).toMatchObject({ submission: 2, documents: ['calibration_report'] })
  })

  it('the same correction without a report is refused next to its field and leaves nothing behind', async () => {
    const shop = await shopWithStaff()
    const { claim } = rejectedJob(shop.group.id, 'calibration')
    const filesBefore = storedFilesOf(claim.id)
    // A new invoice photo sent with it is not kept either: the correction is refused as a whole.
    const answer = await post(claim.id, shop.cookie, correction({ invoice: await jpegFile('invoice.jpg') }))
    expect(answer.status).toBe(400)
    expect(errorsOf(answer).calibrationReport).toEqual([INVOICE_FIELD_MESSAGES.calibrationReportRequired])
    expect(claimRow(claim.id).invoiceRejectedAt).not.toBeNull()
    expect(submissionsOf(claim.id)).toHaveLength(1)
    expect(documentsOf(claim.id)).toHaveLength(1)
    expect(storedFilesOf(claim.id)).toEqual(filesBefore)
  })

  it('a new invoice photo supersedes the old in the operator’s review, the earlier one kept and labelled', async () => {
    const shop = await shopWithStaff()
    const { claim, firstInvoice } = rejectedJob(shop.group.id, 'documents')
    const answer = await post(
      claim.id,
      shop.cookie,
      correction({
        invoice: await jpegFile('readable.jpg'),
        calibrationReport: await pdfFile(),
        repairPhotos: await jpegFile('after.jpg'),
      }),
    )
    expect(answer.status).toBe(302)
    expect(
      documentsOf(claim.id)
        .map((document) => document.documentType)
        .sort(),
    ).toEqual(['calibration_report', 'invoice', 'invoice', 'repair_photo'])

    const review = await inOperatorArea(adminClaimRoute.loader)(
      routeArgs(makeRequest(`/admin/claims/${claim.id}`, { cookie: await sessionCookieFor(operator().id) }), { claimId: claim.id }),
    )
    const invoices = (review as { documents: { type: string; fileName: string; full: string; earlier: boolean }[] }).documents.filter(
      (document) => document.type === 'invoice',
    )
    expect(invoices.map((document) => [document.fileName, document.earlier])).toEqual([
      ['readable.jpg', false],
      ['blurry.jpg', true],
    ])
    // The earlier one is never deleted: its row and its link stay.
    expect(invoices[1]!.full).toContain(firstInvoice)
    // The shop's own list reads them the same way.
    const page = await settle(() =>
      jobRoute.loader(routeArgs(makeRequest(`/shop/jobs/${claim.id}`, { cookie: shop.cookie }), { claimId: claim.id })),
    )
    const listed = (page.data as { documents: { type: string; fileName: string; earlier: boolean }[] }).documents
    expect(listed.filter((document) => document.type === 'invoice').map((document) => [document.fileName, document.earlier])).toEqual([
      ['readable.jpg', false],
      ['blurry.jpg', true],
    ])
  })

  it('a file that is not a photo, or one too large, is refused next to its field (4xx) and nothing is saved', async () => {
    const shop = await shopWithStaff()
    const { claim } = rejectedJob(shop.group.id, 'documents')
    const filesBefore = storedFilesOf(claim.id)
    const notAPhoto = new File(['just some text, not a picture'], 'invoice.jpg', { type: 'image/jpeg' })
    const refused = await post(
      claim.id,
      shop.cookie,
      correction({ invoice: notAPhoto, calibrationReport: await pdfFile(), repairPhotos: await jpegFile('after.jpg') }),
    )
    expect(refused.status).toBeGreaterThanOrEqual(400)
    expect(refused.status).toBeLessThan(500)
    expect(errorsOf(refused).invoice![0]).toMatch(/^invoice\.jpg: /)
    // The page shows it on the correction's form.
    expect((refused.data as { result: { initialValue: Record<string, string> } }).result.initialValue.intent).toBe('resubmit')

    const tooLarge = new File([new Uint8Array(MAX_UPLOAD_BYTES + 1)], 'huge.jpg', { type: 'image/jpeg' })
    const oversized = await post(claim.id, shop.cookie, { ...correction({ invoice: tooLarge }), laborHours: '2.5' })
    expect(oversized.status).toBe(413)
    expect(errorsOf(oversized).invoice![0]).toContain('huge.jpg')
    // The form comes back as the shop filled it in, not as it was saved.
    expect((oversized.data as { result: { initialValue: Record<string, string> } }).result.initialValue).toMatchObject({
      intent: 'resubmit',
      laborHours: '2.5',
      actualCost: '400.00',
    })

    expect(claimRow(claim.id).invoiceRejectedAt).not.toBeNull()
    expect(submissionsOf(claim.id)).toHaveLength(1)
    expect(documentsOf(claim.id)).toHaveLength(1)
    expect(storedFilesOf(claim.id)).toEqual(filesBefore)
  })

  it('a dispute with a file too large is refused next to its field, on the dispute form, with its message kept', async () => {
    const shop = await shopWithStaff()
    const { claim } = rejectedJob(shop.group.id, 'documents')
    const tooLarge = new File([new Uint8Array(MAX_UPLOAD_BYTES + 1)], 'scan.pdf', { type: 'application/pdf' })
    // The message is typed after the file in this body: the reader still reads it after refusing the file.
    const refused = await post(claim.id, shop.cookie, {
      intent: 'dispute',
      [DISPUTE_FILES_FIELD]: tooLarge,
      message: 'The invoice was clear.',
    })
    expect(refused.status).toBe(413)
    expect(errorsOf(refused)[DISPUTE_FILES_FIELD]![0]).toContain('scan.pdf')
    expect((refused.data as { result: { initialValue: Record<string, string> } }).result.initialValue).toMatchObject({
      intent: 'dispute',
      message: 'The invoice was clear.',
    })
    expect(invoiceHistory(claim.id).disputes).toEqual([])
  })

  it('a dispute with a photo while the image queue is full is answered 503 with when to try again, its message kept', async () => {
    const shop = await shopWithStaff()
    const { claim } = rejectedJob(shop.group.id, 'documents')
    setImageQueueLimitsForTests({ jobs: 1, queue: 0 })
    let release!: () => void
    const held = withImageSlot(() => new Promise<void>((resolve) => (release = resolve)))
    try {
      const busy = await post(claim.id, shop.cookie, {
        intent: 'dispute',
        message: 'The invoice photo is sharp.',
        [DISPUTE_FILES_FIELD]: await jpegFile('invoice-again.jpg'),
      })
      expect(busy.status).toBe(503)
      expect(busy.headers.get('Retry-After')).toBe(String(RETRY_AFTER_SECONDS))
      expect((busy.data as { result: { initialValue: Record<string, string> } }).result.initialValue).toMatchObject({
        intent: 'dispute',
        message: 'The invoice photo is sharp.',
      })
      expect(invoiceHistory(claim.id).disputes).toEqual([])
    } finally {
      release()
      await held
      setImageQueueLimitsForTests()
    }
  })

  it('another group’s staff can neither correct the job nor download its files; its own shop and the operator can', async () => {
    const shop = await shopWithStaff()
    const other = await shopWithStaff()
    const { claim } = rejectedJob(shop.group.id, 'calibration')

    const foreign = await post(claim.id, other.cookie, correction({ calibrationReport: await pdfFile() }))
    expect(foreign.status).toBe(404)
    expect(claimRow(claim.id).invoiceRejectedAt).not.toBeNull()
    expect(documentsOf(claim.id)).toHaveLength(1)

    expect((await post(claim.id, shop.cookie, correction({ calibrationReport: await pdfFile() }))).status).toBe(302)
    const report = documentsOf(claim.id).find((document) => document.documentType === 'calibration_report')!
    const relPath = `/files/${report.filePath}`
    // Another group's staff: no page (so no signed link), and the bare path is a 404 like a missing file.
    const theirPage = await settle(() =>
      jobRoute.loader(routeArgs(makeRequest(`/shop/jobs/${claim.id}`, { cookie: other.cookie }), { claimId: claim.id })),
    )
    expect(theirPage.status).toBe(404)
    expect((await settleFileUrl(fileLoader, relPath, other.cookie)).status).toBe(404)
    expect((await settleFileUrl(fileLoader, relPath, shop.cookie)).status).toBe(404)
    // The job's own shop reads it through its page's signed link; the operator by the path.
    const page = await settle(() =>
      jobRoute.loader(routeArgs(makeRequest(`/shop/jobs/${claim.id}`, { cookie: shop.cookie }), { claimId: claim.id })),
    )
    const link = (page.data as { documents: { type: string; url: string }[] }).documents.find(
      (document) => document.type === 'calibration_report',
    )!.url
    expect((await settleFileUrl(fileLoader, link, shop.cookie)).status).toBe(200)
    expect((await settleFileUrl(fileLoader, relPath, await sessionCookieFor(operator().id))).status).toBe(200)
  })
})
