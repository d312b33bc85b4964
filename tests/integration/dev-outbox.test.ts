import { afterEach, describe, expect, it } from 'vitest'

import { resetEnvForTests } from '~/env.server'
import { postLetter } from '~/models/people/letters.server'
import { sendText } from '~/models/people/texts.server'
import { loader as checkoutLoader } from '~/routes/dev.checkout.$id'
import { loader } from '~/routes/dev.outbox'
import { loader as pdfLoader } from '~/routes/dev.outbox.letters.$file'
import { serverContext } from '~/server/server-facts.server'
import { sendEmail } from '~/services/email.server'

import { createProfile } from '../support/factories'
import { makeRequest, routeArgs, settle } from '../support/requests'

const appUrl = process.env.APP_URL
const TWILIO = ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM_NUMBER'] as const

afterEach(() => {
  delete process.env.POSTMARK_SERVER_TOKEN
  delete process.env.LOB_API_KEY
  for (const name of TWILIO) delete process.env[name]
  process.env.APP_URL = appUrl
  resetEnvForTests()
})

/** As server.js hands it over: the socket's own address in the request's context. */
function fromPeer(peer: string) {
  return serverContext({ clientAddress: peer, peerAddress: peer, requestId: 'test-request', requestLine: {} })
}

function outboxRequest(peer?: string) {
  return routeArgs(makeRequest('/dev/outbox'), {}, peer ? fromPeer(peer) : undefined)
}

