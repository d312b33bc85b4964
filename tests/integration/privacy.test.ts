import fs from 'node:fs'
import path from 'node:path'

import { and, eq, inArray } from 'drizzle-orm'
import { unzipSync } from 'fflate'
import { describe, expect, it } from 'vitest'

import { getProfile } from '~/auth/session.server'
import { db } from '~/db/client.server'
import {
  auditLog,
  claimDocuments,
  claims,
  emailLog,
  localCheckouts,
  ownershipTransfers,
  policies,
  policyPhotos,
  profiles,
  refunds,
  sessions,
  vehicles,
} from '~/db/schema'
import { action as privacyAction, loader as privacyLoader } from '~/routes/customer.privacy'
import { action as confirmAction } from '~/routes/customer.privacy.confirm-email'
import { loader as exportLoader } from '~/routes/customer.privacy.export'
import { sendEmail } from '~/services/email.server'
import { uploadsPath } from '~/services/volume-store.server'
import { getToast } from '~/toast.server'

import {
  commitmentBinding,
  createActivePolicy,
  createClaim,
  createProfile,
  findOrCreateProfile,
  getPolicy,
  sessionCookieFor,
} from '../support/factories'
import { outboxFor } from '../support/outbox'
import { makeRequest, routeArgs, settle } from '../support/requests'

const DAY = 24 * 60 * 60 * 1000
const YEAR = 365 * DAY

/** Writes a small distinct file where a stored upload's row points. */
function writeUpload(relPath: string, content: string) {
  const absolute = uploadsPath(relPath)
  fs.mkdirSync(path.dirname(absolute), { recursive: true })
  fs.writeFileSync(absolute, content)
}

/** A customer with a plan past its commitment, its three photos on disk, and a completed claim with an invoice. */
function customerWithData(label: string) {
  const profile = createProfile({ fullName: `${label} Person`, phone: '(801) 555-0100' })
  // Utah keeps no record that names the customer after a deletion (Texas and California do: kept-records.test.ts).
  const { policy, vehicle } = createActivePolicy(profile.id, {
    governingState: 'UT',
    initialTermEndsAt: new Date(Date.now() - DAY).toISOString(),
  })
  const photos = db().select().from(policyPhotos).where(eq(policyPhotos.policyId, policy.id)).all()
  for (const photo of photos) writeUpload(photo.filePath, `${label}:${photo.photoType}`)
  const claim = createClaim(policy.id, {
    vehicleId: vehicle.id,
    approvalStatus: 'completed',
    completedAt: new Date().toISOString(),
    actualCostCents: 8900,
  })
  const invoice = db()
    .insert(claimDocuments)
    .values({ claimId: claim.id, documentType: 'invoice', filePath: `claim-documents/${claim.id}/invoice.jpg`, fileName: 'invoice.jpg' })
    .returning()
    .get()
  writeUpload(invoice.filePath, `${label}:invoice`)
  return { profile, policy, vehicle, claim, invoice, photos }
}

async function post(profileId: string, form: Record<string, string>) {
  const cookie = await sessionCookieFor(profileId)
  return settle(() => privacyAction(routeArgs(makeRequest('/customer/privacy', { cookie, form }))))
}

const fieldErrors = (answer: { data: unknown }) => (answer.data as { result: { error: Record<string, string[]> } }).result.error
const toastOf = (answer: { data: unknown }) => (answer.data as { toast: { title: string; description?: string } }).toast

