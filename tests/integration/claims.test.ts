import fs from 'node:fs'
import path from 'node:path'

import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'

import { resetLimit } from '~/auth/rate-limit.server'
import { db } from '~/db/client.server'
import { auditLog, claimDocumentDrafts, claimDocuments, claims, profiles } from '~/db/schema'
import { CODE_ALPHABET, CODE_PATTERN, generateConfirmationCode, isFiledLate, normalizeCode, planYear } from '~/domain/claims'
import { env, resetEnvForTests } from '~/env.server'
import { appealClaim } from '~/models/claims/claim-filing.server'
import { approveClaim, denyClaim } from '~/models/claims/claim-review.server'
import { completeClaim } from '~/models/claims/claim-shop.server'
import { replacementsLeft } from '~/models/claims/claims.server'
import * as adminClaimsRoute from '~/routes/admin.claims'
import * as adminClaimsClaimidRoute from '~/routes/admin.claims.$claimId'
import { action as apiCompleteClaim } from '~/routes/api.complete-partner-claim'
import { action as apiGetClaim } from '~/routes/api.get-claim-by-code'
import { action as submitAction, loader as submitLoader } from '~/routes/customer.submit-claim'
import { action as partnerAction, loader as partnerLoader } from '~/routes/partner.complete-claim'
import { storedFileExists } from '~/services/storage.server'

import { REVIEWED_CHIP } from '../support/claim-answers'
import { expectConsoleError } from '../support/console'
import { usToday } from '../support/days'
import {
  createActivePolicy,
  createClaim,
  createPartnerGroup,
  createPolicy,
  createProfile,
  ensureSeeded,
  findOrCreateProfile,
  sessionCookieFor,
} from '../support/factories'
import { outboxFor } from '../support/outbox'
import { jpeg as makeJpeg } from '../support/photos'
import { inOperatorArea, makeRequest, routeArgs, settle } from '../support/requests'

const adminClaimsLoader = inOperatorArea(adminClaimsRoute.loader)
const adminClaimAction = inOperatorArea(adminClaimsClaimidRoute.action)
const adminClaimLoader = inOperatorArea(adminClaimsClaimidRoute.loader)

// Per-IP limits need distinct addresses per test: read the client address from a header, as in production.
process.env.CLIENT_IP_HEADER = 'X-Forwarded-For'
resetEnvForTests()

let jpeg: Buffer
beforeAll(async () => {
  ensureSeeded()
  jpeg = await makeJpeg({ width: 64, height: 48, colour: '#4a7ab0' })
})

function photo(name = 'damage.jpg', bytes: Buffer = jpeg, type = 'image/jpeg') {
  return new File([new Uint8Array(bytes)], name, { type })
}

function claimForm(policyId: string, overrides: Record<string, string> = {}, photos: File[] = [photo('one.jpg'), photo('two.jpg')]) {
  const form = new FormData()
  const fields = {
    policyId,
    damageType: 'chip',
    damageDate: usToday(),
    description: 'A rock hit the windshield on I-15.',
    ...REVIEWED_CHIP,
    ...overrides,
  }
  for (const [key, value] of Object.entries(fields)) form.append(key, value)
  for (const file of photos) form.append('photos', file)
  return form
}

async function postClaim(profileId: string, form: FormData) {
  const cookie = await sessionCookieFor(profileId)
  const path = `/customer/submit-claim?policy_id=${encodeURIComponent(String(form.get('policyId')))}`
  return settle(() => submitAction(routeArgs(makeRequest(path, { form, cookie }))))
}

function claimsOf(policyId: string) {
  return db().select().from(claims).where(eq(claims.policyId, policyId)).all()
}

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return []
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name)
}

let ipCounter = 0
function freshIp() {
  ipCounter++
  return `192.0.2.${ipCounter}`
}

function partnerGet(code: string, ip = freshIp()) {
  return settle(() =>
    partnerLoader(
      routeArgs(makeRequest(`/partner/complete-claim?code=${encodeURIComponent(code)}`, { headers: { 'X-Forwarded-For': ip } })),
    ),
  )
}

