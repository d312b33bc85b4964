import { afterEach, describe, expect, it } from 'vitest'

import { EMAIL_SAMPLES } from '~/emails/samples'
import { resetEnvForTests } from '~/env.server'
import { loader } from '~/routes/dev.emails'
import { loader as templateLoader } from '~/routes/dev.emails.$template'
import { serverContext } from '~/server/server-facts.server'

import { makeRequest, routeArgs, settle } from '../support/requests'

const appUrl = process.env.APP_URL

afterEach(() => {
  process.env.APP_URL = appUrl
  resetEnvForTests()
})

/** As server.js hands it over: the socket's own address in the request's context. */
function fromPeer(peer: string) {
  return serverContext({ clientAddress: peer, peerAddress: peer, requestId: 'test-request', requestLine: {} })
}

const listRequest = (peer?: string) => routeArgs(makeRequest('/dev/emails'), {}, peer ? fromPeer(peer) : undefined)
const templateRequest = (template: string, query = '', peer = '127.0.0.1') =>
  routeArgs(makeRequest(`/dev/emails/${template}${query}`), { template }, fromPeer(peer))

describe('/dev/emails', () => {
  it('lists every template with its sample’s subject and text part', async () => {
    const { emails } = await loader(listRequest('127.0.0.1'))
    expect(emails.map((email) => email.id)).toEqual(EMAIL_SAMPLES.map((sample) => sample.id))
    expect(emails.length).toBeGreaterThanOrEqual(20)
    const signIn = emails.find((email) => email.id === 'sign-in')!
    expect(signIn).toMatchObject({ name: 'Sign-in link and code', subject: 'Your Glass Plan login link' })
    expect(signIn.text).toContain('Or enter this code on the sign-in page: 482916')
  })

  it('shows one template as the HTML page the mail client gets, or its text part', async () => {
    const html = (await templateLoader(templateRequest('claim-approved'))) as Response
    expect(html.status).toBe(200)
    expect(html.headers.get('Content-Type')).toBe('text/html; charset=utf-8')
    const page = await html.text()
    expect(page).toMatch(/^<!DOCTYPE html/)
    expect(page).toContain('<title>Your claim is approved</title>')
    expect(page).toContain('href="https://glassplan.example/customer/claims/CS-7K2M9Q"')

    const text = (await templateLoader(templateRequest('claim-approved', '?part=text'))) as Response
    expect(text.headers.get('Content-Type')).toBe('text/plain; charset=utf-8')
    expect(await text.text()).toContain('Your shop: Wasatch Auto Glass\n(801) 555-0100 · shop@wasatch-glass.example')
  })

  it('is a 404 for a template that does not exist', async () => {
    expect((await settle(() => templateLoader(templateRequest('no-such-email')))).status).toBe(404)
  })

  it('answers only this machine: another address is a 404, loopback (IPv4, IPv6, mapped) is served', async () => {
    for (const peer of ['10.0.0.7', '192.168.1.20', '2001:db8::1', '::ffff:10.0.0.7']) {
      expect((await settle(() => loader(listRequest(peer)))).status, peer).toBe(404)
      expect((await settle(() => templateLoader(templateRequest('sign-in', '', peer)))).status, peer).toBe(404)
    }
    for (const peer of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      expect((await settle(() => loader(listRequest(peer)))).status, peer).toBe(200)
      expect((await settle(() => templateLoader(templateRequest('sign-in', '', peer)))).status, peer).toBe(200)
    }
  })

  it('answers only a loopback Host, even from this machine (a DNS-rebinding page sends its own name)', async () => {
    for (const origin of ['http://rebind.example:3999', 'http://localhost.rebind.example', 'http://10.0.0.7:3999']) {
      const list = routeArgs(new Request(`${origin}/dev/emails`), {}, fromPeer('127.0.0.1'))
      const one = routeArgs(new Request(`${origin}/dev/emails/sign-in`), { template: 'sign-in' }, fromPeer('127.0.0.1'))
      expect((await settle(() => loader(list))).status, origin).toBe(404)
      expect((await settle(() => templateLoader(one))).status, origin).toBe(404)
    }
  })

  it('does not exist when APP_URL is not a loopback origin, whoever asks', async () => {
    process.env.APP_URL = 'https://glass.example'
    resetEnvForTests()
    expect((await settle(() => loader(listRequest('127.0.0.1')))).status).toBe(404)
    expect((await settle(() => templateLoader(templateRequest('sign-in')))).status).toBe(404)
  })
})
