/** The addresses of a customer's policy pages, used by pages, e-mails and the PDF alike. */

export function cancelPath(policyId: string) {
  return `/customer/policies/${encodeURIComponent(policyId)}/cancel`
}

export function contractPath(policyId: string) {
  return `/customer/policies/${encodeURIComponent(policyId)}/contract`
}

export function contractPdfPath(policyId: string) {
  return `/customer/policies/${encodeURIComponent(policyId)}/contract.pdf`
}

export function transferPath(policyId: string, step?: 'photos') {
  return `/customer/policies/${encodeURIComponent(policyId)}/transfer${step ? `?step=${step}` : ''}`
}

/** The seller's page: offer the policy to the vehicle's next owner, or withdraw the offer. */
export function ownershipTransferPath(policyId: string) {
  return `/customer/policies/${encodeURIComponent(policyId)}/next-owner`
}

/** The buyer's page, from the e-mailed link; the token is the key. */
export function ownershipOfferPath(token: string) {
  return `/next-owner/${encodeURIComponent(token)}`
}

/** The page where a customer accepts a higher price their state lets reach them only with their consent. */
export function priceConsentPath(token: string) {
  return `/price-change/${encodeURIComponent(token)}`
}

/** A monthly payer's switch to yearly billing. */
export function billingPath(policyId: string) {
  return `/customer/policies/${encodeURIComponent(policyId)}/billing`
}

/**
 * A claim's own page: its timeline, shop, appointment, photos and messages. Named by the confirmation code, which the
 * customer reads in every e-mail and gives the shop; the internal id never shows (docs/decisions/075-one-page-per-claim.md).
 */
export function claimPagePath(confirmationCode: string) {
  return `/customer/claims/${encodeURIComponent(confirmationCode)}`
}

/** The claim's appointment as a calendar file (.ics), for the claim page's "Add to calendar". */
export function claimCalendarPath(confirmationCode: string) {
  return `/customer/claims/${encodeURIComponent(confirmationCode)}/appointment.ics`
}

/** The operator's page of a claim. */
export function adminClaimPath(claimId: string) {
  return `/admin/claims/${encodeURIComponent(claimId)}`
}

/** The page a photo-request link opens: no sign-in, the signed query string is the key (services/signed-links.server.ts). */
export function photoRequestPath(confirmationCode: string, requestId: string) {
  return `/photo-requests/${encodeURIComponent(confirmationCode)}/${encodeURIComponent(requestId)}`
}

/** Where a photo-request link lands once its photos are added (the link itself is then spent). */
export const PHOTO_REQUEST_DONE_PATH = '/photo-requests/done'

/** Where the customer chooses the shop and the time for an approved claim. */
export function chooseShopPath(claimId: string) {
  return `/customer/claims/${encodeURIComponent(claimId)}/shop`
}

/** Where the customer asks the shop for another time (once). */
export function reschedulePath(claimId: string) {
  return `/customer/claims/${encodeURIComponent(claimId)}/reschedule`
}

/** Where the customer rates the shop of a finished job, and changes the rating for a while (app/domain/ratings.ts). */
export function ratingPath(claimId: string) {
  return `/customer/claims/${encodeURIComponent(claimId)}/rating`
}

/** A shop's ratings by its customers, and its answers. */
export const SHOP_RATINGS_PATH = '/shop/ratings'

/** The operator's list of ratings, where a comment may be hidden for a listed reason. */
export const ADMIN_RATINGS_PATH = '/admin/ratings'

/** Where the customer files "My repair failed" on a repaired claim (the repair-failure guarantee). */
export function repairFailedPath(claimId: string) {
  return `/customer/claims/${encodeURIComponent(claimId)}/repair-failed`
}

/** A shop's page of one of its jobs. */
export function shopJobPath(claimId: string) {
  return `/shop/jobs/${encodeURIComponent(claimId)}`
}

