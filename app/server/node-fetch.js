// server.js's own small Node → Fetch adapter (not @mjackson/node-fetch-server; docs/decisions/001-custom-server.md): a
// method Fetch cannot represent (TRACE) is answered before `new Request` could throw; a `//host/path` request line
// must not change the URL's origin; an upload cut off mid-body must error its stream (so the multipart reader answers
// 400) instead of leaving it open forever; and every body has a cap enforced while it streams in (each route declares
// how it reads its body; app/server/route-rules.ts).

const HOST_PATTERN = /^[a-z0-9.-]+(:\d{1,5})?$|^\[[0-9a-f:.]+\](:\d{1,5})?$/i

/** The request's URL, from the Host header and the path of the request line; null when either is unusable. */
export function requestUrl(req) {
  const host = req.headers.host ?? 'localhost'
  if (!HOST_PATTERN.test(host)) return null
  let target = req.url ?? '/'
  if (!target.startsWith('/')) {
    // Absolute form (`GET http://x/y`) keeps only its path; `*` (OPTIONS) and the rest are not ours to serve.
    try {
      const absolute = new URL(target)
      target = absolute.pathname + absolute.search
    } catch {
      return null
    }
  }
  try {
    // Concatenated, not resolved: `//evil.example/x` is a path on this host, never another origin.
    return new URL(`http://${host}${target}`)
  } catch {
    return null
  }
}

export function requestHeaders(req) {
  const headers = new Headers()
  for (let i = 0; i < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i], req.rawHeaders[i + 1])
  return headers
}

/** Reads a whole body of at most maxBytes; resolves null (after `tooLarge()` answered 413) when it is larger. */
export function readWhole(req, maxBytes, tooLarge) {
  return new Promise((resolve, reject) => {
    const chunks = []
    let size = 0
    let done = false
    req.on('data', (chunk) => {
      if (done) return
      size += chunk.length
      if (size > maxBytes) {
        done = true
        chunks.length = 0
        tooLarge()
        return resolve(null)
      }
      chunks.push(chunk)
    })
    req.on('end', () => {
      if (done) return
      done = true
      resolve(Buffer.concat(chunks, size))
    })
    req.on('error', (error) => {
      if (done) return
      done = true
      reject(error)
    })
    req.on('close', () => {
      if (done) return
      done = true
      reject(new Error('The client closed the connection before the body arrived'))
    })
  })
}

/**
 * An upload's body as a web stream that errors (never hangs) when the client goes away or passes maxBytes (then
 * `tooLarge()` answers 413). `discard()` is for an answer sent before the route read the whole body (a redirect, a
 * refusal): the rest is read and dropped, up to maxBytes, so the browser can read the answer instead of seeing its
 * upload cut off.
 */
export function streamBody(req, maxBytes, tooLarge) {
  let size = 0
  let finished = false
  let discarding = false
  const stream = new ReadableStream(
    {
      start(controller) {
        const fail = (error) => {
          if (finished) return
          finished = true
          controller.error(error)
        }
        req.on('data', (chunk) => {
          size += chunk.length
          if (size > maxBytes) {
            if (discarding) return req.destroy()
            fail(new Error('upload too large'))
            return tooLarge()
          }
          if (finished) return
          controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength))
          if ((controller.desiredSize ?? 1) <= 0) req.pause()
        })
        req.on('end', () => {
          if (finished) return
          finished = true
          controller.close()
        })
        req.on('error', fail)
        req.on('close', () => fail(new Error('The client closed the connection before the upload arrived')))
      },
      pull() {
        req.resume()
      },
      cancel() {
        finished = true
        req.resume()
      },
    },
    { highWaterMark: 4 },
  )
  const discard = () => {
    if (req.complete) return
    discarding = true
    finished = true
    req.resume()
  }
  return { stream, discard }
}

/**
 * Writes a Fetch Response to the Node response, honouring back-pressure. `writeHead` writes the status and headers
 * (compression.js's writeHeadWithPairs keeps repeated headers such as Set-Cookie apart).
 */
export async function writeResponse(req, res, response, { writeHead, logger }) {
  writeHead(res, response.status, response.statusText || undefined, response.headers)
  if (response.body == null || req.method === 'HEAD') return res.end()
  try {
    for await (const chunk of response.body) {
      if (res.destroyed) break
      if (!res.write(chunk))
        await new Promise((resolve) => {
          res.once('drain', resolve)
          res.once('close', resolve)
        })
    }
    res.end()
  } catch (error) {
    // The headers are gone; all that is left is to cut the answer short so the client sees it failed.
    logger.error({ err: error, method: req.method, path: req.url?.split('?')[0] }, 'the response body failed')
    res.destroy()
  }
}
