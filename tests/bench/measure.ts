/** Measuring helpers for benchmark sections: load runs, the static-file yardstick, compressed asset sizes. */
import { fork } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'

import autocannon from 'autocannon'

import { freePort } from '../support/built-server'

/** The value after `name` in a section's arguments (`--sizes 1000,300000`), or undefined. */
export function argValue(args: string[], name: string) {
  const at = args.indexOf(name)
  return at >= 0 ? args[at + 1] : undefined
}

export type LoadResult = { requestsPerSecond: number; p50: number; p99: number; errors: number; non2xx: number }

/** One autocannon run against `url` (GET, keep-alive, no cookies; the request headers given, if any). */
export async function load(url: string, connections: number, seconds: number, headers: Record<string, string> = {}): Promise<LoadResult> {
  const result = await autocannon({ url, connections, duration: seconds, headers })
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  }
}

export type StaticServer = { url: string; stop: () => Promise<void> }

/**
 * Serves `html` from a bare Node http server in its own process (see static-file-server.mjs); with a content coding,
 * `html` is bytes already compressed that way, sent from memory with their Content-Encoding.
 */
export async function startStaticServer(html: Buffer, mode: 'file' | 'memory' = 'file', coding?: string): Promise<StaticServer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'glass-static-'))
  const file = path.join(dir, 'index.html')
  fs.writeFileSync(file, html)
  const port = await freePort()
  const args = [file, String(port), ...(mode === 'memory' ? ['--memory', ...(coding ? [coding] : [])] : [])]
  const child = fork(path.join(import.meta.dirname, 'static-file-server.mjs'), args, { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] })
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve())
    child.once('exit', (code) => reject(new Error(`static server exited with ${code}`)))
  })
  return {
    url: `http://127.0.0.1:${port}/`,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGTERM')
      await exited
      fs.rmSync(dir, { recursive: true, force: true })
    },
  }
}

export type PageWeight = { html: number; css: number; js: number; cssFiles: string[]; jsFiles: string[] }

/** The page's stylesheet and module-script URLs, as the browser would find them in its HTML. */
export function assetUrls(html: string) {
  const attribute = (tag: string, name: string) => new RegExp(`${name}="([^"]+)"`).exec(tag)?.[1]
  const css = new Set<string>()
  const js = new Set<string>()
  for (const [tag] of html.matchAll(/<link\b[^>]*>/g)) {
    const rel = attribute(tag, 'rel')
    const href = attribute(tag, 'href')
    if (!href) continue
    if (rel === 'stylesheet') css.add(href)
    if (rel === 'modulepreload') js.add(href)
  }
  for (const [tag, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    const src = attribute(tag, 'src')
    if (src && /type="module"/.test(tag)) js.add(src)
    if (/type="module"/.test(tag)) {
      // React Router's inline module script imports the entry and route modules.
      for (const [, specifier] of (body ?? '').matchAll(/(?:import\s*\(|from\s*)\s*["']([^"']+\.js)["']/g)) js.add(specifier!)
      for (const [, specifier] of (body ?? '').matchAll(/import\s+["']([^"']+\.js)["']/g)) js.add(specifier!)
    }
  }
  return { css: [...css], js: [...js] }
}

const gzipped = (bytes: Buffer | string) => zlib.gzipSync(bytes, { level: 6 }).length

/** gzip-compressed bytes of the page's HTML, its stylesheets and its JavaScript modules (level 6, as served). */
export async function pageWeight(pageUrl: string): Promise<PageWeight> {
  const html = await (await fetch(pageUrl)).text()
  const { css, js } = assetUrls(html)
  const fetchAll = (urls: string[]) =>
    Promise.all(
      urls.map(async (url) => {
        const response = await fetch(new URL(url, pageUrl))
        if (!response.ok) throw new Error(`${url}: ${response.status}`)
        return gzipped(Buffer.from(await response.arrayBuffer()))
      }),
    )
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0)
  return { html: gzipped(html), css: sum(await fetchAll(css)), js: sum(await fetchAll(js)), cssFiles: css, jsFiles: js }
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`
export const fixed = (value: number, digits = 0) => value.toFixed(digits).replace(/\B(?=(\d{3})+(?!\d))/g, ',')

/** The body as sent (not decoded, unlike fetch) and its Content-Encoding, for a GET with these request headers. */
export function rawGet(url: string, headers: Record<string, string>): Promise<{ body: Buffer; coding: string | null; status: number }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () =>
          resolve({
            body: Buffer.concat(chunks),
            coding: (response.headers['content-encoding'] as string | undefined) ?? null,
            status: response.statusCode ?? 0,
          }),
        )
        response.on('error', reject)
      })
      .on('error', reject)
  })
}