/** A shop's page for the calibration proof of one of its jobs. */
export function shopCalibrationPath(claimId: string) {
  return `${shopJobPath(claimId)}/calibration`
}

/** The calibration certificate of a claim, for the vehicle's owner (the page, and the same as a PDF). */
export function calibrationCertificatePath(claimId: string, pdf = false) {
  return `/customer/claims/${encodeURIComponent(claimId)}/calibration-certificate${pdf ? '.pdf' : ''}`
}

/** The glass record of a vehicle, for its owner (the page, and the same as a PDF). */
export function glassRecordPath(vehicleId: string, pdf = false) {
  return `/customer/vehicles/${encodeURIComponent(vehicleId)}/glass-record${pdf ? '.pdf' : ''}`
}

/** The public page that sets out, in plain words, the rules that approve a claim the moment it is filed. */
export const HOW_CLAIMS_ARE_DECIDED_PATH = '/how-claims-are-decided'

/** The customer's claims on their dashboard, where every claim e-mail and text points. */
export const DASHBOARD_CLAIMS_PATH = '/customer#claims'

/** The customer's texts about their claims: the opt-in and opt-out (a form on the dashboard posts here). */
export const TEXTS_PATH = '/customer/texts'

/** The customer's own mailing address, for the notices that go on paper (setup's last page and the dashboard post here). */
export const MAILING_ADDRESS_PATH = '/customer/mailing-address'

/** Where Twilio posts the replies to our texts (STOP, HELP): set as the messaging number's webhook. */
export const TWILIO_WEBHOOK_PATH = '/api/twilio-webhook'

/** The public service record (the daily job's figures), linked from the landing page, the footer and How claims are decided; and the same as CSV. */
export const SERVICE_RECORD_PATH = '/service-record'
export const SERVICE_RECORD_CSV_PATH = '/service-record.csv'

/** The public accessibility statement (linked from the site's footer, on every page). */
export const ACCESSIBILITY_PATH = '/accessibility'

/** The electronic-delivery disclosure's PDF, holding the code the signup asks for (app/models/people/esign-code.server.ts). */
export const ESIGN_DISCLOSURE_PDF_PATH = '/esign-disclosure.pdf'

/** The public page where a glass shop applies to join the network (linked from the site's footer). */
export const JOIN_NETWORK_PATH = '/join-the-network'

/** The customer's appeal of a denied claim. */
export function appealPath(claimId: string) {
  return `/customer/claims/${encodeURIComponent(claimId)}/appeal`
}

/** What a VIN decodes to, asked by the vehicle form as the VIN is typed (JSON). */
export function vinLookupPath(vin: string) {
  return `/customer/vin/${encodeURIComponent(vin)}`
}

/** The page a shop without an account completes a claim on, from the link in its e-mail; the claim's code is the key. */
export function partnerCompleteClaimPath(confirmationCode: string) {
  return `/partner/complete-claim?code=${encodeURIComponent(confirmationCode)}`
}

/** The operator's page of a customer. */
export function adminCustomerPath(profileId: string) {
  return `/admin/customers/${encodeURIComponent(profileId)}`
}

/** The operator's page of a state's registration and insurer facts. */
export function adminStatePath(code: string) {
  return `/admin/states/${encodeURIComponent(code)}`
}

/** Where a policy's claim is filed: the claim form with the policy chosen. */
export function submitClaimPath(policyId: string) {
  return `/customer/submit-claim?policy_id=${encodeURIComponent(policyId)}`
}

/** The policy's plan card for Apple Wallet (a .pkpass), made again with the policy's status each time. */
export function appleWalletPath(policyId: string) {
  return `/customer/policies/${encodeURIComponent(policyId)}/wallet.pkpass`
}

/** The policy's "Save to Google Wallet": answers with a redirect to Google's save link, signed then. */
export function googleWalletPath(policyId: string) {
  return `/customer/policies/${encodeURIComponent(policyId)}/google-wallet`
}