describe('download my data', () => {
  it("contains exactly the customer's own rows and files, and is audited", async () => {
    const mine = customerWithData('Mine')
    const theirs = customerWithData('Theirs')
    const cookie = await sessionCookieFor(mine.profile.id)
    const response = (await exportLoader(routeArgs(makeRequest('/customer/privacy/export', { cookie })))) as Response
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toBe('application/zip')
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()))
    const data = JSON.parse(new TextDecoder().decode(files['data.json']!)) as {
      profile: { email: string }
      policies: Array<{ id: string }>
      vehicles: Array<{ id: string }>
      claims: Array<{ id: string; documents: unknown[] }>
      files: string[]
    }
    expect(data.profile.email).toBe(mine.profile.email)
    expect(data.policies.map((policy) => policy.id)).toEqual([mine.policy.id])
    expect(data.vehicles.map((vehicle) => vehicle.id)).toEqual([mine.vehicle.id])
    expect(data.claims.map((claim) => claim.id)).toEqual([mine.claim.id])
    expect(data.claims[0]!.documents).toHaveLength(1)
    expect(Object.keys(files).sort()).toEqual(['data.json', ...data.files].sort())
    expect(data.files).toHaveLength(4)
    const contents = data.files.map((name) => new TextDecoder().decode(files[name]!)).sort()
    expect(contents).toEqual(['Mine:head_on', 'Mine:inside_drivers', 'Mine:inside_passengers', 'Mine:invoice'])
    const text = JSON.stringify(data)
    for (const foreign of [theirs.profile.email, theirs.policy.id, theirs.claim.id, theirs.vehicle.id]) expect(text).not.toContain(foreign)
    expect(
      db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.actor, mine.profile.id), eq(auditLog.action, 'privacy.data_exported')))
        .all(),
    ).toHaveLength(1)
  })

  it('is for a signed-in customer only', async () => {
    const answer = await settle(() => exportLoader(routeArgs(makeRequest('/customer/privacy/export'))))
    expect(answer.status).toBe(302)
    expect(answer.headers.get('Location')).toContain('/auth')
  })
})

describe('the e-mail history in the export follows the account, not the address', () => {
  const linkIn = (email: string) => /\/customer\/privacy\/confirm-email\?token=([\w-]+)/.exec(outboxFor(email)[0]!.text)![1]!

  async function exportOf(profileId: string) {
    const cookie = await sessionCookieFor(profileId)
    const response = (await exportLoader(routeArgs(makeRequest('/customer/privacy/export', { cookie })))) as Response
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()))
    return JSON.parse(new TextDecoder().decode(files['data.json']!)) as { emailsSent: Array<{ subject: string }> }
  }

  const receipt = (to: string, code: string) =>
    sendEmail({ to, subject: `We received your claim ${code}`, html: '<p>x</p>', text: 'x', tag: 'claim-received' })

  it("gives a re-used address none of the old account's history, and the account keeps its own across the change", async () => {
    const first = createProfile()
    const oldAddress = first.email
    await receipt(oldAddress, 'CS-OLD001')

    const newAddress = `renamed-${first.id.toLowerCase()}@example.com`
    await post(first.id, { intent: 'change-email', email: newAddress })
    const cookie = await sessionCookieFor(first.id)
    await settle(() =>
      confirmAction(routeArgs(makeRequest('/customer/privacy/confirm-email', { cookie, form: { token: linkIn(newAddress) } }))),
    )
    await receipt(newAddress, 'CS-NEW002')

    // Someone signs in with the old address: a new, empty account.
    const second = findOrCreateProfile(oldAddress)
    expect(second.id).not.toBe(first.id)
    expect((await exportOf(second.id)).emailsSent).toEqual([])
    await receipt(oldAddress, 'CS-SEC003')
    expect((await exportOf(second.id)).emailsSent.map((email) => email.subject)).toEqual(['We received your claim CS-SEC003'])

    const own = (await exportOf(first.id)).emailsSent.map((email) => email.subject)
    expect(own).toEqual([
      'We received your claim CS-OLD001',
      'Confirm your new e-mail address',
      'Your e-mail address was changed',
      'We received your claim CS-NEW002',
    ])
  })

  it("deleting the old account scrubs its history and leaves the address's new account alone", async () => {
    const first = createProfile()
    const oldAddress = first.email
    await receipt(oldAddress, 'CS-DEL001')
    const newAddress = `leaving-${first.id.toLowerCase()}@example.com`
    await post(first.id, { intent: 'change-email', email: newAddress })
    await settle(() => confirmAction(routeArgs(makeRequest('/customer/privacy/confirm-email', { form: { token: linkIn(newAddress) } }))))
    const second = findOrCreateProfile(oldAddress)
    await receipt(oldAddress, 'CS-KEEP02')

    expect((await post(first.id, { intent: 'deletion-code' })).status).toBe(302)
    const code = /Code: (\d{6})/.exec(outboxFor(newAddress).find((mail) => mail.subject === 'Your code to delete your account')!.text)![1]!
    expect((await post(first.id, { intent: 'delete-account', code })).status).toBe(302)

    const rowsOf = (profileId: string) => db().select().from(emailLog).where(eq(emailLog.profileId, profileId)).all()
    const anonymous = `deleted-${first.id}@deleted.invalid`
    expect(rowsOf(first.id).length).toBeGreaterThanOrEqual(5)
    expect(rowsOf(first.id).every((row) => row.to === anonymous)).toBe(true)
    expect(rowsOf(second.id).map((row) => [row.to, row.subject])).toEqual([[oldAddress, 'We received your claim CS-KEEP02']])
  })
})

