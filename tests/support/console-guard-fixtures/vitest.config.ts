import { fileURLToPath } from 'node:url'

import { defineConfig } from 'vitest/config'

import base from '../../../vitest.config'

// Runs the console-guard fixtures with the real setup; tests/unit/console-guard.test.ts reads the JSON report.
export default defineConfig({
  ...base,
  root: fileURLToPath(new URL('../../..', import.meta.url)),
  test: {
    ...base.test,
    include: ['tests/support/console-guard-fixtures/*.fixture.ts'],
    reporters: [['json', { outputFile: process.env.GUARD_REPORT ?? 'test-results/console-guard.json' }]],
  },
})
