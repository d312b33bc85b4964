import { and, eq } from 'drizzle-orm'
import twilio from 'twilio'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'

import { TEXTS_CONSENT_VERSION } from '~/content/texts-consent'
import { db } from '~/db/client.server'
import { auditLog, claims, textConsents, textMessages } from '~/db/schema'
import { TEXT_MESSAGES } from '~/domain/messages'
import { resetEnvForTests } from '~/env.server'
import { approveClaim } from '~/models/claims/claim-review.server'
import { pendingTextConsentOf, textConsentOf } from '~/models/people/consents.server'
import { MAX_NUMBER_CODE_TRIES, NUMBER_CODE_MINUTES, textClaimStep } from '~/models/people/texts.server'
import { markOnTheWay, setAppointment } from '~/models/shops/shop-jobs.server'
import * as webhook from '~/routes/api.twilio-webhook'
import * as textsRoute from '~/routes/customer.texts'
import { setSmsTransport } from '~/services/sms.server'
import { twilioTransport } from '~/services/twilio.server'

import {
  confirmedTextsConsent,
  createActivePolicy,
  createClaim,
  createPartnerGroup,
  createProfile,
  ensureSeeded,
  findOrCreateProfile,
  sessionCookieFor,
} from '../support/factories'
import { fakeTwilio } from '../support/fake-twilio'
import { makeRequest, routeArgs, settle } from '../support/requests'

const ACCOUNT_SID = `AC${'1'.repeat(32)}`
const AUTH_TOKEN = 'twilio-auth-token-for-tests'
const FROM = '+18015550100'
const WEBHOOK_URL = 'http://localhost:3999/api/twilio-webhook'

const twilioServer = fakeTwilio()
let twilioUrl = ''

