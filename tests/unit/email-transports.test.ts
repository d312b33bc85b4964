import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'

import { desc, eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'

import { db } from '~/db/client.server'
import { emailLog } from '~/db/schema'
import { signInEmail } from '~/emails/sign-in'
import { sendEmail, setEmailTransport } from '~/services/email.server'
import { outboxDir, outboxTransport } from '~/services/outbox.server'
import { postmarkTransport } from '~/services/postmark.server'

import { expectConsoleError } from '../support/console'

type Received = { method: string; url: string; headers: http.IncomingHttpHeaders; body: Record<string, unknown> }

/** A local stand-in for api.postmarkapp.com: records each request and answers with the next queued reply. */
class FakePostmark {
  received: Received[] = []
  replies: Array<{ status: number; body: unknown }> = []
  private server = http.createServer((request, response) => {
    let raw = ''
    request.on('data', (chunk) => (raw += chunk))
    request.on('end', () => {
      this.received.push({ method: request.method!, url: request.url!, headers: request.headers, body: JSON.parse(raw || '{}') })
      const reply = this.replies.shift() ?? {
        status: 200,
        body: { To: 'x', SubmittedAt: new Date().toISOString(), MessageID: `msg-${this.received.length}`, ErrorCode: 0, Message: 'OK' },
      }
      response.writeHead(reply.status, { 'Content-Type': 'application/json' })
      response.end(JSON.stringify(reply.body))
    })
  })

  async start() {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve))
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`
  }

  stop() {
    return new Promise<void>((resolve) => this.server.close(() => resolve()))
  }
}

const fake = new FakePostmark()
let apiUrl = ''

beforeAll(async () => {
  apiUrl = await fake.start()
})
afterAll(() => fake.stop())
afterEach(() => {
  setEmailTransport(undefined)
  fake.received = []
  fake.replies = []
})

const message = { to: 'casey@example.com', subject: 'Your Glass Plan login link', html: '<p>Hi</p>', text: 'Hi', tag: 'sign-in' as const }

describe('Postmark adapter', () => {
  it('posts the message to /email with the server token, link tracking off for sign-in mail', async () => {
    const transport = postmarkTransport('server-token-123', apiUrl)
    const result = await transport.send({ ...message, from: 'Glass Plan <hello@glassplan.example>', trackLinks: false })
    expect(result.providerMessageId).toBe('msg-1')
    expect(fake.received).toHaveLength(1)
    const [request] = fake.received
    expect(request!.method).toBe('POST')
    expect(request!.url).toBe('/email')
    expect(request!.headers['x-postmark-server-token']).toBe('server-token-123')
    expect(request!.body).toMatchObject({
      From: 'Glass Plan <hello@glassplan.example>',
      To: 'casey@example.com',
      Subject: 'Your Glass Plan login link',
      HtmlBody: '<p>Hi</p>',
      TextBody: 'Hi',
      Tag: 'sign-in',
      MessageStream: 'outbound',
      TrackLinks: 'None',
      TrackOpens: false,
    })
  })

  it('tracks links when the message allows it', async () => {
    await postmarkTransport('t', apiUrl).send({ ...message, from: 'a@b.co' })
    expect(fake.received[0]!.body.TrackLinks).toBe('HtmlAndText')
  })

  it('turns an API error into a thrown error, which sendEmail logs as failed without throwing', async () => {
    expectConsoleError(/e-mail failed .*: You tried to send to a recipient/)
    fake.replies.push({ status: 422, body: { ErrorCode: 300, Message: 'Invalid email request' } })
    await expect(postmarkTransport('t', apiUrl).send({ ...message, from: 'a@b.co' })).rejects.toThrow(/Invalid email request/)

    fake.replies.push({
      status: 422,
      body: { ErrorCode: 406, Message: 'You tried to send to a recipient that has been marked as inactive.' },
    })
    setEmailTransport(postmarkTransport('t', apiUrl))
    const sent = await sendEmail({ ...message, to: 'inactive@example.com' })
    expect(sent).toBeNull()
    const row = db().select().from(emailLog).where(eq(emailLog.to, 'inactive@example.com')).get()!
    expect(row).toMatchObject({ status: 'failed', transport: 'postmark', tag: 'sign-in' })
    expect(row.error).toMatch(/inactive/)
  })

  it('logs a sent message with the provider message id', async () => {
    setEmailTransport(postmarkTransport('t', apiUrl))
    const sent = await sendEmail({ ...message, to: 'logged@example.com' })
    expect(sent).toMatchObject({ transport: 'postmark' })
    const row = db().select().from(emailLog).where(eq(emailLog.to, 'logged@example.com')).get()!
    expect(row).toMatchObject({ id: sent!.id, status: 'sent', providerMessageId: 'msg-1' })
  })

  it('fails (and is logged) when the server cannot be reached', async () => {
    expectConsoleError(/e-mail failed .*: fetch failed/)
    setEmailTransport(postmarkTransport('t', 'http://127.0.0.1:9'))
    expect(await sendEmail({ ...message, to: 'unreachable@example.com' })).toBeNull()
    expect(db().select().from(emailLog).where(eq(emailLog.to, 'unreachable@example.com')).get()?.status).toBe('failed')
  })
})

describe('outbox adapter', () => {
  it('writes one JSON file per message, named so a plain sort is chronological', async () => {
    const first = await outboxTransport.send({ ...message, to: 'first@example.com', from: 'a@b.co' })
    await new Promise((resolve) => setTimeout(resolve, 5))
    await outboxTransport.send({ ...message, to: 'second@example.com', from: 'a@b.co' })
    const files = fs
      .readdirSync(outboxDir())
      .filter((file) => file.endsWith('.json'))
      .sort()
    expect(files.some((file) => file.endsWith('.tmp'))).toBe(false)
    const bodies = files.map((file) => JSON.parse(fs.readFileSync(path.join(outboxDir(), file), 'utf8')))
    const firstIndex = bodies.findIndex((body) => body.to === 'first@example.com')
    const secondIndex = bodies.findIndex((body) => body.to === 'second@example.com')
    expect(firstIndex).toBeLessThan(secondIndex)
    expect(bodies[firstIndex]).toEqual({
      id: first.providerMessageId,
      to: 'first@example.com',
      from: 'a@b.co',
      subject: message.subject,
      text: message.text,
      html: message.html,
      tag: 'sign-in',
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    })
    expect(files[firstIndex]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z-\w+\.json$/)
  })

  it('is the transport sendEmail uses without Postmark, and logs what it wrote', async () => {
    const sent = await sendEmail({ ...message, to: 'outboxed@example.com' })
    expect(sent?.transport).toBe('outbox')
    const row = db().select().from(emailLog).orderBy(desc(emailLog.createdAt)).where(eq(emailLog.to, 'outboxed@example.com')).get()!
    expect(row.status).toBe('sent')
    const file = fs.readdirSync(outboxDir()).find((name) => name.endsWith(`${row.providerMessageId}.json`))
    expect(file).toBeDefined()
  })
})

describe('sign-in e-mail template', () => {
  it('carries the link and the code in both parts, escaping values in the HTML', async () => {
    const url = 'http://localhost:3000/auth/verify?token=abc&x="><script>alert(1)</script>'
    const email = await signInEmail({ url, code: '123456', expiresInMinutes: 15 })
    expect(email.subject).toBe('Your Glass Plan login link')
    expect(email.text).toContain(url)
    expect(email.text).toContain('123456')
    expect(email.text).toContain('15 minutes')
    expect(email.html).toContain('123456')
    expect(email.html).not.toContain('<script>')
    expect(email.html).toContain('href="http://localhost:3000/auth/verify?token=abc&amp;x=&quot;&gt;&lt;script&gt;')
  })
})
