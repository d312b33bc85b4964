import type { Page } from '@playwright/test'

import type { ConsentFacts } from '~/db/schema'
import { esignPdfCode } from '~/models/people/esign-code.server'

import { pdfText } from './pdf-text'

/**
 * What every signup must carry besides the plan: the state of residence (a state where the product is sold), the
 * two consents (automatic renewal, electronic delivery) and the code printed in the disclosure's PDF (read from the
 * same function the PDF prints, in this process: tests/integration/esign-code.test.ts proves the PDF holds it). Tests
 * that post the signup form spread this in; those about a missing field leave it out or override it.
 */
export const SIGNUP_FIELDS = {
  governingState: 'TX',
  acceptRenewal: 'on',
  acceptEsign: 'on',
  get esignCode() {
    return esignPdfCode()
  },
} as const

/** The same for the JSON checkout (POST /api/create-checkout). */
export const CHECKOUT_API_FIELDS = {
  governing_state: 'TX',
  renewal_consent: true,
  esign_consent: true,
  get esign_code() {
    return esignPdfCode()
  },
} as const

/** What a checkout created directly through the payments adapter carries as the buyer's consent. */
export const TEST_CONSENT: ConsentFacts = {
  renewalTermsVersion: 'renewal-2026-2',
  esignVersion: 'esign-2026-1',
  consentedAt: '2026-11-21T06:00:00.000Z',
  clientIp: '203.0.113.7',
  userAgent: 'Vitest',
}

/**
 * The same on the signup page in a browser: chooses the state (by name), ticks both consents, and types the code it
 * reads in the disclosure's PDF, opened from the page's own link as a customer would.
 */
export async function fillSignupRequirements(page: Page, { state = 'Texas' }: { state?: string } = {}) {
  await page.getByLabel('State of residence').selectOption({ label: state })
  await page.getByLabel('I agree to the automatic renewal terms above').check()
  await page.getByLabel('Code printed in the PDF').fill(await esignCodeFromPdf(page))
  await page.getByLabel('I agree to receive my contract and all notices electronically').check()
}

/** The code printed in the PDF the signup page links to, read with pdf.js from the bytes the server sends. */
export async function esignCodeFromPdf(page: Page) {
  const href = await page.getByRole('link', { name: 'open this disclosure as a PDF' }).getAttribute('href')
  const url = new URL(href!, page.url())
  // Asked from this process, which does not share the browser's resolver rules (a production start's public host
  // name): the server on this machine is asked for the same host.
  const response = await page.request.get(`${url.protocol}//127.0.0.1:${url.port}${url.pathname}`, { headers: { Host: url.host } })
  // Thrown rather than asserted: this file is read by the Vitest suites as well, where Playwright's expect is not.
  if (response.headers()['content-type'] !== 'application/pdf') throw new Error(`${url.href} did not answer with a PDF`)
  const code = /Your code: ([A-Z0-9]{6})/.exec(await pdfText(new Uint8Array(await response.body())))?.[1]
  if (!code) throw new Error(`${url.href} prints no code`)
  return code
}
