import http from 'node:http'
import type { AddressInfo } from 'node:net'
import zlib from 'node:zlib'

/**
 * A local stand-in for Sentry's ingest endpoint: takes the envelopes an SDK posts to `/api/<project>/envelope/` (the
 * server's and the browser's alike), keeps them for the test, and answers as Sentry does. Point SENTRY_DSN at `dsn`.
 */
export type Envelope = { header: Record<string, unknown>; items: { header: Record<string, unknown>; payload: unknown }[]; raw: string }

export type FakeIngest = {
  dsn: string
  origin: string
  envelopes: Envelope[]
  /** The error events received so far (an envelope's items of type `event`). */
  events: () => Record<string, unknown>[]
  close: () => Promise<void>
}

export async function startFakeIngest(): Promise<FakeIngest> {
  const envelopes: Envelope[] = []
  const server = http.createServer((req, res) => {
    // The browser's SDK posts from the page's origin.
    const cors = { 'Access-Control-Allow-Origin': '*', 'Access-Control-Allow-Headers': '*' }
    if (req.method === 'OPTIONS') return res.writeHead(204, cors).end()
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      let body = Buffer.concat(chunks)
      if (req.headers['content-encoding'] === 'gzip') body = zlib.gunzipSync(body)
      if (req.method === 'POST' && /^\/api\/\d+\/envelope\/?/.test(req.url ?? '')) envelopes.push(parseEnvelope(body.toString('utf8')))
      res.writeHead(200, { ...cors, 'Content-Type': 'application/json' }).end('{}')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const origin = `http://127.0.0.1:${port}`
  return {
    dsn: `http://publickey@127.0.0.1:${port}/1`,
    origin,
    envelopes,
    events: () =>
      envelopes.flatMap((envelope) =>
        envelope.items.filter((item) => item.header.type === 'event').map((item) => item.payload as Record<string, unknown>),
      ),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** Sentry's envelope: a header line, then per item a header line and a payload line (JSON for events). */
function parseEnvelope(raw: string): Envelope {
  const lines = raw.split('\n')
  const header = JSON.parse(lines[0] ?? '{}') as Record<string, unknown>
  const items: Envelope['items'] = []
  for (let i = 1; i + 1 < lines.length; i += 2) {
    if (!lines[i]) continue
    const itemHeader = JSON.parse(lines[i]!) as Record<string, unknown>
    const payloadText = lines[i + 1] ?? ''
    let payload: unknown = payloadText
    try {
      payload = JSON.parse(payloadText)
    } catch {
      // an attachment or another binary item: kept as text
    }
    items.push({ header: itemHeader, payload })
  }
  return { header, items, raw }
}