describe('filing a claim', () => {
  it('files a claim with photos: code, claim_documents, files, audit and e-mails', async () => {
    const profile = createProfile()
    const { policy, vehicle } = createActivePolicy(profile.id)
    const result = await postClaim(profile.id, claimForm(policy.id))
    expect(result.status).toBe(302)
    const [claim] = claimsOf(policy.id)
    expect(claim).toBeDefined()
    // The claim is for the vehicle covered when it was filed (a later transfer leaves it there).
    expect(claim!.vehicleId).toBe(vehicle.id)
    expect(result.headers.get('Location')).toBe(`/customer/submit-claim?policy_id=${policy.id}&claim=${claim!.id}`)
    expect(claim!.confirmationCode).toMatch(CODE_PATTERN)
    expect(claim!.approvalStatus).toBe('pending_review')
    expect(claim!.filedLate).toBe(false)
    const documents = db().select().from(claimDocuments).where(eq(claimDocuments.claimId, claim!.id)).all()
    expect(documents).toHaveLength(2)
    for (const document of documents) {
      expect(document.documentType).toBe('damage_photo')
      expect(fs.existsSync(path.join(env().DATA_DIR, 'uploads', document.filePath))).toBe(true)
      expect(fs.existsSync(path.join(env().DATA_DIR, 'uploads', document.thumbPath!))).toBe(true)
    }
    expect(
      db()
        .select()
        .from(auditLog)
        .where(eq(auditLog.entityId, claim!.id))
        .all()
        .map((row) => row.action),
      // A chip in the driver's line of sight: the decision rules leave it for the operator, and say so.
    ).toEqual(['claim.submitted', 'claim.left_for_review'])
    const outbox = fs
      .readdirSync(path.join(env().DATA_DIR, 'outbox'))
      .map((file) => JSON.parse(fs.readFileSync(path.join(env().DATA_DIR, 'outbox', file), 'utf8')))
    expect(outbox.some((email) => email.to === profile.email && email.subject.includes(claim!.confirmationCode))).toBe(true)
    expect(outbox.some((email) => email.to === 'operator@example.com' && email.subject.includes(claim!.confirmationCode))).toBe(true)

    // The success screen after the redirect shows the code, only to its owner.
    const success = await submitLoader(
      routeArgs(makeRequest(result.headers.get('Location')!, { cookie: await sessionCookieFor(profile.id) })),
    )
    expect(success).toMatchObject({ view: 'submitted', confirmationCode: claim!.confirmationCode })
  })

  it('refuses a crack on a chip_only policy posted by hand', async () => {
    const profile = createProfile()
    const { policy } = createActivePolicy(profile.id, { planType: 'chip_only', lookupKey: 'chip_only', monthlyPriceCents: 799 })
    const result = await postClaim(profile.id, claimForm(policy.id, { damageType: 'crack' }))
    expect(result.status).toBe(400)
    expect(JSON.stringify(result.data)).toContain('Your chip repair plan covers chip damage only.')
    expect(claimsOf(policy.id)).toHaveLength(0)
  })

  it('answers an unknown policy and another customer’s alike on the claim form: the 404 page', async () => {
    const me = createProfile()
    const cookie = await sessionCookieFor(me.id)
    const { policy: theirs } = createActivePolicy(createProfile().id)
    for (const policyId of ['nope', theirs.id]) {
      const answer = await settle(() => submitLoader(routeArgs(makeRequest(`/customer/submit-claim?policy_id=${policyId}`, { cookie }))))
      expect(answer).toMatchObject({ status: 404, data: { error: 'Not found' } })
    }
  })

  it("refuses a claim on another customer's policy, and on incomplete or past_due policies", async () => {
    const owner = createProfile()
    const stranger = createProfile()
    const { policy } = createActivePolicy(owner.id)
    const foreign = await postClaim(stranger.id, claimForm(policy.id))
    expect(foreign).toMatchObject({ status: 404, data: { error: 'Not found' } })
    expect(claimsOf(policy.id)).toHaveLength(0)

    const incomplete = createPolicy(owner.id, { status: 'incomplete' })
    const refusedIncomplete = await postClaim(owner.id, claimForm(incomplete.id))
    expect(refusedIncomplete.status).toBe(400)
    expect(JSON.stringify(refusedIncomplete.data)).toContain('Policy Not Active')
    expect(claimsOf(incomplete.id)).toHaveLength(0)

    const { policy: pastDue } = createActivePolicy(owner.id, { status: 'past_due' })
    const refusedPastDue = await postClaim(owner.id, claimForm(pastDue.id))
    expect(refusedPastDue.status).toBe(400)
    expect(claimsOf(pastDue.id)).toHaveLength(0)

    // The page itself sends them back to the dashboard with the same message.
    const ownerCookie = await sessionCookieFor(owner.id)
    const page = await settle(() =>
      submitLoader(routeArgs(makeRequest(`/customer/submit-claim?policy_id=${pastDue.id}`, { cookie: ownerCookie }))),
    )
    expect(page.status).toBe(302)
    expect(page.headers.get('Location')).toBe('/customer')
  })

  it('requires photos and a description, and refuses a future damage date and non-images', async () => {
    const profile = createProfile()
    const { policy } = createActivePolicy(profile.id)
    const noPhotos = await postClaim(profile.id, claimForm(policy.id, {}, []))
    expect(noPhotos.status).toBe(400)
    expect(JSON.stringify(noPhotos.data)).toContain('Please upload at least one photo of the damage.')
    const blank = await postClaim(profile.id, claimForm(policy.id, { description: '   ' }))
    expect(blank.status).toBe(400)
    expect(JSON.stringify(blank.data)).toContain('Please provide a description of what happened.')
    const tomorrow = new Date(Date.now() + 2 * 24 * 3600 * 1000).toISOString().slice(0, 10)
    const future = await postClaim(profile.id, claimForm(policy.id, { damageDate: tomorrow }))
    expect(future.status).toBe(400)
    const notImage = await postClaim(profile.id, claimForm(policy.id, {}, [photo('notes.txt', Buffer.from('not a picture'), 'text/plain')]))
    expect(notImage.status).toBe(400)
    expect(JSON.stringify(notImage.data)).toContain('Please select an image file')
    expect(claimsOf(policy.id)).toHaveLength(0)
  })

  it('enforces the upload limits on the server: 10 MB per photo, 10 photos', async () => {
    const profile = createProfile()
    const { policy } = createActivePolicy(profile.id)
    const huge = Buffer.concat([jpeg, Buffer.alloc(10 * 1024 * 1024)])
    const tooBig = await postClaim(profile.id, claimForm(policy.id, {}, [photo('huge.jpg', huge)]))
    expect(tooBig.status).toBe(413)
    expect(JSON.stringify(tooBig.data)).toContain('10 MB')
    // The answers come back with the refusal, to be shown again.
    expect((tooBig.data as { result: { initialValue: Record<string, string> } }).result.initialValue).toMatchObject({
      damageType: 'chip',
      description: 'A rock hit the windshield on I-15.',
    })
    const tooMany = await postClaim(
      profile.id,
      claimForm(
        policy.id,
        {},
        Array.from({ length: 11 }, (_, i) => photo(`p${i}.jpg`)),
      ),
    )
    expect(tooMany.status).toBe(413)
    expect(claimsOf(policy.id)).toHaveLength(0)
  })

  it('flags a claim filed more than 48 hours after the damage, without refusing it', async () => {
    const profile = createProfile()
    const { policy } = createActivePolicy(profile.id)
    const weekAgo = new Date(Date.now() - 7 * 24 * 3600 * 1000).toISOString().slice(0, 10)
    expect((await postClaim(profile.id, claimForm(policy.id, { damageDate: weekAgo }))).status).toBe(302)
    expect(claimsOf(policy.id)[0]!.filedLate).toBe(true)
    expect(isFiledLate(usToday())).toBe(false)
  })

  it('leaves no claim and no files when saving fails after the files were written', async () => {
    expectConsoleError(/claim submission failed .*disk full/)
    const profile = createProfile()
    const { policy } = createActivePolicy(profile.id)
    const uploads = path.join(env().DATA_DIR, 'uploads', 'claim-documents')
    const before = filesUnder(uploads).length
    const foldersBefore = fs.existsSync(uploads) ? fs.readdirSync(uploads).length : 0
    // A real database failure in the middle of the transaction: the second table refuses the row.
    db().$client.exec("CREATE TRIGGER fail_documents BEFORE INSERT ON claim_documents BEGIN SELECT RAISE(ABORT, 'disk full'); END")
    try {
      const result = await postClaim(profile.id, claimForm(policy.id))
      expect(result.status).toBe(500)
      expect(JSON.stringify(result.data)).toContain('Failed to submit claim')
    } finally {
      db().$client.exec('DROP TRIGGER fail_documents')
    }
    expect(claimsOf(policy.id)).toHaveLength(0)
    expect(filesUnder(uploads).length).toBe(before)
    expect(fs.readdirSync(uploads).length).toBe(foldersBefore)
  })
})

