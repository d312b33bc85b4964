import { eq } from 'drizzle-orm'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'

import { db } from '~/db/client.server'
import { auditLog, letters, localCheckouts, policies, profiles, providerCancelNotices, refunds } from '~/db/schema'
import { addCalendarDays } from '~/domain/calendar'
import { NOTICE_EMAIL_MAX_ATTEMPTS } from '~/domain/email'
import { formatLongDate } from '~/domain/format'
import type { MailingAddress } from '~/domain/letters'
import { DAY_MS } from '~/domain/time'
import { runDailyJobs } from '~/jobs.server'
import { setMailingAddress } from '~/models/people/letters.server'
import {
  endProviderCancellations,
  followMailedNotices,
  noticeProviderCancellation,
  retryProviderCancelNotices,
} from '~/models/policies/provider-cancellation.server'
import * as adminCustomersRoute from '~/routes/admin.customers.$profileId'
import { setEmailTransport } from '~/services/email.server'
import { lobTransport } from '~/services/lob.server'
import { outboxMailTransport, setMailTransport } from '~/services/mail.server'
import { getToast } from '~/toast.server'

import { expectConsoleError } from '../support/console'
import { createActivePolicy, createProfile, ensureSeeded, findOrCreateProfile, sessionCookieFor } from '../support/factories'
import { fakeLob } from '../support/fake-lob'
import { failingEmailTransport, outboxFor } from '../support/outbox'
import { inOperatorArea, makeRequest, routeArgs, settle } from '../support/requests'

/** The provider cancelling, through the operator's customer page, in local payments mode. */

const customerAction = inOperatorArea(adminCustomersRoute.action)
const customerLoader = inOperatorArea(adminCustomersRoute.loader)
const operator = () => sessionCookieFor(findOrCreateProfile('operator@example.com').id)
const ADDRESS = JSON.stringify({ name: 'Jamie Rivera', line1: '1 Main Street', line2: null, city: 'Austin', state: 'TX', zip: '78701' })

beforeAll(() => ensureSeeded())
afterEach(() => {
  setMailTransport(undefined)
  setEmailTransport(undefined)
})

/** A customer who paid a month's $19.99 (or a year's $199.90) at the local checkout `daysAgo` days ago, in `state`. */
function paidPolicy(state: string, daysAgo: number, interval: 'month' | 'year' = 'month') {
  const now = Date.now()
  const amountCents = interval === 'year' ? 19990 : 1999
  const customer = createProfile({ mailingAddress: ADDRESS })
  const createdAt = new Date(now - daysAgo * DAY_MS).toISOString()
  const checkout = db()
    .insert(localCheckouts)
    .values({
      lookupKey: 'comprehensive_car_adas_false',
      amountCents,
      profileId: customer.id,
      tosVersion: '1.0.1',
      tosAcceptedAt: createdAt,
      cancelPath: '/signup',
      status: 'complete',
      completedAt: createdAt,
    })
    .returning()
    .get()
  const { policy } = createActivePolicy(customer.id, {
    governingState: state,
    createdAt,
    monthlyPriceCents: amountCents,
    billingInterval: interval,
    stripeCheckoutSessionId: checkout.id,
  })
  return { customer, policy }
}

async function notice(profileId: string, policyId: string, ground: string, explanation = 'Two payments were declined and not made up.') {
  const form = { intent: 'provider-cancel', policyId, ground, explanation }
  return settle(async () =>
    customerAction(routeArgs(makeRequest(`/admin/customers/${profileId}`, { cookie: await operator(), form }), { profileId })),
  )
}

type Refused = { result: { error: Record<string, string[]> }; toast: { title: string; description: string } }

const policyRow = (id: string) => db().select().from(policies).where(eq(policies.id, id)).get()!
const lettersOf = (policyId: string) => db().select().from(letters).where(eq(letters.policyId, policyId)).all()

