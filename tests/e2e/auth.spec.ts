import type { Page } from '@playwright/test'
import { eq } from 'drizzle-orm'

import { db } from '~/db/client.server'
import { sessions, verifications } from '~/db/schema'
import { issueSignInLink } from '~/models/people/sign-in-links.server'

import {
  addSessionCookie,
  expect,
  expectNoSeriousA11yViolations,
  type OutboxEmail,
  randomIp,
  test,
  toast,
  waitForEmail,
} from '../support/e2e'
import { createProfile, uniqueEmail } from '../support/factories'

const SUBJECT = 'Your Glass Plan login link'

function linkIn(email: OutboxEmail) {
  const match = /(https?:\/\/\S+\/auth\/verify\?token=[\w-]+)/.exec(email.text)
  expect(match, 'the e-mail carries a sign-in link').not.toBeNull()
  return match![1]!
}

function codeIn(email: OutboxEmail) {
  const match = /code on the sign-in page: (\d{6})/.exec(email.text)
  expect(match, 'the e-mail carries a 6-digit code').not.toBeNull()
  return match![1]!
}

/** Fills /auth and presses 'Send login link'; waits for 'Check Your Email'. */
async function requestLink(page: Page, address: string, path = '/auth') {
  await page.goto(path)
  await page.getByLabel('Email Address').fill(address)
  await page.getByRole('button', { name: 'Send login link' }).click()
  await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible()
  return waitForEmail(address, SUBJECT)
}

test('request a link, read it from the outbox, confirm with the POST page, land on the dashboard', async ({ page }) => {
  const address = uniqueEmail()
  await page.goto('/auth')
  await expect(page.getByText("No password needed. We'll email you a secure link to sign in.")).toBeVisible()
  await expect(page.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup')
  await expectNoSeriousA11yViolations(page)

  const email = await requestLink(page, address)
  await expect(toast(page)).toContainText('Check your email!')
  await expect(toast(page)).toContainText("We've sent you a magic link to sign in.")
  await expect(page.getByText(address)).toBeVisible()
  await expectNoSeriousA11yViolations(page)

  await page.goto(linkIn(email))
  await expect(page.getByRole('heading', { name: 'Sign in to Glass Plan' })).toBeVisible()
  await expectNoSeriousA11yViolations(page)
  await page.getByRole('button', { name: 'Sign in' }).click()

  await expect(page).toHaveURL(/\/customer$/)
  await expect(page.getByRole('heading', { name: `Welcome back, ${address}` })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Your Policies' })).toBeVisible()
  await expect(page.getByText('No policies yet')).toBeVisible()
  await expect(page.getByRole('link', { name: 'View Plans' })).toHaveAttribute('href', '/signup')
  await expect(page.locator('#claims')).toContainText('Your Claims')
  await expect(page.getByText('No claims yet')).toBeVisible()
  await expectNoSeriousA11yViolations(page)

  // Signed-in navigation: Policies, Claims, the e-mail, Sign Out; the logo goes to the dashboard.
  const nav = page.getByRole('navigation', { name: 'Main' })
  await expect(nav.getByRole('link', { name: 'Policies' })).toHaveAttribute('href', '/customer')
  await expect(nav.getByRole('link', { name: 'Claims' })).toHaveAttribute('href', '/customer#claims')
  await expect(nav.getByText(address)).toBeVisible()
  await expect(nav.getByRole('link', { name: 'Glass Plan' })).toHaveAttribute('href', '/customer')
  await expect(nav.getByRole('button', { name: 'Sign Out', exact: true })).toBeVisible()

  // A signed-in visitor is sent on from /auth.
  await page.goto('/auth')
  await expect(page).toHaveURL(/\/customer$/)
})

test('sign in with the code typed on /auth', async ({ page }) => {
  const address = uniqueEmail()
  const email = await requestLink(page, address)
  await page.getByLabel('Login code').fill(codeIn(email) === '000000' ? '111111' : '000000')
  await page.getByRole('button', { name: 'Sign in with code' }).click()
  await expect(page.getByText("That code isn't right. 4 tries left.").first()).toBeVisible()

  // Pasted as the e-mail groups it ("123 456"): the field takes the whole paste and the space is forgiven (3.3.8).
  const code = codeIn(email)
  await page.getByLabel('Login code').fill(`${code.slice(0, 3)} ${code.slice(3)}`)
  await page.getByRole('button', { name: 'Sign in with code' }).click()
  await expect(page).toHaveURL(/\/customer$/)
  await expect(page.getByRole('heading', { name: `Welcome back, ${address}` })).toBeVisible()
})

test('an operator signing in without a target lands on the console, not the customer dashboard', async ({ page }) => {
  const operator = createProfile({ email: uniqueEmail('operator'), role: 'admin' })
  const email = await requestLink(page, operator.email)
  await page.getByLabel('Login code').fill(codeIn(email))
  await page.getByRole('button', { name: 'Sign in with code' }).click()
  await expect(page).toHaveURL(/\/admin$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Operator console' })).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Operator' })).toBeVisible()
  // Signed in, /auth sends the operator on to the console too.
  await page.goto('/auth')
  await expect(page).toHaveURL(/\/admin$/)
})

