// ESLint (issue 14): TypeScript's recommended rules, the rules of hooks, and imports in one order (autofixed).
// Formatting is Prettier's (.prettierrc.json); `npm run check` runs both.
import { defineConfig } from 'eslint/config'
import reactHooks from 'eslint-plugin-react-hooks'
import simpleImportSort from 'eslint-plugin-simple-import-sort'
import globals from 'globals'
import tseslint from 'typescript-eslint'

export default defineConfig(
  {
    ignores: [
      'build*/**',
      'node_modules/**',
      'storage/**',
      'test-results/**',
      'playwright-report/**',
      '.react-router/**',
      'drizzle/meta/**',
    ],
  },
  tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'simple-import-sort': simpleImportSort },
    rules: {
      // Groups, a blank line between each: side effects, node:*, packages, the app's own (~/), relative.
      'simple-import-sort/imports': ['error', { groups: [['^\\u0000'], ['^node:'], ['^@?\\w'], ['^~/'], ['^'], ['^\\.']] }],
      'simple-import-sort/exports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    // React's hooks live in app/ (Playwright's fixtures also call a function named `use`, which is not React's).
    files: ['app/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
)
