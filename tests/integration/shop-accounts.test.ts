import fs from 'node:fs'

import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'

import { homePath, isShopStaff } from '~/auth/session.server'
import { db } from '~/db/client.server'
import { auditLog, claimDocumentDrafts, claimDocuments, claims, shopStaff, vehicles } from '~/db/schema'
import { formatLongDate } from '~/domain/format'
import { INVOICE_FIELD_MESSAGES } from '~/domain/messages'
import { bookableDates } from '~/domain/shops'
import { approveClaim } from '~/models/claims/claim-review.server'
import { approveJobsForPayment, createPayout, markPayoutPaid } from '~/models/money/payouts.server'
import { recordCalibrationProof } from '~/models/shops/calibration.server'
import * as adminClaimRoute from '~/routes/admin.claims.$claimId'
import * as adminPartnersRoute from '~/routes/admin.partners'
import * as adminPayoutsRoute from '~/routes/admin.payouts'
import * as statementRoute from '~/routes/admin.statements.download'
import * as rescheduleRoute from '~/routes/customer.claims.$claimId.reschedule'
import { loader as fileLoader } from '~/routes/files.$'
import * as shopListRoute from '~/routes/shop'
import * as jobRoute from '~/routes/shop.jobs.$claimId'
import { signedFileUrl } from '~/services/signed-links.server'
import { uploadsPath } from '~/services/volume-store.server'
import { getToast } from '~/toast.server'

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
import { cleanPdf, pdfWithOpenActionScript, polyglotPdf } from '../support/pdfs'
import { jpegFile } from '../support/photos'
import { inOperatorArea, makeRequest, routeArgs, settle } from '../support/requests'

const partnersAction = inOperatorArea(adminPartnersRoute.action)
const errorsOf = (answer: { data: unknown }) => (answer.data as { result: { error: Record<string, string[]> } }).result.error
const claimRow = (id: string) => db().select().from(claims).where(eq(claims.id, id)).get()!
const pdfFile = async (name = 'calibration.pdf', body?: string | Buffer) =>
  new File([typeof body === 'string' ? body : new Uint8Array(body ?? (await cleanPdf()))], name, { type: 'application/pdf' })

async function operatorCookie() {
  return sessionCookieFor(findOrCreateProfile('operator@example.com').id)
}

async function addStaff(groupId: string, email: string) {
  return settle(async () =>
    partnersAction(
      routeArgs(makeRequest('/admin/partners', { cookie: await operatorCookie(), form: { intent: 'add-staff', id: groupId, email } })),
    ),
  )
}

/** A group with one staff member signed in. */
async function shopWithStaff(name: string) {
  const group = createPartnerGroup(name, { email: `${name.toLowerCase().replace(/\W+/g, '-')}@shops.example` })
  const staff = findOrCreateProfile(uniqueEmail('staff'))
  expect((await addStaff(group.id, staff.email)).status).toBe(302)
  return { group, staff, cookie: await sessionCookieFor(staff.id) }
}

/** An approved claim assigned to the group, with the day and half day the customer asked for. */
async function approvedJob(groupId: string, options: { slot?: 'morning' | 'afternoon'; damageType?: 'chip' | 'crack' } = {}) {
  const operator = findOrCreateProfile('operator@example.com')
  const customer = createProfile({ fullName: 'Gina Gee', phone: '+18015550123' })
  const { policy, vehicle } = createActivePolicy(customer.id, { planType: 'comprehensive', hasAdas: true })
  db().update(vehicles).set({ vin: '1HGCM82633A004352' }).where(eq(vehicles.id, vehicle.id)).run()
  const claim = createClaim(policy.id, { damageType: options.damageType ?? 'chip' })
  await approveClaim({ claimId: claim.id, partnerGroupId: groupId, actorId: operator.id })
  const day = bookableDates(new Date())[1]!
  db()
    .update(claims)
    .set({ preferredDate: day, preferredSlot: options.slot ?? 'morning', serviceAt: 'mobile', serviceAddress: '12 Elm St, Ogden' })
    .where(eq(claims.id, claim.id))
    .run()
  return { claim, customer, day, customerCookie: await sessionCookieFor(customer.id) }
}

const jobPath = (claimId: string) => `/shop/jobs/${claimId}`
const postJob = (claimId: string, cookie: string, form: Record<string, string | string[] | Blob> | FormData) =>
  settle(() => jobRoute.action(routeArgs(makeRequest(jobPath(claimId), { cookie, form }), { claimId })))
const getJob = (claimId: string, cookie?: string) =>
  settle(() => jobRoute.loader(routeArgs(makeRequest(jobPath(claimId), { cookie }), { claimId })))
