import fs from 'node:fs'
import path from 'node:path'

import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'

import { db } from '~/db/client.server'
import { letters, policies, profiles } from '~/db/schema'
import type { MailingAddress } from '~/domain/letters'
import { withdrawEsignConsent } from '~/models/people/consents.server'
import { postLetter, retryLetters } from '~/models/people/letters.server'
import { sendRenewalNotices } from '~/models/policies/renewals.server'
import { lobTransport } from '~/services/lob.server'
import { lettersDir, outboxMailTransport, setMailTransport } from '~/services/mail.server'

import { expectConsoleError } from '../support/console'
import { createActivePolicy, createProfile } from '../support/factories'
import { fakeLob } from '../support/fake-lob'
import { pdfText } from '../support/pdf-text'

const ADDRESS: MailingAddress = {
  name: 'Jamie Rivera',
  line1: '12 West 31st Street',
  line2: 'Apt 4B',
  city: 'New York',
  state: 'NY',
  zip: '10001',
}
const CONTENT = { title: 'Your plan renews soon', date: 'November 26, 2026', paragraphs: ['Your plan renews on December 26, 2026.'] }

const lob = fakeLob()
let lobUrl = ''

beforeAll(async () => {
  lobUrl = await lob.start()
})
afterAll(() => lob.stop())
afterEach(() => {
  setMailTransport(undefined)
  lob.received.length = 0
  lob.replies.length = 0
})

function customer(address: MailingAddress | null = ADDRESS) {
  return createProfile({ mailingAddress: address ? JSON.stringify(address) : null })
}

const letterRow = (id: string) => db().select().from(letters).where(eq(letters.id, id)).get()!

describe('the offline twin', () => {
  it('renders the letter as a PDF into the outbox, with a description the outbox page lists, and records it', async () => {
    setMailTransport(outboxMailTransport)
    const profile = customer()
    const letter = await postLetter({
      profileId: profile.id,
      policyId: null,
      template: 'renewal-notice',
      content: CONTENT,
      certified: true,
    })
    expect(letter).toMatchObject({
      status: 'sent',
      provider: 'outbox',
      certified: true,
      attempts: 1,
      trackingNumber: null,
      costCents: null,
    })
    expect(JSON.parse(letter.recipient!)).toEqual(ADDRESS)

    const description = fs
      .readdirSync(lettersDir())
      .filter((file) => file.endsWith('.json'))
      .map((file) => JSON.parse(fs.readFileSync(path.join(lettersDir(), file), 'utf8')) as { id: string; pdf: string; to: string[] })
      .find((entry) => entry.id === letter.id)!
    expect(description).toMatchObject({ template: 'renewal-notice', certified: true, title: 'Your plan renews soon' })
    expect(description.to).toEqual(['Jamie Rivera', '12 West 31st Street', 'Apt 4B', 'New York, NY 10001'])
    const text = await pdfText(new Uint8Array(fs.readFileSync(path.join(lettersDir(), description.pdf))))
    expect(text).toContain('CERTIFIED MAIL')
    expect(text).toContain('Your plan renews on December 26, 2026.')
    expect(text).toContain('New York, NY 10001')
  })

  it('holds a letter for a customer with no mailing address, and posts it once they have one', async () => {
    setMailTransport(outboxMailTransport)
    const profile = customer(null)
    const held = await postLetter({ profileId: profile.id, policyId: null, template: 'paper-copy', content: CONTENT, certified: false })
    expect(held).toMatchObject({ status: 'held', recipient: null, attempts: 0 })
    await retryLetters()
    expect(letterRow(held.id).status).toBe('held')
    db()
      .update(profiles)
      .set({ mailingAddress: JSON.stringify(ADDRESS) })
      .where(eq(profiles.id, profile.id))
      .run()
    await retryLetters()
    expect(letterRow(held.id)).toMatchObject({ status: 'sent', attempts: 1 })
  })
})

