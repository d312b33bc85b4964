import { eq, sql } from 'drizzle-orm'
import twilio from 'twilio'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'

import { db } from '~/db/client.server'
import { claims, emailLog, stormEvents, textMessages } from '~/db/schema'
import { TEXT_MESSAGES } from '~/domain/messages'
import { UNVETTED_BRAND_DAILY_TEXTS } from '~/domain/texts'
import { resetEnvForTests } from '~/env.server'
import { stopTexts } from '~/models/people/consents.server'
import { DAILY_CAP_REASON, sendQueuedTexts, textClaimStep, textsLeftToday } from '~/models/people/texts.server'
import * as webhook from '~/routes/api.twilio-webhook'
import * as textsRoute from '~/routes/customer.texts'
import { setSmsTransport } from '~/services/sms.server'
import { twilioTransport } from '~/services/twilio.server'

import { confirmedTextsConsent, createActivePolicy, createClaim, createProfile, ensureSeeded, sessionCookieFor } from '../support/factories'
import { fakeTwilio } from '../support/fake-twilio'
import { makeRequest, routeArgs, settle } from '../support/requests'

const ACCOUNT_SID = `AC${'2'.repeat(32)}`
const AUTH_TOKEN = 'twilio-auth-token-for-cap-tests'
const FROM = '+18015550100'

const twilioServer = fakeTwilio()

