import fs from 'node:fs'
import path from 'node:path'

import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'

import { db } from '~/db/client.server'
import { claimDocumentDrafts, claimDocuments, claims } from '~/db/schema'
import { env, resetEnvForTests } from '~/env.server'
import { MAX_CLAIM_DRAFTS } from '~/models/claims/claim-shop.server'
import { action as submitAction } from '~/routes/customer.submit-claim'
import { action as partnerAction } from '~/routes/partner.complete-claim'
import { imageQueueState, RETRY_AFTER_SECONDS, setImageQueueLimitsForTests, withImageSlot } from '~/services/image-queue.server'
import { prepareImage } from '~/services/images.server'
import { type UploadedFile, UploadError } from '~/services/multipart.server'

import { REVIEWED_CHIP } from '../support/claim-answers'
import { usToday } from '../support/days'
import { createActivePolicy, createClaim, createPartnerGroup, createProfile, ensureSeeded, sessionCookieFor } from '../support/factories'
import { makePhotos, pngBomb } from '../support/photos'
import { makeRequest, routeArgs, settle } from '../support/requests'

// The shop's lookups are limited per address: each post comes from its own.
process.env.CLIENT_IP_HEADER = 'X-Forwarded-For'
resetEnvForTests()

let photos: Awaited<ReturnType<typeof makePhotos>>
let jpeg: Buffer
let bomb: Buffer
beforeAll(async () => {
  ensureSeeded()
  photos = await makePhotos({ invoice: '#f4f1ea', after: '#4a7ab0', other: '#a05a40' }, { width: 640, height: 480 })
  jpeg = fs.readFileSync(photos.photo('after'))
  bomb = await pngBomb(7000, 7000) // ~200 KB sent, 196 MB decoded
})
afterAll(() => photos.remove())
afterEach(() => setImageQueueLimitsForTests())

const upload = (bytes: Buffer, fileName = 'photo.jpg', fieldName = 'photos'): UploadedFile => ({
  fieldName,
  fileName,
  contentType: 'image/jpeg',
  bytes,
})
const file = (name: string, bytes: Buffer = jpeg) => new File([new Uint8Array(bytes)], name, { type: 'image/jpeg' })

let ip = 0
function approvedClaim() {
  const { policy } = createActivePolicy(createProfile().id)
  return createClaim(policy.id, {
    approvalStatus: 'approved',
    assignedPartnerGroupId: createPartnerGroup().id,
  })
}
function shopPost(code: string, files: { invoice?: File; repair?: File[]; drafts?: string[] }, actualCost = '89.50') {
  const form = new FormData()
  // The kept files the shop leaves ticked (docs/decisions/058-kept-files-are-named-by-the-completion.md).
  for (const draft of files.drafts ?? []) form.append('draft', draft)
  form.append('code', code)
  form.append('repairType', 'repair')
  form.append('actualCost', actualCost)
  if (files.invoice) form.append('invoice', files.invoice)
  for (const repair of files.repair ?? []) form.append('repairPhotos', repair)
  const request = makeRequest(`/partner/complete-claim?code=${code}`, { form, headers: { 'X-Forwarded-For': `198.51.100.${++ip}` } })
  return settle(() => partnerAction(routeArgs(request)))
}

/** Holds the queue's only slot until `release()`: what a long decode of someone else's photo does. */
async function holdTheOnlySlot(queue: number) {
  setImageQueueLimitsForTests({ jobs: 1, queue })
  let release!: () => void
  const held = withImageSlot(() => new Promise<void>((resolve) => (release = resolve)))
  await vi.waitFor(() => expect(imageQueueState().running).toBe(1))
  return async () => {
    release()
    await held
  }
}

const filesOn = (relFolder: string) => {
  const folder = path.join(env().DATA_DIR, 'uploads', relFolder)
  return fs.existsSync(folder) ? fs.readdirSync(folder).sort() : []
}

