import { afterEach, describe, expect, it } from 'vitest'

import { resetEnvForTests } from '~/env.server'
import { loader as checkoutLoader } from '~/routes/dev.checkout'
import { loader } from '~/routes/dev.outbox'
import { serverContext } from '~/server-facts.server'
import { sendEmail } from '~/services/email.server'

import { makeRequest, routeArgs, settle } from '../support/requests'

const appUrl = process.env.APP_URL

afterEach(() => {
  delete process.env.POSTMARK_SERVER_TOKEN
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
    expect(await loader(outboxRequest())).toEqual({ messages: [], total: 0 })
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

  it('is a 404 while Postmark is the transport', async () => {
    process.env.POSTMARK_SERVER_TOKEN = 'server-token'
    resetEnvForTests()
    expect((await settle(() => loader(outboxRequest()))).status).toBe(404)
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
