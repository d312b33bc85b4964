import { createHash } from 'node:crypto'

import { describe, expect, it } from 'vitest'

import { legalDocumentText } from '~/content/legal'
import { TOS_LAST_UPDATED, TOS_VERSION } from '~/content/terms'
import { allTermsVersions, termsVersion } from '~/content/terms-versions'

// Each published version's text, rendered with fixed options, by its SHA-256. A customer's contract shows the version
// they accepted, so a published text must never change: change the terms by adding a version (content/terms-versions.ts).
const PUBLISHED: Record<string, string> = {
  '1.0.1': '59776eb1eaf3970c2566e55595d214ac0c8cbf3982d0a3b6caa6eb9ec0749693',
  // Its "Cancellation and refunds by state" is written from the state table: a table change that changes those words
  // fails here, and is published as a new version (docs/decisions/053-state-rights-in-the-terms.md).
  '1.0.2': '1a2f5e2a4664ef1301958db61359b187ead744a41efb87c07c108194381a3b33',
  '1.0.3': '86bc6abc1d066a31f2beff4b0514eb7e3329157836487b1f27cf78316b0ac40f',
  // The repair-failure guarantee in the coverage words.
  '1.0.4': '9bdef8b509117e6466555f38cf18fa9f64e40bf6010077322753c29513caca35',
  // The service promise's clock, which runs against us only, and its credit; one answer promise (48 hours).
  '1.0.5': 'd84cec6748115dd61c7a08cd72e9cf0051b3543498d5ce59252d527768911449',
  // The provider named from the configuration; clear claims approved by published rules, never denied by them; notices by
  // post counted from the mailing; public injunctive relief in court; exclusions and duties printed bold; money owed.
  '1.0.6': 'fcafe37e09eb1255064e884e64bd410ab189088eb333143dd16d023f06d76f1c',
}

const render = (version: string) =>
  legalDocumentText(termsVersion(version)!.document({ supportEmail: 'support@example.com', companyName: 'Glass Plan LLC' }))

describe('terms versions', () => {
  it('name in 1.0.6 the provider the contract names, and say what 1.0.5 did not', () => {
    const parties = { supportEmail: 'support@example.com', companyName: 'Windshield Care Co', postalAddress: '1 Main St, Provo, UT 84601' }
    const current = termsVersion('1.0.6')!.document(parties)
    const text = legalDocumentText(current)
    expect(current.intro[0]).toContain('between you and Windshield Care Co')
    expect(text).toContain('We are Windshield Care Co, the provider of your plan.')
    // Clear claims: approved at once by published rules, never denied by them, and when such an approval may be reversed.
    expect(text).toContain('The rules only ever approve: they never deny a claim.')
    expect(text).toContain('We may reverse an approval the rules made only before the shop has completed the work')
    // Notices by post count from the mailing; California's and Florida's grounds after day 60.
    expect(text).toContain('your plan never ends before the notice has been mailed')
    expect(text).toContain("In California your coverage ends no sooner than five days after the notice's postmark")
    // Public injunctive relief stays with a court (McGill v. Citibank).
    expect(text).toContain('A claim for public injunctive relief is decided by a court, not by an arbitrator')
    // The seller's paid period, the credit refunded at cancellation, the larger free-look refund.
    expect(text).toContain('we refund you the unused part of the period you paid for')
    expect(text).toContain('A service credit still on your account when you cancel is refunded with the cancellation')
    expect(text).toContain('Within the free look you always receive the larger of the two')
    // Nevada: the free-look refund within 45 days, or 10 % of the price more for each 30 days late (NRS 690C.250(4)).
    expect(text).toContain(
      'a refund in the free look at the latest within 45 days, and a late one grows by 10 % of the price for each 30 days, or part of them, it is late.',
    )
    // E-SIGN: the customer shows they can open the PDF form (15 U.S.C. §7001(c)(1)(C)(ii)).
    expect(text).toContain('type the code printed in it')
    // Every exclusion and every duty of the customer is printed conspicuously (Cal. Ins. Code §12820(b)(2)).
    const conspicuous = current.sections.filter((section) => section.conspicuous).map((section) => section.id)
    expect(conspicuous).toEqual(['exclusions', 'eligibility', 'activation', 'claims', 'your-account'])
    expect(render('1.0.5')).not.toContain('they never deny a claim')
    expect(
      termsVersion('1.0.5')!
        .document(parties)
        .sections.some((section) => section.conspicuous),
    ).toBe(false)
  })

  it('keep 1.0.2 as signed: its section by state as the table read on November 23, 2026', () => {
    expect(termsVersion('1.0.2')).toMatchObject({ lastUpdated: '2026-11-23' })
    const signed = render('1.0.2')
    expect(signed).toContain('Days are counted from the day you bought your plan, which is day 1.')
    expect(signed).toContain('fees for partial months')
  })

  it('say in 1.0.5 that the promise clock runs against us only, and keep 1.0.4 without it', () => {
    const current = render('1.0.5')
    expect(current).toContain('The promise runs against us only.')
    expect(current).toContain('the promise waits until you choose')
    expect(current).toContain('the promise then runs to the end of the day you chose')
    expect(current).toContain('Your claim page shows your promise date.')
    expect(current).not.toContain('2 working days')
    expect(render('1.0.4')).not.toContain('runs against us only')
  })

  it('include the current version, with its date', () => {
    expect(termsVersion(TOS_VERSION)).toMatchObject({ version: TOS_VERSION, lastUpdated: TOS_LAST_UPDATED })
    expect(allTermsVersions()[0]!.version).toBe(TOS_VERSION)
  })

  it('keep 1.0.1 as signed, before the current version', () => {
    expect(allTermsVersions().map((entry) => entry.version)).toEqual([TOS_VERSION, '1.0.5', '1.0.4', '1.0.3', '1.0.2', '1.0.1'])
    expect(termsVersion('1.0.1')).toMatchObject({ lastUpdated: '2025-10-10' })
    const signed = render('1.0.1')
    expect(signed).toContain('All fees are non-refundable, including fees for partial months')
    expect(signed).not.toContain('Cancellation and refunds by state')
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