const getList = (cookie?: string) => settle(() => shopListRoute.loader(routeArgs(makeRequest('/shop', { cookie }))))

describe('shop accounts', () => {
  ensureSeeded()

  it('the operator adds and removes a group’s staff, each audited; an address works for one group only', async () => {
    const group = createPartnerGroup('Staffed Glass')
    const other = createPartnerGroup('Other Glass')
    const email = uniqueEmail('desk')
    expect((await addStaff(group.id, email.toUpperCase())).status).toBe(302)
    const row = db().select().from(shopStaff).where(eq(shopStaff.email, email)).get()!
    expect(row).toMatchObject({ partnerGroupId: group.id, addedBy: findOrCreateProfile('operator@example.com').id })
    const listed = await settle(async () =>
      inOperatorArea(adminPartnersRoute.loader)(routeArgs(makeRequest('/admin/partners', { cookie: await operatorCookie() }))),
    )
    const groups = (listed.data as { groups: { id: string; staff: { email: string }[] }[] }).groups
    expect(groups.find((candidate) => candidate.id === group.id)!.staff.map((member) => member.email)).toEqual([email])

    // The same address for another group is refused next to the field; a bad address too.
    const again = await addStaff(other.id, email)
    expect(again.status).toBe(400)
    expect(errorsOf(again).email).toEqual(['That address is already staff of Staffed Glass.'])
    expect(errorsOf(await addStaff(other.id, 'not-an-address')).email).toEqual(['Enter a valid email address.'])
    expect(db().select().from(shopStaff).where(eq(shopStaff.partnerGroupId, other.id)).all()).toHaveLength(0)

    const removed = await settle(async () =>
      partnersAction(
        routeArgs(makeRequest('/admin/partners', { cookie: await operatorCookie(), form: { intent: 'remove-staff', id: row.id } })),
      ),
    )
    expect(removed.status).toBe(302)
    expect(db().select().from(shopStaff).where(eq(shopStaff.email, email)).all()).toHaveLength(0)
    const audit = db()
      .select({ action: auditLog.action, detail: auditLog.detail })
      .from(auditLog)
      .where(eq(auditLog.entityId, group.id))
      .all()
    expect(audit).toEqual([
      { action: 'partner_group.staff_added', detail: { email } },
      { action: 'partner_group.staff_removed', detail: { email } },
    ])
    // A customer cannot add staff.
    const customer = await sessionCookieFor(createProfile().id)
    const sneaky = await settle(() =>
      partnersAction(
        routeArgs(makeRequest('/admin/partners', { cookie: customer, form: { intent: 'add-staff', id: group.id, email: 'x@y.example' } })),
      ),
    )
    expect(sneaky.status).toBe(404)
  })

  it('a staff member lands on /shop and sees only their group’s jobs, by state; everyone else gets a 404', async () => {
    const mine = await shopWithStaff('Mine Glass')
    const theirs = await shopWithStaff('Theirs Glass')
    expect(homePath(mine.staff)).toBe('/shop')
    expect(isShopStaff(mine.staff)).toBe(true)
    const job = await approvedJob(mine.group.id)
    const foreign = await approvedJob(theirs.group.id)

    const list = await getList(mine.cookie)
    expect(list.status).toBe(200)
    const data = list.data as {
      fresh: { id: string; code: string; vehicle: { vin: string | null }; customer: { name: string; phone: string } }[]
      scheduled: unknown[]
      done: unknown[]
    }
    expect(data.fresh.map((entry) => entry.id)).toEqual([job.claim.id])
    expect(data.fresh[0]).toMatchObject({
      code: job.claim.confirmationCode,
      vehicle: { year: 2019, make: 'Toyota', model: 'Camry', vin: '1HGCM82633A004352' },
      customer: { name: 'Gina Gee', phone: '+18015550123' },
      asked: { date: job.day, slot: 'morning' },
      place: { mobile: true, address: '12 Elm St, Ogden' },
    })
    expect(JSON.stringify(list.data)).not.toContain(foreign.claim.id)

    // A customer who is nobody's staff, and a signed-out visitor.
    const customer = await sessionCookieFor(createProfile().id)
    expect((await getList(customer)).status).toBe(404)
    expect((await getJob(job.claim.id, customer)).status).toBe(404)
    expect((await getList()).status).toBe(302)

    // Removed from the group: the shop is gone at once.
    const row = db().select().from(shopStaff).where(eq(shopStaff.email, mine.staff.email)).get()!
    db().delete(shopStaff).where(eq(shopStaff.id, row.id)).run()
    expect((await getList(mine.cookie)).status).toBe(404)
    expect(homePath(mine.staff)).toBe('/customer')
  })

  it('the job page gives the shop what it needs to reach the customer: name, phone, e-mail, place and the damage photos', async () => {
    const mine = await shopWithStaff('Contact Glass')
    const job = await approvedJob(mine.group.id)
    db()
      .insert(claimDocuments)
      .values(
        [1, 2].map((n) => ({
          claimId: job.claim.id,
          documentType: 'damage_photo' as const,
          filePath: `claim-documents/${job.claim.id}/damage_${n}.jpg`,
          fileName: `damage_${n}.jpg`,
        })),
      )
      .run()
    const page = await getJob(job.claim.id, mine.cookie)
    expect(page.status).toBe(200)
    const data = page.data as { job: { customer: unknown; place: unknown }; damagePhotos: { thumb: string; full: string }[] }
    expect(data.job.customer).toEqual({ name: 'Gina Gee', phone: job.customer.phone, email: job.customer.email })
    expect(data.job.place).toEqual({ mobile: true, address: '12 Elm St, Ogden' })
    // Small copies linking to the full photos, both through the private file route's short-lived signed links.
    expect(data.damagePhotos.map((photo) => [photo.thumb.split('?')[0], photo.full.split('?')[0]])).toEqual(
      [1, 2].map((n) => [
        `/files/claim-documents/${job.claim.id}/damage_${n}.shop.jpg`,
        `/files/claim-documents/${job.claim.id}/damage_${n}.jpg`,
      ]),
    )
    for (const photo of data.damagePhotos) expect(photo.full).toMatch(/\?exp=\d+&sig=[\w-]+$/)
  })

  it('another group’s job is a 404 on the page and every post, and nothing changes', async () => {
    const mine = await shopWithStaff('Guarded Glass')
    const theirs = await shopWithStaff('Guarded Other')
    const foreign = await approvedJob(theirs.group.id)
    expect((await getJob(foreign.claim.id, mine.cookie)).status).toBe(404)
    expect((await postJob(foreign.claim.id, mine.cookie, { intent: 'confirm', time: '09:00' })).status).toBe(404)
    expect((await postJob(foreign.claim.id, mine.cookie, { intent: 'propose', date: foreign.day, time: '10:00' })).status).toBe(404)
    const complete = new FormData()
    complete.append('intent', 'complete')
    complete.append('repairType', 'repair')
    complete.append('invoice', await jpegFile('invoice.jpg'))
    complete.append('repairPhotos', await jpegFile('after.jpg'))
    expect((await postJob(foreign.claim.id, mine.cookie, complete)).status).toBe(404)
    expect(claimRow(foreign.claim.id)).toMatchObject({ approvalStatus: 'approved', appointmentAt: null })
    expect(db().select().from(claimDocumentDrafts).where(eq(claimDocumentDrafts.claimId, foreign.claim.id)).all()).toHaveLength(0)
    // An unknown job is the same 404.
    expect((await getJob('no-such-claim', mine.cookie)).status).toBe(404)
  })

  it('confirms a time inside the window asked for, refuses one outside next to the field, proposes another; each e-mails the customer', async () => {
    const { group, staff, cookie } = await shopWithStaff('Clock Glass')
    const job = await approvedJob(group.id, { slot: 'afternoon' })

    const early = await postJob(job.claim.id, cookie, { intent: 'confirm', time: '11:30' })
    expect(early.status).toBe(400)
    expect(errorsOf(early).time).toEqual([`Choose a time inside the window asked for: 12:00 PM to 5:00 PM on ${formatLongDate(job.day)}.`])
    expect(errorsOf(await postJob(job.claim.id, cookie, { intent: 'confirm', time: '17:00' })).time).toHaveLength(1)
    expect(errorsOf(await postJob(job.claim.id, cookie, { intent: 'confirm', time: '9am' })).time).toEqual(['Enter a time like 09:30.'])
    expect(claimRow(job.claim.id).appointmentAt).toBeNull()

    const confirmed = await postJob(job.claim.id, cookie, { intent: 'confirm', time: '13:30' })
    expect(confirmed.status).toBe(302)
    expect(confirmed.headers.get('Location')).toBe(jobPath(job.claim.id))
    expect(claimRow(job.claim.id)).toMatchObject({ appointmentAt: `${job.day}T13:30`, appointmentProposed: false })
    expect(claimRow(job.claim.id).appointmentConfirmedAt).not.toBeNull()
    const [confirmation] = outboxFor(job.customer.email).filter((email) => email.subject.startsWith('Your appointment is confirmed'))
    expect(confirmation!.text).toContain('1:30 PM')
    expect(confirmation!.text).toContain(`/customer/claims/${job.claim.id}/reschedule`)

    // Now on the scheduled list.
    const list = (await getList(cookie)).data as { fresh: unknown[]; scheduled: { id: string }[] }
    expect(list.scheduled.map((entry) => entry.id)).toEqual([job.claim.id])

    // Another day: a day in the past or too far ahead, or a time at night, is refused next to its field.
    expect(errorsOf(await postJob(job.claim.id, cookie, { intent: 'propose', date: '2001-01-01', time: '10:00' })).date).toEqual([
      'Propose a day from today to 30 days ahead.',
    ])
    expect(errorsOf(await postJob(job.claim.id, cookie, { intent: 'propose', date: job.day, time: '22:00' })).time).toEqual([
      'Propose a time between 7:00 AM and 8:00 PM.',
    ])
    const nextDay = bookableDates(new Date())[3]!
    const proposed = await postJob(job.claim.id, cookie, { intent: 'propose', date: nextDay, time: '08:15' })
    expect(proposed.status).toBe(302)
    expect(claimRow(job.claim.id)).toMatchObject({ appointmentAt: `${nextDay}T08:15`, appointmentProposed: true })
    expect(outboxFor(job.customer.email).some((email) => email.subject.startsWith('Your shop proposes another time'))).toBe(true)
    const actions = db()
      .select({ action: auditLog.action, actor: auditLog.actor })
      .from(auditLog)
      .where(and(eq(auditLog.entityId, job.claim.id)))
      .all()
      .filter((entry) => entry.action.startsWith('claim.appointment'))
    expect(actions).toEqual([
      { action: 'claim.appointment_confirmed', actor: staff.id },
      { action: 'claim.appointment_proposed', actor: staff.id },
    ])
  })

  it('the customer may ask for another time once; the shop is e-mailed and the job is new again', async () => {
    const { group, cookie } = await shopWithStaff('Again Glass')
    const job = await approvedJob(group.id)
    const ask = (form: Record<string, string>, customerCookie = job.customerCookie) =>
      settle(() =>
        rescheduleRoute.action(
          routeArgs(makeRequest(`/customer/claims/${job.claim.id}/reschedule`, { cookie: customerCookie, form }), {
            claimId: job.claim.id,
          }),
        ),
      )
    const newDay = bookableDates(new Date())[4]!
    // Nothing to change before the shop gave a time.
    expect((await ask({ preferredDate: newDay, preferredSlot: 'afternoon' })).status).toBe(409)

    await postJob(job.claim.id, cookie, { intent: 'confirm', time: '09:00' })
    // Another customer's claim is a 404.
    expect((await ask({ preferredDate: newDay, preferredSlot: 'afternoon' }, await sessionCookieFor(createProfile().id))).status).toBe(404)
    expect(errorsOf(await ask({ preferredDate: '2001-01-01', preferredSlot: 'afternoon' })).preferredDate).toEqual([
      'Choose a day from the list.',
    ])

    const asked = await ask({ preferredDate: newDay, preferredSlot: 'afternoon' })
    expect(asked.status).toBe(302)
    expect(claimRow(job.claim.id)).toMatchObject({ appointmentAt: null, preferredDate: newDay, preferredSlot: 'afternoon' })
    const [toShop] = outboxFor(group.email!).filter((email) => email.subject.includes('asks for another time'))
    expect(toShop!.text).toContain(`/shop/jobs/${job.claim.id}`)
    const list = (await getList(cookie)).data as { fresh: { id: string; rescheduleRequestedAt: string | null }[] }
    expect(list.fresh.find((entry) => entry.id === job.claim.id)!.rescheduleRequestedAt).not.toBeNull()

    // The shop confirms a new time; a second request is refused.
    await postJob(job.claim.id, cookie, { intent: 'confirm', time: '14:00' })
    const second = await ask({ preferredDate: bookableDates(new Date())[5]!, preferredSlot: 'morning' })
    expect(second.status).toBe(409)
    expect(errorsOf(second).preferredDate).toEqual([
      'You have already asked for another time once. Please call the shop to change it again.',
    ])
    expect(claimRow(job.claim.id).appointmentAt).toBe(`${newDay}T14:00`)
    // Its e-mail offers no second request.
    const last = outboxFor(job.customer.email).find((email) => email.subject.includes('2:00 PM'))!
    expect(last.text).not.toContain('/reschedule')
  })
})