describe('confirmation codes', () => {
  it('never contain look-alike characters', () => {
    expect(CODE_ALPHABET).not.toMatch(/[01OIL]/)
    for (let i = 0; i < 5000; i++) {
      const code = generateConfirmationCode()
      expect(code).toMatch(CODE_PATTERN)
      expect(code.slice(3)).not.toMatch(/[01OIL]/)
    }
  })

  it('are read forgivingly from what a shop types', () => {
    expect(normalizeCode(' cs-abc234 ')).toBe('CS-ABC234')
    expect(normalizeCode('abc234')).toBe('CS-ABC234')
    expect(normalizeCode('CS-ABC10O')).toBeNull()
    expect(normalizeCode('DROP TABLE')).toBeNull()
  })
})

describe('the shop', () => {
  it('gets 429 on the 11th wrong code from one address', async () => {
    const ip = freshIp()
    for (let i = 0; i < 10; i++) {
      const wrong = await partnerGet(`CS-${'ABCDEFGHJK'[i]}ZZZZZ`, ip)
      expect(wrong.status).toBe(404)
    }
    const eleventh = await partnerGet('CS-QQQQQQ', ip)
    expect(eleventh.status).toBe(429)
    expect(eleventh.headers.get('Retry-After')).toBeTruthy()
    // Another address is unaffected.
    expect((await partnerGet('CS-QQQQQQ', freshIp())).status).toBe(404)
    resetLimit(`claim-code:ip:${ip}`)
  })

  it('sees no customer data for a pending claim (page and JSON call)', async () => {
    const profile = createProfile({ fullName: 'Pat Pending', email: `pat-${Date.now()}@example.com` })
    const { policy } = createActivePolicy(profile.id)
    const claim = createClaim(policy.id)
    const page = await partnerGet(claim.confirmationCode)
    expect(page.status).toBe(200)
    expect(page.data).toMatchObject({ view: { kind: 'pending_review' } })
    expect(JSON.stringify(page.data)).not.toContain('Pat Pending')
    expect(JSON.stringify(page.data)).not.toContain(profile.email)

    const request = new Request('http://localhost:3999/api/get-claim-by-code', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: 'http://localhost:3999', 'X-Forwarded-For': freshIp() },
      body: JSON.stringify({ code: claim.confirmationCode }),
    })
    const response = (await apiGetClaim(routeArgs(request))) as Response
    expect(response.status).toBe(409)
    const body = await response.text()
    expect(body).not.toContain('Pat Pending')
    expect(body).not.toContain(profile.email)
  })

  it('answers a lookup without a code with a 400 (a malformed request), an unknown code with a 404', async () => {
    const ask = async (body: string) => {
      const request = new Request('http://localhost:3999/api/get-claim-by-code', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: 'http://localhost:3999', 'X-Forwarded-For': freshIp() },
        body,
      })
      return ((await apiGetClaim(routeArgs(request))) as Response).status
    }
    for (const body of ['', '{}', 'null', '{"code":""}', '{"code":"  "}', '{"code":42}', '[]']) expect(await ask(body), body).toBe(400)
    expect(await ask('{"code":"CS-ZZZZZZ"}')).toBe(404)
  })

  it('completes an approved claim with invoice and repair photos, once; refuses without an invoice', async () => {
    const profile = createProfile({ fullName: 'Casey Approved' })
    const { policy } = createActivePolicy(profile.id)
    const group = createPartnerGroup()
    const claim = createClaim(policy.id, { approvalStatus: 'approved', assignedPartnerGroupId: group.id })
    const lookup = await partnerGet(claim.confirmationCode)
    expect(lookup.data).toMatchObject({
      view: { kind: 'approved', details: { customer: { name: 'Casey Approved', email: profile.email } } },
    })

    const post = (files: { invoice?: File; repair?: File[] }, extra: Record<string, string> = {}) => {
      const form = new FormData()
      form.append('code', claim.confirmationCode)
      form.append('repairType', 'repair')
      form.append('actualCost', '89.50')
      for (const [key, value] of Object.entries(extra)) form.set(key, value)
      if (files.invoice) form.append('invoice', files.invoice)
      for (const file of files.repair ?? []) form.append('repairPhotos', file)
      return settle(() =>
        partnerAction(
          routeArgs(
            makeRequest(`/partner/complete-claim?code=${claim.confirmationCode}`, { form, headers: { 'X-Forwarded-For': freshIp() } }),
          ),
        ),
      )
    }
    // Every problem at once: a cost with three decimals, no invoice, no repair photo.
    const nothing = await post({}, { actualCost: '123.456' })
    expect(nothing.status).toBe(400)
    expect((nothing.data as { result: { error: Record<string, string[]> } }).result.error).toEqual({
      actualCost: ['Enter the cost in dollars and cents, like 89.50.'],
      invoice: ['Please upload an invoice photo.'],
      repairPhotos: ['Please upload at least one repair photo.'],
    })
    // The banner (the toast) tells every problem, not only the first.
    expect((nothing.data as { toast: { title: string; description: string } }).toast).toEqual({
      type: 'error',
      title: 'Error',
      description:
        'Enter the cost in dollars and cents, like 89.50. Please upload an invoice photo. Please upload at least one repair photo.',
    })
    // Both files missing: the banner names both, not only the invoice.
    const noFiles = await post({})
    expect(noFiles.status).toBe(400)
    expect((noFiles.data as { toast: { title: string; description: string } }).toast).toEqual({
      type: 'error',
      title: 'Invoice and Repair Photos Required',
      description: 'Please upload an invoice photo. Please upload at least one repair photo.',
    })
    // The repair photo that was fine is kept (a draft of the claim) while the invoice is asked for.
    const noInvoice = await post({ repair: [photo('after.jpg')] })
    expect(noInvoice.status).toBe(400)
    expect(JSON.stringify(noInvoice.data)).toContain('Invoice Required')
    type Attached = { view: { details: { attached: { invoice: { id: string }[]; repairPhotos: { id: string; fileName: string }[] } } } }
    const attached = async () => ((await partnerGet(claim.confirmationCode)).data as Attached).view.details.attached
    const kept = (await attached()).repairPhotos
    expect(await attached()).toEqual({ invoice: [], repairPhotos: [{ id: expect.any(String), fileName: 'after.jpg' }] })
    // A file that is not a photo is named in its field's message; the good ones the form sends back stay attached.
    const notAPhoto = await post({ invoice: new File(['just text'], 'invoice.jpg', { type: 'image/jpeg' }) }, { draft: kept[0]!.id })
    expect((notAPhoto.data as { result: { error: Record<string, string[]> } }).result.error).toEqual({
      invoice: ['invoice.jpg: Please select an image file'],
    })
    expect(db().select().from(claims).where(eq(claims.id, claim.id)).get()!.approvalStatus).toBe('approved')
    expect((await attached()).repairPhotos).toEqual(kept)

    // The next submit brings only the invoice and names the kept repair photo: it completes the claim.
    const done = await post({ invoice: photo('invoice.jpg') }, { draft: kept[0]!.id })
    expect(done.status).toBe(302)
    expect(done.headers.get('Location')).toBe(`/partner/complete-claim?code=${claim.confirmationCode}&completed=1`)
    const completed = db().select().from(claims).where(eq(claims.id, claim.id)).get()!
    expect(completed).toMatchObject({
      approvalStatus: 'completed',
      repairType: 'repair',
      actualCostCents: 8950,
    })
    expect(
      db()
        .select()
        .from(claimDocuments)
        .where(eq(claimDocuments.claimId, claim.id))
        .all()
        .map((row) => row.documentType)
        .sort(),
    ).toEqual(['invoice', 'repair_photo'])

    expect(db().select().from(claimDocumentDrafts).where(eq(claimDocumentDrafts.claimId, claim.id)).all()).toEqual([])

    // Twice is harmless: nothing changes, no second set of documents.
    const again = await post({ invoice: photo('invoice.jpg'), repair: [photo('after.jpg')] })
    expect(again.status).toBe(302)
    expect(db().select().from(claimDocuments).where(eq(claimDocuments.claimId, claim.id)).all()).toHaveLength(2)
    expect(db().select().from(claims).where(eq(claims.id, claim.id)).get()!.completedAt).toBe(completed.completedAt)

    // A completed claim's lookup says so, without the customer's details.
    const later = await partnerGet(claim.confirmationCode)
    expect(later.data).toMatchObject({ view: { kind: 'completed' } })
    expect(JSON.stringify(later.data)).not.toContain('Casey Approved')
  })

  it('a bare post after a refused one does not complete: the kept files count only when the post names them', async () => {
    const approved = () => {
      const { policy } = createActivePolicy(createProfile().id)
      return createClaim(policy.id, {
        approvalStatus: 'approved',
        assignedPartnerGroupId: createPartnerGroup().id,
      })
    }
    const claim = approved()
    const post = (code: string, fields: Record<string, string | string[]>, files: { invoice?: File; repair?: File[] } = {}) => {
      const form = new FormData()
      form.append('code', code)
      form.append('repairType', 'repair')
      for (const [key, value] of Object.entries(fields)) for (const item of [value].flat()) form.append(key, item)
      if (files.invoice) form.append('invoice', files.invoice)
      for (const file of files.repair ?? []) form.append('repairPhotos', file)
      return settle(() =>
        partnerAction(routeArgs(makeRequest(`/partner/complete-claim?code=${code}`, { form, headers: { 'X-Forwarded-For': freshIp() } }))),
      )
    }
    const draftsOfClaim = (id: string) => db().select().from(claimDocumentDrafts).where(eq(claimDocumentDrafts.claimId, id)).all()
    const status = (id: string) => db().select().from(claims).where(eq(claims.id, id)).get()!.approvalStatus
    const withFiles = { invoice: photo('invoice.jpg'), repair: [photo('after.jpg')] }

    // Refused for its cost: both files are kept, and the page lists them.
    expect((await post(claim.confirmationCode, { actualCost: '1.234' }, withFiles)).status).toBe(400)
    const kept = draftsOfClaim(claim.id)
    expect(kept.map((draft) => draft.documentType).sort()).toEqual(['invoice', 'repair_photo'])

    // Another claim's post naming them does not get them.
    const other = approved()
    const borrowed = await post(other.confirmationCode, { actualCost: '89.00', draft: kept.map((draft) => draft.id) })
    expect(borrowed.status).toBe(400)
    expect(status(other.id)).toBe('approved')
    expect(draftsOfClaim(claim.id)).toHaveLength(2)

    // The same form again with no files and naming none: refused as missing both, nothing completed, the kept files
    // removed (the post left them out).
    const bare = await post(claim.confirmationCode, { actualCost: '89.00' })
    expect(bare.status).toBe(400)
    expect((bare.data as { result: { error: Record<string, string[]> } }).result.error).toEqual({
      invoice: ['Please upload an invoice photo.'],
      repairPhotos: ['Please upload at least one repair photo.'],
    })
    expect(status(claim.id)).toBe('approved')
    expect(db().select().from(claimDocuments).where(eq(claimDocuments.claimId, claim.id)).all()).toEqual([])
    expect(draftsOfClaim(claim.id)).toEqual([])
    for (const draft of kept) expect(await storedFileExists(draft.filePath)).toBe(false)

    // Kept again, then named by the next post: that completes with them.
    expect((await post(claim.confirmationCode, { actualCost: '1.234' }, withFiles)).status).toBe(400)
    const named = draftsOfClaim(claim.id)
    const done = await post(claim.confirmationCode, { actualCost: '89.00', draft: named.map((draft) => draft.id) })
    expect(done.status).toBe(302)
    expect(status(claim.id)).toBe('completed')
    expect(
      db()
        .select()
        .from(claimDocuments)
        .where(eq(claimDocuments.claimId, claim.id))
        .all()
        .map((row) => row.filePath)
        .sort(),
    ).toEqual(named.map((draft) => draft.filePath).sort())
  })

  it('completes through the JSON call too (multipart with the API field names); a JSON body without files is refused', async () => {
    const profile = createProfile()
    const { policy } = createActivePolicy(profile.id)
    const claim = createClaim(policy.id, { approvalStatus: 'approved' })
    const call = (body: BodyInit, contentType?: string) =>
      apiCompleteClaim(
        routeArgs(
          new Request('http://localhost:3999/api/complete-partner-claim', {
            method: 'POST',
            headers: {
              Origin: 'http://localhost:3999',
              'X-Forwarded-For': freshIp(),
              ...(contentType ? { 'Content-Type': contentType } : {}),
            },
            body,
          }),
        ),
      ) as Promise<Response>
    const json = await call(
      JSON.stringify({
        confirmationCode: claim.confirmationCode,
        repairType: 'repair',
        actualCost: 120,
        partnerNotes: null,
        invoiceUrl: 'https://example.com/x.jpg',
        repairPhotoUrls: [],
      }),
      'application/json',
    )
    expect(json.status).toBe(400)
    expect(await json.json()).toMatchObject({ error: 'Please upload an invoice photo.' })

    const form = new FormData()
    form.append('confirmationCode', claim.confirmationCode.toLowerCase())
    form.append('repairType', 'repair')
    form.append('actualCost', '120')
    form.append('partnerNotes', '  Resin fill, cured.  ')
    form.append('invoice', photo('invoice.jpg'))
    form.append('repairPhotos', photo('after.jpg'))
    const done = await call(form)
    expect(done.status).toBe(200)
    expect(await done.json()).toEqual({ success: true, claimId: claim.id, alreadyCompleted: false, invoiceHeld: false })
    expect(db().select().from(claims).where(eq(claims.id, claim.id)).get()).toMatchObject({
      approvalStatus: 'completed',
      actualCostCents: 12000,
      partnerNotes: 'Resin fill, cured.',
    })
  })

  it('refuses a second replacement in one plan year, and allows one the next plan year', async () => {
    const profile = createProfile()
    const { policy } = createActivePolicy(profile.id, { coverageStartDate: '2025-03-01' })
    const now = new Date('2025-11-20T12:00:00Z')
    createClaim(policy.id, {
      approvalStatus: 'completed',
      repairType: 'replacement',
      completedAt: '2025-06-01T10:00:00.000Z',
    })
    const second = createClaim(policy.id, { approvalStatus: 'approved' })
    expect(replacementsLeft(policy, now)).toBe(0)
    await expect(
      completeClaim(
        {
          code: second.confirmationCode,
          repairType: 'replacement',
          actualCostCents: null,
          partnerNotes: null,
          invoice: null,
          repairPhotos: [],
        },
        now,
      ),
    ).rejects.toThrow(/already used its one windshield replacement/)
    expect(db().select().from(claims).where(eq(claims.id, second.id)).get()!.approvalStatus).toBe('approved')

    const nextYear = new Date('2026-03-02T12:00:00Z')
    expect(planYear(policy, nextYear).start.toISOString().slice(0, 10)).toBe('2026-03-01')
    expect(replacementsLeft(policy, nextYear)).toBe(1)

    const chipOnly = createActivePolicy(profile.id, { planType: 'chip_only', lookupKey: 'chip_only' }).policy
    expect(replacementsLeft(chipOnly)).toBe(0)
  })
})

