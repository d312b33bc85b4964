import type { Page } from '@playwright/test'

import { db } from '~/db/client.server'
import { auditLog } from '~/db/schema'
import { sendSignInEmail } from '~/models/people/sign-in-links.server'

import { expect, test } from '../support/e2e'
import { createActivePolicy, createClaim, createPolicy, createProfile } from '../support/factories'
import { makePhotos } from '../support/photos'

/**
 * The customer journeys on a phone, 375 px wide (projects 'phone' and 'phone-js-off'; docs/decisions/036-phones.md): no page
 * scrolls sideways, and every control is a target of at least 44 × 44 px (WCAG 2.5.5). A checkbox or radio counts
 * with its label (tapping the label ticks it); a link inside a sentence is exempt, as WCAG allows.
 */

const MIN_TARGET = 44

type Small = { what: string; width: number; height: number }

async function expectNoSidewaysScroll(page: Page, where: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
  expect(overflow, `${where}: the page scrolls sideways by ${overflow} px`).toBeLessThanOrEqual(0)
}

async function expectPhoneFriendly(page: Page, where: string) {
  await expectNoSidewaysScroll(page, where)
  const small = await page.evaluate((min) => {
    const found: Small[] = []
    for (const element of document.querySelectorAll<HTMLElement>('a[href], button, input:not([type=hidden]), select, textarea, summary')) {
      let box = element.getBoundingClientRect()
      // Not rendered (a closed disclosure, a visually hidden skip link until it is focused).
      if (box.width <= 1 || box.height <= 1 || getComputedStyle(element).visibility === 'hidden') continue
      if (element instanceof HTMLInputElement && (element.type === 'checkbox' || element.type === 'radio')) {
        // Its target: a box the label stretches over (data-tap-target), or the label itself.
        const label = element.closest('label') ?? (element.id ? document.querySelector(`label[for="${element.id}"]`) : null)
        const target = element.closest('[data-tap-target]') ?? label
        if (target) box = target.getBoundingClientRect()
      }
      if (element instanceof HTMLAnchorElement) {
        const sentence = element.closest('p, li')
        if (sentence && sentence.textContent!.trim() !== element.textContent!.trim()) continue
      }
      if (box.width < min || box.height < min) {
        const text = (element.textContent || element.getAttribute('aria-label') || element.getAttribute('name') || element.tagName).trim()
        found.push({
          what: `${element.tagName.toLowerCase()} "${text.slice(0, 40)}"`,
          width: Math.round(box.width),
          height: Math.round(box.height),
        })
      }
    }
    return found
  }, MIN_TARGET)
  expect(small, `${where}: targets smaller than ${MIN_TARGET} × ${MIN_TARGET} px`).toEqual([])
}

let photos: Awaited<ReturnType<typeof makePhotos>>
test.beforeAll(async () => {
  photos = await makePhotos({ head_on: '#2f6fb0', inside_drivers: '#b05a2f', inside_passengers: '#3f9f4f' })
})
test.afterAll(() => photos.remove())

test('signup: the terms sit in a bounded box, so the checkbox and the button stay by the price', async ({ page }) => {
  await page.goto('/signup?planType=comprehensive')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expectPhoneFriendly(page, 'signup')
  const terms = page.getByRole('region', { name: 'Terms of Service' })
  expect((await terms.boundingBox())!.height).toBeLessThanOrEqual(330)
  // From the price to the Subscribe button is less than two screens, not the whole contract.
  const price = (await page.getByTestId('signup-price').boundingBox())!
  const subscribe = (await page.getByRole('button', { name: 'Subscribe Now' }).boundingBox())!
  expect(subscribe.y - price.y).toBeLessThan(2 * 812)
})

test('dashboard, setup wizard and claim form', async ({ page, signIn }) => {
  const customer = await signIn({ fullName: 'Robin Phone' })
  const { policy } = createActivePolicy(customer.id)
  createClaim(policy.id)
  const incomplete = createPolicy(customer.id)

  await page.goto('/customer')
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible()
  await expectPhoneFriendly(page, 'dashboard')

  await page.goto(`/customer/complete-policy?policy_id=${incomplete.id}`)
  await expect(page.getByText('Step 1 of 2')).toBeVisible()
  await expectPhoneFriendly(page, 'wizard, photos')
  for (const view of ['head_on', 'inside_drivers', 'inside_passengers'])
    await page.locator(`#photo-${view}`).setInputFiles(photos.photo(view))
  await page.getByRole('button', { name: 'Upload Photos' }).click()
  await expect(page.getByText('Step 2 of 2')).toBeVisible()
  await expectPhoneFriendly(page, 'wizard, vehicle')

  await page.goto(`/customer/submit-claim?policy_id=${policy.id}`)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expectPhoneFriendly(page, 'claim form')
})