describe('the image queue', () => {
  it('runs a queued decode when its turn comes: two uploads waiting for the one slot both succeed', async () => {
    // Someone else's long decode holds the only slot: both uploads wait in the queue, then run one after the other.
    const release = await holdTheOnlySlot(4)
    const first = prepareImage(upload(jpeg, 'one.jpg'))
    const second = prepareImage(upload(fs.readFileSync(photos.photo('other')), 'two.jpg'))
    await vi.waitFor(() => expect(imageQueueState()).toEqual({ running: 1, waiting: 2 }))
    await release()
    const [one, two] = await Promise.all([first, second])
    expect(one).toMatchObject({ fileName: 'one.jpg' })
    expect(two).toMatchObject({ fileName: 'two.jpg' })
    expect(one.photo.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]))
    expect(two.thumbnail.length).toBeGreaterThan(100)
    expect(imageQueueState()).toEqual({ running: 0, waiting: 0 })
  })

  it('answers 503 with Retry-After when the queue is full, keeps nothing, and takes the same post later', async () => {
    const claim = approvedClaim()
    const release = await holdTheOnlySlot(0)
    const busy = await shopPost(claim.confirmationCode, { invoice: file('invoice.jpg'), repair: [file('after.jpg')] })
    expect(busy.status).toBe(503)
    expect(busy.headers.get('Retry-After')).toBe(String(RETRY_AFTER_SECONDS))
    expect(busy.data).toMatchObject({
      toast: { title: 'Busy With Other Photos', description: expect.stringContaining('Please wait a few seconds') },
    })
    expect(db().select().from(claimDocumentDrafts).where(eq(claimDocumentDrafts.claimId, claim.id)).all()).toEqual([])
    expect(filesOn(`claim-documents/${claim.id}`).filter((name) => !name.endsWith('.tmp'))).toEqual([])

    // The customer's claim form says the same.
    const profile = createProfile()
    const { policy } = createActivePolicy(profile.id)
    const form = new FormData()
    for (const [key, value] of Object.entries({
      policyId: policy.id,
      damageType: 'chip',
      damageDate: usToday(),
      description: 'A rock hit the windshield on I-15.',
      ...REVIEWED_CHIP,
    }))
      form.append(key, value)
    form.append('photos', file('damage.jpg'))
    const cookie = await sessionCookieFor(profile.id)
    const filed = await settle(() =>
      submitAction(routeArgs(makeRequest(`/customer/submit-claim?policy_id=${policy.id}`, { form, cookie }))),
    )
    expect(filed.status).toBe(503)
    expect(filed.headers.get('Retry-After')).toBe(String(RETRY_AFTER_SECONDS))
    expect(filed.data).toMatchObject({ result: { error: { photos: [expect.stringContaining('busy processing other photos')] } } })
    expect(db().select().from(claims).where(eq(claims.policyId, policy.id)).all()).toEqual([])

    await release()
    const done = await shopPost(claim.confirmationCode, { invoice: file('invoice.jpg'), repair: [file('after.jpg')] })
    expect(done.status).toBe(302)
    expect(db().select().from(claims).where(eq(claims.id, claim.id)).get()!.approvalStatus).toBe('completed')
  })
})

describe('an image whose header declares too much', () => {
  it('is refused from its header, with its name and size next to the field, before it waits for a decode', async () => {
    const error = await prepareImage(upload(bomb, 'after.png', 'repairPhotos')).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(UploadError)
    expect(error).toMatchObject({
      field: 'repairPhotos',
      status: 413,
      message:
        '"after.png" is too large an image to process (7000 × 7000 pixels). Please upload a smaller photo, such as a JPEG from a phone camera.',
    })

    // With every slot taken and no room to wait, the bomb is still refused for what it is (not a 503): the refusal
    // comes from the header, before the queue and before any decoding.
    const claim = approvedClaim()
    const release = await holdTheOnlySlot(0)
    try {
      const refused = await shopPost(claim.confirmationCode, { repair: [file('after.png', bomb)] })
      expect(refused.status).toBe(400)
      expect((refused.data as { result: { error: Record<string, string[]> } }).result.error).toEqual({
        invoice: ['Please upload an invoice photo.'],
        repairPhotos: [
          `after.png: "after.png" is too large an image to process (7000 × 7000 pixels). Please upload a smaller photo, such as a JPEG from a phone camera.`,
        ],
      })
    } finally {
      await release()
    }
  })
})

describe("a claim's drafts", () => {
  it('stay one set however many refused posts arrive: replaced drafts lose their files at once', async () => {
    const claim = approvedClaim()
    const folder = `claim-documents/${claim.id}`
    for (let post = 0; post < 4; post++) {
      // A bad cost: refused, the good photos kept as drafts.
      const refused = await shopPost(
        claim.confirmationCode,
        { invoice: file('invoice.jpg'), repair: [file('a.jpg'), file('b.jpg')] },
        'abc',
      )
      expect(refused.status).toBe(400)
    }
    const drafts = db().select().from(claimDocumentDrafts).where(eq(claimDocumentDrafts.claimId, claim.id)).all()
    expect(drafts.map((draft) => draft.documentType).sort()).toEqual(['invoice', 'repair_photo', 'repair_photo'])
    expect(drafts.length).toBeLessThanOrEqual(MAX_CLAIM_DRAFTS)
    // On disk: exactly the drafts' photos and thumbnails, not four posts' worth.
    const draftFiles = drafts.flatMap((draft) => [draft.filePath, draft.thumbPath!]).map((relPath) => path.basename(relPath))
    expect(filesOn(folder)).toEqual(draftFiles.sort())

    // More repair photos than a form may carry are refused before any work (the cap holds for the JSON call too).
    const tooMany = await shopPost(claim.confirmationCode, { repair: Array.from({ length: 11 }, (_, i) => file(`r${i}.jpg`)) })
    expect(tooMany.status).toBe(413)

    // A good post with a new invoice completes with the kept repair photos it names; the replaced draft invoice is deleted.
    const keptPhotos = drafts.filter((draft) => draft.documentType === 'repair_photo').map((draft) => draft.id)
    const done = await shopPost(claim.confirmationCode, { invoice: file('invoice-2.jpg'), drafts: keptPhotos })
    expect(done.status).toBe(302)
    const documents = db().select().from(claimDocuments).where(eq(claimDocuments.claimId, claim.id)).all()
    expect(documents.map((document) => document.fileName).sort()).toEqual(['a.jpg', 'b.jpg', 'invoice-2.jpg'])
    const documentFiles = documents.flatMap((document) => [document.filePath, document.thumbPath!]).map((relPath) => path.basename(relPath))
    expect(filesOn(folder)).toEqual(documentFiles.sort())
  })
})