beforeAll(async () => {
  twilioUrl = await twilioServer.start()
})
afterAll(() => twilioServer.stop())
afterEach(() => {
  setSmsTransport(undefined)
  twilioServer.received.length = 0
  twilioServer.replies.length = 0
  for (const name of ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM_NUMBER']) delete process.env[name]
  resetEnvForTests()
})

function useFakeTwilio() {
  Object.assign(process.env, { TWILIO_ACCOUNT_SID: ACCOUNT_SID, TWILIO_AUTH_TOKEN: AUTH_TOKEN, TWILIO_FROM_NUMBER: FROM })
  resetEnvForTests()
  setSmsTransport(twilioTransport({ accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN, from: FROM, apiUrl: twilioUrl }))
}

const textsOf = (claimId: string) => db().select().from(textMessages).where(eq(textMessages.claimId, claimId)).all()

/** A customer who agreed to texts, with an approved mobile job of a shop, a time asked for. */
async function textedCustomerWithJob(phone = '+18015550142') {
  ensureSeeded()
  const operator = findOrCreateProfile('operator@example.com')
  const group = createPartnerGroup(undefined, { email: 'desk@texts-glass.example' })
  const customer = createProfile({ fullName: 'Tex Ting' })
  confirmedTextsConsent(customer.id, phone)
  const { policy } = createActivePolicy(customer.id)
  const claim = createClaim(policy.id)
  db()
    .update(claims)
    .set({ preferredDate: '2099-01-05', preferredSlot: 'morning', serviceAt: 'mobile', serviceAddress: '12 Elm St, Ogden' })
    .where(eq(claims.id, claim.id))
    .run()
  return { group, customer, claim, operator }
}

/** A reply as Twilio posts it, signed with the auth token (or with the signature given). */
function reply(fields: Record<string, string>, signature?: string | null) {
  const headers: Record<string, string> = { 'Content-Type': 'application/x-www-form-urlencoded' }
  const signed = signature === undefined ? twilio.getExpectedTwilioSignature(AUTH_TOKEN, WEBHOOK_URL, fields) : signature
  if (signed) headers['X-Twilio-Signature'] = signed
  const request = new Request(WEBHOOK_URL, { method: 'POST', headers, body: new URLSearchParams(fields).toString() })
  return settle(() => webhook.action(routeArgs(request)))
}

let sids = 0
const messageSid = () => `SM${String(++sids).padStart(32, 'a')}`

describe('the Twilio adapter, against a fake Twilio', () => {
  it('sends each claim step through the SDK and records the message id', async () => {
    useFakeTwilio()
    const { group, claim, operator } = await textedCustomerWithJob()
    await approveClaim({ claimId: claim.id, partnerGroupId: group.id, actorId: operator.id })
    await setAppointment({ groupId: group.id, actorId: operator.id, claimId: claim.id, intent: 'confirm', time: '09:30' })
    await markOnTheWay({ groupId: group.id, actorId: operator.id, claimId: claim.id })

    expect(twilioServer.received).toHaveLength(3)
    const [decided, booked, onTheWay] = twilioServer.received
    expect(decided!.url).toBe(`/2010-04-01/Accounts/${ACCOUNT_SID}/Messages.json`)
    expect(decided!.headers.authorization).toBe(`Basic ${Buffer.from(`${ACCOUNT_SID}:${AUTH_TOKEN}`).toString('base64')}`)
    expect(decided!.form).toMatchObject({ To: '+18015550142', From: FROM })
    expect(decided!.form.Body).toContain(`your claim ${claim.confirmationCode} is approved`)
    expect(booked!.form.Body).toContain(`booked claim ${claim.confirmationCode} for January 5, 2099 at 9:30 AM`)
    expect(onTheWay!.form.Body).toBe(`${TEXT_MESSAGES.onTheWayText(claim.confirmationCode, group.name)}${TEXT_MESSAGES.stopFooter}`)

    const rows = textsOf(claim.id)
    expect(rows.map((row) => [row.kind, row.status, row.transport])).toEqual([
      ['claim_decided', 'sent', 'twilio'],
      ['claim_booked', 'sent', 'twilio'],
      ['claim_on_the_way', 'sent', 'twilio'],
    ])
    expect(rows[0]!.providerMessageId).toMatch(/^SM\d{32}$/)
    const claimNow = db().select().from(claims).where(eq(claims.id, claim.id)).get()!
    expect(claimNow.technicianOnTheWayAt).not.toBeNull()
    expect(
      db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, claim.id), eq(auditLog.action, 'claim.technician_on_the_way')))
        .all(),
    ).toHaveLength(1)
    // Pressed again: refused, nothing sent twice.
    await expect(markOnTheWay({ groupId: group.id, actorId: operator.id, claimId: claim.id })).rejects.toMatchObject({ status: 409 })
    expect(twilioServer.received).toHaveLength(3)
  })

  it('records a text Twilio refuses with its reason, and the claim goes on', async () => {
    useFakeTwilio()
    const { group, claim, operator } = await textedCustomerWithJob('+18015550143')
    twilioServer.refuseNext(400, 21610, 'Attempt to send to unsubscribed recipient')
    const approved = await approveClaim({ claimId: claim.id, partnerGroupId: group.id, actorId: operator.id })
    expect(approved.approvalStatus).toBe('approved')
    const [refused] = textsOf(claim.id)
    expect(refused).toMatchObject({ kind: 'claim_decided', status: 'refused', providerMessageId: null })
    expect(refused!.refusalReason).toBe('21610: Attempt to send to unsubscribed recipient')
  })

  it('texts nobody who did not agree, and nobody on a mobile job of another group', async () => {
    useFakeTwilio()
    const operator = findOrCreateProfile('operator@example.com')
    const group = createPartnerGroup()
    const { policy } = createActivePolicy(createProfile().id)
    const claim = createClaim(policy.id)
    await approveClaim({ claimId: claim.id, partnerGroupId: group.id, actorId: operator.id })
    expect(await textClaimStep(claim.id, 'claim_decided')).toBeNull()
    expect(twilioServer.received).toHaveLength(0)

    const other = await textedCustomerWithJob('+18015550144')
    await approveClaim({ claimId: other.claim.id, partnerGroupId: other.group.id, actorId: operator.id })
    await expect(markOnTheWay({ groupId: group.id, actorId: operator.id, claimId: other.claim.id })).rejects.toMatchObject({
      init: { status: 404 },
    })
    // A job with no time given is not on the way yet.
    await expect(markOnTheWay({ groupId: other.group.id, actorId: operator.id, claimId: other.claim.id })).rejects.toMatchObject({
      status: 409,
    })
  })
})

