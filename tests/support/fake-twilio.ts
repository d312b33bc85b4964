import http from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A local stand-in for api.twilio.com's Messages endpoint (POST /2010-04-01/Accounts/{sid}/Messages.json): records each
 * request (its basic-auth header and form fields) and answers with the next queued reply, by default a queued message
 * as Twilio returns it (an SM… sid).
 */
export type TwilioRequest = { method: string; url: string; headers: http.IncomingHttpHeaders; form: Record<string, string> }

export function fakeTwilio() {
  const received: TwilioRequest[] = []
  const replies: Array<{ status: number; body: unknown }> = []
  const server = http.createServer((request, response) => {
    let raw = ''
    request.on('data', (chunk) => (raw += chunk))
    request.on('end', () => {
      const form = Object.fromEntries(new URLSearchParams(raw))
      received.push({ method: request.method!, url: request.url!, headers: request.headers, form })
      const accountSid = /\/Accounts\/([^/]+)\//.exec(request.url!)?.[1] ?? ''
      const reply = replies.shift() ?? {
        status: 201,
        body: {
          sid: `SM${received.length.toString().padStart(32, '0')}`,
          account_sid: accountSid,
          to: form.To,
          from: form.From,
          body: form.Body,
          status: 'queued',
          num_segments: '1',
          direction: 'outbound-api',
          date_created: new Date().toUTCString(),
          error_code: null,
          error_message: null,
        },
      }
      response.writeHead(reply.status, { 'Content-Type': 'application/json' })
      response.end(JSON.stringify(reply.body))
    })
  })
  return {
    received,
    replies,
    /** Answers the next request with Twilio's error shape (e.g. 21610, a recipient who replied STOP). */
    refuseNext(status: number, code: number, message: string) {
      replies.push({ status, body: { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status } })
    },
    async start() {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    },
    stop() {
      return new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
