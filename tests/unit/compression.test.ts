import crypto from 'node:crypto'
import zlib from 'node:zlib'

import { describe, expect, test } from 'vitest'

import { acceptedCodings, brotliVariant, keptBody, preferredEncoding, sendVariants } from '~/server/compression.js'
import { inlineScriptHashes } from '~/server/security.server'

const request = (acceptEncoding?: string) => ({ headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } })

/** The parts of Node's ServerResponse sendVariants uses, recording what was sent. */
function response() {
  const sent = { status: 0, headers: [] as [string, string][], body: undefined as Buffer | undefined }
  return {
    sent,
    appendHeader(name: string, value: string) {
      sent.headers.push([name, value])
    },
    writeHead(status: number) {
      sent.status = status
    },
    end(body?: Buffer) {
      sent.body = body
    },
  }
}

function send(acceptEncoding: string, body: ReturnType<typeof keptBody>) {
  const res = response()
  sendVariants({ method: 'GET', ...request(acceptEncoding) }, res, 200, [], body)
  const header = (name: string) => res.sent.headers.find(([key]) => key.toLowerCase() === name)?.[1]
  return { body: res.sent.body!, coding: header('content-encoding'), vary: header('vary'), length: Number(header('content-length')) }
}

describe('Accept-Encoding', () => {
  test('reads each coding’s weight, q=1 when none is given', () => {
    expect([...acceptedCodings('gzip, deflate, br, zstd')]).toEqual([
      ['gzip', 1],
      ['deflate', 1],
      ['br', 1],
      ['zstd', 1],
    ])
    expect(acceptedCodings('br;q=0.5, GZIP ; q=0.8, *;q=0').get('gzip')).toBe(0.8)
  })

  test('brotli first when the client takes both; never a coding it weighs 0, even through *', () => {
    const cases: [string | undefined, string | null][] = [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
      ['br;q=0.5, gzip;q=0.8', 'gzip'],
      ['*', 'br'],
      ['*, br;q=0', 'gzip'],
      ['identity', null],
      ['gzip;q=0', null],
      ['', null],
      [undefined, null],
    ]
    for (const [header, expected] of cases) expect(preferredEncoding(request(header), ['br', 'gzip']), String(header)).toBe(expected)
  })
})

describe('a kept body', () => {
  const html = Buffer.from(`<!DOCTYPE html><p>${'Windshield protection. '.repeat(100)}</p>`)

  test('is compressed once: every gzip answer is the same bytes, which decode to the body', () => {
    const body = keptBody(html, 'text/html; charset=utf-8')
    const first = send('gzip', body)
    const second = send('gzip', body)
    expect(first.coding).toBe('gzip')
    expect(first.vary).toBe('Accept-Encoding')
    expect(second.body).toBe(first.body)
    expect(first.length).toBe(first.body.length)
    expect(zlib.gunzipSync(first.body).equals(html)).toBe(true)
    expect(send('identity', body).body).toBe(html)
  })

  test('answers in gzip until its brotli form is made, then in brotli, which decodes to the body', async () => {
    const body = keptBody(html, 'text/html; charset=utf-8')
    expect(send('gzip, br', body).coding).toBe('gzip')
    await brotliVariant(body)
    const brotli = send('gzip, br', body)
    expect(brotli.coding).toBe('br')
    expect(zlib.brotliDecompressSync(brotli.body).equals(html)).toBe(true)
    // A client that takes brotli alone gets the bytes as they are while it is being made.
    const fresh = keptBody(html, 'text/html; charset=utf-8')
    expect(send('br', fresh).coding).toBeUndefined()
  })

  test('images and small files are sent as they are, without Vary', () => {
    for (const body of [keptBody(Buffer.alloc(4096), 'image/png'), keptBody(Buffer.from('tiny'), 'text/css')]) {
      const answer = send('gzip, br', body)
      expect(answer.coding).toBeUndefined()
      expect(answer.vary).toBeUndefined()
      expect(answer.body).toBe(body.identity)
    }
  })
})

describe('inline script hashes', () => {
  const hash = (text: string) => `sha256-${crypto.createHash('sha256').update(text).digest('base64')}`

  test('one per inline script (not those with a src), from the text between the tags', () => {
    const html =
      '<script>a()</script><script type="module" async="">import "/x.js"</script><script src="/y.js"></script><script>a()</script>'
    expect(inlineScriptHashes(html)).toEqual([hash('a()'), hash('import "/x.js"')])
    expect(inlineScriptHashes('<p>no scripts</p>')).toEqual([])
  })

  test('none at all when a script is not closed (the page is then not served under hashes)', () => {
    expect(inlineScriptHashes('<script>never closed')).toBeNull()
  })
})
