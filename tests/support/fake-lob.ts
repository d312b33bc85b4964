import http from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A local stand-in for api.lob.com's letters endpoint (POST /v1/letters): records each request (its basic-auth key,
 * idempotency key and JSON body) and answers with the next queued reply, by default a created letter as Lob returns it
 * (an id, a tracking number for a certified one).
 */
export type LobRequest = { method: string; url: string; headers: http.IncomingHttpHeaders; body: Record<string, unknown> }

export function fakeLob() {
  const received: LobRequest[] = []
  const replies: Array<{ status: number; body: unknown }> = []
  const server = http.createServer((request, response) => {
    let raw = ''
    request.on('data', (chunk) => (raw += chunk))
    request.on('end', () => {
      const body = JSON.parse(raw || '{}') as Record<string, unknown>
      received.push({ method: request.method!, url: request.url!, headers: request.headers, body })
      const reply = replies.shift() ?? {
        status: 200,
        body: {
          id: `ltr_${received.length.toString().padStart(6, '0')}`,
          object: 'letter',
          to: body.to,
          from: body.from,
          date_created: new Date().toISOString(),
          date_modified: new Date().toISOString(),
          // Lob sends a letter for mailing when its cancellation window closes: a given send date, or at once here.
          send_date: (body.send_date as string | undefined) ?? new Date().toISOString(),
          extra_service: body.extra_service ?? null,
          tracking_number:
            body.extra_service === 'certified' ? `9407 1000 0000 0000 0000 ${received.length.toString().padStart(2, '0')}` : null,
          use_type: body.use_type,
          return_envelope: false,
        },
      }
      response.writeHead(reply.status, { 'Content-Type': 'application/json' })
      response.end(JSON.stringify(reply.body))
    })
  })
  return {
    received,
    replies,
    /** Answers the next request with Lob's error shape. */
    refuseNext(status: number, message: string) {
      replies.push({ status, body: { error: { message, status_code: status } } })
    },
    async start() {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`
    },
    stop() {
      return new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
