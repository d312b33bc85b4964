import fs from 'node:fs'
import path from 'node:path'

import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'

import { getSignedIn, sessionCookie } from '~/auth/session.server'
import { CODES_PER_ADDRESS, CODES_PER_IP } from '~/auth/sign-in-limits.server'
import { db } from '~/db/client.server'
import { profiles, rateLimits, sessions, verifications } from '~/db/schema'
import { resetEnvForTests } from '~/env.server'
import { issueSignInLink, MAX_CODE_ATTEMPTS } from '~/models/people/sign-in-links.server'
import { action as authAction, loader as authLoader } from '~/routes/auth'
import { action as signOutAction } from '~/routes/auth.sign-out'
import { action as signOutOthersAction } from '~/routes/auth.sign-out-others'
import { action as verifyAction, loader as verifyLoader } from '~/routes/auth.verify'
import { outboxDir } from '~/services/outbox.server'

import { createProfile, sessionCookieFor, uniqueEmail } from '../support/factories'
import { makeRequest, routeArgs, settle } from '../support/requests'

function sendLink(email: string, redirect?: string, headers?: Record<string, string>) {
  const form: Record<string, string> = { intent: 'send', email }
  if (redirect !== undefined) form.redirect = redirect
  return settle(() => authAction(routeArgs(makeRequest('/auth', { form, headers }))))
}

function typeCode(email: string, code: string) {
  return settle(() =>
    authAction(routeArgs(makeRequest(`/auth?sent=${encodeURIComponent(email)}`, { form: { intent: 'code', email, code } }))),
  )
}

function pressSignIn(token: string, cookie?: string) {
  return settle(() => verifyAction(routeArgs(makeRequest(`/auth/verify?token=${token}`, { form: { token }, cookie }))))
}

/** The session cookie a sign-in response set, as a Cookie header value. */
function sessionFrom(headers: Headers) {
  const cookie = headers.getSetCookie().find((value) => value.startsWith('__session=') && !value.includes('Max-Age=0'))
  return cookie?.split(';')[0]
}

async function signedInProfile(cookie: string | undefined) {
  return (await getSignedIn(makeRequest('/customer', { cookie })))?.profile ?? null
}

