/** Benchmark section: the landing page against the same HTML served as a static file, and its compressed weight. */
import { fixed, kb, load, type LoadResult, pageWeight, startStaticServer } from './measure'
import type { BenchContext } from './run'

const CONNECTIONS = [10, 50] as const
/** The landing page must serve at least half the requests a second of its own HTML as a static file (docs/benchmarks.md). */
const MIN_RATIO = 0.5
const MAX_HTML_CSS_BYTES = 60 * 1024

export async function landingPage({ server, seconds, print, target }: BenchContext) {
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

    const row = (label: string, result: LoadResult) =>
      `  ${label.padEnd(34)} ${fixed(result.requestsPerSecond).padStart(8)} req/s   p50 ${String(result.p50).padStart(3)} ms   p99 ${String(result.p99).padStart(4)} ms` +
      (result.errors || result.non2xx ? `   (${result.errors} errors, ${result.non2xx} non-2xx)` : '')

    for (const connections of CONNECTIONS) {
      const app = await load(pageUrl, connections, seconds)
      const file = await load(staticFile.url, connections, seconds)
      const memory = await load(staticMemory.url, connections, seconds)
      const ratio = app.requestsPerSecond / file.requestsPerSecond
      print(`GET / at ${connections} connections, ${seconds} s each:`)
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

  const weight = await pageWeight(pageUrl)
  print('Compressed size of / (gzip -6):')
  print(
    `  HTML ${kb(weight.html)}   CSS ${kb(weight.css)} (${weight.cssFiles.length} file)   JS ${kb(weight.js)} (${weight.jsFiles.length} modules)`,
  )
  print(`  HTML + CSS ${kb(weight.html + weight.css)}   total ${kb(weight.html + weight.css + weight.js)}`)
  target('landing HTML + CSS under 60 KB compressed', weight.html + weight.css < MAX_HTML_CSS_BYTES, kb(weight.html + weight.css))
}
