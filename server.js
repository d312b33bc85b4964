// The production server: `npm run serve` (and the container) runs `node server.js`. The app reaches it as one object,
// `app` (app/app.server.ts, the server bundle's entry); the Node side's parts live in app/server/: the
// Node → Fetch adapter, the request line, static files, compression, refusals and the lifecycle. Each route's HTTP
// rules are in the route's own module (docs/decisions/039-route-rules-declared-by-each-route.md).
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
import { startMetricsPort, stopCleanly } from './app/server/lifecycle.js'
import { readWhole, requestHeaders, requestUrl, streamBody, writeResponse } from './app/server/node-fetch.js'
import { plain, refuse } from './app/server/refusals.js'
import { redirectPermanently, refuseConnect, trackRequest, withoutTrailingSlash } from './app/server/request-line.js'
import { loadStaticFiles, serveStatic } from './app/server/static-files.js'

// `npm start` / `npm run serve` pass --dotenv: a .env file, if any, fills in what the environment does not set.
// (Tests and benchmarks start the server without it, so a developer's .env cannot switch them to live services.)
if (process.argv.includes('--dotenv') && fs.existsSync('.env')) process.loadEnvFile('.env')
// Before anything loads React: its development and production builds must not mix (hence the dynamic imports).
process.env.NODE_ENV ??= 'production'
const BUILD_DIR = path.resolve(process.env.BUILD_DIR ?? 'build')
const PORT = Number(process.env.PORT ?? 3000)
const TRUSTED_IP_HEADER = process.env.CLIENT_IP_HEADER?.trim() || null

// Loading the build validates the configuration, migrates and seeds the database and prints the banner.
const { app } = await import(pathToFileURL(path.join(BUILD_DIR, 'server/index.js')).href)
const { logger } = app
const handleRequest = app.requestHandler(process.env.NODE_ENV)
// Each route's rules (its body, above all), as the route declared them in its module: read from the build's route table.
const rulesFor = await app.routeRulesLookup()
const routeIdFor = await app.routeIdLookup()
const staticFiles = loadStaticFiles(path.join(BUILD_DIR, 'client'))

async function handleWithReactRouter(req, res, line) {
  const url = requestUrl(req)
  if (!url) return refuse(req, res, 400, 'Bad request.')
  const headers = requestHeaders(req)
  // As the Fetch Request will carry them (repeated headers joined), which is what React Router reads.
  const unreadable = app.unreadableHead(req.method, url.pathname, headers.get('origin'))
  if (unreadable) {
    logger.warn({ method: req.method, reason: unreadable }, 'refused: a request head we cannot read')
    line.route = 'refused' // not looked up in the route table, which would warn about the path's encoding
    return refuse(req, res, 400, 'Bad request.')
  }
  const policy = app.bodyPolicy(
    req.method,
    rulesFor(url.pathname).body,
    req.headers['content-type'] ?? null,
    req.headers['content-length'] ?? null,
  )
  if (!policy.ok) {
    return refuse(req, res, policy.status, policy.message, policy.status === 405 ? { Allow: app.ALLOW_HEADER } : {})
  }

  const peer = req.socket.remoteAddress ?? 'unknown'
  const address = (TRUSTED_IP_HEADER && req.headers[TRUSTED_IP_HEADER.toLowerCase()]?.split(',')[0]?.trim()) || peer
  const controller = new AbortController()
  res.once('close', () => controller.abort())
  const init = { method: req.method, headers, signal: controller.signal }
  if (req.method === 'POST') {
    const tooLarge = () => refuse(req, res, 413, app.tooLargeMessage(policy.maxBytes))
    if (policy.streamed) {
      const upload = streamBody(req, policy.maxBytes, tooLarge)
      res.once('finish', upload.discard)
      init.body = upload.stream
      init.duplex = 'half'
    } else {
      const body = await readWhole(req, policy.maxBytes, tooLarge)
      if (body === null) return
      init.body = body
    }
  }

  let response
  try {
    // What only this server knows reaches the app through React Router's context (app/server/server-facts.server.ts):
    // a client's headers cannot pose as it.
    const facts = { clientAddress: address, peerAddress: peer, requestId: line.reqId, requestLine: line.requestLine }
    response = await handleRequest(new Request(url, init), app.serverContext(facts))
  } catch (error) {
    logger.error({ err: error, method: req.method }, "the request failed outside the app's error handling")
    response = new Response('Internal Server Error', { status: 500, headers: { 'Content-Type': 'text/plain; charset=utf-8' } })
  }
  if (res.writableEnded || res.destroyed) return // answered already (a body over its limit), or the client left
  await writeResponse(req, res, compress(req, response), { writeHead: writeHeadWithPairs, logger })
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

function answer(req, res, line) {
  // Methods we do not serve (TRACE, PUT, DELETE, WebDAV's...) are answered here, before any Fetch object exists.
  if (!app.SERVED_METHODS.includes(req.method)) {
    if (req.method === 'OPTIONS') {
      res.writeHead(204, { Allow: app.ALLOW_HEADER, 'Content-Length': '0' })
      return res.end()
    }
    line.route = 'refused'
    return refuse(req, res, 405, 'Method not allowed.', { Allow: app.ALLOW_HEADER })
  }
  if (req.method === 'GET' || req.method === 'HEAD') {
    const url = req.url ?? '/'
    const query = url.indexOf('?')
    const pathname = query < 0 ? url : url.slice(0, query)
    const canonical = withoutTrailingSlash(pathname)
    if (canonical) {
      line.route = 'redirect'
      return redirectPermanently(res, canonical + (query < 0 ? '' : url.slice(query)))
    }
    const file = staticFiles.get(pathname)
    if (file) {
      line.route = 'static'
      return serveStatic(req, res, file)
    }
    // The page cache serves anonymous visitors only: no cookie means no session and no flash message.
    if (query < 0 && !req.headers.cookie) {
      const hit = app.answerFromPageCache(pathname)
      if (hit) return sendVariants(req, res, 200, [...hit.headers], hit.body)
    }
  }
  reactRouter(req, res, line)
}

const server = http.createServer((req, res) => {
  // The proxy's request id when it sent a sane one, or a new one: on the answer, and on every line logged meanwhile.
  const reqId = app.requestIdFrom((name) => req.headers[name])
  res.setHeader('X-Request-Id', reqId)
  const line = trackRequest(req, res, reqId, { requestFinished: app.requestFinished, routeIdFor })
  // What the app left for the end of the request (an upload's scratch files) is done once the connection is done with it.
  const scope = { reqId, whenAnswered: [] }
  res.once('close', () => app.requestAnswered(scope))
  app.requestScope.run(scope, () => answer(req, res, line))
})
server.on('connect', (req, socket) =>
  refuseConnect(req, socket, { allowHeader: app.ALLOW_HEADER, requestIdFrom: app.requestIdFrom, requestFinished: app.requestFinished }),
)
server.keepAliveTimeout = 65_000 // longer than the proxy's, so it never reuses a connection we just closed
server.listen(PORT, process.env.HOST, () => logger.info({ port: PORT }, `listening on http://localhost:${PORT}`))

const METRICS_PORT = process.env.METRICS_PORT?.trim() ? Number(process.env.METRICS_PORT) : null
if (METRICS_PORT) startMetricsPort(METRICS_PORT, process.env.HOST, app)
stopCleanly(server, app)