describe('the provider cancelling a policy', () => {
  it('Texas: the notice mailed before the fifth day preceding the end (6 days), then the policy ends with a pro-rata refund and no fee', async () => {
    setMailTransport(outboxMailTransport)
    const { customer, policy } = paidPolicy('TX', 40, 'year')
    const answer = await notice(customer.id, policy.id, 'nonpayment')
    expect(answer.status).toBe(302)

    const noticed = policyRow(policy.id)
    expect(noticed.status).toBe('active')
    expect(noticed.providerCancelGround).toBe('nonpayment')
    const days = (Date.parse(noticed.providerCancelAt!) - Date.parse(noticed.providerCancelNoticedAt!)) / DAY_MS
    expect(days).toBe(6)

    const [letter] = lettersOf(policy.id)
    expect(letter).toMatchObject({ template: 'provider-cancellation', certified: false, status: 'sent', provider: 'outbox' })
    // Counted from the letter's mailing (the twin's moment of posting), and the letter names that day.
    expect(Date.parse(noticed.providerCancelAt!) - Date.parse(letter!.mailedAt!)).toBe(6 * DAY_MS)
    expect(JSON.parse(letter!.content).paragraphs[0]).toContain(
      `It ends on ${formatLongDate(noticed.providerCancelAt!)}, 6 days after this notice`,
    )
    expect(JSON.parse(letter!.content).paragraphs.join(' ')).toContain('The reason: Nonpayment of the price. Two payments were declined')
    expect(outboxFor(customer.email).find((message) => message.tag === 'provider-cancellation')!.text).toContain(
      'Our explanation:\n> Two payments were declined and not made up.',
    )
    const mail = outboxFor(customer.email).find((message) => message.tag === 'provider-cancellation')!
    expect(mail.text).toContain('6 days after this notice')
    expect(mail.text).toContain('without any cancellation fee')

    const audit = db().select().from(auditLog).where(eq(auditLog.action, 'policy.provider_cancel_noticed')).all()
    expect(audit.find((row) => row.entityId === policy.id)?.detail).toMatchObject({ ground: 'nonpayment', noticeDays: 6, channel: 'mail' })

    // Before the effective date nothing ends; on it the daily job ends the policy with the refund.
    expect(await endProviderCancellations(new Date(Date.parse(noticed.providerCancelAt!) - 60_000))).toBe(0)
    expect(await endProviderCancellations(new Date(Date.parse(noticed.providerCancelAt!) + 60_000))).toBeGreaterThanOrEqual(1)
    const ended = policyRow(policy.id)
    expect(ended.status).toBe('canceled')
    const refund = db().select().from(refunds).where(eq(refunds.policyId, policy.id)).get()!
    expect(refund).toMatchObject({ rule: 'pro_rata', feeCents: 0, claimsDeductedCents: 0, reason: 'provider: nonpayment' })
    expect(refund.amountCents).toBeGreaterThan(0)
    expect(refund.amountCents).toBe(refund.grossCents)
  })

  it('New York past its free look (no refund to a customer who leaves): the provider refunds the unused part all the same', async () => {
    setMailTransport(outboxMailTransport)
    const { customer, policy } = paidPolicy('NY', 45, 'year')
    expect((await notice(customer.id, policy.id, 'fraud')).status).toBe(302)
    await endProviderCancellations(new Date(Date.parse(policyRow(policy.id).providerCancelAt!) + 60_000))
    const refund = db().select().from(refunds).where(eq(refunds.policyId, policy.id)).get()!
    expect(refund).toMatchObject({ rule: 'pro_rata', feeCents: 0 })
    expect(refund.amountCents).toBeGreaterThan(0)
    // New York's default channel is e-mail: no letter for a customer who kept electronic delivery.
    expect(lettersOf(policy.id)).toEqual([])
  })

  it('Florida after day 60: nonpayment goes by certified mail; a ground Florida does not permit then is refused with the reason', async () => {
    setMailTransport(outboxMailTransport)
    const { customer, policy } = paidPolicy('FL', 90)
    const refused = await notice(customer.id, policy.id, 'breach')
    expect(refused.status).toBe(409)
    expect((refused.data as Refused).toast.description).toBe(
      'Florida does not permit cancelling this policy on that ground now. Permitted: Nonpayment of the price; Fraud in obtaining the contract or in a claim; A material misrepresentation by the contract holder.',
    )
    expect(policyRow(policy.id).providerCancelAt).toBeNull()

    expect((await notice(customer.id, policy.id, 'nonpayment')).status).toBe(302)
    expect(lettersOf(policy.id)).toMatchObject([{ template: 'provider-cancellation', certified: true, status: 'sent' }])
  })

  it('refuses a second notice and a cancelled policy with the reason, and a missing ground or explanation next to the field', async () => {
    setMailTransport(outboxMailTransport)
    const { customer, policy } = paidPolicy('OH', 20)
    expect((await notice(customer.id, policy.id, 'misrepresentation')).status).toBe(302)
    const again = await notice(customer.id, policy.id, 'fraud')
    expect(again.status).toBe(409)
    expect((again.data as Refused).toast.title).toBe('Already Noticed')

    const other = paidPolicy('OH', 20)
    db().update(policies).set({ status: 'canceled', canceledAt: new Date().toISOString() }).where(eq(policies.id, other.policy.id)).run()
    const cancelled = await notice(other.customer.id, other.policy.id, 'fraud')
    expect(cancelled.status).toBe(409)
    expect((cancelled.data as Refused).toast.description).toBe('This policy is already cancelled.')

    const third = paidPolicy('OH', 20)
    const blank = await notice(third.customer.id, third.policy.id, '', '')
    expect(blank.status).toBe(400)
    expect((blank.data as Refused).result.error).toMatchObject({
      ground: ['Choose the ground for cancelling.'],
      explanation: ['Please explain the ground to the customer (it is in their notice).'],
    })
    expect(policyRow(third.policy.id).providerCancelAt).toBeNull()
  })

  it('offers the operator only the grounds the state permits now, with the notice and its channel', async () => {
    const { customer, policy } = paidPolicy('NV', 80)
    const page = (await customerLoader(
      routeArgs(makeRequest(`/admin/customers/${customer.id}`, { cookie: await operator() }), { profileId: customer.id }),
    )) as { policies: Array<{ id: string; providerCancel: { grounds: { value: string; channel: string }[]; noticeDays: number } }> }
    const options = page.policies.find((row) => row.id === policy.id)!.providerCancel
    expect(options.noticeDays).toBe(15)
    expect(options.grounds.map((ground) => ground.value)).toEqual(['nonpayment', 'fraud', 'misrepresentation', 'breach'])
    expect(options.grounds[0]!.channel).toBe('by mail and e-mail')
  })

  it('is the operator’s alone: another customer’s policy is a 404', async () => {
    const { policy } = paidPolicy('TX', 20)
    const stranger = createProfile()
    expect((await notice(stranger.id, policy.id, 'fraud')).status).toBe(404)
  })

  it('holds the letter of a customer with no mailing address; the operator saves one and it is posted', async () => {
    setMailTransport(outboxMailTransport)
    const { customer, policy } = paidPolicy('TX', 20)
    db().update(profiles).set({ mailingAddress: null }).where(eq(profiles.id, customer.id)).run()
    expect((await notice(customer.id, policy.id, 'fraud')).status).toBe(302)
    expect(lettersOf(policy.id)).toMatchObject([{ status: 'held' }])

    const save = (form: Record<string, string>) =>
      settle(async () =>
        customerAction(
          routeArgs(
            makeRequest(`/admin/customers/${customer.id}`, { cookie: await operator(), form: { intent: 'mailing-address', ...form } }),
            {
              profileId: customer.id,
            },
          ),
        ),
      )
    const address = { name: 'Jamie Rivera', line1: '1 Main Street', line2: '', city: 'Austin', state: 'TX', zip: '78701' }
    const bad = await save({ ...address, zip: '787' })
    expect(bad.status).toBe(400)
    expect((bad.data as Refused).result.error.zip).toEqual(['Enter the five-digit ZIP code, like 10001.'])
    expect(lettersOf(policy.id)).toMatchObject([{ status: 'held' }])

    // A ZIP that does not exist, or one in another state, is refused by the ZIP.
    const unknown = await save({ ...address, zip: '00000' })
    expect((unknown.data as Refused).result.error.zip).toEqual(['That ZIP code does not exist. Check the five digits.'])
    const elsewhere = await save({ ...address, zip: '10001' })
    expect((elsewhere.data as Refused).result.error.zip).toEqual(['That ZIP code is in New York: check the state or the ZIP.'])

    expect((await save(address)).status).toBe(302)
    expect(lettersOf(policy.id)).toMatchObject([{ status: 'sent', attempts: 1 }])
    // Stored as USPS writes it.
    expect(JSON.parse(lettersOf(policy.id)[0]!.recipient!)).toEqual({ ...address, line1: '1 Main St', line2: null })
  })

  it('never ends a policy whose notice letter was not mailed; once it is, the end counts from the mailing (Texas: the sixth day)', async () => {
    setMailTransport(outboxMailTransport)
    const { customer, policy } = paidPolicy('TX', 40, 'year')
    db().update(profiles).set({ mailingAddress: null }).where(eq(profiles.id, customer.id)).run()
    // Noticed ten days ago; the letter has waited for an address since.
    const noticedAt = new Date(Date.now() - 10 * DAY_MS)
    await noticeProviderCancellation(
      { profileId: customer.id, policyId: policy.id, ground: 'nonpayment', explanation: 'Declined twice.', actorId: 'operator' },
      noticedAt,
    )
    const [held] = lettersOf(policy.id)
    expect(held).toMatchObject({ status: 'held', mailedAt: null })
    expect(JSON.parse(held!.content).paragraphs[0]).toContain('It ends on {end date}')
    const firstEnd = Date.parse(policyRow(policy.id).providerCancelAt!)
    expect(firstEnd).toBe(noticedAt.getTime() + 6 * DAY_MS)
    // Its day has passed, the letter was never mailed: nothing ends, however late.
    await endProviderCancellations(new Date(firstEnd + 30 * DAY_MS))
    expect(policyRow(policy.id).status).toBe('active')

    // The address comes today: the letter is mailed now and the policy ends six days from now, not on the old day.
    const mailedAt = new Date()
    await setMailingAddress(customer.id, customer.id, JSON.parse(ADDRESS) as MailingAddress, mailedAt)
    expect(await followMailedNotices(mailedAt, policy.id)).toBe(1)
    const [sent] = lettersOf(policy.id)
    expect(sent).toMatchObject({ status: 'sent', mailedAt: mailedAt.toISOString() })
    const endsAt = mailedAt.getTime() + 6 * DAY_MS
    expect(Date.parse(policyRow(policy.id).providerCancelAt!)).toBe(endsAt)
    // The letter is dated the day it went and names the day counted from it.
    expect(JSON.parse(sent!.content).date).toBe(formatLongDate(mailedAt, '', 'America/Chicago'))
    expect(JSON.parse(sent!.content).paragraphs[0]).toContain(`It ends on ${formatLongDate(new Date(endsAt), '', 'America/Chicago')}`)
    expect(db().select().from(auditLog).where(eq(auditLog.action, 'policy.provider_cancel_moved')).all()).toContainEqual(
      expect.objectContaining({
        entityId: policy.id,
        detail: expect.objectContaining({ letterMailedAt: mailedAt.toISOString(), noticeDays: 6 }),
      }),
    )
    // The boundary: a minute before the sixth day after the mailing it stands; on it, it ends.
    await endProviderCancellations(new Date(endsAt - 60_000))
    expect(policyRow(policy.id).status).toBe('active')
    await endProviderCancellations(new Date(endsAt))
    expect(policyRow(policy.id).status).toBe('canceled')
  })

  it('by Lob: counts from Lob’s send date, so a letter Lob sends two days later ends the policy two days later (audited)', async () => {
    const lob = fakeLob()
    const url = await lob.start()
    try {
      setMailTransport(lobTransport('test_lob_key', url))
      const sendDate = new Date(Date.now() + 2 * DAY_MS).toISOString()
      lob.replies.push({ status: 200, body: { id: 'ltr_later', object: 'letter', send_date: sendDate, tracking_number: null } })
      const { customer, policy } = paidPolicy('CA', 20)
      expect((await notice(customer.id, policy.id, 'nonpayment')).status).toBe(302)
      expect(lettersOf(policy.id)).toMatchObject([{ status: 'sent', provider: 'lob', mailedAt: sendDate }])
      // Five calendar days in Los Angeles at the same time of day (no daylight change in these days of December).
      const endsAt = addCalendarDays(new Date(sendDate), 5, 'America/Los_Angeles').getTime()
      expect(Date.parse(policyRow(policy.id).providerCancelAt!)).toBe(endsAt)
      expect(db().select().from(auditLog).where(eq(auditLog.action, 'policy.provider_cancel_moved')).all()).toContainEqual(
        expect.objectContaining({ entityId: policy.id, detail: expect.objectContaining({ letterMailedAt: sendDate, noticeDays: 5 }) }),
      )
      await endProviderCancellations(new Date(endsAt - 60_000))
      expect(policyRow(policy.id).status).toBe('active')
    } finally {
      await lob.stop()
    }
  })

  it('California: five days after the mailing, and after day 60 only nonpayment, misrepresentation or fraud (refused by the field)', async () => {
    setMailTransport(outboxMailTransport)
    // Inside the 60 days: any ground (the day-60 boundary itself: tests/unit/notice-windows.test.ts).
    const early = paidPolicy('CA', 59)
    expect((await notice(early.customer.id, early.policy.id, 'breach')).status).toBe(302)
    const noticed = policyRow(early.policy.id)
    const [letter] = lettersOf(early.policy.id)
    expect(Date.parse(noticed.providerCancelAt!) - Date.parse(letter!.mailedAt!)).toBe(5 * DAY_MS)

    const late = paidPolicy('CA', 62)
    const refused = await notice(late.customer.id, late.policy.id, 'breach')
    expect(refused.status).toBe(409)
    expect((refused.data as Refused).result.error.ground).toEqual([
      'California does not permit cancelling this policy on that ground now. Permitted: Nonpayment of the price; Fraud in obtaining the contract or in a claim; A material misrepresentation by the contract holder.',
    ])
    expect(policyRow(late.policy.id).providerCancelAt).toBeNull()
    expect(lettersOf(late.policy.id)).toEqual([])
    expect((await notice(late.customer.id, late.policy.id, 'misrepresentation')).status).toBe(302)
  })
})

