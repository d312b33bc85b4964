// server.js's compression: of its in-memory answers (static files, page-cache hits) and of React Router's responses.
import zlib from 'node:zlib'

export const COMPRESSIBLE = /^(text\/|application\/(json|javascript|manifest\+json)|image\/svg\+xml)/

export function acceptsGzip(req) {
  return /\bgzip\b/.test(req.headers['accept-encoding'] ?? '')
}

/**
 * res.writeHead with a list of [name, value] pairs, every pair kept (two Set-Cookie stay two). Headers set earlier with
 * res.setHeader (the request id) are kept as well: Node's own writeHead, given a list after a setHeader, keeps only the
 * last value of each name.
 */
export function writeHeadWithPairs(res, status, statusText, pairs) {
  for (const [name, value] of pairs) res.appendHeader(name, value)
  res.writeHead(status, statusText)
}

/** Writes a complete in-memory answer straight to the socket: static files and page-cache hits need no Fetch objects. */
export function send(req, res, status, headers, body, compressible) {
  if (compressible) {
    headers.push(['Vary', 'Accept-Encoding'])
    if (acceptsGzip(req)) {
      // Level 1: most of the saving at a fraction of the cost; the page differs per response (its nonce).
      body = zlib.gzipSync(body, { level: 1 })
      headers.push(['Content-Encoding', 'gzip'])
    }
  }
  headers.push(['Content-Length', String(body.length)])
  writeHeadWithPairs(res, status, undefined, headers)
  res.end(req.method === 'HEAD' ? undefined : body)
}

/** Gzips a React Router response on its way out when the client takes gzip and the type is worth it. */
export function compress(req, response) {
  const type = response.headers.get('Content-Type') ?? ''
  if (!response.body || response.headers.has('Content-Encoding') || !COMPRESSIBLE.test(type)) return response
  response.headers.append('Vary', 'Accept-Encoding')
  if (!acceptsGzip(req)) return response
  const headers = new Headers(response.headers)
  headers.set('Content-Encoding', 'gzip')
  headers.delete('Content-Length')
  return new Response(response.body.pipeThrough(new CompressionStream('gzip')), {
    status: response.status,
    statusText: response.statusText,
    headers,
  })
}
