import { describe, expect, it } from 'vitest'

import { appSources, dependencyViolations, describeViolation, importsOf } from '../support/dependencies'

/** Dependencies run one way (issue 14): the rules are in tests/support/dependencies.ts. */
describe('dependencies run one way', () => {
  it('reads every form of import and re-export', () => {
    const source = [
      "import a from 'a'",
      "import 'b'",
      "import type { C } from 'c'",
      'import {\n  d,\n  type D,\n} from "d"',
      "export { e } from 'e'",
      "export * from 'f'",
      "export type { G } from 'g'",
      "const h = await import('h')",
      "export const notAnImport = 'i'",
    ].join('\n')
    expect(importsOf(source)).toEqual(
      ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].map((specifier) => ({ specifier, typeOnly: ['c', 'g'].includes(specifier) })),
    )
  })

  it('the checker finds each kind of violation', () => {
    const found = dependencyViolations([
      {
        file: 'domain/rules.ts',
        source: [
          "import { db } from '~/db/client.server'",
          "import fs from 'node:fs'",
          "import path from 'path'",
          "import { z } from 'zod'",
          "import { x } from './plans'",
          "import { y } from './secret.server'",
          "import { redirect } from 'react-router'",
          "import { Card } from '../components/card'",
        ].join('\n'),
      },
      {
        file: 'models/claims.server.ts',
        source:
          "import { Card } from '~/components/card'\nimport type { Route } from '../routes/x'\nimport { rule } from '~/domain/claims'",
      },
      {
        file: 'components/card.tsx',
        source: [
          "import { getClaim } from '~/models/claims.server'",
          "export { thing } from '../services/storage.server'",
          "import { formatPrice } from '~/domain/format'",
          "const { db } = await import('~/db/client.server')",
          "import { session } from '~/auth/.server/session'",
        ].join('\n'),
      },
      { file: 'content/demo.ts', source: "import type { CardData } from '~/components/card'" },
      { file: 'models/checkout.server.ts', source: 'export function limited(request: Request) {}' },
      {
        file: 'models/pricing.server.ts',
        source: "import { listStripePrices } from '~/services/stripe.server'\nimport type { StripePrice } from '~/services/stripe.server'",
      },
      { file: 'services/payments.server.ts', source: "const { stripeAdapter } = await import('./stripe.server')" },
      { file: 'routes/home.tsx', source: "import { db } from '~/db/client.server'\nimport { Card } from '~/components/card'" },
    ])
    expect(found.map((violation) => `${violation.file} → ${violation.imports}`)).toEqual([
      'domain/rules.ts → ~/db/client.server',
      'domain/rules.ts → node:fs',
      'domain/rules.ts → path',
      'domain/rules.ts → ./secret.server',
      'domain/rules.ts → react-router',
      'domain/rules.ts → ../components/card',
      'models/claims.server.ts → ~/components/card',
      'models/claims.server.ts → ../routes/x',
      'components/card.tsx → ~/models/claims.server',
      'components/card.tsx → ../services/storage.server',
      'components/card.tsx → ~/db/client.server',
      'components/card.tsx → ~/auth/.server/session',
      'content/demo.ts → ~/components/card',
      'models/checkout.server.ts → Request',
      'models/pricing.server.ts → ~/services/stripe.server',
    ])
  })

  it('holds for app/', () => {
    // An app/domain folder that is missing or empty has nothing to break; every other rule still applies.
    expect(dependencyViolations(appSources()).map(describeViolation)).toEqual([])
  })
})