test('a link opened in a second, fresh browser works there', async ({ page, browser, javaScript, baseURL }) => {
  const address = uniqueEmail()
  const email = await requestLink(page, address, '/auth?redirect=%2Fcustomer%23claims')

  const other = await browser.newContext({ javaScriptEnabled: javaScript, baseURL, extraHTTPHeaders: { 'X-Forwarded-For': randomIp() } })
  try {
    const phone = await other.newPage()
    await phone.goto(linkIn(email))
    await phone.getByRole('button', { name: 'Sign in' }).click()
    await expect(phone).toHaveURL(/\/customer#claims$/)
    await expect(phone.getByRole('heading', { name: `Welcome back, ${address}` })).toBeVisible()
  } finally {
    await other.close()
  }
  // The browser that asked is not signed in by someone else's click.
  await page.goto('/customer')
  await expect(page).toHaveURL(/\/auth\?redirect=/)
})

test('a used link and an expired one are refused with their message', async ({ page }) => {
  const address = uniqueEmail()
  const first = await requestLink(page, address)
  await page.goto(linkIn(first))
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page).toHaveURL(/\/customer$/)
  await page.getByRole('button', { name: 'Sign Out', exact: true }).click()
  await expect(page).toHaveURL(/\/$/)

  await page.goto(linkIn(first))
  await expect(page.getByRole('heading', { name: 'Link already used' })).toBeVisible()
  await expect(page.getByText('This login link has already been used.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Sign in' })).toHaveCount(0)

  const late = uniqueEmail()
  const second = await requestLink(page, late)
  db()
    .update(verifications)
    .set({ expiresAt: new Date(Date.now() - 60_000).toISOString() })
    .where(eq(verifications.email, late))
    .run()
  await page.goto(linkIn(second))
  await expect(page.getByRole('heading', { name: 'Link expired' })).toBeVisible()
  await expect(page.getByText('This login link has expired.')).toBeVisible()
  await page.getByRole('link', { name: 'Send a new link' }).click()
  await expect(page).toHaveURL(/\/auth$/)
  await expect(page.getByLabel('Email Address')).toBeVisible()
})

test("a bad e-mail shows 'Validation Error'", async ({ page }) => {
  await page.goto('/auth')
  await page.getByLabel('Email Address').fill('not-an-email')
  await page.getByRole('button', { name: 'Send login link' }).click()
  await expect(toast(page)).toContainText('Validation Error')
  await expect(toast(page)).toContainText('Please enter a valid email address')
  await expect(page.getByRole('heading', { name: 'Check Your Email' })).toHaveCount(0)
})

test("'Use a different email' returns to an empty form", async ({ page }) => {
  await requestLink(page, uniqueEmail())
  await page.getByRole('link', { name: 'Use a different email' }).click()
  await expect(page.getByLabel('Email Address')).toHaveValue('')
  await expect(page.getByRole('button', { name: 'Send login link' })).toBeVisible()
})

