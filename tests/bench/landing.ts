/**
 * Benchmark section: the landing page against the same HTML served as a static file, uncompressed and compressed as
 * browsers ask for it, and its compressed weight.
 */
import { fixed, kb, load, type LoadResult, pageWeight, rawGet, startStaticServer } from './measure'
import type { BenchContext } from './run'

const CONNECTIONS = [10, 50] as const
/** The landing page must serve at least half the requests a second of its own HTML as a static file (docs/benchmarks.md). */
const MIN_RATIO = 0.5
const MAX_HTML_CSS_BYTES = 60 * 1024
/**
 * What a current browser sends (Chromium, Firefox, Safari all list gzip and br), and gzip alone (older clients,
 * proxies). Compressed, the yardstick is the same compressed bytes sent from memory by a bare Node server.
 */
const ENCODINGS = [
  { label: 'as a browser asks (gzip, deflate, br, zstd)', acceptEncoding: 'gzip, deflate, br, zstd' },
  { label: 'gzip only', acceptEncoding: 'gzip' },
] as const

/** Each comparison runs in this many turns, the servers taking turns, so the machine's other work falls on all alike. */
const TURNS = 5

/**
 * Loads each URL for `seconds` in all, in TURNS alternating turns; each URL's requests a second over all its turns,
 * its median p50 and its largest p99.
 */
async function alternating(urls: string[], connections: number, seconds: number, headers: Record<string, string> = {}) {
  const turns: LoadResult[][] = urls.map(() => [])
  for (let turn = 0; turn < TURNS; turn++)
    for (const [index, url] of urls.entries()) turns[index]!.push(await load(url, connections, seconds / TURNS, headers))
  return turns.map((results): LoadResult => {
    const p50s = results.map((result) => result.p50).sort((a, b) => a - b)
    return {
      requestsPerSecond: results.reduce((total, result) => total + result.requestsPerSecond, 0) / results.length,
      p50: p50s[Math.floor(p50s.length / 2)]!,
      p99: Math.max(...results.map((result) => result.p99)),
      errors: results.reduce((total, result) => total + result.errors, 0),
      non2xx: results.reduce((total, result) => total + result.non2xx, 0),
    }
  })
}

const row = (label: string, result: LoadResult) =>
  `  ${label.padEnd(34)} ${fixed(result.requestsPerSecond).padStart(8)} req/s   p50 ${String(result.p50).padStart(3)} ms   p99 ${String(result.p99).padStart(4)} ms` +
  (result.errors || result.non2xx ? `   (${result.errors} errors, ${result.non2xx} non-2xx)` : '')

export async function landingPage(context: BenchContext) {
  await uncompressed(context)
  for (const encoding of ENCODINGS) await compressed(context, encoding)
  await weight(context)
}

async function uncompressed({ server, seconds, print, target }: BenchContext) {
  const pageUrl = `${server.url}/`
  // The exact bytes an anonymous visitor gets (a page-cache hit), for the static yardstick.
  await fetch(pageUrl)
  const sample = await fetch(pageUrl)
  const html = Buffer.from(await sample.arrayBuffer())
  print(`page cache on /: ${sample.headers.get('x-page-cache') ?? 'not used'}; HTML ${kb(html.length)} uncompressed`)

  const staticFile = await startStaticServer(html, 'file')
  const staticMemory = await startStaticServer(html, 'memory')
  try {
    // Warm up JIT and caches on all three before measuring.
    for (const url of [pageUrl, staticFile.url, staticMemory.url]) await load(url, 10, 1)

    for (const connections of CONNECTIONS) {
      const [app, file, memory] = await alternating([pageUrl, staticFile.url, staticMemory.url], connections, seconds)
      const ratio = app.requestsPerSecond / file.requestsPerSecond
      print(`GET / uncompressed at ${connections} connections, ${seconds} s each in ${TURNS} alternating turns:`)
      print(row('app (server.js)', app))
      print(row('static file (bare Node http)', file))
      print(row('same bytes from memory (bare Node)', memory))
      print(
        `  ratio app / static file: ${ratio.toFixed(2)}   (app / memory: ${(app.requestsPerSecond / memory.requestsPerSecond).toFixed(2)})`,
      )
      target(`landing throughput at ${connections} connections ≥ ${MIN_RATIO} × static file`, ratio >= MIN_RATIO, ratio.toFixed(2))
      if (app.errors || app.non2xx)
        target(`landing page answers without errors at ${connections} connections`, false, `${app.errors} errors, ${app.non2xx} non-2xx`)
    }
  } finally {
    await staticFile.stop()
    await staticMemory.stop()
  }
}

async function compressed({ server, seconds, print, target }: BenchContext, encoding: (typeof ENCODINGS)[number]) {
  const pageUrl = `${server.url}/`
  const headers = { 'Accept-Encoding': encoding.acceptEncoding }
  // Warm-up first: the server makes a body's brotli form in the background after the first request for it, so the
  // bytes sampled after this are the ones every later answer carries.
  await load(pageUrl, 10, 1, headers)
  const sample = await rawGet(pageUrl, headers)
  if (sample.status !== 200) throw new Error(`GET / answered ${sample.status}`)
  print(`GET / ${encoding.label}: sent as ${sample.coding ?? 'identity'}, ${kb(sample.body.length)}`)
  const memory = await startStaticServer(sample.body, 'memory', sample.coding ?? undefined)
  try {
    await load(memory.url, 10, 1, headers)
    for (const connections of CONNECTIONS) {
      const [app, bare] = await alternating([pageUrl, memory.url], connections, seconds, headers)
      const ratio = app.requestsPerSecond / bare.requestsPerSecond
      print(`GET / ${encoding.label} at ${connections} connections, ${seconds} s each in ${TURNS} alternating turns:`)
      print(row('app (server.js)', app))
      print(row('same bytes from memory (bare Node)', bare))
      print(`  ratio app / memory: ${ratio.toFixed(2)}`)
      target(
        `landing throughput ${encoding.label} at ${connections} connections ≥ ${MIN_RATIO} × the same bytes from memory`,
        ratio >= MIN_RATIO,
        ratio.toFixed(2),
      )
      if (app.errors || app.non2xx)
        target(`landing page answers without errors at ${connections} connections`, false, `${app.errors} errors, ${app.non2xx} non-2xx`)
    }
  } finally {
    await memory.stop()
  }
}

async function weight({ server, print, target }: BenchContext) {
  const pageUrl = `${server.url}/`
  const weight = await pageWeight(pageUrl)
  print('Compressed size of / (gzip -6):')
  print(
    `  HTML ${kb(weight.html)}   CSS ${kb(weight.css)} (${weight.cssFiles.length} file)   JS ${kb(weight.js)} (${weight.jsFiles.length} modules)`,
  )
  print(`  HTML + CSS ${kb(weight.html + weight.css)}   total ${kb(weight.html + weight.css + weight.js)}`)
  target('landing HTML + CSS under 60 KB compressed', weight.html + weight.css < MAX_HTML_CSS_BYTES, kb(weight.html + weight.css))
}