describe('/dev/outbox', () => {
  it('lists the outbox newest first', async () => {
    expect(await loader(outboxRequest())).toEqual({ messages: [], total: 0, letters: [], texts: [] })
    await sendEmail({
      to: 'older@example.com',
      subject: 'Older',
      html: '<p>1</p>',
      text: 'one http://localhost:3999/auth/verify?token=a',
      tag: 'sign-in',
    })
    await new Promise((resolve) => setTimeout(resolve, 5))
    await sendEmail({ to: 'newer@example.com', subject: 'Newer', html: '<p>2</p>', text: 'two', tag: 'claim-approved' })
    const { messages, total } = await loader(outboxRequest('127.0.0.1'))
    expect(total).toBe(2)
    expect(messages.map((message) => message.subject)).toEqual(['Newer', 'Older'])
    expect(messages[1]).toMatchObject({ to: 'older@example.com', tag: 'sign-in', text: 'one http://localhost:3999/auth/verify?token=a' })
  })

  it('is a 404 while Postmark, Lob and Twilio are the transports; with Postmark alone it lists the letters and no e-mail', async () => {
    process.env.POSTMARK_SERVER_TOKEN = 'server-token'
    process.env.LOB_API_KEY = 'test_lob_key'
    Object.assign(process.env, {
      TWILIO_ACCOUNT_SID: `AC${'0'.repeat(32)}`,
      TWILIO_AUTH_TOKEN: 'twilio-token',
      TWILIO_FROM_NUMBER: '+18015550100',
    })
    resetEnvForTests()
    expect((await settle(() => loader(outboxRequest()))).status).toBe(404)
    delete process.env.LOB_API_KEY
    for (const name of TWILIO) delete process.env[name]
    resetEnvForTests()
    await sendEmail({ to: 'hidden@example.com', subject: 'Hidden', html: '<p>1</p>', text: 'one', tag: 'sign-in' })
    expect(await loader(outboxRequest())).toMatchObject({ messages: [], total: 0 })
  })

  it('lists the texts the SMS twin wrote, newest first', async () => {
    await sendText({ profileId: null, claimId: null, to: '+18015550142', kind: 'help', body: 'First text', whenCapped: 'queue' })
    await new Promise((resolve) => setTimeout(resolve, 5))
    await sendText({
      profileId: null,
      claimId: null,
      to: '+18015550143',
      kind: 'claim_on_the_way',
      body: 'Second text',
      whenCapped: 'queue',
    })
    const { texts } = await loader(outboxRequest())
    expect(texts.map((text) => [text.to, text.kind, text.body])).toEqual([
      ['+18015550143', 'claim_on_the_way', 'Second text'],
      ['+18015550142', 'help', 'First text'],
    ])
  })

  it('lists the letters the mail twin rendered, certified ones marked, each with its PDF', async () => {
    const profile = createProfile({
      mailingAddress: JSON.stringify({ name: 'Ana Diaz', line1: '5 Main St', line2: null, city: 'Albany', state: 'NY', zip: '12207' }),
    })
    const content = { title: 'Your plan renews on March 10, 2051', date: 'February 10, 2051', paragraphs: ['It renews.'] }
    await postLetter({ profileId: profile.id, policyId: null, template: 'renewal-notice', content, certified: true })
    const { letters } = await loader(outboxRequest())
    expect(letters[0]).toMatchObject({ title: content.title, certified: true, to: ['Ana Diaz', '5 Main St', 'Albany, NY 12207'] })
    const pdf = await settle(() => pdfLoader(routeArgs(makeRequest(`/dev/outbox/letters/${letters[0]!.pdf}`), { file: letters[0]!.pdf })))
    expect(pdf.status).toBe(200)
    expect(pdf.headers.get('Content-Type')).toBe('application/pdf')
    // Only the twin's own file names: nothing outside its folder.
    for (const file of ['..%2F..%2Fdata.db', '../outbox.json', 'x.json']) {
      const answer = await settle(() => pdfLoader(routeArgs(makeRequest('/dev/outbox/letters/x'), { file })))
      expect(answer.status).toBe(404)
    }
  })

  it('answers only this machine: a request from another address is a 404, from loopback (IPv4, IPv6, mapped) it lists', async () => {
    for (const peer of ['10.0.0.7', '192.168.1.20', '2001:db8::1', '::ffff:10.0.0.7']) {
      expect((await settle(() => loader(outboxRequest(peer)))).status).toBe(404)
    }
    for (const peer of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      expect((await settle(() => loader(outboxRequest(peer)))).status).toBe(200)
    }
  })

  it('believes only the server’s word for the address: a header naming a loopback address changes nothing', async () => {
    const claimed = { 'X-Glass-Peer-Address': '127.0.0.1', 'X-Glass-Client-Address': '127.0.0.1' }
    expect((await settle(() => loader(routeArgs(makeRequest('/dev/outbox', { headers: claimed }), {}, fromPeer('10.0.0.7'))))).status).toBe(
      404,
    )
  })

  it('answers only a loopback Host, even from this machine (a DNS-rebinding page sends its own name)', async () => {
    const asked = (url: string) => routeArgs(new Request(url), {}, fromPeer('127.0.0.1'))
    for (const url of [
      'http://rebind.example:3999/dev/outbox',
      'http://localhost.rebind.example/dev/outbox',
      'http://10.0.0.7:3999/dev/outbox',
    ]) {
      expect((await settle(() => loader(asked(url)))).status, url).toBe(404)
    }
    for (const url of ['http://localhost:3999/dev/outbox', 'http://127.0.0.1:3999/dev/outbox', 'http://[::1]:3999/dev/outbox']) {
      expect((await settle(() => loader(asked(url)))).status, url).toBe(200)
    }
    const checkout = new Request('http://rebind.example:3999/dev/checkout/x')
    expect((await settle(() => checkoutLoader(routeArgs(checkout, { id: 'x' }, fromPeer('127.0.0.1'))))).status).toBe(404)
  })

  it('does not exist when APP_URL is not a loopback origin, whoever asks', async () => {
    process.env.APP_URL = 'https://glass.example'
    resetEnvForTests()
    expect((await settle(() => loader(outboxRequest('127.0.0.1')))).status).toBe(404)
    expect((await settle(() => checkoutLoader(routeArgs(makeRequest('/dev/checkout/x'), { id: 'x' }, fromPeer('127.0.0.1'))))).status).toBe(
      404,
    )
  })
})
