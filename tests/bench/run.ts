/**
 * `npm run bench`: builds the app into build-bench, starts it on a free port with a fresh data directory (the embedded
 * defaults: seeded prices, local payments), runs each section below and prints its figures, then a summary of targets.
 *
 *   npm run bench -- [--seconds 5] [--skip-build] [--strict] [--only landing,preloads,partner,uploads,scale,pinned,bombs,storm] [--build-dir build-bench]
 *
 * `--only storm --lookup-only` needs no server, so it builds and starts none (the storm section's options are in
 * tests/bench/storm.ts).
 *
 * --build-dir builds into (and runs) another folder, so two benches on one machine do not share a build.
 * --strict exits non-zero when a target is missed. Numbers depend on the machine and on what else runs on it: compare
 * figures from the same run (that is why the static-file yardstick runs beside the app), not across machines.
 *
 * To add a section: write `async function mySection(context: BenchContext)` in its own file and list it in SECTIONS.
 */
import { imageBombsSection } from './image-bombs'
import { landingPage } from './landing'
import { partnerPage } from './partner'
import { pinnedSection } from './pinned'
import { preloadsSection } from './preloads'
import { scaleSection } from './scale'
import { buildApp, type RunningServer, startServer } from './server'
import { stormSection } from './storm'
import { uploadsSection } from './uploads'

export type BenchContext = {
  server: RunningServer
  /** The build the server runs (sections that start servers of their own use it too). */
  buildDir: string
  /** The command line, for a section's own options. */
  args: string[]
  /** Duration of each load run. */
  seconds: number
  print: (line: string) => void
  /** Records a target as met or missed, with the measured value. */
  target: (name: string, met: boolean, value: string) => void
}

const SECTIONS: { key: string; name: string; run: (context: BenchContext) => Promise<void> }[] = [
  { key: 'landing', name: 'Landing page', run: landingPage },
  { key: 'preloads', name: 'JavaScript each page has the browser fetch', run: preloadsSection },
  { key: 'partner', name: 'Partner page', run: partnerPage },
  { key: 'uploads', name: 'Policy photo uploads', run: uploadsSection },
  {
    key: 'scale',
    name: 'Scale: the same pages at a small and a large data set (1,000 and 1,000,000 policies unless --sizes)',
    run: scaleSection,
  },
  { key: 'pinned', name: 'The customer dashboard against a pinned earlier build (--pinned <commit>)', run: pinnedSection },
  { key: 'bombs', name: 'Image bombs: many huge-when-decoded PNGs at once', run: imageBombsSection },
  {
    key: 'storm',
    name: 'Storm: claims with three 12 MP photos at 4 and 8 in flight against the image work alone, and the near-duplicate lookup at 1,000 and 1,000,000 policies',
    run: stormSection,
  },
]

async function main() {
  const args = process.argv.slice(2)
  const buildDirArg = args.indexOf('--build-dir')
  const BUILD_DIR = buildDirArg >= 0 ? args[buildDirArg + 1]! : 'build-bench'
  const secondsArg = args.indexOf('--seconds')
  const seconds = secondsArg >= 0 ? Number(args[secondsArg + 1]) : 5
  if (!(seconds > 0)) throw new Error('--seconds needs a positive number')
  const onlyArg = args.indexOf('--only')
  const only = onlyArg >= 0 ? args[onlyArg + 1]!.split(',') : null
  const unknown = only?.filter((key) => !SECTIONS.some((section) => section.key === key)) ?? []
  if (unknown.length) throw new Error(`--only: unknown section ${unknown.join(', ')} (sections: ${SECTIONS.map((s) => s.key).join(', ')})`)

  // The near-duplicate lookup alone reads its own databases: no build, no server.
  const needsServer = !(only?.every((key) => key === 'storm') && args.includes('--lookup-only'))
  if (needsServer && !args.includes('--skip-build')) {
    console.log(`Building into ${BUILD_DIR}...`)
    buildApp(BUILD_DIR)
  }
  const started = needsServer ? await startServer({ buildDir: BUILD_DIR }) : null
  if (started) console.log(`Server on ${started.url}, data in ${started.dataDir}\n`)
  const server =
    started ??
    new Proxy({} as RunningServer, {
      get: () => {
        throw new Error('This section needs the server, which --only storm --lookup-only does not start')
      },
    })

  const targets: { name: string; met: boolean; value: string }[] = []
  try {
    for (const section of SECTIONS.filter((entry) => !only || only.includes(entry.key))) {
      console.log(`== ${section.name}`)
      await section.run({
        server,
        buildDir: BUILD_DIR,
        args,
        seconds,
        print: (line) => console.log(line),
        target: (name, met, value) => targets.push({ name, met, value }),
      })
      console.log('')
    }
  } finally {
    await started?.stop()
  }

  console.log('== Targets')
  for (const { name, met, value } of targets) console.log(`  ${met ? 'met   ' : 'MISSED'}  ${name}: ${value}`)
  if (args.includes('--strict') && targets.some((t) => !t.met)) process.exitCode = 1
}

main().catch((error) => {
  console.error(error)
  process.exitCode = 1
})
