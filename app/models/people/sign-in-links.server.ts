import crypto from 'node:crypto'

import { generateTOTP } from '@epic-web/totp'
import { and, desc, eq, gt, isNull, lt } from 'drizzle-orm'

import { db, transaction } from '~/db/client.server'
import { type Profile, profiles, type VERIFICATION_PURPOSES, verifications } from '~/db/schema'
import { normalizeEmail } from '~/domain/email'
import { DAY_MS } from '~/domain/time'
import { signInEmail } from '~/emails/sign-in'
import { env } from '~/env.server'
import { sendEmail, type SentEmail } from '~/services/email.server'
import { safeRedirect } from '~/utils/redirect'

/**
 * Sign-in links and codes. Each request for a link is one `verifications` row holding the hashes of a
 * random link token and a 6-digit code; both are single use, expire after 15 minutes and work in any browser, because
 * nothing ties them to the browser that asked (the link is often e-mailed from a webhook after checkout; see
 * docs/decisions/005-email-link-strategy.md).
 */

export const VERIFY_PATH = '/auth/verify'
export const LINK_TTL_MINUTES = 15
/** Wrong codes a verification tolerates; after that its code is void, even the right one. Its link keeps working. */
export const MAX_CODE_ATTEMPTS = 5

export type VerificationPurpose = (typeof VERIFICATION_PURPOSES)[number]

export type IssuedSignInLink = { url: string; code: string; expiresAt: Date }

/** Keyed hash: a leaked database holds neither usable links nor codes (a bare hash of 6 digits is trivial to invert). */
function hashSecret(value: string) {
  return crypto.createHmac('sha256', env().SESSION_SECRET).update(value).digest('hex')
}

function sameHash(a: string, b: string) {
  const left = Buffer.from(a, 'hex')
  const right = Buffer.from(b, 'hex')
  return left.length === right.length && crypto.timingSafeEqual(left, right)
}

/**
 * Creates a verification and returns its absolute link and code without sending anything; callers that send their own
 * e-mail (checkout fulfilment's "finish setting up your coverage") put both into it.
 */
export async function issueSignInLink({
  email,
  redirectTo,
  purpose = 'sign_in',
  profileId = null,
  path = VERIFY_PATH,
}: {
  email: string
  redirectTo?: string | null
  /** Another purpose than signing in (a change of e-mail, a deletion) needs the account it is for. */
  purpose?: VerificationPurpose
  profileId?: string | null
  /** The page the link opens. */
  path?: string
}): Promise<IssuedSignInLink> {
  const token = crypto.randomBytes(32).toString('base64url')
  const { otp: code } = await generateTOTP({ digits: 6, period: LINK_TTL_MINUTES * 60, algorithm: 'SHA-256' })
  const expiresAt = new Date(Date.now() + LINK_TTL_MINUTES * 60 * 1000)
  db()
    .insert(verifications)
    .values({
      email: normalizeEmail(email),
      purpose,
      profileId,
      codeHash: hashSecret(`code:${code}`),
      tokenHash: hashSecret(`token:${token}`),
      redirectTo: redirectTo ? safeRedirect(redirectTo) : null,
      expiresAt: expiresAt.toISOString(),
    })
    .run()
  const url = `${env().APP_URL}${path}?token=${encodeURIComponent(token)}`
  return { url, code, expiresAt }
}

/** Issues a link and code and e-mails them (link tracking off: Postmark must not rewrite the link). Never throws on send. */
export async function sendSignInEmail(email: string, redirectTo?: string | null): Promise<SentEmail | null> {
  const { url, code } = await issueSignInLink({ email, redirectTo })
  const message = await signInEmail({ url, code, expiresInMinutes: LINK_TTL_MINUTES })
  return sendEmail({ to: normalizeEmail(email), ...message, tag: 'sign-in', trackLinks: false })
}

export type LinkState = 'valid' | 'used' | 'expired' | 'invalid'

/** What the link's landing page should say before anyone presses 'Sign in' (a GET never consumes). */
export function inspectSignInLink(token: string | null | undefined, now = new Date(), purpose: VerificationPurpose = 'sign_in'): LinkState {
  if (!token) return 'invalid'
  const row = db()
    .select()
    .from(verifications)
    .where(and(eq(verifications.tokenHash, hashSecret(`token:${token}`)), eq(verifications.purpose, purpose)))
    .get()
  return stateOf(row, now)
}