describe("the claim's thread on the shop's job page", () => {
  ensureSeeded()

  it("takes the shop's message, refuses an empty one, and e-mails the customer a link to their claim page; another group gets a 404", async () => {
    const { group, cookie } = await shopWithStaff('Thread Glass')
    const other = await shopWithStaff('Other Thread Glass')
    const { claim, customer } = await approvedJob(group.id)
    const empty = await postJob(claim.id, cookie, { intent: 'message', body: '  ' })
    expect(empty.status).toBe(400)
    expect(errorsOf(empty).body).toEqual(['Write your message.'])
    expect((await postJob(claim.id, other.cookie, { intent: 'message', body: 'Not ours' })).status).toBe(404)
    const sent = await postJob(claim.id, cookie, { intent: 'message', body: 'We will be there at 9.' })
    expect(sent.status).toBe(302)
    const email = outboxFor(customer.email).find((message) => message.subject === `New message on claim ${claim.confirmationCode}`)!
    expect(email.text).toContain('Thread Glass wrote about claim')
    expect(email.text).toContain(`/customer/claims/${claim.confirmationCode}`)
    const page = await getJob(claim.id, cookie)
    expect((page.data as { thread: { author: string; body: string }[] }).thread).toMatchObject([
      { author: 'shop', body: 'We will be there at 9.' },
    ])
  })
})