describe('the replies webhook', () => {
  it('refuses a post without a valid signature (403) and a replayed one (409); a stranger is no error', async () => {
    useFakeTwilio()
    const fields = { MessageSid: messageSid(), From: '+18015550145', To: FROM, Body: 'HELP', AccountSid: ACCOUNT_SID }
    expect((await reply(fields, null)).status).toBe(403)
    expect((await reply(fields, 'bm90LWEtc2lnbmF0dXJl')).status).toBe(403)
    // Signed for other fields: the body was changed on the way.
    const forged = twilio.getExpectedTwilioSignature(AUTH_TOKEN, WEBHOOK_URL, { ...fields, Body: 'STOP' })
    expect((await reply(fields, forged)).status).toBe(403)
    expect(twilioServer.received).toHaveLength(0)

    const answered = await reply(fields)
    expect(answered.status).toBe(200)
    expect(answered.headers.get('Content-Type')).toContain('text/xml')
    expect((await reply(fields)).status).toBe(409)
    // HELP is answered once, with the support line.
    expect(twilioServer.received).toHaveLength(1)
    expect(twilioServer.received[0]!.form).toMatchObject({ To: '+18015550145', From: FROM })
    expect(twilioServer.received[0]!.form.Body).toBe(TEXT_MESSAGES.help('(801) 555-0142', 'support@glassplan.example'))
  })

  it('is a 404 while texts go to the outbox', async () => {
    const fields = { MessageSid: messageSid(), From: '+18015550145', Body: 'STOP' }
    expect((await reply(fields)).status).toBe(404)
  })

  it('ends texts at once on STOP: recorded and audited, and the next step sends nothing', async () => {
    useFakeTwilio()
    const { group, customer, claim, operator } = await textedCustomerWithJob('+18015550146')
    expect((await reply({ MessageSid: messageSid(), From: '+18015550146', Body: 'Stop' })).status).toBe(200)
    expect(textConsentOf(customer.id)).toBeNull()
    const [consent] = db().select().from(textConsents).where(eq(textConsents.profileId, customer.id)).all()
    expect(consent).toMatchObject({ stoppedBy: 'stop_reply', wordingVersion: TEXTS_CONSENT_VERSION })
    expect(consent!.stoppedAt).not.toBeNull()
    expect(
      db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, customer.id), eq(auditLog.action, 'profile.texts_stopped')))
        .all(),
    ).toHaveLength(1)
    await approveClaim({ claimId: claim.id, partnerGroupId: group.id, actorId: operator.id })
    expect(textsOf(claim.id)).toEqual([])
    expect(twilioServer.received).toHaveLength(0)
  })
})

