// The production server: `npm run serve` (and the container) runs `node server.js`. Its static files, compression and
// refusals live in app/server/; each route's HTTP rules in the route's own module (docs/decisions/039-route-rules-declared-by-each-route.md).
//
// Why not react-router-serve (docs/decisions/001-custom-server.md): the landing page must be served at half the speed of a static file or
// better, so anonymous cacheable pages are answered from the page cache before any routing or middleware; per-IP rate
// limits need the client's real address, which react-router-serve does not pass on; and shutdown must drain requests
// and then close SQLite. Everything else is React Router's own request handler.
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { pathToFileURL } from 'node:url'

import { compress, sendVariants, writeHeadWithPairs } from './app/server/compression.js'
import { plain, refuse } from './app/server/refusals.js'
import { loadStaticFiles, serveStatic } from './app/server/static-files.js'

// `npm start` / `npm run serve` pass --dotenv: a .env file, if any, fills in what the environment does not set.
// (Tests and benchmarks start the server without it, so a developer's .env cannot switch them to live services.)
if (process.argv.includes('--dotenv') && fs.existsSync('.env')) process.loadEnvFile('.env')
// Before anything loads React: its development and production builds must not mix (hence the dynamic imports).
process.env.NODE_ENV ??= 'production'
const { createRequestHandler } = await import('react-router')
const BUILD_DIR = path.resolve(process.env.BUILD_DIR ?? 'build')
const PORT = Number(process.env.PORT ?? 3000)
const MODE = process.env.NODE_ENV
const TRUSTED_IP_HEADER = process.env.CLIENT_IP_HEADER?.trim() || null

// Loading the build validates the configuration, migrates and seeds the database and prints the banner.
const build = await import(pathToFileURL(path.join(BUILD_DIR, 'server/index.js')).href)
const handleRequest = createRequestHandler(build, MODE)
const { answerFromPageCache, metricsText, routeRulesLookup, routeIdLookup, serverContext } = build.entry.module
// The app's logger (app/logger.server.ts), and the request id and request line (app/request-log.server.ts).
const { logger, requestScope, requestIdFrom, requestFinished } = build.entry.module
// Each route's rules (its body, above all), as the route declared them in its module: read from the build's route table.
const rulesFor = await routeRulesLookup()
const routeIdFor = await routeIdLookup()
const staticFiles = loadStaticFiles(path.join(BUILD_DIR, 'client'))

// --- one address per page: `/signup/` is a permanent redirect to `/signup` (the query kept) ----------------------------
/** The path without its trailing slashes, or null when it has none (or is `/`) or when the result is unsafe. */
function withoutTrailingSlash(pathname) {
  if (pathname.length < 2 || !pathname.endsWith('/')) return null
  const bare = pathname.replace(/\/+$/, '')
  // It must still start with exactly one slash: `//evil.example/` (or `/\evil.example/`) stripped would be a link to
  // another site. Those are left to the app (a 404).
  return /^\/[^/\\]/.test(bare) ? bare : null
}

function redirectPermanently(req, res, location) {
  res.writeHead(308, { Location: location, 'Content-Length': '0', 'Cache-Control': 'public, max-age=3600' })
  res.end()
}

// --- one line per request, written when its answer is sent (or its client leaves) --------------------------------------
/**
 * Counts the body bytes the answer sends and, once the response closes, hands the request line to the app's
 * requestFinished (the log, and whoever listens: metrics). `line.route` is set where server.js answers by itself;
 * otherwise it is the id of the route the path goes to. `line.role` is filled in by the app.
 */