describe('correcting my details', () => {
  it('saves a name and the phone in E.164, audited; a bad phone is refused next to the field and nothing is saved', async () => {
    const profile = createProfile({ fullName: 'Old Name', phone: null })
    const saved = await post(profile.id, { intent: 'update-details', fullName: 'New Name', phone: '(801) 555-0142' })
    expect(saved.status).toBe(302)
    expect(db().select().from(profiles).where(eq(profiles.id, profile.id)).get()).toMatchObject({
      fullName: 'New Name',
      phone: '+18015550142',
    })
    const entry = db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actor, profile.id), eq(auditLog.action, 'profile.details_corrected')))
      .get()
    expect(entry?.detail).toEqual({ fields: ['fullName', 'phone'] })

    const bad = await post(profile.id, { intent: 'update-details', fullName: '', phone: 'call me' })
    expect(bad.status).toBe(400)
    expect(fieldErrors(bad)).toMatchObject({
      fullName: ['Please enter your name (up to 100 characters)'],
      phone: ['Enter a US phone number, e.g. (801) 555-0142'],
    })
    expect(db().select().from(profiles).where(eq(profiles.id, profile.id)).get()).toMatchObject({
      fullName: 'New Name',
      phone: '+18015550142',
    })

    // Not a US number, an impossible area code, an extension: each refused the same way, nothing saved.
    for (const phone of ['+44 20 7946 0958', '(123) 456-7890', '801 555 0142 ext. 12']) {
      const refused = await post(profile.id, { intent: 'update-details', fullName: 'Other Name', phone })
      expect(refused.status).toBe(400)
      expect(fieldErrors(refused)).toEqual({ phone: ['Enter a US phone number, e.g. (801) 555-0142'] })
    }
    // Cleared: no phone.
    expect((await post(profile.id, { intent: 'update-details', fullName: 'New Name', phone: '' })).status).toBe(302)
    expect(db().select().from(profiles).where(eq(profiles.id, profile.id)).get()?.phone).toBeNull()
  })
})

