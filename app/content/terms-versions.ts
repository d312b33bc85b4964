/**
 * Every version of the Terms of Service ever shown, by version number: a customer's contract page shows the version
 * recorded with their plan (policies.tos_version), for as long as the plan's records are kept.
 *
 * A published version is never edited. To change the terms: copy the current `termsOfService` (content/terms.ts) into
 * its own module (as terms-1.0.1.ts) and point its entry here at that copy, then edit terms.ts, bump TOS_VERSION and
 * TOS_LAST_UPDATED, and add the new entry. A copied version writes out any generated part (1.0.2's "Cancellation and
 * refunds by state" comes from the state table) as the literal text it had, so a later table cannot change it.
 * tests/unit/terms-versions.test.ts pins each published version's text by its SHA-256, so an edit to a signed text
 * fails the build.
 */
import type { LegalDocument } from './legal'
import { termsOfService, type TermsOptions, TOS_LAST_UPDATED, TOS_VERSION } from './terms'
import { termsOfService101 } from './terms-1.0.1'
import { termsOfService102 } from './terms-1.0.2'
import { termsOfService103 } from './terms-1.0.3'
import { termsOfService104 } from './terms-1.0.4'
import { termsOfService105 } from './terms-1.0.5'

export type TermsVersion = {
  version: string
  /** ISO date shown as 'Last updated'. */
  lastUpdated: string
  document: (options: TermsOptions) => LegalDocument
}

/** Oldest first; the last is the current version (TOS_VERSION), the one signup shows and records. */
const VERSIONS: TermsVersion[] = [
  { version: '1.0.1', lastUpdated: '2025-10-10', document: termsOfService101 },
  { version: '1.0.2', lastUpdated: '2026-11-23', document: termsOfService102 },
  { version: '1.0.3', lastUpdated: '2026-11-26', document: termsOfService103 },
  { version: '1.0.4', lastUpdated: '2026-11-27', document: termsOfService104 },
  { version: '1.0.5', lastUpdated: '2026-12-02', document: termsOfService105 },
  { version: TOS_VERSION, lastUpdated: TOS_LAST_UPDATED, document: termsOfService },
]

export const TERMS_VERSIONS: ReadonlyMap<string, TermsVersion> = new Map(VERSIONS.map((entry) => [entry.version, entry]))

export function termsVersion(version: string): TermsVersion | null {
  return TERMS_VERSIONS.get(version) ?? null
}

/** Every version, newest first (the current one is always there). */
export function allTermsVersions(): TermsVersion[] {
  return [...TERMS_VERSIONS.values()].reverse()
}
