// ESLint: TypeScript's recommended rules, the rules of hooks, imports in one order (autofixed), and the direction
// imports run in app/ (below). Formatting is Prettier's (.prettierrc.json); `npm run check` runs both.
import { builtinModules } from 'node:module'

import { defineConfig } from 'eslint/config'
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'
import importX from 'eslint-plugin-import-x'
import reactHooks from 'eslint-plugin-react-hooks'
import simpleImportSort from 'eslint-plugin-simple-import-sort'
import globals from 'globals'
import tseslint from 'typescript-eslint'

const DOMAIN_IN_BROWSER = 'app/domain runs in the browser: no Node built-in modules.'
const SERVER_MODULES = ['app/**/*.server.{ts,tsx}', 'app/**/*.server/**', 'app/**/.server/**']

/** Which folder may not import which (paths from the repository's root; `except` is relative to `from`). */
const IMPORT_ZONES = [
  {
    target: 'app/domain',
    from: 'app',
    except: ['./domain'],
    message: "app/domain imports only app/domain: it is the product's words and rules, the same in the browser and the server.",
  },
  {
    // Each package app/domain uses must run in the browser: add it here when domain needs one.
    target: 'app/domain',
    from: 'node_modules',
    except: ['./zod', './date-fns', './@date-fns/tz', './libphonenumber-js'],
    message: 'app/domain imports only browser-safe packages (zod, date-fns, @date-fns/tz, libphonenumber-js).',
  },
  { target: 'app/models', from: ['app/components', 'app/routes'], message: 'A model never imports a component or a route.' },
  {
    target: 'app/models',
    from: 'app/auth',
    message: "A model never imports app/auth: sessions, guards and rate limits are the route layer's; a model takes plain values.",
  },
  {
    // Types included: an adapter declares the shape it takes (e.g. ContractDocument), and a model's value fits it.
    target: 'app/services',
    from: ['app/models', 'app/auth', 'app/routes', 'app/components', 'app/jobs.server.ts'],
    message:
      'A service (an outside system or a library behind an adapter) never imports a model, auth, a route or a component, types included.',
  },
  {
    target: 'app/components',
    from: 'app/routes',
    message: "A component never imports a route (types included): a route's data type it needs is declared beside the component.",
  },
  {
    target: 'app/components',
    from: SERVER_MODULES,
    message: 'A component never imports a *.server module: it would pull server code toward the browser bundle.',
  },
  { target: 'app/content', from: 'app/components', message: 'Content (copy and reference data) never imports a component.' },
  {
    // The layers below the models: each imports only what lies below it, never back up.
    // app/app.server.ts, the bundle's entry, stands above everything (it starts the app: init.server.ts), outside app/server/.
    target: ['app/utils', 'app/validation', 'app/content', 'app/db', 'app/emails', 'app/server/*.server.ts', 'app/server/*.js'],
    from: ['app/models', 'app/services', 'app/auth', 'app/routes', 'app/jobs.server.ts', 'app/init.server.ts'],
    message:
      'A lower layer (utils, validation, content, db, emails, the request pipeline) never imports a model, a service, auth, a route or the jobs.',
  },
  {
    target: 'app/auth',
    from: ['app/routes', 'app/components'],
    message: "app/auth (the route layer's helpers) never imports a route or a component.",
  },
]

/** Days and dates only through app/domain/calendar.ts (zones, daylight saving, month ends): no UTC arithmetic by hand. */
const NO_DATE_UTC = {
  selector: "CallExpression[callee.object.name='Date'][callee.property.name='UTC']",
  message: 'Days and dates only through app/domain/calendar.ts (dayOf, dayAfter, addCalendarDays…): no Date.UTC by hand.',
}

const DAYS_MESSAGE =
  'Days only through app/domain/calendar.ts (startOfDayIn, isCalendarDay, calendarDaysBetween, daysApart…), durations through app/domain/time.ts (DAY_MS): no day counted by hand.'

/**
 * A day counted by hand: `Date.parse` of a built string (`${day}T00:00:00Z`), midnight UTC written out, a day's
 * milliseconds typed, or a year or a month read off a Date's UTC fields (which are the service's zone only by luck).
 */
const NO_DAYS_BY_HAND = [
  { selector: "CallExpression[callee.object.name='Date'][callee.property.name='parse'] > TemplateLiteral", message: DAYS_MESSAGE },
  { selector: 'TemplateElement[value.raw=/T00:00:00Z/]', message: DAYS_MESSAGE },
  { selector: 'Literal[value=/T00:00:00Z/]', message: DAYS_MESSAGE },
  { selector: 'Literal[value=86400000]', message: DAYS_MESSAGE },
  { selector: 'MemberExpression[property.name=/^getUTC(FullYear|Month)$/]', message: DAYS_MESSAGE },
]

