import { createHash } from 'node:crypto'

import { describe, expect, it } from 'vitest'

import { legalDocumentText } from '~/content/legal'
import { TOS_LAST_UPDATED, TOS_VERSION } from '~/content/terms'
import { allTermsVersions, termsVersion } from '~/content/terms-versions'

// Each published version's text, rendered with fixed options, by its SHA-256. A customer's contract shows the version
// they accepted, so a published text must never change: change the terms by adding a version (content/terms-versions.ts).
const PUBLISHED: Record<string, string> = {
  '1.0.1': '59776eb1eaf3970c2566e55595d214ac0c8cbf3982d0a3b6caa6eb9ec0749693',
}

const render = (version: string) =>
  legalDocumentText(termsVersion(version)!.document({ supportEmail: 'support@example.com', companyName: 'Glass Plan LLC' }))

describe('terms versions', () => {
  it('include the current version, with its date', () => {
    expect(termsVersion(TOS_VERSION)).toMatchObject({ version: TOS_VERSION, lastUpdated: TOS_LAST_UPDATED })
    expect(allTermsVersions()[0]!.version).toBe(TOS_VERSION)
  })

  it('never change once published', () => {
    for (const entry of allTermsVersions()) {
      expect(PUBLISHED[entry.version], `version ${entry.version} is pinned here`).toBeDefined()
      expect(createHash('sha256').update(render(entry.version)).digest('hex'), `the text of version ${entry.version}`).toBe(
        PUBLISHED[entry.version],
      )
    }
  })
})