describe('changing my e-mail address', () => {
  const linkIn = (email: string) => /\/customer\/privacy\/confirm-email\?token=([\w-]+)/.exec(outboxFor(email)[0]!.text)![1]!

  async function confirm(token: string) {
    return settle(() => confirmAction(routeArgs(makeRequest('/customer/privacy/confirm-email', { form: { token } }))))
  }

  it('takes effect only when the link sent to the new address is used, and tells the old address', async () => {
    const profile = createProfile()
    const newAddress = `moved-${profile.id.toLowerCase()}@example.com`
    const asked = await post(profile.id, { intent: 'change-email', email: newAddress.toUpperCase() })
    expect(asked.status).toBe(302)
    expect(db().select().from(profiles).where(eq(profiles.id, profile.id)).get()!.email).toBe(profile.email)
    const token = linkIn(newAddress)

    const done = await confirm(token)
    expect(done.status).toBe(302)
    expect(db().select().from(profiles).where(eq(profiles.id, profile.id)).get()!.email).toBe(newAddress)
    expect(outboxFor(profile.email)[0]?.subject).toBe('Your e-mail address was changed')
    // The link works once.
    const again = await confirm(token)
    expect(again.status).toBe(400)
    expect(toastOf(again).title).toBe('Link not valid')
  })

  /** The toast a redirect carries to the next page. */
  async function redirectToast(answer: { headers: Headers }) {
    const cookie = answer.headers.get('Set-Cookie')!.split(';')[0]!
    return (await getToast(new Request('http://localhost/', { headers: { Cookie: cookie } }))).toast
  }

  /** Whether this session cookie still signs someone in. */
  async function signedInWith(cookie: string) {
    return (await getProfile(new Request('http://localhost/customer', { headers: { Cookie: cookie } })))?.id ?? null
  }

  it('ends every other session of the account when the change is confirmed, and says so', async () => {
    const profile = createProfile()
    const here = await sessionCookieFor(profile.id)
    const elsewhere = await sessionCookieFor(profile.id)
    const bystander = createProfile()
    const bystanderCookie = await sessionCookieFor(bystander.id)
    const newAddress = `moved-${profile.id.toLowerCase()}@example.com`
    await post(profile.id, { intent: 'change-email', email: newAddress })

    const done = await settle(() =>
      confirmAction(routeArgs(makeRequest('/customer/privacy/confirm-email', { cookie: here, form: { token: linkIn(newAddress) } }))),
    )
    expect(done.status).toBe(302)
    expect(done.headers.get('Location')).toBe('/customer/privacy')
    expect(await redirectToast(done)).toMatchObject({
      title: 'E-mail address changed',
      description: `You now sign in and receive our e-mails at ${newAddress}. We signed you out on every other device.`,
    })
    expect(await signedInWith(here)).toBe(profile.id)
    expect(await signedInWith(elsewhere)).toBeNull()
    // The session the link was posted from, and nobody else's, is kept (the one `post` above used is gone too).
    expect(db().select().from(sessions).where(eq(sessions.profileId, profile.id)).all()).toHaveLength(1)
    expect(await signedInWith(bystanderCookie)).toBe(bystander.id)
    const audited = db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, profile.id), eq(auditLog.action, 'profile.email_changed')))
      .get()
    expect(audited!.detail).toMatchObject({ sessionsEnded: 2 })
  })

  it('confirmed in a browser that is not signed in to the account, ends all its sessions and asks to sign in again', async () => {
    const profile = createProfile()
    const stolen = await sessionCookieFor(profile.id)
    const newAddress = `away-${profile.id.toLowerCase()}@example.com`
    await post(profile.id, { intent: 'change-email', email: newAddress })

    const done = await confirm(linkIn(newAddress))
    expect(done.status).toBe(302)
    expect(done.headers.get('Location')).toBe('/auth')
    expect((await redirectToast(done))?.description).toBe(
      `You now sign in and receive our e-mails at ${newAddress}. We signed you out on every device: sign in with your new address.`,
    )
    expect(await signedInWith(stolen)).toBeNull()
    expect(db().select().from(sessions).where(eq(sessions.profileId, profile.id)).all()).toHaveLength(0)
  })

  it('refuses an address another account has, at the link, and the link is no sign-in', async () => {
    const profile = createProfile()
    const other = createProfile()
    await post(profile.id, { intent: 'change-email', email: other.email })
    const taken = await confirm(linkIn(other.email))
    expect(taken.status).toBe(409)
    expect(db().select().from(profiles).where(eq(profiles.id, profile.id)).get()!.email).toBe(profile.email)

    const same = await post(profile.id, { intent: 'change-email', email: profile.email })
    expect(same.status).toBe(400)
    expect(fieldErrors(same).email).toEqual(['This is already your e-mail address.'])
    const invalid = await post(profile.id, { intent: 'change-email', email: 'not-an-address' })
    expect(invalid.status).toBe(400)
    expect(fieldErrors(invalid).email).toEqual(['Please enter a valid email address'])
  })
})