describe('the notice e-mail, tried until it is delivered', () => {
  const emailRow = (policyId: string) =>
    db().select().from(providerCancelNotices).where(eq(providerCancelNotices.policyId, policyId)).get()!
  const noticeMails = (email: string) => outboxFor(email).filter((message) => message.tag === 'provider-cancellation')
  const pageOf = async (profileId: string, policyId: string) => {
    const page = (await customerLoader(
      routeArgs(makeRequest(`/admin/customers/${profileId}`, { cookie: await operator() }), { profileId }),
    )) as { policies: Array<{ id: string; providerCancel: { noticed: { endsAt: string; email: Record<string, unknown> | null } | null } }> }
    return page.policies.find((row) => row.id === policyId)!.providerCancel.noticed!
  }

  it('by e-mail (New York): a failed notice is sent again by the daily job, the end moves to 10 days after it went out, and nothing ends before', async () => {
    expectConsoleError(/e-mail failed .*the mail provider is unavailable/)
    setEmailTransport(failingEmailTransport())
    const { customer, policy } = paidPolicy('NY', 45, 'year')
    const answer = await notice(customer.id, policy.id, 'fraud')
    expect(answer.status).toBe(302)
    const flash = await getToast(
      new Request('http://localhost:3999/admin', { headers: { Cookie: answer.headers.get('Set-Cookie')!.split(';')[0]! } }),
    )
    expect(flash.toast).toMatchObject({
      type: 'info',
      title: 'Notice Not Yet E-mailed',
      description: 'The notice e-mail could not be sent; it is tried again daily. The policy ends 10 days after it goes out, not before.',
    })
    const noticed = policyRow(policy.id)
    const firstEnd = Date.parse(noticed.providerCancelAt!)
    expect(emailRow(policy.id)).toMatchObject({ byEmail: true, attempts: 1, sentAt: null })
    expect(noticeMails(customer.email)).toEqual([])
    expect((await pageOf(customer.id, policy.id)).email).toMatchObject({ sentAt: null, attempts: 1, gaveUp: false })

    // The day it was to end the customer has still not been told: it is not ended.
    const dayOfEnd = new Date(firstEnd + 60_000)
    await endProviderCancellations(dayOfEnd)
    expect(policyRow(policy.id).status).toBe('active')

    // The provider is back: the next daily run sends it, and the end moves to 10 days after that run.
    setEmailTransport(undefined)
    const report = await runDailyJobs(dayOfEnd)
    expect(report.providerCancelNoticesSent).toBeGreaterThanOrEqual(1)
    expect(policyRow(policy.id).status).toBe('active')
    const movedTo = dayOfEnd.getTime() + 10 * DAY_MS
    expect(Date.parse(policyRow(policy.id).providerCancelAt!)).toBe(movedTo)
    expect(emailRow(policy.id)).toMatchObject({ attempts: 2, sentAt: dayOfEnd.toISOString() })
    const [mail] = noticeMails(customer.email)
    expect(mail!.text).toContain(formatLongDate(new Date(movedTo).toISOString()))
    expect(db().select().from(auditLog).where(eq(auditLog.action, 'policy.provider_cancel_moved')).all()).toContainEqual(
      expect.objectContaining({
        actor: 'system',
        entityId: policy.id,
        detail: {
          from: new Date(firstEnd).toISOString(),
          to: new Date(movedTo).toISOString(),
          noticeGivenAt: dayOfEnd.toISOString(),
          noticeDays: 10,
          attempts: 2,
        },
      }),
    )

    // Sent once: later runs send nothing more; the policy ends on the new day, not before.
    await retryProviderCancelNotices(new Date(movedTo - DAY_MS))
    expect(noticeMails(customer.email)).toHaveLength(1)
    await endProviderCancellations(new Date(movedTo - 60_000))
    expect(policyRow(policy.id).status).toBe('active')
    await endProviderCancellations(new Date(movedTo + 60_000))
    expect(policyRow(policy.id).status).toBe('canceled')
  })

  it('a notice delivered at once keeps its day and moves nothing', async () => {
    const { customer, policy } = paidPolicy('NY', 45, 'year')
    expect((await notice(customer.id, policy.id, 'fraud')).status).toBe(302)
    const noticed = policyRow(policy.id)
    expect(Date.parse(noticed.providerCancelAt!) - Date.parse(noticed.providerCancelNoticedAt!)).toBe(10 * DAY_MS)
    expect(emailRow(policy.id)).toMatchObject({ byEmail: true, attempts: 1, sentAt: noticed.providerCancelNoticedAt })
    expect(noticeMails(customer.email)).toHaveLength(1)
  })

  it(`stops after ${NOTICE_EMAIL_MAX_ATTEMPTS} tries; the operator sees it and the policy is never ended`, async () => {
    expectConsoleError(/e-mail failed .*the mail provider is unavailable/)
    setEmailTransport(failingEmailTransport())
    const { customer, policy } = paidPolicy('NY', 45, 'year')
    expect((await notice(customer.id, policy.id, 'nonpayment')).status).toBe(302)
    const start = Date.now()
    for (let day = 1; day < NOTICE_EMAIL_MAX_ATTEMPTS; day++) {
      await retryProviderCancelNotices(new Date(start + day * DAY_MS))
      expect(emailRow(policy.id)).toMatchObject({ attempts: day + 1, sentAt: null })
    }
    // The end date never moved while nothing went out.
    expect(Date.parse(policyRow(policy.id).providerCancelAt!)).toBe(Date.parse(policyRow(policy.id).providerCancelNoticedAt!) + 10 * DAY_MS)
    expect((await pageOf(customer.id, policy.id)).email).toMatchObject({
      sentAt: null,
      byEmail: true,
      attempts: NOTICE_EMAIL_MAX_ATTEMPTS,
      gaveUp: true,
    })

    // No more tries, even once the provider is back; the policy is not ended however late.
    setEmailTransport(undefined)
    const late = new Date(start + 60 * DAY_MS)
    expect(await retryProviderCancelNotices(late)).toBe(0)
    expect(emailRow(policy.id).attempts).toBe(NOTICE_EMAIL_MAX_ATTEMPTS)
    expect(noticeMails(customer.email)).toEqual([])
    await endProviderCancellations(late)
    expect(policyRow(policy.id).status).toBe('active')
  })

  it('two runs at once send a failed notice once', async () => {
    expectConsoleError(/e-mail failed .*the mail provider is unavailable/)
    setEmailTransport(failingEmailTransport())
    const { customer, policy } = paidPolicy('NY', 45, 'year')
    expect((await notice(customer.id, policy.id, 'fraud')).status).toBe(302)
    setEmailTransport(undefined)
    const next = new Date(Date.now() + DAY_MS)
    await Promise.all([retryProviderCancelNotices(next), retryProviderCancelNotices(next)])
    expect(noticeMails(customer.email)).toHaveLength(1)
    expect(emailRow(policy.id)).toMatchObject({ attempts: 2, sentAt: next.toISOString() })
  })

  it('by mail (Texas): the letter is the notice, so a failed e-mail moves nothing and the policy ends on its day; the e-mail is still retried', async () => {
    expectConsoleError(/e-mail failed .*the mail provider is unavailable/)
    setMailTransport(outboxMailTransport)
    setEmailTransport(failingEmailTransport())
    const { customer, policy } = paidPolicy('TX', 40, 'year')
    const answer = await notice(customer.id, policy.id, 'nonpayment')
    expect(answer.status).toBe(302)
    expect(lettersOf(policy.id)).toMatchObject([{ template: 'provider-cancellation', status: 'sent' }])
    const endsAt = policyRow(policy.id).providerCancelAt!
    expect(emailRow(policy.id)).toMatchObject({ byEmail: false, attempts: 1, sentAt: null })

    setEmailTransport(undefined)
    const next = new Date(Date.now() + DAY_MS)
    await retryProviderCancelNotices(next)
    expect(emailRow(policy.id)).toMatchObject({ attempts: 2, sentAt: next.toISOString() })
    expect(policyRow(policy.id).providerCancelAt).toBe(endsAt)
    expect(noticeMails(customer.email)[0]!.text).toContain(formatLongDate(endsAt))
    await endProviderCancellations(new Date(Date.parse(endsAt) + 60_000))
    expect(policyRow(policy.id).status).toBe('canceled')
  })

  it('a policy the customer cancelled meanwhile is not e-mailed again', async () => {
    expectConsoleError(/e-mail failed .*the mail provider is unavailable/)
    setEmailTransport(failingEmailTransport())
    const { customer, policy } = paidPolicy('NY', 45, 'year')
    expect((await notice(customer.id, policy.id, 'fraud')).status).toBe(302)
    db().update(policies).set({ status: 'canceled', canceledAt: new Date().toISOString() }).where(eq(policies.id, policy.id)).run()
    setEmailTransport(undefined)
    await retryProviderCancelNotices(new Date(Date.now() + DAY_MS))
    expect(emailRow(policy.id).attempts).toBe(1)
    expect(noticeMails(customer.email)).toEqual([])
  })
})
