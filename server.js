// The production server: `npm run serve` (and the container) runs `node server.js`.
//
// Why not react-router-serve (README, Decisions): the landing page must be served at half the speed of a static file or
// better, so anonymous cacheable pages are answered from the page cache before any routing or middleware; per-IP rate
// limits need the client's real address, which react-router-serve does not pass on; and shutdown must drain requests
// and then close SQLite. Everything else is React Router's own request handler.
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import zlib from 'node:zlib'

// `npm start` / `npm run serve` pass --dotenv: a .env file, if any, fills in what the environment does not set.
// (Tests and benchmarks start the server without it, so a developer's .env cannot switch them to live services.)
if (process.argv.includes('--dotenv') && fs.existsSync('.env')) process.loadEnvFile('.env')
// Before anything loads React: its development and production builds must not mix (hence the dynamic imports).
process.env.NODE_ENV ??= 'production'
const { createRequestListener } = await import('@mjackson/node-fetch-server')
const { createRequestHandler } = await import('react-router')
const BUILD_DIR = path.resolve(process.env.BUILD_DIR ?? 'build')
const PORT = Number(process.env.PORT ?? 3000)
const MODE = process.env.NODE_ENV
/** Set on every request by this server, overwriting anything the client sent; read by clientIp() in the app. */
const CLIENT_ADDRESS_HEADER = 'X-Glass-Client-Address'
const TRUSTED_IP_HEADER = process.env.CLIENT_IP_HEADER?.trim() || null

// Loading the build validates the configuration, migrates and seeds the database and prints the banner.
const build = await import(pathToFileURL(path.join(BUILD_DIR, 'server/index.js')).href)
const handleRequest = createRequestHandler(build, MODE)
const { answerFromPageCache } = build.entry.module

// --- static files: build/client (the built assets plus public/), held in memory, gzipped once -----------------------
const CONTENT_TYPES = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.json': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.woff2': 'font/woff2',
}
const COMPRESSIBLE = /^(text\/|application\/(json|javascript|manifest\+json)|image\/svg\+xml)/

const staticFiles = new Map()
function loadStaticFiles(dir, prefix = '') {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name)
    const urlPath = `${prefix}/${entry.name}`
    if (entry.isDirectory()) {
      loadStaticFiles(file, urlPath)
      continue
    }
    if (urlPath.startsWith('/.vite/')) continue
    const body = fs.readFileSync(file)
    const type = CONTENT_TYPES[path.extname(entry.name)] ?? 'application/octet-stream'
    staticFiles.set(urlPath, {
      body,
      gzipped: COMPRESSIBLE.test(type) && body.length > 512 ? zlib.gzipSync(body, { level: 9 }) : null,
      type,
      // Fingerprinted assets never change; everything else may change with a deploy.
      cacheControl: urlPath.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
    })
  }
}
loadStaticFiles(path.join(BUILD_DIR, 'client'))

function acceptsGzip(req) {
  return /\bgzip\b/.test(req.headers['accept-encoding'] ?? '')
}

/** Writes a complete in-memory answer straight to the socket: static files and page-cache hits need no Fetch objects. */
function send(req, res, status, headers, body, compressible) {
  if (compressible) {
    headers.push(['Vary', 'Accept-Encoding'])
    if (acceptsGzip(req)) {
      // Level 1: most of the saving at a fraction of the cost; the page differs per response (its nonce).
      body = zlib.gzipSync(body, { level: 1 })
      headers.push(['Content-Encoding', 'gzip'])
    }
  }
  headers.push(['Content-Length', String(body.length)])
  res.writeHead(status, headers.flat())
  res.end(req.method === 'HEAD' ? undefined : body)
}

function serveStatic(req, res, file) {
  const headers = [
    ['Content-Type', file.type],
    ['Cache-Control', file.cacheControl],
    ['X-Content-Type-Options', 'nosniff'],
  ]
  if (!file.gzipped) return send(req, res, 200, headers, file.body, false)
  headers.push(['Vary', 'Accept-Encoding'])
  if (!acceptsGzip(req)) return send(req, res, 200, headers, file.body, false)
  headers.push(['Content-Encoding', 'gzip'])
  return send(req, res, 200, headers, file.gzipped, false)
}

// --- compression of React Router's responses ---------------------------------------------------------------------------
function compress(request, response) {
  const type = response.headers.get('Content-Type') ?? ''
  if (!response.body || response.headers.has('Content-Encoding') || !COMPRESSIBLE.test(type)) return response
  response.headers.append('Vary', 'Accept-Encoding')
  if (!/\bgzip\b/.test(request.headers.get('Accept-Encoding') ?? '')) return response
  const headers = new Headers(response.headers)
  headers.set('Content-Encoding', 'gzip')
  headers.delete('Content-Length')
  return new Response(response.body.pipeThrough(new CompressionStream('gzip')), { status: response.status, statusText: response.statusText, headers })
}

function log(method, pathname, status, started) {
  if (pathname !== '/healthz') console.log(`${method} ${pathname} ${status} ${(performance.now() - started).toFixed(1)} ms`)
}

// --- everything else: React Router ---------------------------------------------------------------------------------------
const reactRouter = createRequestListener(
  async (request, client) => {
    const started = performance.now()
    const address = (TRUSTED_IP_HEADER && request.headers.get(TRUSTED_IP_HEADER)?.split(',')[0]?.trim()) || client.address || 'unknown'
    request.headers.set(CLIENT_ADDRESS_HEADER, address)
    const response = await handleRequest(request)
    log(request.method, new URL(request.url).pathname, response.status, started)
    return compress(request, response)
  },
  {
    onError(error) {
      console.error(error)
      return new Response('Internal Server Error', { status: 500, headers: { 'Content-Type': 'text/plain; charset=utf-8' } })
    },
  },
)

const server = http.createServer((req, res) => {
  if (req.method === 'GET' || req.method === 'HEAD') {
    const url = req.url ?? '/'
    const query = url.indexOf('?')
    const pathname = query < 0 ? url : url.slice(0, query)
    const file = staticFiles.get(pathname)
    if (file) return serveStatic(req, res, file)
    // The page cache serves anonymous visitors only: no cookie means no session and no flash message.
    if (query < 0 && !req.headers.cookie) {
      const started = performance.now()
      const hit = answerFromPageCache(pathname)
      if (hit) {
        send(req, res, 200, hit.headers, hit.body, true)
        return log(req.method, pathname, 200, started)
      }
    }
  }
  reactRouter(req, res)
})
server.keepAliveTimeout = 65_000 // longer than the proxy's, so it never reuses a connection we just closed
server.listen(PORT, process.env.HOST, () => console.log(`[glass] listening on http://localhost:${PORT}`))

// Stop accepting connections, let in-flight requests finish (at most 25 s), then exit; the app closes SQLite on exit.
let stopping = false
for (const signal of ['SIGTERM', 'SIGINT']) {
  process.once(signal, () => {
    if (stopping) return
    stopping = true
    console.log(`[glass] ${signal}: finishing in-flight requests, then stopping`)
    server.close(() => process.exit(0))
    server.closeIdleConnections()
    setTimeout(() => {
      console.error('[glass] requests still running after 25 s; stopping anyway')
      process.exit(1)
    }, 25_000).unref()
  })
}