function trackRequest(req, res, reqId) {
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

// --- everything else: React Router ---------------------------------------------------------------------------------------
// Our own small Node → Fetch adapter (not @mjackson/node-fetch-server): a method Fetch cannot represent (TRACE) must be
// answered before `new Request` throws; a `//host/path` request line must not change the URL's origin; an upload cut
// off mid-body must error its stream (so the multipart reader answers 400) instead of leaving it open forever; and every
// body has a cap enforced while it streams in (each route declares how it reads its body; app/route-rules.ts).
const { ALLOW_HEADER, SERVED_METHODS, bodyPolicy, tooLargeMessage } = build.entry.module

const HOST_PATTERN = /^[a-z0-9.-]+(:\d{1,5})?$|^\[[0-9a-f:.]+\](:\d{1,5})?$/i

/** The request's URL, from the Host header and the path of the request line; null when either is unusable. */
function requestUrl(req) {
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

function requestHeaders(req) {
  const headers = new Headers()
  for (let i = 0; i < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i], req.rawHeaders[i + 1])
  return headers
}

/** Reads a whole body of at most maxBytes; resolves null (after answering 413) when it is larger. */
function readWhole(req, res, maxBytes) {
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
        refuse(req, res, 413, tooLargeMessage(maxBytes))
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
 * An upload's body as a web stream that errors (never hangs) when the client goes away or passes maxBytes. `discard()`
 * is for an answer sent before the route read the whole body (a redirect, a refusal): the rest is read and dropped,
 * up to maxBytes, so the browser can read the answer instead of seeing its upload cut off.
 */
function streamBody(req, res, maxBytes) {
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
            return refuse(req, res, 413, tooLargeMessage(maxBytes))
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

async function writeResponse(req, res, response) {
  writeHeadWithPairs(res, response.status, response.statusText || undefined, response.headers)
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

async function handleWithReactRouter(req, res, line) {
  const url = requestUrl(req)
  if (!url) return refuse(req, res, 400, 'Bad request.')
  const { body } = rulesFor(url.pathname)
  const policy = bodyPolicy(req.method, body, req.headers['content-type'] ?? null, req.headers['content-length'] ?? null)
  if (!policy.ok) {
    return refuse(req, res, policy.status, policy.message, policy.status === 405 ? { Allow: ALLOW_HEADER } : {})
  }

  const peer = req.socket.remoteAddress ?? 'unknown'
  const address = (TRUSTED_IP_HEADER && req.headers[TRUSTED_IP_HEADER.toLowerCase()]?.split(',')[0]?.trim()) || peer
  const controller = new AbortController()
  res.once('close', () => controller.abort())
  const init = { method: req.method, headers: requestHeaders(req), signal: controller.signal }
  if (req.method === 'POST') {
    if (policy.streamed) {
      const upload = streamBody(req, res, policy.maxBytes)
      res.once('finish', upload.discard)
      init.body = upload.stream
      init.duplex = 'half'
    } else {
      const body = await readWhole(req, res, policy.maxBytes)
      if (body === null) return
      init.body = body
    }
  }

  let response
  try {
    // What only this server knows reaches the app through React Router's context (app/server-facts.server.ts): a
    // client's headers cannot pose as it.
    const facts = { clientAddress: address, peerAddress: peer, requestId: line.reqId, requestLine: line.requestLine }
    response = await handleRequest(new Request(url, init), serverContext(facts))
  } catch (error) {
    logger.error({ err: error, method: req.method }, "the request failed outside the app's error handling")
    response = new Response('Internal Server Error', { status: 500, headers: { 'Content-Type': 'text/plain; charset=utf-8' } })
  }
  if (res.writableEnded || res.destroyed) return // answered already (a body over its limit), or the client left
  await writeResponse(req, res, compress(req, response))
}

function reactRouter(req, res, line) {
  handleWithReactRouter(req, res, line).catch((error) => {
    // A client that goes away mid-body lands here too; nothing of it may end the process.
    if (!res.headersSent && !res.destroyed) plain(res, 400, 'Bad request.')
    else res.destroy()
    if (!/closed the connection|aborted/i.test(String(error?.message)))
      logger.error({ err: error, method: req.method, path: req.url?.split('?')[0] }, 'the request failed')
  })
}

const server = http.createServer((req, res) => {
  // The proxy's request id when it sent a sane one, or a new one: on the answer, and on every line logged meanwhile.
  const reqId = requestIdFrom((name) => req.headers[name])
  res.setHeader('X-Request-Id', reqId)
  const line = trackRequest(req, res, reqId)
  requestScope.run({ reqId }, () => answer(req, res, line))
})

function answer(req, res, line) {
  // Methods we do not serve (TRACE, PUT, DELETE, WebDAV's...) are answered here, before any Fetch object exists.
  if (!SERVED_METHODS.includes(req.method)) {
    if (req.method === 'OPTIONS') {
      res.writeHead(204, { Allow: ALLOW_HEADER, 'Content-Length': '0' })
      return res.end()
    }
    line.route = 'refused'
    return refuse(req, res, 405, 'Method not allowed.', { Allow: ALLOW_HEADER })
  }
  if (req.method === 'GET' || req.method === 'HEAD') {
    const url = req.url ?? '/'
    const query = url.indexOf('?')
    const pathname = query < 0 ? url : url.slice(0, query)
    const canonical = withoutTrailingSlash(pathname)
    if (canonical) {
      line.route = 'redirect'
      return redirectPermanently(req, res, canonical + (query < 0 ? '' : url.slice(query)))
    }
    const file = staticFiles.get(pathname)
    if (file) {
      line.route = 'static'
      return serveStatic(req, res, file)
    }
    // The page cache serves anonymous visitors only: no cookie means no session and no flash message.
    if (query < 0 && !req.headers.cookie) {
      const hit = answerFromPageCache(pathname)
      if (hit) return sendVariants(req, res, 200, [...hit.headers], hit.body)
    }
  }
  reactRouter(req, res, line)
}
// CONNECT (a proxy's tunnel request) never reaches the handler above: Node hands it to 'connect' listeners and, with
// none, drops the connection without a word. It is answered like every other method we do not serve.
server.on('connect', (req, socket) => {
  socket.on('error', () => {})
  const reqId = requestIdFrom((name) => req.headers[name])
  const started = performance.now()
  const body = 'Method not allowed.\n'
  socket.end(
    [
      'HTTP/1.1 405 Method Not Allowed',
      `Allow: ${ALLOW_HEADER}`,
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
})
server.keepAliveTimeout = 65_000 // longer than the proxy's, so it never reuses a connection we just closed
server.listen(PORT, process.env.HOST, () => logger.info({ port: PORT }, `listening on http://localhost:${PORT}`))

// --- the metrics port (METRICS_PORT, validated with the rest of the configuration when the build loaded) -------------
// Fly's scraper cannot send a bearer token, so it reads the figures from a port of their own that answers GET /metrics
// and nothing else, without a token: fly.toml lists it under [metrics] only, never as a service, so Fly's proxy never
// brings the public to it and only the private network reaches it (docs/operating.md "Metrics").
const METRICS_PORT = process.env.METRICS_PORT?.trim() ? Number(process.env.METRICS_PORT) : null
const metricsServer =
  METRICS_PORT &&
  http.createServer((req, res) => {
    const pathname = (req.url ?? '/').split('?')[0]
    if (pathname !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) return plain(res, 404, 'Not found.')
    metricsText().then(
      ({ body, contentType }) => {
        res.writeHead(200, { 'Content-Type': contentType, 'Content-Length': Buffer.byteLength(body), 'Cache-Control': 'no-store' })
        res.end(req.method === 'HEAD' ? undefined : body)
      },
      (error) => {
        logger.error({ err: error }, 'metrics failed')
        plain(res, 500, 'Metrics failed.')
      },
    )
  })
if (metricsServer) {
  metricsServer.listen(METRICS_PORT, process.env.HOST, () =>
    logger.info({ port: METRICS_PORT }, `metrics on port ${METRICS_PORT} (/metrics)`),
  )
  metricsServer.unref()
}

// Stop accepting connections, let in-flight requests finish (at most 25 s), then exit; the app closes SQLite on exit.
let stopping = false
function drainAndExit(reason, code) {
  if (stopping) return
  stopping = true
  logger.info({ reason }, `${reason}: finishing in-flight requests, then stopping`)
  // After the last request: close SQLite and let the replicator (when on) make its final sync, then exit.
  server.close(() =>
    Promise.resolve(build.entry.module.shutdown?.())
      .catch((error) => logger.error({ err: error }, 'shutdown failed'))
      .finally(() => process.exit(code)),
  )
  server.closeIdleConnections()
  setTimeout(() => {
    logger.error('requests still running after 25 s; stopping anyway')
    process.exit(1)
  }, 25_000).unref()
}
for (const signal of ['SIGTERM', 'SIGINT']) process.once(signal, () => drainAndExit(signal, 0))

// The last resort (docs/decisions/017-log-then-restart-cleanly.md). Every request's errors are caught above, so these are bugs:
// - a promise rejected with nobody to handle it left no half-run synchronous code behind: log it, keep serving;
// - an exception thrown outside any request may have left memory in any state: log it, stop taking requests, let
//   those in flight finish, and exit non-zero — the supervisor (fly.toml's restart policy, Docker's --restart)
//   starts a clean process, and SQLite's transactions mean nothing committed is lost and nothing half-written stays.
process.on('unhandledRejection', (reason) => {
  logger.error({ err: reason }, 'unhandled promise rejection (server keeps serving)')
})
process.on('uncaughtException', (error) => {
  logger.fatal({ err: error }, 'uncaught exception; restarting cleanly')
  drainAndExit('uncaught exception', 1)
})
