import type { Page } from '@playwright/test'

import type { ConsentFacts } from '~/db/schema'

/**
 * What every signup must carry besides the plan: the state of residence (a state where the product is sold) and the
 * two consents (automatic renewal, electronic delivery). Tests that post the signup form spread this in; those about
 * a missing field leave it out or override it.
 */
export const SIGNUP_FIELDS = { governingState: 'TX', acceptRenewal: 'on', acceptEsign: 'on' } as const

/** The same for the JSON checkout (POST /api/create-checkout). */
export const CHECKOUT_API_FIELDS = { governing_state: 'TX', renewal_consent: true, esign_consent: true } as const

/** What a checkout created directly through the payments adapter carries as the buyer's consent. */
export const TEST_CONSENT: ConsentFacts = {
  renewalTermsVersion: 'renewal-2026-2',
  esignVersion: 'esign-2026-1',
  consentedAt: '2026-11-21T06:00:00.000Z',
  clientIp: '203.0.113.7',
  userAgent: 'Vitest',
}

/** The same on the signup page in a browser: chooses the state (by name) and ticks both consents. */
export async function fillSignupRequirements(page: Page, { state = 'Texas' }: { state?: string } = {}) {
  await page.getByLabel('State of residence').selectOption({ label: state })
  await page.getByLabel('I agree to the automatic renewal terms above').check()
  await page.getByLabel('I agree to receive my contract and all notices electronically').check()
}