test('redirect=//evil.example lands on /customer', async ({ page }) => {
  const address = uniqueEmail()
  const email = await requestLink(page, address, '/auth?redirect=%2F%2Fevil.example')
  await page.getByLabel('Login code').fill(codeIn(email))
  await page.getByRole('button', { name: 'Sign in with code' }).click()
  await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/customer$/)
})

test("sign out: 'Signed out', back home, the dashboard asks to log in again", async ({ page, signIn }) => {
  await signIn()
  await page.goto('/customer')
  await page.getByRole('button', { name: 'Sign Out', exact: true }).click()
  await expect(page).toHaveURL(/\/$/)
  await expect(toast(page)).toContainText('Signed out')
  await expect(toast(page)).toContainText("You've been successfully logged out.")

  await page.goto('/customer')
  await expect(page).toHaveURL(/\/auth\?redirect=%2Fcustomer$/)
  await expect(toast(page)).toContainText('Please Log In')
})

test("'Sign out of other devices' ends the other browser's session and keeps this one", async ({
  page,
  signIn,
  browser,
  javaScript,
  baseURL,
}) => {
  const customer = await signIn()
  const other = await browser.newContext({ javaScriptEnabled: javaScript, baseURL, extraHTTPHeaders: { 'X-Forwarded-For': randomIp() } })
  try {
    await addSessionCookie(other, baseURL!, customer.id)
    const laptop = await other.newPage()
    await laptop.goto('/customer')
    await expect(laptop.getByRole('heading', { name: /Welcome back/ })).toBeVisible()

    await page.goto('/customer')
    await page.getByRole('button', { name: 'Sign out of other devices' }).click()
    await expect(toast(page)).toContainText('Signed out of other devices')
    await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible()

    await laptop.goto('/customer')
    await expect(laptop).toHaveURL(/\/auth\?redirect=/)
    await page.reload()
    await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible()
  } finally {
    await other.close()
  }
})

test('the dashboard shows the customer by name with their policies', async ({ page, signIn }) => {
  const customer = await signIn({ fullName: 'Robin Banks' })
  const { createActivePolicy, createClaim } = await import('../support/factories')
  const { policy } = createActivePolicy(customer.id)
  const claim = createClaim(policy.id)
  createActivePolicy(createProfile().id) // someone else's, never shown
  await page.goto('/customer')
  await expect(page.getByRole('heading', { name: 'Welcome back, Robin Banks' })).toBeVisible()
  await expect(page.getByText('Your coverage is active')).toHaveCount(1)
  await expect(page.getByRole('heading', { name: `Claim ${claim.confirmationCode}` })).toBeVisible()
  await expect(page.getByTestId('claim-id')).toHaveText(claim.confirmationCode)
  await expect(page.getByText('Pending Review')).toBeVisible()
  // Pending: the code is the claim's reference until a shop can act on it.
  await expect(page.getByText('Your claim’s reference. Once the claim is approved, give it to the shop.')).toBeVisible()
  await expect(page.getByText('Give this to the shop')).toHaveCount(0)
  await expectNoSeriousA11yViolations(page)
})

test('/dev/outbox lists the sign-in e-mail with its link clickable', async ({ page }) => {
  const address = uniqueEmail()
  const email = await requestLink(page, address)
  await page.goto('/dev/outbox')
  await expect(page.getByRole('heading', { name: 'Outbox', level: 1 })).toBeVisible()
  const message = page.getByRole('article').filter({ hasText: address })
  await expect(message.getByRole('heading', { name: SUBJECT })).toBeVisible()
  await message.getByRole('link', { name: linkIn(email) }).click()
  await expect(page.getByRole('heading', { name: 'Sign in to Glass Plan' })).toBeVisible()
})

test('signing in again over an old session of this browser keeps the new session', async ({ page, signIn }) => {
  const customer = await signIn()
  // Last seen two days ago: the server would roll this session's cookie at the end of the request.
  db()
    .update(sessions)
    .set({ lastSeenAt: new Date(Date.now() - 2 * 24 * 60 * 60 * 1000).toISOString() })
    .where(eq(sessions.profileId, customer.id))
    .run()
  const { url } = await issueSignInLink({ email: customer.email })
  await page.goto(url)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page).toHaveURL(/\/customer$/)
  await page.reload()
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible()
})
