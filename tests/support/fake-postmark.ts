import http from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A local stand-in for Postmark's single-message endpoint (POST /email, what the app's Postmark transport calls):
 * keeps each message it accepts and answers as Postmark does when it queues one. Tests read the messages back instead
 * of the outbox, which a server configured with Postmark does not write.
 */
export type PostmarkMessage = { From: string; To: string; Subject: string; TextBody: string; HtmlBody: string; Tag?: string }

export function fakePostmark() {
  const received: PostmarkMessage[] = []
  const server = http.createServer((request, response) => {
    let raw = ''
    request.on('data', (chunk) => (raw += chunk))
    request.on('end', () => {
      if (request.method !== 'POST' || request.url !== '/email' || !request.headers['x-postmark-server-token']) {
        response.writeHead(422, { 'Content-Type': 'application/json' })
        response.end(JSON.stringify({ ErrorCode: 10, Message: 'The fake answers only an authenticated POST /email.' }))
        return
      }
      const message = JSON.parse(raw) as PostmarkMessage
      received.push(message)
      response.writeHead(200, { 'Content-Type': 'application/json' })
      response.end(
        JSON.stringify({
          To: message.To,
          SubmittedAt: new Date().toISOString(),
          MessageID: `fake-postmark-${received.length}`,
          ErrorCode: 0,
          Message: 'OK',
        }),
      )
    })
  })
  return {
    received,
    async start() {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    },
    stop() {
      return new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
