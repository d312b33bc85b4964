/**
 * The legal texts as this site shows them, with the parties filled in: the provider's legal name and its US postal
 * address (the terms and the privacy notice must give both), from the configuration (PROVIDER_NAME, PROVIDER_ADDRESS:
 * app/models/policies/contract.server.ts, `legalParties`), so the terms name the same provider the contract names.
 * Plain data, for pages, the contract PDF and e-mails alike.
 */
import type { LegalDocument } from './legal'
import { privacyPolicy } from './privacy'
import { termsOfService } from './terms'
import { termsVersion } from './terms-versions'

/** Who the legal texts name, and where they send questions. */
export type LegalParties = {
  supportEmail: string
  /** The provider's legal name. */
  companyName: string
  /** The provider's US postal address, without its name. */
  postalAddress: string
}

/** The one terms text the site shows: at /terms-of-service and in the signup scroll box. */
export function siteTermsOfService(parties: LegalParties): LegalDocument {
  return termsOfService(parties)
}

/** Any published version of the terms (content/terms-versions.ts), as the site shows it; null for an unknown version. */
export function siteTermsVersion(version: string, parties: LegalParties): LegalDocument | null {
  return termsVersion(version)?.document(parties) ?? null
}

export function sitePrivacyPolicy(parties: LegalParties): LegalDocument {
  return privacyPolicy(parties)
}
