// Adds up the Vitest and Playwright JSON reports into the one line CI reads: "N passed, N failed".
import fs from 'node:fs'
import path from 'node:path'

const dir = 'test-results'
let passed = 0
let failed = 0
let skipped = 0
let reports = 0

const vitest = path.join(dir, 'vitest.json')
if (fs.existsSync(vitest)) {
  const report = JSON.parse(fs.readFileSync(vitest, 'utf8'))
  passed += report.numPassedTests ?? 0
  let vitestFailed = report.numFailedTests ?? 0
  skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0)
  // A test file that fails with no failed test in it (it did not load, or a beforeAll/afterAll hook threw): one failure.
  for (const file of report.testResults ?? []) {
    if (file.status === 'failed' && !(file.assertionResults ?? []).some((test) => test.status === 'failed')) vitestFailed++
  }
  // An error outside any file (an unhandled rejection after the tests) fails the run without failing a test.
  if (report.success === false && vitestFailed === 0) vitestFailed = 1
  failed += vitestFailed
  reports++
}

for (const file of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
  if (!/^playwright-\d+\.json$/.test(file)) continue
  const report = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'))
  const stats = report.stats ?? {}
  passed += (stats.expected ?? 0) + (stats.flaky ?? 0)
  failed += stats.unexpected ?? 0
  skipped += stats.skipped ?? 0
  failed += (report.errors ?? []).length
  reports++
}

// Formatting and lint (npm run check): each a pass or a failure.
const checks = path.join(dir, 'checks.json')
if (fs.existsSync(checks)) {
  for (const check of JSON.parse(fs.readFileSync(checks, 'utf8')).checks ?? []) {
    if (check.ok) passed++
    else failed++
  }
} else {
  console.log(`No ${checks}: the format and lint checks did not run.`)
  failed++
}

if (reports < 2) {
  console.log(`Expected a Vitest and a Playwright report in ${dir}/, found ${reports}.`)
  failed += 2 - reports
}
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`)
process.exit(failed > 0 ? 1 : 0)
