// server.js's static files: held in memory, each compressed once (compression.js), written straight to the socket (no
// Fetch objects).
import fs from 'node:fs'
import path from 'node:path'

import { keptBody, sendVariants } from './compression.js'

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
/** Every file under dir (build/client: the built assets plus public/), by URL path, read once. */
export function loadStaticFiles(dir, files = new Map(), prefix = '') {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name)
    const urlPath = `${prefix}/${entry.name}`
    if (entry.isDirectory()) {
      loadStaticFiles(file, files, urlPath)
      continue
    }
    if (urlPath.startsWith('/.vite/')) continue
    const type = CONTENT_TYPES[path.extname(entry.name)] ?? 'application/octet-stream'
    files.set(urlPath, {
      body: keptBody(fs.readFileSync(file), type),
      type,
      // Fingerprinted assets never change; everything else may change with a deploy.
      cacheControl: urlPath.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
    })
  }
  return files
}

export function serveStatic(req, res, file) {
  const headers = [
    ['Content-Type', file.type],
    ['Cache-Control', file.cacheControl],
    ['X-Content-Type-Options', 'nosniff'],
  ]
  return sendVariants(req, res, 200, headers, file.body)
}