/**
 * The link's state. Wrong typed codes (`attempts`) are deliberately not part of it: anyone can type codes for any
 * address, so they may void the code, but the link only its recipient holds keeps working until it is used or expires.
 */
function stateOf(row: typeof verifications.$inferSelect | undefined, now: Date): LinkState {
  if (!row) return 'invalid'
  if (row.consumedAt) return 'used'
  if (row.expiresAt <= now.toISOString()) return 'expired'
  return 'valid'
}

export type Consumed = { ok: true; email: string; redirectTo: string | null; profileId: string | null }
export type LinkFailure = { ok: false; reason: 'used' | 'expired' | 'invalid' }
export type CodeFailure = { ok: false; reason: 'wrong'; attemptsLeft: number } | { ok: false; reason: 'void' | 'expired' }

/** Uses up a link token, atomically: of two simultaneous presses of 'Sign in', exactly one wins. */
export function consumeSignInLink(token: string, now = new Date(), purpose: VerificationPurpose = 'sign_in'): Consumed | LinkFailure {
  return transaction((tx) => {
    const row = tx
      .select()
      .from(verifications)
      .where(and(eq(verifications.tokenHash, hashSecret(`token:${token}`)), eq(verifications.purpose, purpose)))
      .get()
    const state = stateOf(row, now)
    if (state !== 'valid') return { ok: false, reason: state }
    const claimed = tx
      .update(verifications)
      .set({ consumedAt: now.toISOString() })
      .where(and(eq(verifications.id, row!.id), isNull(verifications.consumedAt)))
      .run()
    if (claimed.changes !== 1) return { ok: false, reason: 'used' }
    return { ok: true, email: row!.email, redirectTo: row!.redirectTo, profileId: row!.profileId }
  })
}

/**
 * Checks a typed code against the address's open verifications. A wrong code counts as an attempt on each of them;
 * once a verification has had MAX_CODE_ATTEMPTS wrong codes its code is void (its link is not: see stateOf).
 */
export function consumeSignInCode(
  email: string,
  code: string,
  now = new Date(),
  purpose: VerificationPurpose = 'sign_in',
): Consumed | CodeFailure {
  const address = normalizeEmail(email)
  const nowIso = now.toISOString()
  return transaction((tx) => {
    const open = tx
      .select()
      .from(verifications)
      .where(
        and(
          eq(verifications.email, address),
          eq(verifications.purpose, purpose),
          isNull(verifications.consumedAt),
          gt(verifications.expiresAt, nowIso),
        ),
      )
      .orderBy(desc(verifications.createdAt))
      .all()
    const usable = open.filter((row) => row.attempts < MAX_CODE_ATTEMPTS)
    if (usable.length === 0) return { ok: false, reason: open.length > 0 ? 'void' : 'expired' }

    const typed = hashSecret(`code:${code.trim()}`)
    const match = usable.find((row) => sameHash(row.codeHash, typed))
    if (match) {
      const claimed = tx
        .update(verifications)
        .set({ consumedAt: nowIso })
        .where(and(eq(verifications.id, match.id), isNull(verifications.consumedAt)))
        .run()
      if (claimed.changes === 1) return { ok: true, email: match.email, redirectTo: match.redirectTo, profileId: match.profileId }
    }
    let attemptsLeft = 0
    for (const row of usable) {
      tx.update(verifications)
        .set({ attempts: row.attempts + 1 })
        .where(eq(verifications.id, row.id))
        .run()
      attemptsLeft = Math.max(attemptsLeft, MAX_CODE_ATTEMPTS - (row.attempts + 1))
    }
    return { ok: false, reason: 'wrong', attemptsLeft }
  })
}

/**
 * Deletes sign-in links and codes a day past their expiry (the daily job); returns how many. Recent ones are kept: they
 * still explain a rate limit or a "link expired" report.
 */
export function deleteExpiredVerifications(now = new Date()) {
  return db()
    .delete(verifications)
    .where(lt(verifications.expiresAt, new Date(now.getTime() - DAY_MS).toISOString()))
    .run().changes
}

/** The profile for a verified address, created on its first verified sign-in. */
export function findOrCreateProfile(email: string): Profile {
  const address = normalizeEmail(email)
  return transaction((tx) => {
    const existing = tx.select().from(profiles).where(eq(profiles.email, address)).get()
    if (existing) return existing
    return tx.insert(profiles).values({ email: address }).returning().get()
  })
}
