import type { Page } from '@playwright/test'

import { expect, test } from '../support/e2e'
import { createActivePolicy, createClaim, createPolicy } from '../support/factories'
import { makePhotos } from '../support/photos'

/**
 * The customer journeys on a phone, 375 px wide (projects 'phone' and 'phone-js-off', issue 12 items 1 and 5): no page
 * scrolls sideways, and every control is a target of at least 44 × 44 px (WCAG 2.5.5). A checkbox or radio counts
 * with its label (tapping the label ticks it); a link inside a sentence is exempt, as WCAG allows.
 */

const MIN_TARGET = 44

type Small = { what: string; width: number; height: number }

async function expectPhoneFriendly(page: Page, where: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
  expect(overflow, `${where}: the page scrolls sideways by ${overflow} px`).toBeLessThanOrEqual(0)
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