/** An amount written out by hand: `(cents / 100).toFixed(2)` is app/domain/format.ts's formatDollars (or formatPrice). */
const NO_FIXED_DOLLARS = {
  selector: "CallExpression[callee.property.name='toFixed'][arguments.0.value=2]",
  message: 'Amounts are written by app/domain/format.ts (formatDollars for a form or a CSV, formatPrice for people): no .toFixed(2).',
}

const TYPED_LENGTH_MESSAGE =
  "An input's length comes from app/validation/limits.ts (fieldLimits(schema) or MAX_LENGTH), never a typed number."

/** A `maxLength` typed as a number, on an element (`maxLength={40}`, `maxLength="40"`) or in an object of props. */
const NO_TYPED_LENGTH = [
  { selector: "JSXAttribute[name.name='maxLength'] > Literal", message: TYPED_LENGTH_MESSAGE },
  { selector: "JSXAttribute[name.name='maxLength'] > JSXExpressionContainer > Literal", message: TYPED_LENGTH_MESSAGE },
  { selector: "Property[key.name='maxLength'] > Literal.value", message: TYPED_LENGTH_MESSAGE },
]

/** A schema's `.max(254)` in app/validation: the number is named in limits.ts (MAX_LENGTH, MAX_VALUE). Math.max is not a limit. */
const NO_TYPED_SCHEMA_MAX = {
  selector: "CallExpression[callee.property.name='max'][callee.object.name!='Math'] > Literal.arguments:first-child",
  message: "A schema's limit is named in app/validation/limits.ts (MAX_LENGTH, MAX_VALUE), never a typed number.",
}

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
  {
    // Imports run one way in app/, so the browser never pulls in server code and the product's rules stay plain.
    // tests/unit/import-rules.test.ts lints a violation of each rule and fails if one stops firing.
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      // Resolves the `~/` alias from tsconfig.json, so a rule sees `~/x` and `../x` as the same file.
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json', alwaysTryTypes: true })],
    },
    rules: {
      'import-x/no-duplicates': ['error', { 'prefer-inline': true }],
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: IMPORT_ZONES }],
    },
  },
  {
    // app/domain must run in the browser: no Node built-in module and no *.server module, even one inside app/domain
    // (the packages it may use are the exceptions of its zone above).
    files: ['app/domain/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: builtinModules.filter((name) => !name.startsWith('_')).map((name) => ({ name, message: DOMAIN_IN_BROWSER })),
          patterns: [
            { group: ['node:*', ...builtinModules.map((name) => `${name}/*`)], message: DOMAIN_IN_BROWSER },
            { regex: '\\.server(\\.tsx?)?$|\\.server/', message: 'app/domain imports no *.server module: it runs in the browser.' },
          ],
        },
      ],
    },
  },
  {
    // Days and dates only through app/domain/calendar.ts; an input's length only from app/validation/limits.ts;
    // (A later block naming the same rule replaces its list, so each block below repeats what still applies.)
    // Amounts written only by app/domain/format.ts.
    files: ['app/**/*.{ts,tsx,js}'],
    rules: { 'no-restricted-syntax': ['error', NO_DATE_UTC, ...NO_DAYS_BY_HAND, NO_FIXED_DOLLARS, ...NO_TYPED_LENGTH] },
  },
  { files: ['app/domain/calendar.ts'], rules: { 'no-restricted-syntax': ['error', NO_FIXED_DOLLARS, ...NO_TYPED_LENGTH] } },
  { files: ['app/domain/format.ts'], rules: { 'no-restricted-syntax': ['error', NO_DATE_UTC, ...NO_DAYS_BY_HAND, ...NO_TYPED_LENGTH] } },
  {
    files: ['app/validation/**/*.ts'],
    ignores: ['app/validation/limits.ts'],
    rules: {
      'no-restricted-syntax': ['error', NO_DATE_UTC, ...NO_DAYS_BY_HAND, NO_FIXED_DOLLARS, ...NO_TYPED_LENGTH, NO_TYPED_SCHEMA_MAX],
    },
  },
  {
    // Models take plain values: rate limits, cookies and the request itself belong to the route layer.
    files: ['app/models/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-types': [
        'error',
        { types: { Request: 'A model takes plain values, never a Fetch Request (that belongs to the route layer).' } },
      ],
    },
  },
  {
    // Stripe is reached only through the payments adapter (app/services/payments.server.ts); its types may be named.
    files: ['app/**/*.{ts,tsx}'],
    ignores: ['app/services/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)services/stripe(-(client|billing|connect))?\\.server$',
              allowTypeImports: true,
              message: 'Stripe only through the payments adapter (~/services/payments.server).',
            },
          ],
        },
      ],
    },
  },
)
