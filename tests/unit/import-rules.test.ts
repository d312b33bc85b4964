import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

/**
 * Imports in app/ run one way: the rules are ESLint's (eslint.config.js), so the editor shows them too. Each case
 * below is a small source linted with the repository's own config as if it were the file named, and the test names
 * every problem it must find, so a rule or zone that stops firing fails here. `npm run check` lints app/ itself.
 */

const RULES = [
  'no-restricted-syntax',
  'import-x/no-restricted-paths',
  'no-restricted-imports',
  '@typescript-eslint/no-restricted-imports',
  '@typescript-eslint/no-restricted-types',
]

/** The rule's own words dropped, so what is left is the message the config gives. */
const withoutPreamble = (message: string) =>
  message.replace(/^.*?(imported in restricted zone\. |import is restricted from being used(?: by a pattern)?\. |as a type\. )/, '')

async function problems(filePath: string, lines: string[]) {
  const [result] = await new ESLint().lintText(`${lines.join('\n')}\n`, { filePath })
  return result!.messages
    .filter((message) => RULES.includes(message.ruleId ?? ''))
    .map((message) => `${message.line}: ${lines[message.line - 1]!.trim()} → ${withoutPreamble(message.message)}`)
}

describe('imports run one way (ESLint)', () => {
  it('app/domain imports only app/domain, browser-safe packages (zod, date-fns), no Node built-in and no *.server module', async () => {
    expect(
      await problems('app/domain/example.ts', [
        "import { db } from '~/db/client.server'",
        "import fs from 'node:fs'",
        "import path from 'path'",
        "import { z } from 'zod'",
        "import { LOOKUP_KEYS } from './plans'",
        "import { formatPrice } from '~/domain/format'",
        "import { secret } from './secret.server'",
        "import { redirect } from 'react-router'",
        "import { Card } from '../components/ui'",
        "export { cx } from '~/components/ui'",
        "const { env } = await import('~/env.server')",
      ]),
    ).toEqual([
      "1: import { db } from '~/db/client.server' → app/domain imports no *.server module: it runs in the browser.",
      "1: import { db } from '~/db/client.server' → app/domain imports only app/domain: it is the product's words and rules, the same in the browser and the server.",
      "2: import fs from 'node:fs' → app/domain runs in the browser: no Node built-in modules.",
      "3: import path from 'path' → app/domain runs in the browser: no Node built-in modules.",
      "7: import { secret } from './secret.server' → app/domain imports no *.server module: it runs in the browser.",
      "8: import { redirect } from 'react-router' → app/domain imports only browser-safe packages (zod, date-fns, @date-fns/tz, libphonenumber-js).",
      "9: import { Card } from '../components/ui' → app/domain imports only app/domain: it is the product's words and rules, the same in the browser and the server.",
      "10: export { cx } from '~/components/ui' → app/domain imports only app/domain: it is the product's words and rules, the same in the browser and the server.",
      "11: const { env } = await import('~/env.server') → app/domain imports only app/domain: it is the product's words and rules, the same in the browser and the server.",
    ])
  })

  it('a model never imports a component or a route, and never takes a Request', async () => {
    expect(
      await problems('app/models/example.server.ts', [
        "import { Card } from '~/components/ui'",
        "import type { Route } from '../routes/_index'",
        "import { isSetupDone } from '~/domain/policies'",
        'export function limited(request: Request) { return request.url }',
      ]),
    ).toEqual([
      "1: import { Card } from '~/components/ui' → A model never imports a component or a route.",
      "2: import type { Route } from '../routes/_index' → A model never imports a component or a route.",
      '4: export function limited(request: Request) { return request.url } → A model takes plain values, never a Fetch Request (that belongs to the route layer).',
    ])
  })

  it('a component never imports a *.server module', async () => {
    expect(
      await problems('app/components/example.tsx', [
        "import { getClaimForProfile } from '~/models/claims/claims.server'",
        "export { payments } from '../services/payments.server'",
        "import { formatPrice } from '~/domain/format'",
        "const { db } = await import('~/db/client.server')",
      ]),
    ).toEqual([
      "1: import { getClaimForProfile } from '~/models/claims/claims.server' → A component never imports a *.server module: it would pull server code toward the browser bundle.",
      "2: export { payments } from '../services/payments.server' → A component never imports a *.server module: it would pull server code toward the browser bundle.",
      "4: const { db } = await import('~/db/client.server') → A component never imports a *.server module: it would pull server code toward the browser bundle.",
    ])
  })

  it('content never imports a component', async () => {
    expect(
      await problems('app/content/example.ts', [
        "import type { ToastMessage } from '~/components/toast'",
        "import { LOOKUP_KEYS } from '~/domain/plans'",
      ]),
    ).toEqual(["1: import type { ToastMessage } from '~/components/toast' → Content (copy and reference data) never imports a component."])
  })

  it('a model never imports app/auth; a service never imports a model, auth, a route or a component, types included', async () => {
    expect(
      await problems('app/models/example.server.ts', [
        "import { isAdmin } from '~/auth/session.server'",
        "import { normalizeEmail } from '~/domain/email'",
      ]),
    ).toEqual([
      "1: import { isAdmin } from '~/auth/session.server' → A model never imports app/auth: sessions, guards and rate limits are the route layer's; a model takes plain values.",
    ])
    const SERVICE =
      'A service (an outside system or a library behind an adapter) never imports a model, auth, a route or a component, types included.'
    expect(
      await problems('app/services/example.server.ts', [
        "import type { Contract } from '~/models/policies/contract.server'",
        "import { hit } from '../auth/rate-limit.server'",
        "import type { loader } from '~/routes/_index'",
        "import { Card } from '~/components/ui'",
        "import { readStored } from './storage.server'",
      ]),
    ).toEqual([
      `1: import type { Contract } from '~/models/policies/contract.server' → ${SERVICE}`,
      `2: import { hit } from '../auth/rate-limit.server' → ${SERVICE}`,
      `3: import type { loader } from '~/routes/_index' → ${SERVICE}`,
      `4: import { Card } from '~/components/ui' → ${SERVICE}`,
    ])
  })

  it('a component never imports a route, types included; auth never imports a route or a component', async () => {
    expect(await problems('app/components/example.tsx', ["import type { loader } from '~/routes/admin'"])).toEqual([
      "1: import type { loader } from '~/routes/admin' → A component never imports a route (types included): a route's data type it needs is declared beside the component.",
    ])
    expect(
      await problems('app/auth/example.server.ts', [
        "import { Toast } from '~/components/toast'",
        "import { loader } from '~/routes/_index'",
      ]),
    ).toEqual([
      "1: import { Toast } from '~/components/toast' → app/auth (the route layer's helpers) never imports a route or a component.",
      "2: import { loader } from '~/routes/_index' → app/auth (the route layer's helpers) never imports a route or a component.",
    ])
  })

  it('the layers below the models never import back up; app/app.server.ts, the bundle’s entry, may', async () => {
    const LOWER =
      'A lower layer (utils, validation, content, db, emails, the request pipeline) never imports a model, a service, auth, a route or the jobs.'
    for (const file of [
      'app/utils/example.server.ts',
      'app/validation/example.ts',
      'app/emails/example.tsx',
      'app/server/example.server.ts',
    ]) {
      expect(
        await problems(file, [
          "import { clientNetwork } from '~/auth/rate-limit.server'",
          "import { sendEmail } from '~/services/email.server'",
          "import { isAdmin } from '~/models/people/operator.server'",
          "import { runDailyJobs } from '~/jobs.server'",
          "import { formatPrice } from '~/domain/format'",
        ]),
        file,
      ).toEqual([
        `1: import { clientNetwork } from '~/auth/rate-limit.server' → ${LOWER}`,
        `2: import { sendEmail } from '~/services/email.server' → ${LOWER}`,
        `3: import { isAdmin } from '~/models/people/operator.server' → ${LOWER}`,
        `4: import { runDailyJobs } from '~/jobs.server' → ${LOWER}`,
      ])
    }
    expect(await problems('app/app.server.ts', ["import { shutdown } from '~/init.server'"])).toEqual([])
  })

  it('days and dates only through app/domain/calendar.ts: no Date.UTC by hand elsewhere', async () => {
    const line = 'export const tomorrow = new Date(Date.UTC(2026, 0, 2))'
    expect(await problems('app/domain/shops.ts', [line])).toEqual([
      `1: ${line} → Days and dates only through app/domain/calendar.ts (dayOf, dayAfter, addCalendarDays…): no Date.UTC by hand.`,
    ])
    expect(await problems('app/domain/calendar.ts', [line])).toEqual([])
  })

  it('days only through app/domain/calendar.ts: no Date.parse of a built day, no midnight UTC written out, no day of milliseconds, no UTC year or month', async () => {
    const DAYS =
      'Days only through app/domain/calendar.ts (startOfDayIn, isCalendarDay, calendarDaysBetween, daysApart…), durations through app/domain/time.ts (DAY_MS): no day counted by hand.'
    const lines = [
      'export const a = Date.parse(`${day}T12:00:00Z`)',
      'export const b = new Date(`${day}T00:00:00Z`)',
      "export const c = new Date(day + 'T00:00:00Z')",
      'export const d = (later - earlier) / 86_400_000',
      'export const e = now.getUTCFullYear() - start.getUTCFullYear()',
      'export const f = now.getUTCMonth()',
      'export const g = Date.parse(row.createdAt) + DAY_MS',
      'export const h = startOfDayIn(day).getUTCDay()',
    ]
    const found = [
      `1: ${lines[0]} → ${DAYS}`,
      `2: ${lines[1]} → ${DAYS}`,
      `3: ${lines[2]} → ${DAYS}`,
      `4: ${lines[3]} → ${DAYS}`,
      `5: ${lines[4]} → ${DAYS}`,
      `5: ${lines[4]} → ${DAYS}`,
      `6: ${lines[5]} → ${DAYS}`,
    ]
    for (const file of [
      'app/domain/shops.ts',
      'app/models/example.server.ts',
      'app/routes/example.tsx',
      'app/validation/example.ts',
      'app/domain/format.ts',
    ])
      expect(await problems(file, lines)).toEqual(found)
    expect(await problems('app/domain/calendar.ts', lines)).toEqual([])
  })

  it('amounts only through app/domain/format.ts: no .toFixed(2) elsewhere', async () => {
    const FIXED = 'Amounts are written by app/domain/format.ts (formatDollars for a form or a CSV, formatPrice for people): no .toFixed(2).'
    const lines = [
      'export const a = (cents / 100).toFixed(2)',
      'export const b = formatDollars(cents)',
      'export const c = hours.toFixed(1)',
    ]
    for (const file of [
      'app/routes/example.tsx',
      'app/models/example.server.ts',
      'app/domain/invoice.ts',
      'app/validation/example.ts',
      'app/domain/calendar.ts',
    ])
      expect(await problems(file, lines)).toEqual([`1: ${lines[0]} → ${FIXED}`])
    expect(await problems('app/domain/format.ts', lines)).toEqual([])
  })

  it("an input's length only from app/validation/limits.ts: no typed maxLength in app/, no typed .max() in a schema", async () => {
    const TYPED = "An input's length comes from app/validation/limits.ts (fieldLimits(schema) or MAX_LENGTH), never a typed number."
    const SCHEMA = "A schema's limit is named in app/validation/limits.ts (MAX_LENGTH, MAX_VALUE), never a typed number."
    const page = [
      'export const a = <input maxLength={40} />',
      'export const b = <input maxLength="10" />',
      "export const c = text('email', 'E-mail', { maxLength: 254 })",
      'export const d = <input maxLength={MAX_LENGTH.email} size={40} />',
      'export const e = <input maxLength={LIMITS.reason.maxLength} />',
      "export const f = text('email', 'E-mail', { maxLength: MAX_LENGTH.email, rows: 3 })",
    ]
    expect(await problems('app/routes/example.tsx', page)).toEqual([
      `1: ${page[0]} → ${TYPED}`,
      `2: ${page[1]} → ${TYPED}`,
      `3: ${page[2]} → ${TYPED}`,
    ])
    // The calendar's own exception from the Date.UTC rule keeps this one.
    expect(await problems('app/domain/calendar.ts', [page[2]!])).toEqual([`1: ${page[2]} → ${TYPED}`])

    const schema = [
      'export const email = singleLineText().max(254, INVALID_EMAIL.description)',
      'export const note = freeText().min(1).max(500)',
      'export const capped = singleLineText().max(MAX_LENGTH.email).min(1)',
      'export const days = z.number().min(1).max(STORM_FILING_DAYS.max)',
      'export const longest = Math.max(10, MAX_LENGTH.vin)',
      'export const when = Date.UTC(2026, 0, 1)',
    ]
    expect(await problems('app/validation/example.ts', schema)).toEqual([
      `1: ${schema[0]} → ${SCHEMA}`,
      `2: ${schema[1]} → ${SCHEMA}`,
      `6: ${schema[5]} → Days and dates only through app/domain/calendar.ts (dayOf, dayAfter, addCalendarDays…): no Date.UTC by hand.`,
    ])
    expect(await problems('app/validation/limits.ts', schema.slice(0, 2))).toEqual([])
    // A length in an outside system's payload (a model reading a webhook) is not an input limit.
    expect(await problems('app/models/example.server.ts', [schema[0]!])).toEqual([])
  })

  it('Stripe only through the payments adapter: outside app/services only its types', async () => {
    const lines = [
      "import { listStripePrices } from '~/services/stripe.server'",
      "import type { StripePrice } from '~/services/stripe.server'",
      "import { retrieveTransfer } from '~/services/stripe-connect.server'",
      "import { refund } from '~/services/stripe-billing.server'",
    ]
    expect(await problems('app/models/example.server.ts', lines)).toEqual([
      "1: import { listStripePrices } from '~/services/stripe.server' → Stripe only through the payments adapter (~/services/payments.server).",
      "3: import { retrieveTransfer } from '~/services/stripe-connect.server' → Stripe only through the payments adapter (~/services/payments.server).",
      "4: import { refund } from '~/services/stripe-billing.server' → Stripe only through the payments adapter (~/services/payments.server).",
    ])
    expect(await problems('app/services/example.server.ts', ["const { listStripePrices } = await import('./stripe.server')"])).toEqual([])
    // The model that applies Stripe's webhook events is no Stripe module.
    expect(await problems('app/routes/example.ts', ["import { handleStripeWebhook } from '~/models/money/stripe-events.server'"])).toEqual(
      [],
    )
  })

  it('a module is imported once per file (its types inline: `import { type A, b }`)', async () => {
    const [result] = await new ESLint().lintText(
      "import type { LookupKey } from '~/domain/plans'\nimport { LOOKUP_KEYS } from '~/domain/plans'\n\nexport const x: [typeof LOOKUP_KEYS, LookupKey?] = [LOOKUP_KEYS]\n",
      { filePath: 'app/routes/example.tsx' },
    )
    expect(result!.messages.map((message) => `${message.line}: ${message.ruleId}`)).toEqual([
      '1: import-x/no-duplicates',
      '2: import-x/no-duplicates',
    ])
  })
})
