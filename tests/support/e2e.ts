import AxeBuilder from '@axe-core/playwright'
import { type BrowserContext, expect, type Page, test as base } from '@playwright/test'

import { createProfile, findOrCreateProfile, sessionCookieFor, uniqueEmail } from './factories'
import { outboxFor } from './outbox'

export { type OutboxEmail, outboxFor } from './outbox'
import type { Profile } from '~/db/schema'

type Fixtures = {
  /** True in the 'js-on' project. */
  javaScript: boolean
  /** Signs a customer in on this page's context (a real session row + cookie): a new one, or the one with the given e-mail. */
  signIn: (profile?: Partial<Profile>) => Promise<Profile>
}

export const test = base.extend<Fixtures>({
  // A distinct client address per test: per-IP rate limits then belong to the test that caused them.
  context: async ({ context }, use) => {
    await context.setExtraHTTPHeaders({ 'X-Forwarded-For': randomIp() })
    await use(context)
  },
  javaScript: async ({ javaScriptEnabled }, use) => {
    await use(javaScriptEnabled !== false)
  },
  signIn: async ({ context, baseURL }, use) => {
    await use(async (overrides = {}) => {
      // A given e-mail (e.g. the operator's) reuses that profile; otherwise a new customer.
      const profile = overrides.email
        ? findOrCreateProfile(overrides.email, overrides)
        : createProfile({ email: uniqueEmail(), ...overrides })
      await addSessionCookie(context, baseURL!, profile.id)
      return profile
    })
  },
})

export { expect }

export async function addSessionCookie(context: BrowserContext, baseURL: string, profileId: string) {
  const [name, value] = (await sessionCookieFor(profileId)).split('=') as [string, string]
  await context.addCookies([{ name, value, url: baseURL, httpOnly: true, sameSite: 'Lax' }])
}

export function randomIp() {
  return `10.${rand(255)}.${rand(255)}.${rand(254) + 1}`
}
function rand(n: number) {
  return Math.floor(Math.random() * n)
}

/** Waits for an e-mail to the address whose subject matches. */
export async function waitForEmail(to: string, subject: RegExp | string = /.*/, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const match = outboxFor(to).find((email) =>
      typeof subject === 'string' ? email.subject.includes(subject) : subject.test(email.subject),
    )
    if (match) return match
    if (Date.now() > deadline) throw new Error(`No e-mail to ${to} with subject ${subject} within ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 150))
  }
}

/** The toast the server rendered on this page. */
export function toast(page: Page) {
  return page.locator('[data-toast]')
}

/**
 * No serious or critical axe-core violations on this page. axe runs inside the page, so only in the projects where
 * JavaScript runs; the markup it checks is the same without JavaScript.
 */
export async function expectNoSeriousA11yViolations(page: Page) {
  if (base.info().project.use.javaScriptEnabled === false) return
  const results = await new AxeBuilder({ page }).analyze()
  const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
  expect(serious.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([])
}