describe('a stop in other words than Twilio takes', () => {
  it.each(['STOP.', 'Stop please', 'opt out', 'unsubscribe me', 'Cancel!', 'the end', 'quit it', 'I revoke my consent'])(
    '%j ends texts to the number, confirmed by one text of ours; the same stop again sends none',
    async (body) => {
      useFakeTwilio()
      const phone = freshNumber()
      const customer = createProfile()
      confirmedTextsConsent(customer.id, phone)
      expect((await reply({ MessageSid: messageSid(), From: phone, To: FROM, Body: body })).status).toBe(200)
      expect(textConsentOf(customer.id)).toBeNull()
      expect(twilioServer.received.map((text) => text.form)).toEqual([
        expect.objectContaining({ To: phone, From: FROM, Body: TEXT_MESSAGES.stopConfirmed }),
      ])
      expect(db().select().from(textMessages).where(eq(textMessages.toPhone, phone)).all()).toEqual([
        expect.objectContaining({ kind: 'stop_confirmed', status: 'sent', transport: 'twilio' }),
      ])
      // Said again (a new message): nothing is left to stop, and no second confirmation goes.
      expect((await reply({ MessageSid: messageSid(), From: phone, To: FROM, Body: body })).status).toBe(200)
      expect(twilioServer.received).toHaveLength(1)
    },
  )

  it("sends none of ours for Twilio's own single words, or when its webhook says it handled the stop", async () => {
    useFakeTwilio()
    for (const [body, optOutType] of [['STOP'], ['unsubscribe'], ['Stop please', 'STOP']] as Array<[string, string?]>) {
      const phone = freshNumber()
      const customer = createProfile()
      confirmedTextsConsent(customer.id, phone)
      const fields = { MessageSid: messageSid(), From: phone, To: FROM, Body: body, ...(optOutType ? { OptOutType: optOutType } : {}) }
      expect((await reply(fields)).status, body).toBe(200)
      expect(textConsentOf(customer.id), body).toBeNull()
    }
    expect(twilioServer.received).toHaveLength(0)
  })
})

/** A signed-in customer's posts to the texts page and its loader, from one browser. */
async function textsPageOf(customer: { id: string }) {
  const cookie = await sessionCookieFor(customer.id)
  const post = (form: Record<string, string>) =>
    settle(() =>
      textsRoute.action(routeArgs(makeRequest('/customer/texts', { cookie, form, headers: { 'User-Agent': 'Opt-in browser/1.0' } }))),
    )
  const load = async () =>
    (await settle(() => textsRoute.loader(routeArgs(makeRequest('/customer/texts', { cookie }))))).data as Awaited<
      ReturnType<typeof textsRoute.loader>
    >
  return { post, load }
}

type Answer = { result: { error: Record<string, string[]> } }
const fieldErrors = (answer: { data: unknown }) => (answer.data as Answer).result.error

/** The code in the last text the fake Twilio took, and who it went to. */
function lastCode() {
  const text = twilioServer.received.at(-1)!
  return { to: text.form.To, code: /\b(\d{6})\b/.exec(text.form.Body!)![1]!, body: text.form.Body! }
}

/** Another code than `code`, for the wrong tries. */
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0')

let numbers = 0
/** A number no other test of this file texts (rate limits count per number). */
const freshNumber = () => `+1801555${String(1200 + ++numbers)}`

