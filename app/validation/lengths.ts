// No zod here: pages that only need a length (the sign-in page's e-mail field) must not pull zod into their bundle
// (tests/e2e/page-javascript.spec.ts); the schemas and fieldLimits in limits.ts read the same numbers.

/**
 * The longest value each kind of typed field takes: the one home for an input's length. The schemas check it
 * (`.max(MAX_LENGTH.email, …)`) and the pages read it back from the schema with `fieldLimits` below, or from here for a
 * field whose schema checks a pattern instead (a ZIP code, a login code). ESLint refuses a typed number in a `.max()` of
 * app/validation or in a `maxLength` anywhere in app/ (eslint.config.js), so a new field adds its entry here.
 */
export const MAX_LENGTH = {
  /** An e-mail address: the longest one mail servers deliver to. */
  email: 254,
  /** A phone number as people type it: spaces, dashes, brackets and a +1. */
  phone: 30,
  /** A VIN with room for the spaces and dashes people type around its 17 characters (they are taken out). */
  vin: 40,
  licensePlate: 10,
  /** A state's two-letter code. */
  stateCode: 2,
  /** A five-digit ZIP code. */
  zip: 5,
  /** A ZIP code with its four-digit extension, like 10001-1234. */
  zipPlus4: 10,
  /**
   * The six-digit code of a sign-in or confirmation e-mail, with room for the space or dash a pasted or grouped code
   * carries ("123 456"): a field cut at 6 would truncate the paste (WCAG 2.2, 3.3.8). `sixDigitCode` takes them out.
   */
  emailCode: 12,
  /** The six-digit code texted to a number to confirm it takes claim texts; room as for `emailCode`. */
  numberCode: 12,
  /** The code printed in the electronic-delivery disclosure's PDF (six letters and digits), with room as for `emailCode`. */
  esignCode: 12,
  /** A claim's code (CS-XXXXXX), with room for stray spaces. */
  claimCode: 20,
  /** A record's id sent back by a form or a link. */
  recordId: 64,
  vehicleMake: 60,
  vehicleModel: 80,
  /** A business, shop or location name. */
  businessName: 120,
  /** A person's name. */
  personName: 100,
  /** The name a buyer pays under at a partner shop. */
  buyerName: 120,
  /** A shop's signup link name (its slug). */
  signupSlug: 60,
  streetAddress: 160,
  /** An address written out on one line (a state's insurer regulator). */
  postalAddress: 200,
  /** A shop's phone as the operator lists it, with room for an extension. */
  listedPhone: 40,
  openingHours: 160,
  /** A registration number a state gives (an administrator's, a provider's). */
  registrationNumber: 30,
  /** A calibration tool's make, and its serial number. */
  toolMake: 80,
  serialNumber: 60,
  /** Words typed into an operator's search box, and a record id typed into the activity filter. */
  search: 100,
  activityId: 80,
  city: 80,
  /** A line of a paper letter's address, and its city line. */
  letterLine: 64,
  letterCity: 200,
  insuranceCarrier: 100,
  insurancePolicyNumber: 60,
  stormName: 80,
  /** The version of the terms a signup accepted. */
  termsVersion: 20,
  /** The prices the signup page showed, sent back with the form. */
  shownPrices: 2000,
  /** A short note or reason: an operator's reason, a photo request's note, a shop's certifications. */
  note: 500,
  /** A reason the other side reads in full (an application declined). */
  reason: 1000,
  /** A message in a claim's thread, an invoice review's note, a denial's reason. */
  message: 2000,
  /** A description of the damage, an appeal, a dispute, the shop's notes. */
  longText: 4000,
  /** A customer's comment on the shop that did their job, and the shop's one answer to it. */
  ratingComment: 1000,
  ratingAnswer: 1000,
  /** An amount in dollars as typed ('$1,250.00' at the most). */
  dollarAmount: 12,
} as const

/** The largest number a numeric field takes, and the most entries a list field takes. */
export const MAX_VALUE = {
  mobileRadiusMiles: 250,
  /** Jobs chosen for one payout. */
  payoutJobs: 1000,
} as const