describe('completing a job the way shops invoice', () => {
  ensureSeeded()

  async function form(
    fields: Record<string, string>,
    files: { invoice?: boolean; repair?: boolean; report?: File } = { invoice: true, repair: true },
  ) {
    const body = new FormData()
    body.append('intent', 'complete')
    for (const [key, value] of Object.entries(fields)) body.append(key, value)
    if (files.invoice) body.append('invoice', await jpegFile('invoice.jpg'))
    if (files.repair) body.append('repairPhotos', await jpegFile('after.jpg'))
    if (files.report) body.append('calibrationReport', files.report)
    return body
  }

  it('refuses each bad field next to it, keeping nothing half-saved', async () => {
    const { group, cookie } = await shopWithStaff('Invoice Glass')
    const job = await approvedJob(group.id, { damageType: 'crack' })
    const base = {
      repairType: 'replacement',
      partNumber: 'FW04567 GTY',
      laborHours: '1.5',
      kitMoulding: 'yes',
      adasCalibration: 'none',
      actualCost: '389.00',
    }
    const cases: [Record<string, string>, string, string][] = [
      [{ partNumber: 'X'.repeat(41) }, 'partNumber', INVOICE_FIELD_MESSAGES.partNumber],
      // Not the NAGS shape: a VIN's digits typed in the part's place.
      [{ partNumber: '1HGCM82633' }, 'partNumber', INVOICE_FIELD_MESSAGES.partNumber],
      // A replacement on a plan with ADAS names its calibration.
      [{}, 'adasCalibration', INVOICE_FIELD_MESSAGES.calibrationRequired],
      [{ laborHours: '25' }, 'laborHours', 'Enter the labor hours as a number from 0 to 24, like 1.5.'],
      [{ laborHours: '-1' }, 'laborHours', 'Enter the labor hours as a number from 0 to 24, like 1.5.'],
      [{ laborHours: 'two' }, 'laborHours', 'Enter the labor hours as a number from 0 to 24, like 1.5.'],
      [{ kitMoulding: 'k'.repeat(121) }, 'kitMoulding', 'Keep the kit or moulding under 120 characters.'],
      [{ adasCalibration: 'laser' }, 'adasCalibration', 'Choose none, static, dynamic, or both.'],
      [{ adasCalibration: 'static' }, 'calibrationReport', 'Upload the calibration report (a PDF or a photo): a calibration was done.'],
    ]
    for (const [change, field, message] of cases) {
      const answer = await postJob(job.claim.id, cookie, await form({ ...base, ...change }))
      expect(answer.status, field).toBe(400)
      expect(errorsOf(answer)[field], field).toEqual([message])
      expect(claimRow(job.claim.id)).toMatchObject({ approvalStatus: 'approved', partNumber: null, laborHours: null })
    }
    // A report that is neither a PDF nor a photo (a text file named .pdf) is refused, and so is an empty "PDF".
    const fake = await postJob(
      job.claim.id,
      cookie,
      await form(
        { ...base, adasCalibration: 'dynamic' },
        { invoice: true, repair: true, report: await pdfFile('report.pdf', 'hello, not a pdf') },
      ),
    )
    expect(fake.status).toBe(400)
    expect(errorsOf(fake).calibrationReport).toEqual(['report.pdf: The calibration report is not a PDF or a photo we can read.'])
    expect(
      db()
        .select()
        .from(claimDocuments)
        .where(eq(claimDocuments.claimId, job.claim.id))
        .all()
        .filter((doc) => doc.documentType !== 'damage_photo'),
    ).toHaveLength(0)
  })

  it('refuses a PDF report that is also a web page or runs JavaScript, next to its field, keeping no file of it', async () => {
    const { group, cookie } = await shopWithStaff('Hostile PDF Glass')
    const job = await approvedJob(group.id, { damageType: 'crack' })
    const fields = { repairType: 'replacement', adasCalibration: 'static', actualCost: '389.00' }
    const refusals: [Buffer, string][] = [
      [await polyglotPdf(), 'The calibration report contains web page code. Print it to a new PDF, or send a photo of it.'],
      [
        await pdfWithOpenActionScript(),
        'The calibration report contains JavaScript or actions that run when it opens. Print it to a new PDF, or send a photo of it.',
      ],
      // Only the first bytes of a PDF, the check that let the two above in.
      [
        Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'),
        'The calibration report is not a PDF we can read. Save it again as a PDF, or send a photo of it.',
      ],
    ]
    for (const [bytes, message] of refusals) {
      const answer = await postJob(
        job.claim.id,
        cookie,
        await form(fields, { invoice: true, repair: true, report: await pdfFile('report.pdf', bytes) }),
      )
      expect(answer.status, message).toBe(400)
      expect(errorsOf(answer).calibrationReport).toEqual([`report.pdf: ${message}`])
      expect(claimRow(job.claim.id).approvalStatus).toBe('approved')
      const kept = [
        ...db().select().from(claimDocuments).where(eq(claimDocuments.claimId, job.claim.id)).all(),
        ...db().select().from(claimDocumentDrafts).where(eq(claimDocumentDrafts.claimId, job.claim.id)).all(),
      ]
      expect(kept.filter((file) => file.documentType === 'calibration_report')).toEqual([])
      const folder = uploadsPath(`claim-documents/${job.claim.id}`)
      expect(fs.existsSync(folder) ? fs.readdirSync(folder).filter((name) => name.includes('.pdf')) : []).toEqual([])
    }
  })

  it('completes with a PDF calibration report: the columns, the documents, the operator’s CSV', async () => {
    const { group, staff, cookie } = await shopWithStaff('Calibrated Glass')
    const job = await approvedJob(group.id, { damageType: 'crack' })
    const done = await postJob(
      job.claim.id,
      cookie,
      await form(
        {
          repairType: 'replacement',
          partNumber: 'fw04567 gty',
          laborHours: '2.25',
          kitMoulding: 'Moulding kit',
          adasCalibration: 'both',
          actualCost: '412.50',
          partnerNotes: 'Camera aligned.',
        },
        { invoice: true, repair: true, report: await pdfFile() },
      ),
    )
    expect(done.status).toBe(302)
    expect(claimRow(job.claim.id)).toMatchObject({
      approvalStatus: 'completed',
      repairType: 'replacement',
      partNumber: 'FW04567GTY',
      laborHours: 2.25,
      kitMoulding: 'Moulding kit',
      adasCalibration: 'both',
      actualCostCents: 41250,
    })
    const report = db()
      .select()
      .from(claimDocuments)
      .where(and(eq(claimDocuments.claimId, job.claim.id), eq(claimDocuments.documentType, 'calibration_report')))
      .get()!
    expect(report.filePath).toMatch(/\.pdf$/)
    expect(report.fileName).toBe('calibration.pdf')
    // Served as a download with its type fixed, whoever opens it (the shop's signed link, the operator): the invoice
    // too; a repair photo is shown in the page.
    const served = async (relPath: string) =>
      (await fileLoader(routeArgs(makeRequest(signedFileUrl(relPath), { cookie: await operatorCookie() }), { '*': relPath }))) as Response
    const documents = db().select().from(claimDocuments).where(eq(claimDocuments.claimId, job.claim.id)).all()
    const pathOf = (type: string) => documents.find((document) => document.documentType === type)!.filePath
    for (const [relPath, type, disposition] of [
      [report.filePath, 'application/pdf', 'attachment'],
      [pathOf('invoice'), 'image/jpeg', 'attachment'],
      [pathOf('repair_photo'), 'image/jpeg', 'inline'],
    ] as const) {
      const response = await served(relPath)
      expect(response.status).toBe(200)
      expect(response.headers.get('Content-Type')).toBe(type)
      expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff')
      expect(response.headers.get('Content-Disposition')).toBe(`${disposition}; filename="${relPath.split('/').pop()}"`)
    }
    expect(
      Buffer.from(await (await served(report.filePath)).arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-')
    const audit = db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, job.claim.id), eq(auditLog.action, 'claim.completed')))
      .get()!
    expect(audit.actor).toBe(staff.id)
    expect(audit.detail).toMatchObject({ partNumber: 'FW04567GTY', adasCalibration: 'both' })

    // The job page shows it done; the list has it under Done.
    const page = await getJob(job.claim.id, cookie)
    expect((page.data as { job: { completed: boolean } }).job.completed).toBe(true)
    expect(((await getList(cookie)).data as { done: { id: string }[] }).done.map((entry) => entry.id)).toEqual([job.claim.id])

    // The partner statement's CSV carries the new columns.
    const month = new Date().toISOString().slice(0, 7)
    const csv = await inOperatorArea(statementRoute.loader)(
      routeArgs(makeRequest(`/admin/statements/download?group=${group.id}&month=${month}`, { cookie: await operatorCookie() })),
    )
    const text = await (csv as Response).text()
    const [header, line] = text.split(/\r?\n/)
    expect(header).toContain('Part number,Labor hours,Kit/moulding,ADAS calibration,Cost (USD)')
    expect(line).toContain('FW04567GTY,2.25,Moulding kit,both,412.50,')
    expect(line).toContain(report.filePath.split('/').pop()!)

    // Once the operator pays it, the shop sees it under Paid with the bank reference.
    type Finished = { id: string; payment: { state: string; reference: string | null } | null }
    const lists = async () => (await getList(cookie)).data as { done: Finished[]; paid: Finished[] }
    expect((await lists()).done[0]!.payment?.state).toBe('not_approved')
    const operator = findOrCreateProfile(uniqueEmail('payer'))
    // A calibrated job is paid only with its calibration proof (tests/integration/calibration-proof.test.ts).
    expect(() => approveJobsForPayment({ claimIds: [job.claim.id], actorId: operator.id })).toThrow(/calibration proof/)
    await recordCalibrationProof({
      groupId: group.id,
      actorId: staff.id,
      claimId: job.claim.id,
      facts: { method: 'both', toolMake: 'Autel', toolSerial: 'MA600-1', technicianName: 'Sam Ortiz', result: 'pass' },
      files: await Promise.all(
        ['preScan', 'postScan', 'toolScreen', 'targetSetup'].map(async (fieldName) => ({
          fieldName,
          fileName: `${fieldName}.jpg`,
          contentType: 'image/jpeg',
          bytes: Buffer.from(await (await jpegFile()).arrayBuffer()),
        })),
      ),
    })
    approveJobsForPayment({ claimIds: [job.claim.id], actorId: operator.id })
    expect((await lists()).done[0]!.payment?.state).toBe('approved')
    const payout = createPayout({ groupId: group.id, claimIds: [job.claim.id], actorId: operator.id })
    await markPayoutPaid({ payoutId: payout.payout.id, reference: 'ACH-20261123-7', actorId: operator.id })
    const after = await lists()
    expect(after.done).toEqual([])
    expect(after.paid.map((entry) => [entry.id, entry.payment?.state, entry.payment?.reference])).toEqual([
      [job.claim.id, 'paid', 'ACH-20261123-7'],
    ])
  })

  it('a chip repair invoiced at $99,999.99 completes held: the shop is told, and it is not paid until the operator releases it', async () => {
    const { group, cookie } = await shopWithStaff('Ceiling Glass')
    const job = await approvedJob(group.id)
    const operatorCookieNow = await operatorCookie()
    const operator = findOrCreateProfile('operator@example.com')
    const done = await postJob(job.claim.id, cookie, await form({ repairType: 'repair', actualCost: '99999.99' }))
    expect(done.status).toBe(302)
    const flash = await getToast(
      new Request('http://localhost:3999/shop', { headers: { Cookie: done.headers.get('Set-Cookie')!.split(';')[0]! } }),
    )
    expect(flash.toast).toMatchObject({
      title: 'Claim Completed!',
      description: `Claim ${job.claim.confirmationCode} has been marked as complete. Its invoice is above what we expect for chip repair, so it is held for review before it is paid.`,
    })
    expect(claimRow(job.claim.id)).toMatchObject({ approvalStatus: 'completed', actualCostCents: 9_999_999, invoiceHeldFor: 'chip_repair' })
    const audit = () =>
      db()
        .select()
        .from(auditLog)
        .where(eq(auditLog.entityId, job.claim.id))
        .all()
        .map((entry) => entry.action)
    expect(audit()).toContain('claim.invoice_held')

    // The operator sees the flag on the claim page and the payouts page; approving it is not offered, and refused.
    const claimPage = () =>
      inOperatorArea(adminClaimRoute.loader)(
        routeArgs(makeRequest(`/admin/claims/${job.claim.id}`, { cookie: operatorCookieNow }), { claimId: job.claim.id }),
      )
    expect((await claimPage()).invoiceHold).toMatchObject({
      flag: 'Held: above the ceiling for chip repair',
      // The seeded schedule's chip repair ($125.00) and mobile surcharge ($25.00): the job is a mobile visit.
      detail:
        'The invoice is $99,999.99; the price schedule pays $150.00 for this job. Check it with the shop, then release it to approve it for payment.',
      releasedAt: null,
    })
    expect((await claimPage()).payout).toMatchObject({ state: 'not_approved', approvable: false })
    const payoutsPage = (await inOperatorArea(adminPayoutsRoute.loader)(
      routeArgs(makeRequest(`/admin/payouts?group=${group.id}`, { cookie: operatorCookieNow })),
    )) as { data: { group: { waiting: { code: string; held: string | null }[] } } }
    expect(payoutsPage.data.group.waiting).toEqual([
      expect.objectContaining({ code: job.claim.confirmationCode, held: 'Held: above the ceiling for chip repair' }),
    ])
    const other = await approvedJob(group.id)
    expect((await postJob(other.claim.id, cookie, await form({ repairType: 'repair', actualCost: '89.00' }))).status).toBe(302)
    const claimPost = (intent: string) =>
      settle(() =>
        inOperatorArea(adminClaimRoute.action)(
          routeArgs(makeRequest(`/admin/claims/${job.claim.id}`, { cookie: operatorCookieNow, form: { intent } }), {
            claimId: job.claim.id,
          }),
        ),
      )
    const payoutsPost = (form: Record<string, string | string[]>) =>
      settle(() => inOperatorArea(adminPayoutsRoute.action)(routeArgs(makeRequest('/admin/payouts', { cookie: operatorCookieNow, form }))))
    const refusedHere = await claimPost('approve-payment')
    expect(refusedHere.status).toBe(409)
    // In bulk with a job that is not held: the whole request is refused, naming the held one.
    const refusedInBulk = await payoutsPost({ intent: 'approve-payment', claimId: [other.claim.id, job.claim.id] })
    expect(refusedInBulk.status).toBe(409)
    expect(errorsOf(refusedInBulk).claimId).toEqual([
      `Job ${job.claim.confirmationCode} is held: the invoice is above the ceiling for its service. Release it on its claim page first. Nothing was approved.`,
    ])
    expect([claimRow(job.claim.id).paymentApprovedAt, claimRow(other.claim.id).paymentApprovedAt]).toEqual([null, null])
    expect(() => approveJobsForPayment({ claimIds: [job.claim.id], actorId: operator.id })).toThrow(/held/)
    expect(() => createPayout({ groupId: group.id, claimIds: [job.claim.id], actorId: operator.id })).toThrow(/held/)
    expect(claimRow(job.claim.id).payoutId).toBeNull()

    // Released (audited, once), it is approved, put in a payout and paid like any other job.
    expect((await claimPost('release-invoice')).status).toBe(302)
    expect(claimRow(job.claim.id)).toMatchObject({ invoiceHeldFor: 'chip_repair', invoiceReleasedBy: operator.id })
    expect(audit()).toContain('claim.invoice_released')
    expect((await claimPost('release-invoice')).status).toBe(409)
    expect((await claimPage()).payout).toMatchObject({ approvable: true })
    expect((await claimPage()).invoiceHold).toMatchObject({
      flag: 'Held: above the ceiling for chip repair',
      releasedAt: expect.any(String),
    })
    expect((await claimPost('approve-payment')).status).toBe(302)
    const payout = createPayout({ groupId: group.id, claimIds: [job.claim.id], actorId: operator.id })
    await markPayoutPaid({ payoutId: payout.payout.id, reference: 'ACH-CEILING-1', actorId: operator.id })
    expect(payout.payout).toMatchObject({ jobCount: 1, totalCents: 9_999_999 })
  })

  it('a photo is a calibration report too; with no calibration none is asked for', async () => {
    const { group, cookie } = await shopWithStaff('Photo Report Glass')
    const job = await approvedJob(group.id)
    const done = await postJob(
      job.claim.id,
      cookie,
      await form(
        { repairType: 'repair', adasCalibration: 'static' },
        { invoice: true, repair: true, report: await jpegFile('report.jpg') },
      ),
    )
    expect(done.status).toBe(302)
    const report = db()
      .select()
      .from(claimDocuments)
      .where(and(eq(claimDocuments.claimId, job.claim.id), eq(claimDocuments.documentType, 'calibration_report')))
      .get()!
    expect(report.filePath).toMatch(/\.jpg$/)

    const plain = await approvedJob(group.id)
    expect((await postJob(plain.claim.id, cookie, await form({ repairType: 'repair' }))).status).toBe(302)
    expect(claimRow(plain.claim.id)).toMatchObject({
      approvalStatus: 'completed',
      adasCalibration: 'none',
      partNumber: null,
      laborHours: null,
    })
  })
})