describe('the Lob client', () => {
  it('posts a certified letter with the key, the letter id as idempotency key, and records the tracking number', async () => {
    setMailTransport(lobTransport('test_lob_key', lobUrl))
    const profile = customer()
    const letter = await postLetter({
      profileId: profile.id,
      policyId: null,
      template: 'renewal-notice',
      content: CONTENT,
      certified: true,
    })
    expect(letter).toMatchObject({ status: 'sent', provider: 'lob', providerLetterId: 'ltr_000001' })
    expect(letter.trackingNumber).toMatch(/^9407/)
    const [request] = lob.received
    expect(request!.method).toBe('POST')
    expect(request!.url).toBe('/v1/letters')
    expect(request!.headers.authorization).toBe(`Basic ${Buffer.from('test_lob_key:').toString('base64')}`)
    expect(request!.headers['idempotency-key']).toBe(letter.id)
    expect(request!.body).toMatchObject({
      to: {
        name: 'Jamie Rivera',
        address_line1: '12 West 31st Street',
        address_line2: 'Apt 4B',
        address_city: 'New York',
        address_state: 'NY',
        address_zip: '10001',
      },
      from: {
        name: 'Glass Plan LLC',
        address_line1: '2150 South 1300 East',
        address_line2: 'Suite 500',
        address_city: 'Salt Lake City',
        address_state: 'UT',
        address_zip: '84106',
      },
      extra_service: 'certified',
      color: false,
      use_type: 'operational',
    })
    expect(request!.body.file).toContain('Your plan renews on December 26, 2026.')
  })

  it('sends a first-class letter without an extra service', async () => {
    setMailTransport(lobTransport('test_lob_key', lobUrl))
    const letter = await postLetter({
      profileId: customer().id,
      policyId: null,
      template: 'paper-copy',
      content: CONTENT,
      certified: false,
    })
    expect(letter.trackingNumber).toBeNull()
    expect(lob.received[0]!.body.extra_service).toBeUndefined()
  })

  it('keeps a letter Lob refuses as failed with the reason, and the daily retry posts it', async () => {
    setMailTransport(lobTransport('test_lob_key', lobUrl))
    lob.refuseNext(422, 'address_zip is invalid')
    expectConsoleError(/refused by the mail provider/)
    const failed = await postLetter({
      profileId: customer().id,
      policyId: null,
      template: 'provider-cancellation',
      content: CONTENT,
      certified: true,
    })
    expect(failed).toMatchObject({ status: 'failed', attempts: 1 })
    expect(failed.lastError).toBeTruthy()
    await retryLetters()
    expect(letterRow(failed.id)).toMatchObject({ status: 'sent', attempts: 2, lastError: null, providerLetterId: 'ltr_000002' })
    // Both tries carried the same idempotency key: Lob posts one letter.
    expect(lob.received.map((request) => request.headers['idempotency-key'])).toEqual([failed.id, failed.id])
  })
})

describe('renewal notices on paper', () => {
  const yearly = (profileId: string, state: string) =>
    createActivePolicy(profileId, {
      lookupKey: 'comprehensive_car_adas_false_yearly',
      billingInterval: 'year',
      monthlyPriceCents: 19990,
      governingState: state,
      createdAt: '2050-03-10T12:00:00.000Z',
      initialTermEndsAt: '2051-03-10T12:00:00.000Z',
    }).policy
  const lettersFor = (policyId: string) => db().select().from(letters).where(eq(letters.policyId, policyId)).all()

  it('serve a New York yearly renewal by certified mail inside its 15–30 days, not before', async () => {
    setMailTransport(outboxMailTransport)
    const policy = yearly(customer().id, 'NY')
    await sendRenewalNotices(new Date('2051-02-04T06:00:00Z')) // 34 days ahead: outside New York's window
    expect(lettersFor(policy.id)).toEqual([])
    await sendRenewalNotices(new Date('2051-02-10T06:00:00Z')) // 28 days ahead
    const [letter] = lettersFor(policy.id)
    expect(letter).toMatchObject({ template: 'renewal-notice', certified: true, status: 'sent', late: false })
    const content = JSON.parse(letter!.content) as { title: string; paragraphs: string[] }
    expect(content.title).toBe('Your plan renews on March 10, 2051')
    expect(content.paragraphs.join(' ')).toContain('$199.90 per year')
    // The deadline to act before the charge (noon UTC on March 10 is 8 a.m. in New York), on paper as in the e-mail.
    expect(content.paragraphs.join(' ')).toContain('To avoid the charge on March 10, 2051, turn renewal off or cancel by March 9, 2051.')
  })

  it('send a notice whose window was missed at once, flagged late', async () => {
    setMailTransport(outboxMailTransport)
    const policy = yearly(customer().id, 'NY')
    await sendRenewalNotices(new Date('2051-03-01T06:00:00Z')) // 9 days ahead: New York's window closed on day 15
    expect(lettersFor(policy.id)).toMatchObject([{ certified: true, late: true, status: 'sent' }])
    expect(db().select().from(policies).where(eq(policies.id, policy.id)).get()!.renewalNoticeSentAt).not.toBeNull()
  })

  it('post a first-class paper copy to a customer who withdrew electronic consent, and nothing to one who did not', async () => {
    setMailTransport(outboxMailTransport)
    const withdrawn = yearly(
      createProfile({ mailingAddress: JSON.stringify(ADDRESS), esignWithdrawnAt: '2050-06-01T00:00:00.000Z' }).id,
      'OH',
    )
    const electronic = yearly(customer().id, 'OH')
    await sendRenewalNotices(new Date('2051-01-30T06:00:00Z')) // 39 days ahead
    expect(lettersFor(withdrawn.id)).toMatchObject([{ template: 'paper-copy', certified: false, status: 'sent' }])
    expect(lettersFor(electronic.id)).toEqual([])
  })
})

describe('withdrawing consent to electronic delivery', () => {
  it('posts the plan documents of each running plan on paper, once', async () => {
    setMailTransport(outboxMailTransport)
    const profile = customer()
    const { policy } = createActivePolicy(profile.id, { governingState: 'TX' })
    await withdrawEsignConsent(profile)
    await withdrawEsignConsent(profile)
    const posted = db().select().from(letters).where(eq(letters.policyId, policy.id)).all()
    expect(posted).toMatchObject([{ template: 'paper-copy', certified: false, status: 'sent' }])
    const content = JSON.parse(posted[0]!.content) as { title: string; paragraphs: string[] }
    expect(content.title).toBe(`Your plan documents, policy ${policy.policyNumber}`)
    expect(content.paragraphs.join(' ')).toContain('Texas Department of Licensing and Regulation')
  })
})
