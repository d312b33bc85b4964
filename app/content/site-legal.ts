/**
 * The legal texts as this site shows them: the company's name and postal address filled in (they must give a US postal
 * contact). Plain data, for pages, the contract PDF and e-mails alike.
 */
import type { LegalDocument } from './legal'
import { privacyPolicy } from './privacy'
import { termsOfService } from './terms'
import { termsVersion } from './terms-versions'

/** The legal name and postal address the terms and privacy policy give: they must give a US postal contact. */
export const COMPANY_NAME = 'Glass Plan LLC'
export const COMPANY_POSTAL_ADDRESS = 'Glass Plan LLC, 2150 South 1300 East, Suite 500, Salt Lake City, UT 84106'

/** The one terms text the site shows: at /terms-of-service and in the signup scroll box. */
export function siteTermsOfService(supportEmail: string): LegalDocument {
  return termsOfService({ supportEmail, companyName: COMPANY_NAME })
}

/** Any published version of the terms (content/terms-versions.ts), as the site shows it; null for an unknown version. */
export function siteTermsVersion(version: string, supportEmail: string): LegalDocument | null {
  return termsVersion(version)?.document({ supportEmail, companyName: COMPANY_NAME }) ?? null
}

export function sitePrivacyPolicy(supportEmail: string): LegalDocument {
  return privacyPolicy({ supportEmail, companyName: COMPANY_NAME, postalAddress: COMPANY_POSTAL_ADDRESS })
}