describe('deleting my account', () => {
  const codeIn = (email: string) =>
    /Code: (\d{6})/.exec(outboxFor(email).find((mail) => mail.subject === 'Your code to delete your account')!.text)![1]!

  it('is refused, with the reasons, inside a commitment that binds or with an open claim', async () => {
    const profile = createProfile()
    // New York after its free look: the one kind of policy whose commitment binds (app/domain/state-rules.ts).
    const { policy } = createActivePolicy(profile.id, {
      ...commitmentBinding(),
      initialTermEndsAt: new Date(Date.now() + YEAR / 2).toISOString(),
    })
    const page = await settle(async () =>
      privacyLoader(routeArgs(makeRequest('/customer/privacy', { cookie: await sessionCookieFor(profile.id) }))),
    )
    expect((page.data as { blockers: string[] }).blockers[0]).toContain(`Policy ${policy.id} is inside its 12-month commitment`)
    const refused = await post(profile.id, { intent: 'deletion-code' })
    expect(refused.status).toBe(409)
    expect(toastOf(refused).title).toBe('Your account cannot be deleted yet')

    const withClaim = createProfile()
    const { policy: done } = createActivePolicy(withClaim.id, { initialTermEndsAt: new Date(Date.now() - DAY).toISOString() })
    const open = createClaim(done.id, { approvalStatus: 'approved' })
    const claimRefused = await post(withClaim.id, { intent: 'deletion-code' })
    expect(claimRefused.status).toBe(409)
    expect(toastOf(claimRefused).description).toContain(`Claim ${open.confirmationCode} is approved`)
  })

  it('inside the 12 months where the state lets the customer cancel (Texas, day 10): deletes, cancelling with the refund', async () => {
    const profile = createProfile()
    const createdAt = new Date(Date.now() - 9 * DAY).toISOString()
    const checkout = db()
      .insert(localCheckouts)
      .values({
        lookupKey: 'comprehensive_car_adas_false',
        amountCents: 1999,
        profileId: profile.id,
        tosVersion: '1.0.1',
        tosAcceptedAt: createdAt,
        cancelPath: '/signup',
        status: 'complete',
        completedAt: createdAt,
      })
      .returning()
      .get()
    const { policy } = createActivePolicy(profile.id, { governingState: 'TX', createdAt, stripeCheckoutSessionId: checkout.id })
    const page = await settle(async () =>
      privacyLoader(routeArgs(makeRequest('/customer/privacy', { cookie: await sessionCookieFor(profile.id) }))),
    )
    expect((page.data as { blockers: string[] }).blockers).toEqual([])
    expect((await post(profile.id, { intent: 'deletion-code' })).status).toBe(302)
    expect((await post(profile.id, { intent: 'delete-account', code: codeIn(profile.email) })).status).toBe(302)
    expect(getPolicy(policy.id)).toMatchObject({ status: 'canceled' })
    expect(db().select().from(refunds).where(eq(refunds.policyId, policy.id)).all()).toMatchObject([
      { amountCents: 1999, rule: 'free_look', state: 'TX', status: 'succeeded' },
    ])
  })

  it('asks for a fresh code; a wrong one leaves the account whole; the right one deletes and anonymises', async () => {
    const { profile, policy, vehicle, claim, photos } = customerWithData('Leaving')
    const otherSession = await sessionCookieFor(profile.id)
    expect(otherSession).toBeTruthy()

    // What the logs hold about the account: a former address, and its plate in a correction's details.
    const formerAddress = `before-${profile.id.toLowerCase()}@example.com`
    const emailChange = db()
      .insert(auditLog)
      .values({
        actor: profile.id,
        action: 'profile.email_changed',
        entityType: 'profile',
        entityId: profile.id,
        detail: { from: formerAddress, to: profile.email },
      })
      .returning()
      .get()
    const correction = db()
      .insert(auditLog)
      .values({
        actor: 'operator',
        action: 'vehicle.corrected',
        entityType: 'vehicle',
        entityId: vehicle.id,
        detail: { licensePlate: vehicle.licensePlate },
      })
      .returning()
      .get()
    db().insert(emailLog).values({ to: formerAddress, subject: 'Welcome', transport: 'outbox', status: 'sent' }).run()
    // Another owner's policy offered to this account: still open, and one paid long ago to its former address.
    const seller = createProfile()
    const offerOf = (status: 'offered' | 'paid', buyerEmail: string) =>
      db()
        .insert(ownershipTransfers)
        .values({
          policyId: createActivePolicy(seller.id).policy.id,
          sellerProfileId: seller.id,
          buyerEmail,
          tokenHash: `hash-${status}-${profile.id}`,
          status,
          expiresAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
        })
        .returning()
        .get()
    const openOffer = offerOf('offered', profile.email)
    const paidOffer = offerOf('paid', formerAddress)

    expect((await post(profile.id, { intent: 'deletion-code' })).status).toBe(302)
    const wrong = await post(profile.id, { intent: 'delete-account', code: '000000' === codeIn(profile.email) ? '111111' : '000000' })
    expect(wrong.status).toBe(400)
    expect(fieldErrors(wrong).code).toEqual(['Enter the 6-digit code from the newest e-mail, or ask for a new code.'])
    expect(db().select().from(profiles).where(eq(profiles.id, profile.id)).get()!.email).toBe(profile.email)
    expect(getPolicy(policy.id)!.status).toBe('active')

    const deleted = await post(profile.id, { intent: 'delete-account', code: codeIn(profile.email) })
    expect(deleted.status).toBe(302)
    expect(deleted.headers.get('Location')).toBe('/')
    const anonymous = `deleted-${profile.id}@deleted.invalid`
    expect(db().select().from(profiles).where(eq(profiles.id, profile.id)).get()).toMatchObject({
      email: anonymous,
      fullName: null,
      phone: null,
    })
    expect(db().select().from(vehicles).where(eq(vehicles.id, vehicle.id)).get()).toBeUndefined()
    expect(db().select().from(policyPhotos).where(eq(policyPhotos.policyId, policy.id)).all()).toHaveLength(0)
    expect(db().select().from(claimDocuments).where(eq(claimDocuments.claimId, claim.id)).all()).toHaveLength(0)
    expect(db().select().from(sessions).where(eq(sessions.profileId, profile.id)).all()).toHaveLength(0)
    expect(
      db()
        .select()
        .from(emailLog)
        .where(inArray(emailLog.to, [profile.email, formerAddress]))
        .all(),
    ).toHaveLength(0)
    for (const entry of [emailChange, correction]) {
      expect(db().select().from(auditLog).where(eq(auditLog.id, entry.id)).get()!.detail).toEqual({ redacted: 'account deleted' })
    }
    for (const photo of photos) expect(fs.existsSync(uploadsPath(photo.filePath))).toBe(false)
    expect(fs.existsSync(uploadsPath(`claim-documents/${claim.id}`))).toBe(false)
    const offerNow = (id: string) => db().select().from(ownershipTransfers).where(eq(ownershipTransfers.id, id)).get()!
    expect(offerNow(openOffer.id)).toMatchObject({ buyerEmail: anonymous, status: 'canceled' })
    expect(offerNow(paidOffer.id)).toMatchObject({ buyerEmail: anonymous, status: 'paid' })
    // Kept for accounting, anonymised: the plan (cancelled through the payments adapter) and what the repair cost.
    expect(getPolicy(policy.id)).toMatchObject({ status: 'canceled', vehicleId: null, monthlyPriceCents: 1999 })
    expect(
      db()
        .select()
        .from(claims)
        .where(inArray(claims.id, [claim.id]))
        .get(),
    ).toMatchObject({ description: '', actualCostCents: 8900, vehicleId: null })
    expect(db().select().from(policies).where(eq(policies.profileId, profile.id)).all()).toHaveLength(1)
    expect(
      db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.actor, profile.id), eq(auditLog.action, 'profile.deleted')))
        .all(),
    ).toHaveLength(1)
    expect(outboxFor(profile.email)[0]?.subject).toBe('Your Glass Plan account was deleted')
  })
})
