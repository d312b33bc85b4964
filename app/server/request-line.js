// server.js's request line and its one address per page: what each request is counted and logged as, and `/signup/`
// answered as a permanent redirect to `/signup`.

/** The path without its trailing slashes, or null when it has none (or is `/`) or when the result is unsafe. */
export function withoutTrailingSlash(pathname) {
  if (pathname.length < 2 || !pathname.endsWith('/')) return null
  const bare = pathname.replace(/\/+$/, '')
  // It must still start with exactly one slash: `//evil.example/` (or `/\evil.example/`) stripped would be a link to
  // another site. Those are left to the app (a 404).
  return /^\/[^/\\]/.test(bare) ? bare : null
}

export function redirectPermanently(res, location) {
  res.writeHead(308, { Location: location, 'Content-Length': '0', 'Cache-Control': 'public, max-age=3600' })
  res.end()
}

/**
 * Counts the body bytes the answer sends and, once the response closes, hands the request line to the app's
 * requestFinished (the log, and whoever listens: metrics). `line.route` is set where server.js answers by itself;
 * otherwise it is the id of the route the path goes to (`routeIdFor`). `line.requestLine.role` is filled in by the app.
 */
export function trackRequest(req, res, reqId, { requestFinished, routeIdFor }) {
  const started = performance.now()
  const line = { reqId, route: null, requestLine: {} }
  let bytes = 0
  const count = (chunk, encoding) => {
    if (chunk == null || typeof chunk === 'function') return
    bytes += typeof chunk === 'string' ? Buffer.byteLength(chunk, typeof encoding === 'string' ? encoding : 'utf8') : chunk.length
  }
  const write = res.write
  const end = res.end
  res.write = function (chunk, encoding, callback) {
    count(chunk, encoding)
    return write.call(this, chunk, encoding, callback)
  }
  res.end = function (chunk, encoding, callback) {
    count(chunk, encoding)
    return end.call(this, chunk, encoding, callback)
  }
  res.once('close', () => {
    const pathname = (req.url ?? '/').split('?')[0]
    requestFinished({
      reqId,
      method: req.method,
      route: line.route ?? routeIdFor(pathname) ?? 'unmatched',
      url: req.url ?? '/',
      status: res.statusCode,
      ms: performance.now() - started,
      bytes,
      ...(line.requestLine.role ? { role: line.requestLine.role } : {}),
      ...(res.writableFinished ? {} : { aborted: true }),
    })
  })
  return line
}

/**
 * CONNECT (a proxy's tunnel request) never reaches the request handler: Node hands it to 'connect' listeners and, with
 * none, drops the connection without a word. It is answered like every other method we do not serve.
 */
export function refuseConnect(req, socket, { allowHeader, requestIdFrom, requestFinished }) {
  socket.on('error', () => {})
  const reqId = requestIdFrom((name) => req.headers[name])
  const started = performance.now()
  const body = 'Method not allowed.\n'
  socket.end(
    [
      'HTTP/1.1 405 Method Not Allowed',
      `Allow: ${allowHeader}`,
      'Content-Type: text/plain; charset=utf-8',
      `Content-Length: ${Buffer.byteLength(body)}`,
      'Cache-Control: no-store',
      'X-Content-Type-Options: nosniff',
      `X-Request-Id: ${reqId}`,
      'Connection: close',
      '',
      body,
    ].join('\r\n'),
  )
  requestFinished({
    reqId,
    method: req.method,
    route: 'refused',
    url: req.url ?? '/',
    status: 405,
    ms: performance.now() - started,
    bytes: Buffer.byteLength(body),
  })
}