test('operator tables become stacked cards: the response due is on screen', async ({ page, signIn }) => {
  await signIn({ email: 'operator@example.com' })
  const { policy } = createActivePolicy((await import('../support/factories')).createProfile().id)
  createClaim(policy.id)
  await page.goto('/admin/claims')
  await expect(page.getByTestId('queue-row').first()).toBeVisible()
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
  expect(overflow).toBeLessThanOrEqual(0)
  const due = page.getByTestId('queue-row').first().locator('td[data-label="Response due"]')
  await due.scrollIntoViewIfNeeded()
  await expect(due).toBeInViewport()
  const box = (await due.boundingBox())!
  expect(box.x + box.width).toBeLessThanOrEqual(375)
})

// A narrower phone than the project's: 360 px is the most common Android width.
const NARROW = { width: 360, height: 740 }

test("the operator's dashboard: chart labels read at 12 px or more, and a table wider than the screen says it scrolls", async ({
  page,
  signIn,
}) => {
  await signIn({ email: 'operator@example.com' })
  await page.goto('/admin')
  await expectNoSidewaysScroll(page, '/admin')
  // Each label's size on screen: its font size times the drawing's scale.
  const sizes = await page.evaluate(() =>
    [...document.querySelectorAll<SVGTextElement>('svg[role=img] text')]
      .filter((text) => text.getClientRects().length > 0 && text.textContent!.trim() !== '')
      .map((text) => ({ text: text.textContent!, px: text.getScreenCTM()!.a * Number(text.getAttribute('font-size')) })),
  )
  expect(sizes.length).toBeGreaterThan(0)
  expect(sizes.filter((label) => label.px < 12)).toEqual([])

  // Every table that scrolls sideways has its visible cue above it.
  const scrollers = page.locator('figure [role=region]')
  let overflowing = 0
  for (const scroller of await scrollers.all()) {
    const wider = await scroller.evaluate((element) => element.scrollWidth > element.clientWidth)
    if (!wider) continue
    overflowing++
    await expect(scroller.locator('xpath=..').getByTestId('scroll-cue')).toHaveText('Scroll sideways for more columns.')
  }
  // The policies-by-plan table (six columns) is one of them.
  expect(overflowing).toBeGreaterThan(0)
})

test('the plan documents fit a 360 px screen: the cancel address wraps', async ({ page, signIn }) => {
  await page.setViewportSize(NARROW)
  const customer = await signIn({ fullName: 'Robin Phone', email: `robin.a.very.long.address.${Date.now()}@example-phone-mail.com` })
  const { policy } = createActivePolicy(customer.id, { hasAdas: true })
  await page.goto(`/customer/policies/${policy.id}/contract`)
  await expect(page.getByRole('heading', { level: 1, name: 'Your plan documents' })).toBeVisible()
  // The sentence with the cancel address (one unbroken URL) is on the page, and the page does not scroll sideways.
  await expect(page.getByText(`/customer/policies/${policy.id}/cancel`)).toBeVisible()
  await expectNoSidewaysScroll(page, 'plan documents at 360 px')
})

test("the operator's customer page fits a 360 px screen: long audit details and e-mail rows wrap", async ({ page, signIn }) => {
  await page.setViewportSize(NARROW)
  await signIn({ email: 'operator@example.com' })
  const customer = createProfile({ email: `someone.with.a.rather.long.name.${Date.now()}@example-phone-mail.com` })
  const { policy } = createActivePolicy(customer.id)
  createClaim(policy.id)
  // An audit entry whose detail is one long JSON string with no spaces, and a real e-mail in the log.
  db()
    .insert(auditLog)
    .values({
      actor: 'system',
      action: 'profile.details_changed',
      entityType: 'profile',
      entityId: customer.id,
      detail: { from: { email: customer.email, phone: '+15551234567' }, to: { email: `new.${customer.email}`, reason: 'x'.repeat(80) } },
    })
    .run()
  expect(await sendSignInEmail(customer.email)).not.toBeNull()
  await page.goto(`/admin/customers/${customer.id}`)
  await expect(page.getByRole('heading', { name: 'Audit trail' })).toBeVisible()
  await expect(page.getByRole('region', { name: 'E-mails sent to this customer, newest first' }).getByText('login link')).toBeVisible()
  await expect(page.getByText('profile.details_changed')).toBeVisible()
  await expectNoSidewaysScroll(page, "operator's customer page at 360 px")
})