describe('the opt-in', () => {
  it('records the consent with the wording version, time, address and browser; bad input saves nothing', async () => {
    const customer = createProfile()
    const { post } = await textsPageOf(customer)
    const refused = await post({ intent: 'texts-on', phone: '(800) 555-0142', consent: 'on' })
    expect(refused.status).toBe(400)
    expect(fieldErrors(refused).phone).toEqual([TEXT_MESSAGES.phoneRefused.toll_free])
    expect((await post({ intent: 'texts-on', phone: '801 555 0147' })).status).toBe(400)
    expect(pendingTextConsentOf(customer.id)).toBeNull()

    const accepted = await post({ intent: 'texts-on', phone: '801 555 0147', consent: 'on' })
    expect(accepted.status).toBe(302)
    expect(accepted.headers.get('Location')).toBe('/customer/texts')
    expect(pendingTextConsentOf(customer.id)).toMatchObject({
      phone: '+18015550147',
      wordingVersion: TEXTS_CONSENT_VERSION,
      userAgent: 'Opt-in browser/1.0',
      // No address is known without server.js in front: recorded as none, as the checkout's consent record does.
      clientIp: null,
      stoppedAt: null,
      confirmedAt: null,
    })
    // A new number starts over with its own code; turning texts off ends it.
    expect((await post({ intent: 'texts-on', phone: '801 555 0148', consent: 'on' })).status).toBe(302)
    expect(pendingTextConsentOf(customer.id)?.phone).toBe('+18015550148')
    expect((await post({ intent: 'texts-off' })).status).toBe(302)
    expect(pendingTextConsentOf(customer.id)).toBeNull()
    const rows = db().select().from(textConsents).where(eq(textConsents.profileId, customer.id)).all()
    expect(rows.map((row) => row.stoppedBy)).toEqual(['customer', 'customer'])
    expect(rows.every((row) => row.confirmedAt === null)).toBe(true)
  })

  it('offers the mobile number already on the account, and not a toll-free one', async () => {
    const withMobile = createProfile({ phone: '+18015550177' })
    expect((await (await textsPageOf(withMobile)).load()).texts.numberOnFile).toBe('(801) 555-0177')
    const withTollFree = createProfile({ phone: '+18005550177' })
    expect((await (await textsPageOf(withTollFree)).load()).texts.numberOnFile).toBeNull()
  })
})

