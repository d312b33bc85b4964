/**
 * Benchmark section: the JavaScript each public and customer-facing page has the browser fetch (its modulepreload
 * links and module scripts, as the built page names them), in bytes as built and gzipped. A page that sends no React
 * names none.
 */
import zlib from 'node:zlib'

import { assetUrls, kb } from './measure'
import type { BenchContext } from './run'

/** The pages a visitor or customer opens first; the demo shows the customer's screens without a sign-in. */
const PAGES = ['/', '/auth', '/signup', '/signup?planType=comprehensive', '/terms-of-service', '/demo/customer', '/partner/complete-claim']

export async function preloadsSection({ server, print }: BenchContext) {
  const sizes = new Map<string, { bytes: number; gzipped: number }>()
  const sizeOf = async (url: string) => {
    let size = sizes.get(url)
    if (!size) {
      const response = await fetch(new URL(url, server.url))
      if (!response.ok) throw new Error(`${url}: ${response.status}`)
      const body = Buffer.from(await response.arrayBuffer())
      size = { bytes: body.length, gzipped: zlib.gzipSync(body, { level: 9 }).length }
      sizes.set(url, size)
    }
    return size
  }
  print(`  ${'page'.padEnd(34)} ${'modules'.padStart(7)} ${'bytes'.padStart(10)} ${'gzipped'.padStart(10)}`)
  for (const page of PAGES) {
    const response = await fetch(new URL(page, server.url))
    if (!response.ok) throw new Error(`${page}: ${response.status}`)
    const { js } = assetUrls(await response.text())
    let bytes = 0
    let gzipped = 0
    for (const url of js) {
      const size = await sizeOf(url)
      bytes += size.bytes
      gzipped += size.gzipped
    }
    print(`  ${page.padEnd(34)} ${String(js.length).padStart(7)} ${kb(bytes).padStart(10)} ${kb(gzipped).padStart(10)}`)
  }
}
