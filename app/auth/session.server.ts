import { and, eq, gt, lt, ne, sql } from 'drizzle-orm'
import { createContext, createCookie, type MiddlewareFunction } from 'react-router'

import { db, preparedQuery } from '~/db/client.server'
import { type PartnerGroup, type Profile, profiles, sessions } from '~/db/schema'
import { PLEASE_LOG_IN } from '~/domain/messages'
import { DAY_MS } from '~/domain/time'
import { env, servedOverHttps } from '~/env.server'
import { isAdmin } from '~/models/people/operator.server'
import { staffGroupOf } from '~/models/shops/shop-staff.server'
import { redirectWithToast } from '~/toast.server'
import { safeRedirect } from '~/utils/redirect'
import { notFound } from '~/utils/refusal'

export const SESSION_DAYS = 30
/** A session seen again after this long gets its expiry pushed out (30 days rolling, one write a day at most). */
const ROLL_AFTER_MS = DAY_MS

let cookie: ReturnType<typeof createCookie> | undefined
export function sessionCookie() {
  cookie ??= createCookie('__session', {
    httpOnly: true,
    sameSite: 'lax',
    secure: servedOverHttps(),
    path: '/',
    maxAge: (SESSION_DAYS * DAY_MS) / 1000,
    secrets: [env().SESSION_SECRET],
  })
  return cookie
}

export type SignedIn = { session: { id: string; expiresAt: string; lastSeenAt: string }; profile: Profile }

const loaded = new WeakMap<Request, Promise<SignedIn | null>>()

/** The signed-in profile of this request, or null; looked up once per request. */
export function getSignedIn(request: Request): Promise<SignedIn | null> {
  let pending = loaded.get(request)
  if (!pending) {
    pending = lookup(request)
    loaded.set(request, pending)
  }
  return pending
}

/** Every signed-in request runs it: prepared once (app/db/client.server.ts). */
const signedInQuery = preparedQuery((database) =>
  database
    .select({ session: sessions, profile: profiles })
    .from(sessions)
    .innerJoin(profiles, eq(profiles.id, sessions.profileId))
    .where(and(eq(sessions.id, sql.placeholder('sessionId')), gt(sessions.expiresAt, sql.placeholder('now'))))
    .prepare(),
)

async function lookup(request: Request): Promise<SignedIn | null> {
  const sessionId: unknown = await sessionCookie().parse(request.headers.get('Cookie'))
  if (typeof sessionId !== 'string' || !sessionId) return null
  const row = signedInQuery().get({ sessionId, now: new Date().toISOString() })
  return row ? { session: row.session, profile: row.profile } : null
}

export async function getProfile(request: Request) {
  return (await getSignedIn(request))?.profile ?? null
}

/** Whether this account is staff of an active partner group (it may be a customer as well). */
export function isShopStaff(profile: Pick<Profile, 'email'>) {
  return staffGroupOf(profile.email) !== null
}

/**
 * Where a sign-in lands when no page asked to come back to: the operator's console, a shop's staff their jobs, or the
 * customer's dashboard.
 */
export function homePath(profile: Pick<Profile, 'email' | 'role'>) {
  if (isAdmin(profile)) return '/admin'
  return isShopStaff(profile) ? '/shop' : '/customer'
}

/** The signed-in customer, or a redirect to /auth that comes back here afterwards (PLEASE_LOG_IN). */
export async function requireCustomer(request: Request): Promise<Profile> {
  const profile = await getProfile(request)
  if (profile) return profile
  const url = new URL(request.url)
  const back = safeRedirect(url.pathname + url.search)
  throw await redirectWithToast(`/auth?redirect=${encodeURIComponent(back)}`, {
    type: 'error',
    title: PLEASE_LOG_IN,
    description: 'Sign in to continue.',
  })
}

/** The operator of this request, for the loaders and actions under /admin: `context.get(operatorContext)`. */
export const operatorContext = createContext<Profile>()

/**
 * The operator area's guard, run before every loader and action under /admin (pages, their data requests and the
 * downloads): the operator goes on, with their profile in `operatorContext`; everyone else, signed in or not, gets a
 * plain 404 so the console's existence is not advertised.
 */
export const operatorGuard: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const profile = await getProfile(request)
  if (!(profile && isAdmin(profile))) notFound()
  context.set(operatorContext, profile)
  return next()
}

/**
 * The signed-in shop staff member and their group, for every loader and action under /shop. Signed out: to the sign-in
 * page and back; signed in but nobody's staff (or the group is inactive): the same 404 as an unknown page.
 */
export async function requireShopStaff(request: Request): Promise<{ profile: Profile; group: PartnerGroup }> {
  const profile = await requireCustomer(request)
  const group = staffGroupOf(profile.email)
  if (!group) notFound()
  return { profile, group }
}

/** Starts a server-side session and returns the Set-Cookie header value. */
export async function createSession(profileId: string, request?: Request) {
  const [row] = db()
    .insert(sessions)
    .values({
      profileId,
      expiresAt: new Date(Date.now() + SESSION_DAYS * DAY_MS).toISOString(),
      userAgent: request?.headers.get('User-Agent')?.slice(0, 300) ?? null,
    })
    .returning()
    .all()
  return sessionCookie().serialize(row!.id)
}

/** Pushes the expiry of a session in use out to 30 days again; returns a fresh cookie when it did. */
export async function rollSession(signedIn: SignedIn): Promise<string | null> {
  if (Date.now() - Date.parse(signedIn.session.lastSeenAt) < ROLL_AFTER_MS) return null
  const now = new Date()
  db()
    .update(sessions)
    .set({ lastSeenAt: now.toISOString(), expiresAt: new Date(now.getTime() + SESSION_DAYS * DAY_MS).toISOString() })
    .where(eq(sessions.id, signedIn.session.id))
    .run()
  return sessionCookie().serialize(signedIn.session.id)
}

/** Deletes the sessions that expired before `now` (the daily job); returns how many. */
export function deleteExpiredSessions(now = new Date()) {
  return db().delete(sessions).where(lt(sessions.expiresAt, now.toISOString())).run().changes
}

/** Ends this request's session (if any), without touching the cookie: a sign-in replaces it with its own. */
export async function endSession(request: Request) {
  const signedIn = await getSignedIn(request)
  if (signedIn) db().delete(sessions).where(eq(sessions.id, signedIn.session.id)).run()
  // The rest of this request is signed out: the rolling-session middleware must not re-send the ended session's cookie
  // (over a new sign-in's cookie, or the sign-out's clearing one).
  loaded.set(request, Promise.resolve(null))
}

/** Ends this request's session (if any) and returns the Set-Cookie header that clears the cookie. */
export async function destroySession(request: Request) {
  await endSession(request)
  return sessionCookie().serialize('', { maxAge: 0, expires: new Date(0) })
}

/** Ends every session of the profile except the given one; returns how many ended. */
export function endOtherSessions(profileId: string, keepSessionId: string) {
  return db()
    .delete(sessions)
    .where(and(eq(sessions.profileId, profileId), ne(sessions.id, keepSessionId)))
    .run().changes
}