test('the header is short and opaque on a phone, signed out and signed in', async ({ page, signIn }) => {
  const expectCompactHeader = async (where: string) => {
    const header = page.getByTestId('site-header')
    const box = (await header.boundingBox())!
    expect(box.height, `${where}: header height`).toBeLessThanOrEqual(100)
    const background = await header.evaluate((element) => getComputedStyle(element).backgroundColor)
    // Opaque: rgb(…), or rgba(…) with alpha 1 — never the page showing through.
    expect(background, `${where}: header background`).toMatch(/^rgb\(|^rgba\(\d+, \d+, \d+, 1\)$/)
  }
  await page.goto('/')
  await expect(page.getByRole('link', { name: 'Sign up' }).first()).toBeVisible()
  await expectCompactHeader('signed out')
  // The account buttons share the logo's row; every section link is still reachable.
  const nav = page.getByRole('navigation', { name: 'Main' })
  const logo = (await nav.getByRole('link', { name: 'Glass Plan' }).boundingBox())!
  const signUp = (await nav.getByRole('link', { name: 'Sign up' }).boundingBox())!
  expect(Math.abs(signUp.y - logo.y)).toBeLessThan(10)
  for (const name of ['Benefits', 'How it works', 'Pricing', 'FAQ']) {
    const box = (await nav.getByRole('link', { name }).boundingBox())!
    expect(Math.min(box.width, box.height), `${name}: a 44 × 44 px target`).toBeGreaterThanOrEqual(MIN_TARGET)
  }
  await expectNoSidewaysScroll(page, 'landing')

  // At 320 px too.
  await page.setViewportSize({ width: 320, height: 568 })
  await expectCompactHeader('signed out at 320 px')
  await expectNoSidewaysScroll(page, 'landing at 320 px')

  await page.setViewportSize({ width: 375, height: 812 })
  const customer = await signIn({ fullName: 'Robin Phone' })
  createActivePolicy(customer.id)
  await page.goto('/customer')
  await expect(page.getByRole('heading', { name: /Welcome back/ })).toBeVisible()
  await expectCompactHeader('signed in')
})

test('the dashboard cards: the plan named with ADAS, the claim led by its code, ids never broken inside', async ({ page, signIn }) => {
  await page.setViewportSize(NARROW)
  const customer = await signIn({ fullName: 'Robin Phone' })
  const { policy } = createActivePolicy(customer.id, { hasAdas: true })
  const claim = createClaim(policy.id)
  await page.goto('/customer')
  const policyCard = page.locator(`[data-policy-id="${policy.id}"]`)
  await expect(policyCard.getByRole('heading', { name: 'Comprehensive — Car + ADAS' })).toBeVisible()
  const claimCard = page.locator(`[data-claim-id="${claim.id}"]`)
  await expect(claimCard.getByRole('heading', { level: 3 })).toHaveText(`Claim ${claim.confirmationCode}`)
  await expect(claimCard.getByTestId('claim-id')).toHaveText(claim.confirmationCode)
  await expect(claimCard.getByText('Comprehensive — Car + ADAS')).toBeVisible()
  // Each id is on one line (a broken id reads as two codes).
  for (const id of [
    page.getByText(`(${policy.policyNumber})`),
    policyCard.getByText(policy.policyNumber, { exact: true }),
    claimCard.getByTestId('claim-id'),
  ]) {
    const lines = await id.evaluate((element) => {
      const range = document.createRange()
      range.selectNodeContents(element)
      return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size
    })
    expect(lines).toBe(1)
  }
  await expectPhoneFriendly(page, 'dashboard at 360 px')
})
