// server.js's refusals: a short plain-text answer, and the rest of a refused body read and dropped (up to a point) so
// the client reads the answer instead of a broken pipe.

export function plain(res, status, message, extraHeaders = {}) {
  if (res.headersSent) return res.destroy()
  const body = Buffer.from(`${message}\n`)
  res.writeHead(status, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': String(body.length),
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    ...extraHeaders,
  })
  res.end(body)
}

/** After a refusal, this much more of a body is read and dropped so the client can read our answer. */
const DRAIN_AFTER_REFUSAL = 8 * 1024 * 1024
/**
 * How long a refused oversized upload may still be read (and dropped) before its connection is closed: a client that
 * is still sending reads our answer once its body is out (on a busy 2-core machine, 60 MB took over 2 s).
 */
const LINGER_MS = 10_000

/**
 * Refuses the request. The answer goes out at once; the rest of the body is read and dropped (up to
 * DRAIN_AFTER_REFUSAL, so a browser that is still sending reads our message rather than a broken pipe) and the
 * connection is kept; a client that sends more than that is cut off.
 */
export function refuse(req, res, status, message, extraHeaders = {}) {
  if (req.complete) return plain(res, status, message, extraHeaders)
  const declared = Number(req.headers['content-length'] ?? 0)
  if (declared > DRAIN_AFTER_REFUSAL) {
    // Too much to keep reading for long: answer, then close. Reading on for a while first ("lingering close") lets the
    // client take in the answer; closing with its data unread would reset the connection and could lose the answer in
    // transit.
    // No `Connection: close` here: Node would then close the socket as soon as the answer is written.
    plain(res, status, message, extraHeaders)
    req.removeAllListeners('data')
    req.on('data', () => {})
    req.on('error', () => {})
    req.resume()
    // Read to its end (the answer is then surely taken in), but for at most LINGER_MS after the answer went out.
    let lingering
    res.once('finish', () => {
      if (!req.complete) lingering = setTimeout(() => req.destroy(), LINGER_MS).unref()
    })
    req.once('end', () => clearTimeout(lingering))
    return
  }
  plain(res, status, message, extraHeaders)
  let drained = 0
  req.removeAllListeners('data')
  req.on('data', (chunk) => {
    drained += chunk.length
    if (drained > DRAIN_AFTER_REFUSAL) req.destroy()
  })
  req.on('error', () => {})
  req.resume()
}
