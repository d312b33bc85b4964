import { fileURLToPath } from 'node:url'

import { defineConfig } from 'vitest/config'

// Vitest gets its own config: the React Router Vite plugin is for the app build, not for tests.
export default defineConfig({
  resolve: {
    alias: {
      '~': fileURLToPath(new URL('./app', import.meta.url)),
      // The build's route table, which only React Router's Vite plugin generates: rebuilt from app/routes.ts.
      'virtual:react-router/server-build': fileURLToPath(new URL('./tests/support/server-build.ts', import.meta.url)),
    },
  },
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/integration/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    testTimeout: 20_000,
    setupFiles: ['tests/support/vitest-setup.ts'],
    reporters: ['default', ['json', { outputFile: 'test-results/vitest.json' }]],
  },
})
