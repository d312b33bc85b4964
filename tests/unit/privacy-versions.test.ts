import { createHash } from 'node:crypto'

import { describe, expect, it } from 'vitest'

import { legalDocumentText } from '~/content/legal'
import { PRIVACY_LAST_UPDATED } from '~/content/privacy'
import { allPrivacyRevisions, privacyRevision } from '~/content/privacy-versions'

// Each published revision's text, rendered with fixed parties, by its SHA-256: a revision anyone has read is kept word
// for word; change the notice by adding a revision (content/privacy-versions.ts).
const PUBLISHED: Record<string, string> = {
  '2025-10-10': '6a619575d3db218e368ad6aef414e8755f35ab8ea271520a95ea591d255ed21e',
  // What the product collects now: texts (Twilio), postal addresses (Lob), photo capture facts and perceptual hashes,
  // consent records' IP address and browser, what the shop sees, setup photos passing on, records kept on deletion.
  '2026-12-03': '34521fd1dc46372b845fcfecf807d8df4fa8cd07ea0129afbf7d7f11dc1854d2',
}

const parties = { supportEmail: 'support@example.com', companyName: 'Glass Plan LLC', postalAddress: '1 Main St, Provo, UT 84601' }
const render = (revised: string) => legalDocumentText(privacyRevision(revised)!.document(parties))

describe('privacy notice revisions', () => {
  it('never change once published', () => {
    expect(allPrivacyRevisions().map((entry) => entry.revised)).toEqual([PRIVACY_LAST_UPDATED, '2025-10-10'])
    for (const entry of allPrivacyRevisions()) {
      expect(createHash('sha256').update(render(entry.revised)).digest('hex'), `the text revised ${entry.revised}`).toBe(
        PUBLISHED[entry.revised],
      )
    }
  })

  it('keep the first revision without what the product collects since', () => {
    expect(render('2025-10-10')).not.toContain('perceptual hash')
    expect(render(PRIVACY_LAST_UPDATED)).toContain('perceptual hash')
    expect(privacyRevision('2024-01-01')).toBeNull()
  })
})
