import crypto from 'node:crypto'

import { ESIGN_DISCLOSURE_VERSION } from '~/content/esign'
import { env } from '~/env.server'

/**
 * The code printed in the electronic-delivery disclosure's PDF (app/services/esign-pdf.server.ts), which the consent
 * step asks for: typing it shows the customer can open a PDF, the form the contract and notices come in (15 U.S.C.
 * §7001(c)(1)(C)(ii); docs/decisions/109-esign-consent-shows-the-pdf-opens.md). One code per disclosure version,
 * keyed with the session secret so it is read from the PDF rather than known in advance.
 */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789'
export const ESIGN_CODE_LENGTH = 6

export function esignPdfCode(version = ESIGN_DISCLOSURE_VERSION) {
  const digest = crypto.createHmac('sha256', env().SESSION_SECRET).update(`esign-pdf-code:${version}`).digest()
  return Array.from(digest.subarray(0, ESIGN_CODE_LENGTH), (byte) => ALPHABET[byte % ALPHABET.length]).join('')
}

/** The code as a person types it: any case, spaces or a dash inside it forgiven. */
export function isEsignPdfCode(typed: string | undefined, version = ESIGN_DISCLOSURE_VERSION) {
  if (!typed) return false
  const cleaned = typed.replace(/[\s-]/g, '').toUpperCase()
  const expected = esignPdfCode(version)
  return cleaned.length === expected.length && crypto.timingSafeEqual(Buffer.from(cleaned), Buffer.from(expected))
}
