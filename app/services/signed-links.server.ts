import crypto from 'node:crypto'

import { env } from '~/env.server'

/**
 * Short-lived signed links to stored files, for shops that hold a claim's code and have no account: /files/* serves
 * a file to its owner, the operator, or a request carrying a valid signature for that path that has not expired.
 */

const DEFAULT_LINK_SECONDS = 15 * 60

function signature(relPath: string, exp: string) {
  return crypto.createHmac('sha256', env().SESSION_SECRET).update(`files\n${relPath}\n${exp}`).digest('base64url')
}

/** A link to a stored file that works without signing in, for ttlSeconds (default 15 minutes). */
export function signedFileUrl(relPath: string, ttlSeconds = DEFAULT_LINK_SECONDS): string {
  const exp = String(Math.floor(Date.now() / 1000) + ttlSeconds)
  const encoded = relPath.split('/').map(encodeURIComponent).join('/')
  return `/files/${encoded}?exp=${exp}&sig=${signature(relPath, exp)}`
}

export function verifySignedFile(relPath: string, exp: string | null, sig: string | null): boolean {
  if (!exp || !sig || !/^\d{1,12}$/.test(exp)) return false
  if (Number(exp) < Math.floor(Date.now() / 1000)) return false
  const expected = Buffer.from(signature(relPath, exp))
  const given = Buffer.from(sig)
  return expected.length === given.length && crypto.timingSafeEqual(expected, given)
}

/**
 * Never kept by shared caches. A signed-in owner's or operator's copy is not kept at all (no-store), so after sign-out
 * the browser holds no photo; a shop's signed link may be reused by the browser for the rest of the link's life, at
 * most 10 minutes, so a slow shop PC does not download the same photos on every reload.
 */
export function filesCacheControl(signedExp: string | null, now = Date.now()) {
  if (!signedExp) return 'private, no-store'
  const left = Math.min(600, Number(signedExp) - Math.floor(now / 1000))
  return left > 0 ? `private, max-age=${left}` : 'private, no-store'
}

/**
 * The operator's request for more photos of one claim: the link names the claim (its code) and the request, and is
 * signed with its expiry, so it opens without signing in and cannot be pointed at another claim. Using it once is kept
 * on the request's row (models/claims/claim-messages.server.ts).
 */
function photoRequestSignature(requestId: string, confirmationCode: string, exp: string) {
  return crypto
    .createHmac('sha256', env().SESSION_SECRET)
    .update(`photo-request\n${requestId}\n${confirmationCode}\n${exp}`)
    .digest('base64url')
}

export function signedPhotoRequestQuery(requestId: string, confirmationCode: string, expiresAt: Date): string {
  const exp = String(Math.floor(expiresAt.getTime() / 1000))
  return `exp=${exp}&sig=${photoRequestSignature(requestId, confirmationCode, exp)}`
}

/** Whether the link's signature is ours for this request, claim and expiry (the expiry itself is checked by the caller). */
export function verifyPhotoRequest(requestId: string, confirmationCode: string, exp: string | null, sig: string | null): boolean {
  if (!exp || !sig || !/^\d{1,12}$/.test(exp)) return false
  const expected = Buffer.from(photoRequestSignature(requestId, confirmationCode, exp))
  const given = Buffer.from(sig)
  return expected.length === given.length && crypto.timingSafeEqual(expected, given)
}