beforeAll(async () => {
  const apiUrl = await twilioServer.start()
  Object.assign(process.env, { TWILIO_ACCOUNT_SID: ACCOUNT_SID, TWILIO_AUTH_TOKEN: AUTH_TOKEN, TWILIO_FROM_NUMBER: FROM })
  resetEnvForTests()
  setSmsTransport(twilioTransport({ accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN, from: FROM, apiUrl }))
  ensureSeeded()
})
afterAll(async () => {
  setSmsTransport(undefined)
  for (const name of ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM_NUMBER']) delete process.env[name]
  resetEnvForTests()
  await twilioServer.stop()
})
afterEach(() => {
  twilioServer.received.length = 0
})

/** `count` texts already sent at `sentAt` (one statement: the cap is counted from the rows, not from a counter). */
function sentAlready(count: number, sentAt: string) {
  db().run(sql`
    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${count})
    INSERT INTO text_messages (id, to_phone, kind, body, transport, status, created_at, sent_at)
    SELECT 'earlier-' || ${sentAt} || '-' || i, '+18015550199', 'help', 'earlier', 'twilio', 'sent', ${sentAt}, ${sentAt} FROM n`)
}

let numbers = 0
/** A customer who agreed to texts on a number of their own, with an approved claim (one of a storm's, if given). */
function textedClaim(overrides: Partial<typeof claims.$inferInsert> = {}) {
  const customer = createProfile()
  const phone = `+1801556${String(1000 + ++numbers)}`
  confirmedTextsConsent(customer.id, phone)
  const { policy } = createActivePolicy(customer.id)
  const claim = createClaim(policy.id, { approvalStatus: 'approved', ...overrides })
  return { customer, phone, claim }
}

const rowOf = (claimId: string) => db().select().from(textMessages).where(eq(textMessages.claimId, claimId)).get()!

describe(`the day's cap of ${UNVETTED_BRAND_DAILY_TEXTS} texts`, () => {
  // A Pacific day (PDT, UTC-7) far from the other tests' days: it starts at 07:00 UTC.
  const NOON = new Date('2031-05-14T19:00:00.000Z')
  const NEXT_MORNING = new Date('2031-05-15T16:00:00.000Z')

  it("sends the 2,000th text of a Pacific day, queues the 2,001st, and the next day's job sends it unless the number stopped", async () => {
    // The day before (23:59:59 in Los Angeles) does not count; the day's first second does.
    sentAlready(1, '2031-05-14T06:59:59.000Z')
    sentAlready(1, '2031-05-14T07:00:00.000Z')
    sentAlready(UNVETTED_BRAND_DAILY_TEXTS - 2, '2031-05-14T12:00:00.000Z')
    expect(textsLeftToday(NOON)).toEqual({ sent: 1_999, left: 1 })

    const last = textedClaim()
    expect(await textClaimStep(last.claim.id, 'claim_decided', NOON)).toMatchObject({ status: 'sent', sentAt: NOON.toISOString() })
    expect(twilioServer.received.map((text) => text.form.To)).toEqual([last.phone])
    expect(textsLeftToday(NOON)).toEqual({ sent: 2_000, left: 0 })

    const past = textedClaim()
    const stopped = textedClaim()
    expect(await textClaimStep(past.claim.id, 'claim_done', NOON)).toMatchObject({ status: 'queued', sentAt: null })
    expect(await textClaimStep(stopped.claim.id, 'claim_done', NOON)).toMatchObject({ status: 'queued' })
    expect(twilioServer.received).toHaveLength(1)
    // The same day the job leaves them waiting.
    expect(await sendQueuedTexts(NOON)).toEqual({ sent: 0, refused: 0, waiting: 2 })

    stopTexts({ profileId: stopped.customer.id, source: 'customer' })
    expect(await sendQueuedTexts(NEXT_MORNING)).toEqual({ sent: 1, refused: 1, waiting: 0 })
    expect(twilioServer.received.map((text) => [text.form.To, text.form.Body])).toEqual([
      [last.phone, expect.any(String)],
      [past.phone, rowOf(past.claim.id).body],
    ])
    expect(rowOf(past.claim.id)).toMatchObject({
      status: 'sent',
      sentAt: NEXT_MORNING.toISOString(),
      providerMessageId: expect.stringMatching(/^SM/),
    })
    expect(rowOf(stopped.claim.id)).toMatchObject({ status: 'refused', sentAt: null })
    expect(textsLeftToday(NEXT_MORNING)).toEqual({ sent: 1, left: UNVETTED_BRAND_DAILY_TEXTS - 1 })
  })

  it('e-mails instead, once the cap is reached, a storm\'s claim text and an "on the way" that cannot wait', async () => {
    // The day is full already (the test above), and a storm covers another day.
    db()
      .insert(stormEvents)
      .values({ name: 'Ogden hail', area: '844', startsOn: '2031-05-13', endsOn: '2031-05-13', filingDays: 30, declaredBy: 'operator' })
      .run()
    const [storm] = db().select().from(stormEvents).all()
    const stormClaim = textedClaim({ stormEventId: storm!.id })
    const onTheWay = textedClaim()
    expect(await textClaimStep(stormClaim.claim.id, 'claim_decided', NOON)).toMatchObject({ status: 'emailed', sentAt: null })
    expect(await textClaimStep(onTheWay.claim.id, 'claim_on_the_way', NOON)).toMatchObject({ status: 'emailed' })
    expect(twilioServer.received).toHaveLength(0)
    // The decision has its own e-mail (sent with the step); "on the way" has none, so its words are e-mailed.
    const mailed = db().select().from(emailLog).where(eq(emailLog.tag, 'claim-text-by-email')).all()
    expect(mailed.map((email) => [email.to, email.subject])).toEqual([
      [onTheWay.customer.email, `News about your claim ${onTheWay.claim.confirmationCode}`],
    ])
    // On a storm's own days every claim text past the cap goes by e-mail, the storm's claims or not.
    db().update(stormEvents).set({ startsOn: '2031-05-14', endsOn: '2031-05-14' }).where(eq(stormEvents.id, storm!.id)).run()
    const other = textedClaim()
    expect(await textClaimStep(other.claim.id, 'claim_done', NOON)).toMatchObject({ status: 'emailed' })
    // Nothing e-mailed waits in the queue.
    expect(await sendQueuedTexts(NEXT_MORNING)).toEqual({ sent: 0, refused: 0, waiting: 0 })
  })
})

describe('texts that cannot wait for the next day', () => {
  it("refuses a number's code past the cap (429 by the field, nothing texted), and queues a HELP answer", async () => {
    const now = new Date()
    const { left } = textsLeftToday(now)
    sentAlready(left, now.toISOString())
    const customer = createProfile()
    const cookie = await sessionCookieFor(customer.id)
    const answer = await settle(() =>
      textsRoute.action(
        routeArgs(makeRequest('/customer/texts', { cookie, form: { intent: 'texts-on', phone: '+18015557001', consent: 'on' } })),
      ),
    )
    expect(answer.status).toBe(429)
    expect((answer.data as { result: { error: Record<string, string[]> } }).result.error.phone).toEqual([TEXT_MESSAGES.codeAfterCap])
    expect(twilioServer.received).toHaveLength(0)
    expect(db().select().from(textMessages).where(eq(textMessages.toPhone, '+18015557001')).all()).toEqual([
      expect.objectContaining({ kind: 'number_code', status: 'refused', refusalReason: DAILY_CAP_REASON }),
    ])

    const fields = { MessageSid: `SM${'c'.repeat(32)}`, From: '+18015557002', To: FROM, Body: 'HELP' }
    const url = 'http://localhost:3999/api/twilio-webhook'
    const request = new Request(url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        'X-Twilio-Signature': twilio.getExpectedTwilioSignature(AUTH_TOKEN, url, fields),
      },
      body: new URLSearchParams(fields).toString(),
    })
    expect((await settle(() => webhook.action(routeArgs(request)))).status).toBe(200)
    expect(twilioServer.received).toHaveLength(0)
    expect(db().select().from(textMessages).where(eq(textMessages.toPhone, '+18015557002')).all()).toEqual([
      expect.objectContaining({ kind: 'help', status: 'queued' }),
    ])
  })
})
