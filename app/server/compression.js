// server.js's compression: of its in-memory answers (static files, page-cache hits) and of React Router's responses.
import zlib from 'node:zlib'

export const COMPRESSIBLE = /^(text\/|application\/(json|javascript|manifest\+json)|image\/svg\+xml)/

/**
 * The weight (q) the request's Accept-Encoding gives each coding, lower-cased; `*` stands for any coding not named.
 * Exported for the tests.
 */
export function acceptedCodings(header) {
  const weights = new Map()
  for (const item of (header ?? '').split(',')) {
    const [name, ...parameters] = item.split(';').map((part) => part.trim().toLowerCase())
    if (!name) continue
    let weight = 1
    for (const parameter of parameters) {
      const q = /^q\s*=\s*([0-9.]+)$/.exec(parameter)
      if (q) weight = Number(q[1])
    }
    weights.set(name, Number.isFinite(weight) ? weight : 0)
  }
  return weights
}

/**
 * The coding to answer in: the one of `available` (in our order of preference) the client weighs highest, or null
 * for the bytes as they are. A coding the client weighs q=0 is never chosen, even through `*`.
 */
export function preferredEncoding(req, available) {
  const weights = acceptedCodings(req.headers['accept-encoding'])
  let best = null
  let bestWeight = 0
  for (const coding of available) {
    const weight = weights.get(coding) ?? weights.get('*') ?? 0
    if (weight > bestWeight) {
      best = coding
      bestWeight = weight
    }
  }
  return best
}

/**
 * Makes the brotli variant of a body in libuv's thread pool (about 90 ms of CPU for the landing page, too long for
 * the event loop) and keeps it on the same object, so every later answer sends it. Until it is there, gzip is sent.
 * Returns the promise, which the tests await.
 */
export function brotliVariant(variants) {
  variants.brotli ??= new Promise((resolve) => {
    // Brotli's densest setting: it runs once per body, off the event loop, so its cost is paid once and not per answer.
    const params = {
      [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: variants.identity.length,
    }
    zlib.brotliCompress(variants.identity, { params }, (error, compressed) => {
      // A failure leaves the body without a brotli variant: gzip keeps being sent.
      if (!error) variants.br = compressed
      resolve(variants.br ?? null)
    })
  })
  return variants.brotli
}

/**
 * A body kept in memory to be sent many times (a static file, a cached page), and its compressed forms as they are
 * made: gzip (level 9, about a millisecond for the landing page) by the first answer that can use it, brotli in the
 * background from the first client that takes it. The same object is kept between answers, so each body is
 * compressed once, never per response, and every answer in one coding is the same bytes.
 */
export function keptBody(identity, type) {
  return { identity, compressible: COMPRESSIBLE.test(type) && identity.length > 512, gzip: null, br: null, brotli: null }
}

/** Sends a kept body (keptBody) in the coding the client prefers among those worth sending. */
export function sendVariants(req, res, status, headers, variants) {
  let coding = null
  if (variants.compressible) {
    headers.push(['Vary', 'Accept-Encoding'])
    coding = preferredEncoding(req, ['br', 'gzip'])
    if (coding === 'br' && !variants.br) {
      void brotliVariant(variants)
      coding = preferredEncoding(req, ['gzip'])
    }
    if (coding === 'gzip') variants.gzip ??= zlib.gzipSync(variants.identity, { level: 9 })
  }
  const body = coding ? variants[coding] : variants.identity
  if (coding) headers.push(['Content-Encoding', coding])
  headers.push(['Content-Length', String(body.length)])
  writeHeadWithPairs(res, status, undefined, headers)
  res.end(req.method === 'HEAD' ? undefined : body)
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

/** Gzips a React Router response on its way out when the client takes gzip and the type is worth it. */
export function compress(req, response) {
  const type = response.headers.get('Content-Type') ?? ''
  if (!response.body || response.headers.has('Content-Encoding') || !COMPRESSIBLE.test(type)) return response
  const headers = new Headers(response.headers)
  // Either way the answer depends on Accept-Encoding, which a cache in between must know.
  headers.append('Vary', 'Accept-Encoding')
  const gzip = preferredEncoding(req, ['gzip']) === 'gzip'
  if (gzip) {
    headers.set('Content-Encoding', 'gzip')
    headers.delete('Content-Length')
  }
  return new Response(gzip ? response.body.pipeThrough(new CompressionStream('gzip')) : response.body, {
    status: response.status,
    statusText: response.statusText,
    headers,
  })
}
