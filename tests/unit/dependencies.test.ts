import fs from 'node:fs'
import path from 'node:path'

import { describe, expect, it } from 'vitest'

/**
 * Dependencies run one way (issue 14). Over the import graph of app/:
 * - app/domain imports nothing from the rest of the app, and nothing that cannot run in a browser (node:*, *.server);
 * - a model never imports a component or a route;
 * - a component never imports a *.server module (it would pull server code toward the browser bundle);
 * - content (copy and reference data) never imports a component;
 * - models take plain values, never a Fetch `Request` (rate limits and cookies belong to the route layer);
 * - Stripe is reached only through the payments adapter: outside app/services nothing imports the Stripe service
 *   (its types excepted).
 */

type SourceFile = { file: string; source: string }
export type Violation = { file: string; imports: string; rule: string }

const APP = path.resolve('app')
const IMPORT = /(?:^|\n)\s*(?:import|export)\s+(?:type\s+)?(?:[^'"`;]*?\s+from\s+)?['"]([^'"]+)['"]/g

/** The app-relative path an import points to ('~/x' and './x' resolved), or the package name as written. */
function target(fromFile: string, specifier: string) {
  if (specifier.startsWith('~/')) return { internal: true, path: specifier.slice(2) }
  if (specifier.startsWith('.'))
    return {
      internal: true,
      path: path
        .relative(APP, path.resolve(APP, path.dirname(fromFile), specifier))
        .split(path.sep)
        .join('/'),
    }
  return { internal: false, path: specifier }
}

export function dependencyViolations(files: SourceFile[]): Violation[] {
  const violations: Violation[] = []
  for (const { file, source } of files) {
    if (file.startsWith('models/') && /[(,]\s*\w+\??:\s*Request\b/.test(source)) {
      violations.push({ file, imports: 'Request', rule: 'models are free of Request' })
    }
    for (const match of source.matchAll(IMPORT)) {
      const specifier = match[1]!
      const to = target(file, specifier)
      const add = (rule: string) => violations.push({ file, imports: specifier, rule })
      const isServer = /\.server(\.tsx?)?$/.test(to.path) || /(^|\/)[^/]+\.server\//.test(to.path)
      if (file.startsWith('domain/')) {
        if (to.internal && !to.path.startsWith('domain/')) add('app/domain imports only app/domain')
        if (!to.internal && specifier.startsWith('node:')) add('app/domain runs in the browser: no node:* modules')
        if (isServer) add('app/domain imports no *.server module')
      }
      if (file.startsWith('models/') && to.internal && (to.path.startsWith('components/') || to.path.startsWith('routes/'))) {
        add('a model never imports a component or a route')
      }
      if (file.startsWith('components/') && to.internal && isServer) add('a component never imports a *.server module')
      if (file.startsWith('content/') && to.internal && to.path.startsWith('components/')) add('content never imports a component')
      if (!file.startsWith('services/') && /services\/stripe\.server$/.test(to.path) && !/^\s*(import|export)\s+type\b/.test(match[0])) {
        add('Stripe only through the payments adapter')
      }
    }
  }
  return violations
}

function appSources(): SourceFile[] {
  return (fs.readdirSync(APP, { recursive: true }) as string[])
    .filter((file) => /\.(ts|tsx)$/.test(file) && !file.includes('+types'))
    .map((file) => ({ file: file.split(path.sep).join('/'), source: fs.readFileSync(path.join(APP, file), 'utf8') }))
}

describe('dependencies run one way', () => {
  it('the checker finds each kind of violation', () => {
    const found = dependencyViolations([
      {
        file: 'domain/rules.ts',
        source: "import { db } from '~/db/client.server'\nimport fs from 'node:fs'\nimport { z } from 'zod'\nimport { x } from './plans'",
      },
      {
        file: 'models/claims.server.ts',
        source:
          "import { Card } from '~/components/card'\nimport type { Route } from '../routes/x'\nimport { rule } from '~/domain/claims'",
      },
      {
        file: 'components/card.tsx',
        source:
          "import { getClaim } from '~/models/claims.server'\nexport { thing } from '../services/storage.server'\nimport { formatPrice } from '~/domain/format'",
      },
      { file: 'content/demo.ts', source: "import type { CardData } from '~/components/card'" },
      { file: 'models/checkout.server.ts', source: 'export function limited(request: Request) {}' },
      {
        file: 'models/pricing.server.ts',
        source: "import { listStripePrices } from '~/services/stripe.server'\nimport type { StripePrice } from '~/services/stripe.server'",
      },
    ])
    expect(found.map((violation) => `${violation.file} → ${violation.imports}`)).toEqual([
      'domain/rules.ts → ~/db/client.server',
      'domain/rules.ts → ~/db/client.server',
      'domain/rules.ts → node:fs',
      'models/claims.server.ts → ~/components/card',
      'models/claims.server.ts → ../routes/x',
      'components/card.tsx → ~/models/claims.server',
      'components/card.tsx → ../services/storage.server',
      'content/demo.ts → ~/components/card',
      'models/checkout.server.ts → Request',
      'models/pricing.server.ts → ~/services/stripe.server',
    ])
  })

  it('holds for app/', () => {
    const sources = appSources()
    expect(sources.some((source) => source.file.startsWith('domain/'))).toBe(true)
    expect(dependencyViolations(sources).map((violation) => `${violation.file} → ${violation.imports} (${violation.rule})`)).toEqual([])
  })
})
