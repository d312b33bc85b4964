// `npm run check`: Prettier and ESLint over the whole project, each one pass/fail check. The result is also written to
// test-results/checks.json, so .ci/totals.mjs counts a formatting or lint failure in the one closing line.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'

const checks = [
  ['format (prettier --check)', 'node_modules/.bin/prettier', ['--check', '--log-level', 'warn', '.']],
  ['lint (eslint)', 'node_modules/.bin/eslint', ['.']],
]
const results = []
for (const [name, bin, args] of checks) {
  const run = spawnSync(bin, args, { stdio: 'inherit' })
  const ok = run.status === 0
  results.push({ name, ok })
  console.log(`${ok ? '✓' : '✗'} ${name}`)
}
fs.mkdirSync('test-results', { recursive: true })
fs.writeFileSync('test-results/checks.json', JSON.stringify({ checks: results }, null, 2))
process.exit(results.every((result) => result.ok) ? 0 : 1)
