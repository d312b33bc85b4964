/**
 * Every revision of the Privacy Policy ever published, by its "Revised" date: /privacy-policy shows the current one and
 * /privacy-policy/<date> any earlier one, word for word. A published revision is never edited: copy the current
 * `privacyPolicy` (content/privacy.ts) into its own module (as privacy-2025-10-10.ts), point its entry here at the copy,
 * then edit privacy.ts, move PRIVACY_LAST_UPDATED and add the new entry. tests/unit/privacy-versions.test.ts pins each
 * revision's text by its SHA-256.
 */
import type { LegalDocument } from './legal'
import { PRIVACY_LAST_UPDATED, type PrivacyOptions, privacyPolicy } from './privacy'
import { privacyPolicy20251010 } from './privacy-2025-10-10'

export type PrivacyRevision = {
  /** ISO date, shown as 'Revised'. */
  revised: string
  document: (options: PrivacyOptions) => LegalDocument
}

/** Oldest first; the last is the current revision (PRIVACY_LAST_UPDATED). */
const REVISIONS: PrivacyRevision[] = [
  { revised: '2025-10-10', document: privacyPolicy20251010 },
  { revised: PRIVACY_LAST_UPDATED, document: privacyPolicy },
]

export function privacyRevision(revised: string): PrivacyRevision | null {
  return REVISIONS.find((entry) => entry.revised === revised) ?? null
}

/** Every revision, newest first. */
export function allPrivacyRevisions(): PrivacyRevision[] {
  return [...REVISIONS].reverse()
}