describe('the operator', () => {
  it('gives a non-admin (and a visitor) 404 on /admin/claims', async () => {
    const customer = createProfile()
    const asCustomer = await settle(() => adminClaimsLoader(routeArgs(makeRequest('/admin/claims', { cookie: `${'x'}=1` }))))
    expect(asCustomer.status).toBe(404)
    const signedIn = await settle(() => adminClaimsLoader(routeArgs(makeRequest('/admin/claims', { cookie: '' }))))
    expect(signedIn.status).toBe(404)
    const customerCookie = await sessionCookieFor(customer.id)
    expect((await settle(() => adminClaimsLoader(routeArgs(makeRequest('/admin/claims', { cookie: customerCookie }))))).status).toBe(404)
    const operator = createProfile({ email: 'operator@example.com' })
    const operatorCookie = await sessionCookieFor(operator.id)
    const ok = await settle(() => adminClaimsLoader(routeArgs(makeRequest('/admin/claims', { cookie: operatorCookie }))))
    expect(ok.status).toBe(200)
  })

  it('e-mails the shop when its group is assigned, and the claim page says so (or why not)', async () => {
    const operator = findOrCreateProfile('operator@example.com')
    const { policy } = createActivePolicy(createProfile().id)
    const shop = createPartnerGroup('Uinta Glass', { email: `uinta-${Date.now()}@shops.example` })
    const claim = createClaim(policy.id, { damageType: 'crack' })
    await approveClaim({ claimId: claim.id, partnerGroupId: shop.id, actorId: operator.id })
    const [mail] = outboxFor(shop.email!)
    expect(mail!.subject).toBe(`New approved claim ${claim.confirmationCode} for Uinta Glass`)
    expect(mail!.text).toContain(`/partner/complete-claim?code=${claim.confirmationCode}`)
    expect(mail!.text).toContain('Damage: crack. Vehicle: 2019 Toyota Camry')
    const cookie = await sessionCookieFor(operator.id)
    const page = (await adminClaimLoader(routeArgs(makeRequest(`/admin/claims/${claim.id}`, { cookie }), { claimId: claim.id }))) as {
      shopEmail: { sent: boolean; to: string }
      history: { action: string; actorEmail: string | null; operator: boolean }[]
    }
    expect(page.shopEmail).toMatchObject({ sent: true, to: shop.email })
    expect(page.history.find((entry) => entry.action === 'claim.approved')).toMatchObject({
      actorEmail: 'operator@example.com',
      operator: true,
    })

    const noAddress = createPartnerGroup('No Mail Glass')
    const other = createClaim(policy.id)
    await approveClaim({ claimId: other.id, partnerGroupId: noAddress.id, actorId: operator.id })
    const second = (await adminClaimLoader(routeArgs(makeRequest(`/admin/claims/${other.id}`, { cookie }), { claimId: other.id }))) as {
      shopEmail: { sent: boolean; reason: string }
    }
    expect(second.shopEmail).toMatchObject({ sent: false, reason: 'The partner group has no e-mail address.' })
  })

  it('approves with a partner group, denies only with a reason; appeals within 14 days return the claim to review', async () => {
    const operator =
      db().select().from(profiles).where(eq(profiles.email, 'operator@example.com')).get() ??
      createProfile({ email: 'operator@example.com' })
    const cookie = await sessionCookieFor(operator.id)
    const profile = createProfile()
    const { policy } = createActivePolicy(profile.id)
    const group = createPartnerGroup('Wasatch Glass')
    const claim = createClaim(policy.id)

    const { data: queue } = await adminClaimsLoader(routeArgs(makeRequest('/admin/claims', { cookie })))
    expect(queue.rows.some((entry) => entry.id === claim.id)).toBe(true)
    const detail = (await adminClaimLoader(routeArgs(makeRequest(`/admin/claims/${claim.id}`, { cookie }), { claimId: claim.id }))) as {
      replacementsLeft: number
      customer: { id: string }
      setupPhotos: { type: string; full: string; caption: string }[]
    }
    expect(detail.replacementsLeft).toBe(1)
    expect(detail.customer.id).toBe(profile.id)
    // The windshield at activation, beside the damage: pre-existing damage is not covered.
    expect(detail.setupPhotos.map((photo) => photo.type)).toEqual(['Head-on view', "Inside driver's side", "Inside passenger's side"])
    expect(detail.setupPhotos[0]!.full).toBe(`/files/policy-photos/${profile.id}/${policy.id}/head_on.jpg`)
    expect(detail.setupPhotos[0]!.caption).toMatch(/^Head-on view · \w{3} \d{1,2}, \d{4}/)

    const noReason = await settle(() =>
      adminClaimAction(
        routeArgs(makeRequest(`/admin/claims/${claim.id}`, { cookie, form: { intent: 'deny', reason: ' ' } }), { claimId: claim.id }),
      ),
    )
    expect(noReason.status).toBe(400)
    const denied = await settle(() =>
      adminClaimAction(
        routeArgs(
          makeRequest(`/admin/claims/${claim.id}`, { cookie, form: { intent: 'deny', reason: 'The damage predates the coverage.' } }),
          { claimId: claim.id },
        ),
      ),
    )
    expect(denied.status).toBe(302)
    expect(db().select().from(claims).where(eq(claims.id, claim.id)).get()).toMatchObject({
      approvalStatus: 'denied',
      denialReason: 'The damage predates the coverage.',
    })

    // A stranger cannot appeal it; the owner can, once.
    await expect(
      appealClaim({ profileId: createProfile().id, claimId: claim.id, appealText: 'Please look again at it.' }),
    ).rejects.toMatchObject({ data: { error: 'Not found' }, init: { status: 404 } })
    const appealed = await appealClaim({
      profileId: profile.id,
      claimId: claim.id,
      appealText: 'The chip happened last week, photos attached.',
    })
    expect(appealed).toMatchObject({ approvalStatus: 'pending_review' })
    expect(appealed.appealedAt).toBeTruthy()
    await expect(appealClaim({ profileId: profile.id, claimId: claim.id, appealText: 'And again, please.' })).rejects.toThrow(
      /no longer be appealed/,
    )

    const approved = await settle(() =>
      adminClaimAction(
        routeArgs(makeRequest(`/admin/claims/${claim.id}`, { cookie, form: { intent: 'approve', partnerGroupId: group.id } }), {
          claimId: claim.id,
        }),
      ),
    )
    expect(approved.status).toBe(302)
    expect(db().select().from(claims).where(eq(claims.id, claim.id)).get()).toMatchObject({
      approvalStatus: 'approved',
      assignedPartnerGroupId: group.id,
    })
    expect(
      db()
        .select()
        .from(auditLog)
        .where(eq(auditLog.entityId, claim.id))
        .all()
        .map((row) => row.action),
    ).toEqual(['claim.denied', 'claim.appealed', 'claim.approved', 'claim.shop_not_emailed'])
    // A decided claim cannot be decided again.
    await expect(approveClaim({ claimId: claim.id, partnerGroupId: group.id, actorId: operator.id })).rejects.toThrow(/already decided/)
  })

  it('refuses an appeal after 14 days', async () => {
    const profile = createProfile()
    const { policy } = createActivePolicy(profile.id)
    const claim = createClaim(policy.id)
    const decidedAt = new Date('2025-01-01T12:00:00Z')
    await denyClaim({ claimId: claim.id, reason: 'Not covered.', actorId: 'system' }, decidedAt)
    await expect(
      appealClaim({ profileId: profile.id, claimId: claim.id, appealText: 'Too late but please?' }, new Date('2025-01-16T12:00:01Z')),
    ).rejects.toThrow(/no longer be appealed/)
    const inTime = await appealClaim(
      { profileId: profile.id, claimId: claim.id, appealText: 'Just in time, please.' },
      new Date('2025-01-15T11:00:00Z'),
    )
    expect(inTime.approvalStatus).toBe('pending_review')
  })
})