/** The outbox (DATA_DIR/outbox), newest first. */
function outboxMessages(): Array<{ to: string; subject: string; text: string; html: string }> {
  const dir = outboxDir()
  if (!fs.existsSync(dir)) return []
  return fs
    .readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .reverse()
    .map((file) => JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')))
}

function tokenOf(url: string) {
  return new URL(url).searchParams.get('token')!
}

function latestCodeFor(email: string) {
  const message = outboxMessages().find((entry) => entry.to === email)
  return /code on the sign-in page: (\d{6})/.exec(message!.text)![1]!
}

beforeEach(() => {
  db().delete(rateLimits).run()
})

describe('requesting a login link', () => {
  it('sends a link and a code, answers with "Check Your Email", and makes no profile yet', async () => {
    const email = uniqueEmail()
    const response = await sendLink(`  ${email.toUpperCase()} `)
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe(`/auth?sent=${encodeURIComponent(email)}`)

    const message = outboxMessages().find((entry) => entry.to === email)!
    expect(message.subject).toBe('Your Glass Plan login link')
    expect(message.text).toMatch(/http:\/\/localhost:3999\/auth\/verify\?token=[\w-]+/)
    expect(message.text).toMatch(/code on the sign-in page: \d{6}/)
    expect(db().select().from(profiles).where(eq(profiles.email, email)).get()).toBeUndefined()

    const row = db().select().from(verifications).where(eq(verifications.email, email)).get()!
    expect(row.codeHash).not.toContain(latestCodeFor(email))
    // No page asked for: the sign-in lands on the account's home, chosen when it completes.
    expect(row.redirectTo).toBeNull()
    const minutes = (Date.parse(row.expiresAt) - Date.parse(row.createdAt)) / 60_000
    expect(minutes).toBeCloseTo(15, 0)
  })

  it('refuses a bad address with "Validation Error" and a 400', async () => {
    const response = await sendLink('not-an-email')
    expect(response.status).toBe(400)
    expect(response.data).toMatchObject({ toast: { title: 'Validation Error', description: 'Please enter a valid email address' } })
  })

  it('keeps a local redirect and drops an outside one (the sign-in then lands on the home page of the account)', async () => {
    const local = uniqueEmail()
    expect((await sendLink(local, '/customer/submit-claim?policy_id=abc')).headers.get('Location')).toContain(
      `redirect=${encodeURIComponent('/customer/submit-claim?policy_id=abc')}`,
    )
    const outside = uniqueEmail()
    const response = await sendLink(outside, '//evil.example')
    expect(response.headers.get('Location')).toBe(`/auth?sent=${encodeURIComponent(outside)}`)
    expect(db().select().from(verifications).where(eq(verifications.email, outside)).get()!.redirectTo).toBeNull()
  })

  it('answers the sixth e-mail to one address within an hour with 429 and a human message', async () => {
    const email = uniqueEmail()
    for (let i = 0; i < 5; i++) expect((await sendLink(email)).status).toBe(302)
    const sixth = await sendLink(email)
    expect(sixth.status).toBe(429)
    expect(sixth.headers.get('Retry-After')).toMatch(/^\d+$/)
    expect(sixth.data).toMatchObject({
      toast: { title: 'Too many requests', description: expect.stringMatching(/try again in \d+ minutes/) },
    })
    expect(outboxMessages().filter((entry) => entry.to === email)).toHaveLength(5)
  })

  it('limits one client address to 20 sign-in e-mails an hour, across addresses', async () => {
    process.env.CLIENT_IP_HEADER = 'X-Forwarded-For'
    const { resetEnvForTests } = await import('~/env.server')
    resetEnvForTests()
    try {
      const headers = { 'X-Forwarded-For': '203.0.113.9' }
      for (let i = 0; i < 20; i++) expect((await sendLink(uniqueEmail(), undefined, headers)).status).toBe(302)
      expect((await sendLink(uniqueEmail(), undefined, headers)).status).toBe(429)
      expect((await sendLink(uniqueEmail(), undefined, { 'X-Forwarded-For': '203.0.113.10' })).status).toBe(302)
    } finally {
      delete process.env.CLIENT_IP_HEADER
      resetEnvForTests()
    }
  })
})

describe('signing in with the link', () => {
  it("shows a 'Sign in' button on GET without using the link, and signs in on the button's POST", async () => {
    const email = uniqueEmail()
    const { url } = await issueSignInLink({ email, redirectTo: '/customer#claims' })
    const page = await settle(() => verifyLoader(routeArgs(makeRequest(new URL(url).pathname + new URL(url).search))))
    expect(page.status).toBe(200)
    expect(page.data).toMatchObject({ state: 'valid' })
    // A second GET (a mail scanner, then the customer) still finds it valid.
    expect((await settle(() => verifyLoader(routeArgs(makeRequest(new URL(url).pathname + new URL(url).search))))).data).toMatchObject({
      state: 'valid',
    })

    const response = await pressSignIn(tokenOf(url))
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe('/customer#claims')
    const profile = await signedInProfile(sessionFrom(response.headers))
    expect(profile?.email).toBe(email)
  })

  it('refuses a used link and an expired one with their messages', async () => {
    const used = await issueSignInLink({ email: uniqueEmail() })
    expect((await pressSignIn(tokenOf(used.url))).status).toBe(302)
    const again = await pressSignIn(tokenOf(used.url))
    expect(again.status).toBe(410)
    expect(again.data).toMatchObject({ state: 'used', message: expect.stringContaining('already been used') })
    expect(sessionFrom(again.headers)).toBeUndefined()

    const lateEmail = uniqueEmail()
    const expired = await issueSignInLink({ email: lateEmail })
    db()
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where(eq(verifications.email, lateEmail))
      .run()
    const page = await settle(() => verifyLoader(routeArgs(makeRequest(`/auth/verify?token=${tokenOf(expired.url)}`))))
    expect(page.status).toBe(410)
    expect(page.data).toMatchObject({ state: 'expired', message: expect.stringContaining('expired') })
    expect((await pressSignIn(tokenOf(expired.url))).data).toMatchObject({ state: 'expired' })

    const forged = await pressSignIn('not-a-real-token')
    expect(forged.status).toBe(400)
    expect(forged.data).toMatchObject({ state: 'invalid' })
  })

  it('lets exactly one of two simultaneous presses win', async () => {
    const { url } = await issueSignInLink({ email: uniqueEmail() })
    const results = await Promise.all([pressSignIn(tokenOf(url)), pressSignIn(tokenOf(url))])
    expect(results.map((result) => result.status).sort()).toEqual([302, 410])
  })

  it('signs an existing customer in as themselves, replacing whoever was signed in on that browser', async () => {
    const customer = createProfile()
    const other = createProfile()
    const otherCookie = await sessionCookieFor(other.id)
    const { url } = await issueSignInLink({ email: customer.email.toUpperCase() })
    const response = await pressSignIn(tokenOf(url), otherCookie)
    expect((await signedInProfile(sessionFrom(response.headers)))?.id).toBe(customer.id)
    expect(await signedInProfile(otherCookie)).toBeNull()
    // One session cookie: the new one replaces the old (a clearing cookie beside it would depend on header order).
    expect(response.headers.getSetCookie().filter((value) => value.startsWith('__session='))).toHaveLength(1)
    expect(db().select().from(profiles).where(eq(profiles.email, customer.email)).all()).toHaveLength(1)
  })

  it('lands an operator on /admin and a customer on /customer when no page was asked for, and an asked page wins', async () => {
    const operator = createProfile({ email: uniqueEmail('operator') })
    const adminEmails = process.env.ADMIN_EMAILS
    process.env.ADMIN_EMAILS = `${adminEmails},${operator.email}`
    resetEnvForTests()
    try {
      // Requested from /auth without a target: the code typed on the page, then an e-mailed link.
      await sendLink(operator.email)
      expect(db().select().from(verifications).where(eq(verifications.email, operator.email)).get()!.redirectTo).toBeNull()
      expect((await typeCode(operator.email, latestCodeFor(operator.email))).headers.get('Location')).toBe('/admin')
      const link = await issueSignInLink({ email: operator.email })
      expect((await pressSignIn(tokenOf(link.url))).headers.get('Location')).toBe('/admin')
      // A page the operator asked for (a link into the customer pages) is where they land.
      const asked = await issueSignInLink({ email: operator.email, redirectTo: '/customer/privacy' })
      expect((await pressSignIn(tokenOf(asked.url))).headers.get('Location')).toBe('/customer/privacy')
      // Already signed in, /auth sends them on the same way.
      const cookie = await sessionCookieFor(operator.id)
      expect((await settle(() => authLoader(routeArgs(makeRequest('/auth', { cookie }))))).headers.get('Location')).toBe('/admin')
    } finally {
      process.env.ADMIN_EMAILS = adminEmails
      resetEnvForTests()
    }
    const customer = createProfile()
    const link = await issueSignInLink({ email: customer.email })
    expect((await pressSignIn(tokenOf(link.url))).headers.get('Location')).toBe('/customer')
    const cookie = await sessionCookieFor(customer.id)
    expect((await settle(() => authLoader(routeArgs(makeRequest('/auth', { cookie }))))).headers.get('Location')).toBe('/customer')
  })
})

describe('signing in with the typed code', () => {
  it('signs in with the right code, once', async () => {
    const email = uniqueEmail()
    await sendLink(email)
    const code = latestCodeFor(email)
    const response = await typeCode(email, code)
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe('/customer')
    expect((await signedInProfile(sessionFrom(response.headers)))?.email).toBe(email)

    const reused = await typeCode(email, code)
    expect(reused.status).toBe(400)
    expect(reused.data).toMatchObject({ toast: { description: expect.stringContaining('expired or was already used') } })
  })

  it('voids the code at the sixth wrong code: even the right code no longer works, but the link still does', async () => {
    const email = uniqueEmail()
    const { code, url } = await issueSignInLink({ email })
    const wrong = code === '000000' ? '111111' : '000000'
    for (let attempt = 1; attempt <= MAX_CODE_ATTEMPTS; attempt++) {
      const response = await typeCode(email, wrong)
      expect(response.status).toBe(400)
      expect(JSON.stringify(response.data)).toContain("That code isn't right")
    }
    const sixth = await typeCode(email, wrong)
    expect(sixth.status).toBe(429)
    expect(sixth.data).toMatchObject({ toast: { title: 'Too many attempts' } })

    const right = await typeCode(email, code)
    expect(right.status).toBe(429)
    expect(sessionFrom(right.headers)).toBeUndefined()
    // Wrong codes void the code, never the e-mailed link: whoever typed them cannot lock the owner out.
    const link = await pressSignIn(tokenOf(url))
    expect(link.status).toBe(302)
    expect((await signedInProfile(sessionFrom(link.headers)))?.email).toBe(email)
  })

  it('rejects a code that is not six digits next to the field', async () => {
    const response = await typeCode(uniqueEmail(), '12ab')
    expect(response.status).toBe(400)
    expect(response.data).toMatchObject({ intent: 'code', result: { error: { code: ['Enter the 6-digit code from the e-mail'] } } })
  })
})

describe('guessing codes (from many addresses)', () => {
  beforeAll(() => {
    process.env.CLIENT_IP_HEADER = 'X-Forwarded-For'
    resetEnvForTests()
  })
  afterAll(() => {
    delete process.env.CLIENT_IP_HEADER
    resetEnvForTests()
  })

  function typeCodeFrom(email: string, code: string, ip: string) {
    const form = { intent: 'code', email, code }
    return settle(() =>
      authAction(routeArgs(makeRequest(`/auth?sent=${encodeURIComponent(email)}`, { form, headers: { 'X-Forwarded-For': ip } }))),
    )
  }

  function latestLinkFor(email: string) {
    const message = outboxMessages().find((entry) => entry.to === email)!
    return /http:\/\/localhost:3999\/auth\/verify\?token=[\w-]+/.exec(message.text)![0]
  }

  function toastOf(response: { data: unknown }) {
    return (response.data as { toast: { title: string; description: string } }).toast
  }

  it('never voids the link in the e-mail, however many wrong codes are typed for the address from however many networks', async () => {
    const email = uniqueEmail()
    expect((await sendLink(email)).status).toBe(302)
    const url = latestLinkFor(email)
    const wrong = latestCodeFor(email) === '000000' ? '111111' : '000000'
    const statuses: number[] = []
    for (let attempt = 0; attempt < 15; attempt++)
      statuses.push((await typeCodeFrom(email, wrong, `198.51.100.${(attempt % 5) + 1}`)).status)
    expect(statuses.slice(0, MAX_CODE_ATTEMPTS)).toEqual(new Array(MAX_CODE_ATTEMPTS).fill(400))
    expect(statuses.slice(MAX_CODE_ATTEMPTS)).toEqual(new Array(15 - MAX_CODE_ATTEMPTS).fill(429))

    const page = await settle(() => verifyLoader(routeArgs(makeRequest(new URL(url).pathname + new URL(url).search))))
    expect(page.data).toMatchObject({ state: 'valid' })
    const response = await pressSignIn(tokenOf(url))
    expect(response.status).toBe(302)
    expect((await signedInProfile(sessionFrom(response.headers)))?.email).toBe(email)
  })

  it('limits codes per e-mail address across networks, with its own message and a 429', async () => {
    const email = uniqueEmail()
    for (let attempt = 1; attempt <= CODES_PER_ADDRESS.limit; attempt++) {
      expect((await typeCodeFrom(email, '123456', `203.0.113.${attempt}`)).status).toBe(400)
    }
    const limited = await typeCodeFrom(email, '123456', '203.0.113.200')
    expect(limited.status).toBe(429)
    expect(limited.headers.get('Retry-After')).toMatch(/^\d+$/)
    expect(toastOf(limited)).toMatchObject({ title: 'Too many attempts', description: expect.stringContaining('for this email address') })
    // The same network may still type codes for another address: the per-network limit was not reached.
    expect((await typeCodeFrom(uniqueEmail(), '123456', '203.0.113.200')).status).toBe(400)
  })

  it('limits codes per network across e-mail addresses, with its own message and a 429', async () => {
    for (let attempt = 1; attempt <= CODES_PER_IP.limit; attempt++) {
      expect((await typeCodeFrom(uniqueEmail(), '123456', '192.0.2.77')).status).toBe(400)
    }
    const limited = await typeCodeFrom(uniqueEmail(), '123456', '192.0.2.77')
    expect(limited.status).toBe(429)
    expect(toastOf(limited)).toMatchObject({ title: 'Too many attempts', description: expect.stringContaining('from your network') })
    // IPv6: a whole /64 is one network.
    for (let attempt = 1; attempt <= CODES_PER_IP.limit; attempt++) {
      expect((await typeCodeFrom(uniqueEmail(), '123456', `2001:db8:77:1::${attempt.toString(16)}`)).status).toBe(400)
    }
    expect((await typeCodeFrom(uniqueEmail(), '123456', '2001:db8:77:1:ffff::9')).status).toBe(429)
    expect((await typeCodeFrom(uniqueEmail(), '123456', '2001:db8:77:2::1')).status).toBe(400)
    // Another network is not affected.
    expect((await typeCodeFrom(uniqueEmail(), '123456', '192.0.2.78')).status).toBe(400)
  })
})

describe('sessions', () => {
  it('sends a signed-in visitor from /auth to the (local) target', async () => {
    const cookie = await sessionCookieFor(createProfile().id)
    const toTarget = await settle(() => authLoader(routeArgs(makeRequest('/auth?redirect=%2Fcustomer%23claims', { cookie }))))
    expect(toTarget.headers.get('Location')).toBe('/customer#claims')
    const evil = await settle(() => authLoader(routeArgs(makeRequest('/auth?redirect=%2F%2Fevil.example', { cookie }))))
    expect(evil.headers.get('Location')).toBe('/customer')
  })

  it("signs out with 'Signed out' and sends the visitor home", async () => {
    const cookie = await sessionCookieFor(createProfile().id)
    const response = await settle(() => signOutAction(routeArgs(makeRequest('/auth/sign-out', { method: 'POST', cookie }))))
    expect(response.status).toBe(302)
    expect(response.headers.get('Location')).toBe('/')
    expect(response.headers.getSetCookie().some((value) => value.startsWith('__session=;') || value.includes('Max-Age=0'))).toBe(true)
    expect(await signedInProfile(cookie)).toBeNull()
  })

  it('ends every other session of the profile, and only those', async () => {
    const customer = createProfile()
    const here = await sessionCookieFor(customer.id)
    const phone = await sessionCookieFor(customer.id)
    const someoneElse = await sessionCookieFor(createProfile().id)
    const response = await settle(() =>
      signOutOthersAction(routeArgs(makeRequest('/auth/sign-out-others', { method: 'POST', cookie: here }))),
    )
    expect(response.headers.get('Location')).toBe('/customer')
    expect((await signedInProfile(here))?.id).toBe(customer.id)
    expect(await signedInProfile(phone)).toBeNull()
    expect(await signedInProfile(someoneElse)).not.toBeNull()
    expect(db().select().from(sessions).where(eq(sessions.profileId, customer.id)).all()).toHaveLength(1)
  })

  it('treats the rest of a request as signed out once its session ended (the rolling cookie is not re-sent)', async () => {
    const customer = createProfile()
    const cookie = await sessionCookieFor(customer.id)
    // A session last seen two days ago would be rolled at the end of this request.
    db()
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 2 * 24 * 60 * 60 * 1000).toISOString() })
      .where(eq(sessions.profileId, customer.id))
      .run()
    const { url } = await issueSignInLink({ email: customer.email })
    const request = makeRequest(`/auth/verify?token=${tokenOf(url)}`, { form: { token: tokenOf(url) }, cookie })
    expect((await getSignedIn(request))?.profile.id).toBe(customer.id)
    const response = await settle(() => verifyAction(routeArgs(request)))
    expect(await signedInProfile(sessionFrom(response.headers))).not.toBeNull()
    expect(await getSignedIn(request)).toBeNull()
  })

  it('keeps the session cookie httpOnly and sameSite=lax', async () => {
    const header = await sessionCookie().serialize('x')
    expect(header).toMatch(/HttpOnly/)
    expect(header).toMatch(/SameSite=Lax/)
  })
})