describe('the number confirmed by a texted code', () => {
  it('texts a code to the number and nothing else until it is typed; a wrong code is refused by the field', async () => {
    useFakeTwilio()
    ensureSeeded()
    const operator = findOrCreateProfile('operator@example.com')
    const group = createPartnerGroup()
    const customer = createProfile()
    const { policy } = createActivePolicy(customer.id)
    const claim = createClaim(policy.id)
    const phone = freshNumber()
    const { post, load } = await textsPageOf(customer)

    expect((await post({ intent: 'texts-on', phone, consent: 'on' })).status).toBe(302)
    expect(twilioServer.received).toHaveLength(1)
    const { to, code, body } = lastCode()
    expect(to).toBe(phone)
    expect(body).toBe(TEXT_MESSAGES.codeText(code, NUMBER_CODE_MINUTES))
    // Only the code's keyed hash is kept, and the log row has the words without the code.
    const pending = pendingTextConsentOf(customer.id)!
    expect(pending.codeHash).toMatch(/^[0-9a-f]{64}$/)
    expect(JSON.stringify(pending)).not.toContain(code)
    const [logged] = db().select().from(textMessages).where(eq(textMessages.profileId, customer.id)).all()
    expect(logged).toMatchObject({ kind: 'number_code', status: 'sent', toPhone: phone })
    expect(logged!.body).not.toContain(code)
    expect((await load()).texts).toMatchObject({ phone: null, pending: { codeSent: true } })

    // Pending: a claim step texts nobody.
    await approveClaim({ claimId: claim.id, partnerGroupId: group.id, actorId: operator.id })
    expect(textsOf(claim.id)).toEqual([])
    expect(twilioServer.received).toHaveLength(1)

    const refused = await post({ intent: 'texts-confirm', code: wrong(code) })
    expect(refused.status).toBe(400)
    expect(fieldErrors(refused).code).toEqual([TEXT_MESSAGES.codeWrong(`${MAX_NUMBER_CODE_TRIES - 1} tries`)])
    expect((await post({ intent: 'texts-confirm', code: '12a' })).status).toBe(400)
    expect(textConsentOf(customer.id)).toBeNull()

    const confirmed = await post({ intent: 'texts-confirm', code: `${code.slice(0, 3)} ${code.slice(3)}` })
    expect(confirmed.status).toBe(302)
    expect(confirmed.headers.get('Location')).toBe('/customer')
    expect(textConsentOf(customer.id)).toMatchObject({ phone, confirmedBy: 'code', codeHash: null })
    // The confirmed number is told, once, what it signed up for and how to stop.
    expect(twilioServer.received.at(-1)!.form).toMatchObject({ To: phone, Body: TEXT_MESSAGES.confirmedText })
    expect(
      db()
        .select()
        .from(textMessages)
        .where(eq(textMessages.kind, 'texts_confirmed'))
        .all()
        .filter((row) => row.toPhone === phone),
    ).toHaveLength(1)
    expect(
      db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, customer.id), eq(auditLog.action, 'profile.texts_confirmed')))
        .all(),
    ).toHaveLength(1)
    // The code is used: typing it again finds no number waiting.
    expect(fieldErrors(await post({ intent: 'texts-confirm', code })).code).toEqual([TEXT_MESSAGES.noCodeWaiting])
    // Confirmed: the next step is texted to it.
    expect(await textClaimStep(claim.id, 'claim_decided')).toMatchObject({ status: 'sent', toPhone: phone })
  })

  it('refuses an expired code; a new code works and the old one no longer does', async () => {
    useFakeTwilio()
    const customer = createProfile()
    const { post } = await textsPageOf(customer)
    expect((await post({ intent: 'texts-on', phone: freshNumber(), consent: 'on' })).status).toBe(302)
    const first = lastCode().code
    const pending = pendingTextConsentOf(customer.id)!
    db()
      .update(textConsents)
      .set({ codeExpiresAt: new Date(Date.now() - 1000).toISOString() })
      .where(eq(textConsents.id, pending.id))
      .run()
    const expired = await post({ intent: 'texts-confirm', code: first })
    expect(expired.status).toBe(400)
    expect(fieldErrors(expired).code).toEqual([TEXT_MESSAGES.codeExpired])

    expect((await post({ intent: 'texts-code' })).status).toBe(302)
    expect(twilioServer.received).toHaveLength(2)
    const second = lastCode().code
    if (second !== first) expect(fieldErrors(await post({ intent: 'texts-confirm', code: first })).code).toHaveLength(1)
    expect((await post({ intent: 'texts-confirm', code: second })).status).toBe(302)
    expect(textConsentOf(customer.id)?.id).toBe(pending.id)
  })

  it(`voids a code after ${MAX_NUMBER_CODE_TRIES} wrong ones, even the right one after them`, async () => {
    useFakeTwilio()
    const customer = createProfile()
    const { post } = await textsPageOf(customer)
    expect((await post({ intent: 'texts-on', phone: freshNumber(), consent: 'on' })).status).toBe(302)
    const { code } = lastCode()
    const answers = []
    for (let i = 0; i < MAX_NUMBER_CODE_TRIES; i++) answers.push(await post({ intent: 'texts-confirm', code: wrong(code) }))
    expect(answers.map((answer) => answer.status)).toEqual(Array(MAX_NUMBER_CODE_TRIES).fill(400))
    expect(fieldErrors(answers.at(-1)!).code).toEqual([TEXT_MESSAGES.codeUsedUp])
    const late = await post({ intent: 'texts-confirm', code })
    expect(late.status).toBe(400)
    expect(fieldErrors(late).code).toEqual([TEXT_MESSAGES.codeUsedUp])
    expect(textConsentOf(customer.id)).toBeNull()
  })

  it('limits the codes texted per customer and per number (429 by the field, nothing sent), and the codes tried', async () => {
    useFakeTwilio()
    const customer = createProfile()
    const { post } = await textsPageOf(customer)
    for (let i = 0; i < 5; i++) expect((await post({ intent: 'texts-on', phone: freshNumber(), consent: 'on' })).status).toBe(302)
    const limited = await post({ intent: 'texts-on', phone: freshNumber(), consent: 'on' })
    expect(limited.status).toBe(429)
    expect(fieldErrors(limited).phone![0]).toMatch(/^Too many codes were texted\. Please try again in/)
    expect((await post({ intent: 'texts-code' })).status).toBe(429)
    expect(twilioServer.received).toHaveLength(5)

    // One number: five customers may ask for it in a day, the sixth is refused.
    const target = freshNumber()
    for (let i = 0; i < 5; i++) {
      const other = await textsPageOf(createProfile())
      expect((await other.post({ intent: 'texts-on', phone: target, consent: 'on' })).status).toBe(302)
    }
    const sixth = await (await textsPageOf(createProfile())).post({ intent: 'texts-on', phone: target, consent: 'on' })
    expect(sixth.status).toBe(429)
    expect(twilioServer.received.filter((text) => text.form.To === target)).toHaveLength(5)

    // Typed codes: 15 an hour per customer, across the codes asked for.
    const guesser = createProfile()
    const page = await textsPageOf(guesser)
    expect((await page.post({ intent: 'texts-on', phone: freshNumber(), consent: 'on' })).status).toBe(302)
    for (let round = 0; round < 3; round++) {
      if (round > 0) expect((await page.post({ intent: 'texts-code' })).status).toBe(302)
      const { code } = lastCode()
      for (let i = 0; i < MAX_NUMBER_CODE_TRIES; i++)
        expect((await page.post({ intent: 'texts-confirm', code: wrong(code) })).status).toBe(400)
    }
    expect((await page.post({ intent: 'texts-code' })).status).toBe(302)
    const tooMany = await page.post({ intent: 'texts-confirm', code: lastCode().code })
    expect(tooMany.status).toBe(429)
    expect(fieldErrors(tooMany).code![0]).toMatch(/^Too many codes were tried\./)
    expect(textConsentOf(guesser.id)).toBeNull()
  })

  it('refuses the number by its field when Twilio will not text it, and records no consent', async () => {
    useFakeTwilio()
    const customer = createProfile()
    const { post } = await textsPageOf(customer)
    twilioServer.refuseNext(400, 21211, "The 'To' number is not a valid phone number.")
    const refused = await post({ intent: 'texts-on', phone: freshNumber(), consent: 'on' })
    expect(refused.status).toBe(400)
    expect(fieldErrors(refused).phone).toEqual([TEXT_MESSAGES.codeNotDelivered])
    expect(db().select().from(textConsents).where(eq(textConsents.profileId, customer.id)).all()).toEqual([])
  })

  it('confirms a waiting number on a YES replied from it while its code works, and no other', async () => {
    useFakeTwilio()
    const customer = createProfile()
    const phone = freshNumber()
    const { post } = await textsPageOf(customer)
    expect((await post({ intent: 'texts-on', phone, consent: 'on' })).status).toBe(302)
    // A YES from another number confirms nothing.
    expect((await reply({ MessageSid: messageSid(), From: freshNumber(), Body: 'YES' })).status).toBe(200)
    expect(textConsentOf(customer.id)).toBeNull()
    const yes = { MessageSid: messageSid(), From: phone, Body: 'yes' }
    expect((await reply(yes)).status).toBe(200)
    expect(textConsentOf(customer.id)).toMatchObject({ phone, confirmedBy: 'yes_reply' })
    expect(twilioServer.received.at(-1)!.form).toMatchObject({ To: phone, Body: TEXT_MESSAGES.confirmedText })
    // The same YES delivered again confirms nothing twice, and texts nothing more.
    const told = twilioServer.received.length
    await reply(yes)
    expect(twilioServer.received).toHaveLength(told)

    // After its code expired, a YES does not confirm.
    const late = createProfile()
    const latePhone = freshNumber()
    expect((await (await textsPageOf(late)).post({ intent: 'texts-on', phone: latePhone, consent: 'on' })).status).toBe(302)
    db()
      .update(textConsents)
      .set({ codeExpiresAt: new Date(Date.now() - 1000).toISOString() })
      .where(eq(textConsents.profileId, late.id))
      .run()
    expect((await reply({ MessageSid: messageSid(), From: latePhone, Body: 'YES' })).status).toBe(200)
    expect(textConsentOf(late.id)).toBeNull()
  })
})
